// The data paths: each type takes the path its kind calls for, and every value comes back
// unchanged, alone and in a stream of pairs; broken streams are refused.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <pgasmr/mapreduce/encoding.hpp>
#include <pgasmr/pgas/error.hpp>

namespace mr = pgasmr::mr;

namespace {

struct Point {  // trivially copyable: raw bytes
  double x;
  std::int32_t id;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Reading {  // not trivially copyable, Boost-serializable
  std::string sensor;
  std::vector<double> samples;
  std::map<std::string, int> tags;
  template <class Archive>
  void serialize(Archive& archive, unsigned) {
    archive & sensor & samples & tags;
  }
  friend bool operator==(const Reading&, const Reading&) = default;
};

static_assert(mr::data_path_of<int> == mr::DataPath::raw);
static_assert(mr::data_path_of<Point> == mr::DataPath::raw);
static_assert(mr::data_path_of<std::string> == mr::DataPath::length_prefixed);
static_assert(mr::data_path_of<std::string_view> == mr::DataPath::length_prefixed);
static_assert(mr::data_path_of<std::vector<std::uint16_t>> == mr::DataPath::length_prefixed);
static_assert(mr::data_path_of<Reading> == mr::DataPath::boost);
static_assert(mr::data_path_of<std::map<int, int>> == mr::DataPath::boost);

/// Encodes `value`, decodes it back, and checks the stream was consumed exactly.
template <class T>
T round_trip(const T& value, std::vector<std::byte>& bytes) {
  bytes.clear();
  mr::ByteWriter out(bytes);
  mr::encode<T>(out, value);
  mr::ByteReader in(bytes);
  T back = mr::decode<T>(in);
  EXPECT_TRUE(in.at_end());
  return back;
}

template <class T>
void expect_round_trip(const T& value) {
  std::vector<std::byte> bytes;
  EXPECT_EQ(round_trip(value, bytes), value);
}

TEST(Encoding, RawValues) {
  expect_round_trip(std::int8_t{-7});
  expect_round_trip(std::uint64_t{0xfedcba9876543210ULL});
  expect_round_trip(-0.125);
  expect_round_trip(Point{2.5, -3});
  std::vector<std::byte> bytes;
  round_trip(Point{1, 2}, bytes);
  EXPECT_EQ(bytes.size(), sizeof(Point));  // no framing on the raw path
}

TEST(Encoding, Strings) {
  expect_round_trip(std::string{});
  expect_round_trip(std::string("word"));
  expect_round_trip(std::string("with\0nul", 8));
  std::string long_string(3'000'000, 'x');  // a length of several LEB128 bytes
  long_string[1234567] = 'y';
  expect_round_trip(long_string);
  std::vector<std::byte> bytes;
  EXPECT_EQ(round_trip(std::string(127, 'a'), bytes).size(), 127u);
  EXPECT_EQ(bytes.size(), 128u);  // one length byte below 128
  round_trip(std::string(128, 'a'), bytes);
  EXPECT_EQ(bytes.size(), 130u);
}

TEST(Encoding, StringViewsPointIntoTheStream) {
  std::vector<std::byte> bytes;
  mr::ByteWriter out(bytes);
  mr::encode<std::string_view>(out, "");
  mr::encode<std::string_view>(out, "hello");
  mr::ByteReader in(bytes);
  EXPECT_EQ(mr::decode<std::string_view>(in), "");
  auto hello = mr::decode<std::string_view>(in);
  EXPECT_EQ(hello, "hello");
  auto* begin = reinterpret_cast<const char*>(bytes.data());
  EXPECT_TRUE(hello.data() >= begin && hello.data() < begin + bytes.size()) << "decoding copied the bytes";
}

TEST(Encoding, Vectors) {
  expect_round_trip(std::vector<std::uint16_t>{});
  expect_round_trip(std::vector<std::uint16_t>{1, 2, 65535});
  expect_round_trip(std::vector<Point>{{1, 2}, {3, 4}});
  expect_round_trip(std::vector<std::string>{"", "a", std::string(300, 'b')});
}

TEST(Encoding, BoostTypes) {
  expect_round_trip(Reading{});
  expect_round_trip(Reading{"probe-7", {1.5, -2.25, 1e300}, {{"site", 4}, {"", -1}}});
  expect_round_trip(std::map<int, std::string>{{1, "one"}, {-2, ""}});
  expect_round_trip(std::pair<std::string, int>{"k", 9});
  expect_round_trip(std::vector<Reading>{{"a", {}, {}}, {"b", {2}, {{"t", 1}}}});
}

TEST(Encoding, EncodedSizeIsWhatEncodeWritesOrZeroForBoostTypes) {
  auto written = [](const auto& value) {
    std::vector<std::byte> bytes;
    mr::ByteWriter out(bytes);
    mr::encode(out, value);
    return bytes.size();
  };
  auto expect_exact = [&](const auto& value) { EXPECT_EQ(mr::encoded_size(value), written(value)); };
  expect_exact(std::uint64_t{7});
  expect_exact(Point{1, 2});
  expect_exact(std::string{});
  expect_exact(std::string(127, 'a'));
  expect_exact(std::string(128, 'a'));  // two length bytes
  expect_exact(std::string_view("word"));
  expect_exact(std::vector<std::int64_t>(600, -1));
  expect_exact(std::vector<Point>{{1, 2}, {3, 4}});
  EXPECT_EQ(mr::encoded_size(std::vector<std::string>{"a"}), 0u);  // elements of varying size: unknown
  EXPECT_EQ(mr::encoded_size(Reading{"probe", {1.5}, {}}), 0u);
}

TEST(Encoding, PairStreams) {
  std::vector<mr::KeyValue<std::string, Reading>> pairs{{"", {}}, {"x", {"s", {1}, {}}}, {std::string(200, 'k'), {"t", {}, {{"a", 1}}}}};
  std::vector<std::byte> bytes;
  mr::ByteWriter out(bytes);
  for (const auto& p : pairs) mr::encode_pair(out, p.key, p.value);
  mr::ByteReader in(bytes);
  for (const auto& p : pairs) EXPECT_EQ((mr::decode_pair<std::string, Reading>(in)), p);
  EXPECT_TRUE(in.at_end());
}

TEST(Encoding, RefusesTruncatedStreams) {
  std::vector<std::byte> bytes;
  mr::ByteWriter out(bytes);
  mr::encode<std::string>(out, "truncated");
  mr::encode<std::vector<std::uint32_t>>(out, {1, 2, 3});
  mr::encode<Reading>(out, Reading{"r", {1, 2}, {}});
  auto whole = bytes.size();
  for (std::size_t cut : {std::size_t{0}, std::size_t{5}, whole - 1}) {
    mr::ByteReader in(std::span<const std::byte>(bytes).first(cut));
    EXPECT_THROW(
        {
          mr::decode<std::string>(in);
          mr::decode<std::vector<std::uint32_t>>(in);
          mr::decode<Reading>(in);
        },
        pgasmr::error)
        << "cut at " << cut;
  }
  std::vector<std::byte> endless(11, std::byte{0xff});  // a length that never ends
  mr::ByteReader in(endless);
  EXPECT_THROW(mr::decode<std::string>(in), pgasmr::error);
}

/// Replaces the 8-byte count just before `marker` in a Boost archive by `count`.
void set_count_before(std::vector<std::byte>& archive, std::span<const std::byte> marker, std::uint64_t expected,
                      std::uint64_t count) {
  auto at = std::search(archive.begin(), archive.end(), marker.begin(), marker.end());
  ASSERT_NE(at, archive.end());
  std::uint64_t stored = 0;
  std::memcpy(&stored, &*(at - 8), sizeof stored);
  ASSERT_EQ(stored, expected) << "the archive layout changed";
  std::memcpy(&*(at - 8), &count, sizeof count);
}

void expect_malformed(const std::vector<std::byte>& archive, const std::string& reason) {
  try {
    mr::detail::boost_decode<Reading>(archive);
    ADD_FAILURE() << "accepted: " << reason;
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("malformed Boost.Serialization archive"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
  }
}

// Found by tests/fuzz: Boost sizes a string or a vector by the count in the archive before it
// reads the elements, so a corrupted count made it allocate that much (or throw
// std::length_error past max_size). Counts beyond the archive's end are now refused first.
TEST(Encoding, RefusesBoostArchivesClaimingMoreThanTheyHold) {
  std::vector<std::byte> archive;
  mr::detail::boost_encode(archive, Reading{"sensor", {1.5}, {}});
  auto sample = 1.5;
  auto huge_vector = archive;
  set_count_before(huge_vector, std::as_bytes(std::span(&sample, 1)), 1, std::uint64_t{1} << 62);
  expect_malformed(huge_vector, "a count of 4611686018427387904 elements");
  auto long_string = archive;
  set_count_before(long_string, std::as_bytes(std::span("sensor", 6)), 6, std::uint64_t{1} << 40);
  expect_malformed(long_string, "a count of 1099511627776 string bytes");
  EXPECT_EQ(mr::detail::boost_decode<Reading>(archive), (Reading{"sensor", {1.5}, {}}));
}

TEST(Encoding, RefusesBoostArchivesWithABoolThatIsNeither0Nor1) {
  using Flagged = std::pair<bool, std::int32_t>;
  std::vector<std::byte> archive;
  mr::detail::boost_encode(archive, Flagged{true, 0x01020304});
  const std::int32_t number = 0x01020304;
  auto number_bytes = std::as_bytes(std::span(&number, 1));
  auto at = std::search(archive.begin(), archive.end(), number_bytes.begin(), number_bytes.end());
  ASSERT_NE(at, archive.begin());
  ASSERT_EQ(*(at - 1), std::byte{1}) << "the archive layout changed";
  *(at - 1) = std::byte{2};
  try {
    mr::detail::boost_decode<Flagged>(archive);
    ADD_FAILURE() << "a bool stored as 2 was accepted";
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("a bool stored as 2"), std::string::npos) << e.what();
  }
}

}  // namespace
