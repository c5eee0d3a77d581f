#include <pgasmr/pgas/config.hpp>

#include <charconv>
#include <cstdlib>
#include <set>
#include <string>

#include <pgasmr/pgas/error.hpp>

#include "config_limits.hpp"
#include "segment_layout.hpp"

namespace pgasmr::pgas {
namespace {

/// The whole number `text`; errors quote `given`, the setting as written (with a size's suffix).
std::size_t parse_count(std::string_view what, std::string_view text, std::string_view given) {
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  const bool too_large = ec == std::errc::result_out_of_range;  // digits only, but beyond 64 bits
  if (text.empty() || (ec != std::errc() && !too_large) || end != text.data() + text.size())
    throw_error("config", std::string(what) + " must be a whole number, got '" + std::string(given) + "'");
  if (too_large) throw_error("config", std::string(what) + " is too large, got '" + std::string(given) + "'");
  return value;
}

std::size_t parse_bytes(std::string_view what, std::string_view given) {
  std::string_view text = given;
  std::size_t shift = 0;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K': case 'k': shift = 10; break;
      case 'M': case 'm': shift = 20; break;
      case 'G': case 'g': shift = 30; break;
      default: break;
    }
  }
  if (shift != 0) text.remove_suffix(1);
  const auto value = parse_count(what, text, given);
  if (value > (~std::size_t{0} >> shift))
    throw_error("config", std::string(what) + " is too large, got '" + std::string(given) + "'");
  return value << shift;
}

Pinning parse_pinning(std::string_view what, std::string_view text) {
  if (text == "none") return Pinning::none;
  if (text == "compact") return Pinning::compact;
  if (text == "spread") return Pinning::spread;
  throw_error("config", std::string(what) + " must be none, compact or spread, got '" + std::string(text) + "'");
}

TransportKind parse_transport(std::string_view what, std::string_view text) {
  if (text == "auto") return TransportKind::automatic;
  if (text == "local") return TransportKind::local;
  if (text == "mpi") return TransportKind::mpi;
  throw_error("config", std::string(what) + " must be auto, local or mpi, got '" + std::string(text) + "'");
}

bool parse_switch(std::string_view what, std::string_view text) {
  if (text == "on" || text == "1") return true;
  if (text == "off" || text == "0") return false;
  throw_error("config", std::string(what) + " must be on or off (1 or 0), got '" + std::string(text) + "'");
}

/// Applies one setting by its flag name (without dashes); false when the name is not ours.
bool apply(Config& config, std::string_view name, std::string_view value, std::string_view source) {
  auto what = std::string(source);
  if (name == "threads") {
    config.threads_per_process = parse_count(what, value, value);
    detail::check_thread_count("config", what, *config.threads_per_process);
  } else if (name == "pin") {
    config.pinning = parse_pinning(what, value);
  } else if (name == "transport") {
    config.transport = parse_transport(what, value);
  } else if (name == "segment-size") {
    config.segment_bytes = parse_bytes(what, value);
    detail::check_segment_bytes("config", what, config.segment_bytes);
  } else if (name == "shared-segments") {
    config.shared_segments = parse_switch(what, value);
  } else {
    return false;
  }
  return true;
}

}  // namespace

void detail::check_thread_count(std::string_view operation, std::string_view what, std::size_t threads) {
  if (threads == 0) throw_error(operation, std::string(what) + " must be at least 1, got 0");
  if (threads > max_threads_per_process)
    throw_error(operation, std::string(what) + " must be at most " + std::to_string(max_threads_per_process) +
                               ", got " + std::to_string(threads));
}

void detail::check_segment_bytes(std::string_view operation, std::string_view what, std::size_t bytes) {
  if (bytes < SegmentLayout::minimum_segment_bytes)
    throw_error(operation, std::string(what) + " must be at least " +
                               std::to_string(SegmentLayout::minimum_segment_bytes) + " bytes per thread, got " +
                               std::to_string(bytes));
}

namespace {

/// The environment's settings, but for those whose flag the command line gives: a flag wins,
/// even over a variable it would refuse.
Config environment_except(const std::set<std::string, std::less<>>& flags_given) {
  Config config;
  constexpr std::pair<const char*, const char*> variables[] = {
      {"PGASMR_THREADS", "threads"},
      {"PGASMR_PIN", "pin"},
      {"PGASMR_TRANSPORT", "transport"},
      {"PGASMR_SEGMENT_SIZE", "segment-size"},
      {"PGASMR_SHARED_SEGMENTS", "shared-segments"}};
  for (auto [variable, name] : variables)
    if (const char* value = std::getenv(variable); value != nullptr && !flags_given.contains(name))
      apply(config, name, value, variable);
  return config;
}

}  // namespace

Config Config::from_environment() { return environment_except({}); }

Config Config::from_arguments(std::vector<std::string>& args) {
  std::vector<std::string> rest;
  std::vector<std::pair<std::string, std::string>> flags;  // name, value
  std::set<std::string, std::less<>> given;                // a flag given twice is refused, not overridden
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--") {  // the end of the options: the rest are the program's operands
      rest.insert(rest.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (!arg.starts_with("--")) {
      rest.push_back(args[i]);
      continue;
    }
    auto body = arg.substr(2);
    auto equals = body.find('=');
    auto name = body.substr(0, equals);
    if (name != "threads" && name != "pin" && name != "transport" && name != "segment-size" &&
        name != "shared-segments") {
      rest.push_back(args[i]);
      continue;
    }
    if (!given.emplace(name).second) throw_error("config", "--" + std::string(name) + " is given twice");
    std::string value;
    if (equals != std::string_view::npos) {
      value = std::string(body.substr(equals + 1));
    } else {
      if (i + 1 == args.size()) throw_error("config", "--" + std::string(name) + " needs a value");
      value = args[++i];
    }
    flags.emplace_back(name, std::move(value));
  }
  Config config = environment_except(given);
  for (const auto& [name, value] : flags) apply(config, name, value, "--" + name);
  args = std::move(rest);
  return config;
}

std::string_view Config::help() {
  return "  --threads N              PGAS threads per process (default: one per core; env PGASMR_THREADS)\n"
         "  --pin none|compact|spread  bind threads to cores with hwloc (default none; env PGASMR_PIN)\n"
         "  --transport auto|local|mpi  join processes with MPI (auto: when started by mpirun; env PGASMR_TRANSPORT)\n"
         "  --segment-size BYTES[K|M|G]  shared segment per thread (default 256M; env PGASMR_SEGMENT_SIZE)\n"
         "  --shared-segments on|off  processes on one host map each other's segments (default on;\n"
         "                           off: every byte between processes goes through MPI; env PGASMR_SHARED_SEGMENTS)\n";
}

int processes_started_by_launcher() noexcept {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* value = std::getenv(variable)) {
      std::string_view text(value);
      int processes = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), processes);
      if (ec == std::errc() && end == text.data() + text.size() && processes > 0) return processes;
    }
  return 0;
}

std::string_view to_string(Pinning pinning) {
  switch (pinning) {
    case Pinning::none: return "none";
    case Pinning::compact: return "compact";
    case Pinning::spread: return "spread";
  }
  return "?";
}

std::string_view to_string(TransportKind kind) {
  switch (kind) {
    case TransportKind::automatic: return "auto";
    case TransportKind::local: return "local";
    case TransportKind::mpi: return "mpi";
  }
  return "?";
}

}  // namespace pgasmr::pgas
