#include <pgasmr/datasets/bmp.hpp>

#include <limits>
#include <string>

#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/in_quotes.hpp>

#include "bmp_format.hpp"

namespace pgasmr::datasets {
namespace {

namespace format = detail::bmp;

// Size arithmetic below stays far from overflow only with 64-bit sizes: a stride is at most
// 3 * 2^31 bytes, times at most 2^31 rows, < 2^64.
static_assert(sizeof(std::size_t) >= 8, "BMP size checks need a 64-bit std::size_t");

[[noreturn]] void refuse(std::string_view name, const std::string& reason) {
  throw input_error(in_quotes(name) + ": " + reason);
}

void require_header_bytes(std::span<const std::byte> file, std::string_view name, std::size_t needed) {
  if (file.size() < needed)
    refuse(name, "truncated BMP header (" + std::to_string(file.size()) + " bytes, the header needs " +
                     std::to_string(needed) + ")");
}

}  // namespace

std::uint64_t bmp_row_stride(std::uint32_t width) noexcept { return (std::uint64_t{width} * 3 + 3) / 4 * 4; }

std::uint64_t bmp_file_size(const BmpShape& shape) noexcept {
  return format::headers_bytes + bmp_row_stride(shape.width) * shape.height;
}

BmpView::BmpView(const std::uint8_t* pixels, std::uint32_t width, std::uint32_t height, bool top_down) noexcept
    : pixels_(pixels), width_(width), height_(height), row_stride_(bmp_row_stride(width)), top_down_(top_down) {}

BmpView BmpView::parse(std::span<const std::byte> file, std::string_view name) {
  if (file.size() < 2 || file[0] != std::byte{'B'} || file[1] != std::byte{'M'})
    throw input_error(in_quotes(name) + " is not a BMP file (it does not start with 'BM')");
  require_header_bytes(file, name, format::file_header_bytes + 4);
  auto dib_size = format::load_u32(file, format::dib_size_offset);
  if (!format::is_supported_dib_size(dib_size))
    refuse(name, "unsupported BMP header (a DIB header of " + std::to_string(dib_size) +
                     " bytes; BITMAPINFOHEADER and its V2-V5 extensions are supported)");
  require_header_bytes(file, name, format::file_header_bytes + dib_size);

  if (auto planes = format::load_u16(file, format::planes_offset); planes != 1)
    refuse(name, "unsupported BMP header (" + std::to_string(planes) + " colour planes, expected 1)");
  if (auto bits = format::load_u16(file, format::bits_offset); bits != 24)
    refuse(name, std::to_string(bits) + " bits per pixel; only 24-bit BMPs are supported");
  if (auto compression = format::load_u32(file, format::compression_offset); compression != format::bi_rgb)
    refuse(name, "compressed BMP (compression " + std::to_string(compression) +
                     "); only uncompressed (BI_RGB) BMPs are supported");

  auto width = format::load_i32(file, format::width_offset);
  auto height = format::load_i32(file, format::height_offset);
  if (width <= 0) refuse(name, "invalid width " + std::to_string(width) + " (must be positive)");
  // A height of -2^31 has no positive counterpart; 0 rows is no image.
  if (height == 0 || height == std::numeric_limits<std::int32_t>::min())
    refuse(name, "invalid height " + std::to_string(height));
  bool top_down = height < 0;
  auto rows = static_cast<std::uint32_t>(top_down ? -height : height);
  auto columns = static_cast<std::uint32_t>(width);

  auto pixel_offset = std::size_t{format::load_u32(file, format::pixel_offset_offset)};
  auto headers_end = format::file_header_bytes + dib_size;
  if (pixel_offset < headers_end)
    refuse(name, "pixel data offset " + std::to_string(pixel_offset) + " lies inside the " +
                     std::to_string(headers_end) + "-byte header");
  auto needed = bmp_row_stride(columns) * rows;
  if (pixel_offset > file.size())
    refuse(name, "pixel data offset " + std::to_string(pixel_offset) + " lies past the end of the " +
                     std::to_string(file.size()) + "-byte file");
  if (auto available = file.size() - pixel_offset; available < needed)
    refuse(name, "truncated pixel array (" + std::to_string(columns) + "x" + std::to_string(rows) + " needs " +
                     std::to_string(needed) + " bytes from offset " + std::to_string(pixel_offset) + ", the file has " +
                     std::to_string(available) + " there)");
  return BmpView(reinterpret_cast<const std::uint8_t*>(file.data()) + pixel_offset, columns, rows, top_down);
}

BmpFile open_bmp(const std::filesystem::path& path, Prefetch prefetch) {
  MappedFile file(path, prefetch);
  auto view = file.read_checked([&] { return BmpView::parse(file.bytes(), path.native()); });
  return BmpFile{std::move(file), view};
}

}  // namespace pgasmr::datasets
