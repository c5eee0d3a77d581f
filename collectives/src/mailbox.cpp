#include "mailbox.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <new>
#include <optional>
#include <string>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/error.hpp>

#include "environment_setting.hpp"

namespace pgasmr::coll::detail {
namespace {

constexpr std::size_t default_limit = std::size_t{8} << 10;
constexpr std::size_t line = 128;
constexpr std::uint64_t depth = 4;  // slots per member: the rounds a member may run ahead

/// A slot's stamp and bytes, in whole cache lines.
std::size_t slot_bytes() { return (sizeof(std::uint64_t) + eager_limit() + line - 1) / line * line; }

/// Waits until `counter` reaches `round`, honouring cancellation (no futex: the writer would
/// pay a wake-up call on every post, and rounds are short). It spins for about a microsecond
/// only, then yields: with more threads than cores the member it waits for may need this core.
void wait_for(pg::Context& me, const std::atomic<std::uint64_t>& counter, std::uint64_t round) {
  constexpr unsigned spin_rounds = 16;
  if (counter.load(std::memory_order_acquire) >= round) return;  // usually: no wait to note
  pg::detail::WaitNote waiting;
  for (unsigned poll = 0; counter.load(std::memory_order_acquire) < round; ++poll)
    pg::detail::poll_round(me, poll, spin_rounds);
}

}  // namespace

std::size_t eager_limit() {
  static const auto limit = read_setting<std::size_t>("PGASMR_COLL_EAGER_LIMIT", [](const char* value) {
    std::optional<std::size_t> bytes = default_limit;
    if (!value || !*value) return bytes;
    char* end = nullptr;
    auto parsed = std::strtoull(value, &end, 10);
    if (*end != '\0' || parsed > (std::size_t{1} << 20)) bytes.reset();
    else bytes = static_cast<std::size_t>(parsed);
    return bytes;
  });
  if (!limit.value)
    throw_error("collectives", "PGASMR_COLL_EAGER_LIMIT must be a byte count up to 1 MiB, not '" + limit.text + "'");
  return *limit.value;
}

std::size_t Mailbox::area_bytes() { return line + depth * slot_bytes(); }

void Mailbox::prepare_area(std::byte* area) {
  ::new (area) std::atomic<std::uint64_t>(0);
  for (std::uint64_t round = 0; round < depth; ++round)
    ::new (area + line + round * slot_bytes()) std::atomic<std::uint64_t>(0);
}

void Mailbox::size_for(int members) {
  auto bytes = area_bytes();
  // Room to align the first area to a line, so that members' areas never share one.
  storage_.resize(static_cast<std::size_t>(members) * bytes + line);
  auto base = reinterpret_cast<std::uintptr_t>(storage_.data());
  auto* first = storage_.data() + (line - base % line) % line;
  std::vector<std::byte*> areas;
  for (int m = 0; m < members; ++m) {
    areas.push_back(first + static_cast<std::size_t>(m) * bytes);
    prepare_area(areas.back());
  }
  attach(std::move(areas));
}

void Mailbox::attach(std::vector<std::byte*> areas) {
  members_ = static_cast<int>(areas.size());
  slot_bytes_ = slot_bytes();  // once: slot() runs on every post and read
  areas_ = std::move(areas);
  own_ = std::make_unique<Own[]>(areas_.size());
}

bool Mailbox::drained() const {
  std::uint64_t started = 0;
  for (int m = 0; m < members_; ++m) started = std::max(started, own_[static_cast<std::size_t>(m)].rounds);
  for (int m = 0; m < members_; ++m)
    if (consumed(m).load(std::memory_order_acquire) < started) return false;
  return true;
}

std::byte* Mailbox::slot(int member, std::uint64_t round) const noexcept {
  return areas_[static_cast<std::size_t>(member)] + line + (round % depth) * slot_bytes_;
}

std::atomic<std::uint64_t>& Mailbox::consumed(int member) const noexcept {
  return word(areas_[static_cast<std::size_t>(member)]);
}

std::atomic<std::uint64_t>& Mailbox::word(std::byte* at) noexcept {
  return *std::launder(reinterpret_cast<std::atomic<std::uint64_t>*>(at));
}

Mailbox::Round::Round(Mailbox& mailbox, pg::Context& me, int member)
    : mailbox_(mailbox), me_(me), member_(member), round_(++mailbox.own_[static_cast<std::size_t>(member)].rounds) {}

Mailbox::Round::~Round() {
  mailbox_.consumed(member_).store(round_, std::memory_order_release);
}

std::byte* Mailbox::Round::open() {
  auto& own = mailbox_.own_[static_cast<std::size_t>(member_)];
  if (round_ > depth && own.all_consumed < round_ - depth) {
    auto least = std::numeric_limits<std::uint64_t>::max();
    for (int m = 0; m < mailbox_.members_; ++m) {
      auto& consumed = mailbox_.consumed(m);
      wait_for(me_, consumed, round_ - depth);
      least = std::min(least, consumed.load(std::memory_order_acquire));
    }
    own.all_consumed = least;
  }
  return mailbox_.slot(member_, round_) + sizeof(std::uint64_t);
}

void Mailbox::Round::post() {
  word(mailbox_.slot(member_, round_)).store(round_, std::memory_order_release);
}

const std::byte* Mailbox::Round::await(int member, bool ahead) {
  auto* slot = mailbox_.slot(member, round_);
  wait_for(me_, word(slot), round_);
  if (ahead) __builtin_prefetch(mailbox_.slot(member, round_ + 1));
  return slot + sizeof(std::uint64_t);
}

}  // namespace pgasmr::coll::detail
