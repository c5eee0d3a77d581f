// Failures: an exception in one thread while the others are blocked in pgasmr must come out of
// Runtime::run unchanged and without hanging; the Runtime stays usable. Bad configuration
// gives clear errors. Also the Topology a Runtime reports.
//
// Failing runs are skipped under mpirun: there a failure ends the whole job by design (see
// mpi_failure_probe.cpp and the pgas_mpi_failure test for that path).

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <typeinfo>
#include <utility>
#include <vector>

#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/lock.hpp>
#include <pgasmr/pgas/runtime.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>
#include <pgasmr/pgas/topology.hpp>

#include "support/expect_error.hpp"
#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
using namespace std::chrono_literals;

#define SKIP_UNDER_MPI() \
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed run ends the whole job by design"

namespace {

/// Long enough for the other threads to be blocked (spinning or asleep) when the failure comes.
constexpr auto head_start = 10ms;

/// Runs `check(runtime, failing_thread)` on a fresh Runtime at every thread count, once with
/// the last thread failing and once with thread 0 failing.
void for_each_failing_thread(const std::function<void(pg::Runtime&, pg::thread_id)>& check) {
  for (auto threads : pgasmr::test::thread_counts()) {
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    for (pg::thread_id failing : {runtime.threads() - 1, 0}) {
      SCOPED_TRACE("threads " + std::to_string(threads) + ", failing thread " + std::to_string(failing));
      check(runtime, failing);
    }
  }
}

/// What run() threw, or nullptr (a test failure) if it returned. The run must end promptly.
std::exception_ptr failure_of(pg::Runtime& runtime, const std::function<void(pg::Context&)>& body) {
  auto start = std::chrono::steady_clock::now();
  std::exception_ptr failure;
  try {
    runtime.run(body);
    ADD_FAILURE() << "run() returned normally although a thread threw";
  } catch (...) {
    failure = std::current_exception();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s) << "the cancelled threads took too long to stop";
  return failure;
}

/// The error a failing thread throws: throw_error fills in the calling PGAS thread.
[[noreturn]] void fail_on_purpose() { pgasmr::throw_error("probe", "failed on purpose"); }

/// `failure` is exactly the error that thread `thread` threw via fail_on_purpose (not the
/// job_cancelled error that the other threads saw).
void expect_probe_error(const std::exception_ptr& failure, pg::thread_id thread) {
  if (!failure) return;  // failure_of already reported it
  try {
    std::rethrow_exception(failure);
  } catch (const pgasmr::error& e) {
    EXPECT_EQ(typeid(e), typeid(pgasmr::error)) << "got " << typeid(e).name() << ": " << e.what();
    EXPECT_EQ(e.operation(), "probe");
    EXPECT_EQ(e.thread(), thread);
    EXPECT_EQ(e.cause(), "failed on purpose");
    EXPECT_EQ(std::string(e.what()), "probe (thread " + std::to_string(thread) + "): failed on purpose");
  } catch (...) {
    ADD_FAILURE() << "run() rethrew something other than pgasmr::error";
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// One thread fails while the others are blocked.

TEST(Failure, error_while_others_wait_in_a_barrier) {
  SKIP_UNDER_MPI();
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      if (me.thread() == failing) {
        std::this_thread::sleep_for(head_start);
        fail_on_purpose();
      }
      me.barrier();
      ADD_FAILURE() << "passed a barrier that the failed thread never reached";
    });
    expect_probe_error(failure, failing);
  });
}

TEST(Failure, error_while_others_wait_for_a_lock_it_holds) {
  SKIP_UNDER_MPI();
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      auto lock = pg::Lock::all_alloc(me);
      if (me.thread() == failing) lock.lock(me);
      me.barrier();
      if (me.thread() == failing) {
        std::this_thread::sleep_for(head_start);
        fail_on_purpose();
      }
      lock.lock(me);
      ADD_FAILURE() << "acquired a lock that the failed thread still holds";
    });
    expect_probe_error(failure, failing);
  });
}

TEST(Failure, error_while_others_wait_in_a_split_phase_barrier) {
  SKIP_UNDER_MPI();
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      if (me.thread() == failing) {
        std::this_thread::sleep_for(head_start);
        fail_on_purpose();
      }
      me.notify();
      me.wait();
      ADD_FAILURE() << "wait() returned although the failed thread never notified";
    });
    expect_probe_error(failure, failing);
  });
}

TEST(Failure, error_while_others_wait_in_a_sub_team_barrier_or_split) {
  SKIP_UNDER_MPI();
  for (bool in_split : {false, true}) {
    SCOPED_TRACE(in_split ? "others in Team::split" : "others in Team::barrier");
    for_each_failing_thread([&](pg::Runtime& runtime, pg::thread_id failing) {
      auto failure = failure_of(runtime, [&](pg::Context& me) {
        auto team = me.world().split(0, -me.thread());  // a team other than the world
        if (me.thread() == failing) {
          std::this_thread::sleep_for(head_start);
          fail_on_purpose();
        }
        if (in_split) {
          (void)team.split(0, 0);
          ADD_FAILURE() << "finished a split that the failed thread never joined";
        } else {
          team.barrier();
          ADD_FAILURE() << "passed a team barrier that the failed thread never reached";
        }
      });
      expect_probe_error(failure, failing);
    });
  }
}

TEST(Failure, unwinding_a_shared_array_does_not_complete_the_others_barrier) {
  SKIP_UNDER_MPI();
  // The failing thread destroys a shared_array while its exception propagates. That collective
  // destructor must not stand in for the barrier the thread never reached in its body.
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      pg::shared_array<std::int64_t> data(me, 100, 3);
      if (me.thread() == failing) {
        std::this_thread::sleep_for(head_start);
        fail_on_purpose();
      }
      me.barrier();
      ADD_FAILURE() << "passed a barrier that the failed thread never reached";
    });
    expect_probe_error(failure, failing);
  });
}

TEST(Failure, unwinding_a_shared_array_while_others_wait_for_a_lock_does_not_hang) {
  SKIP_UNDER_MPI();
  // The others never reach a barrier: a collective destructor in the failing thread would wait
  // for them forever, and they for the lock it holds.
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      auto lock = pg::Lock::all_alloc(me);
      pg::shared_array<std::int64_t> data(me, 100, 3);
      if (me.thread() == failing) lock.lock(me);
      me.barrier();
      if (me.thread() == failing) fail_on_purpose();
      lock.lock(me);
      ADD_FAILURE() << "acquired a lock that the failed thread still holds";
    });
    expect_probe_error(failure, failing);
  });
}

TEST(Failure, error_after_the_others_finished_their_body) {
  SKIP_UNDER_MPI();
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      if (me.thread() != failing) return;  // the others wait in the runtime's closing barrier
      std::this_thread::sleep_for(head_start);
      fail_on_purpose();
    });
    expect_probe_error(failure, failing);
  });
}

// ---------------------------------------------------------------------------------------------
// A thread returns from the body while the others wait for it: the job fails after a second
// (it used to hang) with an error that names the thread.

/// Runs a job on 2 and 5 threads in which the last thread returns at once (after `setup`) and
/// the others go on to `wait` for it.
void expect_returned_early(const std::function<void(pg::Context&)>& setup,
                           const std::function<void(pg::Context&)>& wait) {
  for (std::size_t threads : {2, 5}) {
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    auto leaving = runtime.threads() - 1;
    SCOPED_TRACE("threads " + std::to_string(threads));
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      setup(me);
      if (me.thread() == leaving) return;
      wait(me);
      ADD_FAILURE() << "a wait for a thread that had returned ended";
    });
    if (!failure) continue;
    try {
      std::rethrow_exception(failure);
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Runtime::run") << e.what();
      EXPECT_EQ(e.thread(), leaving) << e.what();
      EXPECT_NE(std::string(e.what()).find("returned from the job's body while thread"), std::string::npos) << e.what();
    }
  }
}

TEST(Failure, thread_returning_while_others_wait_in_a_barrier) {
  SKIP_UNDER_MPI();
  expect_returned_early([](pg::Context&) {}, [](pg::Context& me) { me.barrier(); });
}

TEST(Failure, thread_returning_with_a_lock_the_others_wait_for) {
  SKIP_UNDER_MPI();
  std::optional<pg::Lock> lock;
  expect_returned_early(
      [&](pg::Context& me) {
        auto mine = pg::Lock::all_alloc(me);
        if (me.thread() == me.threads() - 1) mine.lock(me);
        me.barrier();
        if (me.thread() == 0) lock = mine;
        me.barrier();
      },
      [&](pg::Context& me) { lock->lock(me); });
}

TEST(Failure, thread_returning_while_the_others_go_on_among_themselves_is_no_error) {
  SKIP_UNDER_MPI();
  pg::Runtime runtime(pgasmr::test::config_for(3));
  runtime.run([](pg::Context& me) {
    auto rest = me.world().split(me.thread() == 2 ? pg::Team::no_color : 0, me.thread());
    if (me.thread() == 2) return;
    // Longer than the watch's second, each barrier waiting for thread 0's nap.
    for (int round = 0; round < 30; ++round) {
      if (me.thread() == 0) std::this_thread::sleep_for(50ms);
      rest.barrier();
    }
  });
}

TEST(Failure, thread_returning_while_another_works_after_a_wait_is_no_error) {
  SKIP_UNDER_MPI();
  // Thread 1 waits for the lock, then works for more than the watch's second (no wait): it is not
  // stuck. (The first watch took a wait that had polled since its last look for one still going.)
  pg::Runtime runtime(pgasmr::test::config_for(3));
  runtime.run([](pg::Context& me) {
    auto lock = pg::Lock::all_alloc(me);
    me.barrier();
    if (me.thread() == 2) return;
    if (me.thread() == 0) {
      pg::LockGuard guard(me, lock);
      std::this_thread::sleep_for(300ms);
      return;
    }
    std::this_thread::sleep_for(50ms);
    pg::LockGuard guard(me, lock);
    std::this_thread::sleep_for(2500ms);
  });
}

TEST(Failure, locks_taken_in_opposite_orders_fail_the_job) {
  SKIP_UNDER_MPI();
  // A deadlock of the user's: it hung. The threads that return meanwhile hold no lock and are
  // not blamed (they were, with three threads and more).
  for (std::size_t threads : {2, 4}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    try {
      runtime.run([](pg::Context& me) {
        auto a = pg::Lock::all_alloc(me), b = pg::Lock::all_alloc(me);
        auto pair = me.world().split(me.thread() < 2 ? 0 : pg::Team::no_color, me.thread());
        if (me.thread() > 1) return;
        auto& first = me.thread() == 0 ? a : b;
        auto& second = me.thread() == 0 ? b : a;
        pg::LockGuard one(me, first);
        pair.barrier();
        pg::LockGuard two(me, second);  // each waits for the lock the other took first
      });
      ADD_FAILURE() << "the deadlock went unnoticed";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "Runtime::run") << e.what();
      const std::string what = e.what();
      EXPECT_NE(what.find("threads 0, 1 wait for locks that they hold themselves"), std::string::npos) << what;
      EXPECT_EQ(what.find("returned") != std::string::npos, threads > 2) << what;
    }
  }
}

TEST(Failure, barrier_met_by_a_split_is_refused) {
  SKIP_UNDER_MPI();
  // The split's step ran when the barrier's thread arrived, without that thread's request.
  for (std::size_t threads : {2, 3, 8}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    pgasmr::test::expect_error([&] {
      pgasmr::test::run_spmd(threads, [](pg::Context& me) {
        if (me.thread() == 0) me.barrier();
        else (void)me.world().split(0, me.thread());
      });
    }, "1 of this process's " + std::to_string(threads) +
           " members of the team are in a barrier, the others in a step");
  }
}

TEST(Failure, runtime_error_keeps_its_type_and_message) {
  SKIP_UNDER_MPI();
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      if (me.thread() == failing) throw std::runtime_error("plain runtime_error from thread " + std::to_string(failing));
      me.barrier();
    });
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(typeid(e), typeid(std::runtime_error)) << "got " << typeid(e).name() << ": " << e.what();
      EXPECT_EQ(std::string(e.what()), "plain runtime_error from thread " + std::to_string(failing));
    } catch (...) {
      ADD_FAILURE() << "run() rethrew something other than the std::runtime_error";
    }
  });
}

TEST(Failure, non_standard_exception_is_rethrown) {
  SKIP_UNDER_MPI();
  for_each_failing_thread([](pg::Runtime& runtime, pg::thread_id failing) {
    auto failure = failure_of(runtime, [&](pg::Context& me) {
      if (me.thread() == failing) throw 42;
      me.barrier();
    });
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (int value) {
      EXPECT_EQ(value, 42);
    } catch (...) {
      ADD_FAILURE() << "run() rethrew something other than the int";
    }
  });
}

TEST(Failure, when_every_thread_fails_one_of_their_errors_is_rethrown) {
  SKIP_UNDER_MPI();
  for (auto threads : pgasmr::test::thread_counts()) {
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    auto failure = failure_of(runtime, [](pg::Context&) { fail_on_purpose(); });
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(typeid(e), typeid(pgasmr::error));
      EXPECT_EQ(e.cause(), "failed on purpose");
      EXPECT_GE(e.thread(), 0);
      EXPECT_LT(e.thread(), runtime.threads());
    }
  }
}

TEST(Failure, runtime_runs_again_after_a_failed_run) {
  SKIP_UNDER_MPI();
  for (auto threads : pgasmr::test::thread_counts()) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    for (int attempt = 0; attempt < 3; ++attempt) {
      // Fails with shared memory allocated and a lock held: the next run must not inherit them.
      auto failure = failure_of(runtime, [&](pg::Context& me) {
        pg::shared_array<std::int64_t> data(me, 1000, 7);
        auto lock = pg::Lock::all_alloc(me);
        if (me.thread() == 0) lock.lock(me);
        if (me.thread() == me.threads() - 1) fail_on_purpose();
        me.barrier();
      });
      expect_probe_error(failure, runtime.threads() - 1);

      std::atomic<int> finished{0};
      runtime.run([&](pg::Context& me) {
        pg::shared_array<std::int64_t> data(me, 1000, 7);
        auto lock = pg::Lock::all_alloc(me);
        for (auto& x : data.local()) x = 0;
        me.barrier();
        for (std::size_t i = 0; i < data.size(); ++i) {
          pg::LockGuard guard(me, lock);
          data.put(i, data.get(i) + 1);
        }
        me.barrier();
        for (std::size_t i = 0; i < data.size(); ++i) EXPECT_EQ(data.get(i), me.threads());
        finished.fetch_add(1);
      });
      EXPECT_EQ(finished.load(), runtime.threads());
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Configuration errors.

namespace {

/// The message of the pgasmr::error that `action` throws, or "" (and a test failure).
std::string error_message(const std::function<void()>& action) {
  try {
    action();
  } catch (const pgasmr::error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no pgasmr::error was thrown";
  return "";
}

std::string argument_error(std::vector<std::string> args) {
  return error_message([&] { (void)pg::Config::from_arguments(args); });
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

/// Clears the PGASMR_ variables for one test and restores what was there afterwards.
class ScopedEnvironment {
 public:
  ScopedEnvironment() {
    for (const char* name :
         {"PGASMR_THREADS", "PGASMR_PIN", "PGASMR_TRANSPORT", "PGASMR_SEGMENT_SIZE", "PGASMR_SHARED_SEGMENTS"}) {
      const char* value = std::getenv(name);
      saved_.emplace_back(name, value ? std::optional<std::string>(value) : std::nullopt);
      unsetenv(name);
    }
  }
  ~ScopedEnvironment() {
    for (const auto& [name, value] : saved_) {
      if (value)
        setenv(name.c_str(), value->c_str(), 1);
      else
        unsetenv(name.c_str());
    }
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

  void set(const char* name, const char* value) { setenv(name, value, 1); }

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

}  // namespace

TEST(Config, zero_threads_per_process_is_rejected) {
  auto config = pgasmr::test::config_for(1);
  config.threads_per_process = 0;
  auto message = error_message([&] { pg::Runtime runtime(config); });
  EXPECT_CONTAINS(message, "threads per process must be at least 1, got 0");
}

TEST(Config, absurd_thread_count_is_rejected) {
  auto config = pgasmr::test::config_for(1);
  config.threads_per_process = 1'000'000;
  EXPECT_CONTAINS(error_message([&] { pg::Runtime runtime(config); }), "at most");
}

TEST(Config, too_small_segment_is_rejected) {
  auto config = pgasmr::test::config_for(2);
  config.segment_bytes = 4096;
  auto message = error_message([&] { pg::Runtime runtime(config); });
  EXPECT_CONTAINS(message, "shared segment");
  EXPECT_CONTAINS(message, "got 4096");
}

TEST(Config, out_of_range_values_are_rejected_where_they_are_parsed) {
  ScopedEnvironment environment;
  EXPECT_CONTAINS(argument_error({"--threads", "0"}), "--threads must be at least 1, got 0");
  EXPECT_CONTAINS(argument_error({"--threads=4294967297"}), "--threads must be at most 4096, got 4294967297");
  EXPECT_CONTAINS(argument_error({"--segment-size", "0"}), "--segment-size must be at least");
  EXPECT_CONTAINS(argument_error({"--segment-size", "4K"}), "got 4096");
  environment.set("PGASMR_THREADS", "0");
  EXPECT_CONTAINS(argument_error({}), "PGASMR_THREADS must be at least 1, got 0");

  std::vector<std::string> storage{"program", "--threads", "0", "--transport", "local"};
  std::vector<char*> argv;
  for (auto& arg : storage) argv.push_back(arg.data());
  EXPECT_CONTAINS(error_message([&] { pg::Runtime runtime(static_cast<int>(argv.size()), argv.data()); }),
                  "at least 1, got 0");
}

TEST(Config, malformed_arguments_are_rejected_with_a_clear_message) {
  ScopedEnvironment environment;
  auto message = argument_error({"--threads", "-3"});
  EXPECT_CONTAINS(message, "--threads");
  EXPECT_CONTAINS(message, "'-3'");
  message = argument_error({"--threads", "abc"});
  EXPECT_CONTAINS(message, "--threads must be a whole number, got 'abc'");
  EXPECT_CONTAINS(argument_error({"--threads=4x"}), "'4x'");
  EXPECT_CONTAINS(argument_error({"--threads="}), "''");
  EXPECT_CONTAINS(argument_error({"--threads", "99999999999999999999"}),
                  "--threads is too large, got '99999999999999999999'");
  EXPECT_CONTAINS(argument_error({"--pin", "bogus"}), "--pin must be none, compact or spread, got 'bogus'");
  EXPECT_CONTAINS(argument_error({"--transport", "bogus"}), "--transport must be auto, local or mpi, got 'bogus'");
  EXPECT_CONTAINS(argument_error({"--segment-size", "12Q"}), "'12Q'");
  EXPECT_CONTAINS(argument_error({"--segment-size", "1.5M"}), "--segment-size must be a whole number, got '1.5M'");
  EXPECT_CONTAINS(argument_error({"--segment-size", "99999999999999999999G"}), "--segment-size is too large");
  EXPECT_CONTAINS(argument_error({"input", "--threads"}), "--threads needs a value");
  EXPECT_CONTAINS(argument_error({"--pin"}), "--pin needs a value");
  EXPECT_CONTAINS(argument_error({"--threads", "2", "--threads=3"}), "--threads is given twice");
}

TEST(Config, from_arguments_applies_runtime_flags_and_keeps_the_rest_in_order) {
  ScopedEnvironment environment;
  std::vector<std::string> args{"input.txt", "--threads", "3",     "-v",          "--verbose", "--pin=compact",
                                "out",       "--other=5", "--transport", "local", "--segment-size=2M", "--", "last"};
  auto config = pg::Config::from_arguments(args);
  EXPECT_EQ(config.threads_per_process, 3u);
  EXPECT_EQ(config.pinning, pg::Pinning::compact);
  EXPECT_EQ(config.transport, pg::TransportKind::local);
  EXPECT_EQ(config.segment_bytes, std::size_t{2} << 20);
  EXPECT_EQ(args, (std::vector<std::string>{"input.txt", "-v", "--verbose", "out", "--other=5", "--", "last"}));

  std::vector<std::string> none{"a", "b"};
  auto defaults = pg::Config::from_arguments(none);
  EXPECT_EQ(none, (std::vector<std::string>{"a", "b"}));
  EXPECT_FALSE(defaults.threads_per_process.has_value());
  EXPECT_EQ(defaults.pinning, pg::Pinning::none);
  EXPECT_EQ(defaults.transport, pg::TransportKind::automatic);
  EXPECT_EQ(defaults.segment_bytes, std::size_t{256} << 20);
  EXPECT_TRUE(defaults.shared_segments);
}

TEST(Config, shared_segments_switch_from_flag_and_environment) {
  ScopedEnvironment environment;
  for (auto [text, on] : {std::pair{"on", true}, {"1", true}, {"off", false}, {"0", false}}) {
    std::vector<std::string> args{"--shared-segments", text, "rest"};
    EXPECT_EQ(pg::Config::from_arguments(args).shared_segments, on) << text;
    EXPECT_EQ(args, std::vector<std::string>{"rest"});
  }
  environment.set("PGASMR_SHARED_SEGMENTS", "0");
  EXPECT_FALSE(pg::Config::from_environment().shared_segments);
  std::vector<std::string> args{"--shared-segments=on"};
  EXPECT_TRUE(pg::Config::from_arguments(args).shared_segments) << "the flag overrides the environment";
  EXPECT_CONTAINS(argument_error({"--shared-segments", "maybe"}), "--shared-segments must be on or off (1 or 0), got 'maybe'");
  environment.set("PGASMR_SHARED_SEGMENTS", "yes");
  EXPECT_CONTAINS(error_message([] { (void)pg::Config::from_environment(); }), "PGASMR_SHARED_SEGMENTS must be on or off");
}

TEST(Config, a_flag_wins_over_a_variable_it_would_refuse) {
  ScopedEnvironment environment;
  environment.set("PGASMR_THREADS", "0");
  std::vector<std::string> args{"--threads", "2"};
  EXPECT_EQ(pg::Config::from_arguments(args).threads_per_process, 2u);
  std::vector<std::string> without_flag{"rest"};
  EXPECT_CONTAINS(error_message([&] { (void)pg::Config::from_arguments(without_flag); }),
                  "PGASMR_THREADS must be at least 1");
}

TEST(Config, no_runtime_flag_after_the_end_of_the_options) {
  ScopedEnvironment environment;
  std::vector<std::string> args{"--pin", "compact", "--", "--threads", "2"};
  auto config = pg::Config::from_arguments(args);
  EXPECT_EQ(config.pinning, pg::Pinning::compact);
  EXPECT_FALSE(config.threads_per_process.has_value());
  EXPECT_EQ(args, (std::vector<std::string>{"--", "--threads", "2"}));
}

TEST(Config, segment_size_suffixes) {
  ScopedEnvironment environment;
  for (auto [text, bytes] : {std::pair<const char*, std::size_t>{"1048576", 1 << 20}, {"640K", 640 << 10},
                             {"640k", 640 << 10}, {"3M", std::size_t{3} << 20}, {"1G", std::size_t{1} << 30}}) {
    std::vector<std::string> args{"--segment-size", text};
    EXPECT_EQ(pg::Config::from_arguments(args).segment_bytes, bytes) << text;
  }
}

TEST(Config, environment_variables_set_the_defaults_and_flags_override_them) {
  ScopedEnvironment environment;
  environment.set("PGASMR_THREADS", "5");
  environment.set("PGASMR_PIN", "spread");
  environment.set("PGASMR_TRANSPORT", "local");
  environment.set("PGASMR_SEGMENT_SIZE", "8M");
  auto config = pg::Config::from_environment();
  EXPECT_EQ(config.threads_per_process, 5u);
  EXPECT_EQ(config.pinning, pg::Pinning::spread);
  EXPECT_EQ(config.transport, pg::TransportKind::local);
  EXPECT_EQ(config.segment_bytes, std::size_t{8} << 20);

  std::vector<std::string> args{"--threads=2", "--pin", "none"};
  auto overridden = pg::Config::from_arguments(args);
  EXPECT_EQ(overridden.threads_per_process, 2u);
  EXPECT_EQ(overridden.pinning, pg::Pinning::none);
  EXPECT_EQ(overridden.transport, pg::TransportKind::local) << "not overridden: from the environment";
  EXPECT_TRUE(args.empty());
}

TEST(Config, malformed_environment_variables_name_the_variable) {
  ScopedEnvironment environment;
  environment.set("PGASMR_THREADS", "many");
  EXPECT_CONTAINS(error_message([] { (void)pg::Config::from_environment(); }), "PGASMR_THREADS must be a whole number, got 'many'");
  environment.set("PGASMR_THREADS", "2");
  environment.set("PGASMR_PIN", "sideways");
  EXPECT_CONTAINS(error_message([] { (void)pg::Config::from_environment(); }),
                  "PGASMR_PIN must be none, compact or spread, got 'sideways'");
  environment.set("PGASMR_PIN", "none");
  environment.set("PGASMR_SEGMENT_SIZE", "lots");
  EXPECT_CONTAINS(error_message([] { (void)pg::Config::from_environment(); }), "PGASMR_SEGMENT_SIZE");
}

TEST(Config, environment_is_restored_after_each_test) {
  // ScopedEnvironment restores what ctest set (PGASMR_TRANSPORT=local locally).
  const char* transport = std::getenv("PGASMR_TRANSPORT");
  {
    ScopedEnvironment environment;
    environment.set("PGASMR_TRANSPORT", "mpi");
  }
  const char* after = std::getenv("PGASMR_TRANSPORT");
  EXPECT_EQ(transport == nullptr, after == nullptr);
  if (transport && after) {
    EXPECT_STREQ(transport, after);
  }
}

TEST(Config, runtime_from_argv_keeps_the_program_arguments) {
  ScopedEnvironment environment;
  std::vector<std::string> storage{"program", "data.txt", "--threads", "2", "--transport=local", "--segment-size", "1M", "-k", "3"};
  std::vector<char*> argv;
  for (auto& arg : storage) argv.push_back(arg.data());
  pg::Runtime runtime(static_cast<int>(argv.size()), argv.data());
  EXPECT_EQ(runtime.remaining_arguments(), (std::vector<std::string>{"data.txt", "-k", "3"}));
  EXPECT_EQ(runtime.config().threads_per_process, 2u);
  EXPECT_EQ(runtime.config().segment_bytes, std::size_t{1} << 20);
  EXPECT_EQ(runtime.processes(), 1);
  EXPECT_EQ(runtime.threads(), 2);
  std::atomic<int> ran{0};
  runtime.run([&](pg::Context& me) {
    ran.fetch_add(1);
    me.barrier();
  });
  EXPECT_EQ(ran.load(), 2);
}

TEST(Config, help_and_names) {
  auto help = std::string(pg::Config::help());
  for (const char* flag : {"--threads", "--pin", "--transport", "--segment-size", "--shared-segments", "PGASMR_THREADS",
                           "PGASMR_SHARED_SEGMENTS"})
    EXPECT_CONTAINS(help, flag);
  EXPECT_EQ(pg::to_string(pg::Pinning::none), "none");
  EXPECT_EQ(pg::to_string(pg::Pinning::compact), "compact");
  EXPECT_EQ(pg::to_string(pg::Pinning::spread), "spread");
  EXPECT_EQ(pg::to_string(pg::TransportKind::automatic), "auto");
  EXPECT_EQ(pg::to_string(pg::TransportKind::local), "local");
  EXPECT_EQ(pg::to_string(pg::TransportKind::mpi), "mpi");
}

// ---------------------------------------------------------------------------------------------
// Topology.

TEST(Topology, lists_every_thread_with_its_process_and_local_index) {
  for (auto threads : pgasmr::test::thread_counts()) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    pg::Runtime runtime(pgasmr::test::config_for(threads));
    const auto& topology = runtime.topology();
    auto placements = topology.threads();
    ASSERT_EQ(static_cast<int>(placements.size()), runtime.threads());
    ASSERT_FALSE(topology.hosts().empty());
    auto description = topology.describe();
    auto per_process = static_cast<int>(threads);
    for (int t = 0; t < runtime.threads(); ++t) {
      const auto& p = placements[static_cast<std::size_t>(t)];
      EXPECT_EQ(p.thread, t);
      EXPECT_EQ(p.process, t / per_process);
      EXPECT_EQ(p.local_thread, t % per_process);
      EXPECT_GE(p.host, 0);
      EXPECT_LT(p.host, static_cast<int>(topology.hosts().size()));
      EXPECT_EQ(p.core, -1) << "unpinned threads have no core";
      EXPECT_EQ(&topology.of(t), &p);
      EXPECT_TRUE(topology.same_process(t, t / per_process * per_process));
      EXPECT_TRUE(topology.same_host(t, 0) || runtime.processes() > 1);
      EXPECT_CONTAINS(description, "\n  " + std::to_string(t) + "\t");
    }
    for (const auto& host : topology.hosts()) {
      EXPECT_FALSE(host.name.empty());
      EXPECT_GE(host.cores, 1);
      EXPECT_GE(host.processing_units, host.cores);
      EXPECT_CONTAINS(description, host.name);
    }
    EXPECT_THROW((void)topology.of(runtime.threads()), pgasmr::error);
    EXPECT_THROW((void)topology.of(-1), pgasmr::error);

    runtime.run([&](pg::Context& me) {
      EXPECT_EQ(&me.topology(), &topology);
      const auto& mine = me.topology().of(me.thread());
      EXPECT_EQ(mine.process, me.process());
      EXPECT_EQ(mine.local_thread, me.local_thread());
    });
  }
}

TEST(Topology, compact_pinning_places_threads_on_cores) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "several processes on one host would pin onto the same cores";
  for (std::size_t threads : {1u, 2u, 3u}) {
    auto config = pgasmr::test::config_for(threads);
    config.pinning = pg::Pinning::compact;
    pg::Runtime runtime(config);
    for (const auto& p : runtime.topology().threads()) EXPECT_GE(p.core, 0) << "thread " << p.thread;
    std::atomic<int> ran{0};
    runtime.run([&](pg::Context& me) {
      me.barrier();
      ran.fetch_add(1);
    });
    EXPECT_EQ(ran.load(), static_cast<int>(threads));
  }
}
