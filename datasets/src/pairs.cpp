#include <pgasmr/datasets/pairs.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/output_file.hpp>

#include "random.hpp"

namespace pgasmr::datasets {
namespace {

constexpr std::uint64_t points_per_block = 1 << 16;

/// Uniform in [0, 1) with 53 random bits.
double unit(detail::Random& random) { return double(random.next() >> 11) * 0x1p-53; }

double make_x(detail::Random& random) {
  auto kind = random.below(64);
  if (kind == 0) return 0.0;
  if (kind == 1) return std::ldexp(double(random.below(1000) + 1), -1070);  // subnormal
  double magnitude = std::pow(10.0, double(random.below(13)) - 6);           // 1e-6 .. 1e6
  double x = unit(random) * magnitude;
  return random.below(2) ? -x : x;
}

void put_double(double value, std::byte* out) {
  auto bits = std::bit_cast<std::uint64_t>(value);
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::byte>(bits >> (8 * i));  // little-endian
}

}  // namespace

PairFormat parse_pair_format(std::string_view name) {
  if (name == "float64") return PairFormat::float64;
  if (name == "phoenix") return PairFormat::phoenix;
  throw std::invalid_argument("the pair format must be float64 or phoenix, got '" + std::string(name) + "'");
}

std::size_t count_points(std::span<const std::byte> bytes, PairFormat format, std::string_view name) {
  const auto record = pair_bytes(format);
  if (bytes.empty()) throw input_error(in_quotes(name) + " has no points (an empty file)");
  if (bytes.size() % record != 0)
    throw input_error(in_quotes(name) + " is not a whole number of " + std::to_string(record) + "-byte points (" +
                      std::to_string(bytes.size()) + " bytes)");
  return bytes.size() / record;
}

void generate_pairs(const std::filesystem::path& path, const PairsOptions& options, const Progress& progress) {
  if (options.points == 0) throw std::invalid_argument("the number of points must be at least 1");
  const auto record = pair_bytes(options.format);
  AtomicOutputFile out(path);
  std::vector<std::byte> block(points_per_block * record);
  for (std::uint64_t first = 0; first < options.points; first += points_per_block) {
    auto count = std::min(points_per_block, options.points - first);
    // A stream per block: blocks do not depend on one another.
    detail::Random random(options.seed, first / points_per_block);
    for (std::uint64_t i = 0; i < count; ++i) {
      auto* at = block.data() + i * record;
      if (options.format == PairFormat::phoenix) {
        auto x = static_cast<int>(random.below(256)) - 128;
        auto y = std::clamp(x / 2 + 5 + static_cast<int>(random.below(21)) - 10, -128, 127);
        at[0] = static_cast<std::byte>(static_cast<signed char>(x));
        at[1] = static_cast<std::byte>(static_cast<signed char>(y));
      } else {
        double x = make_x(random);
        double y = 3 * x + 5 + (unit(random) - 0.5) * (1 + std::fabs(x) / 10);
        put_double(x, at);
        put_double(y, at + 8);
      }
    }
    out.write(std::span<const std::byte>(block.data(), count * record));
    if (progress) progress(out.size(), options.points * record);
  }
  out.commit();
}

}  // namespace pgasmr::datasets
