#pragma once
/// @file
/// How apply_map spreads input elements over the PGAS threads: UPC-MR's four algorithms (BLOCK,
/// CYCLIC, BALANCED, BEST_FIT; seed 000, §4.2 and Fig. 4.1) and DYNAMIC, where threads claim
/// chunks of the BLOCK shares, their own first. The static kinds are pure functions of (weights,
/// n, THREADS), so every thread and every process computes the same assignment without
/// communicating.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace pgasmr::mr {

enum class DistributionKind : std::uint8_t {
  block,     ///< contiguous ranges; the first n % THREADS threads get one element more
  cyclic,    ///< element i to thread i % THREADS
  balanced,  ///< greedy in input order: each element to the least loaded thread, ties to the lowest
  best_fit,  ///< BLOCK, else CYCLIC, else BALANCED, by the threshold in weights[0]
  dynamic,   ///< threads claim chunks of `chunk` elements of their own BLOCK share, then of the others'
};

/// A distribution and its parameters. `weights` is not owned: it must outlive the apply_map call.
struct Distribution {
  DistributionKind kind = DistributionKind::block;
  /// balanced: one weight per element (0 for one that costs nothing; they must add up to less
  /// than 2^64). best_fit: the threshold, then one per element.
  std::span<const std::uint64_t> weights{};
  /// dynamic: elements per claim; 0 picks about 16 claims per share.
  std::size_t chunk = 0;
};

inline Distribution block() { return {DistributionKind::block, {}, 0}; }
inline Distribution cyclic() { return {DistributionKind::cyclic, {}, 0}; }
/// weights[i] is the cost of element i (the thesis's "positive integer values"; 0 is allowed).
inline Distribution balanced(std::span<const std::uint64_t> weights) { return {DistributionKind::balanced, weights, 0}; }
/// weights[0] is the threshold: the largest acceptable difference between the most and the least
/// loaded thread. BLOCK is chosen when its difference is strictly below it ("below the
/// threshold", as the thesis says), else CYCLIC when its difference is, else BALANCED; when both
/// BLOCK and CYCLIC pass, BLOCK wins. weights[1..n] are the elements' weights.
inline Distribution best_fit(std::span<const std::uint64_t> threshold_then_weights) {
  return {DistributionKind::best_fit, threshold_then_weights, 0};
}
/// Beyond the thesis: for inputs whose elements' costs are irregular and unknown in advance.
inline Distribution dynamic(std::size_t chunk = 0) { return {DistributionKind::dynamic, {}, chunk}; }

/// Elements [begin, end) of the input.
struct ElementRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const noexcept { return end - begin; }
  friend bool operator==(const ElementRange&, const ElementRange&) = default;
};

/// The element weights of a balanced or best_fit distribution (best_fit's follow its threshold).
std::span<const std::uint64_t> element_weights(const Distribution&);

/// Thread `thread`'s BLOCK share of n elements among `threads`.
ElementRange block_range(std::size_t n, int threads, int thread);

/// The thread that owns each of n elements (a static kind; best_fit resolved). Throws
/// std::invalid_argument for dynamic, zero threads or a weights list of the wrong length.
std::vector<int> owners(const Distribution&, std::size_t n, int threads);
/// The sum of the weights each thread receives (balanced and best_fit weights; 1 per element for
/// block and cyclic).
std::vector<std::uint64_t> loads(const Distribution&, std::size_t n, int threads);
/// Most loaded minus least loaded thread: the thesis's "MAX DIFF".
std::uint64_t max_difference(const Distribution&, std::size_t n, int threads);
/// What best_fit chooses for n elements on `threads` (block, cyclic or balanced).
DistributionKind resolve_best_fit(std::span<const std::uint64_t> threshold_then_weights, std::size_t n, int threads);

/// Throws std::invalid_argument unless `distribution` fits n elements on `threads` threads.
void validate(const Distribution& distribution, std::size_t n, int threads);

std::string_view to_string(DistributionKind);
/// "block", "cyclic", "balanced", "best_fit", "dynamic"; nullopt for anything else.
std::optional<DistributionKind> parse_distribution_kind(std::string_view);

}  // namespace pgasmr::mr
