#pragma once
// The eager path across processes of one host. When the processes of a team map each other's
// segments, its mailbox can live there too: every member's area (mailbox.hpp) is borrowed from
// the tail of its thread's staging area, where each thread keeps a few areas, one per team that
// uses it at a time. A team sets this up on the first eager call of its members: each process
// picks a free area index for its members and the processes exchange their indices once.
// They also learn each other's process ids and whether they may read and write each other's
// private memory (process_vm_readv, Linux's cross-memory attach), for single_copy.hpp.

#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

#include <sys/types.h>

#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll::detail {

namespace pg = pgasmr::pgas;

class Participants;
struct Channel;

/// Which of its threads' mailbox areas this process has lent to teams.
class MailboxAreas {
 public:
  /// The process's lender.
  static MailboxAreas& of_process();
  /// A free area index below `count`, or -1 when all are lent.
  int take(std::size_t count);
  void give_back(int index);

 private:
  std::mutex mutex_;
  std::vector<bool> lent_;
};

/// A channel's hold on the areas of its members, when its team spans processes of one host.
class HostMailbox {
 public:
  enum class State : unsigned char { undecided, ready, unavailable };

  State state() const noexcept { return state_.load(std::memory_order_acquire); }
  void decide(State state) noexcept { state_.store(state, std::memory_order_release); }
  /// Remembers the area index lent to this team.
  void hold(MailboxAreas& areas, int index);
  /// The process ids by process (0 for processes without members) when every process of the
  /// team may read and write the private memory of every other; empty otherwise. Set with the
  /// state.
  std::vector<pid_t> pids;
  /// Gives the index back when nobody reads the areas any more (`drained`); otherwise keeps it
  /// lent for the life of the process, since a member of another process may still be reading.
  void release(bool drained) noexcept;

 private:
  std::atomic<State> state_{State::undecided};
  MailboxAreas* areas_ = nullptr;
  int index_ = -1;
};

/// True when the channel's mailbox reaches every member: at once for a team inside one process,
/// after the setup for a team across processes of one host (every member calls this on each
/// eager attempt, and all make the same attempts, so they all set up in the same call), never
/// otherwise.
bool mailbox_reaches_all(const Participants&, Channel&);

/// Bytes of every thread's staging area left to the executor's staged copies: the tail holds
/// the mailbox areas.
std::size_t staging_capacity(const pg::Context&);

}  // namespace pgasmr::coll::detail
