// pgasmr-bench-read: how long a plain read of an app's input takes once it is mapped and
// resident, the floor that bench/compare-apps sets each app's engine against (`help` below).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <pgasmr/datasets/input_files.hpp>
#include <pgasmr/datasets/mapped_file.hpp>

namespace {

namespace ds = pgasmr::datasets;

constexpr const char* usage = "usage: pgasmr-bench-read [--threads N] [--runs N] INPUT...\n";
constexpr const char* help =
    "How long a plain read of an app's input takes once it is mapped and resident: the floor that\n"
    "bench/compare-apps sets each app's engine against.\n"
    "\n"
    "INPUTs are files or directories (walked as the apps walk them). Every file is mapped with its\n"
    "pages populated, as the apps map theirs; then, per run, N threads each sum the 64-bit words of\n"
    "an equal share of all the bytes (files in order, one contiguous range per thread). Prints the\n"
    "median of the runs, \"read <seconds> s (<GB/s> GB/s) ...\", with the sum, so that the compiler\n"
    "cannot drop the loop.\n"
    "\n"
    "  --threads N   reading threads (default 1)\n"
    "  --runs N      runs, of which the median is printed (default 5)\n"
    "\n"
    "Exit status: 0 done, 1 an input that cannot be read, 2 a bad command line.\n";

/// A bad command line: exit status 2.
struct usage_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Sums the 64-bit words of `bytes` (a tail shorter than a word byte by byte).
std::uint64_t sum_words(std::span<const std::byte> bytes) {
  std::uint64_t lanes[4] = {};
  std::size_t i = 0;
  for (; i + 32 <= bytes.size(); i += 32)
    for (int lane = 0; lane < 4; ++lane) {
      std::uint64_t word;
      std::memcpy(&word, bytes.data() + i + 8 * lane, 8);
      lanes[lane] += word;
    }
  std::uint64_t sum = lanes[0] + lanes[1] + lanes[2] + lanes[3];
  for (; i < bytes.size(); ++i) sum += std::to_integer<std::uint64_t>(bytes[i]);
  return sum;
}

/// Sums bytes [first, last) of the files taken end to end.
std::uint64_t sum_range(const std::vector<ds::MappedFile>& files, std::uint64_t first, std::uint64_t last) {
  std::uint64_t sum = 0, offset = 0;
  for (const auto& file : files) {
    auto begin = std::max(first, offset), end = std::min(last, offset + file.size());
    if (begin < end) sum += sum_words(file.bytes().subspan(begin - offset, end - begin));
    offset += file.size();
  }
  return sum;
}

unsigned positive(std::string_view flag, const char* text) {
  unsigned value = 0;
  auto [end, error] = std::from_chars(text, text + std::strlen(text), value);
  if (error != std::errc() || *end != '\0' || value == 0)
    throw usage_error(std::string(flag) + " needs a positive whole number, not '" + text + "'");
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    unsigned threads = 1, runs = 5;
    std::vector<std::filesystem::path> operands;
    for (int i = 1; i < argc; ++i) {
      std::string_view arg = argv[i];
      if (arg == "-h" || arg == "--help") {
        std::printf("%s\n%s", usage, help);
        return 0;
      }
      if (arg == "--threads" || arg == "--runs") {
        if (i + 1 == argc) throw usage_error(std::string(arg) + " needs a value");
        (arg == "--threads" ? threads : runs) = positive(arg, argv[++i]);
      } else if (arg.starts_with("-")) {
        throw usage_error("unknown option '" + std::string(arg) + "'");
      } else {
        operands.emplace_back(arg);
      }
    }
    if (operands.empty()) throw usage_error("no INPUT");

    std::vector<ds::MappedFile> files;
    std::uint64_t total = 0;
    for (const auto& input : ds::collect_input_files(operands).files) {
      files.emplace_back(input.path, ds::Prefetch::populate);
      total += files.back().size();
    }

    std::vector<double> seconds;
    std::uint64_t checksum = 0;
    for (unsigned run = 0; run < runs; ++run) {
      std::vector<std::uint64_t> sums(threads);
      // Shares start at multiples of 64 bytes, so the checksum is the same for every N.
      auto share_start = [&](unsigned t) { return t == threads ? total : total * t / threads / 64 * 64; };
      auto start = std::chrono::steady_clock::now();
      {
        std::vector<std::jthread> workers;
        for (unsigned t = 0; t < threads; ++t)
          workers.emplace_back([&, t] { sums[t] = sum_range(files, share_start(t), share_start(t + 1)); });
      }
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      checksum = 0;
      for (auto sum : sums) checksum += sum;
    }
    std::ranges::sort(seconds);
    double median = seconds.size() % 2 ? seconds[seconds.size() / 2]
                                       : (seconds[seconds.size() / 2 - 1] + seconds[seconds.size() / 2]) / 2;
    std::printf("read %.4f s (%.1f GB/s) of %llu bytes, %u thread(s), checksum %llu\n", median,
                static_cast<double>(total) / median / 1e9, static_cast<unsigned long long>(total), threads,
                static_cast<unsigned long long>(checksum));
    return 0;
  } catch (const usage_error& e) {
    std::fprintf(stderr, "pgasmr-bench-read: %s\n%s", e.what(), usage);
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pgasmr-bench-read: %s\n", e.what());
    return 1;
  }
}
