#include "leader_gather.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/process_group.hpp>

namespace pgasmr::coll::detail {
namespace {

/// A member's record: its index and byte count, then its bytes.
struct RecordHead {
  std::uint64_t member;
  std::uint64_t bytes;
};

/// Bytes of each process's block in the first exchange: the size of its records, then as many
/// of them as fit. Reductions' partials (a few per member) fit, so one exchange usually does.
constexpr std::size_t block_bytes = 1024;

/// Every process's records, concatenated in group order.
std::vector<std::byte> exchange_records(pg::ProcessGroup& group, const std::vector<std::byte>& records) {
  constexpr std::size_t room = block_bytes - sizeof(std::uint64_t);
  std::vector<std::byte> block(block_bytes);
  std::uint64_t size = records.size();
  std::memcpy(block.data(), &size, sizeof size);
  std::memcpy(block.data() + sizeof size, records.data(), std::min<std::size_t>(records.size(), room));
  auto blocks = group.allgather_fixed(block);
  std::vector<std::uint64_t> sizes(static_cast<std::size_t>(group.size()));
  bool fit = true;
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    std::memcpy(&sizes[g], blocks.data() + g * block_bytes, sizeof(std::uint64_t));
    fit = fit && sizes[g] <= room;
  }
  // Every process sees every size, so all take the second exchange alike.
  if (!fit) {
    std::vector<std::size_t> per_process;
    return group.allgather(records, per_process);
  }
  std::vector<std::byte> all;
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    auto* first = blocks.data() + g * block_bytes + sizeof(std::uint64_t);
    all.insert(all.end(), first, first + static_cast<std::ptrdiff_t>(sizes[g]));
  }
  return all;
}

}  // namespace

std::pmr::vector<std::byte> gather_through_leaders(const Participants& p, Channel& channel,
                                                   std::span<const std::byte> mine,
                                                   std::pmr::vector<std::size_t>& sizes) {
  auto& team = p.team();
  auto& deposit = channel.deposits[static_cast<std::size_t>(team.local_index())];
  RecordHead head{static_cast<std::uint64_t>(p.mine()), mine.size()};
  deposit.resize(sizeof head + mine.size());
  std::memcpy(deposit.data(), &head, sizeof head);
  if (!mine.empty()) std::memcpy(deposit.data() + sizeof head, mine.data(), mine.size());
  // The last local member gathers; the next call's last overwrites `gathered` only once every
  // local member has arrived there, so after reading this one.
  team.local_step([&] {
    std::vector<std::byte> records;
    for (const auto& d : channel.deposits) records.insert(records.end(), d.begin(), d.end());
    channel.gathered = exchange_records(*team.process_group(), records);
  });

  const auto& gathered = channel.gathered;
  auto members = static_cast<std::size_t>(p.count());
  sizes.assign(members, 0);
  std::vector<std::size_t> where(members, 0);
  for (std::size_t at = 0; at < gathered.size();) {
    RecordHead record{};
    std::memcpy(&record, gathered.data() + at, sizeof record);
    if (record.member >= members || record.bytes > gathered.size() - at - sizeof record)
      throw_error(p.operation(), "malformed partial results from another process");
    sizes[record.member] = record.bytes;
    where[record.member] = at + sizeof record;
    at += sizeof record + record.bytes;
  }
  std::size_t total = 0;
  for (auto s : sizes) total += s;
  std::pmr::vector<std::byte> everyone(total, sizes.get_allocator());
  std::size_t at = 0;
  for (std::size_t m = 0; m < members; ++m) {
    if (sizes[m] > 0) std::memcpy(everyone.data() + at, gathered.data() + where[m], sizes[m]);
    at += sizes[m];
  }
  return everyone;
}

}  // namespace pgasmr::coll::detail
