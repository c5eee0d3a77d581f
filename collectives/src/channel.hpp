#pragma once
// Channel: what the members of one team inside a process share from one collective call to the
// next (a team extension, made on first use): the team as this process sees it, the boards of
// the zero-copy path, the staging buffers of the traffic between processes, and the mailbox of
// the eager path (with, for a team across processes of one host, the areas it borrows).

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include <pgasmr/pgas/types.hpp>

#include "host_mailbox.hpp"
#include "mailbox.hpp"
#include "participants.hpp"
#include "routing.hpp"

namespace pgasmr::coll::detail {

/// The last local member's buffers in gather_through_leaders (leader_gather.hpp), kept from call
/// to call so that a small reduction between processes allocates nothing.
struct LeaderBuffers {
  std::vector<std::byte> records;  // this process's members' records
  std::vector<std::byte> block;    // ... as much of them as fits its block
  std::vector<std::byte> blocks;   // every process's block
};

struct Channel {
  Channel() = default;
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;
  /// Gives back the mailbox areas it borrowed (host_mailbox.hpp).
  ~Channel();

  struct Board {
    // The caller's private buffers, [parity][side]. Two sets, because a fast member may publish
    // for its next call while a slow one still reads this call's addresses; it cannot get two
    // calls ahead, since every zero-copy call meets all local members at least once.
    std::array<std::array<std::byte*, 2>, 2> buffers{};
    std::uint64_t calls = 0;
  };
  std::atomic<bool> mapped{false};  // the view below is ready (made once, under `mapping`)
  std::mutex mapping;
  std::vector<Board> boards;          // by local index
  std::vector<Routing> routings;      // by local index: its last small plan's (routing.hpp)
  std::vector<std::byte> send, recv;  // this process's packed traffic to and from the others
  Mailbox mailbox;                    // by mailbox_index
  std::vector<int> mailbox_index;     // by thread: a member's index in the mailbox, or -1
  HostMailbox host_mailbox;           // whether and where the mailbox reaches other processes
  std::vector<std::vector<std::byte>> deposits;  // by local index: bytes for gather_through_leaders
  std::vector<std::byte> gathered;               // its last result
  LeaderBuffers leader_buffers;                  // its scratch
  bool gathered_elsewhere = false;               // ... was gathered at another process only

  // The team as this process sees it, worked out once: a team never changes.
  std::vector<bool> member;          // by thread
  std::vector<pg::thread_id> agent;  // by process: its first member, or -1
  std::vector<int> local_index;      // by thread: index among the team's local members, or -1
  std::vector<int> group_rank;       // by process: rank in the team's process group, or -1
  std::size_t most_local_members = 0;  // the most members any one process hosts
  bool numa_nodes = false;           // this process's threads sit on two or more known NUMA nodes
  bool all_local = false;            // every member lives in this process

  // The gate that keeps a failing member's buffers alive while others copy from them: a member
  // copying is `copying`; a member leaving by an exception closes the gate, so nobody starts
  // copying any more, and waits for those already inside (copies never block).
  std::atomic<int> copying{0};
  std::atomic<bool> closed{false};

  /// Local index of a member thread of this process.
  int local_of(pg::thread_id thread) const { return local_index[static_cast<std::size_t>(thread)]; }
  /// Index of a member thread in the mailbox (of this process, or of the host).
  int mailbox_of(pg::thread_id thread) const { return mailbox_index[static_cast<std::size_t>(thread)]; }
};

/// Holds the channel's gate open for one phase of copies, or throws when a member has left.
class CopyingPhase {
 public:
  explicit CopyingPhase(Channel& channel);
  ~CopyingPhase() { channel_.copying.fetch_sub(1); }
  CopyingPhase(const CopyingPhase&) = delete;
  CopyingPhase& operator=(const CopyingPhase&) = delete;

 private:
  Channel& channel_;
};

/// For a member leaving a collective by an exception while its buffers may be read: fails the
/// job (so nobody waits for it), closes the gate and waits for the copies already inside.
void leave_by_exception(pg::Context& me, Channel& channel) noexcept;

/// The channel of the participants' team, mapped.
Channel& channel_of(const Participants&);

}  // namespace pgasmr::coll::detail
