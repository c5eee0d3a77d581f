// The reductions (reduce, allreduce, prefix_reduce inclusive and exclusive, reduce_scatter, and
// the chunked reduce_v, allreduce_v, prefix_reduce_v) against the sequential model of
// reduction_model.hpp: every operator of coll::op on the
// arithmetic types it applies to (int, unsigned, long long, float, double), minloc/maxloc on
// op::value_index, non-commutative callables (2x2 matrix products, string concatenation encoded
// in integers, "keep the first") that must be applied in input order, and coll::commutative;
// shared inputs of block sizes 0, 1, 3, 8 and the whole view, as subspans inside their arrays
// (elements outside the view hold values that would change the result); private inputs of
// different lengths per member, some empty; chunk lists in any order, overlapping, empty, or
// missing for some members, with prefix_reduce_v's destination offsets; private and shared
// destinations; teams and both addressings; sync modes; and the refusals.
//
// The model's operators are written here, separately from coll::op, and the values are chosen so
// that every fold is exact (small integers, +-1 and powers of two for products, modular
// arithmetic), so a library that combines commutative operators in another order must still
// match exactly.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>

#include "collectives/reduction_model.hpp"
#include "collectives/vector_model.hpp"
#include "collectives/team_groups.hpp"
#include "support/random_bits.hpp"
#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
namespace rm = pgasmr::test::rmodel;
using pgasmr::test::for_each_thread_count;
using pgasmr::test::mix;
using pgasmr::test::Rng;
using pgasmr::test::run_spmd;
using pgasmr::test::vmodel::global_index;
using pgasmr::test::vmodel::owner;

// ---- element types and operators -----------------------------------------------------------------

template <class T>
using Loc = coll::op::value_index<T>;

/// A 2x2 matrix of integers modulo 2^32: multiplication is associative, not commutative.
struct Mat2 {
  std::uint32_t a, b, c, d;
  friend bool operator==(const Mat2&, const Mat2&) = default;
};
Mat2 matmul(const Mat2& x, const Mat2& y) {
  return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
}

/// The matrix product as an operator type with an identity (so exclusive scans accept it), and
/// without a `commutative` member (so it is combined in input order).
struct MatMul {
  Mat2 operator()(const Mat2& x, const Mat2& y) const { return matmul(x, y); }
  template <class T>
  static T identity() {
    return T{1, 0, 0, 1};
  }
};

/// A decimal string as (digits modulo 2^64, length): concatenation is associative, not commutative.
struct Digits {
  std::uint64_t value;
  std::uint32_t length;
  friend bool operator==(const Digits&, const Digits&) = default;
};
Digits concat(const Digits& x, const Digits& y) {
  std::uint64_t scale = 1;
  for (std::uint32_t i = 0; i < y.length; ++i) scale *= 10;
  return {x.value * scale + y.value, x.length + y.length};
}

template <class T>
std::string show(const T& v) {
  if constexpr (std::is_arithmetic_v<T>) {
    return std::to_string(v);
  } else if constexpr (std::is_same_v<T, Mat2>) {
    return "[" + std::to_string(v.a) + " " + std::to_string(v.b) + "; " + std::to_string(v.c) + " " + std::to_string(v.d) + "]";
  } else if constexpr (std::is_same_v<T, Digits>) {
    return "\"" + std::to_string(v.value) + "\"/" + std::to_string(v.length);
  } else {
    return "(" + std::to_string(v.value) + " @" + std::to_string(v.index) + ")";
  }
}

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, int>) return "int";
  if constexpr (std::is_same_v<T, unsigned>) return "unsigned";
  if constexpr (std::is_same_v<T, long long>) return "long long";
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, Mat2>) return "Mat2";
  if constexpr (std::is_same_v<T, Digits>) return "Digits";
  return "value_index";
}

/// Values no result can take, for the elements a call must leave alone.
template <class T>
T sentinel(std::size_t k) {
  if constexpr (std::is_arithmetic_v<T>) {
    return static_cast<T>(900000 + k % 50000);
  } else if constexpr (std::is_same_v<T, Mat2>) {
    return {0xdead0000u + static_cast<std::uint32_t>(k), 7, 7, 7};
  } else if constexpr (std::is_same_v<T, Digits>) {
    return {k, 999};
  } else {
    return {static_cast<decltype(T::value)>(900000 + k % 50000), 999999999};
  }
}

// The model's operators, written independently of coll::op.
template <class T>
T m_add(T a, T b) {
  return static_cast<T>(a + b);
}
template <class T>
T m_mult(T a, T b) {
  return static_cast<T>(a * b);
}
template <class T>
T m_and(T a, T b) {
  return static_cast<T>(a & b);
}
template <class T>
T m_or(T a, T b) {
  return static_cast<T>(a | b);
}
template <class T>
T m_xor(T a, T b) {
  return static_cast<T>(a ^ b);
}
template <class T>
T m_land(T a, T b) {
  return (a != T{} && b != T{}) ? T{1} : T{0};
}
template <class T>
T m_lor(T a, T b) {
  return (a != T{} || b != T{}) ? T{1} : T{0};
}
template <class T>
T m_min(T a, T b) {
  return b < a ? b : a;
}
template <class T>
T m_max(T a, T b) {
  return a < b ? b : a;
}
template <class V>
V m_minloc(V a, V b) {
  return *rm::extreme(std::vector<V>{a, b}, true);
}
template <class V>
V m_maxloc(V a, V b) {
  return *rm::extreme(std::vector<V>{a, b}, false);
}

// Values whose folds are exact, by hash `h` and input position `p`.
template <class T>
T add_value(std::uint64_t h, std::size_t) {
  if constexpr (std::is_unsigned_v<T>) return static_cast<T>(h);  // wraps, exactly
  if constexpr (std::is_same_v<T, long long>) return static_cast<long long>(h % (1ULL << 40)) - (1LL << 39);
  return static_cast<T>(static_cast<int>(h % 101) - 50);
}
template <class T>
T mult_value(std::uint64_t h, std::size_t p) {
  if constexpr (std::is_unsigned_v<T>) return static_cast<T>(h);
  if (p % 29 == 7) {  // a few powers of two, the rest +-1: no overflow, exact in floating point
    if constexpr (std::is_floating_point_v<T>) return (h & 4) ? T(0.5) : T(2);
    return T(2);
  }
  return (h & 2) ? T(1) : T(-1);
}
template <class T>
T and_value(std::uint64_t h, std::size_t) {
  constexpr unsigned bits = sizeof(T) * 8 - 1;
  return h % 8 == 0 ? static_cast<T>(~(T(1) << (h / 8 % bits))) : static_cast<T>(~T(0));
}
template <class T>
T or_value(std::uint64_t h, std::size_t) {
  constexpr unsigned bits = sizeof(T) * 8 - 1;
  return h % 8 == 0 ? static_cast<T>(T(1) << (h / 8 % bits)) : T(0);
}
template <class T>
T xor_value(std::uint64_t h, std::size_t) {
  return static_cast<T>(h);
}
template <class T>
T land_value(std::uint64_t h, std::size_t) {  // non-zero values other than 1, now and then a 0
  return h % 300 == 0 ? T(0) : static_cast<T>(1 + h / 300 % 5);
}
template <class T>
T lor_value(std::uint64_t h, std::size_t) {
  return h % 300 == 0 ? static_cast<T>(1 + h / 300 % 5) : T(0);
}
template <class T>
T minmax_value(std::uint64_t h, std::size_t) {
  if constexpr (std::is_unsigned_v<T>) return static_cast<T>(h % 2001);
  return static_cast<T>(static_cast<int>(h % 2001) - 1000);
}
template <class V>
V loc_value(std::uint64_t h, std::size_t p) {  // few distinct values: many ties
  return {static_cast<decltype(V::value)>(h % 6), p};
}
Mat2 mat_value(std::uint64_t h, std::size_t) {
  return {static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(h >> 16), static_cast<std::uint32_t>(h >> 32),
          static_cast<std::uint32_t>(h >> 48)};
}
Digits digits_value(std::uint64_t h, std::size_t) {
  auto length = static_cast<std::uint32_t>(1 + h % 3);
  return {h / 3 % (length == 1 ? 10 : length == 2 ? 100 : 1000), length};
}
int first_value(std::uint64_t h, std::size_t) { return static_cast<int>(h % 1000); }

// ---- teams --------------------------------------------------------------------------------------

using pgasmr::test::Groups;
using pgasmr::test::Split;

// ---- reduce, allreduce, prefix_reduce --------------------------------------------------------------

enum class What { reduce, allreduce, inclusive, exclusive };
enum class Kind { priv, shared };
enum class Root { first, last, middle };
constexpr std::size_t natural = static_cast<std::size_t>(-1);  ///< block: the whole view

const char* name(What w) {
  switch (w) {
    case What::reduce: return "reduce";
    case What::allreduce: return "allreduce";
    case What::inclusive: return "prefix_reduce inclusive";
    case What::exclusive: return "prefix_reduce exclusive";
  }
  return "?";
}

struct Case {
  What what = What::reduce;
  Kind src = Kind::priv, dst = Kind::priv;
  std::size_t block = 3;         ///< shared input
  std::size_t length = 20;       ///< shared input: the view; private: the longest member input
  std::size_t offset = 0;        ///< shared input: where the view starts in its array
  std::size_t tail = 0;          ///< shared input: array elements after the view
  std::size_t dst_block = 1, dst_offset = 0;
  unsigned empty_percent = 20;   ///< private input: chance a member's input is empty
  Root root = Root::first;
  coll::Sync sync{};
  std::uint64_t seed = 1;
  bool chunked = false;          ///< the _v reduction over chunk lists
  bool offsets = false;          ///< prefix_reduce_v: explicit destination offsets
  std::size_t max_chunks = 4;    ///< chunked: per list (a shared input's, or each member's)

  std::string describe() const {
    std::ostringstream out;
    auto b = [](std::size_t x) { return x == natural ? std::string("whole view") : std::to_string(x); };
    out << name(what) << ", " << (dst == Kind::priv ? "private" : "shared") << " <- "
        << (src == Kind::priv ? "private" : "shared");
    if (src == Kind::shared)
      out << " (block " << b(block) << ", view [" << offset << ", +" << length << ") + " << tail << ")";
    else
      out << " (lengths up to " << length << ", " << empty_percent << "% empty)";
    if (dst == Kind::shared) out << ", dst block " << dst_block << " at " << dst_offset;
    out << ", root " << (root == Root::first ? "first" : root == Root::last ? "last" : "middle") << ", sync "
        << int(sync.in) << "/" << int(sync.out) << ", seed " << seed;
    if (chunked) out << ", _v: up to " << max_chunks << " chunks per list" << (offsets ? ", destination offsets" : "");
    return out.str();
  }
};

template <class T>
using Dst = std::variant<std::span<T>, pg::shared_span<T>>;
template <class T>
using Src = std::variant<std::span<const T>, pg::shared_span<const T>>;

/// An operator under test: the library's reductions with it (behind one signature, so that the
/// harness is compiled once per element type rather than once per operator), the model's
/// operator, how to make values, and the identity an exclusive scan starts from (none: exclusive
/// scans are refused).
template <class T>
struct Subject {
  using type = T;
  std::function<void(pg::Context&, What, const Dst<T>&, const Src<T>&, const coll::Options&)> reduction;
  std::function<void(pg::Context&, const Dst<T>&, const Src<T>&, std::size_t, const coll::Options&)> reduce_scatter;
  std::function<void(pg::Context&, What, const Dst<T>&, const Src<T>&, std::span<const coll::Chunk>,
                     std::span<const std::size_t>, const coll::Options&)>
      reduction_v;
  std::function<T(const T&, const T&)> model;
  std::function<T(std::uint64_t, std::size_t)> values;
  std::optional<T> identity;
  const char* name;
};

template <class T, class Op, class Model, class Values>
Subject<T> subject(const char* name, Op op, Model model, Values values, std::optional<T> identity) {
  Subject<T> result;
  result.reduction = [op](pg::Context& me, What what, const Dst<T>& dst, const Src<T>& src, const coll::Options& options) {
    std::visit(
        [&](auto to) {
          std::visit(
              [&](auto from) {
                switch (what) {
                  case What::reduce: coll::reduce(me, to, from, op, options); break;
                  case What::allreduce: coll::allreduce(me, to, from, op, options); break;
                  case What::inclusive: coll::prefix_reduce(me, to, from, op, coll::Scan::inclusive, options); break;
                  case What::exclusive: coll::prefix_reduce(me, to, from, op, coll::Scan::exclusive, options); break;
                }
              },
              src);
        },
        dst);
  };
  result.model = model;
  result.values = values;
  result.identity = identity;
  result.name = name;
  return result;
}

/// A subject for reduce_v, allreduce_v and prefix_reduce_v as well (only these instantiate them).
template <class T, class Op, class Model, class Values>
Subject<T> v_subject(const char* name, Op op, Model model, Values values, std::optional<T> identity) {
  auto result = subject<T>(name, op, model, values, identity);
  result.reduction_v = [op](pg::Context& me, What what, const Dst<T>& dst, const Src<T>& src,
                            std::span<const coll::Chunk> chunks, std::span<const std::size_t> offsets,
                            const coll::Options& options) {
    std::visit(
        [&](auto to) {
          std::visit(
              [&](auto from) {
                switch (what) {
                  case What::reduce: coll::reduce_v(me, to, from, chunks, op, options); break;
                  case What::allreduce: coll::allreduce_v(me, to, from, chunks, op, options); break;
                  case What::inclusive:
                    coll::prefix_reduce_v(me, to, from, chunks, offsets, op, coll::Scan::inclusive, options);
                    break;
                  case What::exclusive:
                    coll::prefix_reduce_v(me, to, from, chunks, offsets, op, coll::Scan::exclusive, options);
                    break;
                }
              },
              src);
        },
        dst);
  };
  return result;
}

/// A subject for reduce_scatter as well (only these instantiate it).
template <class T, class Op, class Model, class Values>
Subject<T> scatter_subject(const char* name, Op op, Model model, Values values, std::optional<T> identity) {
  auto result = subject<T>(name, op, model, values, identity);
  result.reduce_scatter = [op](pg::Context& me, const Dst<T>& dst, const Src<T>& src, std::size_t count,
                                const coll::Options& options) {
    std::visit([&](auto to) { std::visit([&](auto from) { coll::reduce_scatter(me, to, from, count, op, options); }, src); },
               dst);
  };
  return result;
}

/// One group's call, planned identically on every thread.
template <class T>
struct Planned {
  int n = 0;
  std::vector<int> thread_of;
  int root = 0;
  std::uint64_t seed = 0;
  // shared input
  std::size_t array = 0, block = 1, start = 0, view = 0;
  // private input, by member
  std::vector<std::size_t> lengths, first;
  // the _v reductions: chunk lists and prefix_reduce_v's destination offsets, by member (a
  // shared input has one list, [0], that every member passes)
  std::vector<std::vector<coll::Chunk>> chunks;
  std::vector<std::vector<std::size_t>> offsets;
  std::vector<T> input;  // the whole input, in order
  // destination
  std::size_t dst_array = 0, dst_block = 1, dst_start = 0, dst_view = 0;
  std::vector<std::size_t> dst_size;  // private, by member
  // prefix results: the input position whose result each element of a shared destination's view
  // (or of a member's private destination) receives
  std::vector<std::optional<std::size_t>> shared_scan;
  std::vector<std::vector<std::optional<std::size_t>>> private_scan;
  // what it must produce
  std::optional<T> folded;
  std::vector<T> scanned;
};

template <class T>
class Reduction {
 public:
  Reduction(pg::Context& me, const Groups& groups, const Case& c, const Subject<T>& subject)
      : me_(me), groups_(groups), c_(c), s_(subject) {
    for (std::size_t g = 0; g < groups.members.size(); ++g) plans_.push_back(plan(g));
    for (const auto& p : plans_) {  // collectively, in the same order everywhere
      src_arrays_.push_back(c.src == Kind::shared ? std::make_unique<pg::shared_array<T>>(me, p.array, p.block) : nullptr);
      dst_arrays_.push_back(c.dst == Kind::shared ? std::make_unique<pg::shared_array<T>>(me, p.dst_array, p.dst_block) : nullptr);
    }
    if (groups.mine >= 0) {
      const auto& p = mine();
      const auto& members = groups.members[static_cast<std::size_t>(groups.mine)];
      member_ = static_cast<std::size_t>(std::ranges::find(members, me.thread()) - members.begin());
      if (c.src == Kind::priv)
        for (std::size_t k = 0; k < p.lengths[member_]; ++k) src_.push_back(value(p, p.first[member_] + k));
      if (c.dst == Kind::priv)
        for (std::size_t k = 0; k < p.dst_size[member_]; ++k) dst_.push_back(sentinel<T>(k));
    }
    for (std::size_t g = 0; g < plans_.size(); ++g) {
      const auto& p = plans_[g];
      if (auto* a = src_arrays_[g].get()) {
        auto local = a->local();
        for (std::size_t l = 0; l < local.size(); ++l) {
          auto index = global_index(a->block(), me.threads(), me.thread(), l);
          local[l] = index >= p.start && index - p.start < p.view ? value(p, index - p.start) : poison(p, index);
        }
      }
      if (auto* a = dst_arrays_[g].get()) {
        auto local = a->local();
        for (std::size_t l = 0; l < local.size(); ++l) local[l] = sentinel<T>(global_index(a->block(), me.threads(), me.thread(), l));
      }
    }
  }

  void run() {
    if (groups_.mine < 0) return;
    coll::Options options;
    options.team = groups_.team;
    options.root = mine().root;
    options.sync = c_.sync;
    if (!c_.chunked) {
      s_.reduction(me_, c_.what, destination(), source(), options);
      return;
    }
    const auto& p = mine();
    auto list = c_.src == Kind::shared ? 0 : member_;
    std::span<const std::size_t> offsets;
    if (c_.offsets) offsets = p.offsets[list];
    s_.reduction_v(me_, c_.what, destination(), source(), p.chunks[list], offsets, options);
  }

  /// Right after the call: the caller's private destination is complete whatever the sync mode.
  void check_early() {
    if (groups_.mine < 0) return;
    Tally tally;
    check_private(tally);
    report(tally, "right after the call");
  }

  void check() {
    Tally tally;
    if (groups_.mine >= 0) {
      check_private(tally);
      const auto& p = mine();
      for (std::size_t k = 0; k < src_.size(); ++k)
        tally.see(src_[k], value(p, p.first[member_] + k), [&] { return "private source [" + std::to_string(k) + "]"; });
    }
    for (std::size_t g = 0; g < plans_.size(); ++g) {
      const auto& p = plans_[g];
      if (auto* a = src_arrays_[g].get()) {
        auto local = a->local();
        for (std::size_t l = 0; l < local.size(); ++l) {
          auto index = global_index(a->block(), me_.threads(), me_.thread(), l);
          auto want = index >= p.start && index - p.start < p.view ? value(p, index - p.start) : poison(p, index);
          tally.see(local[l], want, [&] { return "shared source [" + std::to_string(index) + "]"; });
        }
      }
      if (auto* a = dst_arrays_[g].get()) {
        auto local = a->local();
        for (std::size_t l = 0; l < local.size(); ++l) {
          auto index = global_index(a->block(), me_.threads(), me_.thread(), l);
          std::optional<T> want;
          if (index >= p.dst_start && index - p.dst_start < p.dst_view) want = shared_result(p, index - p.dst_start);
          tally.see(local[l], want ? *want : sentinel<T>(index), [&] {
            return "shared destination of group " + std::to_string(g) + " [" + std::to_string(index) + "]";
          });
        }
      }
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

  const Planned<T>& mine() const { return plans_[static_cast<std::size_t>(groups_.mine)]; }

  void report(const Tally& tally, const char* when) const {
    std::ostringstream input;
    if (groups_.mine >= 0) {
      const auto& p = mine();
      input << "\n  " << p.input.size() << " input elements, members";
      for (auto t : p.thread_of) input << " " << t;
      if (c_.src == Kind::priv) {
        input << ", lengths";
        for (auto l : p.lengths) input << " " << l;
      }
    }
    EXPECT_EQ(tally.bad, 0u) << "thread " << me_.thread() << " of " << me_.threads() << ", " << when << ": " << tally.bad
                             << " of " << tally.checked << " elements wrong" << tally.first << "\n  case: " << c_.describe()
                             << ", " << s_.name << " on " << type_name<T>() << input.str();
  }

  T value(const Planned<T>& p, std::size_t position) const { return s_.values(mix(p.seed + position * 0x9e3779b9ULL), position); }
  T poison(const Planned<T>& p, std::size_t index) const { return value(p, 1000000 + index); }

  Planned<T> plan(std::size_t g) const {
    Planned<T> p;
    p.thread_of = groups_.members[g];
    p.n = static_cast<int>(p.thread_of.size());
    auto n = p.thread_of.size();
    p.seed = mix(c_.seed * 977 + g);
    Rng rng{p.seed};
    p.root = c_.root == Root::first ? 0 : c_.root == Root::last ? p.n - 1 : p.n / 2;
    bool prefix = c_.what == What::inclusive || c_.what == What::exclusive;
    // a chunk list of up to max_chunks chunks (maybe none) of a span of `length` elements, in
    // any order, overlapping, some empty
    auto chunk_list = [&](std::size_t length) {
      std::vector<coll::Chunk> list(rng.below(c_.max_chunks + 1));
      for (auto& k : list) {
        k.offset = rng.below(length + 1);
        k.count = rng.below(std::min<std::size_t>(6, length - k.offset) + 1);
      }
      return list;
    };
    if (c_.src == Kind::shared) {
      p.view = c_.length;
      p.block = c_.block == natural ? std::max<std::size_t>(1, c_.length) : c_.block;
      p.start = c_.offset;
      p.array = c_.offset + c_.length + c_.tail;
      if (c_.chunked) {
        p.chunks.push_back(chunk_list(p.view));
        std::size_t elements = 0;
        for (const auto& k : p.chunks[0]) elements += k.count;
        if (!prefix && elements == 0 && p.view > 0) p.chunks[0].push_back({rng.below(p.view), 1});  // reduce needs something
      }
    } else {
      std::size_t total = 0;
      for (std::size_t m = 0; m < n; ++m) {
        p.first.push_back(total);
        p.lengths.push_back(rng.below(100) < c_.empty_percent ? 0 : 1 + rng.below(c_.length));
        total += p.lengths.back();
        if (c_.chunked) p.chunks.push_back(chunk_list(p.lengths.back()));
      }
      std::size_t elements = 0;
      for (std::size_t m = 0; m < n; ++m)
        if (!c_.chunked)
          elements += p.lengths[m];
        else
          for (const auto& k : p.chunks[m]) elements += k.count;
      if (!prefix && elements == 0) {  // reduce needs something; the last member has it
        p.lengths.back() = std::max<std::size_t>(p.lengths.back(), 1);
        if (c_.chunked) p.chunks.back().push_back({0, 1});
      }
    }
    // the input order: where each element comes from (shared: view index; private: member,
    // and position in the concatenated private spans), its chunk, its place in the chunk
    struct From {
      int member;
      std::size_t index, chunk, within;
    };
    std::vector<From> order;
    if (c_.src == Kind::shared) {
      if (!c_.chunked)
        for (std::size_t v = 0; v < p.view; ++v) order.push_back({-1, v, 0, v});
      else
        for (std::size_t k = 0; k < p.chunks[0].size(); ++k)
          for (std::size_t i = 0; i < p.chunks[0][k].count; ++i) order.push_back({-1, p.chunks[0][k].offset + i, k, i});
    } else {
      for (std::size_t m = 0; m < n; ++m) {
        if (!c_.chunked)
          for (std::size_t i = 0; i < p.lengths[m]; ++i) order.push_back({int(m), p.first[m] + i, 0, i});
        else
          for (std::size_t k = 0; k < p.chunks[m].size(); ++k)
            for (std::size_t i = 0; i < p.chunks[m][k].count; ++i)
              order.push_back({int(m), p.first[m] + p.chunks[m][k].offset + i, k, i});
      }
    }
    auto total = order.size();
    for (const auto& e : order) p.input.push_back(value(p, e.index));
    // prefix_reduce_v's destination offsets: each list's chunks one after another, in shuffled
    // order with gaps; one line for every member's chunks when they share a destination
    if (prefix && c_.chunked && c_.offsets) {
      p.offsets.resize(p.chunks.size());
      std::size_t line = 0;
      for (std::size_t l = 0; l < p.chunks.size(); ++l) {
        if (c_.dst == Kind::priv) line = 0;
        std::vector<std::size_t> shuffled(p.chunks[l].size());
        std::iota(shuffled.begin(), shuffled.end(), 0);
        for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[rng.below(i)]);
        p.offsets[l].resize(p.chunks[l].size());
        for (auto k : shuffled) {
          line += rng.below(3);
          p.offsets[l][k] = line;
          line += p.chunks[l][k].count;
        }
      }
    }
    // where the results go
    p.dst_size.assign(n, 0);
    p.private_scan.assign(n, {});
    auto extra = [&] { return rng.below(3); };
    auto owned_by = [&](const From& e, std::size_t m) {
      if (c_.src == Kind::priv) return e.member == int(m);
      // a shared input's elements go to the member on their thread; the first member also gets
      // those of threads outside the team, which it folds for them
      auto t = owner(p.block, me_.threads(), p.start + e.index);
      bool member = std::ranges::find(p.thread_of, t) != p.thread_of.end();
      return t == p.thread_of[m] || (m == 0 && !member);
    };
    auto list_of = [&](const From& e) { return c_.src == Kind::shared ? std::size_t{0} : static_cast<std::size_t>(e.member); };
    auto place = [](std::vector<std::optional<std::size_t>>& slots, std::size_t at, std::size_t j) {
      if (slots.size() <= at) slots.resize(at + 1);
      slots[at] = j;
    };
    switch (c_.what) {
      case What::reduce:
        p.dst_view = 1 + extra();
        for (std::size_t m = 0; m < n; ++m) p.dst_size[m] = (int(m) == p.root ? 1 : 0) + extra();
        break;
      case What::allreduce:
        p.dst_view = n + extra();
        for (auto& s : p.dst_size) s = 1 + extra();
        break;
      case What::inclusive:
      case What::exclusive:
        // a shared destination: result j at index j, or at its chunk's offset; a private one: the
        // results of the member's own elements, packed in input order, or at their chunks' offsets
        for (std::size_t j = 0; j < total; ++j) {
          const auto& e = order[j];
          place(p.shared_scan, c_.offsets && c_.chunked ? p.offsets[list_of(e)][e.chunk] + e.within : j, j);
        }
        p.dst_view = std::max(total, p.shared_scan.size()) + extra();
        for (std::size_t m = 0; m < n; ++m) {
          std::size_t packed = 0;
          for (std::size_t j = 0; j < total; ++j) {
            const auto& e = order[j];
            if (!owned_by(e, m)) continue;
            place(p.private_scan[m], c_.offsets && c_.chunked ? p.offsets[list_of(e)][e.chunk] + e.within : packed++, j);
          }
          p.dst_size[m] = p.private_scan[m].size() + extra();
        }
        break;
    }
    p.dst_block = c_.dst_block;
    p.dst_start = c_.dst_offset;
    p.dst_array = p.dst_start + p.dst_view + 1;
    p.folded = rm::fold(p.input, s_.model);
    if (c_.what == What::inclusive) p.scanned = rm::inclusive_scan(p.input, s_.model);
    if (c_.what == What::exclusive && s_.identity) p.scanned = rm::exclusive_scan(p.input, s_.model, *s_.identity);
    return p;
  }

  /// What view index v of a shared destination must hold (nullopt: left alone).
  std::optional<T> shared_result(const Planned<T>& p, std::size_t v) const {
    switch (c_.what) {
      case What::reduce:
        if (v == 0) return p.folded;
        break;
      case What::allreduce:
        if (v < static_cast<std::size_t>(p.n)) return p.folded;
        break;
      case What::inclusive:
      case What::exclusive:
        if (v < p.shared_scan.size() && p.shared_scan[v]) return p.scanned.at(*p.shared_scan[v]);
        break;
    }
    return std::nullopt;
  }

  void check_private(Tally& tally) const {
    const auto& p = mine();
    for (std::size_t k = 0; k < dst_.size(); ++k) {
      std::optional<T> want;
      switch (c_.what) {
        case What::reduce:
          if (k == 0 && int(member_) == p.root) want = p.folded;
          break;
        case What::allreduce:
          if (k == 0) want = p.folded;
          break;
        case What::inclusive:
        case What::exclusive: {
          const auto& slots = p.private_scan[member_];
          if (k < slots.size() && slots[k]) want = p.scanned.at(*slots[k]);
          break;
        }
      }
      tally.see(dst_[k], want ? *want : sentinel<T>(k), [&] { return "private destination [" + std::to_string(k) + "]"; });
    }
  }

  // Buffers as spans and shared views only (buffer_forms covers vectors and whole arrays).
  Dst<T> destination() {
    auto g = static_cast<std::size_t>(groups_.mine);
    if (c_.dst == Kind::priv) return std::span<T>(dst_);
    return dst_arrays_[g]->subspan(plans_[g].dst_start, plans_[g].dst_view);
  }
  Src<T> source() const {
    auto g = static_cast<std::size_t>(groups_.mine);
    if (c_.src == Kind::priv) return std::span<const T>(src_);
    return pg::shared_span<const T>(src_arrays_[g]->subspan(plans_[g].start, plans_[g].view));
  }

  pg::Context& me_;
  Groups groups_;
  Case c_;
  Subject<T> s_;
  std::vector<Planned<T>> plans_;
  std::vector<std::unique_ptr<pg::shared_array<T>>> src_arrays_, dst_arrays_;
  std::size_t member_ = 0;
  std::vector<T> src_, dst_;
};

template <class T>
void run_case(pg::Context& me, const Groups& groups, const Case& c, const Subject<T>& s) {
  Reduction<T> r(me, groups, c, s);
  me.barrier();  // every shared input ready (as InSync::none requires of the caller)
  r.run();
  r.check_early();
  me.barrier();
  r.check();
}

/// The cases every operator goes through: each reduction into private and shared
/// destinations, from private and shared inputs, with the other parameters rotating.
std::vector<Case> standard_cases(std::uint64_t seed) {
  constexpr std::size_t blocks[] = {0, 1, 3, 8, natural};
  std::vector<Case> out;
  std::size_t i = 0;
  for (auto what : {What::reduce, What::allreduce, What::inclusive, What::exclusive})
    for (auto src : {Kind::priv, Kind::shared})
      for (auto dst : {Kind::priv, Kind::shared}) {
        Case c;
        c.what = what;
        c.src = src;
        c.dst = dst;
        c.block = blocks[(i + seed) % 5];
        c.length = src == Kind::shared ? 5 + (i * 7 + seed) % 40 : 1 + (i + seed) % 9;
        c.offset = i % 3;
        c.tail = (i + 1) % 3;
        c.dst_block = 1 + i % 4;
        c.dst_offset = (i / 2) % 3;
        c.root = i % 3 == 0 ? Root::first : i % 3 == 1 ? Root::last : Root::middle;
        c.empty_percent = i % 4 == 3 ? 60 : 20;
        c.seed = seed * 100 + i;
        out.push_back(c);
        ++i;
      }
  return out;
}

/// Runs `s` through the standard cases; exclusive scans only where the operator has an identity.
template <class T>
void standard(pg::Context& me, const Groups& groups, const Subject<T>& s, std::uint64_t seed) {
  for (const auto& c : standard_cases(seed))
    if (c.what != What::exclusive || s.identity) run_case(me, groups, c, s);
}

/// Half of the standard cases: for each reduction either private->private and shared->shared,
/// or the mixed pairs, alternating with the reduction and with the seed's parity (so operators
/// with consecutive seeds cover all of them between them).
template <class T>
void half(pg::Context& me, const Groups& groups, const Subject<T>& s, std::uint64_t seed) {
  for (const auto& c : standard_cases(seed)) {
    bool mixed = (c.src == Kind::shared) != (c.dst == Kind::shared);
    bool odd = (static_cast<int>(c.what) + seed) % 2 == 1;
    if (mixed == odd && (c.what != What::exclusive || s.identity)) run_case(me, groups, c, s);
  }
}

// Every coll::op operator on T (the bitwise ones on integral types only).
template <class T>
void every_operator(pg::Context& me, const Groups& groups, std::uint64_t seed) {
  half(me, groups, subject<T>("op::add", coll::op::add{}, m_add<T>, add_value<T>, T(0)), seed);
  half(me, groups, subject<T>("op::mult", coll::op::mult{}, m_mult<T>, mult_value<T>, T(1)), seed + 1);
  if constexpr (std::is_integral_v<T>) {
    half(me, groups, subject<T>("op::bit_and", coll::op::bit_and{}, m_and<T>, and_value<T>, static_cast<T>(~T(0))), seed + 2);
    half(me, groups, subject<T>("op::bit_or", coll::op::bit_or{}, m_or<T>, or_value<T>, T(0)), seed + 3);
    half(me, groups, subject<T>("op::bit_xor", coll::op::bit_xor{}, m_xor<T>, xor_value<T>, T(0)), seed + 4);
  }
  half(me, groups, subject<T>("op::logical_and", coll::op::logical_and{}, m_land<T>, land_value<T>, T(1)), seed + 5);
  half(me, groups, subject<T>("op::logical_or", coll::op::logical_or{}, m_lor<T>, lor_value<T>, T(0)), seed + 6);
  half(me, groups, subject<T>("op::min", coll::op::min{}, m_min<T>, minmax_value<T>, std::numeric_limits<T>::max()), seed + 7);
  half(me, groups, subject<T>("op::max", coll::op::max{}, m_max<T>, minmax_value<T>, std::numeric_limits<T>::lowest()), seed + 8);
  half(me, groups, subject<Loc<T>>("op::minloc", coll::op::minloc{}, m_minloc<Loc<T>>, loc_value<Loc<T>>, std::nullopt), seed + 9);
  half(me, groups, subject<Loc<T>>("op::maxloc", coll::op::maxloc{}, m_maxloc<Loc<T>>, loc_value<Loc<T>>, std::nullopt), seed + 10);
}

// ---- the model against hand-computed examples ----------------------------------------------------

TEST(ReductionModel, examples) {
  std::vector<int> in{3, 1, 4, 1, 5};
  EXPECT_EQ(rm::fold(in, m_add<int>), 14);
  EXPECT_EQ(rm::inclusive_scan(in, m_add<int>), (std::vector<int>{3, 4, 8, 9, 14}));
  EXPECT_EQ(rm::exclusive_scan(in, m_add<int>, 0), (std::vector<int>{0, 3, 4, 8, 9}));
  EXPECT_EQ(rm::fold(std::vector<int>{}, m_add<int>), std::nullopt);
  auto d = rm::fold(std::vector<Digits>{{12, 2}, {3, 1}, {45, 3}}, concat);
  EXPECT_EQ(d, (Digits{123045, 6}));
  // minloc / maxloc: ties go to the smallest index
  std::vector<Loc<int>> locs{{4, 0}, {2, 1}, {7, 2}, {2, 3}, {7, 4}};
  EXPECT_EQ(rm::extreme(locs, true), (Loc<int>{2, 1}));
  EXPECT_EQ(rm::extreme(locs, false), (Loc<int>{7, 2}));
  EXPECT_EQ(rm::fold(locs, m_minloc<Loc<int>>), (Loc<int>{2, 1}));
  // the matrix product does not commute
  Mat2 x{1, 1, 0, 1}, y{1, 0, 1, 1};
  EXPECT_NE(matmul(x, y), matmul(y, x));
  auto rs = rm::reduce_scatter(std::vector<std::vector<int>>{{1, 2, 3, 4}, {10, 20, 30, 40}}, 2, m_add<int>);
  EXPECT_EQ(rs, (std::vector<std::vector<int>>{{11, 22}, {33, 44}}));
}

/// The library's operators against the model's on a few values (operators.hpp's definitions).
TEST(ReductionModel, operators_agree) {
  for (int a : {-3, 0, 1, 6})
    for (int b : {-2, 0, 1, 5}) {
      EXPECT_EQ(coll::op::add{}(a, b), m_add(a, b));
      EXPECT_EQ(coll::op::mult{}(a, b), m_mult(a, b));
      EXPECT_EQ(coll::op::bit_and{}(a, b), m_and(a, b));
      EXPECT_EQ(coll::op::bit_or{}(a, b), m_or(a, b));
      EXPECT_EQ(coll::op::bit_xor{}(a, b), m_xor(a, b));
      EXPECT_EQ(coll::op::logical_and{}(a, b), m_land(a, b));
      EXPECT_EQ(coll::op::logical_or{}(a, b), m_lor(a, b));
      EXPECT_EQ(coll::op::min{}(a, b), m_min(a, b));
      EXPECT_EQ(coll::op::max{}(a, b), m_max(a, b));
    }
  EXPECT_EQ(coll::op::add::identity<double>(), 0.0);
  EXPECT_EQ(coll::op::mult::identity<int>(), 1);
  EXPECT_EQ(coll::op::bit_and::identity<unsigned>(), ~0u);
  EXPECT_EQ(coll::op::min::identity<float>(), std::numeric_limits<float>::max());
  EXPECT_EQ(coll::op::max::identity<double>(), std::numeric_limits<double>::lowest());
  EXPECT_EQ(coll::op::logical_and::identity<long long>(), 1);
  static_assert(coll::is_commutative<coll::op::add, double>());
  static_assert(coll::is_commutative<coll::op::min, int>());
  static_assert(!coll::is_commutative<coll::op::min, double>());  // of +0.0 and -0.0 the first one
  static_assert(!coll::is_commutative<MatMul, Mat2>());
  static_assert(coll::with_identity<MatMul, Mat2>);
  static_assert(!coll::with_identity<coll::op::minloc, Loc<int>>);
}

// ---- every operator on every type ------------------------------------------------------------------

TEST(Reductions, int_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_operator<int>(me, Groups::world(me), 10); });
}
TEST(Reductions, unsigned_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_operator<unsigned>(me, Groups::world(me), 20); });
}
TEST(Reductions, long_long_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_operator<long long>(me, Groups::world(me), 30); });
}
TEST(Reductions, float_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_operator<float>(me, Groups::world(me), 40); });
}
TEST(Reductions, double_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_operator<double>(me, Groups::world(me), 50); });
}

// ---- operators that do not commute, and coll::commutative --------------------------------------------

auto mat_lambda = [](const Mat2& x, const Mat2& y) { return matmul(x, y); };
auto concat_lambda = [](const Digits& x, const Digits& y) { return concat(x, y); };
auto first_lambda = [](int a, int) { return a; };

TEST(Reductions, non_commutative_in_input_order) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    standard(me, groups, subject<Mat2>("matrix product (MatMul, with identity)", MatMul{}, matmul, mat_value, Mat2{1, 0, 0, 1}), 60);
    standard(me, groups, subject<Mat2>("matrix product (lambda)", mat_lambda, matmul, mat_value, std::nullopt), 61);
    standard(me, groups, subject<Digits>("concatenation", concat_lambda, concat, digits_value, std::nullopt), 62);
    standard(me, groups, subject<int>("keep the first", first_lambda, first_lambda, first_value, std::nullopt), 63);
  });
}

TEST(Reductions, commutative_wrapper) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    auto plus = coll::commutative([](long long a, long long b) { return a + b; });
    static_assert(coll::is_commutative<decltype(plus), long long>());
    standard(me, groups, subject<long long>("commutative(a + b)", plus, m_add<long long>, add_value<long long>, std::nullopt), 70);
    auto bigger = coll::commutative([](double a, double b) { return a < b ? b : a; });
    standard(me, groups, subject<double>("commutative(max)", bigger, m_max<double>, minmax_value<double>, std::nullopt), 71);
  });
}

// ---- shared inputs: every block size, views inside their arrays ---------------------------------------

/// Every block size (0, 1, 3, 8, the whole view) and views that start inside their arrays, with
/// a non-commutative operator (so each block's place in the order matters) and with op::add.
TEST(Reductions, shared_input_blocks_and_views) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    auto mat = subject<Mat2>("matrix product", MatMul{}, matmul, mat_value, Mat2{1, 0, 0, 1});
    auto add = subject<double>("op::add", coll::op::add{}, m_add<double>, add_value<double>, 0.0);
    std::size_t i = 0;
    for (std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{8}, natural})
      for (auto what : {What::reduce, What::allreduce, What::inclusive, What::exclusive})
        for (auto dst : {Kind::priv, Kind::shared}) {
          Case c;
          c.what = what;
          c.src = Kind::shared;
          c.dst = dst;
          c.block = block;
          c.length = std::array<std::size_t, 5>{1, 2, 17, 64, 33}[i % 5];
          c.offset = std::array<std::size_t, 4>{0, 1, 5, 9}[i % 4];
          c.tail = i % 3 == 0 ? 0 : 4;
          c.dst_block = std::array<std::size_t, 3>{1, 3, 0}[i % 3];
          c.dst_offset = i % 2;
          c.root = i % 3 == 0 ? Root::first : i % 3 == 1 ? Root::last : Root::middle;
          c.seed = 800 + i;
          run_case(me, groups, c, mat);
          run_case(me, groups, c, add);
          ++i;
        }
  });
}

/// Private inputs of very different lengths: most members empty, only the first or only the last
/// with elements, long ones; and an empty shared view for prefix_reduce (nothing to do).
TEST(Reductions, private_inputs_uneven_and_empty) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    auto concat_s = subject<Digits>("concatenation", concat_lambda, concat, digits_value, std::nullopt);
    auto xor_s = subject<unsigned>("op::bit_xor", coll::op::bit_xor{}, m_xor<unsigned>, xor_value<unsigned>, 0u);
    std::size_t i = 0;
    for (unsigned empty : {0u, 50u, 90u, 100u})
      for (auto what : {What::reduce, What::allreduce, What::inclusive, What::exclusive})
        for (auto dst : {Kind::priv, Kind::shared}) {
          Case c;
          c.what = what;
          c.src = Kind::priv;
          c.dst = dst;
          c.length = i % 2 ? 40 : 3;
          c.empty_percent = empty;
          c.root = i % 3 == 0 ? Root::first : i % 3 == 1 ? Root::last : Root::middle;
          c.dst_offset = i % 3;
          c.seed = 900 + i;
          if (what != What::exclusive) run_case(me, groups, c, concat_s);
          run_case(me, groups, c, xor_s);
          ++i;
        }
    for (auto what : {What::inclusive, What::exclusive})
      for (auto dst : {Kind::priv, Kind::shared}) {
        Case c;
        c.what = what;
        c.src = Kind::shared;
        c.dst = dst;
        c.length = 0;
        c.offset = 2;
        c.tail = 1;
        run_case(me, groups, c, xor_s);
      }
  });
}

/// A rooted reduction between processes gathers the partial results at the root's process only:
/// a process whose members all contribute nothing still learns from the root that others did
/// (it does not hang, and nobody refuses), and a member's partials larger than the leaders'
/// first block (a non-commutative operator leaves one per chunk: 64 here) still arrive whole.
TEST(Reductions, rooted_where_whole_processes_contribute_nothing) {
  for_each_thread_count([](pg::Context& me) {
    const int n = me.threads();
    for (int root : {0, n - 1})
      for (int giver : {0, me.process_of(n - 1)}) {  // the only process whose members contribute
        SCOPED_TRACE("root " + std::to_string(root) + ", contributing process " + std::to_string(giver));
        const bool gives = me.process() == giver;
        std::vector<int> src(gives ? 3 : 0, me.thread() + 1);
        int want = 0;
        for (int t = 0; t < n; ++t)
          if (me.process_of(t) == giver) want += 3 * (t + 1);
        std::vector<int> sum(1, -1);
        coll::reduce(me, sum, src, coll::op::add{}, {.root = root});
        if (me.thread() == root) {
          EXPECT_EQ(sum[0], want);
        }

        constexpr std::size_t chunks_per_member = 64;
        auto matrix = [](int t, std::size_t i) {
          auto x = static_cast<std::uint32_t>(t * 1000 + static_cast<int>(i));
          return Mat2{x, x + 1, 2 * x + 3, x ^ 5};
        };
        std::vector<Mat2> mats;
        std::vector<coll::Chunk> chunks;
        for (std::size_t i = 0; gives && i < chunks_per_member; ++i) {
          mats.push_back(matrix(me.thread(), i));
          chunks.push_back({i, 1});
        }
        Mat2 product{1, 0, 0, 1};
        for (int t = 0; t < n; ++t)
          for (std::size_t i = 0; me.process_of(t) == giver && i < chunks_per_member; ++i)
            product = matmul(product, matrix(t, i));
        std::vector<Mat2> out(1, Mat2{0, 0, 0, 0});
        coll::reduce_v(me, out, mats, std::span<const coll::Chunk>(chunks), MatMul{}, {.root = root});
        if (me.thread() == root) {
          EXPECT_EQ(out[0], product);
        }
      }
  });
}

// ---- teams --------------------------------------------------------------------------------------------

/// Two teams at once (even and odd threads, ranked in reverse thread order; under mpirun each
/// spans both processes), each reducing its own input: a shared input is read whole, including
/// the elements with affinity to the other team's threads.
TEST(Reductions, two_teams_at_once) {
  for_each_thread_count([](pg::Context& me) {
    Split split(me, [](int t, int) { return t % 2; }, [](int t, int) { return -t; });
    auto mat = subject<Mat2>("matrix product", MatMul{}, matmul, mat_value, Mat2{1, 0, 0, 1});
    auto minloc = subject<Loc<long long>>("op::minloc", coll::op::minloc{}, m_minloc<Loc<long long>>, loc_value<Loc<long long>>,
                                          std::nullopt);
    for (const auto& c : standard_cases(1000)) {
      run_case(me, split.groups(), c, mat);
      if (c.what != What::exclusive) run_case(me, split.groups(), c, minloc);
    }
  });
}

/// A team that leaves threads out: thread 0 and the last thread, in reverse order. The elements
/// of a shared input with affinity to the other threads are folded by the team's first member.
TEST(Reductions, team_leaving_threads_out) {
  for_each_thread_count([](pg::Context& me) {
    Split split(
        me, [](int t, int threads) { return t == 0 || t == threads - 1 ? 0 : pg::Team::no_color; },
        [](int t, int) { return -t; });
    auto digits = subject<Digits>("concatenation", concat_lambda, concat, digits_value, std::nullopt);
    auto add = subject<int>("op::add", coll::op::add{}, m_add<int>, add_value<int>, 0);
    for (const auto& c : standard_cases(1100)) {
      if (c.what != What::exclusive) run_case(me, split.groups(), c, digits);
      run_case(me, split.groups(), c, add);
    }
  });
}

/// Members numbered by team rank (the default) or by thread id (Addressing::thread_ids): the
/// input order of private inputs, allreduce's slot in a shared destination, prefix_reduce's place
/// in one, and the root all follow the numbering. The team is the last thread and thread 0, in
/// that rank order; the other threads' parts of the shared destinations stay untouched.
TEST(Reductions, team_ranks_and_thread_ids) {
  for_each_thread_count([](pg::Context& me) {
    auto threads = static_cast<std::size_t>(me.threads());
    auto last = me.threads() - 1;
    Split split(
        me, [](int t, int n) { return t == 0 || t == n - 1 ? 0 : pg::Team::no_color; }, [](int t, int) { return -t; });
    auto digit = [](int t) { return Digits{static_cast<std::uint64_t>(t % 10), 1}; };
    auto seven = Digits{7, 1};
    // by rank: the last thread's input, then thread 0's; by thread id: the other way round
    auto by_rank = last == 0 ? concat(digit(0), seven) : concat(concat(concat(digit(last), seven), digit(0)), seven);
    auto by_thread = last == 0 ? by_rank : concat(concat(concat(digit(0), seven), digit(last)), seven);
    auto untouched = Digits{0, 99};
    pg::shared_array<Digits> by_rank_slots(me, threads, 1), by_thread_slots(me, threads, 1);
    pg::shared_array<Digits> by_rank_scan(me, 4, 1), by_thread_scan(me, 4, 1);
    for (auto* a : {&by_rank_slots, &by_thread_slots, &by_rank_scan, &by_thread_scan})
      for (auto& x : a->local()) x = untouched;
    me.barrier();
    if (split.groups().mine >= 0) {
      auto* team = split.groups().team;
      std::vector<Digits> mine{digit(me.thread()), seven}, out(1);
      coll::allreduce(me, out, mine, concat_lambda, {.team = team});
      EXPECT_EQ(out[0], by_rank);
      coll::allreduce(me, out, mine, concat_lambda, {.team = team, .addressing = coll::Addressing::thread_ids});
      EXPECT_EQ(out[0], by_thread);
      out[0] = untouched;
      coll::reduce(me, out, mine, concat_lambda, {.team = team, .root = last, .addressing = coll::Addressing::thread_ids});
      EXPECT_EQ(out[0], me.thread() == last ? by_thread : untouched);
      coll::allreduce(me, by_rank_slots, mine, concat_lambda, {.team = team});
      coll::allreduce(me, by_thread_slots, mine, concat_lambda, {.team = team, .addressing = coll::Addressing::thread_ids});
      coll::prefix_reduce(me, by_rank_scan, mine, concat_lambda, coll::Scan::inclusive, {.team = team});
      coll::prefix_reduce(me, by_thread_scan, mine, concat_lambda, coll::Scan::inclusive,
                          {.team = team, .addressing = coll::Addressing::thread_ids});
    }
    me.barrier();
    for (std::size_t t = 0; t < threads; ++t) {
      EXPECT_EQ(by_rank_slots.get(t), t < std::min<std::size_t>(2, threads) ? by_rank : untouched) << t;
      EXPECT_EQ(by_thread_slots.get(t), t == 0 || t + 1 == threads ? by_thread : untouched) << t;
    }
    // reduce_scatter: only the members' blocks are folded (threads outside the team send
    // nothing); by thread id, member t's block is block t and its result lands at dst[t]
    pg::shared_array<int> scattered(me, threads, 1);
    for (auto& x : scattered.local()) x = -1;
    me.barrier();
    if (split.groups().mine >= 0) {
      auto* team = split.groups().team;
      std::vector<int> blocks(threads);
      for (std::size_t q = 0; q < threads; ++q) blocks[q] = static_cast<int>(q) + 2;
      std::vector<int> got(1, -1);
      coll::reduce_scatter(me, got, blocks, 1, coll::op::mult{}, {.team = team, .addressing = coll::Addressing::thread_ids});
      auto t = me.thread() + 2;
      EXPECT_EQ(got[0], last == 0 ? t : t * t);
      coll::reduce_scatter(me, scattered, blocks, 1, coll::op::mult{}, {.team = team, .addressing = coll::Addressing::thread_ids});
    }
    me.barrier();
    for (std::size_t q = 0; q < threads; ++q) {
      int t = static_cast<int>(q) + 2;
      EXPECT_EQ(scattered.get(q), q == 0 || q + 1 == threads ? (last == 0 ? t : t * t) : -1) << q;
    }
    if (last > 0) {
      auto first_two = concat(digit(0), seven);
      EXPECT_EQ(by_thread_scan.get(0), digit(0));
      EXPECT_EQ(by_thread_scan.get(1), first_two);
      EXPECT_EQ(by_thread_scan.get(2), concat(first_two, digit(last)));
      EXPECT_EQ(by_thread_scan.get(3), by_thread);
      EXPECT_EQ(by_rank_scan.get(0), digit(last));
      EXPECT_EQ(by_rank_scan.get(2), concat(concat(digit(last), seven), digit(0)));
      EXPECT_EQ(by_rank_scan.get(3), by_rank);
    }
    me.barrier();
  });
}

// ---- sync modes, and calls back to back ----------------------------------------------------------------

/// Every sync mode, with reductions that follow each other with no barrier in between; each
/// caller checks its private results right after its call returns.
TEST(Reductions, sync_modes_back_to_back) {
  const coll::Sync syncs[] = {{coll::InSync::none, coll::OutSync::none},
                              {coll::InSync::my, coll::OutSync::my},
                              {coll::InSync::all, coll::OutSync::none},
                              {coll::InSync::none, coll::OutSync::all},
                              {coll::InSync::my, coll::OutSync::all}};
  for_each_thread_count([&](pg::Context& me) {
    auto groups = Groups::world(me);
    auto mat = subject<Mat2>("matrix product", MatMul{}, matmul, mat_value, Mat2{1, 0, 0, 1});
    using R = Reduction<Mat2>;
    std::vector<std::unique_ptr<R>> steps;
    std::size_t i = 0;
    for (auto c : standard_cases(1200)) {
      c.sync = syncs[i++ % 5];
      steps.push_back(std::make_unique<R>(me, groups, c, mat));
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

// ---- buffer forms ---------------------------------------------------------------------------------------

/// The forms the sweeps above do not use: std::vector (const or not) and whole pg::shared_array
/// (const or not) as sources and destinations, with hand-computed results.
TEST(Reductions, buffer_forms) {
  for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<long long>(me.threads());
    auto t = static_cast<long long>(me.thread());
    std::vector<long long> mine(static_cast<std::size_t>(t) + 1, t + 1);  // t + 1 copies of t + 1
    long long squares = n * (n + 1) * (2 * n + 1) / 6;
    std::vector<long long> out(2, -1);
    coll::allreduce(me, out, mine);
    EXPECT_EQ(out, (std::vector<long long>{squares, -1}));
    const std::vector<long long>& constant = mine;
    out.assign(1, -1);
    coll::reduce(me, out, constant, coll::op::max{}, {.root = me.threads() - 1});
    EXPECT_EQ(out[0], t == n - 1 ? n : -1);

    // allreduce into a whole shared array: member r's copy at dst[r]
    pg::shared_array<long long> each(me, static_cast<std::size_t>(n) + 1, 2);
    if (me.thread() == 0) each.put(static_cast<std::size_t>(n), -7);
    me.barrier();
    coll::allreduce(me, each, mine, coll::op::min{});
    for (std::size_t r = 0; r < static_cast<std::size_t>(n); ++r) EXPECT_EQ(each.get(r), 1);
    EXPECT_EQ(each.get(static_cast<std::size_t>(n)), -7);

    // prefix sums of a whole shared array into a whole shared array, from a const and a
    // non-const source
    auto size = 3 * static_cast<std::size_t>(n) + 1;
    pg::shared_array<int> a(me, size, 2), p(me, size, 3);
    auto local = a.local();
    for (std::size_t l = 0; l < local.size(); ++l) local[l] = static_cast<int>(global_index(2, me.threads(), me.thread(), l));
    me.barrier();
    coll::prefix_reduce(me, p, a);
    for (std::size_t i = 0; i < size; i += 1 + size / 5) EXPECT_EQ(p.get(i), static_cast<int>(i * (i + 1) / 2)) << i;
    coll::prefix_reduce(me, p, std::as_const(a), coll::op::add{}, coll::Scan::exclusive);
    for (std::size_t i = 0; i < size; i += 1 + size / 5) EXPECT_EQ(p.get(i), static_cast<int>(i * (i - (i > 0)) / 2)) << i;
    // a whole shared array into a private span: the caller's own elements, in order
    std::vector<int> own(local.size() + 1, -1);
    coll::prefix_reduce(me, std::span<int>(own), std::as_const(a));
    for (std::size_t l = 0; l < local.size(); ++l) {
      auto i = global_index(2, me.threads(), me.thread(), l);
      EXPECT_EQ(own[l], static_cast<int>(i * (i + 1) / 2)) << i;
    }
    EXPECT_EQ(own.back(), -1);

    // reduce_scatter between vectors: block r of member q holds q * 10 + r
    std::vector<int> blocks(static_cast<std::size_t>(n) * 2);
    for (std::size_t i = 0; i < blocks.size(); ++i) blocks[i] = static_cast<int>(t * 10) + static_cast<int>(i / 2);
    std::vector<int> mine_block(2, -1);
    coll::reduce_scatter(me, mine_block, blocks, 2);
    int want = static_cast<int>(10 * n * (n - 1) / 2 + n * t);
    EXPECT_EQ(mine_block, (std::vector<int>{want, want}));
    me.barrier();
  });
}

// ---- reduce_v, allreduce_v, prefix_reduce_v --------------------------------------------------------------

/// The chunked reductions with the standard cases' shapes: chunk lists in any order, overlapping,
/// with empty chunks, members that pass no chunks at all; for prefix_reduce_v, results at their
/// input positions (shared destination), packed (private), or at explicit destination offsets.
void chunked_cases(pg::Context& me, const Groups& groups, std::uint64_t seed) {
  auto mat = v_subject<Mat2>("matrix product", MatMul{}, matmul, mat_value, Mat2{1, 0, 0, 1});
  auto digits = v_subject<Digits>("concatenation", concat_lambda, concat, digits_value, std::nullopt);
  auto add = v_subject<int>("op::add", coll::op::add{}, m_add<int>, add_value<int>, 0);
  auto minloc = v_subject<Loc<double>>("op::minloc", coll::op::minloc{}, m_minloc<Loc<double>>, loc_value<Loc<double>>,
                                       std::nullopt);
  for (bool offsets : {false, true})
    for (auto c : standard_cases(seed + offsets)) {
      bool prefix = c.what == What::inclusive || c.what == What::exclusive;
      if (offsets && !prefix) continue;
      c.chunked = true;
      c.offsets = offsets;
      c.max_chunks = 1 + c.seed % 5;
      if (c.src == Kind::priv) c.length = 4 + c.seed % 9;
      run_case(me, groups, c, mat);
      run_case(me, groups, c, add);
      if (c.what != What::exclusive) {
        run_case(me, groups, c, digits);
        run_case(me, groups, c, minloc);
      }
    }
}

TEST(ReductionsV, chunk_lists) {
  for_each_thread_count([](pg::Context& me) { chunked_cases(me, Groups::world(me), 3000); });
}

TEST(ReductionsV, teams) {
  for_each_thread_count([](pg::Context& me) {
    Split pairs(me, [](int t, int) { return t % 2; }, [](int t, int) { return -t; });
    chunked_cases(me, pairs.groups(), 3100);
    Split ends(
        me, [](int t, int n) { return t == 0 || t == n - 1 ? 0 : pg::Team::no_color; }, [](int t, int) { return -t; });
    chunked_cases(me, ends.groups(), 3200);
  });
}

/// A member that passes no chunks contributes nothing, whatever its private input holds.
TEST(ReductionsV, a_member_without_chunks_contributes_nothing) {
  for_each_thread_count([](pg::Context& me) {
    std::vector<int> mine(3, 100 + me.thread());
    std::vector<coll::Chunk> chunks;
    if (me.thread() % 2 == 0) chunks.push_back({1, 1});
    int want = 0;
    for (int t = 0; t < me.threads(); t += 2) want += 100 + t;
    std::vector<int> out(1, -1);
    coll::allreduce_v(me, out, mine, std::span<const coll::Chunk>(chunks));
    EXPECT_EQ(out[0], want);
    std::vector<int> scan(3, -1);
    coll::prefix_reduce_v(me, scan, mine, std::span<const coll::Chunk>(chunks));
    int before = 0;
    for (int t = 0; t < me.thread(); t += 2) before += 100 + t;
    EXPECT_EQ(scan, me.thread() % 2 == 0 ? (std::vector<int>{before + 100 + me.thread(), -1, -1}) : (std::vector<int>{-1, -1, -1}));
  });
}

// ---- reduce_scatter ------------------------------------------------------------------------------------

struct ScatterCase {
  Kind src = Kind::priv, dst = Kind::priv;
  std::size_t count = 3;
  std::size_t block = 1, offset = 0;         ///< shared source
  std::size_t dst_block = 1, dst_offset = 0;  ///< shared destination
  coll::Sync sync{};
  std::uint64_t seed = 1;

  std::string describe() const {
    std::ostringstream out;
    out << "reduce_scatter " << (dst == Kind::priv ? "private" : "shared") << " <- "
        << (src == Kind::priv ? "private" : "shared") << ", count " << count << ", src block " << block << " at "
        << offset << ", dst block " << dst_block << " at " << dst_offset << ", seed " << seed;
    return out.str();
  }
};

/// One reduce_scatter on every group, prepared, run and checked like Reduction.
template <class T>
void run_scatter(pg::Context& me, const Groups& groups, const ScatterCase& c, const Subject<T>& s) {
  struct Group {
    std::size_t n, view, array, dst_view, dst_array;
    std::uint64_t seed;
    std::vector<std::vector<T>> expected;  // by member
  };
  std::vector<Group> plan;
  auto value = [&](std::uint64_t seed, std::size_t position) { return s.values(mix(seed + position * 0x9e3779b9ULL), position); };
  for (std::size_t g = 0; g < groups.members.size(); ++g) {
    Group p;
    p.n = groups.members[g].size();
    p.seed = mix(c.seed * 31 + g);
    p.view = p.n * p.n * c.count;
    p.array = c.offset + p.view + 2;
    p.dst_view = p.n * c.count + 1;
    p.dst_array = c.dst_offset + p.dst_view + 1;
    std::vector<std::vector<T>> sources(p.n);
    for (std::size_t q = 0; q < p.n; ++q)
      for (std::size_t j = 0; j < p.n * c.count; ++j) sources[q].push_back(value(p.seed, q * p.n * c.count + j));
    p.expected = rm::reduce_scatter(sources, c.count, s.model);
    plan.push_back(std::move(p));
  }
  std::vector<std::unique_ptr<pg::shared_array<T>>> srcs, dsts;
  for (const auto& p : plan) {
    srcs.push_back(c.src == Kind::shared ? std::make_unique<pg::shared_array<T>>(me, p.array, c.block) : nullptr);
    dsts.push_back(c.dst == Kind::shared ? std::make_unique<pg::shared_array<T>>(me, p.dst_array, c.dst_block) : nullptr);
  }
  auto local_index = [&](const pg::shared_array<T>& a, std::size_t l) { return global_index(a.block(), me.threads(), me.thread(), l); };
  for (std::size_t g = 0; g < plan.size(); ++g) {
    if (srcs[g]) {
      auto local = srcs[g]->local();
      for (std::size_t l = 0; l < local.size(); ++l) {
        auto index = local_index(*srcs[g], l);
        local[l] = index >= c.offset && index - c.offset < plan[g].view ? value(plan[g].seed, index - c.offset)
                                                                         : value(plan[g].seed, 1000000 + index);
      }
    }
    if (dsts[g]) {
      auto local = dsts[g]->local();
      for (std::size_t l = 0; l < local.size(); ++l) local[l] = sentinel<T>(local_index(*dsts[g], l));
    }
  }
  std::size_t member = 0;
  std::vector<T> src, dst;
  if (groups.mine >= 0) {
    const auto& members = groups.members[static_cast<std::size_t>(groups.mine)];
    member = static_cast<std::size_t>(std::ranges::find(members, me.thread()) - members.begin());
    const auto& p = plan[static_cast<std::size_t>(groups.mine)];
    if (c.src == Kind::priv)
      for (std::size_t j = 0; j < p.n * c.count + member % 2; ++j) src.push_back(value(p.seed, member * p.n * c.count + j));
    if (c.dst == Kind::priv)
      for (std::size_t k = 0; k < c.count + 2; ++k) dst.push_back(sentinel<T>(k));
  }
  me.barrier();
  if (groups.mine >= 0) {
    auto g = static_cast<std::size_t>(groups.mine);
    coll::Options options{.team = groups.team, .sync = c.sync};
    Src<T> from = std::span<const T>(src);
    if (c.src == Kind::shared) from = pg::shared_span<const T>(srcs[g]->subspan(c.offset, plan[g].view));
    Dst<T> to = std::span<T>(dst);
    if (c.dst == Kind::shared) to = dsts[g]->subspan(c.dst_offset, plan[g].dst_view);
    s.reduce_scatter(me, to, from, c.count, options);
  }
  me.barrier();
  std::size_t bad = 0;
  std::string first;
  auto see = [&](const T& got, const T& want, const std::string& where) {
    if (got == want) return;
    if (bad++ < 4) first += "\n  " + where + ": got " + show(got) + ", want " + show(want);
  };
  if (groups.mine >= 0 && c.dst == Kind::priv) {
    const auto& p = plan[static_cast<std::size_t>(groups.mine)];
    for (std::size_t k = 0; k < dst.size(); ++k)
      see(dst[k], k < c.count ? p.expected[member][k] : sentinel<T>(k), "private destination [" + std::to_string(k) + "]");
  }
  for (std::size_t g = 0; g < plan.size(); ++g)
    if (dsts[g]) {
      auto local = dsts[g]->local();
      for (std::size_t l = 0; l < local.size(); ++l) {
        auto index = local_index(*dsts[g], l);
        auto want = sentinel<T>(index);
        if (index >= c.dst_offset && index - c.dst_offset < plan[g].n * c.count) {
          auto v = index - c.dst_offset;
          want = plan[g].expected[v / c.count][v % c.count];
        }
        see(local[l], want, "shared destination of group " + std::to_string(g) + " [" + std::to_string(index) + "]");
      }
    }
  EXPECT_EQ(bad, 0u) << "thread " << me.thread() << " of " << me.threads() << first << "\n  case: " << c.describe() << ", "
                     << s.name << " on " << type_name<T>();
  me.barrier();
}

std::vector<ScatterCase> scatter_cases(std::uint64_t seed) {
  std::vector<ScatterCase> out;
  std::size_t i = 0;
  for (auto src : {Kind::priv, Kind::shared})
    for (auto dst : {Kind::priv, Kind::shared})
      for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{4}}) {
        ScatterCase c;
        c.src = src;
        c.dst = dst;
        c.count = count;
        c.block = std::array<std::size_t, 4>{1, 3, 8, 0}[i % 4];
        c.offset = i % 3;
        c.dst_block = std::array<std::size_t, 3>{2, 1, 5}[i % 3];
        c.dst_offset = (i + 1) % 2;
        c.seed = seed + i;
        out.push_back(c);
        ++i;
      }
  return out;
}

TEST(ReduceScatter, operators_and_types) {
  for_each_thread_count([](pg::Context& me) {
    auto groups = Groups::world(me);
    for (const auto& c : scatter_cases(2000)) {
      run_scatter(me, groups, c, scatter_subject<int>("op::add", coll::op::add{}, m_add<int>, add_value<int>, 0));
      run_scatter(me, groups, c, scatter_subject<unsigned>("op::mult", coll::op::mult{}, m_mult<unsigned>, mult_value<unsigned>, 1u));
      run_scatter(me, groups, c, scatter_subject<long long>("op::bit_or", coll::op::bit_or{}, m_or<long long>, or_value<long long>, 0LL));
      run_scatter(me, groups, c, scatter_subject<float>("op::max", coll::op::max{}, m_max<float>, minmax_value<float>, std::nullopt));
      run_scatter(me, groups, c, scatter_subject<double>("op::logical_and", coll::op::logical_and{}, m_land<double>, land_value<double>, 1.0));
      run_scatter(me, groups, c, scatter_subject<Loc<int>>("op::maxloc", coll::op::maxloc{}, m_maxloc<Loc<int>>, loc_value<Loc<int>>, std::nullopt));
      run_scatter(me, groups, c, scatter_subject<Mat2>("matrix product", mat_lambda, matmul, mat_value, std::nullopt));
    }
  });
}

TEST(ReduceScatter, teams_and_sync_modes) {
  for_each_thread_count([](pg::Context& me) {
    Split split(me, [](int t, int) { return t % 2; }, [](int t, int) { return -t; });
    const coll::Sync syncs[] = {{coll::InSync::none, coll::OutSync::my}, {coll::InSync::my, coll::OutSync::none}, {}};
    std::size_t i = 0;
    for (auto c : scatter_cases(2100)) {
      c.sync = syncs[i++ % 3];
      run_scatter(me, split.groups(), c, scatter_subject<Digits>("concatenation", concat_lambda, concat, digits_value, std::nullopt));
      run_scatter(me, Groups::world(me), c, scatter_subject<int>("keep the first", first_lambda, first_lambda, first_value, std::nullopt));
    }
  });
}

// ---- refusals ------------------------------------------------------------------------------------------

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

TEST(ReductionErrors, nothing_to_reduce) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    std::vector<int> src, dst(1);
    coll::reduce(me, dst, src);
  }, {"reduce (thread", "there is nothing to reduce: every member's source is empty"});
  expect_refused([](pg::Context& me) {
    pg::shared_array<double> src(me, 10, 2);
    std::vector<double> dst(1);
    coll::allreduce(me, dst, pg::shared_span<const double>(src.subspan(4, 0)), coll::op::max{});
  }, {"allreduce (thread", "there is nothing to reduce"});
}

TEST(ReductionErrors, chunks) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> src(me, 12, 2);
    std::vector<int> dst(1);
    std::vector<coll::Chunk> chunks{{0, 2}, {9, 2}};
    coll::reduce_v(me, dst, pg::shared_span<const int>(src.subspan(1, 10)), std::span<const coll::Chunk>(chunks));
  }, {"reduce_v", "chunk 1 (2 elements at 9) exceeds the source of 10 elements"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3), dst(1);
    std::vector<coll::Chunk> chunks{{me.thread() == 1 ? 2u : 0u, 2}};
    coll::allreduce_v(me, dst, src, std::span<const coll::Chunk>(chunks));
  }, {"allreduce_v (thread 1)", "chunk 0 (2 elements at 2) exceeds the source of 3 elements (this thread's private buffer)"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3), dst(3);
    std::vector<coll::Chunk> chunks{{0, 1}, {1, 1}};
    std::vector<std::size_t> offsets{0};
    coll::prefix_reduce_v(me, dst, src, std::span<const coll::Chunk>(chunks), offsets);
  }, {"prefix_reduce_v", "there are 2 chunks but 1 destination offsets"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3), dst(1);
    std::vector<coll::Chunk> chunks{{0, 0}, {2, 0}};
    coll::reduce_v(me, dst, src, std::span<const coll::Chunk>(chunks));
  }, {"reduce_v", "there is nothing to reduce"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3), dst(1);
    std::vector<coll::Chunk> chunks{{0, 1}};
    coll::reduce_v(me, dst, src, std::span<const coll::Chunk>(chunks), coll::op::add{}, {.root = 7});
  }, {"reduce_v", "root 7 is out of range"});
}

TEST(ReductionErrors, root_out_of_range) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    std::vector<int> src(2), dst(1);
    coll::reduce(me, dst, src, coll::op::add{}, {.root = 3});
  }, {"reduce", "root 3 is out of range"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(2), dst(1);
    coll::reduce(me, dst, src, coll::op::add{}, {.root = -1});
  }, {"reduce", "root -1 is out of range"});
}

TEST(ReductionErrors, exclusive_scan_without_identity) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    std::vector<Mat2> src(2), dst(2);
    coll::prefix_reduce(me, dst, src, mat_lambda, coll::Scan::exclusive);
  }, {"prefix_reduce", "an exclusive scan needs an operator with an identity"});
  expect_refused([](pg::Context& me) {
    std::vector<Loc<int>> src(2), dst(2);
    coll::prefix_reduce(me, dst, src, coll::op::minloc{}, coll::Scan::exclusive);
  }, {"prefix_reduce", "an exclusive scan needs an operator with an identity"});
}

TEST(ReductionErrors, destination_too_small) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    std::vector<int> src(2), dst;
    coll::allreduce(me, dst, src);
  }, {"allreduce", "the destination holds 0 bytes; the result needs 4"});
  expect_refused([](pg::Context& me) {
    // allreduce into a shared view stores member r's copy at dst[r]: 3 members need 3 elements
    std::vector<int> src(2);
    pg::shared_array<int> dst(me, 2, 1);
    coll::allreduce(me, dst, src);
  }, {"allreduce", "the destination holds 8 bytes; the result needs 12"});
  expect_refused([](pg::Context& me) {
    pg::shared_array<long long> src(me, 12, 3), dst(me, 11, 3);
    coll::prefix_reduce(me, dst, src);
  }, {"prefix_reduce", "the destination holds 88 bytes; the result needs 96"});
  expect_refused([](pg::Context& me) {
    std::vector<int> src(3 * 2), dst(1);
    coll::reduce_scatter(me, dst, src, 2);
  }, {"reduce_scatter", "the destination holds 4 bytes; the result needs 8"});
}

TEST(ReductionErrors, reduce_scatter_source_too_small) {
  SKIP_UNDER_MPI();
  expect_refused([](pg::Context& me) {
    std::vector<int> src(me.thread() == 1 ? 5 : 6), dst(2);
    coll::reduce_scatter(me, dst, src, 2);
  }, {"reduce_scatter (thread 1)", "the source holds 20 bytes; 3 blocks of 2 elements need 24"});
  expect_refused([](pg::Context& me) {
    pg::shared_array<int> src(me, 17, 2);
    std::vector<int> dst(2);
    coll::reduce_scatter(me, dst, src, 2);
  }, {"reduce_scatter (thread", "the source holds 68 bytes; 9 blocks of 2 elements need 72"});
}

}  // namespace
