#pragma once
// A plan: every byte a collective moves, as copies between places. Each thread builds the same
// plan from the collective's arguments; the executor then runs the part that falls to it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>

#include <boost/container/small_vector.hpp>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/pgas/types.hpp>

#include "participants.hpp"

namespace pgasmr::coll::detail {

/// Which of a member's private buffers a place lies in.
enum class Side : std::uint8_t { source = 0, destination = 1 };

/// A contiguous run of bytes: in a member's private buffer, or in one thread's shared segment.
struct Place {
  pg::thread_id owner;  // the member (private) or the thread whose segment holds it (shared)
  bool shared;
  Side side;            // private only
  std::size_t offset;   // private: into the buffer; shared: into the owner's segment
  friend bool operator==(const Place&, const Place&) = default;
};

struct Copy {
  Place from;
  Place to;
  std::size_t bytes;
  friend bool operator==(const Copy&, const Copy&) = default;

  /// What it reads: copies with the same source move the same bytes.
  using Source = std::tuple<pg::thread_id, bool, Side, std::size_t, std::size_t>;
  Source source() const { return {from.owner, from.shared, from.side, from.offset, bytes}; }
};

/// Builds a plan from transfers between buffer ranges, splitting shared ranges at block
/// boundaries so that every copy touches one contiguous run on each side.
class Plan {
 public:
  /// Most collectives plan one or more copies per member: room for them at once.
  explicit Plan(const Participants& participants) : participants_(participants) {
    copies_.reserve(static_cast<std::size_t>(participants.count()));
  }
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  /// `bytes` from byte `from_offset` of `from` (member `from_member`'s, if private) to byte
  /// `to_offset` of `to` (member `to_member`'s, if private). Member indexes are those of the
  /// participants' addressing.
  void transfer(const BufferRef& from, Side from_side, int from_member, std::size_t from_offset, const BufferRef& to,
                Side to_side, int to_member, std::size_t to_offset, std::size_t bytes) {
    if (bytes == 0) return;
    // Private to private, the small collectives' case: one copy, nothing to split.
    if (!from.is_shared() && !to.is_shared()) {
      copies_.push_back({{participants_.thread_of(from_member), false, from_side, from_offset},
                         {participants_.thread_of(to_member), false, to_side, to_offset},
                         bytes});
      return;
    }
    transfer_split(from, from_side, from_member, from_offset, to, to_side, to_member, to_offset, bytes);
  }

  std::span<const Copy> copies() const noexcept { return {copies_.data(), copies_.size()}; }

 private:
  void transfer_split(const BufferRef& from, Side from_side, int from_member, std::size_t from_offset,
                      const BufferRef& to, Side to_side, int to_member, std::size_t to_offset, std::size_t bytes);
  Place place(const BufferRef& buffer, Side side, int member, std::size_t offset, std::size_t& run) const;

  const Participants& participants_;
  // The copies of a collective among a few members stay on the stack: a small collective's fixed
  // cost should not include an allocation.
  boost::container::small_vector<Copy, 16> copies_;
};

}  // namespace pgasmr::coll::detail
