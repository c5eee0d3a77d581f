#pragma once
/// @file
/// prefix_reduce (upc_all_prefix_reduceT) and prefix_reduce_v: the running fold of a
/// distributed input, inclusive or exclusive.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/fold.hpp>
#include <pgasmr/collectives/detail/nonblocking.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/collectives/reduce.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

enum class Scan : bool {
  inclusive,  ///< out[i] = in[0] op ... op in[i]
  exclusive,  ///< out[i] = in[0] op ... op in[i - 1]; out[0] = the operator's identity
};

namespace detail {
template <class T, class Op>
void prefix_fold(pg::Context& me, const BufferRef& target, const BufferRef& source,
                 std::optional<std::span<const Chunk>> chunks,
                 std::span<const std::size_t> dst_offsets, const Op& op, Scan scan, const Options& options,
                 const char* operation) {
  if constexpr (!with_identity<Op, T>) {
    if (scan == Scan::exclusive)
      refuse(me, options, operation, "an exclusive scan needs an operator with an identity (op::add, ...)");
  }
  Arena arena;
  std::pmr::vector<std::byte> fetched(arena.resource());
  auto agreement = agreed<T, Op>(-1, static_cast<std::uint64_t>(scan));
  if (chunks) agreement.chunks = shared_chunks(source, *chunks);
  auto member = membership(me, options, operation, target, source, agreement).mine;
  if (source.is_shared()) sync_in(me, options);
  auto pieces = pieces_of(me, member, source, chunks, dst_offsets, options, operation, fetched);
  // The partials continue into running results, which are in order: so are the partials.
  auto partials = fold_pieces<T>(pieces, op, true, FloatOrder::in_order, arena.resource());
  auto everyone = *exchange_partials(me, partials, options);

  // A private input's results go after those of the members before the caller.
  std::size_t before_me = 0;
  if (!source.is_shared())
    for (const auto& partial : everyone)
      if (partial.at.member < static_cast<std::uint64_t>(member)) before_me += partial.count;

  using Fold = Folding<T, Op>;
  std::size_t next = 0, private_at = 0;
  bool have_prefix = false;
  accumulator_t<T, Op> prefix{};
  std::vector<T> out;  // one piece's results, reused
  for (const auto& piece : pieces) {
    for (; next < everyone.size() && everyone[next].at < piece.at; ++next) {
      if (have_prefix) Fold::merge(op, prefix, everyone[next].value);
      else prefix = everyone[next].value;
      have_prefix = true;
    }
    out.resize(piece.count);
    bool have = have_prefix;
    auto acc = prefix;
    for (std::size_t i = 0; i < piece.count; ++i) {
      auto x = load<T>(piece.data, i);
      if (scan == Scan::exclusive) {
        if constexpr (with_identity<Op, T>) out[i] = have ? Fold::result(op, acc) : Op::template identity<T>();
      }
      if (have) Fold::add(op, acc, x);
      else acc = Fold::start(op, x);
      have = true;
      if (scan == Scan::inclusive) out[i] = Fold::result(op, acc);
    }
    std::size_t index = 0;
    if (!target.is_shared()) {
      index = dst_offsets.empty() ? private_at : piece.destination;
      private_at += piece.count;
    } else {
      index = piece.destination + (!source.is_shared() && dst_offsets.empty() ? before_me : 0);
    }
    write_bytes(me, target, index * sizeof(T), std::as_bytes(std::span(out)), operation);
  }
  sync_out(me, options);
}
}  // namespace detail

/// Element i of the input order receives the fold of the input up to i. The input is a shared
/// view (index order) or each member's private span (members in rank order). A shared dst
/// receives result i at index i; a private dst receives the results of the caller's own input
/// elements, in order. @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void prefix_reduce(pg::Context& me, D&& dst, S&& src, Op op = {}, Scan scan = Scan::inclusive,
                   const Options& options = {}) {
  detail::prefix_fold<element_of<D>>(me, detail::erase(dst), detail::erase(src), std::nullopt, {}, op, scan, options,
                                     "prefix_reduce");
}

/// Vector variant (upc_all_prefix_reduceT_v): the input is the concatenation of the chunks
/// (chunk order; see reduce_v). Chunk k's results go to dst_offsets[k] + i when offsets are
/// given; otherwise to their position in the input order (shared dst) or packed in the
/// caller's private dst.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void prefix_reduce_v(pg::Context& me, D&& dst, S&& src, std::span<const Chunk> chunks,
                     std::span<const std::size_t> dst_offsets = {}, Op op = {}, Scan scan = Scan::inclusive,
                     const Options& options = {}) {
  detail::prefix_fold<element_of<D>>(me, detail::erase(dst), detail::erase(src), chunks, dst_offsets, op, scan,
                                     options, "prefix_reduce_v");
}

/// Non-blocking forms (MPI_Iscan, MPI_Iexscan): the arguments and meaning of the blocking forms
/// above; each starts the collective and returns at once with the Request that completes it
/// (request.hpp).
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request iprefix_reduce(pg::Context& me, D&& dst, S&& src, Op op = {}, Scan scan = Scan::inclusive,
                       const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), op,
               scan](pg::Context& caller, const Options& on_twin) {
    prefix_reduce(caller, to, from, op, scan, on_twin);
  };
  return detail::start(me, options, std::move(body));
}

template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>> && lasting_buffer<D> && lasting_buffer<S>
Request iprefix_reduce_v(pg::Context& me, D&& dst, S&& src, std::span<const Chunk> chunks,
                         std::span<const std::size_t> dst_offsets = {}, Op op = {}, Scan scan = Scan::inclusive,
                         const Options& options = {}) {
  auto body = [to = detail::view(dst), from = detail::view(src), pieces = detail::owned(chunks),
               offsets = detail::owned(dst_offsets), op, scan](pg::Context& caller, const Options& on_twin) {
    prefix_reduce_v(caller, to, from, std::span<const Chunk>(pieces), std::span<const std::size_t>(offsets), op, scan,
                    on_twin);
  };
  return detail::start(me, options, std::move(body));
}

}  // namespace pgasmr::coll
