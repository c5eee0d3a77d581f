#include "tuning_table.hpp"

#include <algorithm>

namespace pgasmr::coll::detail {

const TunedChoice* tuned_row(TrafficShape shape, std::size_t processes, std::size_t largest_stream) {
  auto row = std::ranges::find_if(tuning_table, [&](const TunedChoice& choice) {
    return choice.shape == shape && processes >= choice.least_processes && processes <= choice.most_processes &&
           largest_stream <= choice.largest_stream;
  });
  return row == tuning_table.end() ? nullptr : &*row;
}

Algorithm tuned_algorithm(TrafficShape shape, std::size_t processes, std::size_t largest_stream) {
  const auto* row = tuned_row(shape, processes, largest_stream);
  return row ? row->algorithm : Algorithm::flat;
}

}  // namespace pgasmr::coll::detail
