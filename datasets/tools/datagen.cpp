// pgasmr-datagen: writes the apps' inputs (one generator per subcommand); see --help.

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <pgasmr/datasets/byte_size.hpp>
#include <pgasmr/datasets/in_quotes.hpp>
#include <pgasmr/datasets/temporary_outputs.hpp>

#include "generator.hpp"

namespace {

namespace ds = pgasmr::datasets;
constexpr const char* program = "pgasmr-datagen";
// Smaller outputs take well under a second: progress lines would only be noise.
constexpr std::uint64_t progress_threshold = std::uint64_t{16} << 20;

/// A stderr line at every tenth of the way, for outputs big enough to take a while.
ds::Progress progress_lines(const std::filesystem::path& output, bool quiet) {
  if (quiet) return {};
  return [output = output.string(), tenths_reported = 0](std::uint64_t done, std::uint64_t total) mutable {
    if (total < progress_threshold) return;
    int tenths = static_cast<int>(done * 10 / total);
    if (tenths <= tenths_reported) return;
    tenths_reported = tenths;
    std::cerr << program << ": " << output << ' ' << tenths * 10 << "% (" << ds::format_byte_size(done) << " of "
              << ds::format_byte_size(total) << ")\n";
  };
}

/// The bytes written: a file's size or the sum over a directory's files; nothing for standard
/// output and devices.
std::optional<std::uint64_t> bytes_written(const std::filesystem::path& output) {
  if (std::filesystem::is_regular_file(output)) return std::filesystem::file_size(output);
  if (!std::filesystem::is_directory(output)) return std::nullopt;
  std::uint64_t bytes = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(output))
    if (entry.is_regular_file()) bytes += entry.file_size();
  return bytes;
}

std::string subcommand_names() {
  std::string names;
  for (const auto& generator : ds::datagen::generators()) names += (names.empty() ? "" : ", ") + std::string(generator.name);
  return names;
}

/// A usage_error when --output names a file the generator reads (--corpus, --dictionary,
/// --keywords): the output replaces it, and the input is lost.
void refuse_output_among_inputs(const ds::datagen::Flags& flags, const std::filesystem::path& output) {
  for (std::string_view input : {"corpus", "dictionary", "keywords"}) {
    std::error_code error;  // an output that does not exist yet is no input
    if (flags.has(input) && std::filesystem::equivalent(flags.required(input), output, error))
      throw ds::datagen::usage_error("--output " + ds::in_quotes(output) + " is the --" + std::string(input) +
                                     " file: writing it would replace what it is made from");
  }
}

int generate(const std::vector<std::string>& args) {
  using ds::datagen::usage_error;
  if (args.empty()) throw usage_error("missing the subcommand: " + subcommand_names());
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << ds::datagen::help_text();
    return 0;
  }
  const auto* generator = ds::datagen::find_generator(args[0]);
  if (generator == nullptr) throw usage_error("unknown subcommand '" + args[0] + "' (" + subcommand_names() + ")");
  ds::datagen::Flags flags(args, generator->options);
  if (flags.help()) {
    std::cout << ds::datagen::help_text();
    return 0;
  }
  auto output = flags.output();
  if (generator->writes_folder && output == "-")
    throw usage_error("'" + args[0] + "' writes a folder of files: --output - (standard output) cannot hold it");
  refuse_output_among_inputs(flags, output);
  auto start = std::chrono::steady_clock::now();
  auto what = generator->write(flags, output, progress_lines(output, flags.quiet()));
  if (flags.quiet()) return 0;
  std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  // With --output - the data is on stdout: the summary goes to stderr.
  std::FILE* summary = output == "-" ? stderr : stdout;
  std::fprintf(summary, "%s: wrote %s %s in %.2f s", program, what.c_str(), output.c_str(), seconds.count());
  if (auto bytes = bytes_written(output))
    std::fprintf(summary, " (%s, %llu bytes)", ds::format_byte_size(*bytes).c_str(), static_cast<unsigned long long>(*bytes));
  std::fputc('\n', summary);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  ds::remove_temporary_outputs_on_signals();
  try {
    return generate(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const ds::datagen::usage_error& e) {
    std::cerr << program << ": " << e.what() << " (see " << program << " --help)\n";
    return 2;
  } catch (const std::invalid_argument& e) {  // a size the format or the disk cannot hold, e.g. a 5 GiB BMP
    std::cerr << program << ": " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << program << ": " << e.what() << '\n';
    return 1;
  }
}
