#include <pgasmr/datasets/points.hpp>

#include <charconv>
#include <stdexcept>
#include <string>

#include <pgasmr/datasets/output_file.hpp>

#include "random.hpp"

namespace pgasmr::datasets {
namespace {

// Points are formatted into chunks of about this size (and progress reported per chunk).
constexpr std::size_t chunk_bytes = std::size_t{1} << 20;
// Independent random streams of one seed.
constexpr std::uint64_t centre_stream = 1;
constexpr std::uint64_t noise_stream = 2;

/// Uniform in [-range, range].
std::int64_t centred(detail::Random& random, std::int64_t range) {
  return static_cast<std::int64_t>(random.below(static_cast<std::uint32_t>(2 * range + 1))) - range;
}

void check(const PointsOptions& options) {
  if (options.points == 0) throw std::invalid_argument("points: the number of points must be at least 1");
  if (options.dimensions == 0) throw std::invalid_argument("points: the number of dimensions must be at least 1");
  if (options.clusters == 0 || options.clusters > options.points)
    throw std::invalid_argument("points: the number of clusters must be from 1 to the number of points");
  if (options.spread < 0 || options.spread > largest_spread)
    throw std::invalid_argument("points: the spread must be from 0 to " + std::to_string(largest_spread));
}

void append_integer(std::string& text, std::int64_t value) {
  char digits[24];
  auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  text.append(digits, end);
}

}  // namespace

std::vector<std::int64_t> cluster_centres(const PointsOptions& options) {
  check(options);
  detail::Random random(options.seed, centre_stream);
  std::vector<std::int64_t> centres(options.clusters * options.dimensions);
  for (auto& coordinate : centres) coordinate = centred(random, centre_range);
  return centres;
}

void generate_points(const std::filesystem::path& path, const PointsOptions& options, const Progress& progress) {
  const auto centres = cluster_centres(options);  // checks the options before creating the file
  detail::Random noise(options.seed, noise_stream);
  AtomicOutputFile out(path);
  std::string chunk;
  chunk.reserve(chunk_bytes + 32 * options.dimensions);
  for (std::uint64_t i = 0; i < options.points;) {
    chunk.clear();
    for (; i < options.points && chunk.size() < chunk_bytes; ++i) {
      const auto* centre = &centres[i % options.clusters * options.dimensions];
      for (std::uint64_t d = 0; d < options.dimensions; ++d) {
        if (d > 0) chunk += ',';
        append_integer(chunk, centre[d] + centred(noise, options.spread));
      }
      chunk += '\n';
    }
    out.write(chunk);
    if (progress && i < options.points)
      progress(out.size(), static_cast<std::uint64_t>(static_cast<double>(out.size()) / static_cast<double>(i) *
                                                      static_cast<double>(options.points)));
  }
  out.commit();
  if (progress) progress(out.size(), out.size());
}

}  // namespace pgasmr::datasets
