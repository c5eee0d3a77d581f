#pragma once
/// @file
/// Umbrella header of the extended collectives.

#include <pgasmr/collectives/allgather.hpp>
#include <pgasmr/collectives/broadcast.hpp>
#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/displacements.hpp>
#include <pgasmr/collectives/exact_sum_by_exponent.hpp>
#include <pgasmr/collectives/exchange.hpp>
#include <pgasmr/collectives/gather.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/operators.hpp>
#include <pgasmr/collectives/permute.hpp>
#include <pgasmr/collectives/prefix_reduce.hpp>
#include <pgasmr/collectives/reduce.hpp>
#include <pgasmr/collectives/reduce_scatter.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/collectives/scatter.hpp>
#include <pgasmr/collectives/vector_copy.hpp>
