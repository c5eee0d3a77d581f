#pragma once
/// @file
/// The two baselines the engine's histogram is compared with.

#include <cstddef>

#include <pgasmr/datasets/bmp.hpp>

#include "histogram/rgb_histogram.hpp"

namespace pgasmr::apps::histogram {

/// One thread, one array of counters: the reference that --verify compares with.
RgbHistogram histogram_sequential(const datasets::BmpView& image);

/// Phoenix++'s histogram on `threads` std::threads: the map's elements are the pixels, in tasks
/// from Phoenix++'s queue (phoenix_like_tasks.hpp); the map of a pixel emits its three bins into
/// the worker's array container of 768 sum combiners; the reduce adds each bin up over the
/// workers, and MapReduceSort's merge sorts the bins. Unlike Phoenix++, which takes the pixel
/// array for a run of pixels, each row's padding is skipped: padding bytes are not pixels.
RgbHistogram histogram_phoenix_like(const datasets::BmpView& image, std::size_t threads);

}  // namespace pgasmr::apps::histogram
