#pragma once
/// @file
/// The histogram on the MapReduce engine: 768 counters in an array container with a sum
/// combiner. With BLOCK, the thesis's array-based map: one call per thread with its band of rows;
/// with the other distributions, an element-by-element map, one call per row, which counts the row
/// on its own and emits its 768 counts.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/pgas/context.hpp>

#include "common/job_timer.hpp"
#include "common/options.hpp"
#include "histogram/rgb_histogram.hpp"

namespace pgasmr::apps::histogram {

/// The mapped, validated image and its row numbers (the map's input elements), once per process.
struct ImageInput {
  datasets::BmpFile bmp;
  std::vector<std::uint32_t> rows;
};

/// Maps `path` (read in at once) and validates it. Throws datasets::input_error for a missing
/// file, a directory, or a file that is not a 24-bit uncompressed BMP or is truncated.
ImageInput load_image(const std::filesystem::path& path);

/// Collective: the histogram of `image` with the chosen distribution and reduce mode; laps "map"
/// and the reduce phases. `rows` are the map's elements, 0 .. height-1 in order (ImageInput's).
/// The whole result on thread 0, nothing elsewhere.
std::optional<RgbHistogram> histogram_engine(pgas::Context& me, const datasets::BmpView& image,
                                             std::span<const std::uint32_t> rows, const EngineChoice& choice,
                                             JobTimer& timer);

}  // namespace pgasmr::apps::histogram
