#pragma once
/// @file
/// A container's pairs as byte streams (encoding.hpp), whole or split by destination thread,
/// and back.

#include <cstddef>
#include <span>
#include <vector>

#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/detail/byte_transfer.hpp>
#include <pgasmr/mapreduce/encoding.hpp>
#include <pgasmr/mapreduce/reduce_mode.hpp>

namespace pgasmr::mr::detail {

/// Encoded pairs; `record_ends` is filled for Transfer::one_by_one only, and `per_destination`
/// (bytes for each thread, in thread order) by encode_partitioned only.
struct EncodedPairs {
  std::vector<std::byte> bytes;
  std::vector<std::size_t> record_ends;
  std::vector<std::size_t> per_destination;

  Outgoing outgoing() const { return {bytes, record_ends}; }
};

/// Room for every pair of `container` (exactly, but for Boost-encoded parts), so that the
/// stream is written without growing: growing copies it and touches fresh pages each time.
template <class C>
void reserve_for(std::vector<std::byte>& bytes, const C& container) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  if constexpr (data_path_of<K> == DataPath::raw && data_path_of<V> == DataPath::raw) {
    bytes.reserve(container.size() * (sizeof(K) + sizeof(V)));
  } else {
    std::size_t total = 0;
    container.for_each([&](const K& key, const V& value) { total += encoded_size(key) + encoded_size(value); });
    bytes.reserve(total);
  }
}

/// Every pair of `container` for which keep(key) holds, in its for_each order.
template <PairSource C, class Keep>
EncodedPairs encode_pairs(const C& container, Keep&& keep, Transfer transfer) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  EncodedPairs encoded;
  reserve_for(encoded.bytes, container);
  ByteWriter out(encoded.bytes);
  container.for_each([&](const K& key, const V& value) {
    if (!keep(key)) return;
    encode_pair(out, key, value);
    if (transfer == Transfer::one_by_one) encoded.record_ends.push_back(encoded.bytes.size());
  });
  return encoded;
}

template <PairSource C>
EncodedPairs encode_pairs(const C& container, Transfer transfer) {
  return encode_pairs(container, [](const auto&) { return true; }, transfer);
}

/// The pairs grouped by destination thread owner(key), in thread order.
template <Container C, class Owner>
EncodedPairs encode_partitioned(const C& container, Owner&& owner, int threads, Transfer transfer) {
  using K = typename C::key_type;
  using V = typename C::mapped_type;
  std::vector<EncodedPairs> runs(static_cast<std::size_t>(threads));
  container.for_each([&](const K& key, const V& value) {
    auto& run = runs[static_cast<std::size_t>(owner(key))];
    ByteWriter out(run.bytes);
    encode_pair(out, key, value);
    if (transfer == Transfer::one_by_one) run.record_ends.push_back(run.bytes.size());
  });
  EncodedPairs encoded;
  std::size_t total = 0;
  for (const auto& run : runs) total += run.bytes.size();
  encoded.bytes.reserve(total);
  for (const auto& run : runs) {
    auto start = encoded.bytes.size();
    encoded.bytes.insert(encoded.bytes.end(), run.bytes.begin(), run.bytes.end());
    for (auto end : run.record_ends) encoded.record_ends.push_back(start + end);
    encoded.per_destination.push_back(run.bytes.size());
  }
  return encoded;
}

/// fn(key, value) for every pair in `bytes`. Decoded string_views point into `bytes`.
template <class K, class V, class Fn>
void for_each_decoded(std::span<const std::byte> bytes, Fn&& fn) {
  ByteReader in(bytes);
  while (!in.at_end()) {
    auto pair = decode_pair<K, V>(in);
    fn(std::move(pair.key), std::move(pair.value));  // fn may take them over
  }
}

}  // namespace pgasmr::mr::detail
