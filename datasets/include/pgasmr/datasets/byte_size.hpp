#pragma once
/// @file
/// Sizes as people type them on command lines: "4096", "64K", "200M", "2G" (powers of 1024).

#include <cstdint>
#include <string>
#include <string_view>

namespace pgasmr::datasets {

/// Digits with an optional K, M, G or T suffix (either case, 2^10 .. 2^40). Throws
/// std::invalid_argument naming the text for anything else or a size above 2^64-1.
std::uint64_t parse_byte_size(std::string_view text);

/// A size for people: "512 B", "1.5 KiB", "200.0 MiB", "3.2 GiB".
std::string format_byte_size(std::uint64_t bytes);

}  // namespace pgasmr::datasets
