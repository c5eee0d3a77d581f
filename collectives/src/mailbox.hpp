#pragma once
// Mailbox: the shared memory of the eager path, for teams whose members all live in this
// process, or in processes of one host that map each other's segments (host_mailbox.hpp).
// Each member owns an area: the last round it consumed, then four slots used in turn. In round
// g a member copies what the others need from its buffers into slot g % 4 and stamps the slot
// with g; readers wait for the stamps they need, copy out, and mark round g consumed. A writer
// reuses the slot in round g + 4 only once every member has consumed round g, so a fast member
// runs at most four rounds ahead (a reader's hiccup does not stall it at once, and it checks the
// readers' progress only every few rounds), and nobody ever reads a member's own buffers: a
// member may return as soon as its own reads are done. The stamp shares its cache line with the
// first bytes of the slot, so that a reader of a small post fetches one line. Every member takes
// part in every round (possibly posting and reading nothing), in the same order, because every
// member calls the same collectives.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll::detail {

namespace pg = pgasmr::pgas;

/// Bytes a member may post per round: PGASMR_COLL_EAGER_LIMIT, else 8 KiB; 0 turns the eager
/// path off.
std::size_t eager_limit();

class Mailbox {
 public:
  /// Bytes of one member's area: its consumed counter, then its slots (whole cache lines).
  static std::size_t area_bytes();
  /// Makes `area` (area_bytes(), cache-line aligned) an area of no round yet.
  static void prepare_area(std::byte* area);

  /// Makes room for `members` members in this process's memory (once, before the first round).
  void size_for(int members);
  /// Uses `areas`, one per member, made by prepare_area and mapped by this process, for members
  /// that may live in other processes (once, before the first round).
  void attach(std::vector<std::byte*> areas);
  /// True when every member has consumed every round this process's members started: nobody
  /// reads the areas any more, so they may serve another mailbox.
  bool drained() const;
  int members() const noexcept { return members_; }

  /// One member's part of one round. Construct it in every member for every eager call.
  class Round {
   public:
    Round(Mailbox& mailbox, pg::Context& me, int member);
    /// Marks the round consumed: the caller reads nothing of it any more.
    ~Round();
    Round(const Round&) = delete;
    Round& operator=(const Round&) = delete;

    /// The caller's slot (eager_limit() bytes), once every member has consumed the round that
    /// used it last.
    std::byte* open();
    /// Publishes what the caller wrote into its slot.
    void post();
    /// `member`'s slot of this round, once that member has posted it. `ahead`: the member does
    /// not wait for the caller in this round (it reads nothing the caller posts), so it has likely
    /// posted its next round already; that slot is then fetched into the cache now, for a loop of
    /// collectives. (Fetched early from a member that waits for the caller, it would only bounce.)
    const std::byte* await(int member, bool ahead = false);

   private:
    Mailbox& mailbox_;
    pg::Context& me_;
    int member_;
    std::uint64_t round_;
  };

 private:
  // One cache line (two: the adjacent-line prefetcher pairs them), so that waiting for one
  // member never contends with another member's writes.
  struct alignas(128) Own {
    std::uint64_t rounds = 0;         // rounds this member has started
    std::uint64_t all_consumed = 0;   // a round that every member is known to have consumed
  };

  /// A slot: its stamp (the round it was last posted in), then its bytes.
  std::byte* slot(int member, std::uint64_t round) const noexcept;
  /// The last round `member` finished reading: the first word of its area.
  std::atomic<std::uint64_t>& consumed(int member) const noexcept;
  static std::atomic<std::uint64_t>& word(std::byte* at) noexcept;

  int members_ = 0;
  std::size_t slot_bytes_ = 0;        // of every slot: the stamp and eager_limit() bytes
  std::vector<std::byte*> areas_;     // by member
  std::unique_ptr<Own[]> own_;        // by member: touched by that member only
  std::vector<std::byte> storage_;    // the areas of size_for
};

}  // namespace pgasmr::coll::detail
