#pragma once
/// @file
/// Umbrella header of the UPC-MR engine (namespace pgasmr::mr): apply_map, apply_reduce, the
/// distributions, containers, combiners, reduce modes and data paths.

#include <pgasmr/mapreduce/apply_map.hpp>
#include <pgasmr/mapreduce/apply_reduce.hpp>
#include <pgasmr/mapreduce/array_container.hpp>
#include <pgasmr/mapreduce/case_insensitive.hpp>
#include <pgasmr/mapreduce/combiners.hpp>
#include <pgasmr/mapreduce/container.hpp>
#include <pgasmr/mapreduce/distribution.hpp>
#include <pgasmr/mapreduce/encoding.hpp>
#include <pgasmr/mapreduce/hash.hpp>
#include <pgasmr/mapreduce/hash_container.hpp>
#include <pgasmr/mapreduce/list_container.hpp>
#include <pgasmr/mapreduce/reduce_mode.hpp>
#include <pgasmr/mapreduce/result.hpp>
