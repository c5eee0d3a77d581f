// Atomics on shared integers and locks, contended by every thread (of every process under
// mpirun): counts must come out exact and critical sections must never overlap.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/global_ptr.hpp>
#include <pgasmr/pgas/lock.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>

#include "support/expect_error.hpp"
#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
using pgasmr::test::expect_error;
using pgasmr::test::for_each_thread_count;

namespace {

/// Increments per thread in the contended tests.
constexpr int increments = 2000;

pg::thread_id shifted(const pg::Context& me, int shift) { return (me.thread() + shift) % me.threads(); }

/// a + b in T's width, wrapping like the shared counter does.
template <class T>
T wrapping_add(T a, std::uint64_t b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}

template <class T>
class AtomicInt : public ::testing::Test {};
using AtomicTypes = ::testing::Types<std::int32_t, std::uint32_t, std::int64_t, std::uint64_t>;
TYPED_TEST_SUITE(AtomicInt, AtomicTypes);

}  // namespace

TYPED_TEST(AtomicInt, fetch_add_from_every_thread_is_exact) {
  using T = TypeParam;
  for_each_thread_count([](pg::Context& me) {
    const int threads = me.threads();
    const auto total = static_cast<std::uint64_t>(increments) * static_cast<std::uint64_t>(threads);
    // Start so that signed counters cross zero and unsigned ones wrap past their maximum.
    const T start = std::is_signed_v<T> ? static_cast<T>(-static_cast<std::int64_t>(total / 2))
                                        : static_cast<T>(std::numeric_limits<T>::max() - static_cast<T>(total / 2));
    auto counters = pg::all_alloc<T>(me, threads, 1);
    pg::atomic_store(me, counters.on_thread(me.thread()), start);
    me.barrier();
    // Every thread adds to every thread's counter, interleaved, starting at a different one.
    for (int i = 0; i < increments; ++i)
      for (int t = 0; t < threads; ++t) pg::atomic_fetch_add(me, counters.on_thread(shifted(me, t)), T{1});
    me.barrier();
    for (int t = 0; t < threads; ++t) {
      EXPECT_EQ(pg::atomic_load(me, counters.on_thread(t)), wrapping_add(start, total)) << "counter " << t;
      EXPECT_EQ(pg::get(me, counters.on_thread(t)), wrapping_add(start, total)) << "counter " << t;
    }
    pg::all_free(me, counters);
  });
}

TYPED_TEST(AtomicInt, compare_exchange_loop_counter_is_exact) {
  using T = TypeParam;
  constexpr int per_thread = increments / 4;  // every failed exchange costs a retry
  for_each_thread_count([](pg::Context& me) {
    // One counter, on the last thread: remote for the first process under mpirun.
    auto counter = pg::all_alloc<T>(me, me.threads(), 1).on_thread(me.threads() - 1);
    if (me.thread() == 0) pg::atomic_store(me, counter, T{0});
    me.barrier();
    for (int i = 0; i < per_thread; ++i) {
      T seen = pg::atomic_load(me, counter);
      for (T previous; (previous = pg::atomic_compare_exchange(me, counter, seen, static_cast<T>(seen + 1))) != seen;)
        seen = previous;
    }
    me.barrier();
    EXPECT_EQ(pg::atomic_load(me, counter), static_cast<T>(per_thread * me.threads()));
    pg::all_free(me, counter.on_thread(0));
  });
}

TYPED_TEST(AtomicInt, operations_return_the_previous_value_and_touch_one_word) {
  using T = TypeParam;
  using limits = std::numeric_limits<T>;
  for_each_thread_count([](pg::Context& me) {
    // In our neighbour's part: [sentinel, word, sentinel].
    auto slots = pg::all_alloc<T>(me, me.threads(), 3);
    auto word = slots.on_thread(shifted(me, 1)) + 1;
    const auto sentinel = static_cast<T>(0xA5A5A5A5A5A5A5A5ull);
    pg::put(me, word - 1, sentinel);
    pg::put(me, word + 1, sentinel);

    pg::atomic_store(me, word, T{10});
    EXPECT_EQ(pg::atomic_load(me, word), T{10});
    EXPECT_EQ(pg::atomic_fetch_add(me, word, T{5}), T{10});
    EXPECT_EQ(pg::atomic_load(me, word), T{15});
    if constexpr (std::is_signed_v<T>) {
      EXPECT_EQ(pg::atomic_fetch_add(me, word, T{-20}), T{15});
      EXPECT_EQ(pg::atomic_load(me, word), T{-5});
    } else {
      pg::atomic_store(me, word, limits::max());
      EXPECT_EQ(pg::atomic_fetch_add(me, word, T{3}), limits::max());
      EXPECT_EQ(pg::atomic_load(me, word), T{2});  // wrapped
    }
    // The extremes keep their width and sign.
    for (T extreme : {limits::min(), limits::max(), static_cast<T>(limits::max() / 2 + 1)}) {
      pg::atomic_store(me, word, extreme);
      EXPECT_EQ(pg::atomic_load(me, word), extreme);
      EXPECT_EQ(pg::get(me, word), extreme);
    }
    // A failed exchange returns the current value and stores nothing; a matching one stores.
    pg::atomic_store(me, word, T{7});
    EXPECT_EQ(pg::atomic_compare_exchange(me, word, T{8}, T{99}), T{7});
    EXPECT_EQ(pg::atomic_load(me, word), T{7});
    EXPECT_EQ(pg::atomic_compare_exchange(me, word, T{7}, limits::max()), T{7});
    EXPECT_EQ(pg::atomic_load(me, word), limits::max());
    EXPECT_EQ(pg::atomic_compare_exchange(me, word, limits::max(), limits::min()), limits::max());
    EXPECT_EQ(pg::atomic_load(me, word), limits::min());

    EXPECT_EQ(pg::get(me, word - 1), sentinel);
    EXPECT_EQ(pg::get(me, word + 1), sentinel);
    pg::all_free(me, slots);
  });
}

TEST(Atomic, fetch_add_hands_out_every_ticket_once) {
  for_each_thread_count([](pg::Context& me) {
    const int threads = me.threads();
    const auto tickets = static_cast<std::size_t>(increments * threads);
    // The counter on the last thread; the ticket book (who drew each ticket) on thread 0.
    auto counter = pg::all_alloc<std::uint32_t>(me, threads, 1).on_thread(threads - 1);
    auto book = pg::all_alloc<std::int32_t>(me, 1, tickets);
    if (me.thread() == 0) {
      pg::atomic_store(me, counter, 0u);
      pg::memput(me, book, std::vector<std::int32_t>(tickets, -1));
    }
    me.barrier();
    for (int i = 0; i < increments; ++i) {
      auto ticket = pg::atomic_fetch_add(me, counter, 1u);
      if (ticket < tickets) pg::put(me, book + static_cast<std::ptrdiff_t>(ticket), me.thread());
    }
    me.barrier();
    std::vector<std::int32_t> drawn(tickets);
    pg::memget(me, std::span(drawn), book);
    std::vector<int> per_thread(static_cast<std::size_t>(threads), 0);
    std::size_t unassigned = 0;
    for (auto who : drawn) {
      if (who < 0 || who >= threads)
        ++unassigned;
      else
        ++per_thread[static_cast<std::size_t>(who)];
    }
    EXPECT_EQ(unassigned, 0u);  // every ticket was drawn exactly once...
    for (int t = 0; t < threads; ++t) EXPECT_EQ(per_thread[static_cast<std::size_t>(t)], increments) << t;
    EXPECT_EQ(pg::atomic_load(me, counter), tickets);  // ...and no more were handed out
    pg::all_free(me, book);
    pg::all_free(me, counter.on_thread(0));
  });
}

TEST(Atomic, misaligned_or_out_of_range_target_throws) {
  for_each_thread_count([](pg::Context& me) {
    auto words = pg::local_alloc<std::int64_t>(me, 2);
    pg::global_ptr<std::int64_t> off_by_four(words.where(), words.offset() + 4);
    expect_error([&] { (void)pg::atomic_fetch_add(me, off_by_four, std::int64_t{1}); }, "not aligned to the 8-byte");
    expect_error([&] { (void)pg::atomic_load(me, off_by_four); }, "not aligned");
    expect_error([&] { pg::atomic_store(me, off_by_four, std::int64_t{1}); }, "not aligned");
    expect_error([&] { (void)pg::atomic_compare_exchange(me, off_by_four, std::int64_t{0}, std::int64_t{1}); },
                 "not aligned");
    pg::global_ptr<std::uint32_t> off_by_two(words.where(), words.offset() + 2);
    expect_error([&] { (void)pg::atomic_fetch_add(me, off_by_two, 1u); }, "not aligned to the 4-byte");
    // Four bytes in is fine for a 32-bit word.
    pg::global_ptr<std::uint32_t> second_half(words.where(), words.offset() + 4);
    pg::atomic_store(me, second_half, 5u);
    EXPECT_EQ(pg::atomic_fetch_add(me, second_half, 1u), 5u);

    expect_error([&] { (void)pg::atomic_load(me, pg::global_ptr<std::int64_t>(me.threads(), 4096)); },
                 "does not exist");
    const auto segment = pgasmr::test::config_for(1).segment_bytes;
    expect_error([&] { (void)pg::atomic_load(me, pg::global_ptr<std::int64_t>(shifted(me, 1), segment)); },
                 "outside the shared segment");
    pg::free(me, words);
  });
}

TEST(Lock, all_alloc_gives_every_thread_the_same_word) {
  for_each_thread_count([](pg::Context& me) {
    auto lock = pg::Lock::all_alloc(me);
    EXPECT_EQ(pg::atomic_load(me, lock.word()), 0);  // free
    auto seen = pg::all_alloc<pg::global_ptr<std::int64_t>>(me, 1, me.threads());
    pg::put(me, seen + me.thread(), lock.word());
    me.barrier();
    for (int t = 0; t < me.threads(); ++t) EXPECT_EQ(pg::get(me, seen + t), lock.word()) << "thread " << t;
    me.barrier();
    if (me.thread() == 0) lock.free(me);
    pg::all_free(me, seen);
  });
}

TEST(Lock, protects_a_non_atomic_counter) {
  for_each_thread_count([](pg::Context& me) {
    auto lock = pg::Lock::all_alloc(me);
    // The counter and an occupancy word, on the last thread.
    auto shared = pg::all_alloc<std::int64_t>(me, me.threads(), 2);
    auto counter = shared.on_thread(me.threads() - 1);
    auto inside = counter + 1;
    if (me.thread() == 0) {
      pg::put(me, counter, std::int64_t{0});
      pg::atomic_store(me, inside, 0);
    }
    me.barrier();
    int overlaps = 0;
    for (int i = 0; i < increments; ++i) {
      lock.lock(me);
      overlaps += pg::atomic_fetch_add(me, inside, 1) != 0;
      pg::put(me, counter, pg::get(me, counter) + 1);  // a plain read-modify-write
      overlaps += pg::atomic_fetch_add(me, inside, -1) != 1;
      lock.unlock(me);
    }
    EXPECT_EQ(overlaps, 0);
    me.barrier();
    EXPECT_EQ(pg::get(me, counter), std::int64_t{increments} * me.threads());
    EXPECT_EQ(pg::atomic_load(me, lock.word()), 0);
    me.barrier();
    if (me.thread() == 0) lock.free(me);
    pg::all_free(me, shared);
  });
}

TEST(Lock, global_alloc_word_is_shared_through_memory) {
  for_each_thread_count([](pg::Context& me) {
    const pg::thread_id owner = me.threads() - 1;
    auto mailbox = pg::all_alloc<pg::global_ptr<std::int64_t>>(me, 1, 1);  // on thread 0
    auto counter = pg::all_alloc<std::int64_t>(me, 1, 1);
    if (me.thread() == owner) {
      auto made = pg::Lock::global_alloc(me);
      EXPECT_EQ(made.word().where(), owner);  // in the allocating thread's segment
      pg::put(me, mailbox, made.word());
    }
    if (me.thread() == 0) pg::put(me, counter, std::int64_t{0});
    me.barrier();
    pg::Lock lock(pg::get(me, mailbox));
    EXPECT_EQ(lock.word().where(), owner);
    for (int i = 0; i < increments; ++i) {
      pg::LockGuard guard(me, lock);
      pg::put(me, counter, pg::get(me, counter) + 1);
    }
    me.barrier();
    EXPECT_EQ(pg::get(me, counter), std::int64_t{increments} * me.threads());
    me.barrier();
    if (me.thread() == owner) lock.free(me);
    pg::all_free(me, counter);
    pg::all_free(me, mailbox);
  });
}

TEST(Lock, try_lock_lets_exactly_one_thread_in) {
  for_each_thread_count([](pg::Context& me) {
    auto lock = pg::Lock::all_alloc(me);
    auto winners = pg::all_alloc<std::int64_t>(me, 1, 1);
    for (int round = 0; round < 20; ++round) {
      if (me.thread() == 0) pg::atomic_store(me, winners, 0);
      me.barrier();
      bool won = lock.try_lock(me);  // every thread at once on a free lock
      if (won) pg::atomic_fetch_add(me, winners, 1);
      me.barrier();
      EXPECT_EQ(pg::atomic_load(me, winners), 1) << "round " << round;
      if (won) {
        EXPECT_EQ(pg::atomic_load(me, lock.word()), me.thread() + 1);  // holder + 1
        lock.unlock(me);
      }
      me.barrier();
    }
    // A held lock refuses everyone else.
    if (me.thread() == 0) lock.lock(me);
    me.barrier();
    if (me.thread() != 0) {
      EXPECT_FALSE(lock.try_lock(me));
    }
    me.barrier();
    if (me.thread() == 0) lock.unlock(me);
    me.barrier();
    if (me.thread() == 0) lock.free(me);
    pg::all_free(me, winners);
  });
}

TEST(Lock, misuse_throws) {
  for_each_thread_count([](pg::Context& me) {
    auto own = pg::Lock::global_alloc(me);  // one lock per thread
    expect_error([&] { own.unlock(me); }, "the lock is not held");
    own.lock(me);
    expect_error([&] { (void)own.try_lock(me); }, "Lock::try_lock (thread");
    expect_error([&] { (void)own.try_lock(me); }, "already holds this lock");
    // lock() retries its attempt: without that check it would wait for itself forever.
    if (!::testing::Test::HasFailure()) expect_error([&] { own.lock(me); }, "Lock::lock (thread");
    if (!::testing::Test::HasFailure()) expect_error([&] { own.lock(me); }, "already holds this lock");
    own.unlock(me);
    expect_error([&] { own.unlock(me); }, "the lock is not held");  // not twice
    EXPECT_TRUE(own.try_lock(me));  // the failed calls left it usable
    own.unlock(me);
    own.free(me);

    // Unlocking a lock that another thread holds fails and leaves it held.
    auto shared = pg::Lock::all_alloc(me);
    if (me.thread() == 0) shared.lock(me);
    me.barrier();
    if (me.thread() != 0) {
      expect_error([&] { shared.unlock(me); }, "held by thread 0");
      EXPECT_FALSE(shared.try_lock(me));
    }
    me.barrier();
    if (me.thread() == 0) {
      EXPECT_NO_THROW(shared.unlock(me));
      shared.free(me);
    }
  });
}

TEST(Lock, lock_guard_holds_the_lock_for_its_scope) {
  for_each_thread_count([](pg::Context& me) {
    auto lock = pg::Lock::all_alloc(me);
    const pg::thread_id holder = me.threads() - 1;
    std::optional<pg::LockGuard> guard;
    if (me.thread() == holder) guard.emplace(me, lock);
    me.barrier();
    EXPECT_EQ(pg::atomic_load(me, lock.word()), holder + 1);
    if (me.thread() != holder) {
      EXPECT_FALSE(lock.try_lock(me));
    }
    me.barrier();
    guard.reset();
    me.barrier();
    EXPECT_EQ(pg::atomic_load(me, lock.word()), 0);
    me.barrier();
    if (me.thread() == 0) {
      EXPECT_TRUE(lock.try_lock(me));
      lock.unlock(me);
      lock.free(me);
    }
  });
}
