#pragma once
/// @file
/// apply_map: runs the user's sequential map function over the input, spread over the PGAS
/// threads (UPC-MR's ApplyMap). Every thread holds the whole input (each process reads or maps
/// its own copy, as the thesis's replicated input), and the distribution, computed from global
/// thread ids, gives each element to exactly one thread of the whole job. The pairs a thread's
/// calls emit stay in its private container until apply_reduce.

#include <cstddef>
#include <ranges>
#include <span>
#include <type_traits>

#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/detail/dynamic_claims.hpp>
#include <pgasmr/mapreduce/distribution.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::mr {

/// Inputs of an element-by-element map: anything indexable with a size (std::vector, std::span,
/// std::views::iota, ...).
template <class R>
concept map_input = std::ranges::random_access_range<R> && std::ranges::sized_range<R>;

/// Element-by-element map: `map_fn(element, out)` once for every element this thread owns
/// under `distribution`; it may call `out.emit(key, value)` any number of times.
///
/// Collective: every thread calls it with an input of the same size and the same distribution
/// (DYNAMIC claims through counters in shared memory; the others need no communication). Throws
/// std::invalid_argument for weights of the wrong length. An exception from map_fn leaves apply_map on that thread
/// (under DYNAMIC once the others have mapped the chunks they hold; no thread claims more);
/// Runtime::run then cancels the other threads, whose maps stop within 64 elements, and rethrows
/// it. The body may also catch it and go on: the other threads' calls end as usual, and the
/// output lacks what the thread's remaining elements would have emitted (under DYNAMIC, the
/// chunks nobody had claimed yet).
template <map_input R, Container C, class MapFn>
void apply_map(pgas::Context& me, R&& input, MapFn&& map_fn, C& out, const Distribution& distribution = block()) {
  static_assert(std::is_invocable_v<MapFn&, std::ranges::range_reference_t<R>, C&>,
                "apply_map: map_fn must be callable as map_fn(const Element& element, Container& out)");
  auto n = static_cast<std::size_t>(std::ranges::size(input));
  auto threads = me.threads();
  validate(distribution, n, threads);
  auto first = std::ranges::begin(input);
  std::size_t mapped = 0;
  auto map_range = [&](ElementRange range) {
    for (auto i = range.begin; i < range.end; ++i) {
      // Once another thread's failure cancels the job, stop within 64 elements instead of
      // mapping the rest first (the failure is reported only when every thread has stopped).
      if (mapped++ % 64 == 0) me.throw_if_cancelled();
      map_fn(first[static_cast<std::ranges::range_difference_t<R>>(i)], out);
    }
  };
  auto kind = distribution.kind;
  if (kind == DistributionKind::best_fit) kind = resolve_best_fit(distribution.weights, n, threads);
  switch (kind) {
    case DistributionKind::block:
      map_range(block_range(n, threads, me.thread()));
      return;
    case DistributionKind::cyclic:
      for (auto i = static_cast<std::size_t>(me.thread()); i < n; i += static_cast<std::size_t>(threads)) map_range({i, i + 1});
      return;
    case DistributionKind::balanced: {
      auto owner = owners(balanced(element_weights(distribution)), n, threads);
      for (std::size_t i = 0; i < n; ++i)
        if (owner[i] == me.thread()) map_range({i, i + 1});
      return;
    }
    case DistributionKind::dynamic: {
      detail::DynamicClaims claims(me, n, distribution.chunk);
      try {
        while (auto range = claims.next()) map_range(*range);
      } catch (...) {
        claims.stop();
        claims.release();  // with the others, once they have mapped the chunks they hold
        throw;
      }
      return;
    }
    case DistributionKind::best_fit: break;  // resolved above
  }
}

namespace detail {
template <std::ranges::contiguous_range R>
auto as_const_span(R&& input) {
  return std::span<const std::ranges::range_value_t<R>>(std::ranges::data(input), std::ranges::size(input));
}
}  // namespace detail

/// Selects the array-based map where the user's map function distributes the work itself.
struct user_distribution_t {
  explicit user_distribution_t() = default;
};
inline constexpr user_distribution_t user_distribution{};

/// Array-based map: `map_fn(share, out)` once per thread, with this thread's BLOCK share of the
/// input as one contiguous span (the thesis's optimised Hist map). Needs no communication.
template <std::ranges::contiguous_range R, Container C, class MapFn>
void apply_map_array(pgas::Context& me, R&& input, MapFn&& map_fn, C& out) {
  auto whole = detail::as_const_span(input);
  auto range = block_range(whole.size(), me.threads(), me.thread());
  map_fn(whole.subspan(range.begin, range.size()), out);
}

/// Array-based map with a user distribution (userDefDistrFlag): `map_fn(input, out)` once per
/// thread with the whole input; map_fn picks its own part (e.g. from me.thread()).
template <std::ranges::contiguous_range R, Container C, class MapFn>
void apply_map_array(pgas::Context&, R&& input, MapFn&& map_fn, C& out, user_distribution_t) {
  map_fn(detail::as_const_span(input), out);
}

}  // namespace pgasmr::mr
