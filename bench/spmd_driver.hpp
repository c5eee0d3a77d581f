#pragma once
// SpmdDriver: lets Google Benchmark, which runs on one thread, time operations that need every
// PGAS thread (barriers, collectives).
//
// Thread 0 of process 0 (the leader) runs benchmark::RunSpecifiedBenchmarks. Every other thread,
// in every process, calls follow(), which loops on a command board (three words in thread 0's
// segment): barrier, read the command, barrier, perform it; the command that stop() posts ends
// the loop. Before its timed loop a benchmark posts a command with order(): an action number
// that the program gives a meaning to, an argument (a size, say) and the number of iterations,
// which is state.max_iterations, exactly how often Google Benchmark's `for (auto _ : state)`
// runs. The leader then runs its own iterations while the followers run theirs. The two
// barriers cost nothing inside the timed loop; the second one lets an action that does not
// synchronise run without the leader overwriting a command that a follower has not read yet.

#include <array>
#include <cstdint>
#include <limits>
#include <span>

#include <pgasmr/pgas.hpp>

namespace pgasmr::bench {

namespace pg = pgasmr::pgas;

/// One order to every follower: perform `action` with `argument`, `iterations` times.
struct Command {
  std::uint64_t action = 0;
  std::uint64_t argument = 0;
  std::uint64_t iterations = 0;
};

class SpmdDriver {
 public:
  /// Collective over every thread: allocates the command board in thread 0's segment.
  explicit SpmdDriver(pg::Context& me)
      : me_(me), board_(pg::all_alloc<std::uint64_t>(me, static_cast<std::size_t>(me.threads()), words)) {}
  SpmdDriver(const SpmdDriver&) = delete;
  SpmdDriver& operator=(const SpmdDriver&) = delete;
  /// Collective over every thread: frees the board (after stop() and follow() have returned).
  void close() { pg::all_free(me_, board_); }

  /// True on the thread that runs the benchmarks (thread 0 of process 0).
  bool leads() const noexcept { return me_.thread() == 0; }
  pg::Context& context() const noexcept { return me_; }

  /// Leader: posts `command` and returns once every follower has read it.
  void order(const Command& command) {
    std::array<std::uint64_t, words> posted{command.action, command.argument, command.iterations};
    pg::memput(me_, board_, std::span<const std::uint64_t>(posted));
    me_.barrier();  // posted
    me_.barrier();  // read by everyone
  }

  /// Leader: ends every follower's follow().
  void stop() { order({stop_action, 0, 0}); }

  /// Followers: calls perform(command) for every command the leader orders, until stop().
  template <class Perform>
  void follow(Perform&& perform) {
    for (;;) {
      me_.barrier();
      std::array<std::uint64_t, words> posted{};
      pg::memget(me_, std::span<std::uint64_t>(posted), board_);
      me_.barrier();
      if (posted[0] == stop_action) return;
      perform(Command{posted[0], posted[1], posted[2]});
    }
  }

 private:
  static constexpr std::size_t words = 3;
  static constexpr std::uint64_t stop_action = std::numeric_limits<std::uint64_t>::max();

  pg::Context& me_;
  pg::global_ptr<std::uint64_t> board_;  // on thread 0
};

}  // namespace pgasmr::bench
