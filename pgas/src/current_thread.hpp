#pragma once
// The PGAS thread id of the calling OS thread, so that errors can name it without a Context.

#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas::detail {

/// -1 outside Runtime::run.
thread_id current_thread() noexcept;
void set_current_thread(thread_id) noexcept;

}  // namespace pgasmr::pgas::detail
