// The shared heaps: all_alloc / global_alloc / local_alloc / free / all_free. Allocations are
// filled with patterns that name their owner and allocation, so any overlap shows up as a
// pattern another allocation's writer overwrote.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/global_ptr.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>
#include <pgasmr/pgas/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/random_bits.hpp"
#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
using pgasmr::test::expect_error;
using pgasmr::test::for_each_thread_count;

namespace {

constexpr std::size_t MiB = std::size_t{1} << 20;

pg::thread_id shifted(const pg::Context& me, int shift) { return (me.thread() + shift) % me.threads(); }

/// Element `index` of allocation `id` (ids encode the owner): distinct across allocations.
std::uint32_t mark(std::size_t id, std::size_t index) {
  return static_cast<std::uint32_t>(id * 0x01000193u) ^ static_cast<std::uint32_t>(index * 2654435761u);
}
std::vector<std::uint32_t> marks(std::size_t id, std::size_t count) {
  std::vector<std::uint32_t> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = mark(id, i);
  return values;
}

/// The id of part `t` of a global allocation `id` (ids stay below 2^26).
std::size_t part_id(std::size_t id, int t) { return id + (static_cast<std::size_t>(t + 1) << 26); }

/// Reads `count` elements at `at` and counts those that differ from allocation `id`'s marks.
std::size_t wrong_marks(pg::Context& me, pg::global_ptr<std::uint32_t> at, std::size_t id, std::size_t count) {
  std::vector<std::uint32_t> got(count);
  pg::memget(me, std::span(got), at);
  auto expected = marks(id, count);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) bad += got[i] != expected[i];
  return bad;
}

std::size_t segment_bytes() { return pgasmr::test::config_for(1).segment_bytes; }

}  // namespace

TEST(Memory, all_alloc_gives_every_thread_the_same_pointer_and_deals_blocks_round_robin) {
  constexpr std::size_t block = 5;
  for_each_thread_count([](pg::Context& me) {
    const int threads = me.threads();
    const std::size_t nblocks = 3 * static_cast<std::size_t>(threads) + 1;  // thread 0 gets one more
    auto array = pg::all_alloc<std::uint32_t>(me, nblocks, block);
    EXPECT_EQ(array.where(), 0);
    auto seen = pg::all_alloc<pg::global_ptr<std::uint32_t>>(me, 1, threads);
    pg::put(me, seen + me.thread(), array);
    // Block k is on thread k % THREADS, at block k / THREADS of that thread's part.
    auto block_at = [&](std::size_t k) {
      return array.on_thread(static_cast<int>(k % threads)) + static_cast<std::ptrdiff_t>(k / threads * block);
    };
    for (std::size_t k = static_cast<std::size_t>(me.thread()); k < nblocks; k += threads) {
      auto* mine = block_at(k).local(me);
      for (std::size_t j = 0; j < block; ++j) mine[j] = mark(k, j);
    }
    me.barrier();
    for (int t = 0; t < threads; ++t) EXPECT_EQ(pg::get(me, seen + t), array) << "thread " << t;
    for (std::size_t k = 0; k < nblocks; ++k) EXPECT_EQ(wrong_marks(me, block_at(k), k, block), 0u) << "block " << k;
    pg::all_free(me, seen);
    pg::all_free(me, array);
  });
}

TEST(Memory, global_alloc_by_one_thread_is_usable_and_freeable_by_others) {
  constexpr std::size_t count = 1000;
  for_each_thread_count([](pg::Context& me) {
    const pg::thread_id owner = me.threads() - 1;
    auto mailbox = pg::all_alloc<pg::global_ptr<std::uint32_t>>(me, 1, 1);
    if (me.thread() == owner) {
      auto made = pg::global_alloc<std::uint32_t>(me, me.threads(), count);
      EXPECT_EQ(made.where(), 0);  // like all_alloc: points at thread 0's part
      pg::put(me, mailbox, made);
    }
    me.barrier();
    auto array = pg::get(me, mailbox);
    // Each thread fills its neighbour's part, then checks its own.
    pg::memput(me, array.on_thread(shifted(me, 1)), marks(static_cast<std::size_t>(me.thread()), count));
    me.barrier();
    auto writer = static_cast<std::size_t>((me.thread() + me.threads() - 1) % me.threads());
    EXPECT_EQ(wrong_marks(me, array.on_thread(me.thread()), writer, count), 0u);
    me.barrier();
    if (me.thread() == 0) pg::free(me, array);  // not the allocating thread (unless alone)
    me.barrier();
    if (me.thread() == owner) expect_error([&] { pg::free(me, array); }, "double free");
    pg::all_free(me, mailbox);
  });
}

TEST(Memory, concurrent_global_allocs_do_not_overlap) {
  for_each_thread_count([](pg::Context& me) {
    // Every thread allocates at once, a different size each, and fills every part.
    const auto id = static_cast<std::size_t>(me.thread());
    const std::size_t count = 100 + 37 * id;
    auto array = pg::global_alloc<std::uint32_t>(me, me.threads(), count);
    for (int t = 0; t < me.threads(); ++t)
      pg::memput(me, array.on_thread(t), marks(id * 1000 + static_cast<std::size_t>(t), count));
    me.barrier();
    for (int t = 0; t < me.threads(); ++t)
      EXPECT_EQ(wrong_marks(me, array.on_thread(t), id * 1000 + static_cast<std::size_t>(t), count), 0u) << t;
    me.barrier();
    pg::free(me, array);
  });
}

TEST(Memory, local_alloc_lives_in_the_callers_segment) {
  for_each_thread_count([](pg::Context& me) {
    const auto id = static_cast<std::size_t>(me.thread());
    const std::size_t count = 1000 + id;
    auto mine = pg::local_alloc<std::uint32_t>(me, count);
    EXPECT_EQ(mine.where(), me.thread());
    EXPECT_TRUE(mine.is_local(me));
    auto values = marks(id, count);
    std::copy(values.begin(), values.end(), mine.local(me));
    auto directory = pg::all_alloc<pg::global_ptr<std::uint32_t>>(me, 1, me.threads());
    pg::put(me, directory + me.thread(), mine);
    me.barrier();
    auto source = shifted(me, me.threads() / 2);
    auto theirs = pg::get(me, directory + source);
    EXPECT_EQ(theirs.where(), source);
    EXPECT_EQ(wrong_marks(me, theirs, static_cast<std::size_t>(source), 1000 + static_cast<std::size_t>(source)), 0u);
    me.barrier();
    pg::free(me, mine);
    pg::all_free(me, directory);
  });
}

TEST(Memory, free_by_another_thread_makes_the_space_reusable) {
  for_each_thread_count([](pg::Context& me) {
    // Fill our local heap with 1 MiB chunks.
    std::vector<pg::global_ptr<std::byte>> chunks;
    for (;;) {
      try {
        chunks.push_back(pg::local_alloc<std::byte>(me, MiB));
      } catch (const pgasmr::error&) {
        break;
      }
    }
    EXPECT_GE(chunks.size(), 2u);
    // Hand our middle chunk to our neighbour, who frees it.
    auto directory = pg::all_alloc<pg::global_ptr<std::byte>>(me, 1, me.threads());
    auto middle = chunks[chunks.size() / 2];
    pg::put(me, directory + me.thread(), middle);
    me.barrier();
    pg::free(me, pg::get(me, directory + (me.thread() + me.threads() - 1) % me.threads()));
    me.barrier();
    // That hole is the only place a chunk fits now.
    auto again = pg::local_alloc<std::byte>(me, MiB);
    EXPECT_EQ(again, middle);
    expect_error([&] { (void)pg::local_alloc<std::byte>(me, MiB); }, "out of shared memory");
    for (auto chunk : chunks) pg::free(me, chunk);
    pg::all_free(me, directory);
  });
}

TEST(Memory, allocate_and_free_in_a_loop_does_not_run_out) {
  for_each_thread_count([](pg::Context& me) {
    // Each size fits a few times at most, so leaking any of them runs out within the loop.
    const auto local_size = segment_bytes() / 8;
    const auto global_size = segment_bytes() / 2 / static_cast<std::size_t>(me.threads());
    const auto all_size = segment_bytes() / 2;
    for (int i = 0; i < 1000; ++i) {
      auto local = pg::local_alloc<std::byte>(me, local_size);
      pg::put(me, local + static_cast<std::ptrdiff_t>(local_size - 1), std::byte{1});
      pg::free(me, local);
      auto global = pg::global_alloc<std::byte>(me, me.threads(), global_size);
      pg::free(me, global);
    }
    me.barrier();  // every thread's global allocations are gone before the collective ones
    for (int i = 0; i < 200; ++i) {
      auto all = pg::all_alloc<std::byte>(me, me.threads(), all_size);
      pg::all_free(me, all);
    }
  });
}

TEST(Memory, all_alloc_with_different_sizes_is_refused) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "under mpirun a failed run ends the whole job by design";
  // The thread that asks for more would write beyond its block unnoticed.
  pg::Runtime runtime(pgasmr::test::config_for(3));
  try {
    runtime.run([](pg::Context& me) { (void)pg::all_alloc<std::byte>(me, 3, me.thread() == 2 ? 200 : 100); });
    ADD_FAILURE() << "all_alloc with different sizes returned";
  } catch (const pgasmr::error& e) {
    EXPECT_EQ(e.operation(), "all_alloc") << e.what();
    EXPECT_EQ(e.thread(), 2) << e.what();
    EXPECT_NE(std::string(e.what()).find("asked for 200 bytes per thread where thread 0 asked for 100"),
              std::string::npos)
        << e.what();
  }
}

TEST(Memory, out_of_memory_mentions_segment_size) {
  const auto segment = segment_bytes();
  for_each_thread_count([&](pg::Context& me) {
    expect_error([&] { (void)pg::local_alloc<std::byte>(me, segment); }, "--segment-size");
    expect_error([&] { (void)pg::global_alloc<std::byte>(me, me.threads(), segment); }, "--segment-size");
    // Collective: every thread throws the same cause that thread 0 met.
    try {
      (void)pg::all_alloc<std::byte>(me, me.threads(), segment);
      ADD_FAILURE() << "all_alloc of a whole segment per thread returned";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "all_alloc");
      std::string what = e.what();
      EXPECT_NE(what.find("--segment-size"), std::string::npos) << what;
    }
    // Free space that is too fragmented for the request is reported as such.
    std::vector<pg::global_ptr<std::byte>> chunks;
    for (;;) {
      try {
        chunks.push_back(pg::local_alloc<std::byte>(me, MiB));
      } catch (const pgasmr::error&) {
        break;
      }
    }
    // Free every other chunk but the last (whose neighbour is the heap's short tail): holes of
    // exactly 1 MiB, more than 2 MiB free in all.
    std::vector<pg::global_ptr<std::byte>> kept;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      if (i % 2 == 0 && i + 1 < chunks.size())
        pg::free(me, chunks[i]);
      else
        kept.push_back(chunks[i]);
    }
    EXPECT_GE(chunks.size(), 5u);
    expect_error([&] { (void)pg::local_alloc<std::byte>(me, 2 * MiB); }, "fragmented); raise --segment-size");
    auto fits = pg::local_alloc<std::byte>(me, MiB);  // the failures left the heap usable
    pg::free(me, fits);
    for (auto chunk : kept) pg::free(me, chunk);
    // Afterwards the collective works again on every thread.
    auto ok = pg::all_alloc<std::byte>(me, me.threads(), MiB);
    pg::all_free(me, ok);
  });
}

TEST(Memory, sizes_that_overflow_throw) {
  constexpr auto huge = std::numeric_limits<std::size_t>::max();
  for_each_thread_count([](pg::Context& me) {
    // count * sizeof(T) and nblocks * block bytes do not fit in size_t: must not wrap to a small size.
    expect_error([&] { (void)pg::local_alloc<std::uint64_t>(me, huge / 8 + 2); }, "overflow");
    expect_error([&] { (void)pg::global_alloc<std::uint64_t>(me, me.threads(), huge / 8 + 2); }, "overflow");
    expect_error([&] { (void)pg::all_alloc<std::uint64_t>(me, me.threads(), huge / 8 + 2); }, "overflow");
    expect_error([&] { (void)pg::all_alloc<std::uint64_t>(me, huge, 4); }, "overflow");
  });
}

TEST(Memory, double_free_and_bad_free_throw) {
  for_each_thread_count([](pg::Context& me) {
    auto local = pg::local_alloc<std::uint64_t>(me, 8);
    pg::free(me, local);
    expect_error([&] { pg::free(me, local); }, "double free");

    // One thread only: another thread's global_alloc could reuse the freed block, and the
    // second free would then (rightly) free that one.
    if (me.thread() == 0) {
      auto global = pg::global_alloc<std::uint64_t>(me, me.threads(), 8);
      pg::free(me, global);
      expect_error([&] { pg::free(me, global); }, "double free");
    }

    auto inner = pg::local_alloc<std::uint64_t>(me, 8);
    expect_error([&] { pg::free(me, inner + 1); }, "not the start of a live shared allocation");
    pg::free(me, inner);  // still live after the bad call

    expect_error([&] { pg::free(me, pg::global_ptr<std::uint64_t>(me.thread(), 0)); }, "not in a shared heap");
    expect_error([&] { pg::free(me, pg::global_ptr<std::uint64_t>(me.threads(), 0)); }, "does not exist");
  });
}

TEST(Memory, all_free_releases_once_for_all_threads) {
  for_each_thread_count([](pg::Context& me) {
    // Half a segment per thread fits once: the second round only works if all_free released it.
    for (int round = 0; round < 3; ++round) {
      auto all = pg::all_alloc<std::uint32_t>(me, me.threads(), segment_bytes() / 2 / 4);
      pg::put(me, all.on_thread(shifted(me, 1)), std::uint32_t(round));
      me.barrier();
      EXPECT_EQ(pg::get(me, all.on_thread(me.thread())), std::uint32_t(round));
      pg::all_free(me, all);
    }
  });
}

TEST(Memory, zero_sized_allocations_are_distinct_and_freeable) {
  for_each_thread_count([](pg::Context& me) {
    auto a = pg::local_alloc<int>(me, 0);
    auto b = pg::local_alloc<int>(me, 0);
    EXPECT_NE(a, b);
    auto c = pg::all_alloc<int>(me, 0, 0);
    auto d = pg::global_alloc<int>(me, me.threads(), 0);
    EXPECT_NE(c.offset(), d.offset());
    pg::free(me, a);
    pg::free(me, b);
    pg::free(me, d);
    pg::all_free(me, c);
  });
}

TEST(Memory, many_live_allocations_do_not_overlap) {
  for_each_thread_count([](pg::Context& me) {
    const auto self = static_cast<std::size_t>(me.thread());
    pgasmr::test::Rng random{0x5EED + self};
    struct Live {
      pg::global_ptr<std::uint32_t> at;
      std::size_t count, id;
      bool global;  // true: `count` elements on every thread
    };
    std::vector<Live> live;
    std::size_t next_id = self << 20;
    for (int round = 0; round < 3; ++round) {
      // Many local and some global allocations of assorted sizes, plus one collective.
      for (int i = 0; i < 150; ++i) {
        auto count = random.below(2001);
        live.push_back({pg::local_alloc<std::uint32_t>(me, count), count, next_id++, false});
      }
      for (int i = 0; i < 10; ++i) {
        auto count = 1 + random.below(500);
        live.push_back({pg::global_alloc<std::uint32_t>(me, me.threads(), count), count, next_id++, true});
      }
      auto collective = pg::all_alloc<std::uint32_t>(me, me.threads(), 300);
      live.push_back({collective.on_thread(me.thread()), 300, next_id++, false});
      for (const auto& a : live) {
        if (a.global) {
          for (int t = 0; t < me.threads(); ++t)
            pg::memput(me, a.at.on_thread(t), marks(part_id(a.id, t), a.count));
        } else {
          pg::memput(me, a.at, marks(a.id, a.count));
        }
      }
      me.barrier();  // every thread has written everything it owns
      std::size_t bad = 0;
      for (const auto& a : live) {
        if (a.global) {
          for (int t = 0; t < me.threads(); ++t)
            bad += wrong_marks(me, a.at.on_thread(t), part_id(a.id, t), a.count);
        } else {
          bad += wrong_marks(me, a.at, a.id, a.count);
        }
      }
      EXPECT_EQ(bad, 0u) << "round " << round;
      // Our local allocations' byte ranges are disjoint too.
      std::vector<std::pair<std::size_t, std::size_t>> ranges;
      for (const auto& a : live)
        if (!a.global && a.at.where() == me.thread()) ranges.emplace_back(a.at.offset(), a.count * 4);
      std::ranges::sort(ranges);
      for (std::size_t i = 1; i < ranges.size(); ++i)
        EXPECT_LE(ranges[i - 1].first + ranges[i - 1].second, ranges[i].first) << "round " << round;
      me.barrier();  // everyone has checked before anything is freed and reused
      // Free every other allocation, so the next round fills the holes.
      pg::all_free(me, collective);
      std::erase_if(live, [&](const Live& a) { return a.at.offset() == collective.offset(); });
      std::vector<Live> kept;
      for (std::size_t i = 0; i < live.size(); ++i) {
        if (i % 2 == 0)
          pg::free(me, live[i].at);
        else
          kept.push_back(live[i]);
      }
      live = std::move(kept);
    }
    for (const auto& a : live) pg::free(me, a.at);
  });
}

TEST(Memory, allocations_are_aligned_for_any_segment_size) {
  for (auto threads : pgasmr::test::thread_counts()) {
    SCOPED_TRACE("threads per process: " + std::to_string(threads));
    auto config = pgasmr::test::config_for(threads);
    config.segment_bytes = MiB + 12345;  // not a multiple of any alignment
    pg::Runtime runtime(config);
    EXPECT_GE(runtime.config().segment_bytes, config.segment_bytes);
    EXPECT_EQ(runtime.config().segment_bytes % 64, 0u);  // rounded up
    runtime.run([](pg::Context& me) {
      auto word = pg::all_alloc<std::int64_t>(me, me.threads(), 1);
      auto own = pg::local_alloc<std::int64_t>(me, 1);
      for (int t = 0; t < me.threads(); ++t) {
        if (!word.on_thread(t).is_local(me)) continue;
        auto address = reinterpret_cast<std::uintptr_t>(word.on_thread(t).local(me));
        EXPECT_EQ(address % alignof(std::max_align_t), 0u) << "thread " << t;
      }
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(own.local(me)) % alignof(std::max_align_t), 0u);
      // Atomics on every thread's word need that alignment.
      pg::atomic_store(me, word.on_thread(me.thread()), 0);
      me.barrier();
      for (int i = 0; i < 100; ++i)
        for (int t = 0; t < me.threads(); ++t) pg::atomic_fetch_add(me, word.on_thread(t), std::int64_t{1});
      me.barrier();
      EXPECT_EQ(pg::atomic_load(me, word.on_thread(me.thread())), 100 * me.threads());
      pg::free(me, own);
      pg::all_free(me, word);
    });
  }
}

TEST(Memory, segments_too_large_for_the_address_space_are_rejected) {
  auto config = pgasmr::test::config_for(4);
  config.segment_bytes = (std::size_t{1} << 62) + MiB;  // four of them wrap around to 4 MiB
  try {
    pg::Runtime runtime(config);
    ADD_FAILURE() << "a Runtime with " << config.segment_bytes << "-byte segments was created";
  } catch (const pgasmr::error& e) {
    EXPECT_NE(std::string(e.what()).find("overflow"), std::string::npos) << e.what();
  }
}

TEST(Memory, free_of_a_null_pointer_does_nothing) {
  for_each_thread_count([](pg::Context& me) {
    pg::free(me, pg::global_ptr<std::uint64_t>{});  // as upc_free(NULL)
    auto mine = pg::local_alloc<std::uint64_t>(me, 1);
    EXPECT_TRUE(mine);
    pg::free(me, mine);
  });
}
