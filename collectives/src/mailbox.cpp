#include "mailbox.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <new>
#include <string>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

namespace pgasmr::coll::detail {
namespace {

constexpr std::size_t default_limit = std::size_t{8} << 10;
constexpr std::size_t line = 128;
constexpr std::uint64_t depth = 4;  // slots per member: the rounds a member may run ahead

/// Waits until `counter` reaches `round`, honouring cancellation (no futex: the writer would
/// pay a wake-up call on every post, and rounds are short). It spins for about a microsecond
/// only, then yields: with more threads than cores the member it waits for may need this core.
void wait_for(pg::Context& me, const std::atomic<std::uint64_t>& counter, std::uint64_t round) {
  constexpr unsigned spin_rounds = 16;
  for (unsigned poll = 0; counter.load(std::memory_order_acquire) < round; ++poll)
    pg::detail::poll_round(me, poll, spin_rounds);
}

}  // namespace

std::size_t eager_limit() {
  static const std::size_t limit = [] {
    const char* value = std::getenv("PGASMR_COLL_EAGER_LIMIT");
    if (!value || !*value) return default_limit;
    char* end = nullptr;
    auto parsed = std::strtoull(value, &end, 10);
    if (*end != '\0' || parsed > (std::size_t{1} << 20))
      throw_error("collectives", std::string("PGASMR_COLL_EAGER_LIMIT must be a byte count up to 1 MiB, not '") +
                                     value + "'");
    return static_cast<std::size_t>(parsed);
  }();
  return limit;
}

void Mailbox::size_for(int members) {
  members_ = members;
  auto n = static_cast<std::size_t>(members);
  slot_bytes_ = (sizeof(std::uint64_t) + eager_limit() + line - 1) / line * line;
  consumed_ = std::make_unique<Counter[]>(n);
  own_ = std::make_unique<Own[]>(n);
  // Room to align the first slot to a line, so that members' slots never share one.
  slots_.resize(n * depth * slot_bytes_ + line);
  for (int m = 0; m < members; ++m)
    for (std::uint64_t round = 0; round < depth; ++round) ::new (slot(m, round)) std::atomic<std::uint64_t>(0);
}

std::byte* Mailbox::slot(int member, std::uint64_t round) noexcept {
  auto base = reinterpret_cast<std::uintptr_t>(slots_.data());
  auto aligned = slots_.data() + ((line - base % line) % line);
  return aligned + (static_cast<std::size_t>(member) * depth + round % depth) * slot_bytes_;
}

std::atomic<std::uint64_t>& Mailbox::stamp(std::byte* slot) noexcept {
  return *std::launder(reinterpret_cast<std::atomic<std::uint64_t>*>(slot));
}

Mailbox::Round::Round(Mailbox& mailbox, pg::Context& me, int member)
    : mailbox_(mailbox), me_(me), member_(member), round_(++mailbox.own_[static_cast<std::size_t>(member)].rounds) {}

Mailbox::Round::~Round() {
  mailbox_.consumed_[static_cast<std::size_t>(member_)].value.store(round_, std::memory_order_release);
}

std::byte* Mailbox::Round::open() {
  auto& own = mailbox_.own_[static_cast<std::size_t>(member_)];
  if (round_ > depth && own.all_consumed < round_ - depth) {
    auto least = std::numeric_limits<std::uint64_t>::max();
    for (int m = 0; m < mailbox_.members_; ++m) {
      auto& consumed = mailbox_.consumed_[static_cast<std::size_t>(m)].value;
      wait_for(me_, consumed, round_ - depth);
      least = std::min(least, consumed.load(std::memory_order_acquire));
    }
    own.all_consumed = least;
  }
  return mailbox_.slot(member_, round_) + sizeof(std::uint64_t);
}

void Mailbox::Round::post() {
  stamp(mailbox_.slot(member_, round_)).store(round_, std::memory_order_release);
}

const std::byte* Mailbox::Round::await(int member) {
  auto* slot = mailbox_.slot(member, round_);
  wait_for(me_, stamp(slot), round_);
  return slot + sizeof(std::uint64_t);
}

}  // namespace pgasmr::coll::detail
