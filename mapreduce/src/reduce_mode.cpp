// Checking and naming reduce modes (the names are what the apps' --reduce-mode accepts).

#include <pgasmr/mapreduce/reduce_mode.hpp>

#include <charconv>
#include <stdexcept>

#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr {
namespace {

void check_root(pgas::thread_id root, const pgas::Context& me, const char* what) {
  if (root < 0 || root >= me.threads())
    throw std::invalid_argument(std::string("mapreduce apply_reduce: ") + what + " " + std::to_string(root) +
                                " is not a thread of the job (THREADS = " + std::to_string(me.threads()) + ")");
}

/// "root(N)" -> N; "root" -> 0; nullopt for anything else.
std::optional<pgas::thread_id> parse_root(std::string_view text) {
  constexpr std::string_view prefix = "root";
  if (!text.starts_with(prefix)) return std::nullopt;
  text.remove_prefix(prefix.size());
  if (text.empty()) return 0;
  if (text.size() < 3 || text.front() != '(' || text.back() != ')') return std::nullopt;
  text = text.substr(1, text.size() - 2);
  pgas::thread_id root = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), root);
  if (error != std::errc{} || end != text.data() + text.size() || root < 0) return std::nullopt;
  return root;
}

}  // namespace

void validate(const ReduceMode& mode, const pgas::Context& me) {
  if (mode.kind == ReduceMode::Kind::root) check_root(mode.root, me, "root");
  if (mode.kind == ReduceMode::Kind::by_key && mode.then.kind == FinalGather::Kind::root)
    check_root(mode.then.root, me, "final gather root");
}

std::string to_string(const ReduceMode& mode) {
  switch (mode.kind) {
    case ReduceMode::Kind::no_comm: return "no_comm";
    case ReduceMode::Kind::all: return "all";
    case ReduceMode::Kind::root: return "root(" + std::to_string(mode.root) + ")";
    case ReduceMode::Kind::by_key: break;
  }
  switch (mode.then.kind) {
    case FinalGather::Kind::none: return "by_key";
    case FinalGather::Kind::all: return "by_key+gather_all";
    case FinalGather::Kind::root: break;
  }
  return "by_key+gather_root(" + std::to_string(mode.then.root) + ")";
}

std::optional<ReduceMode> parse_reduce_mode(std::string_view text) {
  if (text == "no_comm") return no_comm;
  if (text == "all") return all;
  if (auto root_thread = parse_root(text)) return root(*root_thread);
  constexpr std::string_view keyed = "by_key";
  if (!text.starts_with(keyed)) return std::nullopt;
  text.remove_prefix(keyed.size());
  if (text.empty()) return by_key();
  if (text == "+gather_all") return by_key(then_gather_all);
  constexpr std::string_view gather = "+gather_";
  if (!text.starts_with(gather)) return std::nullopt;
  if (auto root_thread = parse_root(text.substr(gather.size()))) return by_key(then_gather_root(*root_thread));
  return std::nullopt;
}

}  // namespace pgasmr::mr
