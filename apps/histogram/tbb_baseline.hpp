#pragma once
/// @file
/// What a C++ programmer would write instead of the engine: oneTBB's parallel_reduce.

#include <cstddef>

#include <pgasmr/datasets/bmp.hpp>

#include "histogram/rgb_histogram.hpp"

namespace pgasmr::apps::histogram {

/// tbb::parallel_reduce over bands of rows in an arena of `threads` threads, each task adding
/// into its own 768 counters, joined by addition.
RgbHistogram histogram_tbb(const datasets::BmpView& image, std::size_t threads);

}  // namespace pgasmr::apps::histogram
