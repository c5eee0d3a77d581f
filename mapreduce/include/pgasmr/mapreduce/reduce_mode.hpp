#pragma once
/// @file
/// Where apply_reduce brings the intermediate pairs (the thesis's gathFlag and collFlag).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <pgasmr/pgas/types.hpp>

namespace pgasmr::pgas {
class Context;
}

namespace pgasmr::mr {

/// by_key's optional last step: gather the reduced keys to every thread or to one.
struct FinalGather {
  enum class Kind : std::uint8_t { none, all, root };
  Kind kind = Kind::none;
  pgas::thread_id root = 0;
};

inline constexpr FinalGather then_gather_all{FinalGather::Kind::all, 0};
constexpr FinalGather then_gather_root(pgas::thread_id root) { return {FinalGather::Kind::root, root}; }

/// The communication each kind names is what travels between processes; the threads of one
/// process read each other's containers in place (apply_reduce), with the same results.
struct ReduceMode {
  enum class Kind : std::uint8_t {
    no_comm,  ///< UPC_MR_NOCOMM: each thread reduces its own pairs; no communication
    all,      ///< UPC_MR_ALLCOMM: priv allgather_v of every thread's pairs; everyone reduces all
    root,     ///< gathFlag = t: priv gather_v to thread `root`, which reduces; the others get nothing
    by_key,   ///< beyond the thesis: exchange_v sends each key to its owner thread, which reduces
              ///< it (keys hash-partitioned); then `then` may gather the reduced keys
  };
  Kind kind = Kind::all;
  pgas::thread_id root = 0;
  FinalGather then{};
};

inline constexpr ReduceMode no_comm{ReduceMode::Kind::no_comm, 0, {}};
inline constexpr ReduceMode all{ReduceMode::Kind::all, 0, {}};
constexpr ReduceMode root(pgas::thread_id thread) { return {ReduceMode::Kind::root, thread, {}}; }
constexpr ReduceMode by_key(FinalGather then = {}) { return {ReduceMode::Kind::by_key, 0, then}; }

/// Where a mode's reduced keys end, as by_key's final gather: all and root(t) leave the same
/// keys and values as by_key gathered to every thread or to t. (no_comm folds no two threads'
/// pairs: none.)
constexpr FinalGather final_gather_of(const ReduceMode& mode) {
  switch (mode.kind) {
    case ReduceMode::Kind::all: return then_gather_all;
    case ReduceMode::Kind::root: return then_gather_root(mode.root);
    case ReduceMode::Kind::by_key: return mode.then;
    case ReduceMode::Kind::no_comm: break;
  }
  return {};
}

/// How the pairs travel (the thesis's collFlag).
enum class Transfer : std::uint8_t {
  collective,  ///< one vector-variant priv collective per step (default)
  one_by_one,  ///< every pair is put on its own into the destination's shared memory (collFlag
               ///< off); kept to compare with
};

/// Throws std::invalid_argument when a root is not a thread of the job.
void validate(const ReduceMode&, const pgas::Context&);

/// "no_comm", "all", "root(3)", "by_key", "by_key+gather_all", "by_key+gather_root(0)".
std::string to_string(const ReduceMode&);
/// The names to_string gives; "root" alone is root(0). nullopt for anything else.
std::optional<ReduceMode> parse_reduce_mode(std::string_view);

}  // namespace pgasmr::mr
