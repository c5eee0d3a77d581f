// apply_reduce's three communication patterns, each two ways:
//  - collective: the sizes with a fixed-size allgather, then one vector-variant priv collective
//    (allgather_v, gather_v, exchange_v), as UPC-MR does with collFlag on;
//  - one by one (collFlag off): every pair is put on its own into a shared buffer of each of its
//    destinations, at the place the sizes give it, then a barrier completes the puts.

#include <pgasmr/mapreduce/detail/byte_transfer.hpp>

#include <algorithm>
#include <numeric>

#include <pgasmr/collectives/allgather.hpp>
#include <pgasmr/collectives/exchange.hpp>
#include <pgasmr/collectives/gather.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/rma.hpp>
#include <pgasmr/pgas/shared_array.hpp>

namespace pgasmr::mr::detail {
namespace {

namespace coll = pgasmr::coll;
namespace pg = pgasmr::pgas;

std::size_t threads_of(const pg::Context& me) { return static_cast<std::size_t>(me.threads()); }
std::size_t mine(const pg::Context& me) { return static_cast<std::size_t>(me.thread()); }

/// sizes[s * T + d]: the bytes thread s sends to thread d, from every thread's row.
std::vector<std::size_t> size_matrix(pg::Context& me, std::span<const std::size_t> my_row) {
  std::vector<std::size_t> matrix(threads_of(me) * threads_of(me));
  coll::allgather(me, matrix, my_row, my_row.size());
  return matrix;
}

/// The bytes every thread sends to `to`: column `to` of the matrix.
std::vector<std::size_t> column(std::span<const std::size_t> matrix, std::size_t threads, std::size_t to) {
  std::vector<std::size_t> sizes(threads);
  for (std::size_t s = 0; s < threads; ++s) sizes[s] = matrix[s * threads + to];
  return sizes;
}

std::size_t total(std::span<const std::size_t> sizes) { return std::accumulate(sizes.begin(), sizes.end(), std::size_t{0}); }

/// Collective-free delivery: the caller's pairs are put one at a time into a shared buffer on
/// each destination; `row[d]` is what the caller sends to d and `run_start[d]` where that run
/// begins in its stream (a run may be the whole stream, sent to several destinations).
std::vector<std::byte> put_one_by_one(pg::Context& me, Outgoing out, std::span<const std::size_t> row,
                                      std::span<const std::size_t> run_start) {
  auto n = threads_of(me);
  auto matrix = size_matrix(me, row);
  // Where the caller's run lands on each destination: after the runs of lower senders.
  std::vector<std::size_t> landing(n, 0), incoming(n, 0);
  for (std::size_t d = 0; d < n; ++d)
    for (std::size_t s = 0; s < n; ++s) {
      if (s == mine(me)) landing[d] = incoming[d];
      incoming[d] += matrix[s * n + d];
    }
  auto capacity = std::max<std::size_t>(1, *std::max_element(incoming.begin(), incoming.end()));
  pg::shared_array<std::byte> inbox(me, capacity * n, capacity);  // thread d's block: its inbox
  std::size_t begin = 0;
  for (auto end : out.record_ends) {
    for (std::size_t d = 0; d < n; ++d) {
      if (begin < run_start[d] || end > run_start[d] + row[d]) continue;  // not part of d's run
      auto at = landing[d] + (begin - run_start[d]);
      pg::memput(me, inbox.local_part(static_cast<pg::thread_id>(d)) + static_cast<std::ptrdiff_t>(at),
                 out.bytes.subspan(begin, end - begin));
    }
    begin = end;
  }
  me.barrier();  // completes every put and makes it visible
  auto received = inbox.local().first(incoming[mine(me)]);
  std::vector<std::byte> result(received.begin(), received.end());
  return result;
}

}  // namespace

std::vector<std::byte> allgather_bytes(pg::Context& me, Outgoing out, Transfer transfer) {
  auto n = threads_of(me);
  if (transfer == Transfer::one_by_one) {
    std::vector<std::size_t> row(n, out.bytes.size()), start(n, 0);
    return put_one_by_one(me, out, row, start);
  }
  std::size_t my_size = out.bytes.size();
  std::vector<std::size_t> sizes(n);
  coll::allgather(me, sizes, std::span<const std::size_t>(&my_size, 1), 1);
  std::vector<std::byte> received(total(sizes));
  coll::allgather_v(me, received, out.bytes, sizes);
  return received;
}

std::vector<std::byte> gather_bytes(pg::Context& me, Outgoing out, pg::thread_id root, Transfer transfer) {
  auto n = threads_of(me);
  auto root_index = static_cast<std::size_t>(root);
  if (transfer == Transfer::one_by_one) {
    std::vector<std::size_t> row(n, 0), start(n, 0);
    row[root_index] = out.bytes.size();
    return put_one_by_one(me, out, row, start);
  }
  std::size_t my_size = out.bytes.size();
  std::vector<std::size_t> sizes(n);
  coll::allgather(me, sizes, std::span<const std::size_t>(&my_size, 1), 1);  // gather_v needs every count everywhere
  std::vector<std::byte> received(me.thread() == root ? total(sizes) : 0);
  coll::gather_v(me, received, out.bytes, sizes, {}, {.root = root});
  return received;
}

std::vector<std::byte> exchange_bytes(pg::Context& me, Outgoing out, std::span<const std::size_t> per_destination,
                                      Transfer transfer) {
  auto n = threads_of(me);
  if (transfer == Transfer::one_by_one) {
    std::vector<std::size_t> start(n, 0);
    for (std::size_t d = 1; d < n; ++d) start[d] = start[d - 1] + per_destination[d - 1];
    return put_one_by_one(me, out, per_destination, start);
  }
  auto matrix = size_matrix(me, per_destination);
  std::vector<std::byte> received(total(column(matrix, n, mine(me))));
  coll::exchange_v(me, received, out.bytes, matrix);
  return received;
}

}  // namespace pgasmr::mr::detail
