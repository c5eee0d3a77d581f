#pragma once
/// @file
/// --show-balance: how much work each thread's map elements weigh under a distribution, as the
/// engine's static distributions (mapreduce/distribution.hpp) assign them.

#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include <pgasmr/mapreduce/distribution.hpp>

namespace pgasmr::apps {

/// The summed weights of the elements each of `threads` threads receives under `kind`, built as
/// the apps build it (WeightedDistribution); empty for dynamic, decided while the map runs.
std::vector<std::uint64_t> assigned_weights(mr::DistributionKind kind, std::span<const std::uint64_t> weights,
                                            int threads);

/// "balance (bytes per thread)": a line each for `chosen` (with what best_fit chose), block and
/// cyclic: every thread's weight, then the most minus the least loaded thread.
void print_balance(std::FILE* to, mr::DistributionKind chosen, std::span<const std::uint64_t> weights, int threads);

}  // namespace pgasmr::apps
