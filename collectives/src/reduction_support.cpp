#include <pgasmr/collectives/detail/reduction.hpp>

#include <algorithm>
#include <cstring>

#include <pgasmr/collectives/detail/core.hpp>
#include <pgasmr/pgas/block_cyclic.hpp>
#include <pgasmr/pgas/detail/core.hpp>

#include "agreement.hpp"
#include "channel.hpp"
#include "eager.hpp"
#include "leader_gather.hpp"
#include "participants.hpp"

namespace pgasmr::coll::detail {

namespace {

void mix_buffer(Fingerprint& hash, const BufferRef& buffer) {
  hash.mix(static_cast<std::uint64_t>(buffer.kind));
  hash.mix(buffer.element_size);
  if (!buffer.is_shared()) return;  // private buffers' sizes may differ from member to member
  for (auto value : {buffer.base_offset, buffer.block, buffer.array_size, buffer.start, buffer.count}) hash.mix(value);
}

/// The participants of a later step of a reduction: membership() has checked the caller.
Participants later_step(pg::Context& me, const Options& options, const char* operation = "reduction") {
  return {me, options, operation, Participants::Checked{}};
}

}  // namespace

Membership membership(pg::Context& me, const Options& options, const char* operation, const BufferRef& dst,
                      const BufferRef& src, const Agreed& agreed) {
  Participants p(me, options, operation);
  if (debug_checks_enabled()) {
    Fingerprint hash;
    hash.mix(std::as_bytes(std::span(operation, std::strlen(operation))));
    hash.mix(static_cast<std::uint64_t>(options.sync.in));
    hash.mix(static_cast<std::uint64_t>(options.sync.out));
    mix_buffer(hash, dst);
    mix_buffer(hash, src);
    for (std::uint64_t value : {std::uint64_t{agreed.element_type->hash_code()},
                                std::uint64_t{agreed.operator_type->hash_code()},
                                static_cast<std::uint64_t>(agreed.root), agreed.number})
      hash.mix(value);
    hash.mix(agreed.chunks);
    check_agreement(p, hash.value(), "operations, roots, element types, operators, shared buffers or sync modes");
  }
  return {p.mine(), p.count()};
}

std::pmr::vector<Run> shared_runs_to_fold(pg::Context& me, const BufferRef& src, const Options& options,
                                          const char* operation, std::pmr::vector<std::byte>& fetched) {
  auto p = later_step(me, options, operation);
  std::pmr::vector<Run> runs(fetched.get_allocator());
  // Fetched runs first land in `fetched`, whose storage may move while it grows: record
  // offsets and turn them into pointers at the end.
  struct Pending {
    std::size_t key, at, count;
  };
  std::pmr::vector<Pending> pending(fetched.get_allocator());
  pg::BlockCyclicLayout layout(src.array_size, src.block, me.threads());
  auto& team = p.team();
  bool first_member = team.rank() == 0;
  auto size = src.element_size;
  for (std::size_t i = 0; i < src.count;) {
    auto element = src.start + i;
    auto owner = layout.owner(element);
    auto block_end = src.block == 0 ? src.array_size : (element / src.block + 1) * src.block;
    auto count = std::min(block_end, src.start + src.count) - element;
    auto offset = src.base_offset + layout.local_index(element) * size;
    if (owner == me.thread()) {
      runs.push_back({i, pg::detail::direct_address(me, owner, offset), count});
    } else if (first_member && !team.rank_of(owner)) {
      auto at = fetched.size();
      fetched.resize(at + count * size);
      pg::detail::get_bytes(me, fetched.data() + at, owner, offset, count * size);
      pending.push_back({i, at, count});
    }
    i += count;
  }
  for (auto [key, at, count] : pending) runs.push_back({key, fetched.data() + at, count});
  std::ranges::sort(runs, {}, &Run::key);
  return runs;
}

std::optional<std::pmr::vector<std::byte>> allgather_bytes(pg::Context& me, std::span<const std::byte> mine,
                                                           std::pmr::vector<std::size_t>& sizes, const Options& options,
                                                           Readers readers) {
  auto p = later_step(me, options);
  std::pmr::vector<std::byte> everyone(sizes.get_allocator());
  // Small partial results (a few per member) take one round through the mailbox.
  auto eager = allgather_eager(p, mine, everyone, sizes, readers);
  if (eager == EagerGather::left) return std::nullopt;
  if (eager == EagerGather::gathered) return everyone;
  // Between processes the mailbox does not reach: one MPI allgather of the processes' records.
  if (eager == EagerGather::unavailable && p.team().process_group())
    return gather_through_leaders(p, channel_of(p), mine, sizes, readers);
  Options inner = options;
  inner.sync = {};  // the exchange of partial results always synchronises fully
  if (eager == EagerGather::unavailable) {
    std::vector<std::size_t> my_size{mine.size()};
    sizes.assign(static_cast<std::size_t>(p.count()), 0);
    allgather(me, erase(std::span(sizes)), erase(std::span(my_size)), sizeof(std::size_t), inner);
  }
  std::size_t total = 0;
  for (auto s : sizes) total += s;
  everyone.resize(total);
  allgather_v(me, erase(std::span(everyone)), erase(mine), {sizes, {}, {}, false, 1}, inner);
  return everyone;
}

bool visit_small(pg::Context& me, std::span<const std::byte> mine, const Options& options, Readers readers,
                 SmallTaker take, bool& left) {
  auto outcome = visit_small_eager(later_step(me, options), mine, readers, take);
  left = outcome == EagerGather::left;
  return outcome != EagerGather::unavailable;
}

void write_bytes(pg::Context& me, const BufferRef& dst, std::size_t offset, std::span<const std::byte> bytes,
                 const char* operation) {
  if (offset > dst.size_bytes() || bytes.size() > dst.size_bytes() - offset)
    throw_error(operation, "the destination holds " + std::to_string(dst.size_bytes()) + " bytes; the result needs " +
                               std::to_string(offset + bytes.size()));
  if (bytes.empty()) return;  // an empty piece's results (its data may be null)
  if (!dst.is_shared()) {
    std::memcpy(dst.data + offset, bytes.data(), bytes.size());
    return;
  }
  pg::BlockCyclicLayout layout(dst.array_size, dst.block, me.threads());
  auto size = dst.element_size;
  for (std::size_t done = 0; done < bytes.size();) {
    auto element = dst.start + (offset + done) / size;
    auto within = (offset + done) % size;
    auto block_end = dst.block == 0 ? dst.array_size : (element / dst.block + 1) * dst.block;
    auto run = std::min((block_end - element) * size - within, bytes.size() - done);
    pg::detail::put_bytes(me, layout.owner(element), dst.base_offset + layout.local_index(element) * size + within,
                          bytes.data() + done, run);
    done += run;
  }
}

void sync_in(pg::Context& me, const Options& options) {
  if (options.sync.in != InSync::none) later_step(me, options).team().barrier();
}

void sync_out(pg::Context& me, const Options& options) {
  if (options.sync.out == OutSync::all) later_step(me, options).team().barrier();
}

void refuse(pg::Context& me, const Options& options, const char* operation, const std::string& cause) {
  Participants(me, options, operation).refuse(cause);
}

}  // namespace pgasmr::coll::detail
