// Shared segments between the processes of one host (run under mpirun with them on and off):
// every segment of the host is mapped exactly when they are on, and one-sided access, atomics
// and locks between processes are then plain memory operations that the other process sees
// without any MPI call.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/global_ptr.hpp>
#include <pgasmr/pgas/lock.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>

#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
using pgasmr::test::for_each_thread_count;

namespace {

/// The mode under test (PGASMR_SHARED_SEGMENTS, default on); the tests run on one host.
bool shared_segments() { return pg::Config::from_environment().shared_segments; }

/// The thread in the next process with the caller's local index (the caller without mpirun).
pg::thread_id partner(const pg::Context& me) {
  return (me.thread() + me.threads_per_process()) % me.threads();
}

/// Waits for a plain load of `word` to see `value`; throws after a minute instead of hanging.
void await_value(const std::uint64_t& word, std::uint64_t value) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  std::atomic_ref<const std::uint64_t> load(word);
  while (load.load(std::memory_order_acquire) != value)
    if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("the put never arrived");
}

}  // namespace

TEST(SharedSegments, map_the_host_exactly_when_on) {
  for_each_thread_count([](pg::Context& me) {
    auto words = pg::all_alloc<std::uint64_t>(me, me.threads(), 1);
    for (int t = 0; t < me.threads(); ++t) {
      bool same_process = me.process_of(t) == me.process();
      auto* mapped = pg::detail::mapped_address(me, t, words.on_thread(t).offset());
      EXPECT_EQ(mapped != nullptr, same_process || shared_segments()) << "thread " << t;
      EXPECT_EQ(pg::detail::shares_segments(me, me.process(), me.process_of(t)), same_process || shared_segments());
      // global_ptr::local stays within the process: other processes' memory may not be mapped.
      EXPECT_EQ(words.on_thread(t).is_local(me), same_process);
      if (same_process) {
        EXPECT_EQ(mapped, reinterpret_cast<std::byte*>(words.on_thread(t).local(me)));
      }
    }
    // A store through the mapping lands in the partner's own memory.
    if (auto* theirs = pg::detail::mapped_address(me, partner(me), words.on_thread(partner(me)).offset()))
      std::atomic_ref(*reinterpret_cast<std::uint64_t*>(theirs)).store(1000 + static_cast<std::uint64_t>(me.thread()));
    me.barrier();
    auto from = (me.thread() - me.threads_per_process() + me.threads()) % me.threads();
    if (shared_segments() || me.processes() == 1) {
      EXPECT_EQ(*words.on_thread(me.thread()).local(me), 1000 + static_cast<std::uint64_t>(from));
    }
    me.barrier();
    pg::all_free(me, words);
  });
}

TEST(SharedSegments, a_put_is_seen_by_a_plain_load_in_the_other_process) {
  for_each_thread_count([](pg::Context& me) {
    constexpr std::size_t payload = 1000;
    auto data = pg::all_alloc<std::uint64_t>(me, me.threads(), payload);
    auto flags = pg::all_alloc<std::uint64_t>(me, me.threads(), 1);
    std::vector<std::uint64_t> mine(payload);
    for (std::size_t i = 0; i < payload; ++i) mine[i] = static_cast<std::uint64_t>(me.thread()) * payload + i;
    // No barrier between the partner's put and our loads: its writes must arrive by themselves.
    pg::memput(me, data.on_thread(partner(me)), std::span<const std::uint64_t>(mine));
    pg::atomic_store(me, flags.on_thread(partner(me)), std::uint64_t{1});
    const auto* flag = flags.on_thread(me.thread()).local(me);
    await_value(*flag, 1);
    auto from = (me.thread() - me.threads_per_process() + me.threads()) % me.threads();
    const auto* received = data.on_thread(me.thread()).local(me);
    for (std::size_t i = 0; i < payload; ++i)
      if (received[i] != static_cast<std::uint64_t>(from) * payload + i) {
        ADD_FAILURE() << "word " << i << " from thread " << from << " is " << received[i];
        break;
      }
    me.barrier();
    pg::all_free(me, flags);
    pg::all_free(me, data);
  });
}

TEST(SharedSegments, atomics_from_every_process_on_one_word) {
  for_each_thread_count([](pg::Context& me) {
    constexpr int rounds = 2000;
    auto counters = pg::all_alloc<std::uint64_t>(me, 2, 1);  // one on thread 0, one on thread 1
    if (me.thread() == 0) {
      pg::atomic_store(me, counters, std::uint64_t{0});
      pg::atomic_store(me, counters + 1, std::uint64_t{0});
    }
    me.barrier();
    auto swapped = counters + 1;
    for (int i = 0; i < rounds; ++i) {
      pg::atomic_fetch_add(me, counters, std::uint64_t{1});
      for (auto seen = pg::atomic_load(me, swapped);;) {
        auto previous = pg::atomic_compare_exchange(me, swapped, seen, seen + 1);
        if (previous == seen) break;
        seen = previous;
      }
    }
    me.barrier();
    auto expected = static_cast<std::uint64_t>(rounds) * static_cast<std::uint64_t>(me.threads());
    EXPECT_EQ(pg::atomic_load(me, counters), expected);
    EXPECT_EQ(pg::atomic_load(me, swapped), expected);
    me.barrier();
    pg::all_free(me, counters);
  });
}

TEST(SharedSegments, a_lock_contended_across_processes_guards_plain_get_and_put) {
  for_each_thread_count([](pg::Context& me) {
    constexpr int rounds = 300;
    auto lock = pg::Lock::all_alloc(me);
    // Two words in different threads' segments (different processes under mpirun) that the
    // lock keeps equal; a critical section that overlapped another would see them differ.
    auto words = pg::all_alloc<std::uint64_t>(me, me.threads(), 1);
    auto first = words;
    auto second = words.on_thread(me.threads() - 1);
    if (me.thread() == 0) {
      pg::put(me, first, std::uint64_t{0});
      pg::put(me, second, std::uint64_t{0});
    }
    me.barrier();
    int torn = 0;
    for (int i = 0; i < rounds; ++i) {
      pg::LockGuard guard(me, lock);
      auto a = pg::get(me, first);
      auto b = pg::get(me, second);
      torn += a != b;
      pg::put(me, first, a + 1);
      pg::put(me, second, b + 1);
    }
    EXPECT_EQ(torn, 0);
    me.barrier();
    auto expected = static_cast<std::uint64_t>(rounds) * static_cast<std::uint64_t>(me.threads());
    EXPECT_EQ(pg::get(me, first), expected);
    EXPECT_EQ(pg::get(me, second), expected);
    me.barrier();
    pg::all_free(me, words);
    if (me.thread() == 0) lock.free(me);
  });
}
