#pragma once
// The collectives that pgasmr-bench-coll and pgasmr-bench-mpi-coll sweep, and the sizes they
// sweep them at: one list, so that bench/compare-collectives finds the same names in both.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace pgasmr::bench {

/// The largest block a process or thread sends or receives: 16 MiB.
inline constexpr std::size_t max_bytes = std::size_t{16} << 20;

/// 4 B, 8 B, then x4 steps from 16 B to 16 MiB.
inline std::vector<std::size_t> sweep_sizes() {
  std::vector<std::size_t> result{4, 8};
  for (std::size_t bytes = 16; bytes <= max_bytes; bytes *= 4) result.push_back(bytes);
  return result;
}

enum class CollectiveKind : std::uint8_t {
  broadcast,
  broadcast_in_place_priv,
  scatter,
  gather,
  allgather,
  allgather_v_priv,
  exchange,
  exchange_in_place_priv,
  reduce,
  allreduce,
};

struct SweptCollective {
  CollectiveKind kind;
  std::string_view name;
  bool all_to_all;         // delivers n x n blocks per call (else n)
  std::size_t min_bytes;   // the reductions fold doubles
  bool open_mpi_has_it;    // MPI_Bcast is in place: the copying broadcast is its counterpart
};

inline constexpr std::array swept_collectives{
    SweptCollective{CollectiveKind::broadcast, "broadcast", false, 4, true},
    SweptCollective{CollectiveKind::broadcast_in_place_priv, "broadcast_in_place_priv", false, 4, false},
    SweptCollective{CollectiveKind::scatter, "scatter", false, 4, true},
    SweptCollective{CollectiveKind::gather, "gather", false, 4, true},
    SweptCollective{CollectiveKind::allgather, "allgather", true, 4, true},
    SweptCollective{CollectiveKind::allgather_v_priv, "allgather_v_priv", true, 4, true},
    SweptCollective{CollectiveKind::exchange, "exchange", true, 4, true},
    SweptCollective{CollectiveKind::exchange_in_place_priv, "exchange_in_place_priv", true, 4, true},
    SweptCollective{CollectiveKind::reduce, "reduce", false, 8, true},
    SweptCollective{CollectiveKind::allreduce, "allreduce", false, 8, true},
};

/// The bytes one call delivers among n members, the bandwidth's numerator: n blocks, or n x n
/// for the all-to-alls.
inline std::size_t delivered_bytes(const SweptCollective& collective, std::size_t bytes, std::size_t n) {
  return bytes * n * (collective.all_to_all ? n : 1);
}

}  // namespace pgasmr::bench
