// Refused arguments: each must fail the job with a pgasmr::error that names the collective and
// says why, and never hang. A refusing collective fails the whole job (the other threads are
// cancelled wherever they wait), and Runtime::run rethrows the first error; so each test runs a
// whole job and checks the error it ends with. Under mpirun a failure aborts every process by
// design, so these tests run in one process only.

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/runtime.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

#define SKIP_UNDER_MPI()                                                                             \
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed collective ends the whole job by design"

/// Runs `body` on `threads` threads; the job must fail with a pgasmr::error from `operation`
/// whose message contains `needle`.
void expect_refusal(std::size_t threads, const std::function<void(pg::Context&)>& body, const std::string& operation,
                    const std::string& needle) {
  SCOPED_TRACE("threads: " + std::to_string(threads) + ", expecting: " + needle);
  try {
    pgasmr::test::run_spmd(threads, body);
    ADD_FAILURE() << "the job succeeded; expected " << operation << " to refuse: " << needle;
  } catch (const pgasmr::error& e) {
    EXPECT_EQ(e.operation(), operation) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    EXPECT_GE(e.thread(), 0) << e.what();
    EXPECT_LT(e.thread(), static_cast<int>(threads)) << e.what();
  }
}

TEST(Errors, plans_that_would_not_fit_in_memory) {
  SKIP_UNDER_MPI();
  // Every member plans up to n^2 copies (at 128 bytes each, as the guard counts): the first
  // thread count whose plans exceed half of this machine's memory.
  const double memory = static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGESIZE));
  const auto threads = static_cast<std::size_t>(std::cbrt(memory / 2 / 128)) + 2;
  if (threads > 4096) GTEST_SKIP() << "this machine holds the plans of as many threads as a process may have";
  expect_refusal(threads, [](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    coll::broadcast(me, dst, src, 1);
  }, "broadcast", "more than half this machine's");
}

TEST(Errors, root_out_of_range) {
  SKIP_UNDER_MPI();
  for (std::size_t threads : {1, 3, 4}) {
    auto n = std::to_string(threads);
    expect_refusal(threads, [](pg::Context& me) {
      std::vector<int> src(2), dst(2);
      coll::broadcast(me, dst, src, 2, {.root = me.threads()});
    }, "broadcast", "root " + n + " is out of range: " + n + " team members");
    expect_refusal(threads, [](pg::Context& me) {
      std::vector<int> src(8 * 2), dst(2);
      coll::scatter(me, dst, src, 2, {.root = -1});
    }, "scatter", "root -1 is out of range");
    expect_refusal(threads, [](pg::Context& me) {
      std::vector<int> src(2), dst(8 * 2);
      coll::gather(me, dst, src, 2, {.root = me.threads() + 5});
    }, "gather", "is out of range");
    expect_refusal(threads, [](pg::Context& me) {
      std::vector<double> buffer(8 * 2);
      coll::scatter(me, coll::in_place, buffer, 2, {.root = me.threads()});
    }, "scatter (in place)", "root " + n + " is out of range");
  }
}

TEST(Errors, root_out_of_range_of_a_team) {
  SKIP_UNDER_MPI();
  // in a team of 2 of 4 threads, root 2 is a thread but not a team rank
  expect_refusal(4, [](pg::Context& me) {
    auto team = me.world().split(me.thread() % 2, 0);
    std::vector<int> src(3), dst(3);
    coll::broadcast(me, dst, src, 3, {.team = &team, .root = 2});
  }, "broadcast", "root 2 is out of range: 2 team members");
}

TEST(Errors, root_not_a_member_of_the_team) {
  SKIP_UNDER_MPI();
  // thread ids: root 1 is a thread, but not one of the even threads
  expect_refusal(4, [](pg::Context& me) {
    auto team = me.world().split(me.thread() % 2, 0);
    if (me.thread() % 2) return;
    std::vector<int> src(4 * 2), dst(2);
    coll::scatter(me, dst, src, 2, {.team = &team, .root = 1, .addressing = coll::Addressing::thread_ids});
  }, "scatter", "root 1 is not a member of the team");
  expect_refusal(4, [](pg::Context& me) {
    auto team = me.world().split(me.thread() < 2 ? 0 : pg::Team::no_color, 0);
    if (!team) return;
    std::vector<int> buffer(4 * 2);
    coll::gather(me, coll::in_place, buffer, 2, {.team = &team, .root = 3, .addressing = coll::Addressing::thread_ids});
  }, "gather (in place)", "root 3 is not a member of the team");
}

TEST(Errors, private_destination_too_small) {
  SKIP_UNDER_MPI();
  // the root's gather destination: 4 chunks of 3 ints needed, one int short
  expect_refusal(4, [](pg::Context& me) {
    std::vector<int> src(3), dst(me.thread() == 1 ? 11 : 0);
    coll::gather(me, dst, src, 3, {.root = 1});
  }, "gather", "the destination holds 44 bytes but the collective needs 48 (this thread's private buffer)");
  // one member's broadcast destination (the others' are right)
  expect_refusal(3, [](pg::Context& me) {
    std::vector<double> src(5), dst(me.thread() == 2 ? 4 : 5);
    coll::broadcast(me, dst, src, 5);
  }, "broadcast", "the destination holds 32 bytes but the collective needs 40");
  // allgather into private memory: n chunks
  expect_refusal(2, [](pg::Context& me) {
    std::vector<int> src(2), dst(3);
    coll::allgather(me, dst, src, 2);
  }, "allgather", "the destination holds 12 bytes but the collective needs 16");
  // exchange in place on a private buffer
  expect_refusal(4, [](pg::Context& me) {
    std::vector<int> buffer(me.thread() == 3 ? 7 : 8);
    coll::exchange(me, coll::in_place, buffer, 2);
  }, "exchange (in place)", "the buffer holds 28 bytes but the collective needs 32");
}

TEST(Errors, private_source_too_small) {
  SKIP_UNDER_MPI();
  expect_refusal(4, [](pg::Context& me) {
    std::vector<int> src(me.thread() == 0 ? 7 : 0), dst(2);
    coll::scatter(me, dst, src, 2);
  }, "scatter", "the source holds 28 bytes but the collective needs 32 (this thread's private buffer)");
  expect_refusal(3, [](pg::Context& me) {
    std::vector<int> src(me.thread() == 1 ? 1 : 2), dst(2);
    std::vector<int> perm{1, 2, 0};
    coll::permute(me, dst, src, perm, 2);
  }, "permute", "the source holds 4 bytes but the collective needs 8");
}

TEST(Errors, shared_destination_too_small) {
  SKIP_UNDER_MPI();
  // broadcast into shared memory needs one chunk per member
  expect_refusal(4, [](pg::Context& me) {
    pg::shared_array<int> dst(me, 4 * 3 - 1, 3);
    std::vector<int> src(3);
    coll::broadcast(me, dst, src, 3);
  }, "broadcast", "the destination holds 44 bytes but the collective needs 48 (shared)");
  // a view too short, though its array is long enough
  expect_refusal(3, [](pg::Context& me) {
    pg::shared_array<double> dst(me, 100, 1);
    pg::shared_array<double> src(me, 6, 2);
    coll::allgather(me, dst.subspan(10, 17), src, 2);
  }, "allgather", "the destination holds 136 bytes but the collective needs 144 (shared)");
  expect_refusal(2, [](pg::Context& me) {
    pg::shared_array<int> buffer(me, 7, 0);
    coll::exchange(me, coll::in_place, buffer, 2);
  }, "exchange (in place)", "the buffer holds 28 bytes but the collective needs 32 (shared)");
  expect_refusal(2, [](pg::Context& me) {
    pg::shared_array<int> src(me, 3, 1);
    std::vector<int> dst(4);
    coll::gather(me, dst, src, 2);
  }, "gather", "the source holds 12 bytes but the collective needs 16 (shared)");
}

TEST(Errors, permutation_that_is_not_one) {
  SKIP_UNDER_MPI();
  auto with = [](std::vector<int> perm) {
    return [perm](pg::Context& me) {
      std::vector<int> src(2), dst(2);
      coll::permute(me, dst, src, perm, 2);
    };
  };
  expect_refusal(4, with({1, 2, 1, 0}), "permute", "the permutation sends two members to 1");
  expect_refusal(4, with({1, 2, 0}), "permute", "the permutation has 3 entries; it needs 4");
  expect_refusal(4, with({1, 2, 3, 0, 4}), "permute", "the permutation has 5 entries; it needs 4");
  expect_refusal(4, with({1, 2, 3, 4}), "permute", "permutation target 4 is out of range: 4 team members");
  expect_refusal(4, with({1, -1, 3, 0}), "permute", "permutation target -1 is out of range");
  expect_refusal(1, with({}), "permute", "the permutation has 0 entries; it needs 1");
  // in place, and on a shared buffer
  expect_refusal(3, [](pg::Context& me) {
    pg::shared_array<int> buffer(me, 3, 1);
    std::vector<int> perm{0, 0, 1};
    coll::permute(me, coll::in_place, buffer, perm, 1);
  }, "permute (in place)", "the permutation sends two members to 0");
  // thread ids: the targets must be members (here: thread 1 is odd, the team is even)
  expect_refusal(4, [](pg::Context& me) {
    auto team = me.world().split(me.thread() % 2, 0);
    if (me.thread() % 2) return;
    std::vector<int> src(1), dst(1);
    std::vector<int> perm{1, 1, 0, 3};
    coll::permute(me, dst, src, perm, 1, {.team = &team, .addressing = coll::Addressing::thread_ids});
  }, "permute", "permutation target 1 is not a member of the team");
}

TEST(Errors, non_member_calling) {
  SKIP_UNDER_MPI();
  // thread 1 joins no team (Team::no_color) and calls with its empty team; the others run a
  // collective of their own team meanwhile (with buffers that outlive the job: see
  // cancelled_member_leaves_while_others_read_its_buffers)
  std::vector<std::vector<int>> src(3, std::vector<int>(4)), dst(3, std::vector<int>(4));
  expect_refusal(3, [&](pg::Context& me) {
    auto team = me.world().split(me.thread() == 1 ? pg::Team::no_color : 0, 0);
    auto t = static_cast<std::size_t>(me.thread());
    coll::broadcast(me, dst[t], src[t], 4, {.team = &team});
  }, "broadcast", "the calling thread is not a member of the team (empty team)");
  expect_refusal(2, [](pg::Context& me) {
    pg::Team nobody;
    std::vector<int> buffer(4);
    coll::allgather(me, coll::in_place, buffer, 2, {.team = &nobody});
  }, "allgather (in place)", "not a member of the team");
}

TEST(Errors, element_count_overflow) {
  SKIP_UNDER_MPI();
  expect_refusal(2, [](pg::Context& me) {
    std::vector<double> src(1), dst(1);
    coll::broadcast(me, dst, src, std::numeric_limits<std::size_t>::max() / 4);
  }, "collective", "elements overflow the address space");
  // chunk * members overflows, although the chunk alone does not
  expect_refusal(2, [](pg::Context& me) {
    std::vector<char> buffer(1);
    coll::allgather(me, coll::in_place, buffer, std::numeric_limits<std::size_t>::max() / 2 + 1);
  }, "allgather (in place)", "buffer sizes overflow the address space");
}

/// A refusal in one team while another team completes its own collective.
TEST(Errors, refusal_in_one_team_while_another_works) {
  SKIP_UNDER_MPI();
  // buffers that outlive the job (see cancelled_member_leaves_while_others_read_its_buffers)
  std::vector<std::vector<int>> buffers(8, std::vector<int>(2 * 2, -1));
  expect_refusal(4, [&](pg::Context& me) {
    auto team = me.world().split(me.thread() % 2, 0);
    auto& src = buffers[static_cast<std::size_t>(me.thread())];
    auto& dst = buffers[static_cast<std::size_t>(me.thread()) + 4];
    std::fill(src.begin(), src.end(), me.thread());
    coll::allgather(me, dst, std::span<const int>(src).first(2), 2, {.team = &team});
    // the odd team refuses its next call, the even team goes on
    std::vector<int> perm = me.thread() % 2 ? std::vector<int>{0, 0} : std::vector<int>{1, 0};
    coll::permute(me, std::span<int>(dst).first(2), std::span<const int>(src).first(2), perm, 2, {.team = &team});
    EXPECT_EQ(dst[0], me.thread() ^ 2);
  }, "permute", "the permutation sends two members to 0");
}

/// BUG (executor.cpp, diagnosed, not fixed here): a member waiting in a collective's closing
/// barrier leaves at once when the job is cancelled, and unwinding frees its private buffers
/// while another member is still copying from them (use after free: a crash here, where the
/// freed 64 MB are unmapped). Thread 2, the root, gathers thread 0's 64 MB chunk; thread 0 waits
/// for it in the closing barrier; thread 1, not in the team, fails meanwhile.
TEST(Errors, cancelled_member_leaves_while_others_read_its_buffers) {
  SKIP_UNDER_MPI();
  std::atomic<int> started{0};
  expect_refusal(3, [&](pg::Context& me) {
    auto team = me.world().split(me.thread() == 1 ? pg::Team::no_color : 0, 0);
    if (me.thread() == 1) {
      while (started.load() < 2) std::this_thread::yield();
      std::this_thread::sleep_for(std::chrono::milliseconds(3));  // the root is copying by now
      throw pgasmr::error("test", 1, "thread 1 fails while the others gather");
    }
    std::size_t chunk = std::size_t{64} << 20;
    std::vector<char> src(chunk, 'x'), dst(me.thread() == 2 ? 2 * chunk : 0);
    ++started;
    coll::gather(me, dst, src, chunk, {.team = &team, .root = 1});
  }, "test", "thread 1 fails while the others gather");
}

/// A member that fails before it enters a collective, while another spins at the collective's
/// first step (which waits for every local member's buffer addresses): the cancellation must not
/// pass for the step's completion, or the waiting member copies from the failed member's buffers
/// (a null address: CI saw the crash under mpirun). The failure lands 0-49 us after the start,
/// over 300 jobs, so that some land in the waiter's spin.
TEST(Errors, member_fails_while_another_spins_at_the_first_step) {
  SKIP_UNDER_MPI();
  for (int run = 0; run < 300 && !HasFailure(); ++run) {
    expect_refusal(2, [&](pg::Context& me) {
      if (me.thread() == 1) {
        auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(run % 50);
        while (std::chrono::steady_clock::now() < until) {
        }
        throw pgasmr::error("test", 1, "thread 1 fails before the broadcast");
      }
      std::vector<std::uint64_t> value(4096);  // 32 KiB: past the eager path, through the executor
      coll::broadcast(me, std::span(value), std::span<const std::uint64_t>(value), value.size(),
                      {.root = 1, .sync = {coll::InSync::none, coll::OutSync::my}});
      ADD_FAILURE() << "thread 0 finished a broadcast from a root that never entered it (run " << run << ")";
    }, "test", "thread 1 fails before the broadcast");
  }
}

TEST(Errors, overlapping_private_source_and_destination) {
  SKIP_UNDER_MPI();
  // One vector as both: the copies would read bytes already written (a wrong exchange, seen).
  expect_refusal(3, [](pg::Context& me) {
    std::vector<long> v(3 * 100, me.thread());
    coll::exchange(me, v, v, 100);
  }, "exchange", "overlap");
  // A broadcast's members other than the root read nothing from their source: no overlap there.
  pgasmr::test::run_spmd(3, [](pg::Context& me) {
    std::vector<long> v(8, me.thread() == 1 ? 5 : -1), root_source(8, 5);
    if (me.thread() == 1) coll::broadcast(me, std::span(v), std::span<const long>(root_source), 8, {.root = 1});
    else coll::broadcast(me, std::span(v), std::span<const long>(v), 8, {.root = 1});
    EXPECT_EQ(v, root_source);
  });
  // reduce_scatter: the others may still read a member's source while it writes its block.
  expect_refusal(3, [](pg::Context& me) {
    std::vector<long> v(3 * 100, me.thread());
    coll::reduce_scatter(me, std::span(v).first(100), std::span<const long>(v), 100);
  }, "reduce_scatter", "overlap");
  // The other reductions fold the whole input before they write: one buffer may be both (as the
  // UPC in-place reductions use it).
  pgasmr::test::run_spmd(3, [](pg::Context& me) {
    std::vector<long> v(100, me.thread() + 1);
    coll::allreduce(me, std::span(v).first(1), std::span<const long>(v));
    EXPECT_EQ(v[0], 600);
    std::vector<long> w(100, me.thread() + 1);
    coll::prefix_reduce(me, std::span(w), std::span<const long>(w));
    EXPECT_EQ(w.back(), 100 * me.thread() * (me.thread() + 1) / 2 + 100 * (me.thread() + 1));
  });
}

TEST(Errors, collectives_on_a_twin_team) {
  SKIP_UNDER_MPI();
  // The twin carries the non-blocking collectives: a call of the caller's own there would mix
  // with one in flight.
  expect_refusal(2, [](pg::Context& me) {
    auto twin = me.world().twin();
    std::vector<int> v(1, me.thread());
    coll::allreduce(me, std::span(v), std::span<const int>(v), coll::op::add{}, {.team = &twin});
  }, "allreduce", "twin");
}

TEST(Errors, chunks_overlapping_in_the_destination) {
  SKIP_UNDER_MPI();
  // Which chunk's bytes would end there depends on the order of the copies.
  expect_refusal(3, [](pg::Context& me) {
    std::vector<int> src(8, me.thread()), dst(8, -1);
    std::vector<coll::ChunkCopy> chunks{{.from = 0, .from_offset = 0, .to = 2, .to_offset = 0, .count = 4},
                                        {.from = 1, .from_offset = 0, .to = 1, .to_offset = 2, .count = 4},
                                        {.from = 1, .from_offset = 4, .to = 2, .to_offset = 3, .count = 2}};
    coll::vector_copy(me, dst, src, std::span<const coll::ChunkCopy>(chunks));
  }, "vector_copy", "chunks 0 and 2 overlap in the destination");
  // Chunks that only touch, or overlap in the source, are fine.
  pgasmr::test::run_spmd(3, [](pg::Context& me) {
    std::vector<int> src(8, me.thread()), dst(8, -1);
    std::vector<coll::ChunkCopy> chunks{{.from = 0, .from_offset = 0, .to = 2, .to_offset = 0, .count = 4},
                                        {.from = 0, .from_offset = 2, .to = 2, .to_offset = 4, .count = 4}};
    coll::vector_copy(me, dst, src, std::span<const coll::ChunkCopy>(chunks));
    EXPECT_EQ(dst, me.thread() == 2 ? std::vector<int>(8, 0) : std::vector<int>(8, -1));
  });
}

// Run by ctest with PGASMR_COLL_ALGORITHM=bogus (coll_errors_test.bad_algorithm): the variable
// was only read once traffic crossed processes, so a job of one process never saw the typo.
TEST(Errors, malformed_algorithm_variable) {
  SKIP_UNDER_MPI();
  const char* value = std::getenv("PGASMR_COLL_ALGORITHM");
  if (!value || std::string(value) != "bogus") GTEST_SKIP() << "run with PGASMR_COLL_ALGORITHM=bogus";
  expect_refusal(2, [](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    coll::broadcast(me, dst, src, 1);
  }, "broadcast", "PGASMR_COLL_ALGORITHM must be auto, flat, native, binomial, pairwise or bruck, got 'bogus'");
}

TEST(Errors, member_returning_while_the_others_wait_in_a_collective) {
  SKIP_UNDER_MPI();
  // It used to hang; a thread that has returned now watches the others (pgas: Liveness).
  for (auto [operation, threads] : {std::pair{"broadcast", 2}, {"allreduce", 3}}) {
    expect_refusal(static_cast<std::size_t>(threads), [op = std::string(operation)](pg::Context& me) {
      if (me.thread() == 1) return;
      std::vector<long> src(1000, 1), dst(1000);
      if (op == "broadcast") coll::broadcast(me, dst, src, 1000);
      else coll::allreduce(me, std::span(dst).first(1), src);
    }, "Runtime::run", "thread 1 returned from the job's body while thread");
  }
}

TEST(Errors, member_returning_while_the_others_wait_for_a_nonblocking_collective) {
  SKIP_UNDER_MPI();
  // It hung: the progress threads that run the collective counted as at work for good.
  expect_refusal(3, [](pg::Context& me) {
    if (me.thread() == 1) return;
    std::vector<long> src(1000, 1), dst(1);
    coll::iallreduce(me, dst, src).wait();
  }, "Runtime::run", "thread 1 returned from the job's body while threads 0, 2 wait");
}

TEST(Errors, member_returning_while_a_nonblocking_collective_waits_for_a_working_one_is_no_error) {
  SKIP_UNDER_MPI();
  // Thread 2 returns at once; thread 0 waits for its request, whose collective waits for
  // thread 1, which computes meanwhile (sleeps) well beyond the watch's second.
  pgasmr::test::run_spmd(3, [](pg::Context& me) {
    auto pair = me.world().split(me.thread() == 2 ? 1 : 0, me.thread());
    if (me.thread() == 2) return;
    if (me.thread() == 1) std::this_thread::sleep_for(std::chrono::milliseconds(2500));
    std::vector<long> v(1000, me.thread() == 0 ? 7 : 0);
    coll::ibroadcast(me, coll::in_place, v, v.size(), {.team = &pair}).wait();
    EXPECT_EQ(v, std::vector<long>(1000, 7));
  });
}

TEST(Errors, nonblocking_form_on_one_thread_and_the_blocking_one_on_the_others) {
  SKIP_UNDER_MPI();
  // They never meet (the i-form runs on the team's twin): every thread waited forever.
  expect_refusal(3, [](pg::Context& me) {
    std::vector<long> src(1000, 1), dst(1);
    if (me.thread() == 0) coll::iallreduce(me, dst, src).wait();
    else coll::allreduce(me, dst, src);
  }, "Runtime::run", "every thread waits for another (threads 0, 1, 2, in barriers, collectives, requests or for locks)");
}

TEST(Errors, request_kept_past_the_run_reports_its_result) {
  SKIP_UNDER_MPI();
  // The progress thread ran the collective after the body's Context had ended (a crash at one
  // thread); the thread now waits for it before it leaves the body.
  for (std::size_t threads : {1, 3}) {
    std::vector<std::optional<coll::Request>> kept(threads);
    std::vector<std::vector<long>> results(threads, std::vector<long>(1));
    std::vector<long> src(1000, 1);
    pgasmr::test::run_spmd(threads, [&](pg::Context& me) {
      auto mine = static_cast<std::size_t>(me.thread());
      kept[mine] = coll::iallreduce(me, results[mine], src);
    });
    for (std::size_t t = 0; t < threads; ++t) {
      kept[t]->wait();
      EXPECT_EQ(results[t][0], static_cast<long>(1000 * threads));
    }
  }
}

TEST(Errors, nonblocking_collective_that_the_others_never_join) {
  SKIP_UNDER_MPI();
  std::optional<coll::Request> kept;
  std::vector<long> src(1000, 1), dst(1);
  expect_refusal(2, [&](pg::Context& me) {
    if (me.thread() == 0) kept = coll::iallreduce(me, dst, src);
  }, "Runtime::run", "the non-blocking collectives of thread 0 wait for members that never joined them");
  EXPECT_THROW(kept->wait(), pgasmr::error);
}

TEST(Errors, team_of_an_ended_run) {
  SKIP_UNDER_MPI();
  // Its cached channel still answered: a broadcast on it hung.
  pg::Runtime runtime(pgasmr::test::config_for(2));
  std::array<std::optional<pg::Team>, 2> kept;
  runtime.run([&](pg::Context& me) {
    kept[static_cast<std::size_t>(me.thread())] = me.world().split(0, me.thread());
    std::vector<int> v(1);
    coll::broadcast(me, coll::in_place, v, 1, {.team = &*kept[static_cast<std::size_t>(me.thread())]});
  });
  try {
    runtime.run([&](pg::Context& me) {
      std::vector<int> v(1);
      coll::broadcast(me, coll::in_place, v, 1, {.team = &*kept[static_cast<std::size_t>(me.thread())]});
    });
    ADD_FAILURE() << "a collective on a team of an ended run returned";
  } catch (const pgasmr::error& e) {
    EXPECT_EQ(e.operation(), "broadcast (in place)") << e.what();
    EXPECT_NE(std::string(e.what()).find("belongs to a run that has ended"), std::string::npos) << e.what();
  }
}

TEST(Errors, collective_from_another_os_thread) {
  SKIP_UNDER_MPI();
  // It took part as the Context's thread while that thread was elsewhere.
  try {
    pgasmr::test::run_spmd(2, [](pg::Context& me) {
      std::vector<int> v(1, me.thread());
      if (me.thread() != 0) return coll::broadcast(me, coll::in_place, v, 1);
      std::exception_ptr error;
      std::thread other([&] {
        try {
          coll::broadcast(me, coll::in_place, v, 1);
        } catch (...) {
          error = std::current_exception();
        }
      });
      other.join();
      if (error) std::rethrow_exception(error);
    });
    ADD_FAILURE() << "a collective from another OS thread returned";
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("does not run PGAS thread 0"), std::string::npos) << e.what();
  }
}

/// The same runtime runs again after a refused collective.
TEST(Errors, runtime_runs_again_after_a_refusal) {
  SKIP_UNDER_MPI();
  pg::Runtime runtime(pgasmr::test::config_for(3));
  EXPECT_THROW(runtime.run([](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    coll::broadcast(me, dst, src, 1, {.root = 7});
  }), pgasmr::error);
  runtime.run([](pg::Context& me) {
    std::vector<int> src(1, me.thread() + 40), dst(1, -1);
    coll::broadcast(me, dst, src, 1, {.root = 2});
    EXPECT_EQ(dst[0], 42);
  });
}

}  // namespace
