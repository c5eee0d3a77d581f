#include "common/app_driver.hpp"

#include <exception>

#include <pgasmr/datasets/input_files.hpp>

namespace pgasmr::apps {

int exit_status_of(std::string_view program, const std::function<int()>& body) {
  try {
    return body();
  } catch (const usage_error& e) {
    std::fprintf(stderr, "%.*s: %s (see --help)\n", int(program.size()), program.data(), e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%.*s: %s\n", int(program.size()), program.data(), e.what());
    return 1;
  }
}

void commit_output(datasets::AtomicOutputFile& file, std::string_view text) {
  file.write(text);
  file.commit();
}

void refuse_shared_standard_input(const AppOptions& options, int processes) {
  if (processes > 1 && std::ranges::find(options.inputs, datasets::standard_input_operand) != options.inputs.end())
    throw usage_error("standard input ('-') cannot be an input of a job of several processes");
}

}  // namespace pgasmr::apps
