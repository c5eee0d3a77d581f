// The integer CSV reader: the forms a field may take, line endings, the limits of 64 bits, and
// every refusal naming the file and line.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/integer_table.hpp>

#include "scratch_dir.hpp"

namespace {

namespace ds = pgasmr::datasets;
using pgasmr::test::expect_throw_containing;
using pgasmr::test::ScratchDir;

ds::IntegerTable parse(const std::string& text) { return ds::parse_integer_csv(text, "m.csv"); }

void expect_refused(const std::string& text, const std::string& message) {
  SCOPED_TRACE(testing::PrintToString(text));
  expect_throw_containing<ds::input_error>([&] { parse(text); }, message);
}

TEST(IntegerCsv, RowsAndColumns) {
  auto table = parse("1,2,3\n4,5,6\n");
  EXPECT_EQ(table.rows, 2u);
  EXPECT_EQ(table.columns, 3u);
  EXPECT_EQ(table.values, (std::vector<std::int64_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(std::vector<std::int64_t>(table.row(1).begin(), table.row(1).end()), (std::vector<std::int64_t>{4, 5, 6}));
}

TEST(IntegerCsv, SignsAndBlanksAroundFields) {
  auto table = parse("-7,+8, 9 ,\t-10\t, +0 ,-0");
  EXPECT_EQ(table.values, (std::vector<std::int64_t>{-7, 8, 9, -10, 0, 0}));
  EXPECT_EQ(table.columns, 6u);
}

TEST(IntegerCsv, LineEndings) {
  const std::vector<std::int64_t> expected = {1, 2, 3, 4};
  for (const std::string text : {"1,2\n3,4\n", "1,2\r\n3,4\r\n", "1,2\n3,4", "1,2\r\n3,4", "1,2 \r\n3,4\r"}) {
    SCOPED_TRACE(testing::PrintToString(text));
    auto table = parse(text);
    EXPECT_EQ(table.rows, 2u);
    EXPECT_EQ(table.values, expected);
  }
}

TEST(IntegerCsv, SingleValue) {
  auto table = parse("42");
  EXPECT_EQ(table.rows, 1u);
  EXPECT_EQ(table.columns, 1u);
  EXPECT_EQ(table.values, std::vector<std::int64_t>{42});
}

TEST(IntegerCsv, LimitsOf64Bits) {
  auto table = parse("-9223372036854775808,9223372036854775807,+9223372036854775807\n");
  EXPECT_EQ(table.values, (std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(),
                                                      std::numeric_limits<std::int64_t>::max(),
                                                      std::numeric_limits<std::int64_t>::max()}));
}

TEST(IntegerCsv, OutOfRange) {
  expect_refused("1\n9223372036854775808\n", "'m.csv' line 2: '9223372036854775808' does not fit in 64 bits");
  expect_refused("-9223372036854775809", "line 1: '-9223372036854775809' does not fit in 64 bits");
  expect_refused("1,+99999999999999999999999", "line 1: '+99999999999999999999999' does not fit in 64 bits");
}

TEST(IntegerCsv, NotIntegers) {
  for (const std::string field :
       {"x1", "1x", "1.5", "1e3", "0x10", "--1", "+-1", "-+1", "++1", "-", "+", "1 2", "+ 1", "- 1"}) {
    expect_refused("0,0\n0," + field + "\n", "'m.csv' line 2: '" + field + "' is not an integer");
  }
}

TEST(IntegerCsv, ControlBytesAreEscapedInTheMessage) {
  // A NUL would cut the message short where it is printed, a CR send the cursor back over it.
  expect_refused(std::string("1,2\n3,4\0\n", 9), "'m.csv' line 2: '4\\x00' is not an integer");
  expect_refused("1,2\r\r\n", "'m.csv' line 1: '2\\r' is not an integer");
  expect_refused("1,\x1b[2J\n", "'\\x1b[2J' is not an integer");
}

TEST(IntegerCsv, ByteOrderMarkIsNamed) {
  // Spreadsheets save "CSV UTF-8" with a byte-order mark, which a terminal does not show:
  // "'1' is not an integer" would be a riddle.
  expect_refused("\xef\xbb\xbf" "1,2\n3,4\n",
                 "'m.csv' line 1: the file starts with a UTF-8 byte-order mark (bytes EF BB BF)");
}

TEST(IntegerCsv, EmptyFields) {
  expect_refused("1,,2", "'m.csv' line 1: an empty field");
  expect_refused("1,2\n1,", "line 2: an empty field");
  expect_refused("1,2\n,1", "line 2: an empty field");
  expect_refused("1,2\n1, \t", "line 2: an empty field");
}

TEST(IntegerCsv, EmptyLines) {
  expect_refused("1\n\n2\n", "'m.csv' line 2: an empty line");
  expect_refused("1\n2\n\n", "line 3: an empty line");
  expect_refused("1\n \t\r\n2", "line 2: an empty line");
  expect_refused("\n", "line 1: an empty line");
}

TEST(IntegerCsv, WrongFieldCount) {
  expect_refused("1,2\n3,4\n5\n", "'m.csv' line 3: 1 fields where the first line has 2");
  expect_refused("1\n2,3", "line 2: 2 fields where the first line has 1");
}

TEST(IntegerCsv, NoRows) { expect_refused("", "'m.csv' has no rows"); }

TEST(IntegerCsv, ReadsFiles) {
  ScratchDir dir;
  pgasmr::test::write_file(dir / "m.csv", "1, 2\r\n-3, 4\r\n");
  auto table = ds::read_integer_csv(dir / "m.csv");
  EXPECT_EQ(table.values, (std::vector<std::int64_t>{1, 2, -3, 4}));

  pgasmr::test::write_file(dir / "empty.csv", "");
  const auto empty = (dir / "empty.csv").string();
  expect_throw_containing<ds::input_error>([&] { ds::read_integer_csv(empty); }, "'" + empty + "' has no rows");
  pgasmr::test::write_file(dir / "bad.csv", "1\n2\nz\n");
  const auto bad = (dir / "bad.csv").string();
  expect_throw_containing<ds::input_error>([&] { ds::read_integer_csv(bad); }, "'" + bad + "' line 3: 'z'");
  expect_throw_containing<ds::input_error>([&] { ds::read_integer_csv(dir / "absent.csv"); }, "cannot open");
  expect_throw_containing<ds::input_error>([&] { ds::read_integer_csv(dir.path()); }, "is a directory");
}

}  // namespace
