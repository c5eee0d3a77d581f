// The built-in operators' lane folds (collectives/detail/lane_fold.hpp) against sequential
// folds, at every thread count (8 threads oversubscribed; 2 processes x 2 threads under mpirun):
//  - every built-in operator on every arithmetic type from int8 to uint64, float and double,
//    through allreduce, reduce and prefix_reduce, from private spans of lengths below, at and
//    around the lane count (some empty) that start at odd elements of their buffers, and from
//    shared arrays whose blocks are longer than the lane count. The values make every fold
//    exact whatever its association (small integers, +-1 and powers of two for products,
//    wrapping unsigned arithmetic), so each result must be the in-order fold's, bit for bit;
//  - min and max of floats with NaNs, infinities and both zeros, which must behave as the
//    in-order fold of the scalar operators (NaNs skipped, a NaN only from NaNs alone; of +0.0
//    and -0.0 the first one wins), whatever the split among members and blocks;
//  - floating add and mult on values that round: reduce and allreduce in the lane association
//    docs/collectives.md documents, prefix_reduce in order, reduce_scatter element by element
//    in member order;
//  - user operators (one that does not commute, and coll::commutative) still folded in order;
//  - detail::fold_in_lanes itself on runs at every byte offset.
// Each member's partial result is combined with the others' in member order, so the models fold
// each member's input first, then the members' results.

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/collectives/detail/lane_fold.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/shared_array.hpp>

#include "support/random_bits.hpp"
#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
namespace detail = pgasmr::coll::detail;
using pgasmr::test::for_each_thread_count;
using pgasmr::test::mix;

/// Lanes per run, as docs/collectives.md states it: 128 bytes of elements.
template <class T>
constexpr std::size_t lanes = 128 / sizeof(T);

template <class T>
const char* type_name() {
  if constexpr (std::same_as<T, std::int8_t>) return "int8";
  if constexpr (std::same_as<T, std::uint8_t>) return "uint8";
  if constexpr (std::same_as<T, std::int16_t>) return "int16";
  if constexpr (std::same_as<T, std::uint16_t>) return "uint16";
  if constexpr (std::same_as<T, std::int32_t>) return "int32";
  if constexpr (std::same_as<T, std::uint32_t>) return "uint32";
  if constexpr (std::same_as<T, std::int64_t>) return "int64";
  if constexpr (std::same_as<T, std::uint64_t>) return "uint64";
  if constexpr (std::same_as<T, float>) return "float";
  if constexpr (std::same_as<T, double>) return "double";
  if constexpr (std::same_as<T, long double>) return "long double";
  return "a user type";
}

template <class Op>
const char* op_name() {
  if constexpr (std::same_as<Op, coll::op::add>) return "op::add";
  if constexpr (std::same_as<Op, coll::op::mult>) return "op::mult";
  if constexpr (std::same_as<Op, coll::op::bit_and>) return "op::bit_and";
  if constexpr (std::same_as<Op, coll::op::bit_or>) return "op::bit_or";
  if constexpr (std::same_as<Op, coll::op::bit_xor>) return "op::bit_xor";
  if constexpr (std::same_as<Op, coll::op::logical_and>) return "op::logical_and";
  if constexpr (std::same_as<Op, coll::op::logical_or>) return "op::logical_or";
  if constexpr (std::same_as<Op, coll::op::min>) return "op::min";
  if constexpr (std::same_as<Op, coll::op::max>) return "op::max";
  return "a user operator";
}

template <class T>
bool same_bits(const T& a, const T& b) {
  if constexpr (std::same_as<T, long double>)  // 6 of its 16 bytes are padding
    return (a == b && std::signbit(a) == std::signbit(b)) || (std::isnan(a) && std::isnan(b));
  else
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
std::string show(const T& x) {
  std::ostringstream out;
  if constexpr (std::is_floating_point_v<T>)
    out << std::hexfloat << x;
  else
    out << +x;
  return out.str();
}

// ---- the models ---------------------------------------------------------------------------------

/// op(a, b), but integer add and mult wrap around (in an unsigned type of at least int's width)
/// as the reductions define them, where op itself would overflow a signed int.
template <class T, class Op>
T step(const Op& op, T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::same_as<T, bool> &&
                (std::same_as<Op, coll::op::add> || std::same_as<Op, coll::op::mult>)) {
    using Wide = std::common_type_t<std::make_unsigned_t<T>, unsigned>;
    auto x = static_cast<Wide>(a), y = static_cast<Wide>(b);
    return static_cast<T>(std::same_as<Op, coll::op::add> ? x + y : x * y);
  } else {
    return static_cast<T>(op(a, b));
  }
}

template <class T, class Op>
T in_order(const std::vector<T>& xs, const Op& op) {
  T acc = xs.at(0);
  for (std::size_t i = 1; i < xs.size(); ++i) acc = step(op, acc, xs[i]);
  return acc;
}

/// The documented lane association of one contiguous run: lane j folds elements j, j + L, ...
/// in order, then the lanes are folded in lane order; a run shorter than L in order.
template <class T, class Op>
T in_lanes(const std::vector<T>& xs, const Op& op) {
  constexpr auto L = lanes<T>;
  if (xs.size() < L) return in_order(xs, op);
  std::vector<T> lane(xs.begin(), xs.begin() + L);
  for (std::size_t i = L; i < xs.size(); ++i) lane[i % L] = step(op, lane[i % L], xs[i]);
  return in_order(lane, op);
}

/// Each member's input folded by `piece`, then the members' results in member order.
template <class T, class Op, class Piece>
T by_members(const std::vector<std::vector<T>>& inputs, const Op& op, Piece piece) {
  std::optional<T> acc;
  for (const auto& input : inputs) {
    if (input.empty()) continue;
    auto folded = piece(input, op);
    acc = acc ? static_cast<T>(op(*acc, folded)) : folded;
  }
  return acc.value();
}

/// prefix_reduce's results for member m: its elements' running fold in order, starting from the
/// members before it (each folded in order, then in member order).
template <class T, class Op>
std::vector<T> scan_of_member(const std::vector<std::vector<T>>& inputs, std::size_t m, const Op& op, coll::Scan scan,
                              T identity) {
  std::optional<T> acc;
  for (std::size_t k = 0; k < m; ++k)
    if (!inputs[k].empty()) acc = acc ? static_cast<T>(op(*acc, in_order(inputs[k], op))) : in_order(inputs[k], op);
  std::vector<T> out;
  for (const auto& x : inputs[m]) {
    if (scan == coll::Scan::exclusive) out.push_back(acc.value_or(identity));
    acc = acc ? static_cast<T>(op(*acc, x)) : x;
    if (scan == coll::Scan::inclusive) out.push_back(*acc);
  }
  return out;
}

// ---- values ---------------------------------------------------------------------------------------

/// Values whose folds give the same bits in any association, by hash `h` and input position `p`.
template <class T, class Op>
T exact_value(std::uint64_t h, std::size_t p) {
  constexpr bool floating = std::is_floating_point_v<T>;
  if constexpr (std::same_as<Op, coll::op::add>) {
    if constexpr (floating) return static_cast<T>(static_cast<int>(h % 101) - 50);
    // Unsigned types wrap; narrower types than int add in int and wrap when converted back.
    if constexpr (std::is_unsigned_v<T> || sizeof(T) < sizeof(int)) return static_cast<T>(h);
    return static_cast<T>(static_cast<std::int64_t>(h % (1U << 20)) - (1 << 19));  // no overflow
  } else if constexpr (std::same_as<Op, coll::op::mult>) {
    if constexpr (std::is_unsigned_v<T>) return static_cast<T>(1 + 2 * (h % 3));  // never overflows int
    if (p % 61 == 7) return floating && (h & 4) != 0 ? static_cast<T>(0.5) : static_cast<T>(2);
    return (h & 2) != 0 ? T(1) : static_cast<T>(-1);
  } else if constexpr (std::same_as<Op, coll::op::bit_and>) {
    return h % 16 == 0 ? static_cast<T>(~(T(1) << (h / 16 % (sizeof(T) * 8 - 1)))) : static_cast<T>(~T(0));
  } else if constexpr (std::same_as<Op, coll::op::bit_or>) {
    return h % 16 == 0 ? static_cast<T>(T(1) << (h / 16 % (sizeof(T) * 8 - 1))) : T(0);
  } else if constexpr (std::same_as<Op, coll::op::bit_xor>) {
    return static_cast<T>(h);
  } else if constexpr (std::same_as<Op, coll::op::logical_and>) {  // non-zero values other than 1, now and then a 0
    return h % 400 == 0 ? T(0) : static_cast<T>(1 + h / 400 % 5);
  } else if constexpr (std::same_as<Op, coll::op::logical_or>) {
    return h % 400 == 0 ? static_cast<T>(1 + h / 400 % 5) : T(0);
  } else {  // min, max: many ties
    if constexpr (sizeof(T) == 1) return static_cast<T>(h);
    if constexpr (std::is_unsigned_v<T>) return static_cast<T>(h % 2001);
    return static_cast<T>(static_cast<int>(h % 2001) - 1000);
  }
}

/// Floating values whose sums and products round: sums of magnitudes 2^-8 .. 2^8, products of
/// factors 2^-0.3 .. 2^0.3 (no overflow over thousands of them).
template <class T>
T rounding_value(bool product, std::uint64_t h) {
  auto u = static_cast<double>(h >> 11) * 0x1p-53;  // [0, 1)
  if (product) return static_cast<T>(std::exp2(0.6 * u - 0.3));
  return static_cast<T>((2 * u - 1) * std::exp2(static_cast<int>(h % 17) - 8));
}

/// Every member's input, in member order, the same on every thread: lengths below, at and
/// around the lane count, one of them 0, by `shape`.
template <class T, class Value>
std::vector<std::vector<T>> member_inputs(std::size_t members, std::size_t shape, std::uint64_t seed, Value value) {
  constexpr auto L = lanes<T>;
  const std::array<std::size_t, 8> pattern{L - 1, L, L + 1, 1, 2 * L + 3, 3 * L - 1, 0, 5 * L + L / 2 + 1};
  std::vector<std::vector<T>> inputs(members);
  std::size_t position = 0;
  for (std::size_t m = 0; m < members; ++m)
    for (std::size_t k = 0; k < pattern[(3 * m + shape) % pattern.size()]; ++k, ++position)
      inputs[m].push_back(value(mix(seed * 7919 + position), position));
  return inputs;
}

/// The caller's input in a buffer of its own, starting `offset` elements in, so that runs are
/// not aligned to vector registers.
template <class T>
struct Offset {
  std::vector<T> buffer;
  std::size_t offset;
  Offset(const std::vector<T>& input, std::size_t at) : buffer(at), offset(at) {
    buffer.insert(buffer.end(), input.begin(), input.end());
  }
  std::span<const T> span() const { return std::span<const T>(buffer).subspan(offset); }
};

struct Where {
  pg::Context& me;
  std::string what;
  std::size_t shape;
  std::string describe(const char* call) const {
    return what + ", " + call + ", shape " + std::to_string(shape) + ", thread " + std::to_string(me.thread()) +
           " of " + std::to_string(me.threads());
  }
};

template <class T>
void expect_same(const T& got, const T& want, const std::string& where) {
  EXPECT_TRUE(same_bits(got, want)) << where << ": got " << show(got) << ", want " << show(want);
}

template <class T>
void expect_same(const std::vector<T>& got, const std::vector<T>& want, const std::string& where) {
  std::size_t bad = 0;
  std::string first;
  for (std::size_t i = 0; i < want.size(); ++i)
    if (!same_bits(got[i], want[i]) && bad++ < 3)
      first += "\n  [" + std::to_string(i) + "]: got " + show(got[i]) + ", want " + show(want[i]);
  EXPECT_EQ(bad, 0u) << where << ": " << bad << " of " << want.size() << " results wrong" << first;
}

/// allreduce, reduce (root by shape) and prefix_reduce (inclusive or exclusive by shape; only
/// with an identity) of the members' private inputs against the models: `piece` folds each
/// member's input for the reductions, prefix_reduce is in order within each member.
template <class T, class Op, class Piece>
void private_inputs(const Where& where, const std::vector<std::vector<T>>& inputs, const Op& op, Piece piece) {
  auto& me = where.me;
  auto rank = static_cast<std::size_t>(me.thread());
  Offset<T> mine(inputs[rank], (rank + where.shape) % 4);
  auto want = by_members(inputs, op, piece);

  T got{};
  coll::allreduce(me, std::span(&got, 1), mine.span(), op);
  expect_same(got, want, where.describe("allreduce"));

  auto root = static_cast<int>(where.shape % inputs.size());
  T at_root{};
  coll::reduce(me, std::span(&at_root, 1), mine.span(), op, {.root = root});
  if (me.thread() == root) expect_same(at_root, want, where.describe("reduce"));

  if constexpr (coll::with_identity<Op, T>) {
    auto scan = where.shape % 2 == 0 ? coll::Scan::inclusive : coll::Scan::exclusive;
    std::vector<T> results(inputs[rank].size());
    coll::prefix_reduce(me, std::span(results), mine.span(), op, scan);
    expect_same(results, scan_of_member(inputs, rank, op, scan, Op::template identity<T>()),
                where.describe(scan == coll::Scan::inclusive ? "prefix_reduce inclusive" : "prefix_reduce exclusive"));
  }
}

// ---- every built-in operator on every type ------------------------------------------------------------

template <class T, class Op>
void exact_operator(pg::Context& me, Op op, std::uint64_t seed) {
  for (std::size_t shape = 0; shape < 4; ++shape) {
    auto inputs = member_inputs<T>(static_cast<std::size_t>(me.threads()), shape, seed + shape, exact_value<T, Op>);
    Where where{me, std::string(op_name<Op>()) + " on " + type_name<T>(), shape};
    private_inputs(where, inputs, op, in_order<T, Op>);
  }
}

template <class T>
void every_builtin_operator(pg::Context& me, std::uint64_t seed) {
  exact_operator<T>(me, coll::op::add{}, seed);
  exact_operator<T>(me, coll::op::mult{}, seed + 10);
  if constexpr (std::is_integral_v<T>) {
    exact_operator<T>(me, coll::op::bit_and{}, seed + 20);
    exact_operator<T>(me, coll::op::bit_or{}, seed + 30);
    exact_operator<T>(me, coll::op::bit_xor{}, seed + 40);
  }
  exact_operator<T>(me, coll::op::logical_and{}, seed + 50);
  exact_operator<T>(me, coll::op::logical_or{}, seed + 60);
  exact_operator<T>(me, coll::op::min{}, seed + 70);
  exact_operator<T>(me, coll::op::max{}, seed + 80);
}

TEST(LaneFolds, int8_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::int8_t>(me, 100); });
}
TEST(LaneFolds, uint8_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::uint8_t>(me, 200); });
}
TEST(LaneFolds, int16_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::int16_t>(me, 300); });
}
TEST(LaneFolds, uint16_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::uint16_t>(me, 400); });
}
TEST(LaneFolds, int32_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::int32_t>(me, 500); });
}
TEST(LaneFolds, uint32_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::uint32_t>(me, 600); });
}
TEST(LaneFolds, int64_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::int64_t>(me, 700); });
}
TEST(LaneFolds, uint64_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<std::uint64_t>(me, 800); });
}
TEST(LaneFolds, float_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<float>(me, 900); });
}
TEST(LaneFolds, double_every_operator) {
  for_each_thread_count([](pg::Context& me) { every_builtin_operator<double>(me, 1000); });
}

/// A shared input whose blocks are longer than the lane count (every member folds its runs in
/// lanes; the last block is partial), as a view that starts one element into its array.
template <class T, class Op>
void shared_input(pg::Context& me, Op op, std::uint64_t seed) {
  constexpr auto L = lanes<T>;
  auto block = 2 * L + 5;
  auto size = block * static_cast<std::size_t>(me.threads()) * 2 + L / 2 + 1;
  auto value = [&](std::size_t i) { return exact_value<T, Op>(mix(seed * 7919 + i), i); };
  pg::shared_array<T> array(me, size, block);
  auto local = array.local();
  for (std::size_t l = 0; l < local.size(); ++l) local[l] = value(array.layout().global_index(me.thread(), l));
  std::vector<T> view;
  for (std::size_t i = 1; i + 1 < size; ++i) view.push_back(value(i));
  T got{};
  coll::allreduce(me, std::span(&got, 1), pg::shared_span<const T>(array.subspan(1, size - 2)), op);
  expect_same(got, in_order(view, op), std::string(op_name<Op>()) + " on " + type_name<T>() + ", shared input, thread " +
                                           std::to_string(me.thread()) + " of " + std::to_string(me.threads()));
}

TEST(LaneFolds, shared_inputs_with_long_blocks) {
  for_each_thread_count([](pg::Context& me) {
    shared_input<std::uint8_t>(me, coll::op::add{}, 1100);
    shared_input<std::int32_t>(me, coll::op::min{}, 1101);
    shared_input<std::uint64_t>(me, coll::op::bit_xor{}, 1102);
    shared_input<float>(me, coll::op::max{}, 1103);
    shared_input<double>(me, coll::op::add{}, 1104);
  });
}

// ---- min and max of floats: NaNs, infinities, signed zeros --------------------------------------------

/// A quiet NaN with a payload, so that a result that is some other NaN shows.
template <class T>
T nan_with_payload() {
  if constexpr (std::same_as<T, float>) return std::bit_cast<float>(std::uint32_t{0x7fc01234});
  else return std::bit_cast<double>(std::uint64_t{0x7ff8000000001234});
}

/// Member inputs of at least two blocks of lanes, values in [1, 100] (min) or [-100, -1] (max)
/// with special values placed by `variant`: NaNs first or later (skipped),
/// zeros of both signs in any lanes (the first one wins, also where a later lane holds the
/// other sign earlier in lane order), infinities on both sides.
template <class T>
std::vector<std::vector<T>> special_inputs(std::size_t members, bool min, std::size_t variant, std::uint64_t seed) {
  constexpr auto L = lanes<T>;
  auto extreme = [&](T x) { return min ? x : -x; };  // towards the result
  std::vector<std::vector<T>> inputs(members);
  for (std::size_t m = 0; m < members; ++m) {
    auto h = [&](std::size_t k) { return mix(seed * 7919 + m * 100003 + k); };
    auto& in = inputs[m];
    for (std::size_t k = 0; k < 2 * L + 3 + (5 * m + variant) % L; ++k)
      in.push_back(extreme(static_cast<T>(1 + h(k) % 100)));
    auto at = [&](std::size_t salt) { return 1 + h(1000000 + salt) % (in.size() - 1); };  // not element 0
    switch (variant) {
      case 0:  // begins every member's part
        in[0] = nan_with_payload<T>();
        break;
      case 1:  // begins one member's part
        if (m == 1 % members) in[0] = nan_with_payload<T>();
        break;
      case 2:  // ignored
        in[1] = in[L + 1] = in[L - 1] = nan_with_payload<T>();
        in[at(0)] = std::numeric_limits<T>::quiet_NaN();
        break;
      case 3:  // the first zero, -0.0, in a later lane than +0.0
        in[5] = -T(0);
        in[L + 1] = T(0);
        break;
      case 4:
        in[5] = T(0);
        in[L + 1] = -T(0);
        break;
      case 5:
        for (std::size_t salt = 0; salt < 4; ++salt) in[at(salt)] = (h(salt) & 1) != 0 ? -T(0) : T(0);
        break;
      case 6:
        in[at(0)] = extreme(-std::numeric_limits<T>::infinity());
        in[at(1)] = extreme(-std::numeric_limits<T>::infinity());
        in[at(2)] = extreme(std::numeric_limits<T>::infinity());
        break;
      default:  // everything at once, anywhere
        for (std::size_t salt = 0; salt < 6; ++salt) {
          auto k = h(salt) % in.size();
          switch (h(salt + 10) % 4) {
            case 0: in[k] = nan_with_payload<T>(); break;
            case 1: in[k] = -T(0); break;
            case 2: in[k] = T(0); break;
            default: in[k] = extreme(-std::numeric_limits<T>::infinity()); break;
          }
        }
    }
  }
  return inputs;
}

template <class T, class Op>
void special_values(pg::Context& me, Op op, std::uint64_t seed) {
  for (std::size_t variant = 0; variant < 12; ++variant) {
    auto inputs = special_inputs<T>(static_cast<std::size_t>(me.threads()), std::same_as<Op, coll::op::min>, variant,
                                    seed + variant);
    Where where{me, std::string(op_name<Op>()) + " on " + type_name<T>() + ", special values " + std::to_string(variant),
                variant};
    private_inputs(where, inputs, op, in_order<T, Op>);
  }
}

TEST(LaneFolds, min_max_of_floats_nan_infinities_signed_zeros) {
  for_each_thread_count([](pg::Context& me) {
    special_values<float>(me, coll::op::min{}, 1200);
    special_values<float>(me, coll::op::max{}, 1300);
    special_values<double>(me, coll::op::min{}, 1400);
    special_values<double>(me, coll::op::max{}, 1500);
  });
}

/// The bits of the in-order fold of `xs` with the scalar operator.
template <class Op>
std::uint64_t in_order_bits(const std::vector<double>& xs, Op op) {
  double acc = xs.at(0);
  for (std::size_t i = 1; i < xs.size(); ++i) acc = op(acc, xs[i]);
  return std::bit_cast<std::uint64_t>(acc);
}

/// Inputs whose special values fall where members and blocks begin: a NaN that starts a
/// member's part (it hid the part's other elements), -0.0 before +0.0 across threads of a
/// cyclic layout (a thread combined its own elements first), NaNs alone (the last one's bits).
const std::vector<std::vector<double>> split_special_inputs = {
    {1.0, std::numeric_limits<double>::quiet_NaN(), -5.0, 2.0},
    {1.0, std::numeric_limits<double>::quiet_NaN(), 3.0, -5.0, 7.0, std::numeric_limits<double>::quiet_NaN()},
    {5.0, -0.0, +0.0, 9.0, +0.0, -0.0},
    {-0.0, std::numeric_limits<double>::quiet_NaN(), +0.0},
    {nan_with_payload<double>(), std::bit_cast<double>(std::uint64_t{0x7ff8000000005678}),
     std::bit_cast<double>(std::uint64_t{0xfff8000000009abc})}};

TEST(LaneFolds, min_max_of_doubles_split_at_special_values_give_the_in_order_bits) {
  for_each_thread_count([](pg::Context& me) {
    const auto threads = static_cast<std::size_t>(me.threads());
    for (const auto& input : split_special_inputs) {
      for (bool min : {true, false}) {
        const auto expected = min ? in_order_bits(input, coll::op::min{}) : in_order_bits(input, coll::op::max{});
        auto reduced = [&](auto&& call) {
          double out = 0;
          if (min) call(out, coll::op::min{});
          else call(out, coll::op::max{});
          return std::bit_cast<std::uint64_t>(out);
        };
        // Private parts: thread t holds elements t, t + threads, ... (each starts a part).
        std::vector<double> mine;
        for (std::size_t i = me.thread(); i < input.size(); i += threads) mine.push_back(input[i]);
        std::vector<double> in_member_order;
        for (std::size_t t = 0; t < threads; ++t)
          for (std::size_t i = t; i < input.size(); i += threads) in_member_order.push_back(input[i]);
        const auto by_members = min ? in_order_bits(in_member_order, coll::op::min{})
                                    : in_order_bits(in_member_order, coll::op::max{});
        EXPECT_EQ(reduced([&](double& out, auto op) {
                    std::vector<double> all(1);
                    coll::allreduce(me, all, mine, op);
                    out = all[0];
                  }),
                  by_members)
            << "private parts, " << threads << " threads, min " << min;
        // A shared array of block 1: element order is input order, its elements cyclic.
        pg::shared_array<double> a(me, input.size(), 1);
        for (std::size_t i = me.thread(); i < input.size(); i += threads) a.put(i, input[i]);  // its own elements
        me.barrier();
        pg::shared_array<double> d(me, threads, 1);
        EXPECT_EQ(reduced([&](double& out, auto op) {
                    coll::allreduce(me, d, a, op);
                    out = d[static_cast<std::size_t>(me.thread())];
                  }),
                  expected)
            << "shared block 1, " << threads << " threads, min " << min;
        me.barrier();  // every thread read its result before the arrays go
      }
    }
  });
}

// ---- floating add and mult on values that round -------------------------------------------------------

template <class T, class Op>
void rounding_operator(pg::Context& me, Op op, std::uint64_t seed) {
  constexpr bool product = std::same_as<Op, coll::op::mult>;
  auto value = [](std::uint64_t h, std::size_t) { return rounding_value<T>(product, h); };
  auto n = static_cast<std::size_t>(me.threads());
  for (std::size_t shape = 0; shape < 4; ++shape) {
    auto inputs = member_inputs<T>(n, shape, seed + shape, value);
    Where where{me, std::string(op_name<Op>()) + " on " + type_name<T>() + ", values that round", shape};
    private_inputs(where, inputs, op, in_lanes<T, Op>);
  }
  // reduce_scatter: element by element, in member order (block q of member m: value (m, q, i))
  auto count = lanes<T> + 3;
  auto element = [&](std::size_t m, std::size_t q, std::size_t i) {
    return rounding_value<T>(product, mix(seed * 31 + (m * n + q) * count + i));
  };
  auto rank = static_cast<std::size_t>(me.thread());
  std::vector<T> source, got(count);
  for (std::size_t q = 0; q < n; ++q)
    for (std::size_t i = 0; i < count; ++i) source.push_back(element(rank, q, i));
  coll::reduce_scatter(me, std::span(got), std::span<const T>(source), count, op);
  std::vector<T> want;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<T> column;
    for (std::size_t m = 0; m < n; ++m) column.push_back(element(m, rank, i));
    want.push_back(in_order(column, op));
  }
  expect_same(got, want, Where{me, std::string(op_name<Op>()) + " on " + type_name<T>(), 0}.describe("reduce_scatter"));
}

TEST(LaneFolds, floating_add_and_mult_in_the_documented_association) {
  for_each_thread_count([](pg::Context& me) {
    rounding_operator<float>(me, coll::op::add{}, 1600);
    rounding_operator<float>(me, coll::op::mult{}, 1700);
    rounding_operator<double>(me, coll::op::add{}, 1800);
    rounding_operator<double>(me, coll::op::mult{}, 1900);
  });
}

// ---- user operators ---------------------------------------------------------------------------------

TEST(LaneFolds, user_operators_stay_in_order) {
  static_assert(detail::lane_fold_kind<double, decltype(coll::commutative(std::plus<double>{}))>() ==
                detail::LaneFold::none);
  for_each_thread_count([](pg::Context& me) {
    auto n = static_cast<std::size_t>(me.threads());
    auto keep_last = [](std::int32_t, std::int32_t b) { return b; };  // associative, does not commute
    auto plus = [](double a, double b) { return a + b; };
    auto int_value = [](std::uint64_t h, std::size_t) { return static_cast<std::int32_t>(h); };
    auto double_value = [](std::uint64_t h, std::size_t) { return rounding_value<double>(false, h); };
    for (std::size_t shape = 0; shape < 4; ++shape) {
      auto ints = member_inputs<std::int32_t>(n, shape, 2000 + shape, int_value);
      private_inputs(Where{me, "keep the last on int32", shape}, ints, keep_last, in_order<std::int32_t, decltype(keep_last)>);
      auto doubles = member_inputs<double>(n, shape, 2100 + shape, double_value);
      private_inputs(Where{me, "a lambda a + b on double", shape}, doubles, plus, in_order<double, decltype(plus)>);
      auto commutative_plus = coll::commutative(plus);
      private_inputs(Where{me, "coll::commutative(a + b) on double", shape}, doubles, commutative_plus,
                     in_order<double, decltype(commutative_plus)>);
    }
  });
}

// ---- fold_in_lanes on runs at every byte offset ------------------------------------------------------

template <class T, class Op>
void misaligned_runs(Op op, std::uint64_t seed) {
  static_assert(detail::lane_count<T> == lanes<T>);
  constexpr auto L = lanes<T>;
  constexpr bool rounds = detail::lane_fold_kind<T, Op>() == detail::LaneFold::reassociating;
  bool told_apart = false;  // lanes rounding otherwise than the order somewhere (else the model proves nothing)
  for (std::size_t count :
       {std::size_t{1}, std::size_t{2}, L - 1, L, L + 1, 2 * L - 1, 2 * L, 3 * L + 2, 7 * L + 5, 64 * L + 3}) {
    std::vector<T> values;
    for (std::size_t i = 0; i < count; ++i) {
      auto h = mix(seed * 7919 + i);
      values.push_back(rounds ? rounding_value<T>(std::same_as<Op, coll::op::mult>, h) : exact_value<T, Op>(h, i));
    }
    auto want = rounds ? in_lanes(values, op) : in_order(values, op);
    told_apart = told_apart || !same_bits(want, in_order(values, op));
    for (std::size_t shift = 0; shift < 16; ++shift) {
      std::vector<std::byte> bytes(shift + count * sizeof(T));
      std::memcpy(bytes.data() + shift, values.data(), count * sizeof(T));
      expect_same(detail::fold_in_lanes<T>(bytes.data() + shift, count, op), want,
                  std::string(op_name<Op>()) + " on " + type_name<T>() + ", " + std::to_string(count) +
                      " elements at byte offset " + std::to_string(shift));
    }
  }
  EXPECT_EQ(told_apart, rounds) << op_name<Op>() << " on " << type_name<T>();
}

template <class T>
void misaligned_every_operator(std::uint64_t seed) {
  misaligned_runs<T>(coll::op::add{}, seed);
  misaligned_runs<T>(coll::op::mult{}, seed + 1);
  if constexpr (std::is_integral_v<T>) {
    misaligned_runs<T>(coll::op::bit_and{}, seed + 2);
    misaligned_runs<T>(coll::op::bit_or{}, seed + 3);
    misaligned_runs<T>(coll::op::bit_xor{}, seed + 4);
  }
  misaligned_runs<T>(coll::op::logical_and{}, seed + 5);
  misaligned_runs<T>(coll::op::logical_or{}, seed + 6);
  misaligned_runs<T>(coll::op::min{}, seed + 7);
  misaligned_runs<T>(coll::op::max{}, seed + 8);
}

TEST(LaneFolds, runs_at_every_byte_offset) {
  misaligned_every_operator<std::int8_t>(3000);
  misaligned_every_operator<std::uint8_t>(3100);
  misaligned_every_operator<std::int16_t>(3200);
  misaligned_every_operator<std::uint16_t>(3300);
  misaligned_every_operator<std::int32_t>(3400);
  misaligned_every_operator<std::uint32_t>(3500);
  misaligned_every_operator<std::int64_t>(3600);
  misaligned_every_operator<std::uint64_t>(3700);
  misaligned_every_operator<float>(3800);
  misaligned_every_operator<double>(3900);
  misaligned_every_operator<long double>(4000);
}

/// Which operators fold in lanes, and how.
TEST(LaneFolds, kinds) {
  using detail::LaneFold;
  static_assert(detail::lane_fold_kind<double, coll::op::add>() == LaneFold::reassociating);
  static_assert(detail::lane_fold_kind<float, coll::op::mult>() == LaneFold::reassociating);
  static_assert(detail::lane_fold_kind<double, coll::op::min>() == LaneFold::exact);
  static_assert(detail::lane_fold_kind<std::int64_t, coll::op::add>() == LaneFold::exact);
  static_assert(detail::lane_fold_kind<std::uint8_t, coll::op::bit_xor>() == LaneFold::exact);
  static_assert(detail::lane_fold_kind<double, coll::op::exact_sum>() == LaneFold::none);
  static_assert(detail::lane_fold_kind<coll::op::value_index<int>, coll::op::minloc>() == LaneFold::none);
  static_assert(detail::lane_fold_kind<int, std::plus<int>>() == LaneFold::none);
  SUCCEED();
}

}  // namespace
