#pragma once
/// @file
/// The two baselines the engine's histogram is compared with.

#include <cstddef>

#include <pgasmr/datasets/bmp.hpp>

#include "histogram/rgb_histogram.hpp"

namespace pgasmr::apps::histogram {

/// One thread, one array of counters: the reference that --verify compares with.
RgbHistogram histogram_sequential(const datasets::BmpView& image);

/// Phoenix++'s design on `threads` std::threads: workers take bands of rows from a shared queue
/// and count into their own 768 counters (an array container with a sum combiner), which are
/// then added up.
RgbHistogram histogram_phoenix_like(const datasets::BmpView& image, std::size_t threads);

}  // namespace pgasmr::apps::histogram
