#include "plan.hpp"

#include <algorithm>
#include <limits>

#include <pgasmr/pgas/block_cyclic.hpp>

namespace pgasmr::coll::detail {

Place Plan::place(const BufferRef& buffer, Side side, int member, std::size_t offset, std::size_t& run) const {
  if (!buffer.is_shared()) {
    run = std::numeric_limits<std::size_t>::max();
    return {participants_.thread_of(member), false, side, offset};
  }
  auto size = buffer.element_size;
  auto element = buffer.start + offset / size;
  auto within = offset % size;
  pg::BlockCyclicLayout layout(buffer.array_size, buffer.block, participants_.me().threads());
  auto owner = layout.owner(element);
  auto block_end = buffer.block == 0 ? buffer.array_size : (element / buffer.block + 1) * buffer.block;
  auto end = std::min(block_end, buffer.start + buffer.count);
  run = (end - element) * size - within;
  return {owner, true, side, buffer.base_offset + layout.local_index(element) * size + within};
}

void Plan::transfer_split(const BufferRef& from, Side from_side, int from_member, std::size_t from_offset,
                          const BufferRef& to, Side to_side, int to_member, std::size_t to_offset, std::size_t bytes) {
  while (bytes > 0) {
    std::size_t from_run = 0, to_run = 0;
    auto source = place(from, from_side, from_member, from_offset, from_run);
    auto target = place(to, to_side, to_member, to_offset, to_run);
    auto n = std::min({bytes, from_run, to_run});
    copies_.push_back({source, target, n});
    from_offset += n;
    to_offset += n;
    bytes -= n;
  }
}

}  // namespace pgasmr::coll::detail
