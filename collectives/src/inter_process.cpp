#include "inter_process.hpp"

#include "environment_setting.hpp"
#include "tuning_table.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::coll::detail {
namespace {

constexpr std::size_t segment_bytes = 64 * 1024;  // pipelining unit of the binomial tree
constexpr int tag = 0x5043;                        // pgasmr's collectives on a group's communicator

Algorithm from_environment() {
  static const auto chosen = read_setting<Algorithm>("PGASMR_COLL_ALGORITHM", [](const char* value) {
    const std::string name = value ? value : "auto";
    std::optional<Algorithm> algorithm;
    if (name == "auto") algorithm = Algorithm::automatic;
    if (name == "flat") algorithm = Algorithm::flat;
    if (name == "native") algorithm = Algorithm::native;
    if (name == "binomial") algorithm = Algorithm::binomial;
    if (name == "pairwise") algorithm = Algorithm::pairwise;
    if (name == "bruck") algorithm = Algorithm::bruck;
    return algorithm;
  });
  if (!chosen.value)
    throw_error("collectives", "PGASMR_COLL_ALGORITHM must be auto, flat, native, binomial, pairwise or bruck, got '" +
                                   chosen.text + "'");
  return *chosen.value;
}

/// Bytes of the broadcast stream, and where the root reads it (its first non-empty stream).
std::size_t broadcast_bytes(const Traffic& traffic, int rank) {
  if (rank == traffic.broadcast_root) return *std::ranges::max_element(traffic.send_counts);
  return traffic.receive_counts[static_cast<std::size_t>(traffic.broadcast_root)];
}

const std::byte* root_stream(const Traffic& traffic) {
  for (std::size_t g = 0; g < traffic.send_counts.size(); ++g)
    if (traffic.send_counts[g] != 0) return traffic.send + traffic.send_displacements[g];
  return traffic.send;
}

/// Every process's copy of the broadcast stream: the root's own, or where it is received.
std::byte* stream_of(const Traffic& traffic, int rank) {
  if (rank == traffic.broadcast_root) return const_cast<std::byte*>(root_stream(traffic));
  return traffic.receive + traffic.receive_displacements[static_cast<std::size_t>(traffic.broadcast_root)];
}

void flat(pg::ProcessGroup& group, const Traffic& t) {
  group.alltoallv(t.send, t.send_counts, t.send_displacements, t.receive, t.receive_counts, t.receive_displacements);
}

void native_broadcast(pg::ProcessGroup& group, const Traffic& t) {
  auto rank = group.rank();
  group.broadcast(stream_of(t, rank), broadcast_bytes(t, rank), t.broadcast_root);
}

/// Binomial tree rooted at the broadcast root; each segment is passed on as soon as it
/// arrives, so the levels of the tree work on different segments at once.
void binomial_broadcast(pg::ProcessGroup& group, const Traffic& t) {
  auto size = group.size();
  auto rank = group.rank();
  auto relative = (rank - t.broadcast_root + size) % size;
  auto bytes = broadcast_bytes(t, rank);
  auto* data = stream_of(t, rank);
  int parent = -1;
  int mask = 1;
  for (; mask < size; mask <<= 1) {
    if (relative & mask) {
      parent = (relative - mask + t.broadcast_root) % size;
      break;
    }
  }
  std::vector<int> children;
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < size) children.push_back((relative + mask + t.broadcast_root) % size);
  for (std::size_t done = 0; done < bytes; done += segment_bytes) {
    auto n = std::min(segment_bytes, bytes - done);
    if (parent >= 0) group.receive(data + done, n, parent, tag);
    for (auto child : children) group.send(data + done, n, child, tag);
  }
}

void pairwise(pg::ProcessGroup& group, const Traffic& t) {
  auto size = group.size();
  auto rank = group.rank();
  for (int k = 1; k < size; ++k) {
    auto to = static_cast<std::size_t>((rank + k) % size);
    auto from = static_cast<std::size_t>((rank - k + size) % size);
    group.send_receive(t.send + t.send_displacements[to], t.send_counts[to], static_cast<int>(to),
                       t.receive + t.receive_displacements[from], t.receive_counts[from], static_cast<int>(from), tag);
  }
}

/// Bruck et al.'s all-to-all. Block j of process r starts as its stream to r + j; in round k
/// every block whose index has bit k set moves 2^k processes on. Afterwards block j holds the
/// stream from r - j. Block sizes follow from the stream table, so no sizes travel.
void bruck(pg::ProcessGroup& group, const Traffic& t) {
  auto size = static_cast<std::size_t>(group.size());
  auto rank = static_cast<std::size_t>(group.rank());
  auto stream = [&](std::size_t from, std::size_t to) { return t.all_streams[from * size + to]; };
  std::vector<std::vector<std::byte>> blocks(size);
  for (std::size_t j = 0; j < size; ++j) {
    auto to = (rank + j) % size;
    blocks[j].assign(t.send + t.send_displacements[to], t.send + t.send_displacements[to] + t.send_counts[to]);
  }
  for (std::size_t step = 1; step < size; step <<= 1) {
    auto to = (rank + step) % size;
    auto from = (rank + size - step) % size;
    std::vector<std::byte> out, in;
    std::vector<std::size_t> in_sizes;
    for (std::size_t j = step; j < size; ++j) {
      if (!(j & step)) continue;
      out.insert(out.end(), blocks[j].begin(), blocks[j].end());
      // What `from` holds in block j before this round: the stream from from - (j mod step).
      auto origin = (from + size - j % step) % size;
      in_sizes.push_back(stream(origin, (origin + j) % size));
    }
    std::size_t total = 0;
    for (auto s : in_sizes) total += s;
    in.resize(total);
    group.send_receive(out.data(), out.size(), static_cast<int>(to), in.data(), in.size(), static_cast<int>(from), tag);
    std::size_t at = 0, next = 0;
    for (std::size_t j = step; j < size; ++j) {
      if (!(j & step)) continue;
      auto first = in.begin() + static_cast<std::ptrdiff_t>(at);
      blocks[j].assign(first, first + static_cast<std::ptrdiff_t>(in_sizes[next]));
      at += in_sizes[next++];
    }
  }
  for (std::size_t j = 1; j < size; ++j) {
    auto from = (rank + size - j) % size;
    std::copy(blocks[j].begin(), blocks[j].end(), t.receive + t.receive_displacements[from]);
  }
}

}  // namespace

Algorithm requested_algorithm(Algorithm requested) {
  return requested == Algorithm::automatic ? from_environment() : requested;
}

Algorithm choose(Algorithm requested, const Traffic& traffic) {
  auto algorithm = requested_algorithm(requested);
  if (algorithm != Algorithm::automatic) return algorithm;
  auto shape = traffic.broadcast_root >= 0 ? TrafficShape::broadcast : TrafficShape::personalized;
  auto largest = traffic.all_streams.empty() ? 0 : *std::ranges::max_element(traffic.all_streams);
  return tuned_algorithm(shape, traffic.send_counts.size(), largest);
}

OneCall one_call_for(Algorithm algorithm, const Traffic& traffic) {
  bool broadcast = traffic.broadcast_root >= 0;
  switch (algorithm) {
    case Algorithm::native:
      return broadcast ? OneCall::broadcast : OneCall::alltoall;
    case Algorithm::binomial:
      return broadcast ? OneCall::none : OneCall::alltoall;
    case Algorithm::pairwise:
    case Algorithm::bruck:
      return OneCall::none;
    case Algorithm::automatic:
    case Algorithm::flat:
      return OneCall::alltoall;
  }
  return OneCall::none;
}

void move_between_processes(pg::ProcessGroup& group, const Traffic& traffic, Algorithm algorithm) {
  switch (one_call_for(algorithm, traffic)) {
    case OneCall::alltoall:
      return flat(group, traffic);
    case OneCall::broadcast:
      return native_broadcast(group, traffic);
    case OneCall::none:
      break;
  }
  if (algorithm == Algorithm::pairwise) return pairwise(group, traffic);
  if (algorithm == Algorithm::bruck) return bruck(group, traffic);
  binomial_broadcast(group, traffic);  // the one left: binomial, broadcast-shaped traffic
}

}  // namespace pgasmr::coll::detail
