#pragma once
/// @file
/// The UPC names of the extended collectives (Teijeiro's thesis, Appendix A) as thin forwards
/// to the C++ API: upc_all_broadcast_in_place, upc_all_gather_all_v_priv,
/// upc_all_reduceD_all_priv, ... Every name is generated from one table,
/// detail/upc_names.def; docs/collectives.md maps each of them to its C++ call and lists the
/// readings chosen where the thesis is vague or inconsistent. Not included by
/// <pgasmr/collectives.hpp>.
///
/// The translation of a UPC prototype:
///  - every function takes the calling thread's pg::Context first (there is no MYTHREAD);
///  - `shared void *` is upc::shared_void (`shared const void *`: shared_const_void), made from
///    any pg::shared_span or pg::shared_array: the argument points at the view's first
///    element, and the function lays the memory out as the thesis says (e.g. `shared [nbytes]
///    char [nbytes*THREADS]`), whatever the array's own block size, as a UPC cast would;
///  - `void *` is upc::priv_void (`const void *`: priv_const_void), made from a std::span or a
///    std::vector of any trivially copyable type, which also tells the size;
///  - `shared int *` / `shared size_t *` parameter arrays are upc::shared_ints / shared_sizes
///    (a pg::shared_span or pg::shared_array of int / std::size_t; entry i is element i of the
///    view), the `_privparam` private arrays std::span<const int> / std::span<const size_t>;
///  - `team t` is a pg::Team&, `upc_flag_t` and `upc_op_t` are the types below.
/// Parameter order and names are the thesis's otherwise.

#include <algorithm>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <pgasmr/collectives/allgather.hpp>
#include <pgasmr/collectives/broadcast.hpp>
#include <pgasmr/collectives/exchange.hpp>
#include <pgasmr/collectives/gather.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/permute.hpp>
#include <pgasmr/collectives/prefix_reduce.hpp>
#include <pgasmr/collectives/reduce.hpp>
#include <pgasmr/collectives/scatter.hpp>
#include <pgasmr/collectives/vector_copy.hpp>
#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/rma.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/shared_span.hpp>
#include <pgasmr/pgas/team.hpp>

namespace pgasmr::coll::upc {

namespace pg = pgasmr::pgas;

// The argument conversions are compiled once, not inlined into each of the 726 forwards.
#define PGASMR_UPC_NOINLINE [[gnu::noinline]]

// ---- upc_flag_t, upc_op_t -------------------------------------------------------------------

/// UPC's synchronisation flags: at most one UPC_IN_* and one UPC_OUT_* flag, combined with |.
/// A missing half means ALLSYNC (as in UPC). They map to coll::Sync: IN_NOSYNC -> InSync::none,
/// IN_MYSYNC -> InSync::my, IN_ALLSYNC -> InSync::all, and the same for OUT.
struct upc_flag_t {
  unsigned bits = 0;
  friend constexpr upc_flag_t operator|(upc_flag_t a, upc_flag_t b) noexcept { return {a.bits | b.bits}; }
  friend constexpr bool operator==(upc_flag_t, upc_flag_t) = default;
};
inline constexpr upc_flag_t UPC_IN_NOSYNC{1u << 0};
inline constexpr upc_flag_t UPC_IN_MYSYNC{1u << 1};
inline constexpr upc_flag_t UPC_IN_ALLSYNC{1u << 2};
inline constexpr upc_flag_t UPC_OUT_NOSYNC{1u << 3};
inline constexpr upc_flag_t UPC_OUT_MYSYNC{1u << 4};
inline constexpr upc_flag_t UPC_OUT_ALLSYNC{1u << 5};

/// UPC's reduction operators. UPC_ADD ... UPC_MAX are coll::op::add ... coll::op::max,
/// UPC_FUNC and UPC_NONCOMM_FUNC the `func` argument. Every operator is combined in input order
/// (right for commutative and non-commutative ones alike). UPC_AND, UPC_OR and UPC_XOR are
/// refused for F, D and LD (the thesis: "undefined for floating point numbers").
enum upc_op_t : unsigned {
  UPC_ADD,
  UPC_MULT,
  UPC_AND,
  UPC_OR,
  UPC_XOR,
  UPC_LOGAND,
  UPC_LOGOR,
  UPC_MIN,
  UPC_MAX,
  UPC_FUNC,
  UPC_NONCOMM_FUNC,
};

/// The thesis's switch for its "same number of chunks per thread" algorithm: pass nchunks *
/// UPC_EXTCOLLS_VV_CHUNKS to vector_copy, reduce_v, ... pgasmr accepts it and divides it out
/// (it has one algorithm for every chunk list).
inline constexpr int UPC_EXTCOLLS_VV_CHUNKS = 1 << 20;

// ---- argument types ------------------------------------------------------------------------

namespace impl {
/// Where a shared argument points: its first element's thread and byte offset, and the end
/// (byte offset) of its array's part on every thread, which no layout may cross.
struct SharedAddress {
  pg::thread_id thread = 0;
  std::size_t offset = 0;
  std::size_t limit = 0;
};

template <class T>
SharedAddress address_of(const pg::shared_span<T>& s) {
  const auto& layout = s.layout();
  if (s.start() >= layout.size()) throw_error("upc shared argument", "the view starts past the end of its array");
  auto element = sizeof(std::remove_const_t<T>);
  return {layout.owner(s.start()), s.base().offset() + layout.local_index(s.start()) * element,
          s.base().offset() + layout.local_capacity() * element};
}
}  // namespace impl

/// UPC's `shared void *`: the first element of a shared view (or array) of any element type.
class shared_void {
 public:
  template <class T>
    requires(!std::is_const_v<T>)
  shared_void(const pg::shared_span<T>& s) : where_(impl::address_of(s)) {}
  template <class T>
  shared_void(const pg::shared_array<T>& a) : shared_void(a.span()) {}
  const impl::SharedAddress& where() const noexcept { return where_; }

 private:
  impl::SharedAddress where_;
};

/// UPC's `shared const void *`.
class shared_const_void {
 public:
  template <class T>
  shared_const_void(const pg::shared_span<T>& s) : where_(impl::address_of(s)) {}
  template <class T>
  shared_const_void(const pg::shared_array<T>& a) : shared_const_void(a.span()) {}
  shared_const_void(const shared_void& v) : where_(v.where()) {}
  const impl::SharedAddress& where() const noexcept { return where_; }

 private:
  impl::SharedAddress where_;
};

/// UPC's private `void *`: the calling thread's own memory, with its size.
class priv_void {
 public:
  template <class T>
    requires(!std::is_const_v<T> && pg::transferable<T>)
  priv_void(std::span<T> s) : bytes_(std::as_writable_bytes(s)) {}
  template <class T>
  priv_void(std::vector<T>& v) : priv_void(std::span<T>(v)) {}
  std::span<std::byte> bytes() const noexcept { return bytes_; }

 private:
  std::span<std::byte> bytes_;
};

/// UPC's private `const void *`.
class priv_const_void {
 public:
  template <class T>
    requires pg::transferable<std::remove_const_t<T>>
  priv_const_void(std::span<T> s) : bytes_(std::as_bytes(s)) {}
  template <class T>
  priv_const_void(const std::vector<T>& v) : priv_const_void(std::span<const T>(v)) {}
  priv_const_void(const priv_void& p) : bytes_(p.bytes()) {}
  std::span<const std::byte> bytes() const noexcept { return bytes_; }

 private:
  std::span<const std::byte> bytes_;
};

/// A `shared int *` / `shared size_t *` parameter array (or NULL, where the thesis allows it):
/// entry i is element i of the view. The collective reads it after its in-synchronisation.
template <class T>
class shared_list {
 public:
  shared_list(std::nullptr_t) {}
  template <class U>
    requires std::same_as<std::remove_const_t<U>, T>
  shared_list(const pg::shared_span<U>& s) : view_(pg::shared_span<const T>(s)) {}
  shared_list(const pg::shared_array<T>& a) : view_(pg::shared_span<const T>(a.span())) {}
  bool is_null() const noexcept { return !view_.has_value(); }
  const std::optional<pg::shared_span<const T>>& view() const noexcept { return view_; }

 private:
  std::optional<pg::shared_span<const T>> view_;
};
using shared_ints = shared_list<int>;
using shared_sizes = shared_list<std::size_t>;

// ---- the implementation of the forwards -------------------------------------------------------

namespace impl {

enum class Move : std::uint8_t { broadcast, scatter, gather, allgather, exchange, permute };
enum class Reduction : std::uint8_t { reduce, allreduce, prefix_reduce, reduce_v, allreduce_v, prefix_reduce_v };

/// Which block sizes a vector-variant prototype has (`dst_blk`, `src_blk`, or their _raw
/// forms), and their values.
struct Blocks {
  std::size_t dst = 0;
  std::size_t src = 0;
  bool has_dst = false;
  bool has_src = false;
};

template <class B>
inline constexpr bool is_shared = std::is_same_v<B, shared_void> || std::is_same_v<B, shared_const_void>;

/// One call of a UPC name: its options, and the conversions of its arguments.
class Call {
 public:
  PGASMR_UPC_NOINLINE Call(pg::Context& me, const char* name, upc_flag_t flags, pg::Team* team = nullptr,
       Addressing addressing = Addressing::team_ranks)
      : me_(me), name_(name) {
    options_.team = team;
    options_.addressing = addressing;
    constexpr unsigned in_bits = UPC_IN_NOSYNC.bits | UPC_IN_MYSYNC.bits | UPC_IN_ALLSYNC.bits;
    constexpr unsigned out_bits = UPC_OUT_NOSYNC.bits | UPC_OUT_MYSYNC.bits | UPC_OUT_ALLSYNC.bits;
    if ((flags.bits & ~(in_bits | out_bits)) != 0) fail("sync_mode has unknown bits");
    if (std::popcount(flags.bits & in_bits) > 1) fail("sync_mode combines several UPC_IN_* flags");
    if (std::popcount(flags.bits & out_bits) > 1) fail("sync_mode combines several UPC_OUT_* flags");
    if (flags.bits & UPC_IN_NOSYNC.bits) options_.sync.in = InSync::none;
    if (flags.bits & UPC_IN_MYSYNC.bits) options_.sync.in = InSync::my;
    if (flags.bits & UPC_OUT_NOSYNC.bits) options_.sync.out = OutSync::none;
    if (flags.bits & UPC_OUT_MYSYNC.bits) options_.sync.out = OutSync::my;
  }

  pg::Context& me() const noexcept { return me_; }
  Options& options() noexcept { return options_; }
  std::size_t threads() const noexcept { return static_cast<std::size_t>(me_.threads()); }
  std::size_t thread() const noexcept { return static_cast<std::size_t>(me_.thread()); }

  [[noreturn]] void fail(const std::string& cause) const { coll::detail::refuse(me_, options_, name_, cause); }

  /// The in-synchronisation, now: before reading shared parameter arrays, or shared memory as
  /// the members' private memory. The C++ call that follows then need not synchronise again.
  void synchronise_in() {
    if (options_.sync.in == InSync::none) return;
    if (options_.team)
      options_.team->barrier();
    else
      me_.barrier();
    options_.sync.in = InSync::none;
  }
  void synchronise_out() {
    if (options_.sync.out != OutSync::all) return;
    if (options_.team)
      options_.team->barrier();
    else
      me_.barrier();
  }

  // -- shared arguments laid out as the thesis says

  /// The shared argument as UPC's `(shared [block] T *) a` viewing `size` elements: element k
  /// lives on thread (t0 + k / block) % THREADS, row (t0 + k / block) / THREADS of that
  /// thread's part, at the argument's offset, where t0 is the argument's thread (the cast's
  /// phase is 0). Block 0 is UPC's indefinite block: every element on t0.
  template <class T>
  PGASMR_UPC_NOINLINE pg::shared_span<T> laid_out(const SharedAddress& a, std::size_t block, std::size_t size) const {
    std::size_t b = block == 0 ? std::max<std::size_t>(size, 1) : block;
    std::size_t start = static_cast<std::size_t>(a.thread) * b;
    pg::BlockCyclicLayout layout(start + size, b, me_.threads());
    if (a.offset + layout.local_capacity() * sizeof(T) > a.limit)
      fail("a shared argument laid out as `shared [" + std::to_string(block * sizeof(T)) + "] char [" +
           std::to_string(size * sizeof(T)) + "]` runs past the end of its array");
    return {pg::global_ptr<T>(0, a.offset), layout, start, size};
  }
  /// The calling member's own part of a shared argument in a team layout: `count` elements at
  /// the argument's offset on the caller's own thread.
  template <class T>
  PGASMR_UPC_NOINLINE std::span<T> own_part(const SharedAddress& a, std::size_t count) const {
    if (a.offset + count * sizeof(T) > a.limit)
      fail("the calling member's part of a shared argument (" + std::to_string(count * sizeof(T)) +
           " bytes) runs past the end of its array");
    auto* data = pg::global_ptr<T>(me_.thread(), a.offset).local(me_);
    if (reinterpret_cast<std::uintptr_t>(data) % alignof(T) != 0) fail("a shared argument is misaligned for its type");
    return {data, count};
  }
  /// The calling thread's block of a view laid out one block of `block` elements per thread.
  PGASMR_UPC_NOINLINE std::span<std::byte> own_block(const pg::shared_span<std::byte>& view, std::size_t block) const {
    if (block == 0) return {};
    auto first = view.layout().owner(view.start());
    auto index = static_cast<std::size_t>((me_.thread() - first + me_.threads()) % me_.threads()) * block;
    return {view.ptr(index).local(me_), block};
  }

  // -- the buffers of the data-movement collectives, in bytes

  pg::shared_span<std::byte> bytes(const shared_void& a, std::size_t block, std::size_t size) const {
    return laid_out<std::byte>(a.where(), block, size);
  }
  pg::shared_span<const std::byte> bytes(const shared_const_void& a, std::size_t block, std::size_t size) const {
    return laid_out<const std::byte>(a.where(), block, size);
  }
  std::span<std::byte> bytes(const priv_void& p, std::size_t, std::size_t) const { return p.bytes(); }
  std::span<const std::byte> bytes(const priv_const_void& p, std::size_t, std::size_t) const { return p.bytes(); }

  /// A member's own block in a team collective: its part of a shared argument, or its private buffer.
  std::span<std::byte> member_part(const shared_void& a, std::size_t size) const {
    return own_part<std::byte>(a.where(), size);
  }
  std::span<const std::byte> member_part(const shared_const_void& a, std::size_t size) const {
    return own_part<const std::byte>(a.where(), size);
  }
  std::span<std::byte> member_part(const priv_void& p, std::size_t) const { return p.bytes(); }
  std::span<const std::byte> member_part(const priv_const_void& p, std::size_t) const { return p.bytes(); }

  // -- typed buffers of the reductions

  template <class T>
  pg::shared_span<T> typed(const shared_void& a, std::size_t block, std::size_t size) const {
    return laid_out<T>(a.where(), block, size);
  }
  template <class T>
  pg::shared_span<const T> typed(const shared_const_void& a, std::size_t block, std::size_t size) const {
    return laid_out<const T>(a.where(), block, size);
  }
  template <class T>
  std::span<T> typed(const priv_void& p) const {
    return typed_bytes<T>(p.bytes());
  }
  template <class T>
  std::span<const T> typed(const priv_const_void& p) const {
    return typed_bytes<const T>(p.bytes());
  }
  /// The first `count` elements of a private typed buffer, refusing a shorter one.
  template <class T>
  PGASMR_UPC_NOINLINE std::span<T> first(std::span<T> s, std::size_t count, const char* what) const {
    if (s.size() < count)
      fail(std::string("the private ") + what + " holds " + std::to_string(s.size()) + " elements; the call needs " +
           std::to_string(count));
    return s.first(count);
  }

  // -- parameter arrays

  /// n entries of a parameter array as non-negative indexes or counts.
  template <class T>
  PGASMR_UPC_NOINLINE std::vector<std::size_t> entries(const shared_list<T>& list, std::size_t n, const char* what) const {
    if (list.is_null()) fail(std::string(what) + " is NULL");
    const auto& view = *list.view();
    if (view.size() < n)
      fail(std::string(what) + " has " + std::to_string(view.size()) + " entries; the call needs " + std::to_string(n));
    std::vector<std::size_t> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = checked(pg::get(me_, view.ptr(i)), what);
    return values;
  }
  template <class T>
  PGASMR_UPC_NOINLINE std::vector<std::size_t> entries(std::span<const T> list, std::size_t n, const char* what) const {
    if (list.size() < n)
      fail(std::string(what) + " has " + std::to_string(list.size()) + " entries; the call needs " + std::to_string(n));
    std::vector<std::size_t> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = checked(list[i], what);
    return values;
  }
  /// A permutation (`perm`) of n entries.
  PGASMR_UPC_NOINLINE std::vector<int> permutation(const shared_ints& perm, std::size_t n) const {
    auto values = entries(perm, n, "perm");
    return {values.begin(), values.end()};
  }
  /// nchunks, without the UPC_EXTCOLLS_VV_CHUNKS factor.
  PGASMR_UPC_NOINLINE std::size_t chunks(int nchunks) const {
    if (nchunks < 0) fail("nchunks is negative");
    if (nchunks >= UPC_EXTCOLLS_VV_CHUNKS && nchunks % UPC_EXTCOLLS_VV_CHUNKS == 0) nchunks /= UPC_EXTCOLLS_VV_CHUNKS;
    return static_cast<std::size_t>(nchunks);
  }

  /// Where displacement `d` of member `r` points in a buffer of the vector-variant layout (one
  /// block of `block` elements per thread): in a shared buffer the index in that layout (d as
  /// given, r * block + d for _local); in a private buffer the offset in member r's own array
  /// (d for _local, d - r * block for an absolute index; d as given when the prototype has no
  /// block size for this side).
  template <class B>
  PGASMR_UPC_NOINLINE std::size_t position(bool local, std::size_t d, std::size_t r, std::size_t block, bool has_block,
                       const char* what) const {
    if constexpr (is_shared<B>) {
      return local ? r * block + d : d;
    } else {
      if (local || !has_block) return d;
      if (d < r * block)
        fail(std::string(what) + " " + std::to_string(d) + " of thread " + std::to_string(r) +
             " lies before that thread's block (block size " + std::to_string(block) + ")");
      return d - r * block;
    }
  }

 private:
  template <class T>
  PGASMR_UPC_NOINLINE std::span<T> typed_bytes(std::span<std::conditional_t<std::is_const_v<T>, const std::byte, std::byte>> bytes) const {
    if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(T) != 0)
      fail("a private argument is misaligned for the reduction's type");
    return {reinterpret_cast<T*>(bytes.data()), bytes.size() / sizeof(T)};
  }
  template <class T>
  std::size_t checked(T value, const char* what) const {
    if constexpr (std::is_signed_v<T>) {
      if (value < 0) fail(std::string(what) + " holds the negative value " + std::to_string(value));
    }
    return static_cast<std::size_t>(value);
  }

  pg::Context& me_;
  const char* name_;
  Options options_;
};

/// The C++ data-movement collective M.
template <Move M, class D, class S>
void run_move(pg::Context& me, D&& dst, S&& src, std::size_t chunk, const Options& options) {
  if constexpr (M == Move::broadcast) coll::broadcast(me, dst, src, chunk, options);
  if constexpr (M == Move::scatter) coll::scatter(me, dst, src, chunk, options);
  if constexpr (M == Move::gather) coll::gather(me, dst, src, chunk, options);
  if constexpr (M == Move::allgather) coll::allgather(me, dst, src, chunk, options);
  if constexpr (M == Move::exchange) coll::exchange(me, dst, src, chunk, options);
}
template <Move M, class B>
void run_move_in_place(pg::Context& me, B&& buffer, std::size_t chunk, const Options& options) {
  if constexpr (M == Move::broadcast) coll::broadcast(me, coll::in_place, buffer, chunk, options);
  if constexpr (M == Move::scatter) coll::scatter(me, coll::in_place, buffer, chunk, options);
  if constexpr (M == Move::gather) coll::gather(me, coll::in_place, buffer, chunk, options);
  if constexpr (M == Move::allgather) coll::allgather(me, coll::in_place, buffer, chunk, options);
  if constexpr (M == Move::exchange) coll::exchange(me, coll::in_place, buffer, chunk, options);
}

// -- A.1 in place, A.4 standard and get/put/priv, A.3 team: whole blocks of nbytes

/// The layouts of the standard UPC collectives: `shared [block] char [size]` per side.
struct Layout {
  std::size_t block, size;
};
inline Layout source_layout(Move m, std::size_t nbytes, std::size_t n) {
  switch (m) {
    case Move::broadcast: return {0, nbytes};
    case Move::scatter: return {0, nbytes * n};
    case Move::exchange: return {nbytes * n, nbytes * n * n};
    default: return {nbytes, nbytes * n};  // gather, allgather, permute
  }
}
inline Layout destination_layout(Move m, std::size_t nbytes, std::size_t n) {
  switch (m) {
    case Move::gather: return {0, nbytes * n};
    case Move::allgather:
    case Move::exchange: return {nbytes * n, nbytes * n * n};
    default: return {nbytes, nbytes * n};  // broadcast, scatter, permute
  }
}

template <Move M, class B>
void in_place(pg::Context& me, const char* name, const B& buffer, std::size_t nbytes, int root, upc_flag_t flags) {
  Call call(me, name, flags);
  call.options().root = root;
  auto n = call.threads();
  // broadcast: `shared [nbytes] char [nbytes*THREADS]`; the others: `shared [nbytes*THREADS]
  // char [nbytes*THREADS*THREADS]` (each thread's block holds THREADS chunks)
  auto block = M == Move::broadcast ? nbytes : nbytes * n;
  run_move_in_place<M>(me, call.bytes(buffer, block, block * n), nbytes, call.options());
}

template <class B>
void permute_in_place(pg::Context& me, const char* name, const B& buffer, const shared_ints& perm, std::size_t nbytes,
                      upc_flag_t flags) {
  Call call(me, name, flags);
  call.synchronise_in();
  auto permutation = call.permutation(perm, call.threads());
  coll::permute(me, coll::in_place, call.bytes(buffer, nbytes, nbytes * call.threads()), permutation, nbytes,
                call.options());
}

template <Move M, class D, class S>
void standard(pg::Context& me, const char* name, const D& dst, const S& src, std::size_t nbytes, upc_flag_t flags) {
  Call call(me, name, flags);
  auto n = call.threads();
  auto from = source_layout(M, nbytes, n);
  auto to = destination_layout(M, nbytes, n);
  run_move<M>(me, call.bytes(dst, to.block, to.size), call.bytes(src, from.block, from.size), nbytes, call.options());
}

template <class D, class S>
void permute(pg::Context& me, const char* name, const D& dst, const S& src, const shared_ints& perm, std::size_t nbytes,
             upc_flag_t flags) {
  Call call(me, name, flags);
  call.synchronise_in();
  auto n = call.threads();
  auto permutation = call.permutation(perm, n);
  coll::permute(me, call.bytes(dst, nbytes, nbytes * n), call.bytes(src, nbytes, nbytes * n), permutation, nbytes,
                call.options());
}

/// Team collectives. `_team`: members are team ranks and nbytes is the total over the team
/// (nbytes / team size per member), except for broadcast and permute, which move nbytes.
/// `_team_allthr`: members are thread ids, non-members' chunks are left alone, and chunks are
/// nbytes / THREADS (permute: nbytes). A member's block of a shared argument is the
/// argument's offset in the member's own thread; the root's side of broadcast, scatter and
/// gather (`shared [] char [nbytes]`) lies at the argument itself.
template <Move M, class D, class S>
void team(pg::Context& me, const char* name, const D& dst, const S& src, const shared_ints* perm, std::size_t nbytes,
          pg::Team& t, bool all_threads, upc_flag_t flags) {
  Call call(me, name, flags, &t, all_threads ? Addressing::thread_ids : Addressing::team_ranks);
  auto n = all_threads ? call.threads() : static_cast<std::size_t>(t.size());
  std::size_t chunk = nbytes;
  if constexpr (M != Move::broadcast && M != Move::permute) {
    if (n == 0 || nbytes % n != 0)
      call.fail("nbytes (" + std::to_string(nbytes) + ") is not a multiple of " +
                (all_threads ? std::string("THREADS") : std::string("the team size")) + " (" + std::to_string(n) + ")");
    chunk = nbytes / n;
  }
  if (t) call.options().root = all_threads ? t.thread_of(0) : 0;
  if (is_shared<D> || is_shared<S> || perm) call.synchronise_in();
  auto root_side = [&](const auto& a, std::size_t size) { return call.bytes(a, 0, size); };
  if constexpr (M == Move::permute) {
    auto permutation = call.permutation(*perm, n);
    coll::permute(me, call.member_part(dst, chunk), call.member_part(src, chunk), permutation, chunk, call.options());
  } else if constexpr (M == Move::broadcast) {
    run_move<M>(me, call.member_part(dst, chunk), root_side(src, chunk), chunk, call.options());
  } else if constexpr (M == Move::scatter) {
    run_move<M>(me, call.member_part(dst, chunk), root_side(src, chunk * n), chunk, call.options());
  } else if constexpr (M == Move::gather) {
    run_move<M>(me, root_side(dst, chunk * n), call.member_part(src, chunk), chunk, call.options());
  } else if constexpr (M == Move::allgather) {
    run_move<M>(me, call.member_part(dst, chunk * n), call.member_part(src, chunk), chunk, call.options());
  } else {
    run_move<M>(me, call.member_part(dst, chunk * n), call.member_part(src, chunk * n), chunk, call.options());
  }
}

// -- A.2 vector-variant collectives. Everything moves as bytes: element counts and
// displacements are multiplied by typesize (the _raw forms: typesize 1). Shared buffers are
// laid out `shared [blk*typesize] char [blk*typesize*THREADS]` (one block per thread), the
// root's side of broadcast_v, scatter_v and gather_v `shared [] char [...]`.

enum class Disp : std::uint8_t { absolute, local, rooted };

template <Disp V, class D, class S, class L>
void broadcast_v(pg::Context& me, const char* name, const D& dst, const S& src, const L& ddisp, std::size_t nelems,
                 Blocks blk, std::size_t typesize, int root, upc_flag_t flags) {
  Call call(me, name, flags);
  call.options().root = V == Disp::rooted ? root : 0;
  call.synchronise_in();
  auto n = call.threads();
  auto disp = call.entries(ddisp, n, "ddisp");
  auto count = nelems * typesize;
  auto block = blk.dst * typesize;
  std::vector<std::size_t> to(n);
  for (std::size_t r = 0; r < n; ++r)
    to[r] = call.position<D>(V == Disp::local, disp[r], r, blk.dst, blk.has_dst, "ddisp") * typesize;
  // rooted: src is `shared [dst_blk*typesize] char [...]` and the root's block is the source
  std::size_t from = V == Disp::rooted && is_shared<S> ? static_cast<std::size_t>(root) * block : 0;
  auto source = V == Disp::rooted ? call.bytes(src, block, block * n) : call.bytes(src, 0, count);
  coll::broadcast_v(me, call.bytes(dst, block, block * n), source, count,
                    {.source = std::span(&from, 1), .destination = to}, call.options());
}

/// Start offsets of chunks packed one after another.
inline std::vector<std::size_t> packed(const std::vector<std::size_t>& counts, std::size_t first = 0) {
  std::vector<std::size_t> at(counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) {
    at[i] = first;
    first += counts[i];
  }
  return at;
}
inline std::vector<std::size_t> scaled(std::vector<std::size_t> values, std::size_t factor) {
  for (auto& v : values) v *= factor;
  return values;
}
inline std::size_t sum(const std::vector<std::size_t>& values) {
  std::size_t total = 0;
  for (auto v : values) total += v;
  return total;
}

template <Disp V, class D, class S, class L, class C>
void scatter_v(pg::Context& me, const char* name, const D& dst, const S& src, const L& ddisp, const C& nelems,
               Blocks blk, std::size_t typesize, int root, upc_flag_t flags) {
  Call call(me, name, flags);
  call.options().root = V == Disp::rooted ? root : 0;
  call.synchronise_in();
  auto n = call.threads();
  auto disp = call.entries(ddisp, n, "ddisp");
  auto counts = scaled(call.entries(nelems, n, "nelems"), typesize);
  auto dst_block = blk.dst * typesize;
  auto src_block = blk.src * typesize;
  // the chunks lie one after another in the root's source (rooted: in the root's block)
  auto from = packed(counts, V == Disp::rooted && is_shared<S> ? static_cast<std::size_t>(root) * src_block : 0);
  std::vector<std::size_t> to(n);
  for (std::size_t r = 0; r < n; ++r)
    to[r] = call.position<D>(V == Disp::local, disp[r], r, blk.dst, blk.has_dst, "ddisp") * typesize;
  auto source = V == Disp::rooted ? call.bytes(src, src_block, src_block * n) : call.bytes(src, 0, sum(counts));
  coll::scatter_v(me, call.bytes(dst, dst_block, dst_block * n), source, counts, {.source = from, .destination = to},
                  call.options());
}

template <Disp V, class D, class S, class L, class C>
void gather_v(pg::Context& me, const char* name, const D& dst, const S& src, const L& sdisp, const C& nelems,
              Blocks blk, std::size_t typesize, int root, upc_flag_t flags) {
  Call call(me, name, flags);
  call.options().root = V == Disp::rooted ? root : 0;
  call.synchronise_in();
  auto n = call.threads();
  auto disp = call.entries(sdisp, n, "sdisp");
  auto counts = scaled(call.entries(nelems, n, "nelems"), typesize);
  auto dst_block = blk.dst * typesize;
  auto src_block = blk.src * typesize;
  std::vector<std::size_t> from(n);
  for (std::size_t r = 0; r < n; ++r)
    from[r] = call.position<S>(V == Disp::local, disp[r], r, blk.src, blk.has_src, "sdisp") * typesize;
  // the chunks are merged one after another in the root's destination (rooted: its block)
  auto to = packed(counts, V == Disp::rooted && is_shared<D> ? static_cast<std::size_t>(root) * dst_block : 0);
  auto target = V == Disp::rooted ? call.bytes(dst, dst_block, dst_block * n) : call.bytes(dst, 0, sum(counts));
  coll::gather_v(me, target, call.bytes(src, src_block, src_block * n), counts, {.source = from, .destination = to},
                 call.options());
}

/// gather_all_v: every thread q receives all chunks merged one after another from its own
/// displacement ddisp[q] on. Each thread passes that region of its destination (its own block
/// of a shared one) to coll::allgather_v, whose default packs the chunks there.
template <Disp V, class D, class S, class LD, class LS, class C>
void allgather_v(pg::Context& me, const char* name, const D& dst, const S& src, const LD& ddisp, const LS& sdisp,
                 const C& nelems, Blocks blk, std::size_t typesize, upc_flag_t flags) {
  Call call(me, name, flags);
  call.synchronise_in();
  auto n = call.threads();
  auto q = call.thread();
  auto disp = call.entries(sdisp, n, "sdisp");
  auto counts = scaled(call.entries(nelems, n, "nelems"), typesize);
  std::vector<std::size_t> from(n);
  for (std::size_t r = 0; r < n; ++r)
    from[r] = call.position<S>(V == Disp::local, disp[r], r, blk.src, blk.has_src, "sdisp") * typesize;
  std::size_t mine = 0;  // this thread's ddisp
  if constexpr (std::is_same_v<LD, int>) {
    if (ddisp < 0) call.fail("ddisp is negative");
    mine = static_cast<std::size_t>(ddisp);  // _privparam: each thread's own, as an absolute index
  } else {
    mine = call.entries(ddisp, n, "ddisp")[q];
  }
  auto dst_block = blk.dst * typesize;
  auto source = call.bytes(src, blk.src * typesize, blk.src * typesize * n);
  auto region = [&]() -> std::span<std::byte> {
    std::span<std::byte> own;
    std::size_t at = 0;
    if constexpr (is_shared<D>) {
      own = call.own_block(call.bytes(dst, dst_block, dst_block * n), dst_block);
      if (V != Disp::local && mine < q * blk.dst) call.fail("ddisp of thread " + std::to_string(q) + " lies before its block");
      at = (V == Disp::local ? mine : mine - q * blk.dst) * typesize;
    } else {
      own = dst.bytes();
      at = call.position<D>(V == Disp::local, mine, q, blk.dst, blk.has_dst, "ddisp") * typesize;
    }
    if (at > own.size())
      call.fail("ddisp of thread " + std::to_string(q) + " lies past the end of its destination block");
    return own.subspan(at);
  }();
  coll::allgather_v(me, region, source, counts, {.source = from}, call.options());
}

/// exchange_v: chunk r -> q has nelems[r*THREADS+q] elements, at exchange[r*THREADS+q] in
/// thread r's source, and lands at exchange[q*THREADS+r] in thread q's destination (row i of
/// `exchange` is thread i's source and destination positions); _merge: thread q's chunks land
/// one after another (from thread 0, 1, ...) from disp[q] on (NULL: its block's start).
template <Disp V, bool Merge, class D, class S, class L, class C, class M>
void exchange_v(pg::Context& me, const char* name, const D& dst, const S& src, const L& exchange, const C& nelems,
                Blocks blk, std::size_t typesize, const M& disp, upc_flag_t flags) {
  Call call(me, name, flags);
  call.synchronise_in();
  auto n = call.threads();
  bool local = V == Disp::local;
  auto index = call.entries(exchange, n * n, "exchange");
  auto counts = scaled(call.entries(nelems, n * n, "nelems"), typesize);
  std::vector<std::size_t> from(n * n), to(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t q = 0; q < n; ++q) {
      from[r * n + q] = call.position<S>(local, index[r * n + q], r, blk.src, blk.has_src, "exchange") * typesize;
      if constexpr (!Merge)
        to[r * n + q] = call.position<D>(local, index[q * n + r], q, blk.dst, blk.has_dst, "exchange") * typesize;
    }
  if constexpr (Merge) {
    std::vector<std::size_t> base(n, 0);
    if constexpr (std::is_same_v<M, shared_ints>) {
      if (!disp.is_null()) {
        auto given = call.entries(disp, n, "disp");
        for (std::size_t q = 0; q < n; ++q) base[q] = call.position<D>(local, given[q], q, blk.dst, blk.has_dst, "disp");
      } else if (is_shared<D>) {
        for (std::size_t q = 0; q < n; ++q) base[q] = q * blk.dst;
      }
    }
    for (std::size_t q = 0; q < n; ++q) {
      auto at = base[q] * typesize;
      for (std::size_t r = 0; r < n; ++r) {
        to[r * n + q] = at;
        at += counts[r * n + q];
      }
    }
  }
  auto dst_block = blk.dst * typesize;
  auto src_block = blk.src * typesize;
  coll::exchange_v(me, call.bytes(dst, dst_block, dst_block * n), call.bytes(src, src_block, src_block * n), counts,
                   {.source = from, .destination = to}, call.options());
}

/// permute_v: thread r's chunk (at disp[r], nelems[r] elements) goes to thread perm[r], at
/// the same place in its block.
template <Disp V, class D, class S, class L, class C>
void permute_v(pg::Context& me, const char* name, const D& dst, const S& src, const shared_ints& perm, const L& disp,
               const C& nelems, Blocks blk, std::size_t typesize, upc_flag_t flags) {
  Call call(me, name, flags);
  call.synchronise_in();
  auto n = call.threads();
  auto permutation = call.permutation(perm, n);
  auto given = call.entries(disp, n, "disp");
  auto counts = scaled(call.entries(nelems, n, "nelems"), typesize);
  std::vector<std::size_t> from(n), to(n);
  for (std::size_t r = 0; r < n; ++r) {
    std::size_t phase = given[r];  // place inside the block
    if (V != Disp::local && blk.has_src) {
      if (given[r] < r * blk.src) call.fail("disp of thread " + std::to_string(r) + " lies before its block");
      phase = given[r] - r * blk.src;
    }
    from[r] = (is_shared<S> ? r * blk.src + phase : phase) * typesize;
    to[r] = (is_shared<D> ? static_cast<std::size_t>(permutation[r]) * blk.dst + phase : phase) * typesize;
  }
  auto dst_block = blk.dst * typesize;
  auto src_block = blk.src * typesize;
  coll::permute_v(me, call.bytes(dst, dst_block, dst_block * n), call.bytes(src, src_block, src_block * n),
                  permutation, counts, {.source = from, .destination = to}, call.options());
}

/// vector_copy: chunk k copies nelems[k] elements from sdisp[k] to ddisp[k], absolute indexes
/// of the thesis's shared layouts; a private side is thread (index / blk)'s array, at
/// (index % blk).
template <class D, class S, class LD, class LS, class C>
void vector_copy(pg::Context& me, const char* name, const D& dst, const S& src, const LD& ddisp, const LS& sdisp,
                 const C& nelems, int nchunks, Blocks blk, std::size_t typesize, upc_flag_t flags) {
  Call call(me, name, flags);
  call.synchronise_in();
  auto n = call.threads();
  auto k_count = call.chunks(nchunks);
  auto to = call.entries(ddisp, k_count, "ddisp");
  auto from = call.entries(sdisp, k_count, "sdisp");
  auto counts = call.entries(nelems, k_count, "nelems");
  auto place = [&](auto shared, std::size_t index, std::size_t block, int& member, std::size_t& offset) {
    if constexpr (decltype(shared)::value) {
      offset = index * typesize;
    } else {
      if (block == 0) call.fail("a private side needs a block size greater than 0");
      if (index / block >= n) call.fail("index " + std::to_string(index) + " lies past the last thread's block");
      member = static_cast<int>(index / block);
      offset = index % block * typesize;
    }
  };
  std::vector<ChunkCopy> copies(k_count);
  for (std::size_t k = 0; k < k_count; ++k) {
    auto& c = copies[k];
    place(std::bool_constant<is_shared<S>>{}, from[k], blk.src, c.from, c.from_offset);
    place(std::bool_constant<is_shared<D>>{}, to[k], blk.dst, c.to, c.to_offset);
    c.count = counts[k] * typesize;
  }
  auto dst_block = blk.dst * typesize;
  auto src_block = blk.src * typesize;
  coll::vector_copy(me, call.bytes(dst, dst_block, dst_block * n), call.bytes(src, src_block, src_block * n), copies,
                    call.options());
}

// -- the typed reductions

/// A upc_op_t (and func) as a C++ reduction operator. It does not declare itself commutative:
/// the C++ reductions then combine in input order, which is right for every operator
/// (UPC_NONCOMM_FUNC included) and instantiates each reduction once per type.
template <class T>
struct Operation {
  upc_op_t op;
  T (*func)(T, T);
  T operator()(const T& a, const T& b) const {
    switch (op) {
      case UPC_ADD: return coll::op::add{}(a, b);
      case UPC_MULT: return coll::op::mult{}(a, b);
      case UPC_AND:
        if constexpr (std::is_integral_v<T>) return coll::op::bit_and{}(a, b);
        break;
      case UPC_OR:
        if constexpr (std::is_integral_v<T>) return coll::op::bit_or{}(a, b);
        break;
      case UPC_XOR:
        if constexpr (std::is_integral_v<T>) return coll::op::bit_xor{}(a, b);
        break;
      case UPC_LOGAND: return coll::op::logical_and{}(a, b);
      case UPC_LOGOR: return coll::op::logical_or{}(a, b);
      case UPC_MIN: return coll::op::min{}(a, b);
      case UPC_MAX: return coll::op::max{}(a, b);
      case UPC_FUNC:
      case UPC_NONCOMM_FUNC: return func(a, b);
    }
    return a;  // not reached: check_operation refused the rest
  }
};

template <class T>
PGASMR_UPC_NOINLINE void check_operation(const Call& call, upc_op_t op, T (*func)(T, T)) {
  switch (op) {
    case UPC_AND:
    case UPC_OR:
    case UPC_XOR:
      if (!std::is_integral_v<T>) call.fail("UPC_AND, UPC_OR and UPC_XOR are undefined for floating point types");
      return;
    case UPC_FUNC:
    case UPC_NONCOMM_FUNC:
      if (func == nullptr) call.fail("UPC_FUNC and UPC_NONCOMM_FUNC need func");
      return;
    case UPC_ADD:
    case UPC_MULT:
    case UPC_LOGAND:
    case UPC_LOGOR:
    case UPC_MIN:
    case UPC_MAX: return;
  }
  call.fail("op " + std::to_string(static_cast<unsigned>(op)) + " is not a upc_op_t");
}

/// The C++ reduction R with op as an Operation. The _v reductions take the chunks (and
/// prefix_reduce_v the destination offsets) too.
template <Reduction R, class T, class D, class S>
void reduction(const Call& call, D&& dst, S&& src, upc_op_t op, T (*func)(T, T), const Options& options,
               std::span<const Chunk> chunks = {}, std::span<const std::size_t> dst_offsets = {}) {
  Operation<T> operation{op, func};
  auto& me = call.me();
  if constexpr (R == Reduction::reduce) coll::reduce(me, dst, src, operation, options);
  if constexpr (R == Reduction::allreduce) coll::allreduce(me, dst, src, operation, options);
  if constexpr (R == Reduction::prefix_reduce) coll::prefix_reduce(me, dst, src, operation, Scan::inclusive, options);
  if constexpr (R == Reduction::reduce_v) coll::reduce_v(me, dst, src, chunks, operation, options);
  if constexpr (R == Reduction::allreduce_v) coll::allreduce_v(me, dst, src, chunks, operation, options);
  if constexpr (R == Reduction::prefix_reduce_v)
    coll::prefix_reduce_v(me, dst, src, chunks, dst_offsets, operation, Scan::inclusive, options);
}

/// Elements of `shared [blk_size] TYPE [nelems]` on member `member` of `members`: what its
/// private source (or team part) holds.
inline std::size_t local_count(std::size_t nelems, std::size_t blk_size, std::size_t members, std::size_t member) {
  if (nelems == 0) return 0;
  return pg::BlockCyclicLayout(nelems, blk_size, static_cast<int>(members)).local_size(static_cast<int>(member));
}

/// upc_all_reduceT / _all / prefix_reduceT with get, put, priv: a shared source is `shared
/// [blk_size] TYPE [nelems]`; a private one holds the caller's elements of that array. The
/// result: *dst (reduce: at thread 0 when private), &(dst+i) of `shared TYPE *` for each
/// thread i (allreduce), or the array `shared [blk_size] TYPE [nelems]` (prefix_reduce; private:
/// the results of the caller's own elements).
template <class T, Reduction R, class D, class S>
void reduce_standard(pg::Context& me, const char* name, const D& dst, const S& src, upc_op_t op, std::size_t nelems,
                     std::size_t blk_size, T (*func)(T, T), upc_flag_t flags) {
  Call call(me, name, flags);
  check_operation(call, op, func);
  auto n = call.threads();
  auto mine = local_count(nelems, blk_size, n, call.thread());
  auto source = [&] {
    if constexpr (is_shared<S>)
      return call.typed<T>(src, blk_size, nelems);
    else
      return call.first(call.typed<T>(src), mine, "src");
  }();
  auto target = [&] {
    if constexpr (!is_shared<D>) {
      if constexpr (R == Reduction::prefix_reduce)
        return call.first(call.typed<T>(dst), mine, "dst");
      else
        return call.typed<T>(dst);
    } else if constexpr (R == Reduction::reduce) {
      return call.typed<T>(dst, 1, 1);
    } else if constexpr (R == Reduction::allreduce) {
      return call.typed<T>(dst, 1, n);
    } else {
      return call.typed<T>(dst, blk_size, nelems);
    }
  }();
  reduction<R>(call, target, source, op, func, call.options());
}

/// The in-place reductions. Shared: `shared [blk_size] TYPE [nelems]`, the result in
/// buffer[0] (reduce), buffer[root*blk_size] (rooted), buffer[i*blk_size] for each thread i
/// (allreduce); the prefix in place. Private: each thread's buffer holds its elements of that
/// array; the result in the root's buffer[0] (thread 0, or root), every buffer[0] (allreduce).
template <class T, Reduction R, class B>
void reduce_in_place(pg::Context& me, const char* name, const B& buffer, upc_op_t op, std::size_t nelems,
                     std::size_t blk_size, int root, T (*func)(T, T), upc_flag_t flags) {
  Call call(me, name, flags);
  check_operation(call, op, func);
  if (root < 0 || static_cast<std::size_t>(root) >= call.threads()) call.fail("root " + std::to_string(root) + " is out of range");
  call.options().root = root;
  auto n = call.threads();
  auto at = static_cast<std::size_t>(root) * blk_size;
  if constexpr (is_shared<B>) {
    if constexpr (R == Reduction::reduce) {
      auto view = call.typed<T>(buffer, blk_size, std::max(nelems, at + 1));
      reduction<R>(call, view.subspan(at, 1), view.subspan(0, nelems), op, func, call.options());
    } else if constexpr (R == Reduction::allreduce) {
      // The result lands in every thread's first element: no single view holds them in
      // thread order (the buffer may start on any thread), so each thread stores its own.
      std::vector<T> result(1);
      Options inner = call.options();
      inner.sync.out = OutSync::my;
      reduction<R>(call, result, call.typed<T>(buffer, blk_size, nelems), op, func, inner);
      auto last = blk_size == 0 ? 0 : (n - 1) * blk_size;
      auto view = call.typed<T>(buffer, blk_size, std::max(nelems, last + 1));
      if (blk_size != 0 || call.thread() == 0) pg::put(me, view.ptr(call.thread() * blk_size), result[0]);
      call.synchronise_out();
    } else {
      auto view = call.typed<T>(buffer, blk_size, nelems);
      reduction<R>(call, view, view, op, func, call.options());
    }
  } else {
    auto all = call.typed<T>(buffer);
    auto mine = call.first(all, local_count(nelems, blk_size, n, call.thread()), "buffer");
    if constexpr (R == Reduction::prefix_reduce) {
      reduction<R>(call, mine, mine, op, func, call.options());
    } else {
      bool receives = R == Reduction::allreduce || call.thread() == static_cast<std::size_t>(root);
      reduction<R>(call, call.first(all, receives ? 1 : 0, "buffer"), mine, op, func, call.options());
    }
  }
}

/// The vector-variant reductions' chunks, in chunk order: from sdisp[k], nelems[k] elements,
/// absolute indexes of `shared [src_blk] TYPE [...]` (for a private source too).
struct Chunks {
  std::vector<std::size_t> at, count;
  std::size_t extent() const {
    std::size_t end = 0;
    for (std::size_t k = 0; k < at.size(); ++k) end = std::max(end, at[k] + count[k]);
    return end;
  }
  std::vector<Chunk> list() const {
    std::vector<Chunk> chunks(at.size());
    for (std::size_t k = 0; k < at.size(); ++k) chunks[k] = {.offset = at[k], .count = count[k]};
    return chunks;
  }
};

/// A private source's chunks must be combined in chunk order, but the C++ reductions take a
/// private input in member order. So chunk k is first copied (coll::vector_copy) to the
/// staging buffer of member k * THREADS / nchunks: every member stages a run of consecutive
/// chunks, and member order is chunk order.
struct Staging {
  std::vector<std::size_t> owner, at;  // per chunk: staging member, offset in its staging
  std::size_t mine = 0;                // the caller's staging size
};
PGASMR_UPC_NOINLINE inline Staging stage(const Chunks& chunks, std::size_t n, std::size_t me) {
  Staging s;
  auto k_count = chunks.at.size();
  s.owner.resize(k_count);
  s.at.resize(k_count);
  std::vector<std::size_t> fill(n, 0);
  for (std::size_t k = 0; k < k_count; ++k) {
    s.owner[k] = k * n / k_count;
    s.at[k] = fill[s.owner[k]];
    fill[s.owner[k]] += chunks.count[k];
  }
  s.mine = fill[me];
  return s;
}
/// The copies between [index, index + count) of `shared [blk] TYPE [...]` and staging offset
/// `at` of member `owner`: one piece for a shared array (offsets index the view), one per block
/// for private arrays (thread (i / blk) % THREADS's array, at its local index).
template <bool Shared, bool ToStaging>
PGASMR_UPC_NOINLINE void pieces(std::vector<ChunkCopy>& out, std::size_t index, std::size_t count, std::size_t blk, std::size_t n,
            std::size_t owner, std::size_t at) {
  auto emit = [&](int member, std::size_t offset, std::size_t elements) {
    ChunkCopy c;
    if constexpr (ToStaging)
      c = {.from = member, .from_offset = offset, .to = static_cast<int>(owner), .to_offset = at, .count = elements};
    else
      c = {.from = static_cast<int>(owner), .from_offset = at, .to = member, .to_offset = offset, .count = elements};
    out.push_back(c);
    at += elements;
  };
  if (count == 0) return;
  if (Shared || blk == 0) {
    emit(0, index, count);
    return;
  }
  for (auto i = index; i < index + count;) {
    auto b = i / blk;
    auto take = std::min(index + count, (b + 1) * blk) - i;
    emit(static_cast<int>(b % n), b / n * blk + i % blk, take);
    i += take;
  }
}

/// upc_all_reduceT_v / _all_v: coll::reduce_v / allreduce_v on a shared source (laid out
/// `shared [src_blk] TYPE [...]`); a private source is staged first, then coll::reduce /
/// allreduce. The result: *dst (reduce; thread 0's dst when private), &(dst+i) of `shared TYPE
/// *` for each thread i (allreduce; every dst[0] when private).
template <class T, Reduction R, class D, class S>
void reduce_v(pg::Context& me, const char* name, const D& dst, const S& src, upc_op_t op, const shared_ints& sdisp,
              const shared_sizes& nelems, int nchunks, std::size_t src_blk, T (*func)(T, T), upc_flag_t flags) {
  Call call(me, name, flags);
  check_operation(call, op, func);
  call.synchronise_in();
  auto n = call.threads();
  auto k_count = call.chunks(nchunks);
  Chunks chunks{call.entries(sdisp, k_count, "sdisp"), call.entries(nelems, k_count, "nelems")};
  constexpr auto whole = R == Reduction::reduce_v ? Reduction::reduce : Reduction::allreduce;
  auto target = [&] {
    if constexpr (!is_shared<D>)
      return call.typed<T>(dst);
    else
      return call.typed<T>(dst, 1, whole == Reduction::reduce ? 1 : n);
  }();
  if constexpr (is_shared<S>) {
    reduction<R>(call, target, call.typed<T>(src, src_blk, chunks.extent()), op, func, call.options(), chunks.list());
  } else {
    auto s = stage(chunks, n, call.thread());
    std::vector<ChunkCopy> copies;
    for (std::size_t k = 0; k < k_count; ++k)
      pieces<false, true>(copies, chunks.at[k], chunks.count[k], src_blk, n, s.owner[k], s.at[k]);
    std::vector<T> staged(s.mine);
    Options first = call.options();
    first.sync.out = OutSync::my;
    coll::vector_copy(me, staged, call.typed<T>(src), copies, first);
    reduction<whole>(call, target, std::span<const T>(staged), op, func, call.options());
  }
}

/// upc_all_prefix_reduce_T_v: coll::prefix_reduce_v with dst_offsets = ddisp when source and
/// destination are shared (`shared [src_blk]` / `shared [dst_blk] TYPE [...]`). Otherwise the
/// chunks are staged in chunk order (coll::vector_copy), coll::prefix_reduce folds them, and
/// coll::vector_copy puts the results at ddisp: a private destination is thread (j / dst_blk) %
/// THREADS's array for index j, as the thesis defines ddisp "as if dst had the shared type".
template <class T, class D, class S>
void prefix_reduce_v(pg::Context& me, const char* name, const D& dst, const S& src, upc_op_t op,
                     const shared_ints& ddisp, const shared_ints& sdisp, const shared_sizes& nelems, int nchunks,
                     std::size_t dst_blk, std::size_t src_blk, T (*func)(T, T), upc_flag_t flags) {
  Call call(me, name, flags);
  check_operation(call, op, func);
  call.synchronise_in();
  auto n = call.threads();
  auto k_count = call.chunks(nchunks);
  auto to = call.entries(ddisp, k_count, "ddisp");
  Chunks chunks{call.entries(sdisp, k_count, "sdisp"), call.entries(nelems, k_count, "nelems")};
  Chunks results{to, chunks.count};
  if constexpr (is_shared<S> && is_shared<D>) {
    reduction<Reduction::prefix_reduce_v>(call, call.typed<T>(dst, dst_blk, results.extent()),
                                          call.typed<T>(src, src_blk, chunks.extent()), op, func, call.options(),
                                          chunks.list(), to);
  } else {
    auto s = stage(chunks, n, call.thread());
    std::vector<ChunkCopy> in, out;
    for (std::size_t k = 0; k < k_count; ++k) {
      pieces<is_shared<S>, true>(in, chunks.at[k], chunks.count[k], src_blk, n, s.owner[k], s.at[k]);
      pieces<is_shared<D>, false>(out, to[k], chunks.count[k], dst_blk, n, s.owner[k], s.at[k]);
    }
    std::vector<T> staged(s.mine), folded(s.mine);
    Options inner = call.options();
    inner.sync.out = OutSync::my;
    if constexpr (is_shared<S>)
      coll::vector_copy(me, staged, call.typed<T>(src, src_blk, chunks.extent()), in, inner);
    else
      coll::vector_copy(me, staged, call.typed<T>(src), in, inner);
    reduction<Reduction::prefix_reduce>(call, folded, std::span<const T>(staged), op, func, inner);
    Options last = call.options();
    last.sync.in = InSync::all;  // every member's results are complete before anyone reads them
    if constexpr (is_shared<D>)
      coll::vector_copy(me, call.typed<T>(dst, dst_blk, results.extent()), std::span<const T>(folded), out, last);
    else
      coll::vector_copy(me, call.typed<T>(dst), std::span<const T>(folded), out, last);
  }
}

/// The team reductions. The team's members, in rank order, take the places of the threads of
/// `shared [blk_size] TYPE [nelems]`: member m holds that array's thread-m elements, at the
/// argument's offset in its own thread (shared) or in its private src; they are combined in
/// member order. Results: *dst (reduce; private: member 0's dst), member m's own element at
/// the argument's offset (allreduce: &(dst+m)), or member m's part of the destination array
/// (prefix_reduce).
template <class T, Reduction R, class D, class S>
void reduce_team(pg::Context& me, const char* name, const D& dst, const S& src, upc_op_t op, std::size_t nelems,
                 std::size_t blk_size, T (*func)(T, T), pg::Team& t, upc_flag_t flags) {
  Call call(me, name, flags, &t);
  check_operation(call, op, func);
  if (!t) call.fail("the calling thread is not a member of the team");
  auto mine = local_count(nelems, blk_size, static_cast<std::size_t>(t.size()), static_cast<std::size_t>(t.rank()));
  if (is_shared<S> || (is_shared<D> && R != Reduction::reduce)) call.synchronise_in();
  auto source = [&] {
    if constexpr (is_shared<S>)
      return call.own_part<const T>(src.where(), mine);
    else
      return call.first(call.typed<T>(src), mine, "src");
  }();
  auto target = [&] {
    if constexpr (!is_shared<D>) {
      if constexpr (R == Reduction::prefix_reduce)
        return call.first(call.typed<T>(dst), mine, "dst");
      else
        return call.typed<T>(dst);
    } else if constexpr (R == Reduction::reduce) {
      return call.typed<T>(dst, 1, 1);
    } else {
      return call.own_part<T>(dst.where(), R == Reduction::allreduce ? 1 : mine);
    }
  }();
  reduction<R>(call, target, source, op, func, call.options());
}

}  // namespace impl

// ---- the names: generated from detail/upc_names.def ---------------------------------------------

/// The 11 C types of the typed names (Appendix A): X(T, TYPE, ...) for each.
#define PGASMR_UPC_TYPES(X, ...)                                                                 \
  X(C, signed char, __VA_ARGS__) X(UC, unsigned char, __VA_ARGS__) X(S, short, __VA_ARGS__)      \
  X(US, unsigned short, __VA_ARGS__) X(I, int, __VA_ARGS__) X(UI, unsigned int, __VA_ARGS__)     \
  X(L, long, __VA_ARGS__) X(UL, unsigned long, __VA_ARGS__) X(F, float, __VA_ARGS__)             \
  X(D, double, __VA_ARGS__) X(LD, long double, __VA_ARGS__)

// Argument types by kind (S shared, P private), parameter pieces by version and blocks.
#define PGASMR_UPC_DST_S shared_void
#define PGASMR_UPC_DST_P priv_void
#define PGASMR_UPC_SRC_S shared_const_void
#define PGASMR_UPC_SRC_P priv_const_void
#define PGASMR_UPC_CAT(a, b) PGASMR_UPC_CAT2(a, b)
#define PGASMR_UPC_CAT2(a, b) a##b
#define PGASMR_UPC_STR(x) PGASMR_UPC_STR2(x)
#define PGASMR_UPC_STR2(x) #x
#define PGASMR_UPC_BLK_DS std::size_t dst_blk, std::size_t src_blk,
#define PGASMR_UPC_BLK_D std::size_t dst_blk,
#define PGASMR_UPC_BLK_S std::size_t src_blk,
#define PGASMR_UPC_BLK_NONE
#define PGASMR_UPC_BLKARG_DS (impl::Blocks{dst_blk, src_blk, true, true})
#define PGASMR_UPC_BLKARG_D (impl::Blocks{dst_blk, 0, true, false})
#define PGASMR_UPC_BLKARG_S (impl::Blocks{0, src_blk, false, true})
#define PGASMR_UPC_BLKARG_NONE (impl::Blocks{})
#define PGASMR_UPC_RAWBLK_DS std::size_t dst_blk_raw, std::size_t src_blk_raw,
#define PGASMR_UPC_RAWBLK_D std::size_t dst_blk_raw,
#define PGASMR_UPC_RAWBLK_S std::size_t src_blk_raw,
#define PGASMR_UPC_RAWBLKARG_DS (impl::Blocks{dst_blk_raw, src_blk_raw, true, true})
#define PGASMR_UPC_RAWBLKARG_D (impl::Blocks{dst_blk_raw, 0, true, false})
#define PGASMR_UPC_RAWBLKARG_S (impl::Blocks{0, src_blk_raw, false, true})
#define PGASMR_UPC_ROOT_PARAM_PLAIN
#define PGASMR_UPC_ROOT_PARAM_ROOTED , int root
#define PGASMR_UPC_ROOT_ARG_PLAIN 0
#define PGASMR_UPC_ROOT_ARG_ROOTED root
#define PGASMR_UPC_DISP_ABS impl::Disp::absolute
#define PGASMR_UPC_DISP_LOCAL impl::Disp::local
#define PGASMR_UPC_DISP_ROOTED impl::Disp::rooted

#define PGASMR_UPC(shape, ...) PGASMR_UPC_##shape(__VA_ARGS__)
#define PGASMR_UPC_X(shape, ...) PGASMR_UPC_##shape(__VA_ARGS__)
#define PGASMR_UPC_T(shape, ...) PGASMR_UPC_TYPES(PGASMR_UPC_T_##shape, __VA_ARGS__)
#define PGASMR_UPC_X_T(shape, ...) PGASMR_UPC_TYPES(PGASMR_UPC_T_##shape, __VA_ARGS__)

// A.1: (buffer, [perm,] nbytes, [root,] sync_mode)
#define PGASMR_UPC_IN_PLACE(name, call, dk, sk, ver, blk)                                                 \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk buffer, std::size_t nbytes PGASMR_UPC_ROOT_PARAM_##ver, \
                   upc_flag_t sync_mode) {                                                                \
    impl::in_place<impl::Move::call>(me, #name, buffer, nbytes, PGASMR_UPC_ROOT_ARG_##ver, sync_mode);    \
  }
#define PGASMR_UPC_PERMUTE_IN_PLACE(name, call, dk, sk, ver, blk)                                           \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk buffer, shared_ints perm, std::size_t nbytes,      \
                   upc_flag_t sync_mode) {                                                                  \
    impl::permute_in_place(me, #name, buffer, perm, nbytes, sync_mode);                                     \
  }
// A.4 and the standard names: (dst, src, [perm,] nbytes, sync_mode)
#define PGASMR_UPC_MOVE(name, call, dk, sk, ver, blk)                                                          \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, std::size_t nbytes,     \
                   upc_flag_t sync_mode) {                                                                     \
    impl::standard<impl::Move::call>(me, #name, dst, src, nbytes, sync_mode);                                  \
  }
#define PGASMR_UPC_PERMUTE(name, call, dk, sk, ver, blk)                                                       \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_ints perm,       \
                   std::size_t nbytes, upc_flag_t sync_mode) {                                                 \
    impl::permute(me, #name, dst, src, perm, nbytes, sync_mode);                                               \
  }
// A.3: (dst, src, [perm,] nbytes, t, sync_mode)
#define PGASMR_UPC_TEAM_ALL_TEAM false
#define PGASMR_UPC_TEAM_ALL_ALLTHR true
#define PGASMR_UPC_TEAM(name, call, dk, sk, ver, blk)                                                          \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, std::size_t nbytes,     \
                   pg::Team& t, upc_flag_t sync_mode) {                                                        \
    impl::team<impl::Move::call>(me, #name, dst, src, nullptr, nbytes, t, PGASMR_UPC_TEAM_ALL_##ver, sync_mode); \
  }
#define PGASMR_UPC_PERMUTE_TEAM(name, call, dk, sk, ver, blk)                                                  \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_ints perm,       \
                   std::size_t nbytes, pg::Team& t, upc_flag_t sync_mode) {                                    \
    impl::team<impl::Move::permute>(me, #name, dst, src, &perm, nbytes, t, PGASMR_UPC_TEAM_ALL_##ver, sync_mode); \
  }

// A.2 broadcast_v: (dst, src, ddisp, nelems, [dst_blk,] typesize, [root,] sync_mode)
#define PGASMR_UPC_BROADCAST_V(name, call, dk, sk, ver, blk) PGASMR_UPC_BROADCAST_V_##ver(name, dk, sk, ver, blk)
#define PGASMR_UPC_BROADCAST_V_ABS(name, dk, sk, ver, blk) PGASMR_UPC_BROADCAST_V_WITH(name, dk, sk, ver, blk, ddisp, )
#define PGASMR_UPC_BROADCAST_V_ROOTED(name, dk, sk, ver, blk) \
  PGASMR_UPC_BROADCAST_V_WITH(name, dk, sk, ver, blk, ddisp, PGASMR_UPC_ROOT_PARAM_ROOTED)
#define PGASMR_UPC_BROADCAST_V_LOCAL(name, dk, sk, ver, blk) \
  PGASMR_UPC_BROADCAST_V_WITH(name, dk, sk, ver, blk, ddisp_local, )
#define PGASMR_UPC_BROADCAST_V_WITH(name, dk, sk, ver, blk, disp, root_param)                                    \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_ints disp,         \
                   std::size_t nelems, PGASMR_UPC_BLK_##blk std::size_t typesize root_param, upc_flag_t sync_mode) { \
    impl::broadcast_v<PGASMR_UPC_DISP_##ver>(me, #name, dst, src, disp, nelems, PGASMR_UPC_BLKARG_##blk, typesize, \
                                             PGASMR_UPC_ROOT_ARG_##ver, sync_mode);                              \
  }
#define PGASMR_UPC_ROOT_ARG_ABS 0
#define PGASMR_UPC_ROOT_ARG_LOCAL 0
#define PGASMR_UPC_BROADCAST_V_RAW(name, dk, sk, ver, blk)                                                      \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_sizes ddisp_raw,  \
                   std::size_t nbytes, PGASMR_UPC_RAWBLK_##blk upc_flag_t sync_mode) {                          \
    impl::broadcast_v<impl::Disp::absolute>(me, #name, dst, src, ddisp_raw, nbytes, PGASMR_UPC_RAWBLKARG_##blk, 1, \
                                            0, sync_mode);                                                      \
  }

// A.2 scatter_v, gather_v: (dst, src, ddisp|sdisp, nelems, [dst_blk,] [src_blk,] typesize, [root,] sync_mode)
#define PGASMR_UPC_SCATTER_V(name, call, dk, sk, ver, blk) \
  PGASMR_UPC_CHUNKS_V_##ver(name, scatter_v, ddisp, dk, sk, ver, blk)
#define PGASMR_UPC_GATHER_V(name, call, dk, sk, ver, blk) \
  PGASMR_UPC_CHUNKS_V_##ver(name, gather_v, sdisp, dk, sk, ver, blk)
#define PGASMR_UPC_CHUNKS_V_ABS(name, fn, disp, dk, sk, ver, blk) PGASMR_UPC_CHUNKS_V_WITH(name, fn, disp, dk, sk, ver, blk, )
#define PGASMR_UPC_CHUNKS_V_LOCAL(name, fn, disp, dk, sk, ver, blk) \
  PGASMR_UPC_CHUNKS_V_WITH(name, fn, disp##_local, dk, sk, ver, blk, )
#define PGASMR_UPC_CHUNKS_V_ROOTED(name, fn, disp, dk, sk, ver, blk) \
  PGASMR_UPC_CHUNKS_V_WITH(name, fn, disp, dk, sk, ver, blk, PGASMR_UPC_ROOT_PARAM_ROOTED)
#define PGASMR_UPC_CHUNKS_V_WITH(name, fn, disp, dk, sk, ver, blk, root_param)                                    \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_ints disp,          \
                   shared_sizes nelems, PGASMR_UPC_BLK_##blk std::size_t typesize root_param, upc_flag_t sync_mode) { \
    impl::fn<PGASMR_UPC_DISP_##ver>(me, #name, dst, src, disp, nelems, PGASMR_UPC_BLKARG_##blk, typesize,        \
                                    PGASMR_UPC_ROOT_ARG_##ver, sync_mode);                                        \
  }
#define PGASMR_UPC_CHUNKS_V_RAW(name, fn, disp, dk, sk, ver, blk)                                                  \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_sizes disp##_raw,    \
                   shared_sizes nbytes, PGASMR_UPC_RAWBLK_##blk upc_flag_t sync_mode) {                            \
    impl::fn<impl::Disp::absolute>(me, #name, dst, src, disp##_raw, nbytes, PGASMR_UPC_RAWBLKARG_##blk, 1, 0,      \
                                   sync_mode);                                                                     \
  }

// A.2 gather_all_v: (dst, src, ddisp, sdisp, nelems, [dst_blk,] [src_blk,] typesize, sync_mode)
#define PGASMR_UPC_ALLGATHER_V(name, call, dk, sk, ver, blk) PGASMR_UPC_ALLGATHER_V_##ver(name, dk, sk, blk)
#define PGASMR_UPC_ALLGATHER_V_ABS(name, dk, sk, blk) \
  PGASMR_UPC_ALLGATHER_V_WITH(name, dk, sk, blk, absolute, shared_ints ddisp, shared_ints sdisp, shared_sizes nelems, ddisp, sdisp)
#define PGASMR_UPC_ALLGATHER_V_LOCAL(name, dk, sk, blk)                                                          \
  PGASMR_UPC_ALLGATHER_V_WITH(name, dk, sk, blk, local, shared_ints ddisp_local, shared_ints sdisp_local,        \
                              shared_sizes nelems, ddisp_local, sdisp_local)
#define PGASMR_UPC_ALLGATHER_V_PRIVPARAM(name, dk, sk, blk)                                                      \
  PGASMR_UPC_ALLGATHER_V_WITH(name, dk, sk, blk, absolute, int ddisp, std::span<const int> sdisp,               \
                              std::span<const std::size_t> nelems, ddisp, sdisp)
#define PGASMR_UPC_ALLGATHER_V_WITH(name, dk, sk, blk, disp_kind, ddisp_param, sdisp_param, nelems_param, ddisp, sdisp) \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, ddisp_param, sdisp_param, \
                   nelems_param, PGASMR_UPC_BLK_##blk std::size_t typesize, upc_flag_t sync_mode) {               \
    impl::allgather_v<impl::Disp::disp_kind>(me, #name, dst, src, ddisp, sdisp, nelems, PGASMR_UPC_BLKARG_##blk, \
                                             typesize, sync_mode);                                               \
  }
#define PGASMR_UPC_ALLGATHER_V_RAW(name, dk, sk, blk)                                                            \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_sizes ddisp_raw,   \
                   shared_sizes sdisp_raw, shared_sizes nbytes, PGASMR_UPC_RAWBLK_##blk upc_flag_t sync_mode) {   \
    impl::allgather_v<impl::Disp::absolute>(me, #name, dst, src, ddisp_raw, sdisp_raw, nbytes,                   \
                                            PGASMR_UPC_RAWBLKARG_##blk, 1, sync_mode);                           \
  }

// A.2 exchange_v: (dst, src, exchange, nelems, [dst_blk,] [src_blk,] typesize, [disp,] sync_mode)
#define PGASMR_UPC_EXCHANGE_V(name, call, dk, sk, ver, blk) PGASMR_UPC_EXCHANGE_V_##ver(name, dk, sk, blk)
#define PGASMR_UPC_EXCHANGE_V_ABS(name, dk, sk, blk)                                                             \
  PGASMR_UPC_EXCHANGE_V_WITH(name, dk, sk, blk, absolute, false, shared_ints exchange, shared_sizes nelems,      \
                             exchange, , nullptr)
#define PGASMR_UPC_EXCHANGE_V_LOCAL(name, dk, sk, blk)                                                           \
  PGASMR_UPC_EXCHANGE_V_WITH(name, dk, sk, blk, local, false, shared_ints exchange_local, shared_sizes nelems,   \
                             exchange_local, , nullptr)
#define PGASMR_UPC_EXCHANGE_V_MERGE(name, dk, sk, blk)                                                           \
  PGASMR_UPC_EXCHANGE_V_WITH(name, dk, sk, blk, absolute, true, shared_ints exchange, shared_sizes nelems,       \
                             exchange, PGASMR_UPC_COMMA shared_ints disp, disp)
#define PGASMR_UPC_EXCHANGE_V_MERGE_LOCAL(name, dk, sk, blk)                                                     \
  PGASMR_UPC_EXCHANGE_V_WITH(name, dk, sk, blk, local, true, shared_ints exchange_local, shared_sizes nelems,     \
                             exchange_local, PGASMR_UPC_COMMA shared_ints disp_local, disp_local)
#define PGASMR_UPC_EXCHANGE_V_PRIVPARAM(name, dk, sk, blk)                                                       \
  PGASMR_UPC_EXCHANGE_V_WITH(name, dk, sk, blk, absolute, false, std::span<const int> exchange,                  \
                             std::span<const std::size_t> nelems, exchange, , nullptr)
#define PGASMR_UPC_COMMA ,
#define PGASMR_UPC_EXCHANGE_V_WITH(name, dk, sk, blk, disp_kind, merge, exchange_param, nelems_param, exchange,    \
                                   disp_param, disp)                                                              \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, exchange_param,            \
                   nelems_param, PGASMR_UPC_BLK_##blk std::size_t typesize disp_param, upc_flag_t sync_mode) {    \
    impl::exchange_v<impl::Disp::disp_kind, merge>(me, #name, dst, src, exchange, nelems, PGASMR_UPC_BLKARG_##blk, \
                                                   typesize, disp, sync_mode);                                   \
  }
#define PGASMR_UPC_EXCHANGE_V_RAW(name, dk, sk, blk)                                                             \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_sizes exchange_raw, \
                   shared_sizes nbytes, PGASMR_UPC_RAWBLK_##blk upc_flag_t sync_mode) {                          \
    impl::exchange_v<impl::Disp::absolute, false>(me, #name, dst, src, exchange_raw, nbytes,                     \
                                                  PGASMR_UPC_RAWBLKARG_##blk, 1, nullptr, sync_mode);            \
  }

// A.2 permute_v: (dst, src, perm, disp, nelems, [dst_blk,] [src_blk,] typesize, sync_mode)
#define PGASMR_UPC_PERMUTE_V(name, call, dk, sk, ver, blk) PGASMR_UPC_PERMUTE_V_##ver(name, dk, sk, blk)
#define PGASMR_UPC_PERMUTE_V_ABS(name, dk, sk, blk) PGASMR_UPC_PERMUTE_V_WITH(name, dk, sk, blk, absolute, disp)
#define PGASMR_UPC_PERMUTE_V_LOCAL(name, dk, sk, blk) PGASMR_UPC_PERMUTE_V_WITH(name, dk, sk, blk, local, disp_local)
#define PGASMR_UPC_PERMUTE_V_WITH(name, dk, sk, blk, disp_kind, disp)                                             \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_ints perm,          \
                   shared_ints disp, shared_sizes nelems, PGASMR_UPC_BLK_##blk std::size_t typesize,              \
                   upc_flag_t sync_mode) {                                                                        \
    impl::permute_v<impl::Disp::disp_kind>(me, #name, dst, src, perm, disp, nelems, PGASMR_UPC_BLKARG_##blk,     \
                                           typesize, sync_mode);                                                 \
  }
#define PGASMR_UPC_PERMUTE_V_RAW(name, dk, sk, blk)                                                              \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_ints perm,         \
                   shared_sizes disp_raw, shared_sizes nbytes, PGASMR_UPC_RAWBLK_##blk upc_flag_t sync_mode) {   \
    impl::permute_v<impl::Disp::absolute>(me, #name, dst, src, perm, disp_raw, nbytes, PGASMR_UPC_RAWBLKARG_##blk, \
                                          1, sync_mode);                                                         \
  }

// A.2 vector_copy: (dst, src, ddisp, sdisp, nelems, nchunks, dst_blk, src_blk, typesize, sync_mode)
#define PGASMR_UPC_VECTOR_COPY(name, call, dk, sk, ver, blk) PGASMR_UPC_VECTOR_COPY_##ver(name, dk, sk, blk)
#define PGASMR_UPC_VECTOR_COPY_ABS(name, dk, sk, blk) \
  PGASMR_UPC_VECTOR_COPY_WITH(name, dk, sk, blk, shared_ints, shared_ints, shared_sizes)
#define PGASMR_UPC_VECTOR_COPY_PRIVPARAM(name, dk, sk, blk) \
  PGASMR_UPC_VECTOR_COPY_WITH(name, dk, sk, blk, std::span<const int>, std::span<const int>, std::span<const std::size_t>)
#define PGASMR_UPC_VECTOR_COPY_WITH(name, dk, sk, blk, ddisp_type, sdisp_type, nelems_type)                      \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, ddisp_type ddisp,          \
                   sdisp_type sdisp, nelems_type nelems, int nchunks, PGASMR_UPC_BLK_##blk std::size_t typesize,  \
                   upc_flag_t sync_mode) {                                                                        \
    impl::vector_copy(me, #name, dst, src, ddisp, sdisp, nelems, nchunks, PGASMR_UPC_BLKARG_##blk, typesize,     \
                      sync_mode);                                                                                \
  }
#define PGASMR_UPC_VECTOR_COPY_RAW(name, dk, sk, blk)                                                            \
  inline void name(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, shared_sizes ddisp_raw,   \
                   shared_sizes sdisp_raw, shared_sizes nbytes, int nchunks, PGASMR_UPC_RAWBLK_##blk             \
                   upc_flag_t sync_mode) {                                                                       \
    impl::vector_copy(me, #name, dst, src, ddisp_raw, sdisp_raw, nbytes, nchunks, PGASMR_UPC_RAWBLKARG_##blk, 1, \
                      sync_mode);                                                                                \
  }

// The typed names: (T, TYPE, prefix, suffix, call, dst, src, version)
#define PGASMR_UPC_T_REDUCE_IN_PLACE(T, TYPE, prefix, suffix, call, dk, sk, ver)                                  \
  inline void prefix##T##suffix(pg::Context& me, PGASMR_UPC_DST_##dk buffer, upc_op_t op, std::size_t nelems,    \
                                std::size_t blk_size PGASMR_UPC_ROOT_PARAM_##ver, TYPE (*func)(TYPE, TYPE),      \
                                upc_flag_t sync_mode) {                                                          \
    impl::reduce_in_place<TYPE, impl::Reduction::call>(me, PGASMR_UPC_STR(prefix##T##suffix), buffer, op, nelems, \
                                                       blk_size, PGASMR_UPC_ROOT_ARG_##ver, func, sync_mode);    \
  }
#define PGASMR_UPC_T_REDUCE(T, TYPE, prefix, suffix, call, dk, sk, ver)                                             \
  inline void prefix##T##suffix(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, upc_op_t op,    \
                                std::size_t nelems, std::size_t blk_size, TYPE (*func)(TYPE, TYPE),                \
                                upc_flag_t sync_mode) {                                                            \
    impl::reduce_standard<TYPE, impl::Reduction::call>(me, PGASMR_UPC_STR(prefix##T##suffix), dst, src, op, nelems, \
                                                       blk_size, func, sync_mode);                                 \
  }
#define PGASMR_UPC_T_REDUCE_V(T, TYPE, prefix, suffix, call, dk, sk, ver)                                           \
  inline void prefix##T##suffix(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, upc_op_t op,    \
                                shared_ints sdisp, shared_sizes nelems, int nchunks, std::size_t src_blk,          \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode) {                                  \
    impl::reduce_v<TYPE, impl::Reduction::call>(me, PGASMR_UPC_STR(prefix##T##suffix), dst, src, op, sdisp, nelems, \
                                                nchunks, src_blk, func, sync_mode);                                \
  }
#define PGASMR_UPC_T_PREFIX_REDUCE_V(T, TYPE, prefix, suffix, call, dk, sk, ver)                                    \
  inline void prefix##T##suffix(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, upc_op_t op,    \
                                shared_ints ddisp, shared_ints sdisp, shared_sizes nelems, int nchunks,            \
                                std::size_t dst_blk, std::size_t src_blk, TYPE (*func)(TYPE, TYPE),                \
                                upc_flag_t sync_mode) {                                                            \
    impl::prefix_reduce_v<TYPE>(me, PGASMR_UPC_STR(prefix##T##suffix), dst, src, op, ddisp, sdisp, nelems, nchunks, \
                                dst_blk, src_blk, func, sync_mode);                                                \
  }
#define PGASMR_UPC_T_REDUCE_TEAM(T, TYPE, prefix, suffix, call, dk, sk, ver)                                        \
  inline void prefix##T##suffix(pg::Context& me, PGASMR_UPC_DST_##dk dst, PGASMR_UPC_SRC_##sk src, upc_op_t op,    \
                                std::size_t nelems, std::size_t blk_size, TYPE (*func)(TYPE, TYPE), pg::Team& t,   \
                                upc_flag_t sync_mode) {                                                            \
    impl::reduce_team<TYPE, impl::Reduction::call>(me, PGASMR_UPC_STR(prefix##T##suffix), dst, src, op, nelems,    \
                                                   blk_size, func, t, sync_mode);                                  \
  }

#include <pgasmr/collectives/detail/upc_names.def>

// The row and shape macros are the table's business only (PGASMR_UPC_TYPES stays).
#undef PGASMR_UPC
#undef PGASMR_UPC_ALLGATHER_V
#undef PGASMR_UPC_ALLGATHER_V_ABS
#undef PGASMR_UPC_ALLGATHER_V_LOCAL
#undef PGASMR_UPC_ALLGATHER_V_PRIVPARAM
#undef PGASMR_UPC_ALLGATHER_V_RAW
#undef PGASMR_UPC_ALLGATHER_V_WITH
#undef PGASMR_UPC_BLKARG_D
#undef PGASMR_UPC_BLKARG_DS
#undef PGASMR_UPC_BLKARG_NONE
#undef PGASMR_UPC_BLKARG_S
#undef PGASMR_UPC_BLK_D
#undef PGASMR_UPC_BLK_DS
#undef PGASMR_UPC_BLK_NONE
#undef PGASMR_UPC_BLK_S
#undef PGASMR_UPC_BROADCAST_V
#undef PGASMR_UPC_BROADCAST_V_ABS
#undef PGASMR_UPC_BROADCAST_V_LOCAL
#undef PGASMR_UPC_BROADCAST_V_RAW
#undef PGASMR_UPC_BROADCAST_V_ROOTED
#undef PGASMR_UPC_BROADCAST_V_WITH
#undef PGASMR_UPC_CAT
#undef PGASMR_UPC_CAT2
#undef PGASMR_UPC_CHUNKS_V_ABS
#undef PGASMR_UPC_CHUNKS_V_LOCAL
#undef PGASMR_UPC_CHUNKS_V_RAW
#undef PGASMR_UPC_CHUNKS_V_ROOTED
#undef PGASMR_UPC_CHUNKS_V_WITH
#undef PGASMR_UPC_COMMA
#undef PGASMR_UPC_DISP_ABS
#undef PGASMR_UPC_DISP_LOCAL
#undef PGASMR_UPC_DISP_ROOTED
#undef PGASMR_UPC_DST_P
#undef PGASMR_UPC_DST_S
#undef PGASMR_UPC_EXCHANGE_V
#undef PGASMR_UPC_EXCHANGE_V_ABS
#undef PGASMR_UPC_EXCHANGE_V_LOCAL
#undef PGASMR_UPC_EXCHANGE_V_MERGE
#undef PGASMR_UPC_EXCHANGE_V_MERGE_LOCAL
#undef PGASMR_UPC_EXCHANGE_V_PRIVPARAM
#undef PGASMR_UPC_EXCHANGE_V_RAW
#undef PGASMR_UPC_EXCHANGE_V_WITH
#undef PGASMR_UPC_GATHER_V
#undef PGASMR_UPC_IN_PLACE
#undef PGASMR_UPC_MOVE
#undef PGASMR_UPC_NOINLINE
#undef PGASMR_UPC_PERMUTE
#undef PGASMR_UPC_PERMUTE_IN_PLACE
#undef PGASMR_UPC_PERMUTE_TEAM
#undef PGASMR_UPC_PERMUTE_V
#undef PGASMR_UPC_PERMUTE_V_ABS
#undef PGASMR_UPC_PERMUTE_V_LOCAL
#undef PGASMR_UPC_PERMUTE_V_RAW
#undef PGASMR_UPC_PERMUTE_V_WITH
#undef PGASMR_UPC_RAWBLKARG_D
#undef PGASMR_UPC_RAWBLKARG_DS
#undef PGASMR_UPC_RAWBLKARG_S
#undef PGASMR_UPC_RAWBLK_D
#undef PGASMR_UPC_RAWBLK_DS
#undef PGASMR_UPC_RAWBLK_S
#undef PGASMR_UPC_ROOT_ARG_ABS
#undef PGASMR_UPC_ROOT_ARG_LOCAL
#undef PGASMR_UPC_ROOT_ARG_PLAIN
#undef PGASMR_UPC_ROOT_ARG_ROOTED
#undef PGASMR_UPC_ROOT_PARAM_PLAIN
#undef PGASMR_UPC_ROOT_PARAM_ROOTED
#undef PGASMR_UPC_SCATTER_V
#undef PGASMR_UPC_SRC_P
#undef PGASMR_UPC_SRC_S
#undef PGASMR_UPC_STR
#undef PGASMR_UPC_STR2
#undef PGASMR_UPC_T
#undef PGASMR_UPC_TEAM
#undef PGASMR_UPC_TEAM_ALL_ALLTHR
#undef PGASMR_UPC_TEAM_ALL_TEAM
#undef PGASMR_UPC_T_PREFIX_REDUCE_V
#undef PGASMR_UPC_T_REDUCE
#undef PGASMR_UPC_T_REDUCE_IN_PLACE
#undef PGASMR_UPC_T_REDUCE_TEAM
#undef PGASMR_UPC_T_REDUCE_V
#undef PGASMR_UPC_VECTOR_COPY
#undef PGASMR_UPC_VECTOR_COPY_ABS
#undef PGASMR_UPC_VECTOR_COPY_PRIVPARAM
#undef PGASMR_UPC_VECTOR_COPY_RAW
#undef PGASMR_UPC_VECTOR_COPY_WITH
#undef PGASMR_UPC_X
#undef PGASMR_UPC_X_T

}  // namespace pgasmr::coll::upc
