#pragma once
/// @file
/// Umbrella header of the PGAS layer.

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/config.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/forall.hpp>
#include <pgasmr/pgas/global_ptr.hpp>
#include <pgasmr/pgas/lock.hpp>
#include <pgasmr/pgas/memory.hpp>
#include <pgasmr/pgas/rma.hpp>
#include <pgasmr/pgas/runtime.hpp>
#include <pgasmr/pgas/process_group.hpp>
#include <pgasmr/pgas/shared_array.hpp>
#include <pgasmr/pgas/shared_span.hpp>
#include <pgasmr/pgas/team.hpp>
#include <pgasmr/pgas/topology.hpp>
