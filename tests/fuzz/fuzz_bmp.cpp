// The BMP reader on any bytes: a clean input_error or a view whose every pixel can be read.

#include <cstdint>
#include <cstdlib>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/error.hpp>

#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace ds = pgasmr::datasets;
  try {
    auto view = ds::BmpView::parse(pgasmr::fuzz::as_bytes(data, size), "fuzz.bmp");
    // Touching every byte lets AddressSanitizer catch a view larger than the input.
    unsigned sum = 0;
    for (auto byte : view.pixel_bytes()) sum += byte;
    for (std::uint32_t y = 0; y < view.height(); ++y)
      if (view.row(y).size() != std::size_t{view.width()} * 3) std::abort();
    if (view.pixel_bytes().size() > size) std::abort();
    volatile unsigned sink = sum;
    (void)sink;
  } catch (const ds::input_error&) {
  }
  return 0;
}
