#pragma once
/// @file
/// Vocabulary shared by every PGAS header.

namespace pgasmr::pgas {

/// A global PGAS thread id, 0 <= id < THREADS (UPC's MYTHREAD).
using thread_id = int;

/// A rank inside a Team, 0 <= rank < team.size(). Distinct name from thread_id on purpose:
/// convert with Team::thread_of / Team::rank_of.
using team_rank = int;

}  // namespace pgasmr::pgas
