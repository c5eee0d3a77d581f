// pgasmr-demo: prints where the PGAS threads run, fills a shared array from every thread and
// checks a sum across threads against the closed form.

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include <pgasmr/pgas.hpp>

namespace pg = pgasmr::pgas;

namespace {

constexpr std::string_view usage =
    "usage: pgasmr-demo [--elements N] [runtime options]\n"
    "Prints the topology and thread layout, fills a block-cyclic shared array of N elements\n"
    "(default 10000000) with a[i] = i from the owning threads, and checks the sum against n(n-1)/2.\n"
    "Runtime options:\n";

/// The runtime, from the command line's runtime flags; nullopt (after saying why) for bad ones.
std::optional<pg::Runtime> runtime_of(int argc, char** argv) {
  try {
    return std::make_optional<pg::Runtime>(argc, argv);
  } catch (const pgasmr::error& e) {
    if (e.operation() != "config") throw;
    std::fprintf(stderr, "pgasmr-demo: %s (see --help)\n", e.cause().c_str());
    return std::nullopt;
  }
}

}  // namespace

int main(int argc, char** argv) try {
  auto made = runtime_of(argc, argv);
  if (!made) return 2;
  auto& runtime = *made;
  std::uint64_t elements = 10'000'000;
  bool elements_given = false;
  const auto& args = runtime.remaining_arguments();
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      if (runtime.process() == 0) std::printf("%.*s%.*s", int(usage.size()), usage.data(), int(pg::Config::help().size()), pg::Config::help().data());
      return 0;
    }
    if (args[i] == "--elements") {
      if (std::exchange(elements_given, true)) {
        std::fprintf(stderr, "pgasmr-demo: --elements is given twice (see --help)\n");
        return 2;
      }
      if (i + 1 == args.size()) {
        std::fprintf(stderr, "pgasmr-demo: --elements needs a number (see --help)\n");
        return 2;
      }
      const std::string_view text = args[++i];
      auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), elements);
      if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        std::fprintf(stderr, "pgasmr-demo: --elements must be a whole number below 2^64, got '%s' (see --help)\n",
                     args[i].c_str());
        return 2;
      }
    } else {
      std::fprintf(stderr, "pgasmr-demo: unknown argument '%s' (see --help)\n", args[i].c_str());
      return 2;
    }
  }

  bool ok = true;
  runtime.run([&](pg::Context& me) {
    if (me.thread() == 0) {
      std::printf("pgasmr-demo: %d thread(s) = %d process(es) x %d thread(s), pinning %s\n%s", me.threads(),
                  me.processes(), me.threads_per_process(), std::string(pg::to_string(runtime.config().pinning)).c_str(),
                  me.topology().describe().c_str());
    }
    pg::shared_array<std::uint64_t> a(me, elements, 1024);
    pg::forall(me, a, [](std::size_t i, std::uint64_t& x) { x = i; });

    std::uint64_t partial = 0;
    for (auto x : a.local()) partial += x;
    pg::shared_array<std::uint64_t> partials(me, static_cast<std::size_t>(me.threads()));
    partials.put(static_cast<std::size_t>(me.thread()), partial);
    me.barrier();
    if (me.thread() == 0) {
      std::uint64_t sum = 0;
      for (int t = 0; t < me.threads(); ++t) sum += partials.get(static_cast<std::size_t>(t));
      std::uint64_t expected = elements == 0 ? 0 : elements * (elements - 1) / 2;
      ok = sum == expected;
      std::printf("sum of a[i] = i over %llu elements: %llu (expected %llu) %s\n",
                  static_cast<unsigned long long>(elements), static_cast<unsigned long long>(sum),
                  static_cast<unsigned long long>(expected), ok ? "OK" : "MISMATCH");
    }
  });
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "pgasmr-demo: %s\n", e.what());
  return 1;
}
