#pragma once
/// @file
/// Fingerprints of an input's content, which the processes of a job compare: each process loads
/// its own copy of the input (another host's copy may differ), and processes that map elements of
/// different inputs would mix them into one wrong result.

#include <cstdint>
#include <filesystem>
#include <span>

#include <pgasmr/datasets/text_input.hpp>

namespace pgasmr::apps {

/// A hash of the size and of 1024 runs of 64 bytes spread evenly over the content (all of it
/// when it is at most 64 KiB): inputs that differ throughout, such as files of the same sizes
/// made with other seeds, almost surely hash apart, for a thousand small reads at most. A
/// sample, not a proof: inputs that differ only between the samples hash alike.
std::uint64_t sampled_fingerprint(std::span<const std::byte> bytes);

/// The same over the files of `text` taken end to end.
std::uint64_t sampled_fingerprint(const datasets::TextInput& text);

/// The same over a file, mapped for the purpose.
std::uint64_t sampled_fingerprint(const std::filesystem::path& file);

/// One fingerprint of two parts, in order (A then B is not B then A).
std::uint64_t combined(std::uint64_t first, std::uint64_t second);

/// The same over an array of values, as bytes (a parsed input: points, a matrix).
template <class T>
std::uint64_t sampled_fingerprint(std::span<const T> values) {
  return sampled_fingerprint(std::as_bytes(values));
}

}  // namespace pgasmr::apps
