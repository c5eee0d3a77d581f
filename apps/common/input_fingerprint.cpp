#include "common/input_fingerprint.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <string_view>

#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/mapreduce/hash.hpp>

namespace pgasmr::apps {
namespace {

constexpr std::uint64_t samples = 1024, sample_bytes = 64;

/// `read(offset, bytes)` returns the content's bytes [offset, offset + bytes).
std::uint64_t fingerprint_of(std::uint64_t size,
                             const std::function<std::string_view(std::uint64_t, std::uint64_t)>& read) {
  std::uint64_t hash = mr::hash<std::uint64_t>{}(size);
  const bool whole = size <= samples * sample_bytes;  // then the runs tile the content
  const std::uint64_t count = whole ? (size + sample_bytes - 1) / sample_bytes : samples;
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t offset = whole ? k * sample_bytes : size / count * k;
    const auto run = read(offset, std::min(sample_bytes, size - offset));
    hash = mr::hash_bytes(run.data(), run.size(), hash);
  }
  return hash;
}

}  // namespace

std::uint64_t sampled_fingerprint(std::span<const std::byte> bytes) {
  return fingerprint_of(bytes.size(), [&](std::uint64_t offset, std::uint64_t size) {
    return std::string_view(reinterpret_cast<const char*>(bytes.data()) + offset, size);
  });
}

std::uint64_t sampled_fingerprint(const datasets::TextInput& text) {
  const auto& files = text.files();
  std::string buffer, run;
  std::size_t file = 0;
  std::uint64_t file_start = 0;  // of `file`, in the content taken end to end
  return fingerprint_of(text.total_bytes(), [&](std::uint64_t offset, std::uint64_t size) {
    run.clear();
    while (size > 0) {  // a run may go on into the next files
      while (offset >= file_start + files[file].size) file_start += files[file++].size;  // offsets ascend
      const std::uint64_t at = offset - file_start, bytes = std::min(size, files[file].size - at);
      run += text.text({static_cast<std::uint32_t>(file), at, bytes}, buffer);
      offset += bytes;
      size -= bytes;
    }
    return std::string_view(run);
  });
}

std::uint64_t combined(std::uint64_t first, std::uint64_t second) {
  return mr::hash<std::uint64_t>{}(mr::hash<std::uint64_t>{}(first) ^ second);
}

std::uint64_t sampled_fingerprint(const std::filesystem::path& file) {
  const datasets::MappedFile mapped(file);
  return sampled_fingerprint(mapped.bytes());
}

}  // namespace pgasmr::apps
