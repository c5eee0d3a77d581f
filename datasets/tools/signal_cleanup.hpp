#pragma once
// pgasmr-datagen stopped by Ctrl-C, kill or a closed terminal leaves no `NAME.tmp-*` behind.

namespace pgasmr::datasets::datagen {

/// On SIGINT, SIGTERM and SIGHUP (each unless the process started ignoring it, as under nohup):
/// removes the temporary outputs being written (remove_temporary_outputs()), then ends the
/// process by the same signal, so that its parent sees why it ended.
void remove_temporary_outputs_on_signals();

}  // namespace pgasmr::datasets::datagen
