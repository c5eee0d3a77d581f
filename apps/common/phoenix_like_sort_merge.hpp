#pragma once
/// @file
/// The merge phase of Phoenix++'s MapReduceSort, for the Phoenix-like baselines: each reduce
/// worker's list is sorted (stably) on a thread of its own, then the lists are merged two by two
/// in parallel rounds until one is left.

#include <algorithm>
#include <cstddef>
#include <vector>

#include "common/workers.hpp"

namespace pgasmr::apps {

/// `lists` (at least one) sorted by `less` into one list.
template <class T, class Less>
std::vector<T> phoenix_sort_merge(std::vector<std::vector<T>> lists, Less less) {
  run_workers(lists.size(), [&](std::size_t i) { std::stable_sort(lists[i].begin(), lists[i].end(), less); });
  while (lists.size() > 1) {
    std::vector<std::vector<T>> merged((lists.size() + 1) / 2);
    run_workers(merged.size(), [&](std::size_t i) {
      if (2 * i + 1 == lists.size()) {  // the odd one out moves on as it is
        merged[i] = std::move(lists[2 * i]);
        return;
      }
      const auto& left = lists[2 * i];
      const auto& right = lists[2 * i + 1];
      merged[i].resize(left.size() + right.size());
      std::merge(left.begin(), left.end(), right.begin(), right.end(), merged[i].begin(), less);
    });
    lists = std::move(merged);
  }
  return std::move(lists.front());
}

}  // namespace pgasmr::apps
