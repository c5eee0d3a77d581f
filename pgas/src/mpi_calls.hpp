#pragma once
// What the MPI transport's parts share: MPI calls checked into pgasmr::error, transfers cut
// into MPI's int counts, and where a communicator's ranks are in MPI_COMM_WORLD.

#include <mpi.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace pgasmr::pgas::detail {

/// Throws pgasmr::error naming `call` and MPI's text for `code`, unless it is MPI_SUCCESS.
void check(int code, const char* call);

/// As check, for the calls that allocate a window of `bytes` per process: the usual cause is
/// the size, which MPI's error text does not tell.
void check_allocation(int code, const char* call, MPI_Aint bytes);

/// MPI counts are ints: move larger transfers in pieces.
template <class Transfer>
void in_pieces(std::size_t bytes, Transfer transfer) {
  constexpr std::size_t piece = std::size_t{1} << 30;
  for (std::size_t done = 0; done < bytes; done += piece) transfer(done, static_cast<int>(std::min(piece, bytes - done)));
}

/// The rank in MPI_COMM_WORLD of each rank of `comm` (of `size` ranks).
std::vector<int> world_ranks_of(MPI_Comm comm, int size);

}  // namespace pgasmr::pgas::detail
