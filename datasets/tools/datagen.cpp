// pgasmr-datagen: writes the apps' inputs (a text corpus, a BMP image); see --help.

#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/byte_size.hpp>
#include <pgasmr/datasets/corpus.hpp>
#include <pgasmr/datasets/image.hpp>

#include "datagen_arguments.hpp"

namespace {

namespace ds = pgasmr::datasets;
constexpr const char* program = "pgasmr-datagen";
// Smaller outputs take well under a second: progress lines would only be noise.
constexpr std::uint64_t progress_threshold = std::uint64_t{16} << 20;

/// A stderr line at every tenth of the way, for outputs big enough to take a while.
ds::Progress progress_lines(const ds::datagen::Arguments& arguments) {
  if (arguments.quiet) return {};
  return [output = arguments.output.string(), tenths_reported = 0](std::uint64_t done, std::uint64_t total) mutable {
    if (total < progress_threshold) return;
    int tenths = static_cast<int>(done * 10 / total);
    if (tenths <= tenths_reported) return;
    tenths_reported = tenths;
    std::cerr << program << ": " << output << ' ' << tenths * 10 << "% (" << ds::format_byte_size(done) << " of "
              << ds::format_byte_size(total) << ")\n";
  };
}

void generate(const ds::datagen::Arguments& arguments) {
  auto start = std::chrono::steady_clock::now();
  std::string what;
  std::uint64_t bytes = 0;
  if (arguments.kind == ds::datagen::Kind::corpus) {
    ds::generate_corpus(arguments.output, arguments.corpus, progress_lines(arguments));
    what = "corpus";
    bytes = arguments.corpus.bytes;
  } else {
    ds::generate_image(arguments.output, arguments.image, progress_lines(arguments));
    what = std::to_string(arguments.image.width) + "x" + std::to_string(arguments.image.height) + " image";
    bytes = ds::bmp_file_size({.width = arguments.image.width, .height = arguments.image.height});
  }
  if (arguments.quiet) return;
  std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  // With --output - the data is on stdout: the summary goes to stderr.
  std::fprintf(arguments.output == "-" ? stderr : stdout, "%s: wrote %s %s (%s, %llu bytes) in %.2f s\n", program,
               what.c_str(), arguments.output.c_str(), ds::format_byte_size(bytes).c_str(),
               static_cast<unsigned long long>(bytes), seconds.count());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    auto arguments = ds::datagen::parse_arguments(args);
    if (arguments.kind == ds::datagen::Kind::help) {
      std::cout << ds::datagen::help_text();
      return 0;
    }
    generate(arguments);
    return 0;
  } catch (const ds::datagen::usage_error& e) {
    std::cerr << program << ": " << e.what() << " (see " << program << " --help)\n";
    return 2;
  } catch (const std::invalid_argument& e) {  // a size the formats cannot hold, e.g. a 5 GiB BMP
    std::cerr << program << ": " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << program << ": " << e.what() << '\n';
    return 1;
  }
}
