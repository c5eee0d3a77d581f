#pragma once
// The automatic choice of algorithm between processes: a small table of measured cross-over
// points, by the shape of the leaders' traffic, the number of processes and the largest stream.
// The measurements and the command that repeats them are in docs/performance.md ("The automatic
// choice against every fixed one"): bench/tune-collectives --processes "2 4" (and --threads 2).

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <pgasmr/collectives/options.hpp>

namespace pgasmr::coll::detail {

/// How the leaders' traffic looks, as far as the choice goes.
enum class TrafficShape : std::uint8_t {
  broadcast,     // one process sends the same stream to every other
  personalized,  // a stream of its own per pair of processes (scatter, gather, allgather, exchange)
};

/// One row: traffic of `shape` among `least_processes` to `most_processes` processes whose
/// largest stream carries at most `largest_stream` bytes goes by `algorithm`.
struct TunedChoice {
  TrafficShape shape;
  std::size_t least_processes;
  std::size_t most_processes;
  std::size_t largest_stream;
  Algorithm algorithm;
};

inline constexpr std::size_t any_count = std::numeric_limits<std::size_t>::max();

/// The first row that applies wins; the last row of each shape applies to all its traffic.
/// Measured on 2 cores (Open MPI 4.1, shared-memory transport, shared segments off) at 2 x 1,
/// 4 x 1 and 2 x 2, 15 interleaved repetitions of every algorithm per cell, by medians and by
/// the fastest repetitions. Rows for more than 4 processes extend only what cannot get worse
/// with the count (fewer rounds for tiny streams).
inline constexpr std::array tuning_table{
    // Bruck's log2 P rounds against one MPI_Alltoallv's P - 1 messages per process: at 4
    // processes and 8-16 B per stream 8-15% faster for every personalized shape, at 64 B from
    // 6% behind to 23% ahead, at 256 B up to 1.5x behind; at 2 processes both are one message.
    TunedChoice{TrafficShape::personalized, 4, any_count, 64, Algorithm::bruck},
    // Between 2 processes, one MPI_Sendrecv of the packed stream against MPI_Alltoallv: up to
    // 1 KiB 3-16% faster (fastest repetitions at 2 x 1: allgather 8 B 1.09 against 1.15 us,
    // exchange 8 B 1.01 against 1.16, the in-place exchange 8 B 0.98 against 1.09; 2 x 2: 2-5%),
    // alike at 4 KiB, 1.4x slower at 16 KiB (the packing).
    TunedChoice{TrafficShape::personalized, 2, 2, 1 << 10, Algorithm::pairwise},
    // One MPI_Alltoallv, in place in the members' memory from 16 KiB of the busiest process's
    // traffic (the executor's least_direct_stream_bytes). Open MPI's own (native) is the same
    // call, and the binomial tree sends such traffic flat too; pairwise and Bruck pack every
    // byte and lose 1.5-8x from 64 KiB.
    TunedChoice{TrafficShape::personalized, 2, any_count, any_count, Algorithm::flat},
    // Between 2 processes up to 256 B, the tree's one MPI_Send was as fast as MPI_Bcast or faster
    // in every broadcast-shaped cell (broadcast, in place, and a gather's or scatter's one stream;
    // 64 B: 0.59-0.61 against 0.64-0.69 us), alike at 1-4 KiB, 2x slower at 16 KiB (its segments).
    TunedChoice{TrafficShape::broadcast, 2, 2, 256, Algorithm::binomial},
    // MPI_Bcast: at 4 processes up to 1 KiB 1.8-6.4 us against the flat all-to-all's 7-8, and
    // from 1 MiB as fast or faster (fastest repetitions: 1 MiB 206 against 271 us, 4 MiB 849
    // against 1156; on an earlier host the all-to-all won above 256 KiB, here it did not); at 2
    // processes alike but our binomial tree and the packing ones, 1.5-3x slower from 16 KiB.
    TunedChoice{TrafficShape::broadcast, 2, any_count, any_count, Algorithm::native},
};

/// The row that applies to such traffic, or nullptr (none does below 2 processes).
const TunedChoice* tuned_row(TrafficShape shape, std::size_t processes, std::size_t largest_stream);

/// The algorithm of that row (flat where none applies).
Algorithm tuned_algorithm(TrafficShape shape, std::size_t processes, std::size_t largest_stream);

}  // namespace pgasmr::coll::detail
