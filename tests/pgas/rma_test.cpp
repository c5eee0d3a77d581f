// One-sided access (get/put, memget/memput/memcpy, non-blocking transfers) and global_ptr.
// Every thread reads and writes the segments of threads at fixed shifts from itself, so under
// mpirun (2 processes x 2 threads) the same code moves data between processes.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/global_ptr.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>

#include "support/expect_error.hpp"
#include "support/spmd.hpp"

namespace pg = pgasmr::pgas;
using pgasmr::test::expect_error;
using pgasmr::test::for_each_thread_count;

namespace {

/// The thread `shift` places after `me` (mod THREADS). With 2 threads per process, shift 1
/// crosses to the other process from every second thread and shift THREADS / 2 from all.
pg::thread_id shifted(const pg::Context& me, int shift) { return (me.thread() + shift) % me.threads(); }
/// The thread that reaches `target` with `shift`: the writer of target's data.
pg::thread_id writer_of(const pg::Context& me, pg::thread_id target, int shift) {
  return ((target - shift) % me.threads() + me.threads()) % me.threads();
}

/// What `writer` stores at `index`: distinct per writer, and no two indexes alike.
std::uint64_t value_of(int writer, std::size_t index) {
  return (static_cast<std::uint64_t>(writer + 1) << 56) ^ (index * 0x9E3779B97F4A7C15ull);
}
std::vector<std::uint64_t> values_of(int writer, std::size_t count, std::size_t first = 0) {
  std::vector<std::uint64_t> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = value_of(writer, first + i);
  return values;
}
/// `count` pseudo-random bytes of buffer `salt` from `writer` (no period, so shifts show).
/// Built from 8-byte words: per-byte loops over MiBs are slow under the sanitizers.
std::vector<std::byte> bytes_of(int writer, std::size_t salt, std::size_t count) {
  auto words = values_of(writer, count / 8 + 1, salt << 32);
  std::vector<std::byte> bytes(count);
  if (count != 0) std::memcpy(bytes.data(), words.data(), count);  // data() may be null
  return bytes;
}

/// Number of entries that differ (one EXPECT per buffer instead of one per element).
template <class T>
std::size_t mismatches(std::span<const T> got, std::span<const T> expected) {
  if (got.size() == expected.size() &&
      (got.empty() || std::memcmp(got.data(), expected.data(), got.size_bytes()) == 0))
    return 0;
  std::size_t bad = got.size() == expected.size() ? 0 : std::max(got.size(), expected.size());
  for (std::size_t i = 0; i < std::min(got.size(), expected.size()); ++i) bad += got[i] != expected[i];
  return bad;
}

std::size_t segment_bytes() { return pgasmr::test::config_for(1).segment_bytes; }

}  // namespace

TEST(Rma, put_and_get_scalars_on_every_thread) {
  for_each_thread_count([](pg::Context& me) {
    const int threads = me.threads();
    // Every thread's part has one slot per writer; every thread writes its slot everywhere.
    auto slots = pg::all_alloc<std::uint64_t>(me, threads, threads);
    for (int t = 0; t < threads; ++t) pg::put(me, slots.on_thread(t) + me.thread(), value_of(me.thread(), t));
    me.barrier();
    for (int t = 0; t < threads; ++t)
      for (int w = 0; w < threads; ++w)
        EXPECT_EQ(pg::get(me, slots.on_thread(t) + w), value_of(w, t)) << "part " << t << ", writer " << w;
    pg::all_free(me, slots);
  });
}

TEST(Rma, put_and_get_structs_and_doubles) {
  struct Record {
    std::int32_t id;
    double weight;
    char tag[3];
  };
  static_assert(pg::transferable<Record>);
  for_each_thread_count([](pg::Context& me) {
    auto records = pg::all_alloc<Record>(me, me.threads(), 1);
    auto doubles = pg::all_alloc<double>(me, me.threads(), 1);
    auto target = shifted(me, 1);
    pg::put(me, records.on_thread(target), Record{me.thread() * 7 - 3, me.thread() + 0.25, {'a', 'b', 'c'}});
    pg::put(me, doubles.on_thread(target), -1.5 * me.thread());
    me.barrier();
    // Read back what the writer of a different thread's part stored.
    auto source = shifted(me, me.threads() / 2);
    auto writer = writer_of(me, source, 1);
    auto record = pg::get(me, records.on_thread(source));
    EXPECT_EQ(record.id, writer * 7 - 3);
    EXPECT_EQ(record.weight, writer + 0.25);
    EXPECT_EQ(std::string(record.tag, 3), "abc");
    EXPECT_EQ(pg::get(me, doubles.on_thread(source)), -1.5 * writer);
    pg::all_free(me, doubles);
    pg::all_free(me, records);
  });
}

TEST(Rma, memput_and_memget_bytes_at_many_sizes) {
  // From nothing through odd sizes to several MiB, at an odd offset in the destination.
  const std::vector<std::size_t> sizes = {0, 1, 3, 8, 63, 4097, 65537, (std::size_t{3} << 20) + 5};
  constexpr std::size_t offset = 3, guard = 8;
  for_each_thread_count([&](pg::Context& me) {
    const auto part_bytes = sizes.back() + offset + guard;
    auto buffer = pg::all_alloc<std::byte>(me, me.threads(), part_bytes);
    auto* own = buffer.on_thread(me.thread()).local(me);
    std::fill(own, own + part_bytes, std::byte{0xEE});
    me.barrier();
    for (std::size_t s = 0; s < sizes.size(); ++s) {
      const auto n = sizes[s];
      auto out = bytes_of(me.thread(), s, n);
      pg::memput(me, buffer.on_thread(shifted(me, 1)) + offset, out);
      me.barrier();
      // Read the part of another thread (another process under mpirun when THREADS >= 4).
      auto source = shifted(me, me.threads() / 2);
      std::vector<std::byte> in(n + offset + guard, std::byte{0});
      pg::memget(me, std::span(in), buffer.on_thread(source));
      auto expected = bytes_of(writer_of(me, source, 1), s, n);
      EXPECT_EQ(mismatches<std::byte>(std::span(in).subspan(offset, n), expected), 0u) << n << " bytes";
      // Sizes grow, so the bytes around the written range still hold the fill.
      for (std::size_t i = 0; i < offset; ++i) EXPECT_EQ(in[i], std::byte{0xEE}) << n << " bytes";
      for (std::size_t i = offset + n; i < in.size(); ++i) EXPECT_EQ(in[i], std::byte{0xEE}) << n << " bytes";
      me.barrier();  // before the next size overwrites
    }
    pg::all_free(me, buffer);
  });
}

TEST(Rma, memput_and_memget_typed_elements_from_several_threads) {
  const std::vector<std::size_t> counts = {1, 5, 1000, 65539};  // the bytes test goes to MiBs
  for_each_thread_count([&](pg::Context& me) {
    auto buffer = pg::all_alloc<std::uint64_t>(me, me.threads(), counts.back());
    for (auto n : counts) {
      pg::memput(me, buffer.on_thread(shifted(me, 1)), values_of(me.thread(), n, n));
      me.barrier();
      // Our own part, our neighbour's and the one half-way round: local and remote sources.
      for (int shift : {0, 1, me.threads() / 2}) {
        auto source = shifted(me, shift);
        std::vector<std::uint64_t> in(n);
        pg::memget(me, std::span(in), buffer.on_thread(source));
        EXPECT_EQ(mismatches<std::uint64_t>(in, values_of(writer_of(me, source, 1), n, n)), 0u)
            << n << " elements from thread " << source;
      }
      // An element in the middle, through a shifted pointer and a scalar get.
      auto middle = n / 2;
      EXPECT_EQ(pg::get(me, buffer.on_thread(shifted(me, 0)) + static_cast<std::ptrdiff_t>(middle)),
                value_of(writer_of(me, me.thread(), 1), n + middle));
      me.barrier();
    }
    pg::all_free(me, buffer);
  });
}

TEST(Rma, memcpy_between_shared_locations_in_any_process) {
  constexpr std::size_t n = (std::size_t{1} << 17) + 3;  // just over the 1 MiB staging chunk
  for_each_thread_count([&](pg::Context& me) {
    auto from = pg::all_alloc<std::uint64_t>(me, me.threads(), n);
    auto to = pg::all_alloc<std::uint64_t>(me, me.threads(), n);
    pg::memput(me, from.on_thread(me.thread()), values_of(me.thread(), n));
    me.barrier();
    std::vector<std::vector<std::uint64_t>> expected(static_cast<std::size_t>(me.threads()));
    auto values_from = [&](pg::thread_id origin) -> const std::vector<std::uint64_t>& {
      auto& values = expected[static_cast<std::size_t>(origin)];
      if (values.empty()) values = values_of(origin, n);
      return values;
    };
    std::span<const std::uint64_t> ours(to.on_thread(me.thread()).local(me), n);
    // (source shift, destination shift): both local, one remote either way, both remote.
    const std::pair<int, int> routes[] = {{0, 0}, {2, 0}, {0, 2}, {1, 2}, {3, 1}};
    for (auto [a, b] : routes) {
      pg::memcpy(me, to.on_thread(shifted(me, b)), from.on_thread(shifted(me, a)), n);
      me.barrier();
      // Our `to` part was filled by writer_of(b), who copied from thread writer_of(b) + a.
      auto origin = (writer_of(me, me.thread(), b) + a) % me.threads();
      EXPECT_EQ(mismatches<std::uint64_t>(ours, values_from(origin)), 0u) << "route (" << a << ", " << b << ")";
      me.barrier();
    }
    // A partial copy between odd offsets; nothing else in the destination changes.
    constexpr std::ptrdiff_t src_at = 5, dst_at = 9, count = 1001;
    pg::global_ptr<const std::uint64_t> src = from.on_thread(shifted(me, 1)) + src_at;
    pg::memcpy(me, to.on_thread(shifted(me, me.threads() / 2)) + dst_at, src, count);
    pg::memcpy(me, to.on_thread(shifted(me, me.threads() / 2)), src, 0);  // moves nothing
    me.barrier();
    // Thread w copied from part w + 1 into part w + THREADS / 2; the rest is route (3, 1)'s.
    auto origin = (writer_of(me, me.thread(), me.threads() / 2) + 1) % me.threads();
    auto before = values_from((writer_of(me, me.thread(), 1) + 3) % me.threads());
    std::copy_n(values_from(origin).begin() + src_at, count, before.begin() + dst_at);
    EXPECT_EQ(mismatches<std::uint64_t>(ours, before), 0u);
    pg::all_free(me, to);
    pg::all_free(me, from);
  });
}

TEST(Rma, nonblocking_transfers_complete_on_wait_destruction_and_move) {
  constexpr std::size_t n = 4096 + 3;
  for_each_thread_count([&](pg::Context& me) {
    // Four regions per part; region r of part (me + 1) gets our values from index r * n.
    auto buffer = pg::all_alloc<std::uint64_t>(me, me.threads(), 4 * n);
    auto region = [&](pg::thread_id t, std::size_t r) {
      return buffer.on_thread(t) + static_cast<std::ptrdiff_t>(r * n);
    };
    std::vector<std::vector<std::uint64_t>> out;
    for (std::size_t r = 0; r < 4; ++r) out.push_back(values_of(me.thread(), n, r * n));
    {
      auto target = shifted(me, 1);
      pg::Handle first = pg::memput_nb(me, region(target, 0), out[0]);
      pg::Handle second = pg::memput_nb(me, region(target, 1), out[1]);
      pg::Handle moved(std::move(second));
      EXPECT_TRUE(second.done());  // the moved-from handle is empty
      pg::Handle assigned;
      EXPECT_TRUE(assigned.done());
      assigned.wait();  // waiting on an empty handle does nothing
      assigned = pg::memput_nb(me, region(target, 2), out[2]);
      { pg::Handle dropped = pg::memput_nb(me, region(target, 3), out[3]); }  // destructor completes
      moved.wait();
      first.wait();
      EXPECT_TRUE(first.done());
      EXPECT_TRUE(moved.done());
      first.wait();  // a second wait is harmless
    }  // `assigned` completes here
    me.barrier();

    auto source = shifted(me, me.threads() / 2);
    auto writer = writer_of(me, source, 1);
    std::vector<std::vector<std::uint64_t>> in(4, std::vector<std::uint64_t>(n, 0));
    {
      pg::Handle handles[2];
      handles[0] = pg::memget_nb(me, std::span(in[0]), region(source, 0));
      handles[1] = pg::memget_nb(me, std::span(in[1]), region(source, 1));
      pg::Handle reused = pg::memget_nb(me, std::span(in[2]), region(source, 2));
      reused = pg::memget_nb(me, std::span(in[3]), region(source, 3));  // completes the first
      handles[1].wait();  // out of order
      handles[0].wait();
      reused.wait();
    }
    for (std::size_t r = 0; r < 4; ++r)
      EXPECT_EQ(mismatches<std::uint64_t>(in[r], values_of(writer, n, r * n)), 0u) << "region " << r;
    {
      std::vector<std::uint64_t> again(n, 0);
      { auto pending = pg::memget_nb(me, std::span(again), region(source, 2)); }  // destructor completes
      EXPECT_EQ(mismatches<std::uint64_t>(again, values_of(writer, n, 2 * n)), 0u);
    }
    pg::all_free(me, buffer);
  });
}

TEST(Rma, zero_byte_transfers_touch_nothing) {
  for_each_thread_count([](pg::Context& me) {
    auto buffer = pg::all_alloc<std::uint64_t>(me, me.threads(), 2);
    pg::put(me, buffer.on_thread(me.thread()), value_of(me.thread(), 0));
    me.barrier();
    auto target = buffer.on_thread(shifted(me, 1));
    std::vector<std::uint64_t> sentinel{42};
    pg::memget(me, std::span(sentinel).first(0), target);
    pg::memput(me, target, std::span<const std::uint64_t>(sentinel).first(0));
    pg::memcpy(me, target, buffer.on_thread(me.thread()) + 1, 0);
    auto get_handle = pg::memget_nb(me, std::span(sentinel).first(0), target);
    auto put_handle = pg::memput_nb(me, target, std::span<const std::uint64_t>(sentinel).first(0));
    EXPECT_TRUE(get_handle.done());  // nothing to wait for
    EXPECT_TRUE(put_handle.done());
    // Zero bytes right at the end of the segment are still in range.
    pg::memget(me, std::span(sentinel).first(0),
               pg::global_ptr<std::uint64_t>(shifted(me, 1), segment_bytes()));
    EXPECT_EQ(sentinel[0], 42u);
    me.barrier();
    EXPECT_EQ(pg::get(me, buffer.on_thread(me.thread())), value_of(me.thread(), 0));
    pg::all_free(me, buffer);
  });
}

TEST(Rma, global_ptr_is_local_only_within_the_process) {
  for_each_thread_count([](pg::Context& me) {
    auto words = pg::all_alloc<std::uint64_t>(me, me.threads(), 2);
    // Write our own part through its plain pointer; others read it with get.
    auto* own = words.on_thread(me.thread()).local(me);
    own[0] = value_of(me.thread(), 0);
    own[1] = value_of(me.thread(), 1);
    EXPECT_EQ((words.on_thread(me.thread()) + 1).local(me), own + 1);
    me.barrier();
    for (int t = 0; t < me.threads(); ++t) {
      auto p = words.on_thread(t);
      bool same_process = t / me.threads_per_process() == me.process();
      EXPECT_EQ(p.is_local(me), same_process) << "thread " << t;
      if (same_process) {
        EXPECT_EQ(*p.local(me), value_of(t, 0));
        EXPECT_EQ((p + 1).local(me)[0], value_of(t, 1));
        if (t != me.thread()) {
          EXPECT_NE(p.local(me), own);
        }
      } else {
        expect_error([&] { (void)p.local(me); }, "lives in process " + std::to_string(t / me.threads_per_process()));
      }
      EXPECT_EQ(pg::get(me, p + 1), value_of(t, 1));
    }
    pg::all_free(me, words);
  });
}

TEST(Rma, global_ptr_arithmetic_comparison_and_conversion) {
  pg::global_ptr<std::uint32_t> p(3, 128);
  EXPECT_EQ(p.where(), 3);
  EXPECT_EQ(p.offset(), 128u);
  EXPECT_EQ((p + 5).offset(), 148u);
  EXPECT_EQ((p + 5).where(), 3);  // arithmetic stays on the thread
  EXPECT_EQ((p - 2).offset(), 120u);
  EXPECT_EQ(p + 5 - 5, p);
  auto q = p;
  EXPECT_EQ((++q).offset(), 132u);
  q += 10;
  EXPECT_EQ(q.offset(), 172u);
  q += -11;
  EXPECT_EQ(q.offset(), 128u);
  EXPECT_EQ(p.reinterpret<std::byte>() + 4, (p + 1).reinterpret<std::byte>());
  EXPECT_EQ(p.on_thread(7), pg::global_ptr<std::uint32_t>(7, 128));

  // Ordered by thread, then offset.
  EXPECT_LT(p, p + 1);
  EXPECT_LT(pg::global_ptr<int>(0, 1000), pg::global_ptr<int>(1, 0));
  EXPECT_NE(p, p.on_thread(2));

  EXPECT_FALSE(pg::global_ptr<int>{});
  EXPECT_FALSE(pg::global_ptr<int>(nullptr));
  EXPECT_TRUE(pg::global_ptr<int>(0, 0));
  EXPECT_EQ(pg::global_ptr<int>{}, nullptr);

  pg::global_ptr<const std::uint32_t> c = p;
  EXPECT_EQ(c.where(), 3);
  EXPECT_EQ(c.offset(), 128u);
  static_assert(std::is_convertible_v<pg::global_ptr<int>, pg::global_ptr<const int>>);
  static_assert(!std::is_convertible_v<pg::global_ptr<const int>, pg::global_ptr<int>>);
  static_assert(!std::is_convertible_v<pg::global_ptr<int>, pg::global_ptr<long>>);
  static_assert(std::is_trivially_copyable_v<pg::global_ptr<int>>);  // can itself live in shared memory
}

TEST(Rma, global_ptrs_travel_through_shared_memory_and_read_as_const) {
  constexpr std::size_t n = 257;
  for_each_thread_count([&](pg::Context& me) {
    auto data = pg::local_alloc<std::uint64_t>(me, n);
    pg::memput(me, data, values_of(me.thread(), n));
    // Publish our local allocation's pointer in a shared directory on thread 0.
    auto directory = pg::all_alloc<pg::global_ptr<std::uint64_t>>(me, 1, me.threads());
    pg::put(me, directory + me.thread(), data);
    me.barrier();
    auto source = shifted(me, me.threads() / 2);
    pg::global_ptr<const std::uint64_t> theirs = pg::get(me, directory + source);
    EXPECT_EQ(theirs.where(), source);
    EXPECT_EQ(pg::get(me, theirs + 17), value_of(source, 17));
    std::vector<std::uint64_t> in(n);
    pg::memget(me, std::span(in), theirs);
    EXPECT_EQ(mismatches<std::uint64_t>(in, values_of(source, n)), 0u);
    std::vector<std::uint64_t> tail(5);
    { auto h = pg::memget_nb(me, std::span(tail), theirs + static_cast<std::ptrdiff_t>(n - 5)); }
    EXPECT_EQ(mismatches<std::uint64_t>(tail, values_of(source, 5, n - 5)), 0u);
    me.barrier();
    pg::free(me, data);
    pg::all_free(me, directory);
  });
}

TEST(Rma, thread_out_of_range_throws) {
  for_each_thread_count([](pg::Context& me) {
    auto valid = pg::local_alloc<std::uint64_t>(me, 4);
    std::vector<std::uint64_t> buffer(4, 0);
    for (pg::thread_id bad : {me.threads(), me.threads() + 5, -1}) {  // -1: the null pointer's thread
      SCOPED_TRACE("thread " + std::to_string(bad));
      pg::global_ptr<std::uint64_t> p(bad, 4096);
      auto says = "thread " + std::to_string(bad) + " does not exist (THREADS is " + std::to_string(me.threads());
      // Each error names the call the user made.
      expect_error([&] { (void)pg::get(me, p); }, "get (thread " + std::to_string(me.thread()) + "): " + says);
      expect_error([&] { pg::put(me, p, std::uint64_t{1}); }, "put (thread");
      expect_error([&] { pg::put(me, p, std::uint64_t{1}); }, says);
      expect_error([&] { pg::memget(me, std::span(buffer), p); }, "memget (thread");
      expect_error([&] { pg::memget(me, std::span(buffer), p); }, says);
      expect_error([&] { pg::memget(me, std::span(buffer).first(0), p); }, says);  // even for 0 bytes
      expect_error([&] { pg::memput(me, p, buffer); }, "memput (thread");
      expect_error([&] { pg::memput(me, p, buffer); }, says);
      expect_error([&] { pg::memcpy(me, p, valid, 4); }, "memcpy (thread");
      expect_error([&] { pg::memcpy(me, p, valid, 4); }, says);
      expect_error([&] { pg::memcpy(me, valid, p, 4); }, says);
      expect_error([&] { auto h = pg::memget_nb(me, std::span(buffer), p); }, "memget_nb (thread");
      expect_error([&] { auto h = pg::memget_nb(me, std::span(buffer), p); }, says);
      expect_error([&] { auto h = pg::memput_nb(me, p, buffer); }, says);
      expect_error([&] { (void)p.is_local(me); }, says);
      expect_error([&] { (void)p.local(me); }, says);
    }
    // The error names the operation and the calling thread.
    try {
      (void)pg::get(me, pg::global_ptr<std::uint64_t>(me.threads(), 0));
      ADD_FAILURE() << "get from a thread that does not exist returned";
    } catch (const pgasmr::error& e) {
      EXPECT_EQ(e.operation(), "get");
      EXPECT_EQ(e.thread(), me.thread());
    }
    pg::free(me, valid);
  });
}

TEST(Rma, offset_beyond_the_segment_throws) {
  const auto segment = segment_bytes();
  for_each_thread_count([&](pg::Context& me) {
    auto other = shifted(me, 1);
    const std::string says = "outside the shared segment of " + std::to_string(segment) + " bytes";
    expect_error([&] { (void)pg::get(me, pg::global_ptr<std::byte>(other, segment)); }, says);
    expect_error([&] { (void)pg::get(me, pg::global_ptr<std::uint64_t>(other, segment - 4)); }, says);
    expect_error([&] { pg::put(me, pg::global_ptr<std::uint64_t>(me.thread(), segment - 4), std::uint64_t{1}); },
                 says);
    // An offset so large that offset + size wraps around must not slip through.
    expect_error([&] { (void)pg::get(me, pg::global_ptr<std::uint64_t>(other, ~std::size_t{0} - 3)); }, says);
    std::vector<std::uint64_t> two(2);
    expect_error([&] { pg::memget(me, std::span(two), pg::global_ptr<std::uint64_t>(other, segment - 8)); }, says);
    expect_error([&] { auto h = pg::memput_nb(me, pg::global_ptr<std::uint64_t>(other, segment - 8), two); }, says);
    // More than a whole segment, without needing that much private memory.
    pg::global_ptr<std::uint64_t> start(me.thread(), 0);
    expect_error([&] { pg::memcpy(me, start.on_thread(other), start, segment / 8 + 1); }, says);
    // The last word itself is in range.
    EXPECT_NO_THROW((void)pg::get(me, pg::global_ptr<std::uint64_t>(other, segment - 8)));
  });
}

namespace {
/// Trivially copyable but not default-constructible: get must not need a default constructor.
struct Tagged {
  explicit Tagged(std::uint32_t v) : value(v) {}
  std::uint32_t value;
};
}  // namespace

TEST(Rma, get_of_a_type_without_default_constructor) {
  for_each_thread_count([](pg::Context& me) {
    auto slots = pg::all_alloc<Tagged>(me, static_cast<std::size_t>(me.threads()), 1);
    pg::put(me, slots.on_thread(me.thread()), Tagged(static_cast<std::uint32_t>(me.thread()) * 7u));
    me.barrier();
    auto peer = shifted(me, 1);
    EXPECT_EQ(pg::get(me, slots.on_thread(peer)).value, static_cast<std::uint32_t>(peer) * 7u);
    pg::all_free(me, slots);
  });
}
