#include "mpi_group.hpp"

#include <atomic>
#include <climits>
#include <map>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

#include <pgasmr/pgas/error.hpp>

#include "liveness.hpp"
#include "mpi_calls.hpp"
#include "peer_states.hpp"

namespace pgasmr::pgas::detail {
namespace {

/// MPI's vector collectives count in ints: refuse what does not fit instead of truncating.
std::vector<int> int_counts(std::span<const std::size_t> values) {
  std::vector<int> result(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] > INT_MAX) throw_error("alltoallv", "more than 2 GiB between two processes in one call");
    result[i] = static_cast<int>(values[i]);
  }
  return result;
}

/// MPI types describing pieces of memory at their absolute addresses (used from MPI_BOTTOM),
/// one per stream; freed with the list.
class PieceTypes {
 public:
  PieceTypes() = default;
  PieceTypes(const PieceTypes&) = delete;
  PieceTypes& operator=(const PieceTypes&) = delete;
  ~PieceTypes() {
    for (auto& type : types_)
      if (type != MPI_BYTE) MPI_Type_free(&type);
  }

  /// Adds the type of one stream; an empty stream counts 0 bytes.
  template <class Byte>
  void add(std::span<const ProcessGroup::Piece<Byte>> pieces) {
    std::vector<int> lengths;
    std::vector<MPI_Aint> addresses;
    std::size_t total = 0;
    for (const auto& piece : pieces) {
      if (piece.bytes == 0) continue;
      total += piece.bytes;
      if (total > INT_MAX) throw_error("alltoall_pieces", "more than 2 GiB between two processes in one call");
      MPI_Aint at = 0;
      MPI_Get_address(piece.data, &at);
      lengths.push_back(static_cast<int>(piece.bytes));
      addresses.push_back(at);
    }
    counts_.push_back(lengths.empty() ? 0 : 1);
    if (lengths.empty()) {
      types_.push_back(MPI_BYTE);
      return;
    }
    MPI_Datatype type = MPI_BYTE;
    check(MPI_Type_create_hindexed(static_cast<int>(lengths.size()), lengths.data(), addresses.data(), MPI_BYTE, &type),
          "MPI_Type_create_hindexed");
    types_.push_back(type);
    check(MPI_Type_commit(&types_.back()), "MPI_Type_commit");
  }

  const int* counts() const { return counts_.data(); }
  const MPI_Datatype* types() const { return types_.data(); }

 private:
  std::vector<int> counts_;
  std::vector<MPI_Datatype> types_;
};

/// The processes of `comm` (ids in MPI_COMM_WORLD) as a mask, for the liveness watch; 0 (unknown)
/// beyond max_watched_processes.
std::uint64_t process_mask(MPI_Comm comm, int size) {
  int world = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  if (world > max_watched_processes) return 0;
  std::uint64_t mask = 0;
  for (int id : world_ranks_of(comm, size)) mask |= std::uint64_t{1} << id;
  return mask;
}

/// The kinds of a process group's collective calls, for the liveness watch (see TransportCall).
/// One kind for the calls that processes may mix in one collective: a broadcast packed on some
/// processes and in place on others, and likewise an all-to-all.
enum class CallKind : std::uint64_t { allgather = 1, allgather_fixed, gather_fixed, all_to_all, broadcast };

/// A well-mixed 64-bit hash of two words (splitmix64's finalizer).
std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a * 0x9e3779b97f4a7c15u ^ (b + 0x632be59bd9b4e019u);
  x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9u;
  x = (x ^ x >> 27) * 0x94d049bb133111ebu;
  return x ^ x >> 31;
}

/// The process's live groups with their counts of collective calls begun, for the liveness
/// watch (MpiTransport::collective_calls_begun).
class GroupRegistry {
 public:
  void add(std::uint64_t id, const std::atomic<std::uint64_t>& calls) {
    std::lock_guard lock(mutex_);
    groups_.emplace_back(id, &calls);
  }
  void remove(const std::atomic<std::uint64_t>& calls) {
    std::lock_guard lock(mutex_);
    std::erase_if(groups_, [&](const auto& group) { return group.second == &calls; });
  }
  std::optional<std::uint64_t> calls_begun(std::uint32_t id_low_bits) const {
    std::lock_guard lock(mutex_);
    std::optional<std::uint64_t> found;
    for (const auto& [id, calls] : groups_) {
      if (static_cast<std::uint32_t>(id) != id_low_bits) continue;
      if (found) return std::nullopt;  // two groups alike in those bits: neither can be told
      found = calls->load(std::memory_order_relaxed);
    }
    return found;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::pair<std::uint64_t, const std::atomic<std::uint64_t>*>> groups_;
};

/// Never destroyed: a group may end after static destructors have run (a runtime ended by exit()).
GroupRegistry& live_groups() {
  static auto* registry = new GroupRegistry;
  return *registry;
}

class MpiGroup final : public ProcessGroup {
 public:
  /// `id`: the same in every process of the group, and told apart from the other groups' (see
  /// subgroup, duplicate and MpiTransport::world_group).
  MpiGroup(MPI_Comm comm, std::uint64_t id) : comm_(comm), id_(id) {
    MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
    MPI_Comm_size(comm_, &size_);
    MPI_Comm_rank(comm_, &rank_);
    processes_ = process_mask(comm_, size_);
    live_groups().add(id_, calls_);
  }
  ~MpiGroup() override {
    live_groups().remove(calls_);
    MPI_Comm_free(&comm_);
  }

  int size() const override { return size_; }
  int rank() const override { return rank_; }

  void barrier_start() override { check(MPI_Ibarrier(comm_, &barrier_), "MPI_Ibarrier"); }
  bool barrier_test() override {
    int done = 0;
    check(MPI_Test(&barrier_, &done, MPI_STATUS_IGNORE), "MPI_Test");
    return done != 0;
  }

  std::vector<std::byte> allgather(std::span<const std::byte> mine, std::vector<std::size_t>& sizes) override {
    TransportCallNote waiting(collective(CallKind::allgather));
    unsigned long long my_size = mine.size();
    std::vector<unsigned long long> all_sizes(static_cast<std::size_t>(size_));
    check(MPI_Allgather(&my_size, 1, MPI_UNSIGNED_LONG_LONG, all_sizes.data(), 1, MPI_UNSIGNED_LONG_LONG, comm_),
          "MPI_Allgather");
    std::vector<int> counts(all_sizes.size()), displacements(all_sizes.size());
    std::size_t total = 0;
    for (std::size_t i = 0; i < all_sizes.size(); ++i) {
      if (total + all_sizes[i] > INT_MAX) throw_error("allgather", "more than 2 GiB of process data");
      counts[i] = static_cast<int>(all_sizes[i]);
      displacements[i] = static_cast<int>(total);
      total += all_sizes[i];
    }
    std::vector<std::byte> everyone(total);
    check(MPI_Allgatherv(mine.data(), counts[static_cast<std::size_t>(rank_)], MPI_BYTE, everyone.data(), counts.data(),
                         displacements.data(), MPI_BYTE, comm_),
          "MPI_Allgatherv");
    sizes.assign(all_sizes.begin(), all_sizes.end());
    return everyone;
  }

  void allgather_fixed(std::span<const std::byte> mine, std::vector<std::byte>& everyone) override {
    TransportCallNote waiting(collective(CallKind::allgather_fixed, mine.size()));
    if (mine.size() > INT_MAX) throw_error("allgather", "more than 2 GiB of process data");
    everyone.resize(mine.size() * static_cast<std::size_t>(size_));
    auto n = static_cast<int>(mine.size());
    check(MPI_Allgather(mine.data(), n, MPI_BYTE, everyone.data(), n, MPI_BYTE, comm_), "MPI_Allgather");
  }

  void gather_fixed(std::span<const std::byte> mine, int root, std::vector<std::byte>& everyone) override {
    TransportCallNote waiting(collective(CallKind::gather_fixed, mine.size(), root));
    if (mine.size() > INT_MAX) throw_error("gather", "more than 2 GiB of process data");
    everyone.resize(rank_ == root ? mine.size() * static_cast<std::size_t>(size_) : 0);
    auto n = static_cast<int>(mine.size());
    check(MPI_Gather(mine.data(), n, MPI_BYTE, everyone.data(), n, MPI_BYTE, root, comm_), "MPI_Gather");
  }

  void alltoallv(const std::byte* send, std::span<const std::size_t> send_counts,
                 std::span<const std::size_t> send_displs, std::byte* recv, std::span<const std::size_t> recv_counts,
                 std::span<const std::size_t> recv_displs) override {
    TransportCallNote waiting(collective(CallKind::all_to_all));
    auto sc = int_counts(send_counts), sd = int_counts(send_displs);
    auto rc = int_counts(recv_counts), rd = int_counts(recv_displs);
    check(MPI_Alltoallv(send, sc.data(), sd.data(), MPI_BYTE, recv, rc.data(), rd.data(), MPI_BYTE, comm_),
          "MPI_Alltoallv");
  }

  void alltoall_pieces(std::span<const SendPieces> send, std::span<const ReceivePieces> receive) override {
    TransportCallNote waiting(collective(CallKind::all_to_all));
    PieceTypes send_types, receive_types;
    for (const auto& pieces : send) send_types.add<const std::byte>(pieces);
    for (const auto& pieces : receive) receive_types.add<std::byte>(pieces);
    std::vector<int> at_bottom(static_cast<std::size_t>(size_), 0);  // the types hold absolute addresses
    check(MPI_Alltoallw(MPI_BOTTOM, send_types.counts(), at_bottom.data(), send_types.types(), MPI_BOTTOM,
                        receive_types.counts(), at_bottom.data(), receive_types.types(), comm_),
          "MPI_Alltoallw");
  }

  void broadcast_pieces(const SendPieces& sent, const ReceivePieces& received, int root) override {
    TransportCallNote waiting(collective(CallKind::broadcast, 0, root));
    PieceTypes type;
    if (rank_ == root)
      type.add<const std::byte>(sent);
    else
      type.add<std::byte>(received);
    check(MPI_Bcast(MPI_BOTTOM, *type.counts(), *type.types(), root, comm_), "MPI_Bcast");
  }

  void broadcast(std::byte* data, std::size_t bytes, int root) override {
    TransportCallNote waiting(collective(CallKind::broadcast, 0, root));
    in_pieces(bytes, [&](std::size_t done, int n) { check(MPI_Bcast(data + done, n, MPI_BYTE, root, comm_), "MPI_Bcast"); });
  }

  void send(const std::byte* data, std::size_t bytes, int peer, int tag) override {
    TransportCallNote waiting(point_to_point());
    in_pieces(bytes, [&](std::size_t done, int n) { check(MPI_Send(data + done, n, MPI_BYTE, peer, tag, comm_), "MPI_Send"); });
  }

  void receive(std::byte* data, std::size_t bytes, int peer, int tag) override {
    TransportCallNote waiting(point_to_point());
    in_pieces(bytes, [&](std::size_t done, int n) {
      check(MPI_Recv(data + done, n, MPI_BYTE, peer, tag, comm_, MPI_STATUS_IGNORE), "MPI_Recv");
    });
  }

  void send_receive(const std::byte* out, std::size_t out_bytes, int to, std::byte* in, std::size_t in_bytes, int from,
                    int tag) override {
    TransportCallNote waiting(point_to_point());
    // Both ways at once, in pieces that fit an MPI count; the peers cut a stream alike, and
    // MPI delivers one sender's messages of a tag in order.
    std::vector<MPI_Request> requests;
    in_pieces(in_bytes, [&](std::size_t done, int n) {
      check(MPI_Irecv(in + done, n, MPI_BYTE, from, tag, comm_, &requests.emplace_back()), "MPI_Irecv");
    });
    in_pieces(out_bytes, [&](std::size_t done, int n) {
      check(MPI_Isend(out + done, n, MPI_BYTE, to, tag, comm_, &requests.emplace_back()), "MPI_Isend");
    });
    check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  }

  std::unique_ptr<ProcessGroup> subgroup(std::span<const int> ranks) override {
    MPI_Group all, some;
    MPI_Comm_group(comm_, &all);
    MPI_Group_incl(all, static_cast<int>(ranks.size()), ranks.data(), &some);
    MPI_Comm comm;
    // Only the listed processes call this; each creates its subgroups in ascending color order.
    int code = MPI_Comm_create_group(comm_, some, 0, &comm);
    MPI_Group_free(&some);
    MPI_Group_free(&all);
    check(code, "MPI_Comm_create_group");
    // The listed processes create the subgroups of one list from this group in one order.
    std::uint64_t list = 0;
    for (int rank : ranks) list = mix(list, static_cast<std::uint64_t>(rank));
    std::lock_guard lock(children_mutex_);
    return std::make_unique<MpiGroup>(comm, mix(mix(id_, list), subgroups_[list]++));
  }

  std::unique_ptr<ProcessGroup> duplicate() override {
    MPI_Comm comm;
    check(MPI_Comm_dup(comm_, &comm), "MPI_Comm_dup");
    std::lock_guard lock(children_mutex_);
    return std::make_unique<MpiGroup>(comm, mix(mix(id_, 0), duplicates_++));
  }

 private:
  MPI_Comm comm_;
  MPI_Request barrier_ = MPI_REQUEST_NULL;
  int size_ = 0;
  int rank_ = 0;
  /// A collective call's note: which call of the group it is (every process of the group counts
  /// its collective calls alike) and what it is (`size` and `root`: what every process passes
  /// alike, else 0); a point-to-point call is not compared.
  TransportCall collective(CallKind kind, std::size_t size = 0, int root = 0) {
    const auto what = mix(static_cast<std::uint64_t>(kind), mix(size, static_cast<std::uint64_t>(root)));
    const auto index = calls_.fetch_add(1, std::memory_order_relaxed);
    return {processes_, mix(id_, index), what | 1, id_, index};
  }
  TransportCall point_to_point() const { return {processes_, 0, 0, 0, 0}; }

  std::uint64_t processes_ = 0;  // for TransportCallNote
  std::uint64_t id_;
  std::atomic<std::uint64_t> calls_{0};  // collective calls so far
  std::mutex children_mutex_;
  std::uint64_t duplicates_ = 0;                      // so far
  std::map<std::uint64_t, std::uint64_t> subgroups_;  // so far, by their ranks' hash
};

}  // namespace

std::unique_ptr<ProcessGroup> make_world_group(std::uint64_t serial) {
  MPI_Comm comm;
  check(MPI_Comm_dup(MPI_COMM_WORLD, &comm), "MPI_Comm_dup");
  return std::make_unique<MpiGroup>(comm, mix(~std::uint64_t{0}, serial));
}

std::optional<std::uint64_t> collective_calls_begun(std::uint32_t group_id_low_bits) {
  return live_groups().calls_begun(group_id_low_bits);
}

}  // namespace pgasmr::pgas::detail
