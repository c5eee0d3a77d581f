#pragma once
// The process groups of teams over MPI: one communicator each, its collective calls noted for
// the liveness watch.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <optional>

#include <pgasmr/pgas/process_group.hpp>

namespace pgasmr::pgas::detail {

/// The `serial`-th group of every process of MPI_COMM_WORLD that this process makes (each
/// process makes them in the same order: the serial tells them apart).
std::unique_ptr<ProcessGroup> make_world_group(std::uint64_t serial);

/// For the liveness watch: the collective calls this process has begun on its one live group
/// whose id has these low 32 bits; nullopt when it has none such, or several.
std::optional<std::uint64_t> collective_calls_begun(std::uint32_t group_id_low_bits);

}  // namespace pgasmr::pgas::detail
