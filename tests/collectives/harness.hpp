#pragma once
// Runs data-movement collectives inside an SPMD job and checks every element they may touch
// against model.hpp. Every thread of the job allocates the same shared arrays (collectively),
// fills its own part of them and its private buffers with values that any thread can recompute
// (a hash of seed, buffer, position), and after the call checks its own part and its private
// buffers: what the model says the collective writes, and everything else unchanged (elements
// before and after a view, past a private region, of members that take no part).
//
// Groups: one or more disjoint teams that run the same case at the same time, each on its own
// slice of the shared arrays (or, with Groups::share_views and Addressing::thread_ids, on the
// same views, where each group's chunks are disjoint).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>

#include "collectives/model.hpp"
#include "collectives/team_groups.hpp"
#include "support/random_bits.hpp"

namespace pgasmr::test {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

/// Bytes of the suites' large chunks: 1 MB, or 64 KB under a sanitizer, where checking every
/// element of them would take most of a minute.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
inline constexpr std::size_t large_chunk_bytes = std::size_t{1} << 16;
#else
inline constexpr std::size_t large_chunk_bytes = std::size_t{1} << 20;
#endif

// ---- element values ---------------------------------------------------------------------------

/// A trivially copyable struct with padding.
struct Record {
  std::int32_t id;
  double weight;
  char tag[3];
  friend bool operator==(const Record&, const Record&) = default;
};

/// What a value belongs to: every buffer of a case has its own values.
enum class Tag : std::uint64_t { shared_source = 1, shared_destination, private_source, private_destination, shared_buffer, private_buffer };

inline std::uint64_t key(std::uint64_t seed, Tag tag, std::uint64_t a, std::uint64_t b = 0) {
  return mix(seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(tag) * 0xc2b2ae3d27d4eb4fULL +
             a * 0x165667b19e3779f9ULL + b * 0xd6e8feb86659fd93ULL);
}

template <class T>
T make(std::uint64_t k);
template <>
inline int make<int>(std::uint64_t k) {
  return static_cast<int>(static_cast<std::uint32_t>(k));
}
template <>
inline double make<double>(std::uint64_t k) {
  return static_cast<double>(k >> 12) * 0x1p-20;
}
template <>
inline Record make<Record>(std::uint64_t k) {
  return {static_cast<std::int32_t>(k), static_cast<double>(k >> 40), {char('a' + k % 26), char('A' + k / 26 % 26), char(k >> 56)}};
}
template <>
inline std::byte make<std::byte>(std::uint64_t k) {
  return static_cast<std::byte>(k);
}

inline std::string show(int v) { return std::to_string(v); }
inline std::string show(double v) { return std::to_string(v); }
inline std::string show(std::byte v) { return std::to_string(static_cast<int>(v)); }
inline std::string show(const Record& v) {
  return "{" + std::to_string(v.id) + ", " + std::to_string(v.weight) + ", " + std::to_string(int(v.tag[0])) + "}";
}

template <class T>
const char* type_name();
template <>
inline const char* type_name<int>() { return "int"; }
template <>
inline const char* type_name<double>() { return "double"; }
template <>
inline const char* type_name<Record>() { return "Record"; }
template <>
inline const char* type_name<std::byte>() { return "std::byte"; }

// ---- what to run ------------------------------------------------------------------------------

enum class Kind : std::uint8_t { priv, shared };
/// Block size of a shared array: natural (one member's region per block: member r's part on
/// thread r), 1 (cyclic), 3, or 0 (indefinite: everything on thread 0).
enum class Block : std::uint8_t { natural, cyclic, three, indefinite };
/// A shared buffer: the view starts `offset` elements into its array, and `tail` elements of
/// the array follow it. Offset and tail 0 (and one group) pass the pg::shared_array itself.
struct Layout {
  Block block = Block::natural;
  std::size_t offset = 0;
  std::size_t tail = 0;
};
enum class Root : std::uint8_t { first, last, middle };
enum class Perm : std::uint8_t { reverse, rotate, shuffle };

inline const char* name(Kind k) { return k == Kind::priv ? "private" : "shared"; }
inline const char* name(Block b) {
  switch (b) {
    case Block::natural: return "natural";
    case Block::cyclic: return "1";
    case Block::three: return "3";
    case Block::indefinite: return "0";
  }
  return "?";
}
inline constexpr std::array all_algorithms{coll::Algorithm::automatic, coll::Algorithm::flat,     coll::Algorithm::native,
                                          coll::Algorithm::binomial,  coll::Algorithm::pairwise, coll::Algorithm::bruck};
inline const char* name(coll::Algorithm a) {
  switch (a) {
    case coll::Algorithm::automatic: return "automatic";
    case coll::Algorithm::flat: return "flat";
    case coll::Algorithm::native: return "native";
    case coll::Algorithm::binomial: return "binomial";
    case coll::Algorithm::pairwise: return "pairwise";
    case coll::Algorithm::bruck: return "bruck";
  }
  return "?";
}
inline const char* name(coll::InSync s) { return s == coll::InSync::all ? "all" : s == coll::InSync::my ? "my" : "none"; }
inline const char* name(coll::OutSync s) { return s == coll::OutSync::all ? "all" : s == coll::OutSync::my ? "my" : "none"; }

struct Case {
  model::Op op = model::Op::broadcast;
  bool in_place = false;
  Kind src = Kind::priv, dst = Kind::priv;  ///< in place: `dst` is the buffer
  Layout src_layout{}, dst_layout{};        ///< in place: `dst_layout`
  std::size_t count = 0;                    ///< elements per chunk
  Root root = Root::first;
  Perm perm = Perm::reverse;
  std::vector<int> permutation;  ///< if set (team ranks, one group): the permutation itself, instead of `perm`
  coll::Sync sync{};
  coll::Addressing addressing = coll::Addressing::team_ranks;
  coll::Algorithm algorithm = coll::Algorithm::automatic;
  std::uint64_t seed = 1;
  std::size_t slack = 2;        ///< private destination elements past the region: must stay untouched
  bool lean = false;            ///< members other than the root pass empty private buffers on a rooted side
  bool spans = false;           ///< private buffers as std::span (else std::vector)
  bool explicit_world = false;  ///< Options::team = &me.world() instead of nullptr
  int late_process = -1;        ///< the threads of this process call 20 ms after the others

  std::string describe() const {
    std::ostringstream out;
    out << model::name(op) << (in_place ? " in place " : " ");
    if (in_place) {
      out << name(dst);
    } else {
      out << name(dst) << " <- " << name(src);
    }
    auto layout = [&](const char* what, Kind k, const Layout& l) {
      if (k == Kind::shared) out << ", " << what << " block " << name(l.block) << " offset " << l.offset << " tail " << l.tail;
    };
    if (!in_place) layout("src", src, src_layout);
    layout(in_place ? "buffer" : "dst", dst, dst_layout);
    out << ", count " << count << ", root " << (root == Root::first ? "first" : root == Root::last ? "last" : "middle")
        << ", perm " << static_cast<int>(perm) << ", sync " << name(sync.in) << "/" << name(sync.out)
        << (addressing == coll::Addressing::thread_ids ? ", thread ids" : "") << ", algorithm " << name(algorithm)
        << ", seed " << seed
        << (lean ? ", lean" : "") << (spans ? ", spans" : "")
        << (late_process >= 0 ? ", late process " + std::to_string(late_process) : std::string());
    return out.str();
  }
};

// ---- one call, prepared, run and checked --------------------------------------------------

/// A prepared call. Every thread of the job prepares the same cases in the same order (shared
/// arrays are allocated collectively), runs them, and checks them.
class Step {
 public:
  virtual ~Step() = default;
  /// The collective call, by the members of the caller's group (others return at once).
  virtual void run() = 0;
  /// Right after run(), before any barrier: what the caller's own call must have completed (its
  /// private destination, and the shared elements with affinity to it that its group writes).
  virtual void check_early() = 0;
  /// After a barrier: the caller's part of every shared array and its private buffers.
  virtual void check() = 0;
};

template <class T>
class Instance final : public Step {
 public:
  Instance(pg::Context& me, Groups groups, Case c) : me_(me), groups_(std::move(groups)), c_(std::move(c)) {
    resolve_groups();
    if (c_.in_place) {
      size_side(buffer_, c_.dst, c_.dst_layout, [](const model::Shape& s) { return model::block_size(s); }, false);
    } else {
      size_side(src_, c_.src, c_.src_layout, [](const model::Shape& s) { return model::source_size(s); },
                model::source_rooted(c_.op));
      size_side(dst_, c_.dst, c_.dst_layout, [](const model::Shape& s) { return model::destination_size(s); },
                model::destination_rooted(c_.op));
    }
    fill();
  }

  void run() override {
    if (!participant()) return;
    const auto& g = group();
    coll::Options options;
    options.team = groups_.team ? groups_.team : (c_.explicit_world ? &me_.world() : nullptr);
    options.root = g.shape.root;
    options.sync = c_.sync;
    options.addressing = c_.addressing;
    options.algorithm = c_.algorithm;
    std::span<const int> perm(g.shape.permutation);
    auto count = c_.count;
    if (me_.process() == c_.late_process) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (c_.in_place) {
      with_buffer([&](auto&& buffer) {
        switch (c_.op) {
          case model::Op::broadcast: coll::broadcast(me_, coll::in_place, buffer, count, options); break;
          case model::Op::scatter: coll::scatter(me_, coll::in_place, buffer, count, options); break;
          case model::Op::gather: coll::gather(me_, coll::in_place, buffer, count, options); break;
          case model::Op::allgather: coll::allgather(me_, coll::in_place, buffer, count, options); break;
          case model::Op::exchange: coll::exchange(me_, coll::in_place, buffer, count, options); break;
          case model::Op::permute: coll::permute(me_, coll::in_place, buffer, perm, count, options); break;
        }
      });
      return;
    }
    with_destination([&](auto&& dst) {
      with_source([&](auto&& src) {
        switch (c_.op) {
          case model::Op::broadcast: coll::broadcast(me_, dst, src, count, options); break;
          case model::Op::scatter: coll::scatter(me_, dst, src, count, options); break;
          case model::Op::gather: coll::gather(me_, dst, src, count, options); break;
          case model::Op::allgather: coll::allgather(me_, dst, src, count, options); break;
          case model::Op::exchange: coll::exchange(me_, dst, src, count, options); break;
          case model::Op::permute: coll::permute(me_, dst, src, perm, count, options); break;
        }
      });
    });
  }

  /// Calls f(element, global index) for every element of `array` with affinity to the caller,
  /// walking its local blocks (UPC's layout: local block k of thread t is global block k * THREADS + t).
  template <class F>
  void for_each_local(const pg::shared_array<T>& array, F&& f) const {
    auto local = array.local();
    auto block = array.block() == 0 ? array.size() : array.block();
    auto t = static_cast<std::size_t>(me_.thread());
    auto threads = static_cast<std::size_t>(me_.threads());
    for (std::size_t l = 0; l < local.size();) {
      auto k = l / block;
      auto first = (k * threads + t) * block;
      for (auto end = std::min(local.size(), (k + 1) * block); l < end; ++l) f(local[l], first + l - k * block);
    }
  }

  void check_early() override {
    if (!participant()) return;
    Tally tally;
    auto& out = c_.in_place ? buffer_ : dst_;
    check_private(out, tally);
    if (out.kind == Kind::shared)
      for_each_local(*out.array, [&](const T& got, std::size_t index) {
        if (auto want = written(out, index, groups_.mine)) tally.see(got, *want, [&] { return where(out, index); });
      });
    report(tally, "right after the call returned");
  }

  void check() override {
    Tally tally;
    for (Side* side : {&src_, &dst_, &buffer_}) {
      if (!side->used) continue;
      check_private(*side, tally);
      if (side->kind != Kind::shared) continue;
      for_each_local(*side->array, [&](const T& got, std::size_t index) {
        tally.see(got, expected(*side, index), [&] { return where(*side, index); });
      });
    }
    report(tally, "after the call, on every thread");
  }

 private:
  /// One group's view of the call.
  struct Group {
    model::Shape shape;
    std::vector<pg::thread_id> thread_of;  // by member number
    int me = -1;                           // the caller's member number, if it takes part
  };

  /// One buffer of the case (source, destination, or the in-place buffer).
  struct Side {
    bool used = false;
    Kind kind = Kind::priv;
    Tag tag{};  // of its initial values
    bool rooted = false;
    std::vector<std::size_t> region;  // by group: elements of one region (or block)
    // shared
    std::unique_ptr<pg::shared_array<T>> array;
    std::vector<std::size_t> view_start, view_size;  // by group
    bool whole = false;                              // the view is the whole array
    // private: the caller's
    std::vector<T> data;
  };

  struct Tally {
    std::size_t bad = 0;
    std::size_t checked = 0;
    std::string first;
    template <class Where>
    void see(const T& got, const T& want, Where&& where) {
      ++checked;
      if (got == want) return;
      if (bad++ < 4) first += "\n  " + where() + ": got " + show(got) + ", want " + show(want);
    }
  };

  void report(const Tally& tally, const char* when) const {
    EXPECT_EQ(tally.bad, 0u) << "thread " << me_.thread() << " of " << me_.threads() << ", " << when << ": "
                             << tally.bad << " of " << tally.checked << " elements wrong" << tally.first << "\n  case: "
                             << c_.describe() << ", " << type_name<T>() << ", " << groups_.describe();
  }

  std::string where(const Side& side, std::size_t index) const {
    return std::string(&side == &src_ ? "source" : &side == &dst_ ? "destination" : "buffer") + " [" +
           std::to_string(index) + "]" + (side.kind == Kind::shared ? " (shared array index)" : " (private)");
  }

  bool participant() const { return groups_.mine >= 0 && group().me >= 0; }
  const Group& group() const { return resolved_[static_cast<std::size_t>(groups_.mine)]; }

  void resolve_groups() {
    bool by_thread = c_.addressing == coll::Addressing::thread_ids;
    for (std::size_t gi = 0; gi < groups_.members.size(); ++gi) {
      const auto& members = groups_.members[gi];
      Group g;
      auto k = static_cast<int>(members.size());
      auto n = by_thread ? me_.threads() : k;
      g.shape.op = c_.op;
      g.shape.count = c_.count;
      g.shape.takes_part.assign(static_cast<std::size_t>(n), !by_thread);
      g.thread_of.resize(static_cast<std::size_t>(n));
      for (int m = 0; m < n; ++m) g.thread_of[static_cast<std::size_t>(m)] = by_thread ? m : members[static_cast<std::size_t>(m)];
      std::vector<int> numbers;  // of the members that take part, in team rank order
      for (int r = 0; r < k; ++r) {
        auto number = by_thread ? members[static_cast<std::size_t>(r)] : r;
        g.shape.takes_part[static_cast<std::size_t>(number)] = true;
        numbers.push_back(number);
        if (members[static_cast<std::size_t>(r)] == me_.thread() && static_cast<int>(gi) == groups_.mine) g.me = number;
      }
      auto pick = c_.root == Root::first ? 0 : c_.root == Root::last ? k - 1 : k / 2;
      g.shape.root = numbers[static_cast<std::size_t>(pick)];
      // A permutation of every member number that maps the participating ones onto themselves.
      g.shape.permutation.resize(static_cast<std::size_t>(n));
      for (int m = 0; m < n; ++m) g.shape.permutation[static_cast<std::size_t>(m)] = m;
      auto order = numbers;
      std::ranges::sort(order);
      std::vector<std::size_t> target(order.size());
      for (std::size_t i = 0; i < order.size(); ++i) {
        switch (c_.perm) {
          case Perm::reverse: target[i] = order.size() - 1 - i; break;
          case Perm::rotate: target[i] = (i + 1) % order.size(); break;
          case Perm::shuffle: target[i] = i; break;
        }
      }
      if (c_.perm == Perm::shuffle)
        for (std::size_t i = order.size(); i > 1; --i) std::swap(target[i - 1], target[mix(c_.seed * 31 + i) % i]);
      for (std::size_t i = 0; i < order.size(); ++i)
        g.shape.permutation[static_cast<std::size_t>(order[i])] = order[target[i]];
      if (!c_.permutation.empty()) {
        EXPECT_EQ(c_.permutation.size(), static_cast<std::size_t>(n)) << "test error: the permutation's size";
        if (c_.permutation.size() == static_cast<std::size_t>(n)) g.shape.permutation = c_.permutation;
      }
      resolved_.push_back(std::move(g));
    }
    if (groups_.mine >= 0 && groups_.team && c_.addressing == coll::Addressing::team_ranks) {
      EXPECT_EQ(groups_.team->size(), resolved_[static_cast<std::size_t>(groups_.mine)].shape.members());
      EXPECT_EQ(groups_.team->rank(), group().me);
    }
  }

  template <class Size>
  void size_side(Side& side, Kind kind, const Layout& layout, Size size_of, bool rooted) {
    side.used = true;
    side.kind = kind;
    side.rooted = rooted;
    for (const auto& g : resolved_) side.region.push_back(size_of(g.shape));
    if (kind == Kind::priv) {
      if (!participant()) return;
      const auto& g = group();
      auto region = side.region[static_cast<std::size_t>(groups_.mine)];
      bool has_region = !rooted || g.me == g.shape.root;
      bool destination = &side != &src_;
      std::size_t size = region + (destination ? c_.slack : 0);
      if (!has_region && c_.lean) size = 0;
      side.data.resize(size);
      return;
    }
    std::size_t stride = 0;
    for (std::size_t gi = 0; gi < resolved_.size(); ++gi) {
      auto view = rooted ? side.region[gi] : side.region[gi] * static_cast<std::size_t>(resolved_[gi].shape.members());
      side.view_size.push_back(view);
      stride = std::max(stride, view);
    }
    auto slots = groups_.share_views ? std::size_t{1} : resolved_.size();
    for (std::size_t gi = 0; gi < resolved_.size(); ++gi)
      side.view_start.push_back(layout.offset + (groups_.share_views ? 0 : gi * stride));
    auto size = layout.offset + slots * stride + layout.tail;
    std::size_t natural = rooted ? c_.count : side.region[0];
    std::size_t block = 1;
    switch (layout.block) {
      case Block::natural: block = std::max<std::size_t>(natural, 1); break;
      case Block::cyclic: block = 1; break;
      case Block::three: block = 3; break;
      case Block::indefinite: block = 0; break;
    }
    side.whole = layout.offset == 0 && layout.tail == 0 && slots == 1 && side.view_size[0] == size;
    side.array = std::make_unique<pg::shared_array<T>>(me_, size, block);
  }

  void fill() {
    auto fill_side = [&](Side& side, Tag tag) {
      side.tag = tag;
      if (!side.used) return;
      if (side.kind == Kind::priv) {
        for (std::size_t i = 0; i < side.data.size(); ++i) side.data[i] = initial(side, i);
        return;
      }
      for_each_local(*side.array, [&](T& element, std::size_t index) { element = initial(side, index); });
    };
    if (c_.in_place) {
      fill_side(buffer_, c_.dst == Kind::shared ? Tag::shared_buffer : Tag::private_buffer);
    } else {
      fill_side(src_, c_.src == Kind::shared ? Tag::shared_source : Tag::private_source);
      fill_side(dst_, c_.dst == Kind::shared ? Tag::shared_destination : Tag::private_destination);
    }
  }

  /// The value a side holds before the call: at shared array `index`, or at `index` of the
  /// private array of `thread` (default: the caller).
  T initial(const Side& side, std::size_t index, pg::thread_id thread = -1) const {
    if (side.kind == Kind::shared) return make<T>(key(c_.seed, side.tag, index));
    auto owner = thread < 0 ? me_.thread() : thread;
    return make<T>(key(c_.seed, side.tag, static_cast<std::uint64_t>(owner), index));
  }

  /// The value before the call of element `e` of group `gi`'s region (or block) of a side.
  T value_of(const Side& side, std::size_t gi, model::Element e) const {
    if (side.kind == Kind::shared)
      return initial(side, side.view_start[gi] + model::view_index(side.rooted, side.region[gi], e));
    return initial(side, e.offset, resolved_[gi].thread_of[static_cast<std::size_t>(e.member)]);
  }

  /// What group `gi`'s call writes at element `e` of its output (the destination, or the
  /// in-place buffer), or nullopt when it leaves it alone.
  std::optional<T> write_of(std::size_t gi, model::Element e) const {
    const auto& shape = resolved_[gi].shape;
    if (c_.in_place) {
      auto from = model::in_place_source_of(shape, e);
      if (!from) return std::nullopt;
      return value_of(buffer_, gi, *from);
    }
    auto from = model::source_of(shape, e);
    if (!from) return std::nullopt;
    return value_of(src_, gi, *from);
  }

  /// What group `gi` (or any group, gi < 0) writes at shared array `index` of an output side.
  std::optional<T> written(const Side& out, std::size_t index, int only_group) const {
    std::optional<T> result;
    for (std::size_t gi = 0; gi < resolved_.size(); ++gi) {
      if (only_group >= 0 && gi != static_cast<std::size_t>(only_group)) continue;
      if (index < out.view_start[gi] || index - out.view_start[gi] >= out.view_size[gi]) continue;
      const auto& shape = resolved_[gi].shape;
      auto e = model::element_at(out.rooted, out.region[gi], shape.root, shape.members(), index - out.view_start[gi]);
      if (!e) continue;
      if (auto w = write_of(gi, *e)) {
        EXPECT_FALSE(result.has_value()) << "test error: two groups write shared index " << index;
        result = w;
      }
    }
    return result;
  }

  /// The value shared `index` of a side must hold after the call.
  T expected(const Side& side, std::size_t index) const {
    if (&side != &src_)
      if (auto w = written(side, index, -1)) return *w;
    return initial(side, index);
  }

  /// The caller's private array of a side: outputs as the model says, the source unchanged.
  void check_private(const Side& side, Tally& tally) const {
    if (side.kind != Kind::priv) return;
    bool output = &side != &src_;
    for (std::size_t i = 0; i < side.data.size(); ++i) {
      std::optional<T> want;
      if (output && participant()) {
        const auto& g = group();
        bool has_region = !side.rooted || g.me == g.shape.root;
        if (has_region && i < side.region[static_cast<std::size_t>(groups_.mine)])
          want = write_of(static_cast<std::size_t>(groups_.mine), {g.me, i});
      }
      tally.see(side.data[i], want ? *want : initial(side, i), [&] { return where(side, i); });
    }
  }

  template <class F>
  void with_destination(F&& f) {
    if (dst_.kind == Kind::priv) {
      if (c_.spans)
        f(std::span<T>(dst_.data));
      else
        f(dst_.data);
    } else if (dst_.whole) {
      f(*dst_.array);
    } else {
      f(dst_.array->subspan(dst_.view_start[static_cast<std::size_t>(groups_.mine)], dst_.view_size[static_cast<std::size_t>(groups_.mine)]));
    }
  }
  template <class F>
  void with_source(F&& f) {
    if (src_.kind == Kind::priv) {
      if (c_.spans)
        f(std::span<const T>(src_.data));
      else
        f(std::as_const(src_.data));
    } else if (src_.whole) {
      f(std::as_const(*src_.array));
    } else {
      f(pg::shared_span<const T>(src_.array->subspan(src_.view_start[static_cast<std::size_t>(groups_.mine)],
                                                     src_.view_size[static_cast<std::size_t>(groups_.mine)])));
    }
  }
  template <class F>
  void with_buffer(F&& f) {
    if (buffer_.kind == Kind::priv) {
      if (c_.spans)
        f(std::span<T>(buffer_.data));
      else
        f(buffer_.data);
    } else if (buffer_.whole) {
      f(*buffer_.array);
    } else {
      f(buffer_.array->subspan(buffer_.view_start[static_cast<std::size_t>(groups_.mine)],
                               buffer_.view_size[static_cast<std::size_t>(groups_.mine)]));
    }
  }

  pg::Context& me_;
  Groups groups_;
  Case c_;
  std::vector<Group> resolved_;
  Side src_, dst_, buffer_;
};

extern template class Instance<int>;
extern template class Instance<double>;
extern template class Instance<Record>;
extern template class Instance<std::byte>;

template <class T>
std::unique_ptr<Step> prepare(pg::Context& me, const Groups& groups, const Case& c) {
  return std::make_unique<Instance<T>>(me, groups, c);
}

/// Prepares, runs and checks one case on every thread of the job. The barrier before the call
/// makes every source ready (as InSync::none requires of the caller).
template <class T>
void run_case(pg::Context& me, const Groups& groups, const Case& c) {
  auto step = prepare<T>(me, groups, c);
  me.barrier();
  step->run();
  step->check_early();
  me.barrier();
  step->check();
}

/// Prepares every step, then runs them back to back with no barrier in between (each step's
/// sync options alone order them), checking each caller's own results right after its call,
/// and everything after a final barrier. The steps use separate buffers with separate values,
/// so a call that read another call's buffers would be seen.
inline void run_chain(pg::Context& me, const std::vector<std::unique_ptr<Step>>& steps) {
  me.barrier();
  for (const auto& step : steps) {
    step->run();
    step->check_early();
  }
  me.barrier();
  for (const auto& step : steps) step->check();
}

/// Runs `body` once for each element type of the suite: int, double, Record, std::byte.
template <class Body>
void for_each_type(Body&& body) {
  body(int{});
  body(double{});
  body(Record{});
  body(std::byte{});
}

}  // namespace pgasmr::test
