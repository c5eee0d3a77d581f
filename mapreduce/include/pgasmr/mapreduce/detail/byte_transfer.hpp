#pragma once
/// @file
/// The communication of apply_reduce, on bytes: the encoded pair streams of every thread go
/// where the reduce mode says. Compiled once (src/byte_transfer.cpp) for every key and value type.

#include <cstddef>
#include <span>
#include <vector>

#include <pgasmr/mapreduce/reduce_mode.hpp>
#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {
class Context;
}

namespace pgasmr::mr::detail {

/// One thread's encoded pairs. `record_ends` (only read by Transfer::one_by_one) holds where
/// each pair ends, so that pairs can be sent one at a time.
struct Outgoing {
  std::span<const std::byte> bytes;
  std::span<const std::size_t> record_ends;
};

/// Every thread's bytes, concatenated in thread order, on every thread. Collective.
std::vector<std::byte> allgather_bytes(pgas::Context&, Outgoing, Transfer);

/// Every thread's bytes, concatenated in thread order, at `root`; empty elsewhere. Collective.
std::vector<std::byte> gather_bytes(pgas::Context&, Outgoing, pgas::thread_id root, Transfer);

/// `out.bytes` holds one run per destination thread, in thread order, of the sizes
/// `per_destination` (THREADS entries); returns the runs that every thread sent to the caller,
/// concatenated in sender order. Collective.
std::vector<std::byte> exchange_bytes(pgas::Context&, Outgoing, std::span<const std::size_t> per_destination, Transfer);

}  // namespace pgasmr::mr::detail
