// The vector-variant collectives (broadcast_v, scatter_v, gather_v, allgather_v, exchange_v,
// permute_v) and vector_copy against the sequential model of vector_model.hpp: private (priv),
// shared (standard) and mixed (get, put) buffers; uneven counts with empty chunks and members
// that pass empty buffers; default (packed) and explicit displacements (gaps, reversed and
// shuffled order); member_local displacements into shared arrays of several block sizes; views
// that start inside their arrays; roots first, last, middle; teams (several at once, ranks not
// in thread order, across processes); sync modes; element types int, double, a struct with
// padding and std::byte (the thesis's _raw: counts in bytes); and the refusals.
//
// Every thread of the job prepares the same cases (shared arrays are allocated collectively),
// fills its own part of each shared array and its private buffers with values any thread can
// recompute, runs the call, and checks every element it owns: the model's value where a chunk
// lands, the initial value everywhere else (gaps, slack, other members' parts, sources).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>

#include "collectives/vector_model.hpp"
#include "collectives/team_groups.hpp"
#include "support/expect_error.hpp"
#include "support/random_bits.hpp"
#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
namespace vm = pgasmr::test::vmodel;
using pgasmr::test::for_each_thread_count;
using pgasmr::test::mix;
using pgasmr::test::Rng;
using pgasmr::test::run_spmd;

// ---- values ------------------------------------------------------------------------------------

/// A trivially copyable struct with padding.
struct Rec {
  std::int32_t id;
  double weight;
  char tag[3];
  friend bool operator==(const Rec&, const Rec&) = default;
};

template <class T>
T make(std::uint64_t k);
template <>
int make<int>(std::uint64_t k) {
  return static_cast<int>(static_cast<std::uint32_t>(k));
}
template <>
double make<double>(std::uint64_t k) {
  return static_cast<double>(k >> 12) * 0x1p-20;
}
template <>
Rec make<Rec>(std::uint64_t k) {
  return {static_cast<std::int32_t>(k), static_cast<double>(k >> 40), {char('a' + k % 26), char('A' + k / 26 % 26), char(k >> 56)}};
}
template <>
std::byte make<std::byte>(std::uint64_t k) {
  return static_cast<std::byte>(k);
}

std::string show(int v) { return std::to_string(v); }
std::string show(double v) { return std::to_string(v); }
std::string show(std::byte v) { return std::to_string(static_cast<int>(v)); }
std::string show(const Rec& v) { return "{" + std::to_string(v.id) + ", " + std::to_string(v.weight) + "}"; }

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, int>) return "int";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, Rec>) return "Rec";
  if constexpr (std::is_same_v<T, std::byte>) return "std::byte";
  return "?";
}

/// Initial values: by buffer (tag), case seed, group, owner thread (private) and position.
enum Tag : std::uint64_t { private_source = 1, private_destination, shared_source, shared_destination };

std::uint64_t key(std::uint64_t seed, Tag tag, std::uint64_t group, std::uint64_t a, std::uint64_t b = 0) {
  return mix(mix(mix(mix(seed * 16 + tag) ^ group) ^ a) ^ (b * 0x51ed27));
}

// ---- what to run --------------------------------------------------------------------------------

enum class Kind { priv, shared };
/// A displacement list: the default (empty list), or explicit with gaps between chunks placed in
/// member order, in reverse member order, or shuffled.
enum class Style { packed, gaps, reversed, shuffled };
enum class Root { first, last, middle };
constexpr std::size_t natural = static_cast<std::size_t>(-1);  ///< block: one member's share

const char* name(Kind k) { return k == Kind::priv ? "private" : "shared"; }
const char* name(Style s) {
  switch (s) {
    case Style::packed: return "default";
    case Style::gaps: return "gaps";
    case Style::reversed: return "reversed";
    case Style::shuffled: return "shuffled";
  }
  return "?";
}

struct Recipe {
  vm::Op op = vm::Op::broadcast_v;
  Kind src = Kind::priv, dst = Kind::priv;
  Style src_style = Style::packed, dst_style = Style::packed;
  bool member_local = false;
  std::size_t src_block = natural, dst_block = natural;
  std::size_t src_offset = 0, dst_offset = 0;  ///< where the views start in their arrays
  std::size_t tail = 0;                        ///< array elements after each view
  Root root = Root::first;
  std::uint64_t seed = 1;
  std::size_t max_count = 6;
  unsigned zero_percent = 25;  ///< chance of an empty chunk
  coll::Sync sync{};
  bool spans = false;  ///< private buffers as std::span (else std::vector)
  std::size_t slack = 2;

  std::string describe() const {
    std::ostringstream out;
    auto block = [](std::size_t b) { return b == natural ? std::string("natural") : std::to_string(b); };
    out << vm::name(op) << " " << name(dst) << " <- " << name(src) << ", displacements " << name(src_style) << "/"
        << name(dst_style) << (member_local ? " member_local" : "");
    if (src == Kind::shared) out << ", src block " << block(src_block) << " at " << src_offset;
    if (dst == Kind::shared) out << ", dst block " << block(dst_block) << " at " << dst_offset;
    out << ", tail " << tail << ", root " << (root == Root::first ? "first" : root == Root::last ? "last" : "middle")
        << ", seed " << seed << ", max count " << max_count << ", sync " << int(sync.in) << "/" << int(sync.out)
        << (spans ? ", spans" : "");
    return out.str();
  }
};

using pgasmr::test::Groups;
using pgasmr::test::Split;

// ---- planning a call from a recipe ----------------------------------------------------------------

/// A call of one group, with the private buffer sizes it needs and what it must write.
struct Planned {
  vm::Call call;
  std::vector<std::size_t> src_size, dst_size;  // private buffers, by member
  std::vector<vm::Chunk> chunks;
  vm::Outcome outcome;
  std::string error;  // a test error while planning
};

/// One displacement entry: the chunk length it positions (index into counts), and the members
/// whose buffer (or part of a shared array, member_local) it points into.
struct Entry {
  std::size_t count_index;
  std::vector<int> users;
};

std::vector<Entry> entries(const vm::Call& c, bool source) {
  auto n = static_cast<std::size_t>(c.members());
  std::vector<int> all(n);
  std::iota(all.begin(), all.end(), 0);
  std::vector<Entry> out;
  switch (c.op) {
    case vm::Op::broadcast_v:
      if (source) return {{0, {c.root}}};
      for (std::size_t r = 0; r < n; ++r) out.push_back({0, {int(r)}});
      break;
    case vm::Op::scatter_v:
      for (std::size_t r = 0; r < n; ++r) out.push_back({r, {source ? c.root : int(r)}});
      break;
    case vm::Op::gather_v:
      for (std::size_t r = 0; r < n; ++r) out.push_back({r, {source ? int(r) : c.root}});
      break;
    case vm::Op::allgather_v:
      for (std::size_t r = 0; r < n; ++r) out.push_back({r, source ? std::vector<int>{int(r)} : all});
      break;
    case vm::Op::exchange_v:
      for (std::size_t r = 0; r < n; ++r)
        for (std::size_t q = 0; q < n; ++q) out.push_back({r * n + q, {source ? int(r) : int(q)}});
      break;
    case vm::Op::permute_v:
      for (std::size_t r = 0; r < n; ++r) out.push_back({r, {source ? int(r) : c.permutation[r]}});
      break;
    case vm::Op::vector_copy: break;
  }
  return out;
}

std::vector<std::size_t> order(std::size_t n, Style style, Rng& rng) {
  std::vector<std::size_t> o(n);
  std::iota(o.begin(), o.end(), 0);
  if (style == Style::reversed) std::ranges::reverse(o);
  if (style == Style::shuffled)
    for (std::size_t i = n; i > 1; --i) std::swap(o[i - 1], o[rng.below(i)]);
  return o;
}

/// Explicit displacements on a line: chunks one after another in `style` order, with gaps of 0
/// to 2 elements (disjoint wherever they land).
std::vector<std::size_t> place_line(const std::vector<Entry>& es, const std::vector<std::size_t>& counts, Style style,
                                    Rng& rng) {
  std::vector<std::size_t> at(es.size());
  std::size_t pos = 0;
  for (auto i : order(es.size(), style, rng)) {
    pos += rng.below(3);
    at[i] = pos;
    pos += counts[es[i].count_index];
  }
  return at;
}

/// member_local displacements: local element indexes of each user's thread, the chunk inside
/// one block of that thread and inside the view, disjoint per thread when `disjoint`. A chunk
/// that fits nowhere becomes empty.
std::vector<std::size_t> place_local(const vm::Call& c, const vm::Side& side, const std::vector<Entry>& es,
                                     std::vector<std::size_t>& counts, bool disjoint, Style style, Rng& rng) {
  std::vector<std::size_t> locals(static_cast<std::size_t>(c.threads));
  for (int t = 0; t < c.threads; ++t) locals[static_cast<std::size_t>(t)] = vm::local_size(side.array, side.block, c.threads, t);
  std::vector<std::vector<bool>> used(static_cast<std::size_t>(c.threads));
  for (int t = 0; t < c.threads; ++t) used[static_cast<std::size_t>(t)].assign(locals[static_cast<std::size_t>(t)], false);
  std::vector<std::size_t> at(es.size(), 0);
  for (auto i : order(es.size(), style, rng)) {
    auto& count = counts[es[i].count_index];
    at[i] = rng.below(3);
    if (count == 0) continue;
    auto fits = [&](std::size_t d) {
      for (int m : es[i].users) {
        auto t = c.thread_of[static_cast<std::size_t>(m)];
        auto ut = static_cast<std::size_t>(t);
        if (d + count > locals[ut]) return false;
        if (side.block != 0 && d % side.block + count > side.block) return false;
        auto g = vm::global_index(side.block, c.threads, t, d);
        if (g < side.start || g - side.start + count > side.view) return false;
        if (disjoint)
          for (std::size_t k = d; k < d + count; ++k)
            if (used[ut][k]) return false;
      }
      return true;
    };
    std::size_t room = 0;
    for (auto l : locals) room = std::max(room, l);
    auto first = rng.below(room + 1);
    bool placed = false;
    for (std::size_t k = 0; k < room && !placed; ++k) {
      auto d = (first + k) % room;
      if (!fits(d)) continue;
      at[i] = d;
      placed = true;
      if (disjoint)
        for (int m : es[i].users)
          for (std::size_t j = d; j < d + count; ++j) used[static_cast<std::size_t>(c.thread_of[static_cast<std::size_t>(m)])][j] = true;
    }
    if (!placed) count = 0;
  }
  return at;
}

std::size_t resolve_block(std::size_t block, std::size_t view, std::size_t parts) {
  if (block != natural) return block;
  return std::max<std::size_t>(1, (view + parts - 1) / std::max<std::size_t>(parts, 1));
}

/// Private sizes, and shared views that were not fixed before, from the chunks.
void finish(Planned& p, const Recipe& r, Rng& rng, bool src_fixed, bool dst_fixed) {
  auto& c = p.call;
  auto n = static_cast<std::size_t>(c.members());
  auto raw = vm::displaced(c);
  std::size_t src_end = 0, dst_end = 0;
  for (const auto& k : raw) {
    if (k.count == 0) continue;
    src_end = std::max(src_end, k.from_at + k.count);
    dst_end = std::max(dst_end, k.to_at + k.count);
  }
  if (c.src.shared && !src_fixed) {
    c.src.view = src_end + rng.below(3);
    c.src.block = resolve_block(r.src_block, c.src.view, n);
    c.src.start = r.src_offset;
    c.src.array = c.src.start + c.src.view + r.tail;
  }
  if (c.dst.shared && !dst_fixed) {
    // allgather_v: n equal parts, maybe with elements left over
    c.dst.view = c.op == vm::Op::allgather_v ? n * (dst_end + rng.below(2)) + rng.below(n) : dst_end + rng.below(3);
    c.dst.block = resolve_block(r.dst_block, c.dst.view, n);
    c.dst.start = r.dst_offset;
    c.dst.array = c.dst.start + c.dst.view + r.tail;
  }
  auto resolved = vm::chunks(c);
  if (!resolved) {
    p.error = "a member_local displacement does not resolve";
    return;
  }
  p.chunks = *resolved;
  p.src_size.assign(n, 0);
  p.dst_size.assign(n, 0);
  for (const auto& k : p.chunks) {
    if (!c.src.shared) {
      auto& s = p.src_size[static_cast<std::size_t>(k.from)];
      s = std::max(s, k.from_at + k.count);
    }
    if (!c.dst.shared) {
      auto& s = p.dst_size[static_cast<std::size_t>(k.to)];
      s = std::max(s, k.to_at + k.count);
    }
  }
  for (auto& s : p.src_size) s += rng.below(3) == 0;  // sometimes an element more than needed
  for (auto& s : p.dst_size) s += r.slack;
  p.outcome = vm::apply(c, p.chunks, p.dst_size);
  if (!p.outcome.error.empty()) p.error = p.outcome.error;
}

Planned plan(const Recipe& r, int threads, const std::vector<int>& thread_of, std::uint64_t group) {
  Planned p;
  auto& c = p.call;
  auto n = thread_of.size();
  Rng rng{mix(r.seed * 1000003 + group * 7919 + static_cast<std::uint64_t>(r.op) * 131 + n)};
  c.op = r.op;
  c.threads = threads;
  c.thread_of = thread_of;
  c.root = r.root == Root::first ? 0 : r.root == Root::last ? int(n) - 1 : int(n) / 2;
  c.permutation.resize(n);
  std::iota(c.permutation.begin(), c.permutation.end(), 0);
  for (std::size_t i = n; i > 1; --i) std::swap(c.permutation[i - 1], c.permutation[rng.below(i)]);
  c.member_local = r.member_local;
  c.src.shared = r.src == Kind::shared;
  c.dst.shared = r.dst == Kind::shared;
  auto draw = [&] { return rng.below(100) < r.zero_percent ? std::size_t{0} : 1 + rng.below(r.max_count); };
  std::size_t entries_count = c.op == vm::Op::broadcast_v ? 1 : c.op == vm::Op::exchange_v ? n * n : n;
  for (std::size_t i = 0; i < entries_count; ++i) c.counts.push_back(draw());

  // member_local: a shared side's layout comes first, its displacements are local indexes
  auto fix = [&](vm::Side& side, std::size_t block, std::size_t offset) {
    auto room = 2 * n * (r.max_count + 1) + 2 * (block == natural ? 0 : block);
    side.view = room * static_cast<std::size_t>(threads);
    side.block = block == natural ? room : block;
    side.start = offset;
    side.array = offset + side.view + r.tail;
  };
  bool src_local = c.member_local && c.src.shared, dst_local = c.member_local && c.dst.shared;
  if (src_local) fix(c.src, r.src_block, r.src_offset);
  if (dst_local) fix(c.dst, r.dst_block, r.dst_offset);
  auto src_style = src_local && r.src_style == Style::packed ? Style::gaps : r.src_style;
  auto dst_style = dst_local && r.dst_style == Style::packed ? Style::gaps : r.dst_style;
  if (dst_style != Style::packed) {
    auto es = entries(c, false);
    c.destination = dst_local ? place_local(c, c.dst, es, c.counts, true, dst_style, rng) : place_line(es, c.counts, dst_style, rng);
  }
  if (src_style != Style::packed) {
    auto es = entries(c, true);
    c.source = src_local ? place_local(c, c.src, es, c.counts, false, src_style, rng) : place_line(es, c.counts, src_style, rng);
  }
  finish(p, r, rng, src_local, dst_local);
  return p;
}

/// vector_copy: a random chunk list (some empty), sources anywhere (they may overlap),
/// destinations disjoint.
Planned plan_copy(const Recipe& r, int threads, const std::vector<int>& thread_of, std::uint64_t group) {
  Planned p;
  auto& c = p.call;
  auto n = thread_of.size();
  Rng rng{mix(r.seed * 1000003 + group * 7919 + 77 + n)};
  c.op = vm::Op::vector_copy;
  c.threads = threads;
  c.thread_of = thread_of;
  c.src.shared = r.src == Kind::shared;
  c.dst.shared = r.dst == Kind::shared;
  auto chunks = rng.below(2 * n + 3);
  std::vector<Entry> es;
  std::vector<std::size_t> counts;
  for (std::size_t i = 0; i < chunks; ++i) {
    vm::Copy k;
    k.from = int(rng.below(n));
    k.to = int(rng.below(n));
    k.count = rng.below(100) < r.zero_percent ? 0 : 1 + rng.below(r.max_count);
    k.from_offset = rng.below(2 * r.max_count);
    c.copies.push_back(k);
    es.push_back({i, {k.to}});
    counts.push_back(k.count);
  }
  auto to = place_line(es, counts, r.dst_style == Style::packed ? Style::shuffled : r.dst_style, rng);
  for (std::size_t i = 0; i < chunks; ++i) c.copies[i].to_offset = to[i];
  finish(p, r, rng, false, false);
  return p;
}

// ---- one call, prepared, run and checked -------------------------------------------------------

template <class T>
class Instance {
 public:
  Instance(pg::Context& me, const Groups& groups, const Recipe& r) : me_(me), groups_(groups), r_(r) {
    for (std::size_t g = 0; g < groups.members.size(); ++g) {
      auto p = r.op == vm::Op::vector_copy ? plan_copy(r, me.threads(), groups.members[g], g)
                                           : plan(r, me.threads(), groups.members[g], g);
      EXPECT_EQ(p.error, "") << "test error planning " << r.describe();
      plans_.push_back(std::move(p));
    }
    for (auto& p : plans_) {  // collectively, in the same order everywhere
      src_arrays_.push_back(p.call.src.shared ? std::make_unique<pg::shared_array<T>>(me, p.call.src.array, p.call.src.block) : nullptr);
      dst_arrays_.push_back(p.call.dst.shared ? std::make_unique<pg::shared_array<T>>(me, p.call.dst.array, p.call.dst.block) : nullptr);
    }
    if (groups_.mine >= 0) {
      const auto& members = groups_.members[static_cast<std::size_t>(groups_.mine)];
      member_ = static_cast<int>(std::ranges::find(members, me.thread()) - members.begin());
      const auto& p = mine();
      src_.resize(p.call.src.shared ? 0 : p.src_size[static_cast<std::size_t>(member_)]);
      dst_.resize(p.call.dst.shared ? 0 : p.dst_size[static_cast<std::size_t>(member_)]);
      for (std::size_t i = 0; i < src_.size(); ++i) src_[i] = initial_private(private_source, me.thread(), i);
      for (std::size_t i = 0; i < dst_.size(); ++i) dst_[i] = initial_private(private_destination, me.thread(), i);
    }
    for (std::size_t g = 0; g < plans_.size(); ++g) {
      fill(src_arrays_[g].get(), shared_source, g);
      fill(dst_arrays_[g].get(), shared_destination, g);
    }
  }

  void run() {
    if (groups_.mine < 0) return;
    const auto& c = mine().call;
    coll::Options options;
    options.team = groups_.team;
    options.root = c.root;
    options.sync = r_.sync;
    coll::Displacements d{c.source, c.destination, c.member_local};
    std::span<const std::size_t> counts(c.counts);
    with_destination([&](auto&& dst) {
      with_source([&](auto&& src) {
        switch (c.op) {
          case vm::Op::broadcast_v: coll::broadcast_v(me_, dst, src, c.counts[0], d, options); break;
          case vm::Op::scatter_v: coll::scatter_v(me_, dst, src, counts, d, options); break;
          case vm::Op::gather_v: coll::gather_v(me_, dst, src, counts, d, options); break;
          case vm::Op::allgather_v: coll::allgather_v(me_, dst, src, counts, d, options); break;
          case vm::Op::exchange_v: coll::exchange_v(me_, dst, src, counts, d, options); break;
          case vm::Op::permute_v: coll::permute_v(me_, dst, src, std::span<const int>(c.permutation), counts, d, options); break;
          case vm::Op::vector_copy: {
            std::vector<coll::ChunkCopy> copies;
            for (const auto& k : c.copies) copies.push_back({k.from, k.from_offset, k.to, k.to_offset, k.count});
            coll::vector_copy(me_, dst, src, std::span<const coll::ChunkCopy>(copies), options);
            break;
          }
        }
      });
    });
  }

  /// Right after the call: the caller's private destination, and the elements of its group's
  /// shared destination with affinity to it, are complete whatever the sync mode.
  void check_early() {
    if (groups_.mine < 0) return;
    Tally tally;
    auto g = static_cast<std::size_t>(groups_.mine);
    check_private_destination(tally);
    if (dst_arrays_[g]) check_shared(tally, g, false, true);
    report(tally, "right after the call");
  }

  /// After a barrier: everything the caller owns.
  void check() {
    Tally tally;
    if (groups_.mine >= 0) {
      check_private_destination(tally);
      for (std::size_t i = 0; i < src_.size(); ++i)
        tally.see(src_[i], initial_private(private_source, me_.thread(), i), [&] { return "private source [" + std::to_string(i) + "]"; });
    }
    for (std::size_t g = 0; g < plans_.size(); ++g) {
      if (src_arrays_[g]) check_shared(tally, g, true, false);
      if (dst_arrays_[g]) check_shared(tally, g, false, false);
    }
    report(tally, "after the call");
  }

 private:
  struct Tally {
    std::size_t bad = 0, checked = 0;
    std::string first;
    template <class Where>
    void see(const T& got, const T& want, Where&& where) {
      ++checked;
      if (got == want) return;
      if (bad++ < 4) first += "\n  " + where() + ": got " + show(got) + ", want " + show(want);
    }
  };

  const Planned& mine() const { return plans_[static_cast<std::size_t>(groups_.mine)]; }

  void report(const Tally& tally, const char* when) const {
    std::ostringstream call;
    if (groups_.mine >= 0) {
      const auto& c = mine().call;
      call << "\n  counts";
      for (auto x : c.counts) call << " " << x;
      call << "; source displacements";
      for (auto x : c.source) call << " " << x;
      call << "; destination displacements";
      for (auto x : c.destination) call << " " << x;
      call << "; root " << c.root << "; members";
      for (auto t : c.thread_of) call << " " << t;
    }
    EXPECT_EQ(tally.bad, 0u) << "thread " << me_.thread() << " of " << me_.threads() << ", " << when << ": " << tally.bad
                             << " of " << tally.checked << " elements wrong" << tally.first << "\n  case: " << r_.describe()
                             << ", " << type_name<T>() << call.str();
  }

  T initial_private(Tag tag, int thread, std::size_t i) const {
    return make<T>(key(r_.seed, tag, static_cast<std::uint64_t>(groups_.mine), static_cast<std::uint64_t>(thread), i));
  }
  T initial_shared(Tag tag, std::size_t group, std::size_t index) const { return make<T>(key(r_.seed, tag, group, index)); }

  /// The value a model source element had before the call.
  T source_value(std::size_t g, const vm::From& f) const {
    const auto& c = plans_[g].call;
    if (c.src.shared) return initial_shared(shared_source, g, c.src.start + f.at);
    auto thread = c.thread_of[static_cast<std::size_t>(f.member)];
    return make<T>(key(r_.seed, private_source, g, static_cast<std::uint64_t>(thread), f.at));
  }

  void fill(pg::shared_array<T>* array, Tag tag, std::size_t g) {
    if (!array) return;
    auto local = array->local();
    for (std::size_t l = 0; l < local.size(); ++l)
      local[l] = initial_shared(tag, g, vm::global_index(array->block(), me_.threads(), me_.thread(), l));
  }

  void check_private_destination(Tally& tally) const {
    const auto& o = mine().outcome;
    auto m = static_cast<std::size_t>(member_);
    for (std::size_t i = 0; i < dst_.size(); ++i) {
      std::optional<vm::From> from;
      if (m < o.by_member.size() && i < o.by_member[m].size()) from = o.by_member[m][i];
      auto want = from ? source_value(static_cast<std::size_t>(groups_.mine), *from) : initial_private(private_destination, me_.thread(), i);
      tally.see(dst_[i], want, [&] { return "private destination [" + std::to_string(i) + "]"; });
    }
  }

  /// The caller's part of group g's shared source (unchanged) or destination. `written_only`:
  /// only the elements the call writes.
  void check_shared(Tally& tally, std::size_t g, bool source, bool written_only) const {
    const auto& p = plans_[g];
    const auto& side = source ? p.call.src : p.call.dst;
    auto& array = source ? *src_arrays_[g] : *dst_arrays_[g];
    auto local = array.local();
    auto tag = source ? shared_source : shared_destination;
    for (std::size_t l = 0; l < local.size(); ++l) {
      auto index = vm::global_index(array.block(), me_.threads(), me_.thread(), l);
      std::optional<vm::From> from;
      if (!source && index >= side.start && index - side.start < side.view) from = p.outcome.view[index - side.start];
      if (written_only && !from) continue;
      auto want = from ? source_value(g, *from) : initial_shared(tag, g, index);
      tally.see(local[l], want, [&] {
        return std::string(source ? "shared source" : "shared destination") + " of group " + std::to_string(g) + " [" +
               std::to_string(index) + "]";
      });
    }
  }

  template <class F>
  void with_destination(F&& f) {
    auto g = static_cast<std::size_t>(groups_.mine);
    const auto& side = plans_[g].call.dst;
    if (!side.shared) {
      if (r_.spans)
        f(std::span<T>(dst_));
      else
        f(dst_);
    } else if (side.start == 0 && side.view == side.array) {
      f(*dst_arrays_[g]);
    } else {
      f(dst_arrays_[g]->subspan(side.start, side.view));
    }
  }
  template <class F>
  void with_source(F&& f) {
    auto g = static_cast<std::size_t>(groups_.mine);
    const auto& side = plans_[g].call.src;
    if (!side.shared) {
      if (r_.spans)
        f(std::span<const T>(src_));
      else
        f(std::as_const(src_));
    } else if (side.start == 0 && side.view == side.array) {
      f(std::as_const(*src_arrays_[g]));
    } else {
      f(pg::shared_span<const T>(src_arrays_[g]->subspan(side.start, side.view)));
    }
  }

  pg::Context& me_;
  Groups groups_;
  Recipe r_;
  std::vector<Planned> plans_;
  std::vector<std::unique_ptr<pg::shared_array<T>>> src_arrays_, dst_arrays_;
  int member_ = -1;
  std::vector<T> src_, dst_;
};

template <class T>
void run_case(pg::Context& me, const Groups& groups, const Recipe& r) {
  Instance<T> instance(me, groups, r);
  me.barrier();  // every source ready (as InSync::none requires of the caller)
  instance.run();
  instance.check_early();
  me.barrier();
  instance.check();
}

void run_typed(pg::Context& me, const Groups& groups, const Recipe& r, int type) {
  switch (type % 4) {
    case 0: run_case<int>(me, groups, r); break;
    case 1: run_case<double>(me, groups, r); break;
    case 2: run_case<Rec>(me, groups, r); break;
    default: run_case<std::byte>(me, groups, r); break;
  }
}

struct Family {
  Kind src, dst;
};
constexpr Family families[] = {{Kind::priv, Kind::priv},       // _priv
                               {Kind::shared, Kind::priv},     // _get
                               {Kind::priv, Kind::shared},     // _put
                               {Kind::shared, Kind::shared}};  // standard

struct StylePair {
  Style src, dst;
};
constexpr StylePair style_pairs[] = {{Style::packed, Style::packed},
                                     {Style::gaps, Style::reversed},
                                     {Style::shuffled, Style::gaps},
                                     {Style::packed, Style::shuffled},
                                     {Style::reversed, Style::packed}};
constexpr std::size_t blocks[] = {natural, 1, 3, 8, 0};
constexpr Root roots[] = {Root::first, Root::last, Root::middle};

/// `op` in every family, displacement style, and (rotating) element type, block size, view
/// offset, root and seed.
std::vector<Recipe> sweep(vm::Op op) {
  std::vector<Recipe> out;
  std::size_t i = 0;
  for (const auto& f : families)
    for (const auto& s : style_pairs) {
      Recipe r;
      r.op = op;
      r.src = f.src;
      r.dst = f.dst;
      r.src_style = s.src;
      r.dst_style = s.dst;
      r.src_block = blocks[i % 5];
      r.dst_block = blocks[(i + 2) % 5];
      r.src_offset = i % 3;
      r.dst_offset = (i + 1) % 4;
      r.tail = i % 2;
      r.root = roots[i % 3];
      r.seed = 100 + i;
      r.max_count = 3 + i % 6;
      r.zero_percent = i % 4 == 0 ? 50 : 20;
      r.spans = i % 2 == 1;
      out.push_back(r);
      ++i;
    }
  return out;
}

void sweep_op(vm::Op op) {
  for_each_thread_count([op](pg::Context& me) {
    auto groups = Groups::world(me);
    int type = 0;
    for (const auto& r : sweep(op)) {
      run_typed(me, groups, r, type);
      run_typed(me, groups, r, type + 1);
      type += 1;
    }
  });
}

// ---- the model against hand-computed examples --------------------------------------------------

vm::Call small_call(vm::Op op, int n, std::vector<std::size_t> counts) {
  vm::Call c;
  c.op = op;
  c.threads = n;
  for (int t = 0; t < n; ++t) c.thread_of.push_back(t);
  c.counts = std::move(counts);
  return c;
}

TEST(VectorModel, block_cyclic_arithmetic) {
  // shared [3] T a[10] on 2 threads: thread 0 holds 0 1 2 6 7 8, thread 1 holds 3 4 5 9
  EXPECT_EQ(vm::local_size(10, 3, 2, 0), 6u);
  EXPECT_EQ(vm::local_size(10, 3, 2, 1), 4u);
  EXPECT_EQ(vm::global_index(3, 2, 0, 4), 7u);
  EXPECT_EQ(vm::global_index(3, 2, 1, 3), 9u);
  EXPECT_EQ(vm::global_index(0, 2, 0, 5), 5u);  // indefinite: all on thread 0
  EXPECT_EQ(vm::local_size(10, 0, 2, 1), 0u);
  EXPECT_EQ(vm::global_index(1, 3, 2, 2), 8u);  // cyclic
}

TEST(VectorModel, defaults) {
  using C = vm::Chunk;
  auto c = small_call(vm::Op::scatter_v, 3, {2, 0, 3});
  c.root = 1;
  EXPECT_EQ(vm::chunks(c), (std::vector<C>{{1, 0, 0, 0, 2}, {1, 2, 2, 0, 3}}));
  c.dst.shared = true;
  EXPECT_EQ(vm::chunks(c), (std::vector<C>{{1, 0, 0, 0, 2}, {1, 2, 2, 2, 3}}));

  auto g = small_call(vm::Op::gather_v, 3, {1, 2, 3});
  EXPECT_EQ(vm::chunks(g), (std::vector<C>{{0, 0, 0, 0, 1}, {1, 0, 0, 1, 2}, {2, 0, 0, 3, 3}}));
  g.src.shared = true;
  EXPECT_EQ(vm::chunks(g), (std::vector<C>{{0, 0, 0, 0, 1}, {1, 1, 0, 1, 2}, {2, 3, 0, 3, 3}}));

  auto b = small_call(vm::Op::broadcast_v, 2, {4});
  b.dst.shared = true;
  EXPECT_EQ(vm::chunks(b), (std::vector<C>{{0, 0, 0, 0, 4}, {0, 0, 1, 4, 4}}));

  // exchange_v, 2 members, counts {r0->0: 1, r0->1: 2, r1->0: 3, r1->1: 4}
  auto x = small_call(vm::Op::exchange_v, 2, {1, 2, 3, 4});
  EXPECT_EQ(vm::chunks(x), (std::vector<C>{{0, 0, 0, 0, 1}, {0, 1, 1, 0, 2}, {1, 0, 0, 1, 3}, {1, 3, 1, 2, 4}}));
  x.src.shared = x.dst.shared = true;
  EXPECT_EQ(vm::chunks(x), (std::vector<C>{{0, 0, 0, 0, 1}, {0, 1, 1, 4, 2}, {1, 3, 0, 1, 3}, {1, 6, 1, 6, 4}}));

  // allgather_v into a shared view of 10 for 3 members: parts of 3
  auto a = small_call(vm::Op::allgather_v, 3, {1, 2, 0});
  a.dst.shared = true;
  a.dst.view = 10;
  EXPECT_EQ(vm::chunks(a), (std::vector<C>{{0, 0, 0, 0, 1}, {1, 0, 0, 1, 2}, {0, 0, 1, 3, 1}, {1, 0, 1, 4, 2},
                                            {0, 0, 2, 6, 1}, {1, 0, 2, 7, 2}}));

  // permute_v: a chunk keeps its displacement; from a private source, packed
  auto p = small_call(vm::Op::permute_v, 3, {2, 1, 3});
  p.permutation = {2, 0, 1};
  p.dst.shared = true;
  EXPECT_EQ(vm::chunks(p), (std::vector<C>{{0, 0, 2, 0, 2}, {1, 0, 0, 2, 1}, {2, 0, 1, 3, 3}}));
  p.src.shared = true;
  p.source = {5, 0, 1};
  EXPECT_EQ(vm::chunks(p), (std::vector<C>{{0, 5, 2, 5, 2}, {1, 0, 0, 0, 1}, {2, 1, 1, 1, 3}}));
}

TEST(VectorModel, member_local) {
  // shared [2] T a[12] on 3 threads, view from index 1: thread 1's local element 3 is index 9
  auto c = small_call(vm::Op::broadcast_v, 3, {1});
  c.member_local = true;
  c.dst = {.shared = true, .block = 2, .array = 12, .start = 1, .view = 11};
  c.destination = {1, 3, 1};
  EXPECT_EQ(vm::chunks(c), (std::vector<vm::Chunk>{{0, 0, 0, 0, 1}, {0, 0, 1, 8, 1}, {0, 0, 2, 4, 1}}));
  c.destination = {0, 3, 1};  // thread 0's element 0 (index 0) lies before the view
  EXPECT_EQ(vm::chunks(c), std::nullopt);
  c.destination = {1, 4, 1};  // thread 1 has 4 elements
  EXPECT_EQ(vm::chunks(c), std::nullopt);
  c.destination = {1, 0, 1};
  c.dst.start = 3;  // thread 1's element 0 (index 2) lies before the view
  EXPECT_EQ(vm::chunks(c), std::nullopt);
  // allgather_v: member q's copy in q's own part
  auto a = small_call(vm::Op::allgather_v, 2, {1, 1});
  a.member_local = true;
  a.dst = {.shared = true, .block = 4, .array = 8, .start = 0, .view = 8};
  a.destination = {3, 0};
  EXPECT_EQ(vm::chunks(a), (std::vector<vm::Chunk>{{0, 0, 0, 3, 1}, {1, 0, 0, 0, 1}, {0, 0, 1, 7, 1}, {1, 0, 1, 4, 1}}));
}

// ---- every operation in every family ------------------------------------------------------------

TEST(VectorVariant, broadcast_v) { sweep_op(vm::Op::broadcast_v); }
TEST(VectorVariant, scatter_v) { sweep_op(vm::Op::scatter_v); }
TEST(VectorVariant, gather_v) { sweep_op(vm::Op::gather_v); }
TEST(VectorVariant, allgather_v) { sweep_op(vm::Op::allgather_v); }
TEST(VectorVariant, exchange_v) { sweep_op(vm::Op::exchange_v); }
TEST(VectorVariant, permute_v) { sweep_op(vm::Op::permute_v); }
TEST(VectorVariant, vector_copy) { sweep_op(vm::Op::vector_copy); }

constexpr vm::Op v_ops[] = {vm::Op::broadcast_v, vm::Op::scatter_v, vm::Op::gather_v,
                            vm::Op::allgather_v, vm::Op::exchange_v, vm::Op::permute_v};

/// member_local displacements into shared arrays of block sizes 1, 3, 8, one member's share and
/// indefinite (0: only thread 0 has a part), on the shared sides of the get, put and standard forms.
TEST(VectorVariant, member_local) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    int i = 0;
    for (auto op : v_ops)
      for (std::size_t f = 1; f < 4; ++f)
        for (auto block : {std::size_t{1}, std::size_t{3}, std::size_t{8}, natural, std::size_t{0}}) {
          Recipe r;
          r.op = op;
          r.src = families[f].src;
          r.dst = families[f].dst;
          r.member_local = true;
          r.src_block = r.dst_block = block;
          r.max_count = block == 0 || block == natural ? 5 : block;
          r.src_style = i % 2 ? Style::shuffled : Style::gaps;
          r.dst_style = i % 3 ? Style::reversed : Style::shuffled;
          r.src_offset = static_cast<std::size_t>(i % 3);
          r.dst_offset = static_cast<std::size_t>(i % 2);
          r.tail = 1;
          r.root = roots[i % 3];
          r.seed = 500 + static_cast<std::uint64_t>(i);
          r.zero_percent = 15;
          run_typed(me, groups, r, i);
          ++i;
        }
  });
}

/// Random counts (fixed seeds), many empty, with bigger chunks.
TEST(VectorVariant, random_counts) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    int i = 0;
    for (auto op : v_ops)
      for (std::uint64_t seed : {7u, 8u}) {
        Recipe r;
        r.op = op;
        r.src = families[(i + 1) % 4].src;
        r.dst = families[(i + 1) % 4].dst;
        r.src_style = style_pairs[i % 5].src;
        r.dst_style = style_pairs[(i + 1) % 5].dst;
        r.src_block = blocks[(i + 3) % 5];
        r.dst_block = blocks[i % 5];
        r.seed = seed * 1000 + static_cast<std::uint64_t>(i);
        r.max_count = op == vm::Op::exchange_v ? 60 : 400;
        r.zero_percent = 35;
        r.root = roots[i % 3];
        run_typed(me, groups, r, i);
        ++i;
      }
  });
}

// ---- teams --------------------------------------------------------------------------------------

/// Two teams at once, the even and the odd threads, ranked in reverse thread order (under
/// mpirun each spans both processes), each with its own buffers.
TEST(VectorVariant, two_teams_at_once) {
  for_each_thread_count([](pg::Context& me) {
    Split split(me, [](int t, int) { return t % 2; }, [](int t, int) { return -t; });
    int i = 0;
    for (auto op : {vm::Op::broadcast_v, vm::Op::scatter_v, vm::Op::gather_v, vm::Op::allgather_v, vm::Op::exchange_v,
                    vm::Op::permute_v, vm::Op::vector_copy})
      for (const auto& f : families) {
        Recipe r;
        r.op = op;
        r.src = f.src;
        r.dst = f.dst;
        r.src_style = style_pairs[i % 5].src;
        r.dst_style = style_pairs[(i + 2) % 5].dst;
        r.src_block = blocks[i % 5];
        r.dst_block = blocks[(i + 1) % 5];
        r.root = roots[i % 3];
        r.seed = 900 + static_cast<std::uint64_t>(i);
        r.src_offset = 1;
        r.tail = 2;
        run_typed(me, split.groups(), r, i);
        ++i;
      }
  });
}

/// One team that leaves threads out: the last thread and thread 0 (a team of one with one
/// thread), ranks in that order, member_local displacements on its threads' parts.
TEST(VectorVariant, team_leaving_threads_out) {
  for_each_thread_count([](pg::Context& me) {
    Split split(
        me, [](int t, int threads) { return t == 0 || t == threads - 1 ? 0 : pg::Team::no_color; },
        [](int t, int) { return -t; });
    int i = 0;
    for (auto op : v_ops)
      for (std::size_t f = 0; f < 4; ++f) {
        Recipe r;
        r.op = op;
        r.src = families[f].src;
        r.dst = families[f].dst;
        r.member_local = i % 2 == 1;
        r.src_style = Style::gaps;
        r.dst_style = Style::shuffled;
        r.src_block = r.dst_block = i % 3 == 0 ? 3 : 8;
        r.max_count = 3;
        r.root = roots[i % 3];
        r.seed = 1300 + static_cast<std::uint64_t>(i);
        r.dst_offset = 2;
        run_typed(me, split.groups(), r, i);
        ++i;
      }
  });
}

// ---- sync modes, and calls back to back ----------------------------------------------------------

/// Every sync mode, and calls that follow each other with no barrier in between: each call's
/// results are checked by the caller right after it returns.
TEST(VectorVariant, sync_modes_back_to_back) {
  const coll::Sync syncs[] = {{coll::InSync::none, coll::OutSync::none},
                              {coll::InSync::my, coll::OutSync::my},
                              {coll::InSync::all, coll::OutSync::none},
                              {coll::InSync::none, coll::OutSync::all},
                              {coll::InSync::my, coll::OutSync::all}};
  for_each_thread_count([&](pg::Context& me) {
    auto groups = Groups::world(me);
    std::vector<std::unique_ptr<Instance<int>>> steps;
    int i = 0;
    for (auto op : {vm::Op::broadcast_v, vm::Op::scatter_v, vm::Op::gather_v, vm::Op::allgather_v, vm::Op::exchange_v,
                    vm::Op::permute_v, vm::Op::vector_copy})
      for (const auto& f : families) {
        Recipe r;
        r.op = op;
        r.src = f.src;
        r.dst = f.dst;
        r.src_style = style_pairs[i % 5].src;
        r.dst_style = style_pairs[(i + 1) % 5].dst;
        r.sync = syncs[i % 5];
        r.root = roots[i % 3];
        r.seed = 1700 + static_cast<std::uint64_t>(i);
        steps.push_back(std::make_unique<Instance<int>>(me, groups, r));
        ++i;
      }
    me.barrier();
    for (auto& s : steps) {
      s->run();
      s->check_early();
    }
    me.barrier();
    for (auto& s : steps) s->check();
  });
}

// ---- hand-written examples ----------------------------------------------------------------------

/// gather_v with explicit displacements in reverse member order and a gap, private everything:
/// member r sends r + 1 copies of 10 * r, the root gets them last member first.
TEST(VectorVariantExamples, gather_v_reversed_with_gap) {
  for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    std::vector<std::size_t> counts(n), sdisp(n, 1), ddisp(n);
    for (std::size_t r = 0; r < n; ++r) counts[r] = r + 1;
    std::size_t at = 0;
    for (std::size_t r = n; r-- > 0;) {
      ddisp[r] = at;
      at += counts[r] + 1;  // one element gap after each chunk
    }
    auto mine = static_cast<std::size_t>(me.thread());
    std::vector<int> src(counts[mine] + 1, -5);  // the chunk starts at 1
    std::fill(src.begin() + 1, src.end(), 10 * me.thread());
    std::vector<int> dst(me.thread() == 0 ? at : 0, -1);
    coll::gather_v(me, dst, src, counts, {.source = sdisp, .destination = ddisp});
    if (me.thread() == 0) {
      std::vector<int> want;
      for (std::size_t r = n; r-- > 0;) {
        want.insert(want.end(), counts[r], 10 * int(r));
        want.push_back(-1);
      }
      EXPECT_EQ(dst, want);
    }
  });
}

/// _raw: with std::byte the counts are bytes. Member r receives r + 1 records of the root's
/// array, moved as their bytes, at byte displacements.
TEST(VectorVariantExamples, raw_bytes_move_records) {
  for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    std::vector<Rec> records(n * (n + 1) / 2);
    for (std::size_t i = 0; i < records.size(); ++i) records[i] = make<Rec>(mix(i));
    std::vector<std::size_t> counts(n), sdisp(n);
    std::size_t at = 0;
    for (std::size_t r = 0; r < n; ++r) {
      counts[r] = (r + 1) * sizeof(Rec);
      sdisp[r] = at * sizeof(Rec);
      at += r + 1;
    }
    std::vector<std::byte> src(me.thread() == 0 ? records.size() * sizeof(Rec) : 0);
    if (me.thread() == 0) std::memcpy(src.data(), records.data(), src.size());
    auto mine = static_cast<std::size_t>(me.thread());
    pg::shared_array<std::byte> dst(me, n * (n + 1) / 2 * sizeof(Rec) + 3, 1);
    // packed destination (the default) in a shared array of block 1: byte chunks cross threads
    coll::scatter_v(me, dst, src, counts, {.source = sdisp});
    me.barrier();
    std::vector<std::byte> got(counts[mine]);
    auto first = sdisp[mine];  // packed: the same place as in the source
    for (std::size_t i = 0; i < got.size(); ++i) got[i] = dst.get(first + i);
    std::vector<Rec> as_records(mine + 1);
    std::memcpy(as_records.data(), got.data(), got.size());
    for (std::size_t k = 0; k <= mine; ++k) EXPECT_EQ(as_records[k], records[mine * (mine + 1) / 2 + k]) << k;
    me.barrier();
  });
}

/// The thesis's triangular matrix copy (List. 3.7): chunk i is row i from the diagonal on.
TEST(VectorVariantExamples, vector_copy_upper_triangle) {
  for_each_thread_count([](pg::Context& me) {
    constexpr std::size_t N = 9;
    auto block = std::max<std::size_t>(1, N * N / static_cast<std::size_t>(me.threads()));
    pg::shared_array<double> a(me, N * N, block), b(me, N * N, block);
    auto fill = [&](pg::shared_array<double>& m, double base) {
      auto local = m.local();
      for (std::size_t l = 0; l < local.size(); ++l)
        local[l] = base + double(vm::global_index(block, me.threads(), me.thread(), l));
    };
    fill(a, 1000);
    fill(b, -1000);
    std::vector<coll::ChunkCopy> chunks;
    for (std::size_t i = 0; i < N; ++i) chunks.push_back({0, i * N + i, 0, i * N + i, N - i});
    me.barrier();
    coll::vector_copy(me, b, a, std::span<const coll::ChunkCopy>(chunks));
    auto local = b.local();
    for (std::size_t l = 0; l < local.size(); ++l) {
      auto g = vm::global_index(block, me.threads(), me.thread(), l);
      bool upper = g % N >= g / N;
      EXPECT_EQ(local[l], upper ? 1000 + double(g) : -1000 + double(g)) << g;
    }
    me.barrier();
  });
}

/// exchange_v with one member sending nothing to anybody and another receiving nothing.
TEST(VectorVariantExamples, exchange_v_silent_members) {
  for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    std::vector<std::size_t> counts(n * n);
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t q = 0; q < n; ++q) counts[r * n + q] = (r == 0 || q == n - 1) ? 0 : (r + q) % 3 + 1;
    auto me_r = static_cast<std::size_t>(me.thread());
    std::vector<long> src;
    for (std::size_t q = 0; q < n; ++q)
      for (std::size_t i = 0; i < counts[me_r * n + q]; ++i) src.push_back(long(me_r * 10000 + q * 100 + i));
    std::size_t receive = 0;
    for (std::size_t r = 0; r < n; ++r) receive += counts[r * n + me_r];
    std::vector<long> dst(receive + 1, -1);
    coll::exchange_v(me, dst, src, counts);
    std::vector<long> want;
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t i = 0; i < counts[r * n + me_r]; ++i) want.push_back(long(r * 10000 + me_r * 100 + i));
    want.push_back(-1);
    EXPECT_EQ(dst, want);
  });
}

/// Addressing::thread_ids: counts and displacements have one entry per thread, the chunks of
/// threads outside the team are skipped, and the default packing still counts them. The team is
/// the last thread and thread 0; thread t's chunk has t + 1 elements.
TEST(VectorVariantExamples, thread_id_addressing) {
  for_each_thread_count([](pg::Context& me) {
    auto threads = static_cast<std::size_t>(me.threads());
    auto last = me.threads() - 1;
    Split split(
        me, [](int t, int n) { return t == 0 || t == n - 1 ? 0 : pg::Team::no_color; }, [](int t, int) { return -t; });
    std::vector<std::size_t> counts(threads), packed(threads);
    for (std::size_t t = 0; t < threads; ++t) {
      counts[t] = t + 1;
      packed[t] = t * (t + 1) / 2;
    }
    auto total = threads * (threads + 1) / 2;
    if (split.groups().mine >= 0) {
      coll::Options options{.team = split.groups().team, .root = last, .addressing = coll::Addressing::thread_ids};
      auto t = static_cast<std::size_t>(me.thread());
      std::vector<int> mine(t + 1, 100 + me.thread()), all(total + 1, -1);
      coll::allgather_v(me, all, mine, counts, {}, options);
      std::vector<int> want(total + 1, -1);
      for (auto member : {std::size_t{0}, threads - 1}) std::fill_n(want.begin() + long(packed[member]), member + 1, 100 + int(member));
      EXPECT_EQ(all, want);
      // scatter_v from the root (thread id `last`): member t gets its t + 1 elements at 0
      std::vector<int> source(me.thread() == last ? total : 0), got(threads + 1, -1);
      for (std::size_t i = 0; i < source.size(); ++i) source[i] = int(i);
      coll::scatter_v(me, got, source, counts, {}, options);
      for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], i <= t ? int(packed[t] + i) : -1) << i;
    }
    me.barrier();
  });
}

// ---- refusals -----------------------------------------------------------------------------------

/// Runs `body` on 3 threads, expecting the job to fail with a pgasmr::error that mentions every
/// one of `needles`.
template <class Body>
void expect_refused(Body body, std::vector<std::string> needles) {
  try {
    run_spmd(3, body);
    ADD_FAILURE() << "no pgasmr::error; expected one mentioning \"" << needles.front() << "\"";
  } catch (const pgasmr::error& e) {
    for (const auto& needle : needles) EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

#define SKIP_UNDER_MPI() \
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "a refused argument fails the whole job under mpirun"

TEST(VectorVariantErrors, counts_of_the_wrong_length) {
  SKIP_UNDER_MPI();
  std::vector<std::size_t> two{1, 1}, three{1, 1, 1};
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::scatter_v(me, dst, src, two);
  }, {"scatter_v", "counts has 2 entries; it needs 3"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::gather_v(me, dst, src, two);
  }, {"gather_v", "counts has 2 entries; it needs 3"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::allgather_v(me, dst, src, std::vector<std::size_t>{1, 1, 1, 1});
  }, {"allgather_v", "counts has 4 entries; it needs 3"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::exchange_v(me, dst, src, three);
  }, {"exchange_v", "has 3 entries; it needs 9"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    std::vector<int> perm{1, 2, 0};
    coll::permute_v(me, dst, src, std::span<const int>(perm), two);
  }, {"permute_v", "counts has 2 entries; it needs 3"});
}

TEST(VectorVariantErrors, displacement_lists_of_the_wrong_length) {
  SKIP_UNDER_MPI();
  std::vector<std::size_t> counts{1, 1, 1}, two{0, 1}, four{0, 1, 2, 3};
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::broadcast_v(me, dst, src, 1, {.destination = two});
  }, {"broadcast_v", "destination displacements has 2 entries; it needs 3"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::broadcast_v(me, dst, src, 1, {.source = two});
  }, {"broadcast_v", "source displacements has 2 entries; it needs 1"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::scatter_v(me, dst, src, counts, {.source = four});
  }, {"scatter_v", "source displacements has 4 entries; it needs 3"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::gather_v(me, dst, src, counts, {.destination = two});
  }, {"gather_v", "destination displacements has 2 entries"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(9), dst(9);
    coll::exchange_v(me, dst, src, std::vector<std::size_t>(9, 1), {.source = counts});
  }, {"exchange_v", "source displacements has 3 entries; it needs 9"});
  expect_refused([&](pg::Context& me) {
    std::vector<int> src(3), dst(9);
    coll::allgather_v(me, dst, src, counts, {.destination = four});
  }, {"allgather_v", "destination displacements has 4 entries; it needs 3"});
}

TEST(VectorVariantErrors, chunk_beyond_a_shared_buffer) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> dst(me, 5, 1);
    std::vector<int> src(6);
    coll::scatter_v(me, dst, src, std::vector<std::size_t>{2, 2, 2});  // packed: 6 elements
  }, {"scatter_v", "does not fit the destination (shared, 5 elements)"});
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> src(me, 12, 2);
    std::vector<int> dst(12);
    coll::gather_v(me, dst, pg::shared_span<const int>(src.subspan(2, 8)), std::vector<std::size_t>{1, 1, 1},
                   {.source = std::vector<std::size_t>{0, 3, 8}});
  }, {"gather_v", "does not fit the source (shared, 8 elements)"});
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> src(me, 3, 1), dst(me, 3, 1);
    std::vector<coll::ChunkCopy> chunks{{0, 0, 0, 2, 2}};
    coll::vector_copy(me, dst, src, std::span<const coll::ChunkCopy>(chunks));
  }, {"vector_copy", "a chunk of 2 elements at 2 does not fit the destination"});
  expect_refused([](pg::Context& me) {
    // member_local: thread 1 holds elements 1 and 4 of shared [1] int a[6] on 3 threads
    pg::shared_array<int> dst(me, 6, 1);
    std::vector<int> src(1);
    coll::broadcast_v(me, dst, src, 1, {.destination = std::vector<std::size_t>{0, 2, 0}, .member_local = true});
  }, {"broadcast_v", "local displacement 2 lies beyond thread 1's part of the destination"});
}

/// allgather_v into a shared view: n equal parts, one per member's copy. A chunk that runs past
/// its part would overwrite the next member's copy even though it fits the view.
TEST(VectorVariantErrors, allgather_v_chunk_beyond_a_members_part) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> dst(me, 7, 1);  // parts of 2, one element left over
    std::vector<int> src(2);
    coll::allgather_v(me, dst, src, std::vector<std::size_t>{1, 2, 0});  // packed: member 1's chunk at 1..3
  }, {"allgather_v", "a chunk of 2 elements at 1 does not fit a member's part of the destination (2 elements of a shared view of 7)"});
  // so does an explicit displacement, even with an empty part left
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> dst(me, 9, 3);
    std::vector<int> src(2);
    coll::allgather_v(me, dst, src, std::vector<std::size_t>{0, 1, 1}, {.destination = std::vector<std::size_t>{0, 0, 3}});
  }, {"allgather_v", "a chunk of 1 elements at 3 does not fit a member's part"});
}

TEST(VectorVariantErrors, chunk_beyond_a_private_buffer) {
  SKIP_UNDER_MPI();
  // member 1's private source holds 1 element, its chunk 2
  expect_refused([](pg::Context& me) {
    std::vector<int> src(me.thread() == 1 ? 1 : 2), dst(6);
    coll::allgather_v(me, dst, src, std::vector<std::size_t>{2, 2, 2});
  }, {"allgather_v", "(thread 1)", "does not fit the source (this thread's private buffer, 1 elements)"});
  // the root's private destination is one element short
  expect_refused([](pg::Context& me) {
    std::vector<int> src(2), dst(me.thread() == 2 ? 5 : 0);
    coll::gather_v(me, dst, src, std::vector<std::size_t>{2, 2, 2}, {}, {.root = 2});
  }, {"gather_v", "(thread 2)", "does not fit the destination (this thread's private buffer, 5 elements)"});
  // an explicit destination displacement past member 0's buffer
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::scatter_v(me, dst, src, std::vector<std::size_t>{1, 1, 1}, {.destination = std::vector<std::size_t>{3, 0, 0}});
  }, {"scatter_v", "(thread 0)", "a chunk of 1 elements at 3 does not fit the destination"});
}

TEST(VectorVariantErrors, roots_members_and_permutations) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    coll::broadcast_v(me, dst, src, 1, {}, {.root = 3});
  }, {"broadcast_v", "root 3 is out of range"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    coll::scatter_v(me, dst, src, std::vector<std::size_t>{1, 1, 1}, {}, {.root = -1});
  }, {"scatter_v", "root -1 is out of range"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    std::vector<int> perm{0, 0, 2};
    coll::permute_v(me, dst, src, std::span<const int>(perm), std::vector<std::size_t>{1, 1, 1});
  }, {"permute_v", "the permutation sends two members to one"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    std::vector<int> perm{0, 1};
    coll::permute_v(me, dst, src, std::span<const int>(perm), std::vector<std::size_t>{1, 1, 1});
  }, {"permute_v", "the permutation has 2 entries; it needs 3"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(1), dst(1);
    std::vector<coll::ChunkCopy> chunks{{5, 0, 0, 0, 1}};
    coll::vector_copy(me, dst, src, std::span<const coll::ChunkCopy>(chunks));
  }, {"vector_copy", "chunk source member 5 is out of range"});
}

}  // namespace
