// How messages and reports show names and pieces of inputs.

#include <gtest/gtest.h>

#include <string>

#include <pgasmr/datasets/in_quotes.hpp>

namespace ds = pgasmr::datasets;

TEST(InQuotes, ControlBytesAreEscapedPrintableOnesKept) {
  EXPECT_EQ(ds::escaped(std::string("a\tb\r\nc\0d\x1b[2J\x7f", 13)), "a\\tb\\r\\nc\\x00d\\x1b[2J\\x7f");
  EXPECT_EQ(ds::escaped("caf\xc3\xa9 'x' \\"), "caf\xc3\xa9 'x' \\");
  EXPECT_EQ(ds::escaped(""), "");
  EXPECT_EQ(ds::in_quotes(std::string("m.csv\n")), "'m.csv\\n'");
}

TEST(InQuotes, ExcerptsCutLongTextsAndSaySo) {
  EXPECT_EQ(ds::excerpt("short\n"), "short\\n");
  EXPECT_EQ(ds::excerpt(std::string(100, 'w')), std::string(100, 'w'));
  EXPECT_EQ(ds::excerpt(std::string(5'000'000, 'w')), std::string(100, 'w') + "... (5000000 bytes)");
  EXPECT_EQ(ds::excerpt("a\tbcd", 2), "a\\t... (5 bytes)");
}
