#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include <pgasmr/datasets/byte_size.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;

TEST(ByteSize, parses_plain_numbers_and_binary_suffixes) {
  EXPECT_EQ(ds::parse_byte_size("0"), 0u);
  EXPECT_EQ(ds::parse_byte_size("4096"), 4096u);
  EXPECT_EQ(ds::parse_byte_size("64K"), 64u * 1024);
  EXPECT_EQ(ds::parse_byte_size("64k"), 64u * 1024);
  EXPECT_EQ(ds::parse_byte_size("200M"), 200u * 1024 * 1024);
  EXPECT_EQ(ds::parse_byte_size("2g"), std::uint64_t{2} << 30);
  EXPECT_EQ(ds::parse_byte_size("3T"), std::uint64_t{3} << 40);
}

TEST(ByteSize, refuses_anything_else_naming_the_text) {
  for (std::string text : {"", "K", "12X", "-1", "+1", "1.5M", " 5", "5 ", "16777216T", "18446744073709551616"})
    pgasmr::test::expect_throw_containing<std::invalid_argument>([&] { ds::parse_byte_size(text); },
                                                                 "invalid size '" + text + "'");
}

TEST(ByteSize, formats_for_people) {
  EXPECT_EQ(ds::format_byte_size(0), "0 B");
  EXPECT_EQ(ds::format_byte_size(1023), "1023 B");
  EXPECT_EQ(ds::format_byte_size(1536), "1.5 KiB");
  EXPECT_EQ(ds::format_byte_size(200u << 20), "200.0 MiB");
  EXPECT_EQ(ds::format_byte_size(std::uint64_t{5} << 30), "5.0 GiB");
}

}  // namespace
