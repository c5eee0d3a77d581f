// pgasmr-bench-read: how long a plain read of an app's input takes once it is mapped and
// resident, the floor that bench/compare-apps sets each app's engine against (`help` below).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/input_files.hpp>

namespace {

namespace ds = pgasmr::datasets;

constexpr const char* usage = "usage: pgasmr-bench-read [--threads N] [--runs N] [--] INPUT...\n";
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
    "  --threads N   reading threads (default 1, at most 4096)\n"
    "  --runs N      runs, of which the median is printed (default 5)\n"
    "  --            the end of the options: the arguments after it are INPUTs\n"
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

/// A file mapped read-only with its pages populated and touched, as ds::MappedFile maps the
/// apps' inputs, but with its descriptor closed at once: MappedFile keeps its own open to watch
/// for changes, which a benchmark of thousands of files (beyond the open-file limit) cannot.
class ResidentFile {
 public:
  explicit ResidentFile(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // a FIFO: no wait
    if (fd < 0) fail("cannot open", path, errno);
    struct stat status {};
    if (::fstat(fd, &status) != 0) {
      const int error = errno;
      ::close(fd);
      fail("cannot stat", path, error);
    }
    if (!S_ISREG(status.st_mode)) {
      ::close(fd);
      throw std::runtime_error(ds::in_quotes(path) + " is not a regular file");
    }
    size_ = static_cast<std::size_t>(status.st_size);
    void* address = size_ == 0 ? nullptr : ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    const int error = errno;
    ::close(fd);
    if (address == MAP_FAILED) fail("cannot map", path, error);
    data_ = static_cast<const std::byte*>(address);
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    volatile std::byte sink{};  // see MappedFile::touch_every_page
    for (std::size_t at = 0; at < size_; at += page) sink = data_[at];
    (void)sink;
  }
  ResidentFile(ResidentFile&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  ResidentFile& operator=(ResidentFile&&) = delete;
  ~ResidentFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
  }

  std::size_t size() const { return size_; }
  std::span<const std::byte> bytes() const { return {data_, size_}; }

 private:
  [[noreturn]] static void fail(const char* what, const std::filesystem::path& path, int error) {
    throw std::runtime_error(std::string(what) + " " + ds::in_quotes(path) + ": " +
                             std::generic_category().message(error));
  }

  const std::byte* data_ = nullptr;
  std::size_t size_ = 0;
};

/// Sums bytes [first, last) of the files taken end to end.
std::uint64_t sum_range(const std::vector<ResidentFile>& files, std::uint64_t first, std::uint64_t last) {
  std::uint64_t sum = 0, offset = 0;
  for (const auto& file : files) {
    auto begin = std::max(first, offset), end = std::min(last, offset + file.size());
    if (begin < end) sum += sum_words(file.bytes().subspan(begin - offset, end - begin));
    offset += file.size();
  }
  return sum;
}

/// A count of at most `most` (threads: more than the system starts for one program is no read).
unsigned positive(std::string_view flag, const char* text, unsigned most) {
  unsigned value = 0;
  auto [end, error] = std::from_chars(text, text + std::strlen(text), value);
  if (error == std::errc::result_out_of_range || (error == std::errc() && *end == '\0' && value > most))
    throw usage_error(std::string(flag) + " takes at most " + std::to_string(most) + ", not '" + text + "'");
  if (error != std::errc() || *end != '\0' || value == 0)
    throw usage_error(std::string(flag) + " needs a positive whole number, not '" + text + "'");
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    unsigned threads = 1, runs = 5;
    std::set<std::string_view> given;
    std::vector<std::filesystem::path> operands;
    bool options_end = false;
    for (int i = 1; i < argc; ++i) {
      std::string_view arg = argv[i];
      if (options_end || arg == "-" || !arg.starts_with("-")) {
        operands.emplace_back(arg);
      } else if (arg == "--") {
        options_end = true;
      } else if (arg == "-h" || arg == "--help") {
        std::printf("%s\n%s", usage, help);
        return 0;
      } else if (arg == "--threads" || arg == "--runs") {
        if (!given.insert(arg).second) throw usage_error(std::string(arg) + " is given twice");
        if (i + 1 == argc) throw usage_error(std::string(arg) + " needs a value");
        if (arg == "--threads")
          threads = positive(arg, argv[++i], 4096);
        else
          runs = positive(arg, argv[++i], 1000000);
      } else {
        throw usage_error("unknown option '" + std::string(arg) + "'");
      }
    }
    if (operands.empty()) throw usage_error("no INPUT");

    std::vector<ResidentFile> files;
    std::uint64_t total = 0;
    for (const auto& input : ds::collect_input_files(operands).files) {
      files.emplace_back(input.path);
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
        for (unsigned t = 0; t < threads; ++t) {
          try {
            workers.emplace_back([&, t] { sums[t] = sum_range(files, share_start(t), share_start(t + 1)); });
          } catch (const std::system_error& e) {
            throw std::runtime_error("could not start reading thread " + std::to_string(t) + ": " +
                                     e.code().message() + " (fewer --threads)");
          }
        }
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
