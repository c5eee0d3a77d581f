#pragma once
/// @file
/// The two baselines the engine's PCA is compared with.

#include <cstddef>

#include <pgasmr/datasets/integer_table.hpp>

#include "pca/covariance.hpp"

namespace pgasmr::apps::pca {

/// One thread, row by row and pair by pair: the reference that --verify compares with.
PcaResult pca_sequential(const datasets::IntegerTable& matrix);

/// Phoenix++'s PCA on `threads` std::threads, its two jobs one after the other: the rows, then
/// the pairs of rows. As in Phoenix++, each job's splitter first makes all its splits (a row, a
/// pair of rows) into a vector; map tasks from Phoenix++'s queue (phoenix_like_tasks.hpp) emit
/// each split's sum straight into a common array container shared by the workers; the reduce
/// hands out the emitted keys, and the pairs' job (a MapReduceSort) sorts them. As Phoenix++'s,
/// the maps read an int copy of the matrix, and a pair's map sums the products of deviations
/// from the (integer) means, which give the exact sum of products.
PcaResult pca_phoenix_like(const datasets::IntegerTable& matrix, std::size_t threads);

}  // namespace pgasmr::apps::pca
