#pragma once
/// @file
/// prefix_reduce (upc_all_prefix_reduceT): the running fold of a distributed input, inclusive
/// or exclusive.

#include <cstddef>
#include <vector>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/detail/fold.hpp>
#include <pgasmr/collectives/detail/reduction.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll {

enum class Scan : bool {
  inclusive,  ///< out[i] = in[0] op ... op in[i]
  exclusive,  ///< out[i] = in[0] op ... op in[i - 1]; out[0] = the operator's identity
};

/// Element i of the input order receives the fold of the input up to i. The input is a shared
/// view (index order) or each member's private span (members in rank order). A shared dst
/// receives result i at index i; a private dst receives the results of the caller's own input
/// elements, in order. @collective every member.
template <class D, class S, class Op = op::add>
  requires matching_buffers<D, S> && reduction_for<Op, element_of<D>>
void prefix_reduce(pg::Context& me, D&& dst, S&& src, Op op = {}, Scan scan = Scan::inclusive,
                   const Options& options = {}) {
  using T = element_of<D>;
  constexpr auto operation = "prefix_reduce";
  if constexpr (!with_identity<Op, T>) {
    if (scan == Scan::exclusive)
      detail::refuse(me, options, operation, "an exclusive scan needs an operator with an identity (op::add, ...)");
  }
  auto source = detail::erase(src);
  auto target = detail::erase(dst);
  if (source.is_shared()) detail::sync_in(me, options);
  std::vector<std::byte> fetched;
  auto runs = detail::runs_to_fold(me, source, options, operation, fetched);
  auto everyone = detail::exchange_partials(me, detail::fold_runs<T>(runs, op, true), options);

  // Where the caller's private results go, and where a private input's elements sit in the
  // input order (members before it).
  std::size_t private_at = 0;
  auto my_member = static_cast<std::size_t>(detail::membership(me, options, operation).mine);
  std::size_t before_me = 0;
  for (const auto& partial : everyone)
    if (!source.is_shared() && partial.key < my_member) before_me += partial.count;

  std::size_t next = 0;
  bool have_prefix = false;
  T prefix{};
  for (const auto& run : runs) {
    for (; next < everyone.size() && everyone[next].key < run.key; ++next) {
      prefix = have_prefix ? static_cast<T>(op(prefix, everyone[next].value)) : everyone[next].value;
      have_prefix = true;
    }
    std::vector<T> out(run.count);
    bool have = have_prefix;
    T acc = prefix;
    for (std::size_t i = 0; i < run.count; ++i) {
      auto x = detail::load<T>(run.data, i);
      if (scan == Scan::exclusive) {
        if constexpr (with_identity<Op, T>) out[i] = have ? acc : Op::template identity<T>();
      }
      acc = have ? static_cast<T>(op(acc, x)) : x;
      have = true;
      if (scan == Scan::inclusive) out[i] = acc;
    }
    auto bytes = std::as_bytes(std::span(out));
    if (target.is_shared()) {
      auto index = source.is_shared() ? run.key : before_me;
      detail::write_bytes(me, target, index * sizeof(T), bytes, operation);
    } else {
      detail::write_bytes(me, target, private_at * sizeof(T), bytes, operation);
      private_at += run.count;
    }
  }
  detail::sync_out(me, options);
}

}  // namespace pgasmr::coll
