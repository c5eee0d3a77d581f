// The UPC compatibility names (pgasmr/collectives/upc_compat.hpp): the table has every name of
// the thesis's Appendix A, and every generated name is called at least once, its result
// checked against what the thesis says it does (as read in docs/collectives.md).
//
// One parameterised test per signature shape runs all the table's rows of that shape (the
// rows expand, through the same detail/upc_names.def, into calls of the shape's checker) at
// every thread count of for_each_thread_count (the typed names: each at one of them; under
// mpirun a sample of the types, see type_runs_here). A checker fills its sources, calls the name
// with UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC and compares every destination element it owns with a
// model. Shared arguments live in two symmetric regions of Region::kCap bytes per thread, so
// that any layout the thesis prescribes fits; parameter arrays in shared int / size_t lists.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <iterator>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/collectives/upc_compat.hpp>
#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/team.hpp>

#include "support/expect_error.hpp"
#include "support/spmd.hpp"

namespace {

namespace pg = pgasmr::pgas;
namespace upc = pgasmr::coll::upc;

using upc::UPC_ADD;
constexpr auto kSync = upc::UPC_IN_ALLSYNC | upc::UPC_OUT_ALLSYNC;

// ---- the table ---------------------------------------------------------------------------------

enum class Shape {
  IN_PLACE,
  PERMUTE_IN_PLACE,
  MOVE,
  PERMUTE,
  TEAM,
  PERMUTE_TEAM,
  BROADCAST_V,
  SCATTER_V,
  GATHER_V,
  ALLGATHER_V,
  EXCHANGE_V,
  PERMUTE_V,
  VECTOR_COPY,
  REDUCE_IN_PLACE,
  REDUCE,
  REDUCE_V,
  PREFIX_REDUCE_V,
  REDUCE_TEAM,
};

struct TableNames {
  std::vector<std::string> appendix, extra;  // names
  int appendix_rows = 0, appendix_typed_rows = 0, extra_rows = 0, extra_typed_rows = 0;
};

TableNames table_names() {
  TableNames n;
#define NAME_T(T, TYPE, prefix, suffix, ...) list.push_back(#prefix #T #suffix);
#define PGASMR_UPC(shape, name, ...) (n.appendix.push_back(#name), ++n.appendix_rows);
#define PGASMR_UPC_X(shape, name, ...) (n.extra.push_back(#name), ++n.extra_rows);
#define PGASMR_UPC_T(shape, ...)                    \
  {                                                 \
    auto& list = n.appendix;                        \
    ++n.appendix_typed_rows;                        \
    PGASMR_UPC_TYPES(NAME_T, __VA_ARGS__)           \
  }
#define PGASMR_UPC_X_T(shape, ...)                  \
  {                                                 \
    auto& list = n.extra;                           \
    ++n.extra_typed_rows;                           \
    PGASMR_UPC_TYPES(NAME_T, __VA_ARGS__)           \
  }
#include <pgasmr/collectives/detail/upc_names.def>
#undef PGASMR_UPC
#undef PGASMR_UPC_X
#undef PGASMR_UPC_T
#undef PGASMR_UPC_X_T
#undef NAME_T
  return n;
}

TEST(UpcCompatTable, has_every_name_of_appendix_a) {
  auto n = table_names();
  // Appendix A: 192 non-templated prototypes and 41 templated ones, each for 11 C types.
  EXPECT_EQ(n.appendix_rows, 192);
  EXPECT_EQ(n.appendix_typed_rows, 41);
  EXPECT_EQ(n.appendix.size(), 192u + 41u * 11u);
  EXPECT_EQ(n.extra_rows, 6);
  EXPECT_EQ(n.extra_typed_rows, 7);
  std::set<std::string> all(n.appendix.begin(), n.appendix.end());
  all.insert(n.extra.begin(), n.extra.end());
  EXPECT_EQ(all.size(), n.appendix.size() + n.extra.size()) << "a name is generated twice";
  for (const char* name : {"upc_all_gather_all_v_priv", "upc_all_exchange_in_place_priv", "upc_all_reduceD_all_priv",
                           "upc_all_prefix_reduce_LD_v_get", "upc_all_reduceUC_rooted_in_place_priv",
                           "upc_all_permute_team_allthr_put", "upc_all_vector_copy_privparam_priv",
                           "upc_all_exchange_v_merge_local_get", "upc_all_prefix_reduceUS_team_priv"})
    EXPECT_TRUE(all.count(name)) << name;
  for (const char* name : {"upc_all_broadcast", "upc_all_reduceI", "upc_all_reduceF_all", "upc_all_prefix_reduceI_v"})
    EXPECT_TRUE(std::count(n.extra.begin(), n.extra.end(), name)) << name;
}

// ---- the environment of the checks ----------------------------------------------------------------

int value(int t, int i) { return t * 1000 + i + 1; }  // element i of thread t's source

/// kCap bytes on every thread at one offset: room for every layout the checks use.
class Region {
 public:
  static constexpr std::size_t kCap = 1024;
  explicit Region(pg::Context& me)
      : me_(me), array_(me, kCap * static_cast<std::size_t>(me.threads()), kCap), base_(array_.span().base().offset()) {}
  /// The argument that points at thread `thread`'s part, `offset` bytes in.
  pg::shared_span<std::byte> at(int thread, std::size_t offset = 0) const {
    return array_.subspan(static_cast<std::size_t>(thread) * kCap + offset, kCap - offset);
  }
  template <class V>
  V read(int thread, std::size_t offset) const {
    return pg::get(me_, pg::global_ptr<V>(thread, base_ + offset));
  }
  template <class V>
  void write(std::size_t offset, V v) {
    std::memcpy(array_.local().data() + offset, &v, sizeof v);
  }
  void clear() { std::memset(array_.local().data(), 0xff, kCap); }  // int -1

 private:
  pg::Context& me_;
  pg::shared_array<std::byte> array_;
  std::size_t base_;
};

struct Env {
  explicit Env(pg::Context& m)
      : me(m),
        T(m.threads()),
        t(m.thread()),
        a(m),
        b(m),
        l1(m, list_size(m)),
        l2(m, list_size(m)),
        s1(m, list_size(m)),
        s2(m, list_size(m)),
        s3(m, list_size(m)),
        team(m.world().split(m.thread() % 3 == 2 ? pg::Team::no_color : 0, m.threads() - m.thread())) {
    for (int u = T - 1; u >= 0; --u)
      if (u % 3 != 2) members.push_back(u);  // the team: key T - u ranks the threads downwards
  }
  static std::size_t list_size(pg::Context& m) {
    auto n = static_cast<std::size_t>(m.threads());
    return 2 * n * n + 2;
  }
  /// Every check starts here: nobody still reads the previous check's buffers.
  void begin() {
    me.barrier();
    a.clear();
    b.clear();
  }
  template <class V, class F>
  void set(pg::shared_array<V>& list, int n, F f) {
    if (t == 0)
      for (int i = 0; i < n; ++i) list.put(static_cast<std::size_t>(i), static_cast<V>(f(i)));
  }
  bool member(int u) const { return u % 3 != 2; }
  int rank_of(int u) const {
    return static_cast<int>(std::find(members.begin(), members.end(), u) - members.begin());
  }

  pg::Context& me;
  int T, t;
  Region a, b;  // source side, destination side
  pg::shared_array<int> l1, l2;
  pg::shared_array<std::size_t> s1, s2, s3;
  pg::Team team;
  std::vector<int> members;  // thread ids in team rank order
};

enum class M { broadcast, scatter, gather, allgather, exchange, permute };
enum class V { PLAIN, ROOTED, TEAM, ALLTHR, ABS, LOCAL, RAW, PRIVPARAM, MERGE, MERGE_LOCAL };
enum class R { reduce, allreduce, prefix_reduce, reduce_v, allreduce_v, prefix_reduce_v };

/// The argument of a kind: a shared view or a private vector.
template <bool Shared, class Vec>
decltype(auto) pick(pg::shared_span<std::byte> s, Vec& v) {
  if constexpr (Shared)
    return s;
  else
    return (v);
}

/// Calls f with the block sizes that a prototype has: (dst_blk, src_blk), (dst_blk), (src_blk) or ().
template <bool D, bool S, class F>
void with_blocks(std::size_t d, std::size_t s, F&& f) {
  if constexpr (D && S)
    f(d, s);
  else if constexpr (D)
    f(d);
  else if constexpr (S)
    f(s);
  else
    f();
}

/// Element k of `shared [block] T [...]` pointed at thread t0's part with phase 0: (thread,
/// element offset in that thread's part).
struct Loc {
  int thread;
  std::size_t index;
};
Loc place(std::size_t block, int t0, std::size_t k, int threads) {
  if (block == 0) return {t0, k};
  auto b = static_cast<std::size_t>(t0) + k / block;
  return {static_cast<int>(b % static_cast<std::size_t>(threads)), b / static_cast<std::size_t>(threads) * block + k % block};
}

// ---- A.1 in place --------------------------------------------------------------------------------

template <M Call, bool Shared, V Ver, class F>
void check_in_place(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t, c = 2;
  const int root = Ver == V::ROOTED ? T - 1 : 0;
  const int block = Call == M::broadcast || Call == M::permute ? c : c * T;
  std::vector<int> priv(static_cast<std::size_t>(block));
  for (int i = 0; i < block; ++i) {
    priv[static_cast<std::size_t>(i)] = value(me, i);
    e.a.write<int>(static_cast<std::size_t>(i) * 4, value(me, i));
  }
  auto&& buffer = pick<Shared>(e.a.at(0), priv);
  if constexpr (Call == M::permute) {
    e.set(e.l1, T, [&](int r) { return (r + 1) % T; });
    fn(e.me, buffer, e.l1, c * 4, kSync);
  } else if constexpr (Ver == V::ROOTED) {
    fn(e.me, buffer, c * 4, root, kSync);
  } else {
    fn(e.me, buffer, c * 4, kSync);
  }
  for (int i = 0; i < block; ++i) {
    int r = i / c, j = i % c;
    int expected = 0;
    switch (Call) {
      case M::broadcast: expected = value(root, i); break;
      case M::scatter: expected = r == me ? value(root, i) : value(me, i); break;
      case M::gather: expected = me == root ? value(r, i) : value(me, i); break;
      case M::allgather: expected = value(r, i); break;
      case M::exchange: expected = value(r, me * c + j); break;
      case M::permute: expected = value((me - 1 + T) % T, i); break;
    }
    int got = Shared ? e.a.read<int>(me, static_cast<std::size_t>(i) * 4) : priv[static_cast<std::size_t>(i)];
    EXPECT_EQ(got, expected) << "element " << i;
  }
}

// ---- A.4 standard with get/put/priv ------------------------------------------------------------------

template <M Call, bool DS, bool SS, class F>
void check_move(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t, c = 2, last = T - 1;
  // Sources: broadcast and scatter read the root's `shared [] char [...]` (here on the last
  // thread; private: thread 0's); the others every thread's block.
  const bool root_side = Call == M::broadcast || Call == M::scatter;
  const int src_len = Call == M::scatter || Call == M::exchange ? c * T : c;
  std::vector<int> sv(static_cast<std::size_t>(src_len), 0);
  for (int i = 0; i < src_len; ++i) {
    int v = root_side ? 7000 + i : value(me, i);
    if (!root_side || me == 0) sv[static_cast<std::size_t>(i)] = v;
    if (!root_side || me == last) e.a.write<int>(static_cast<std::size_t>(i) * 4, v);
  }
  const int dst_len = Call == M::gather || Call == M::allgather || Call == M::exchange ? c * T : c;
  std::vector<int> dv(static_cast<std::size_t>(dst_len), -1);
  auto&& dst = pick<DS>(e.b.at(Call == M::gather ? last : 0), dv);
  auto&& src = pick<SS>(e.a.at(root_side ? last : 0), sv);
  if constexpr (Call == M::permute) {
    e.set(e.l1, T, [&](int r) { return (r + 1) % T; });
    fn(e.me, dst, src, e.l1, c * 4, kSync);
  } else {
    fn(e.me, dst, src, c * 4, kSync);
  }
  auto got = [&](int owner, int i) {
    return DS ? e.b.read<int>(owner, static_cast<std::size_t>(i) * 4) : dv[static_cast<std::size_t>(i)];
  };
  if (Call == M::gather) {
    if (me == (DS ? last : 0)) {
      for (int i = 0; i < c * T; ++i) EXPECT_EQ(got(me, i), value(i / c, i % c)) << "element " << i;
    }
    return;
  }
  for (int i = 0; i < dst_len; ++i) {
    int expected = 0;
    switch (Call) {
      case M::broadcast: expected = 7000 + i; break;
      case M::scatter: expected = 7000 + me * c + i; break;
      case M::allgather: expected = value(i / c, i % c); break;
      case M::exchange: expected = value(i / c, me * c + i % c); break;
      case M::permute: expected = value((me - 1 + T) % T, i); break;
      case M::gather: break;
    }
    EXPECT_EQ(got(me, i), expected) << "element " << i;
  }
}

// ---- A.3 team data movement -----------------------------------------------------------------------

template <M Call, bool DS, bool SS, V Ver, class F>
void check_team(Env& e, F fn) {
  e.begin();
  const bool allthr = Ver == V::ALLTHR;
  const int T = e.T, me = e.t, c = 2, last = T - 1;
  const int nt = static_cast<int>(e.members.size());
  const int n = allthr ? T : nt;
  const int root = e.members[0];
  auto thread_of = [&](int y) { return allthr ? y : e.members[static_cast<std::size_t>(y)]; };
  auto takes_part = [&](int y) { return !allthr || e.member(y); };
  const bool member = static_cast<bool>(e.team);
  const int x = allthr ? me : (member ? e.team.rank() : -1);  // my member index
  const bool root_side = Call == M::broadcast || Call == M::scatter;
  const int src_len = Call == M::scatter || Call == M::exchange ? c * n : c;
  std::vector<int> sv(static_cast<std::size_t>(src_len), 0);
  for (int i = 0; i < src_len; ++i) {
    int v = root_side ? 7000 + i : value(me, i);
    if (!root_side || me == root) sv[static_cast<std::size_t>(i)] = v;
    if (!root_side || me == last) e.a.write<int>(static_cast<std::size_t>(i) * 4, v);
  }
  const int dst_len = Call == M::gather || Call == M::allgather || Call == M::exchange ? c * n : c;
  std::vector<int> dv(static_cast<std::size_t>(dst_len), -1);
  auto&& dst = pick<DS>(e.b.at(Call == M::gather ? last : 0), dv);
  auto&& src = pick<SS>(e.a.at(root_side ? last : 0), sv);
  const auto nbytes = static_cast<std::size_t>(Call == M::broadcast || Call == M::permute ? c * 4 : c * n * 4);
  // The team's in-synchronisation does not wait for non-members, whose memory holds the root's
  // side here: the whole job synchronises before the call.
  e.me.barrier();
  if constexpr (Call == M::permute) {
    if (allthr)
      e.set(e.l1, T, [&](int u) { return e.member(u) ? e.members[static_cast<std::size_t>((e.rank_of(u) + 1) % nt)] : u; });
    else
      e.set(e.l1, nt, [&](int m) { return (m + 1) % nt; });
    if (member) fn(e.me, dst, src, e.l1, nbytes, e.team, kSync);
  } else {
    if (member) fn(e.me, dst, src, nbytes, e.team, kSync);
  }
  e.me.barrier();  // non-members check too
  auto got = [&](int owner, int i) {
    return DS ? e.b.read<int>(owner, static_cast<std::size_t>(i) * 4) : dv[static_cast<std::size_t>(i)];
  };
  if (Call == M::gather) {
    if (me == (DS ? last : root)) {
      for (int y = 0; y < n; ++y)
        for (int j = 0; j < c; ++j)
          EXPECT_EQ(got(me, y * c + j), takes_part(y) ? value(thread_of(y), j) : -1) << "member " << y;
    }
    return;
  }
  if (!member) return;
  for (int i = 0; i < dst_len; ++i) {
    int y = i / c, j = i % c;
    int expected = 0;
    switch (Call) {
      case M::broadcast: expected = 7000 + i; break;
      case M::scatter: expected = 7000 + x * c + i; break;
      case M::allgather: expected = takes_part(y) ? value(thread_of(y), j) : -1; break;
      case M::exchange: expected = takes_part(y) ? value(thread_of(y), x * c + j) : -1; break;
      case M::permute: expected = value(e.members[static_cast<std::size_t>((e.rank_of(me) - 1 + nt) % nt)], i); break;
      case M::gather: break;
    }
    EXPECT_EQ(got(me, i), expected) << "element " << i;
  }
}

// ---- A.2 vector variants ------------------------------------------------------------------------

/// The destination block of the calling thread: shared (its block of `shared [B] char [...]`
/// from thread 0) or its private vector; every element outside [at, at + expected.size())
/// must still be -1.
void expect_block(Env& e, bool shared, const std::vector<int>& dv, std::size_t block, std::size_t at,
                  const std::vector<int>& expected) {
  for (std::size_t i = 0; i < block; ++i) {
    int got = shared ? e.b.read<int>(e.t, i * 4) : dv[i];
    int want = i >= at && i < at + expected.size() ? expected[i - at] : -1;
    EXPECT_EQ(got, want) << "element " << i;
  }
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_broadcast_v(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t;
  const std::size_t B = 6, nel = 2;
  const int root = Ver == V::ROOTED ? T - 1 : 0;
  auto phase = [](int r) { return static_cast<std::size_t>(r % 3); };
  if (Ver == V::RAW)
    e.set(e.s1, T, [&](int r) { return (static_cast<std::size_t>(r) * B + phase(r)) * 4; });
  else
    e.set(e.l1, T, [&](int r) { return (Ver == V::LOCAL ? 0 : static_cast<std::size_t>(r) * B) + phase(r); });
  // the source: rooted, the root's block of `shared [B*4] char [...]`; else `shared [] char
  // [...]` at thread T-1, 4 bytes in; private: the root's
  std::vector<int> sv(nel, 0);
  for (std::size_t i = 0; i < nel; ++i) {
    int v = 500 + static_cast<int>(i);
    if (me == root) sv[i] = v;
    if (Ver == V::ROOTED && me == root) e.a.write<int>(i * 4, v);
    if (Ver != V::ROOTED && me == T - 1) e.a.write<int>(4 + i * 4, v);
  }
  std::vector<int> dv(B, -1);
  auto&& dst = pick<DS>(e.b.at(0), dv);
  auto&& src = pick<SS>(Ver == V::ROOTED ? e.a.at(0) : e.a.at(T - 1, 4), sv);
  if constexpr (Ver == V::RAW) {
    fn(e.me, dst, src, e.s1, nel * 4, B * 4, kSync);
  } else {
    with_blocks<HD, false>(B, 0, [&](auto... blk) {
      if constexpr (Ver == V::ROOTED)
        fn(e.me, dst, src, e.l1, nel, blk..., 4, root, kSync);
      else
        fn(e.me, dst, src, e.l1, nel, blk..., 4, kSync);
    });
  }
  expect_block(e, DS, dv, B, phase(me), {500, 501});
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_scatter_v(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t;
  const std::size_t B = 4, SB = 2 * static_cast<std::size_t>(T);
  const int root = Ver == V::ROOTED ? T - 1 : 0;
  std::vector<std::size_t> nel(static_cast<std::size_t>(T)), at(static_cast<std::size_t>(T));
  std::size_t total = 0;
  for (int r = 0; r < T; ++r) {
    nel[static_cast<std::size_t>(r)] = 1 + static_cast<std::size_t>(r % 2);
    at[static_cast<std::size_t>(r)] = total;
    total += nel[static_cast<std::size_t>(r)];
  }
  const std::size_t unit = Ver == V::RAW ? 4 : 1;
  auto phase = [](int r) { return static_cast<std::size_t>(r % 2); };
  e.set(Ver == V::RAW ? e.s1 : e.s3, T, [&](int r) {
    return (static_cast<std::size_t>(r) * B + phase(r)) * unit;
  });
  e.set(e.l1, T, [&](int r) { return (Ver == V::LOCAL ? 0 : static_cast<std::size_t>(r) * B) + phase(r); });
  e.set(e.s2, T, [&](int r) { return nel[static_cast<std::size_t>(r)] * unit; });
  std::vector<int> sv(total, 0);
  for (std::size_t i = 0; i < total; ++i) {
    int v = 500 + static_cast<int>(i);
    if (me == root) sv[i] = v;
    if (Ver == V::ROOTED && me == root) e.a.write<int>(i * 4, v);
    if (Ver != V::ROOTED && me == T - 1) e.a.write<int>(4 + i * 4, v);
  }
  std::vector<int> dv(B, -1);
  auto&& dst = pick<DS>(e.b.at(0), dv);
  auto&& src = pick<SS>(Ver == V::ROOTED ? e.a.at(0) : e.a.at(T - 1, 4), sv);
  if constexpr (Ver == V::RAW) {
    with_blocks<HD, HS>(B * 4, SB * 4, [&](auto... blk) { fn(e.me, dst, src, e.s1, e.s2, blk..., kSync); });
  } else {
    with_blocks<HD, HS>(B, SB, [&](auto... blk) {
      if constexpr (Ver == V::ROOTED)
        fn(e.me, dst, src, e.l1, e.s2, blk..., 4, root, kSync);
      else
        fn(e.me, dst, src, e.l1, e.s2, blk..., 4, kSync);
    });
  }
  std::vector<int> expected;
  for (std::size_t j = 0; j < nel[static_cast<std::size_t>(me)]; ++j)
    expected.push_back(500 + static_cast<int>(at[static_cast<std::size_t>(me)] + j));
  expect_block(e, DS, dv, B, phase(me), expected);
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_gather_v(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t;
  const std::size_t SB = 4, DB = 2 * static_cast<std::size_t>(T) + 2;
  const int root = Ver == V::ROOTED ? T - 1 : 0;
  std::vector<std::size_t> nel(static_cast<std::size_t>(T));
  for (int r = 0; r < T; ++r) nel[static_cast<std::size_t>(r)] = 1 + static_cast<std::size_t>(r % 2);
  auto phase = [](int r) { return static_cast<std::size_t>(r % 2); };
  const std::size_t unit = Ver == V::RAW ? 4 : 1;
  e.set(e.l1, T, [&](int r) { return (Ver == V::LOCAL ? 0 : static_cast<std::size_t>(r) * SB) + phase(r); });
  e.set(e.s1, T, [&](int r) { return (static_cast<std::size_t>(r) * SB + phase(r)) * 4; });
  e.set(e.s2, T, [&](int r) { return nel[static_cast<std::size_t>(r)] * unit; });
  std::vector<int> sv(SB);
  for (std::size_t i = 0; i < SB; ++i) {
    sv[i] = value(me, static_cast<int>(i));
    e.a.write<int>(i * 4, sv[i]);
  }
  std::vector<int> dv(DB, -1);
  // the destination: rooted, the root's block of `shared [DB*4] char [...]`; else `shared []
  // char [...]` at thread T-1, 4 bytes in; private: the root's
  const int owner = !DS ? root : Ver == V::ROOTED ? root : T - 1;
  const std::size_t first = DS && Ver != V::ROOTED ? 1 : 0;
  auto&& dst = pick<DS>(Ver == V::ROOTED ? e.b.at(0) : e.b.at(T - 1, 4), dv);
  auto&& src = pick<SS>(e.a.at(0), sv);
  if constexpr (Ver == V::RAW) {
    with_blocks<HD, HS>(DB * 4, SB * 4, [&](auto... blk) { fn(e.me, dst, src, e.s1, e.s2, blk..., kSync); });
  } else {
    with_blocks<HD, HS>(DB, SB, [&](auto... blk) {
      if constexpr (Ver == V::ROOTED)
        fn(e.me, dst, src, e.l1, e.s2, blk..., 4, root, kSync);
      else
        fn(e.me, dst, src, e.l1, e.s2, blk..., 4, kSync);
    });
  }
  if (me != owner) return;
  std::vector<int> expected;
  for (int r = 0; r < T; ++r)
    for (std::size_t j = 0; j < nel[static_cast<std::size_t>(r)]; ++j)
      expected.push_back(value(r, static_cast<int>(phase(r) + j)));
  expect_block(e, DS, dv, DB, first, expected);
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_allgather_v(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t;
  std::vector<std::size_t> nel(static_cast<std::size_t>(T));
  std::size_t total = 0;
  for (int r = 0; r < T; ++r) total += nel[static_cast<std::size_t>(r)] = 1 + static_cast<std::size_t>(r % 2);
  const std::size_t SB = 4, DB = total + 2;
  auto phase = [](int r) { return static_cast<std::size_t>(r % 2); };
  // ddisp: thread q receives from index 1 of its block (absolute unless _local, or a private
  // destination whose prototype has no dst_blk)
  const bool absolute_d = Ver != V::LOCAL && (DS || HD);
  auto ddisp = [&](int q) { return (absolute_d ? static_cast<std::size_t>(q) * DB : 0) + 1; };
  auto sdisp = [&](int r) { return (Ver == V::LOCAL ? 0 : static_cast<std::size_t>(r) * SB) + phase(r); };
  const std::size_t unit = Ver == V::RAW ? 4 : 1;
  if (Ver == V::RAW) {
    e.set(e.s1, T, [&](int q) { return ddisp(q) * 4; });
    e.set(e.s2, T, [&](int r) { return sdisp(r) * 4; });
  } else {
    e.set(e.l1, T, ddisp);
    e.set(e.l2, T, sdisp);
  }
  e.set(e.s3, T, [&](int r) { return nel[static_cast<std::size_t>(r)] * unit; });
  std::vector<int> psdisp;
  for (int r = 0; r < T; ++r) psdisp.push_back(static_cast<int>(sdisp(r)));
  std::vector<int> sv(SB);
  for (std::size_t i = 0; i < SB; ++i) {
    sv[i] = value(me, static_cast<int>(i));
    e.a.write<int>(i * 4, sv[i]);
  }
  std::vector<int> dv(DB, -1);
  auto&& dst = pick<DS>(e.b.at(0), dv);
  auto&& src = pick<SS>(e.a.at(0), sv);
  with_blocks<HD, HS>(DB * unit, SB * unit, [&](auto... blk) {
    if constexpr (Ver == V::RAW)
      fn(e.me, dst, src, e.s1, e.s2, e.s3, blk..., kSync);
    else if constexpr (Ver == V::PRIVPARAM)
      fn(e.me, dst, src, static_cast<int>(ddisp(me)), std::span<const int>(psdisp), std::span<const std::size_t>(nel),
         blk..., 4, kSync);
    else
      fn(e.me, dst, src, e.l1, e.l2, e.s3, blk..., 4, kSync);
  });
  std::vector<int> expected;
  for (int r = 0; r < T; ++r)
    for (std::size_t j = 0; j < nel[static_cast<std::size_t>(r)]; ++j)
      expected.push_back(value(r, static_cast<int>(phase(r) + j)));
  expect_block(e, DS, dv, DB, 1, expected);
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_exchange_v(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t;
  auto nel = [](int r, int q) { return 1 + static_cast<std::size_t>((r + q) % 2); };  // symmetric
  auto pos = [&](int r, int q) {  // chunk r -> q in row r, packed
    std::size_t p = 0;
    for (int k = 0; k < q; ++k) p += nel(r, k);
    return p;
  };
  const std::size_t B = 2 * static_cast<std::size_t>(T) + 2;  // dst_blk = src_blk
  const bool local = Ver == V::LOCAL || Ver == V::MERGE_LOCAL;
  const bool merge = Ver == V::MERGE || Ver == V::MERGE_LOCAL;
  const std::size_t unit = Ver == V::RAW ? 4 : 1;
  auto exchange = [&](int i) {
    int r = i / T, q = i % T;
    return ((local ? 0 : static_cast<std::size_t>(r) * B) + pos(r, q)) * unit;
  };
  e.set(e.l1, T * T, exchange);
  e.set(e.s2, T * T, exchange);
  e.set(e.s1, T * T, [&](int i) { return nel(i / T, i % T) * unit; });
  e.set(e.l2, T, [&](int q) { return (local ? 0 : static_cast<std::size_t>(q) * B) + 1; });  // merge: from index 1
  std::vector<int> pex;
  std::vector<std::size_t> pnel;
  for (int i = 0; i < T * T; ++i) {
    pex.push_back(static_cast<int>(exchange(i)));
    pnel.push_back(nel(i / T, i % T));
  }
  std::vector<int> sv(B);
  for (std::size_t i = 0; i < B; ++i) {
    sv[i] = value(me, static_cast<int>(i));
    e.a.write<int>(i * 4, sv[i]);
  }
  std::vector<int> dv(B, -1);
  auto&& dst = pick<DS>(e.b.at(0), dv);
  auto&& src = pick<SS>(e.a.at(0), sv);
  with_blocks<HD, HS>(B * unit, B * unit, [&](auto... blk) {
    if constexpr (Ver == V::RAW)
      fn(e.me, dst, src, e.s2, e.s1, blk..., kSync);
    else if constexpr (Ver == V::PRIVPARAM)
      fn(e.me, dst, src, std::span<const int>(pex), std::span<const std::size_t>(pnel), blk..., 4, kSync);
    else if constexpr (Ver == V::MERGE || Ver == V::MERGE_LOCAL)
      fn(e.me, dst, src, e.l1, e.s1, blk..., 4, e.l2, kSync);
    else
      fn(e.me, dst, src, e.l1, e.s1, blk..., 4, kSync);
  });
  // thread me receives chunk r at pos(me, r) (merge: packed from 1, which by symmetry is 1 + pos(me, r))
  std::vector<int> expected;
  for (int r = 0; r < T; ++r)
    for (std::size_t j = 0; j < nel(r, me); ++j) expected.push_back(value(r, static_cast<int>(pos(r, me) + j)));
  expect_block(e, DS, dv, B, merge ? 1 : 0, expected);
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_permute_v(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t;
  const std::size_t B = 4;
  auto nel = [](int r) { return 1 + static_cast<std::size_t>(r % 2); };
  auto phase = [](int r) { return static_cast<std::size_t>(r % 2); };
  const std::size_t unit = Ver == V::RAW ? 4 : 1;
  e.set(e.l1, T, [&](int r) { return (r + 1) % T; });
  e.set(e.l2, T, [&](int r) { return (Ver == V::LOCAL ? 0 : static_cast<std::size_t>(r) * B) + phase(r); });
  e.set(e.s2, T, [&](int r) { return (static_cast<std::size_t>(r) * B + phase(r)) * 4; });
  e.set(e.s1, T, [&](int r) { return nel(r) * unit; });
  std::vector<int> sv(B);
  for (std::size_t i = 0; i < B; ++i) {
    sv[i] = value(me, static_cast<int>(i));
    e.a.write<int>(i * 4, sv[i]);
  }
  std::vector<int> dv(B, -1);
  auto&& dst = pick<DS>(e.b.at(0), dv);
  auto&& src = pick<SS>(e.a.at(0), sv);
  with_blocks<HD, HS>(B * unit, B * unit, [&](auto... blk) {
    if constexpr (Ver == V::RAW)
      fn(e.me, dst, src, e.l1, e.s2, e.s1, blk..., kSync);
    else
      fn(e.me, dst, src, e.l1, e.l2, e.s1, blk..., 4, kSync);
  });
  int from = (me - 1 + T) % T;
  std::vector<int> expected;
  for (std::size_t j = 0; j < nel(from); ++j) expected.push_back(value(from, static_cast<int>(phase(from) + j)));
  expect_block(e, DS, dv, B, phase(from), expected);
}

template <bool DS, bool SS, V Ver, bool HD, bool HS, class F>
void check_vector_copy(Env& e, F fn) {
  e.begin();
  const int T = e.T, me = e.t, K = 2 * T;
  const std::size_t B = 4;
  // chunk k: from thread k % T, to thread (k + 1) % T, at phase (k / T) * 2 in both blocks
  auto nel = [](int k) { return 1 + static_cast<std::size_t>(k % 2); };
  auto phase = [&](int k) { return static_cast<std::size_t>(k / T) * 2; };
  auto sdisp = [&](int k) { return static_cast<std::size_t>(k % T) * B + phase(k); };
  auto ddisp = [&](int k) { return static_cast<std::size_t>((k + 1) % T) * B + phase(k); };
  const std::size_t unit = Ver == V::RAW ? 4 : 1;
  e.set(e.l1, K, ddisp);
  e.set(e.l2, K, sdisp);
  e.set(e.s2, K, [&](int k) { return ddisp(k) * 4; });
  e.set(e.s3, K, [&](int k) { return sdisp(k) * 4; });
  e.set(e.s1, K, [&](int k) { return nel(k) * unit; });
  std::vector<int> pd, ps;
  std::vector<std::size_t> pn;
  for (int k = 0; k < K; ++k) {
    pd.push_back(static_cast<int>(ddisp(k)));
    ps.push_back(static_cast<int>(sdisp(k)));
    pn.push_back(nel(k));
  }
  std::vector<int> sv(B);
  for (std::size_t i = 0; i < B; ++i) {
    sv[i] = value(me, static_cast<int>(i));
    e.a.write<int>(i * 4, sv[i]);
  }
  std::vector<int> dv(B, -1);
  auto&& dst = pick<DS>(e.b.at(0), dv);
  auto&& src = pick<SS>(e.a.at(0), sv);
  if constexpr (Ver == V::RAW)
    fn(e.me, dst, src, e.s2, e.s3, e.s1, K, B * 4, B * 4, kSync);
  else if constexpr (Ver == V::PRIVPARAM)
    fn(e.me, dst, src, std::span<const int>(pd), std::span<const int>(ps), std::span<const std::size_t>(pn), K, B, B, 4,
       kSync);
  else  // with the thesis's "same chunks per thread" switch, which pgasmr divides out
    fn(e.me, dst, src, e.l1, e.l2, e.s1, K * upc::UPC_EXTCOLLS_VV_CHUNKS, B, B, 4, kSync);
  std::vector<int> want(B, -1);
  for (int k = 0; k < K; ++k)
    if ((k + 1) % T == me)
      for (std::size_t j = 0; j < nel(k); ++j) want[phase(k) + j] = value(k % T, static_cast<int>(phase(k) + j));
  expect_block(e, DS, dv, B, 0, want);
}

// ---- the typed reductions ------------------------------------------------------------------------
// One checker per shape and TYPE (the kinds and the operation are run-time values); each row
// only adds the small `invoke` that passes the prepared arguments to its name.

template <class TYPE>
TYPE datum(std::size_t k) {
  return static_cast<TYPE>(k % 3 + 1);
}

/// The arguments a typed row's name is called with.
template <class TYPE>
struct TypedArgs {
  explicit TypedArgs(Env& e) : dst(e.b.at(0)), src(e.a.at(0)) {}
  pg::shared_span<std::byte> dst, src;  // shared arguments
  std::vector<TYPE> dv, sv;             // private ones
  std::size_t nelems = 0, blk = 0;
  int root = 0, nchunks = 0;
};
template <class TYPE>
using Invoke = std::function<void(TypedArgs<TYPE>&)>;

struct TypedRow {
  R call;
  bool ds, ss;  // shared destination (in place: buffer), shared source
};

template <bool Shared, V Ver, class F, class TYPE>
void invoke_in_place(Env& e, F fn, TypedArgs<TYPE>& a) {
  auto&& buffer = pick<Shared>(a.src, a.sv);
  if constexpr (Ver == V::ROOTED)
    fn(e.me, buffer, UPC_ADD, a.nelems, a.blk, a.root, nullptr, kSync);
  else
    fn(e.me, buffer, UPC_ADD, a.nelems, a.blk, nullptr, kSync);
}
template <bool DS, bool SS, class F, class TYPE>
void invoke_reduce(Env& e, F fn, TypedArgs<TYPE>& a) {
  fn(e.me, pick<DS>(a.dst, a.dv), pick<SS>(a.src, a.sv), UPC_ADD, a.nelems, a.blk, nullptr, kSync);
}
template <bool DS, bool SS, class F, class TYPE>
void invoke_reduce_v(Env& e, F fn, TypedArgs<TYPE>& a) {
  fn(e.me, pick<DS>(a.dst, a.dv), pick<SS>(a.src, a.sv), UPC_ADD, e.l1, e.s1, a.nchunks, a.blk, nullptr, kSync);
}
template <bool DS, bool SS, class F, class TYPE>
void invoke_prefix_reduce_v(Env& e, F fn, TypedArgs<TYPE>& a) {
  fn(e.me, pick<DS>(a.dst, a.dv), pick<SS>(a.src, a.sv), UPC_ADD, e.l2, e.l1, e.s1, a.nchunks, a.blk, a.blk, nullptr,
     kSync);
}
template <bool DS, bool SS, class F, class TYPE>
void invoke_reduce_team(Env& e, F fn, TypedArgs<TYPE>& a) {
  if (e.team) fn(e.me, pick<DS>(a.dst, a.dv), pick<SS>(a.src, a.sv), UPC_ADD, a.nelems, a.blk, nullptr, e.team, kSync);
}

/// Inclusive prefix sums.
std::vector<long double> prefix_sums(const std::vector<long double>& in) {
  std::vector<long double> out(in.size());
  long double acc = 0;
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = acc += in[i];
  return out;
}

/// The input order of a `shared [blk] TYPE [N]` source: index order when shared, thread by
/// thread (each thread's elements in local order) when private.
template <class TYPE>
std::vector<long double> input_order(const pg::BlockCyclicLayout& layout, bool shared, int members) {
  std::vector<long double> seq;
  if (shared) {
    for (std::size_t g = 0; g < layout.size(); ++g) seq.push_back(datum<TYPE>(g));
  } else {
    for (int u = 0; u < members; ++u)
      for (std::size_t l = 0; l < layout.local_size(u); ++l) seq.push_back(datum<TYPE>(layout.global_index(u, l)));
  }
  return seq;
}

/// Fills the caller's elements of `layout` (as member `member`) in the source region and in a.sv.
template <class TYPE>
void fill_source(Env& e, TypedArgs<TYPE>& a, const pg::BlockCyclicLayout& layout, int member) {
  a.sv.assign(layout.local_size(member), TYPE{});
  for (std::size_t l = 0; l < a.sv.size(); ++l) {
    a.sv[l] = datum<TYPE>(layout.global_index(member, l));
    e.a.write<TYPE>(l * sizeof(TYPE), a.sv[l]);
  }
}

template <class TYPE>
void check_reduce_in_place(Env& e, TypedRow row, bool rooted, const Invoke<TYPE>& invoke) {
  e.begin();
  const int T = e.T, me = e.t;
  TypedArgs<TYPE> a(e);
  a.nelems = 3 * static_cast<std::size_t>(T) + 1;
  a.blk = 2;
  a.root = rooted ? T - 1 : 0;
  a.src = e.a.at(0);
  pg::BlockCyclicLayout layout(a.nelems, a.blk, T);
  fill_source(e, a, layout, me);
  invoke(a);
  const bool shared = row.ds;
  auto got = [&](std::size_t l) { return shared ? e.a.read<TYPE>(me, l * sizeof(TYPE)) : a.sv[l]; };
  auto sums = prefix_sums(input_order<TYPE>(layout, shared, T));
  auto total = static_cast<TYPE>(sums.back());
  if (row.call == R::reduce) {
    auto where = place(a.blk, 0, static_cast<std::size_t>(a.root) * a.blk, T);  // buffer[root * blk_size]
    if (shared ? me == where.thread : me == a.root) {
      EXPECT_EQ(got(shared ? where.index : 0), total);
    }
  } else if (row.call == R::allreduce) {
    EXPECT_EQ(got(0), total);  // buffer[me * blk_size]: my first element
  } else {
    std::size_t before = 0;
    for (int u = 0; u < me; ++u) before += layout.local_size(u);
    for (std::size_t l = 0; l < a.sv.size(); ++l) {
      auto at = shared ? layout.global_index(me, l) : before + l;
      EXPECT_EQ(got(l), static_cast<TYPE>(sums[at])) << "element " << l;
    }
  }
}

template <class TYPE>
void check_reduce(Env& e, TypedRow row, const Invoke<TYPE>& invoke) {
  e.begin();
  const int T = e.T, me = e.t, last = T - 1;
  TypedArgs<TYPE> a(e);
  a.nelems = 3 * static_cast<std::size_t>(T) + 1;
  a.blk = 2;
  pg::BlockCyclicLayout layout(a.nelems, a.blk, T);
  fill_source(e, a, layout, me);
  a.src = e.a.at(0);
  a.dst = e.b.at(row.call == R::reduce ? last : 0);
  a.dv.assign(row.call == R::prefix_reduce ? a.sv.size() : 1, TYPE{});
  invoke(a);
  auto got = [&](std::size_t l) { return row.ds ? e.b.read<TYPE>(me, l * sizeof(TYPE)) : a.dv[l]; };
  auto sums = prefix_sums(input_order<TYPE>(layout, row.ss, T));
  auto total = static_cast<TYPE>(sums.back());
  if (row.call == R::reduce) {
    if (me == (row.ds ? last : 0)) {
      EXPECT_EQ(got(0), total);
    }
  } else if (row.call == R::allreduce) {
    EXPECT_EQ(got(0), total);  // shared: &(dst+me), on thread me
  } else {
    std::size_t before = 0;
    for (int u = 0; u < me; ++u) before += layout.local_size(u);
    for (std::size_t l = 0; l < a.sv.size(); ++l) {
      // a shared dst holds result i at index i; a private one the results of my own inputs
      std::size_t at = row.ds || row.ss ? layout.global_index(me, l) : before + l;
      EXPECT_EQ(got(l), static_cast<TYPE>(sums[at])) << "element " << l;
    }
  }
}

/// The chunks of the vector-variant reductions: T + 1 chunks of 2 elements at 2k, in an array
/// `shared [3] TYPE [2T + 2]` (chunks cross block boundaries).
template <class TYPE>
pg::BlockCyclicLayout fill_vv(Env& e, TypedArgs<TYPE>& a) {
  a.nchunks = e.T + 1;
  a.blk = 3;
  pg::BlockCyclicLayout layout(2 * static_cast<std::size_t>(a.nchunks), a.blk, e.T);
  fill_source(e, a, layout, e.t);
  a.src = e.a.at(0);
  e.set(e.l1, a.nchunks, [](int k) { return 2 * k; });  // sdisp
  e.set(e.l2, a.nchunks, [](int k) { return 2 * k; });  // ddisp
  e.set(e.s1, a.nchunks, [](int) { return 2; });        // nelems
  return layout;
}

template <class TYPE>
void check_reduce_v(Env& e, TypedRow row, const Invoke<TYPE>& invoke) {
  e.begin();
  const int me = e.t, last = e.T - 1;
  TypedArgs<TYPE> a(e);
  auto layout = fill_vv(e, a);
  a.dst = e.b.at(row.call == R::reduce_v ? last : 0);
  a.dv.assign(1, TYPE{});
  invoke(a);
  auto total = static_cast<TYPE>(prefix_sums(input_order<TYPE>(layout, true, e.T)).back());
  auto got = row.ds ? e.b.read<TYPE>(me, 0) : a.dv[0];
  if (row.call == R::allreduce_v || me == (row.ds ? last : 0)) {
    EXPECT_EQ(got, total);
  }
}

template <class TYPE>
void check_prefix_reduce_v(Env& e, TypedRow row, const Invoke<TYPE>& invoke) {
  e.begin();
  const int me = e.t;
  TypedArgs<TYPE> a(e);
  auto layout = fill_vv(e, a);  // dst: `shared [3] TYPE [...]` too, ddisp = sdisp
  a.dst = e.b.at(0);
  a.dv.assign(layout.local_size(me), TYPE{});
  invoke(a);
  auto sums = prefix_sums(input_order<TYPE>(layout, true, e.T));  // the chunks are consecutive
  for (std::size_t l = 0; l < a.dv.size(); ++l) {
    auto got = row.ds ? e.b.read<TYPE>(me, l * sizeof(TYPE)) : a.dv[l];
    EXPECT_EQ(got, static_cast<TYPE>(sums[layout.global_index(me, l)])) << "element " << l;
  }
}

template <class TYPE>
void check_reduce_team(Env& e, TypedRow row, const Invoke<TYPE>& invoke) {
  e.begin();
  const int me = e.t, last = e.T - 1;
  const int nt = static_cast<int>(e.members.size());
  const bool member = static_cast<bool>(e.team);
  const int m = member ? e.team.rank() : 0;
  TypedArgs<TYPE> a(e);
  a.nelems = 2 * static_cast<std::size_t>(nt) + 1;
  a.blk = 2;
  pg::BlockCyclicLayout layout(a.nelems, a.blk, nt);  // over the members, in rank order
  if (member) fill_source(e, a, layout, m);
  a.src = e.a.at(0);
  a.dst = e.b.at(row.call == R::reduce ? last : 0);
  a.dv.assign(row.call == R::prefix_reduce ? a.sv.size() : 1, TYPE{});
  e.me.barrier();  // *dst may lie on a non-member, which cleared it
  invoke(a);       // members only
  e.me.barrier();
  auto sums = prefix_sums(input_order<TYPE>(layout, false, nt));  // member by member
  auto got = [&](std::size_t l) { return row.ds ? e.b.read<TYPE>(me, l * sizeof(TYPE)) : a.dv[l]; };
  if (row.call == R::reduce) {
    if (me == (row.ds ? last : e.members[0])) {
      EXPECT_EQ(got(0), static_cast<TYPE>(sums.back()));
    }
  } else if (row.call == R::allreduce) {
    if (member) {
      EXPECT_EQ(got(0), static_cast<TYPE>(sums.back()));
    }
  } else {
    std::size_t before = 0;
    for (int u = 0; u < m; ++u) before += layout.local_size(u);
    for (std::size_t l = 0; l < a.sv.size(); ++l)
      EXPECT_EQ(got(l), static_cast<TYPE>(sums[before + l])) << "element " << l;
  }
}

// ---- every row of one shape --------------------------------------------------------------------

#define K_S true
#define K_P false
#define K__ false
#define BLK_DS true, true
#define BLK_D true, false
#define BLK_S false, true
#define BLK_NONE false, false

/// Whether the typed names of C type `code` run at this thread count. The typed checks are most
/// of the collectives this binary runs, and a type changes nothing but the element size, so
/// every typed name runs once in a whole for_each_thread_count (the 11 types spread over the
/// thread counts); under mpirun (one thread count) the types of 1, 2, 8 and 16 bytes run.
constexpr const char* kTypeCodes[] = {"C", "UC", "S", "US", "I", "UI", "L", "UL", "F", "D", "LD"};
constexpr std::size_t kTypesUnderMpi[] = {0, 3, 7, 10};  // C, US, UL, LD

bool type_runs_here(const Env& e, const char* code) {
  auto type = static_cast<std::size_t>(
      std::find_if(std::begin(kTypeCodes), std::end(kTypeCodes), [&](const char* c) { return std::string(c) == code; }) -
      std::begin(kTypeCodes));
  auto counts = pgasmr::test::thread_counts();
  if (counts.size() == 1) return std::count(std::begin(kTypesUnderMpi), std::end(kTypesUnderMpi), type) > 0;
  auto config = static_cast<std::size_t>(
      std::find(counts.begin(), counts.end(), static_cast<std::size_t>(e.T)) - counts.begin());
  return type % counts.size() == config;
}

/// How many of the 11 typed names of a row run in a whole for_each_thread_count.
int types_called() {
  return pgasmr::test::thread_counts().size() == 1 ? static_cast<int>(std::size(kTypesUnderMpi)) : 11;
}

/// Runs the rows of `which`; the process's first thread records the names it called in `called`.
void run_rows(Env& e, Shape which, std::set<std::string>& called) {
#define ROW_IF(shape, runs, label, ...)                                                                 \
  if (which == Shape::shape && (runs)) {                                                                \
    SCOPED_TRACE(label);                                                                                \
    __VA_ARGS__;                                                                                        \
    if (e.me.local_thread() == 0) called.insert(label);                                                 \
  }
#define ROW(shape, label, ...) ROW_IF(shape, true, label, __VA_ARGS__)
#define ROW_IN_PLACE(name, call, dk, sk, ver, blk)                                                      \
  ROW(IN_PLACE, #name, check_in_place<M::call, K_##dk, V::ver>(e, &upc::name))
#define ROW_PERMUTE_IN_PLACE(name, call, dk, sk, ver, blk)                                              \
  ROW(PERMUTE_IN_PLACE, #name, check_in_place<M::permute, K_##dk, V::ver>(e, &upc::name))
#define ROW_MOVE(name, call, dk, sk, ver, blk) ROW(MOVE, #name, check_move<M::call, K_##dk, K_##sk>(e, &upc::name))
#define ROW_PERMUTE(name, call, dk, sk, ver, blk)                                                       \
  ROW(PERMUTE, #name, check_move<M::permute, K_##dk, K_##sk>(e, &upc::name))
#define ROW_TEAM(name, call, dk, sk, ver, blk)                                                          \
  ROW(TEAM, #name, check_team<M::call, K_##dk, K_##sk, V::ver>(e, &upc::name))
#define ROW_PERMUTE_TEAM(name, call, dk, sk, ver, blk)                                                  \
  ROW(PERMUTE_TEAM, #name, check_team<M::permute, K_##dk, K_##sk, V::ver>(e, &upc::name))
#define ROW_V(shape, checker, name, dk, sk, ver, blk)                                                   \
  ROW(shape, #name, checker<K_##dk, K_##sk, V::ver, BLK_##blk>(e, &upc::name))
#define ROW_BROADCAST_V(name, call, dk, sk, ver, blk) ROW_V(BROADCAST_V, check_broadcast_v, name, dk, sk, ver, blk)
#define ROW_SCATTER_V(name, call, dk, sk, ver, blk) ROW_V(SCATTER_V, check_scatter_v, name, dk, sk, ver, blk)
#define ROW_GATHER_V(name, call, dk, sk, ver, blk) ROW_V(GATHER_V, check_gather_v, name, dk, sk, ver, blk)
#define ROW_ALLGATHER_V(name, call, dk, sk, ver, blk) ROW_V(ALLGATHER_V, check_allgather_v, name, dk, sk, ver, blk)
#define ROW_EXCHANGE_V(name, call, dk, sk, ver, blk) ROW_V(EXCHANGE_V, check_exchange_v, name, dk, sk, ver, blk)
#define ROW_PERMUTE_V(name, call, dk, sk, ver, blk) ROW_V(PERMUTE_V, check_permute_v, name, dk, sk, ver, blk)
#define ROW_VECTOR_COPY(name, call, dk, sk, ver, blk) ROW_V(VECTOR_COPY, check_vector_copy, name, dk, sk, ver, blk)
#define ROW_T(shape, checker, invoker, T, TYPE, prefix, suffix, call, dk, sk)                           \
  ROW_IF(shape, type_runs_here(e, #T), #prefix #T #suffix,                                              \
      checker<TYPE>(e, {R::call, K_##dk, K_##sk},                                                       \
                    [&](TypedArgs<TYPE>& a) { invoker<K_##dk, K_##sk>(e, &upc::prefix##T##suffix, a); }))
#define ROW_T_REDUCE_IN_PLACE(T, TYPE, prefix, suffix, call, dk, sk, ver)                               \
  ROW_IF(REDUCE_IN_PLACE, type_runs_here(e, #T), #prefix #T #suffix,                                    \
      check_reduce_in_place<TYPE>(e, {R::call, K_##dk, K_##dk}, V::ver == V::ROOTED, [&](TypedArgs<TYPE>& a) { \
        invoke_in_place<K_##dk, V::ver>(e, &upc::prefix##T##suffix, a);                                 \
      }))
#define ROW_T_REDUCE(T, TYPE, prefix, suffix, call, dk, sk, ver) \
  ROW_T(REDUCE, check_reduce, invoke_reduce, T, TYPE, prefix, suffix, call, dk, sk)
#define ROW_T_REDUCE_V(T, TYPE, prefix, suffix, call, dk, sk, ver) \
  ROW_T(REDUCE_V, check_reduce_v, invoke_reduce_v, T, TYPE, prefix, suffix, call, dk, sk)
#define ROW_T_PREFIX_REDUCE_V(T, TYPE, prefix, suffix, call, dk, sk, ver) \
  ROW_T(PREFIX_REDUCE_V, check_prefix_reduce_v, invoke_prefix_reduce_v, T, TYPE, prefix, suffix, call, dk, sk)
#define ROW_T_REDUCE_TEAM(T, TYPE, prefix, suffix, call, dk, sk, ver) \
  ROW_T(REDUCE_TEAM, check_reduce_team, invoke_reduce_team, T, TYPE, prefix, suffix, call, dk, sk)
#define PGASMR_UPC(shape, ...) ROW_##shape(__VA_ARGS__)
#define PGASMR_UPC_X(shape, ...) ROW_##shape(__VA_ARGS__)
#define PGASMR_UPC_T(shape, ...) PGASMR_UPC_TYPES(ROW_T_##shape, __VA_ARGS__)
#define PGASMR_UPC_X_T(shape, ...) PGASMR_UPC_TYPES(ROW_T_##shape, __VA_ARGS__)
#include <pgasmr/collectives/detail/upc_names.def>
#undef PGASMR_UPC
#undef PGASMR_UPC_X
#undef PGASMR_UPC_T
#undef PGASMR_UPC_X_T
}

/// How many names of `which` the table has (`typed`: of each typed row).
int names_of(Shape which, int typed = 11) {
  int n = 0;
#define PGASMR_UPC(shape, ...) n += which == Shape::shape ? 1 : 0;
#define PGASMR_UPC_X(shape, ...) n += which == Shape::shape ? 1 : 0;
#define PGASMR_UPC_T(shape, ...) n += which == Shape::shape ? typed : 0;
#define PGASMR_UPC_X_T(shape, ...) n += which == Shape::shape ? typed : 0;
#include <pgasmr/collectives/detail/upc_names.def>
#undef PGASMR_UPC
#undef PGASMR_UPC_X
#undef PGASMR_UPC_T
#undef PGASMR_UPC_X_T
  return n;
}

const char* shape_name(Shape s) {
  switch (s) {
#define CASE(x) \
  case Shape::x: return #x;
    CASE(IN_PLACE) CASE(PERMUTE_IN_PLACE) CASE(MOVE) CASE(PERMUTE) CASE(TEAM) CASE(PERMUTE_TEAM) CASE(BROADCAST_V)
    CASE(SCATTER_V) CASE(GATHER_V) CASE(ALLGATHER_V) CASE(EXCHANGE_V) CASE(PERMUTE_V) CASE(VECTOR_COPY)
    CASE(REDUCE_IN_PLACE) CASE(REDUCE) CASE(REDUCE_V) CASE(PREFIX_REDUCE_V) CASE(REDUCE_TEAM)
#undef CASE
  }
  return "?";
}

void PrintTo(Shape s, std::ostream* os) { *os << shape_name(s); }

class UpcCompatNames : public ::testing::TestWithParam<Shape> {};

TEST_P(UpcCompatNames, every_name_of_the_shape_is_called_and_checked) {
  auto which = GetParam();
  std::set<std::string> called;
  pgasmr::test::for_each_thread_count([&](pg::Context& me) {
    Env e(me);
    run_rows(e, which, called);
  });
  EXPECT_GT(names_of(which), 0);
  EXPECT_EQ(static_cast<int>(called.size()), names_of(which, types_called()))
      << "some names of the shape were not called";
}

INSTANTIATE_TEST_SUITE_P(Shapes, UpcCompatNames,
                         ::testing::Values(Shape::IN_PLACE, Shape::PERMUTE_IN_PLACE, Shape::MOVE, Shape::PERMUTE,
                                           Shape::TEAM, Shape::PERMUTE_TEAM, Shape::BROADCAST_V, Shape::SCATTER_V,
                                           Shape::GATHER_V, Shape::ALLGATHER_V, Shape::EXCHANGE_V, Shape::PERMUTE_V,
                                           Shape::VECTOR_COPY, Shape::REDUCE_IN_PLACE, Shape::REDUCE, Shape::REDUCE_V,
                                           Shape::PREFIX_REDUCE_V, Shape::REDUCE_TEAM),
                         [](const ::testing::TestParamInfo<Shape>& shape) { return std::string(shape_name(shape.param)); });

// ---- flags, operators, errors and the thesis's own examples ---------------------------------------

TEST(UpcCompat, sync_flags_map_to_the_cpp_modes) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    using namespace pgasmr::coll::upc;
    const int T = me.threads(), t = me.thread();
    std::vector<int> src(2, 0), dst(2, -1);
    if (t == 0) src = {5, 6};
    for (auto flags : {UPC_IN_NOSYNC | UPC_OUT_NOSYNC, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_ALLSYNC | UPC_OUT_MYSYNC,
                       upc_flag_t{}}) {
      std::fill(dst.begin(), dst.end(), -1);
      upc_all_broadcast_priv(me, dst, src, 2 * sizeof(int), flags);
      EXPECT_EQ(dst, (std::vector<int>{5, 6}));
    }
    // IN_NOSYNC: the caller makes the shared source ready itself
    pg::shared_array<int> a(me, 2 * static_cast<std::size_t>(T), 2);
    a.local()[0] = t;
    a.local()[1] = 10 * t;
    me.barrier();
    std::vector<int> all(2 * static_cast<std::size_t>(T), -1);
    upc_all_gather_all_get(me, all, a, 2 * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    for (int u = 0; u < T; ++u) {
      EXPECT_EQ(all[2 * static_cast<std::size_t>(u)], u);
      EXPECT_EQ(all[2 * static_cast<std::size_t>(u) + 1], 10 * u);
    }
  });
}

long concat(long a, long b) { return a * 10 + b; }  // not commutative

TEST(UpcCompat, every_operator_and_the_input_order) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    using namespace pgasmr::coll::upc;
    const int T = me.threads(), t = me.thread();
    auto n = static_cast<std::size_t>(T);
    std::vector<int> mine{t + 1}, out(1);
    auto all_i = [&](upc_op_t op, int (*func)(int, int) = nullptr) {
      upc_all_reduceI_all_priv(me, out, mine, op, n, 1, func, kSync);
      return out[0];
    };
    int sum = 0, product = 1, bit_and = ~0, bit_or = 0, bit_xor = 0;
    for (int v = 1; v <= T; ++v) {
      sum += v;
      product *= v;
      bit_and &= v;
      bit_or |= v;
      bit_xor ^= v;
    }
    EXPECT_EQ(all_i(UPC_ADD), sum);
    EXPECT_EQ(all_i(UPC_MULT), product);
    EXPECT_EQ(all_i(UPC_AND), bit_and);
    EXPECT_EQ(all_i(UPC_OR), bit_or);
    EXPECT_EQ(all_i(UPC_XOR), bit_xor);
    EXPECT_EQ(all_i(UPC_LOGAND), 1);
    EXPECT_EQ(all_i(UPC_LOGOR), 1);
    EXPECT_EQ(all_i(UPC_MIN), 1);
    EXPECT_EQ(all_i(UPC_MAX), T);
    EXPECT_EQ(all_i(UPC_FUNC, [](int a, int b) { return a + b; }), sum);
    std::vector<double> half{0.5 * (t + 1)}, result(1);
    upc_all_reduceD_all_priv(me, result, half, UPC_MAX, n, 1, nullptr, kSync);
    EXPECT_EQ(result[0], 0.5 * T);
    upc_all_reduceD_all_priv(me, result, half, UPC_ADD, n, 1, nullptr, kSync);
    EXPECT_EQ(result[0], 0.5 * sum);

    // UPC_NONCOMM_FUNC: thread order for private sources, index order for shared ones, chunk
    // order for the _v forms (here the chunks list the threads' elements backwards)
    long digits = 0, backwards = 0;
    for (int v = 1; v <= T; ++v) digits = digits * 10 + v;
    for (int v = T; v >= 1; --v) backwards = backwards * 10 + v;
    std::vector<long> lmine{t + 1}, lout(1);
    upc_all_reduceL_all_priv(me, lout, lmine, UPC_NONCOMM_FUNC, n, 1, concat, kSync);
    EXPECT_EQ(lout[0], digits);
    pg::shared_array<long> values(me, n, 1);
    values.local()[0] = t + 1;
    upc_all_reduceL_all_get(me, lout, values, UPC_NONCOMM_FUNC, n, 1, concat, kSync);
    EXPECT_EQ(lout[0], digits);
    pg::shared_array<int> sdisp(me, n, 1);
    pg::shared_array<std::size_t> nelems(me, n, 1);
    sdisp.local()[0] = T - 1 - t;  // chunk k is element T - 1 - k
    nelems.local()[0] = 1;
    upc_all_reduceL_all_v_priv(me, lout, lmine, UPC_NONCOMM_FUNC, sdisp, nelems, T, 1, concat, kSync);
    EXPECT_EQ(lout[0], backwards);
    upc_all_reduceL_all_v_get(me, lout, values, UPC_NONCOMM_FUNC, sdisp, nelems, T, 1, concat, kSync);
    EXPECT_EQ(lout[0], backwards);
  });
}

TEST(UpcCompat, exchange_v_merge_without_disp_packs_from_the_block_start) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    using namespace pgasmr::coll::upc;
    const int T = me.threads(), t = me.thread();
    auto n = static_cast<std::size_t>(T);
    // every thread sends one int to every thread; thread q's block receives them in order
    pg::shared_array<int> src(me, n * n, n), dst(me, n * n, n), exchange(me, n * n, 1);
    pg::shared_array<std::size_t> nelems(me, n * n, 1);
    for (std::size_t q = 0; q < n; ++q) src.local()[q] = t * 100 + static_cast<int>(q);
    std::fill(dst.local().begin(), dst.local().end(), -1);
    if (t == 0)
      for (std::size_t i = 0; i < n * n; ++i) {
        exchange.put(i, static_cast<int>(i));  // row r: r*T + q, absolute in `shared [T] int`
        nelems.put(i, 1);
      }
    upc_all_exchange_v_merge(me, dst, src, exchange, nelems, n, n, sizeof(int), nullptr, kSync);
    for (std::size_t r = 0; r < n; ++r) EXPECT_EQ(dst.local()[r], static_cast<int>(r) * 100 + t);
  });
}

TEST(UpcCompat, thesis_examples) {
  pgasmr::test::for_each_thread_count([](pg::Context& me) {
    using namespace pgasmr::coll::upc;
    const int T = me.threads(), t = me.thread();
    auto n = static_cast<std::size_t>(T);
    // List. 3.11: two disjoint teams reduce their hits with upc_all_reduceI_all_team(global_hits,
    // local_hits, UPC_ADD, nth, 1, NULL, t, sync_mode) on `shared int x[THREADS]` arrays
    pg::shared_array<int> global_hits(me, n, 1), local_hits(me, n, 1);
    local_hits.local()[0] = t + 1;
    global_hits.local()[0] = -1;
    pg::Team team = me.world().split(t % 2, t);
    upc_all_reduceI_all_team(me, global_hits, local_hits, UPC_ADD, static_cast<std::size_t>(team.size()), 1, nullptr,
                             team, kSync);
    me.barrier();
    int team_sum = 0;
    for (int u = t % 2; u < T; u += 2) team_sum += u + 1;
    EXPECT_EQ(global_hits.local()[0], team_sum);

    // A.1.7: upc_all_reduceI_in_place(A, UPC_ADD, NELEMS*THREADS, THREADS, NULL, ...) on
    // `shared [NELEMS] int A[NELEMS*THREADS]`: the array seen with block THREADS
    constexpr std::size_t NELEMS = 24;
    pg::shared_array<int> A(me, NELEMS * n, NELEMS);
    for (std::size_t i = 0; i < NELEMS; ++i) A.local()[i] = static_cast<int>(t * NELEMS + i);
    upc_all_reduceI_in_place(me, A, UPC_ADD, NELEMS * n, n, nullptr, kSync);
    if (t == 0) {
      EXPECT_EQ(A.local()[0], static_cast<int>(NELEMS * n * (NELEMS * n - 1) / 2));
    }

    // A.2.1: upc_all_broadcast_v(B, &A[NELEMS+1], ddisp, 3, NELEMS, sizeof(int), ...) with
    // ddisp[MYTHREAD] = MYTHREAD*NELEMS + (MYTHREAD % (NELEMS/2)), NELEMS 10, A[i] = i
    if (T < 2) return;  // &A[NELEMS+1] lies on thread 1
    constexpr std::size_t TEN = 10;
    pg::shared_array<int> a(me, TEN * n, TEN), b(me, TEN * n, TEN), ddisp(me, n, 1);
    for (std::size_t i = 0; i < TEN; ++i) {
      a.local()[i] = static_cast<int>(t * TEN + i);
      b.local()[i] = -1;
    }
    ddisp.local()[0] = static_cast<int>(t * TEN + t % (TEN / 2));
    upc_all_broadcast_v(me, b, a.subspan(TEN + 1, TEN - 1), ddisp, 3, TEN, sizeof(int), kSync);
    for (std::size_t i = 0; i < TEN; ++i) {
      auto at = static_cast<std::size_t>(t % 5);
      EXPECT_EQ(b.local()[i], i >= at && i < at + 3 ? static_cast<int>(TEN + 1 + i - at) : -1) << i;
    }
  });
}

TEST(UpcCompat, refuses_what_the_thesis_leaves_undefined) {
  if (pgasmr::test::under_mpi()) GTEST_SKIP() << "a refused argument fails the whole job under mpirun";
  using namespace pgasmr::coll::upc;
  auto refused = [](const std::function<void(pg::Context&)>& body, const char* needle) {
    pgasmr::test::expect_error([&] { pgasmr::test::run_spmd(2, body); }, needle);
  };
  refused(
      [](pg::Context& me) {
        std::vector<int> v(1);
        upc_all_broadcast_priv(me, v, v, sizeof(int), UPC_IN_NOSYNC | UPC_IN_MYSYNC);
      },
      "several UPC_IN_");
  refused(
      [](pg::Context& me) {
        std::vector<double> v(1);
        upc_all_reduceD_all_priv(me, v, v, UPC_AND, 2, 1, nullptr, kSync);
      },
      "floating point");
  refused(
      [](pg::Context& me) {
        std::vector<int> v(1);
        upc_all_reduceI_all_priv(me, v, v, UPC_FUNC, 2, 1, nullptr, kSync);
      },
      "need func");
  refused(
      [](pg::Context& me) {
        std::vector<int> v(3);
        upc_all_scatter_team_priv(me, v, v, 3, me.world(), kSync);  // 3 bytes among 2 members
      },
      "not a multiple");
  refused(
      [](pg::Context& me) {
        pg::shared_array<int> one_each(me, 2, 1);  // 4 bytes per thread
        upc_all_broadcast_in_place(me, one_each, 2 * sizeof(int), kSync);
      },
      "runs past the end");
}

}  // namespace
