#pragma once
/// @file
/// ProcessGroup: the processes hosting the members of one team, for the inter-process phase of
/// hierarchical algorithms (one call per process, made by one thread of it). Only the MPI
/// transport has groups; a team inside one process has none.

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace pgasmr::pgas {

/// Ranks are ordered by process id. Every call is collective over the group's processes unless
/// it says otherwise, and throws pgasmr::error when the transport fails.
class ProcessGroup {
 public:
  virtual ~ProcessGroup() = default;
  virtual int size() const = 0;
  virtual int rank() const = 0;

  /// Non-blocking barrier: start, then poll until test() is true.
  virtual void barrier_start() = 0;
  virtual bool barrier_test() = 0;

  /// Every member's bytes (sizes may differ), concatenated in rank order; `sizes` receives
  /// each member's byte count.
  virtual std::vector<std::byte> allgather(std::span<const std::byte> mine, std::vector<std::size_t>& sizes) = 0;

  /// Every member's `mine`, all of one size, concatenated in rank order into `everyone` (resized;
  /// a caller that keeps it between calls allocates nothing): one exchange where allgather()
  /// needs two (sizes, then bytes).
  virtual void allgather_fixed(std::span<const std::byte> mine, std::vector<std::byte>& everyone) = 0;

  /// As allgather_fixed(), but only member `root` gets everyone's bytes (the others an empty
  /// `everyone`): one MPI_Gather.
  virtual void gather_fixed(std::span<const std::byte> mine, int root, std::vector<std::byte>& everyone) = 0;

  /// Personalised all-to-all of bytes: send_counts[r] bytes from send + send_displs[r] go to
  /// member r, which receives them at recv + its recv_displs[this rank].
  virtual void alltoallv(const std::byte* send, std::span<const std::size_t> send_counts,
                         std::span<const std::size_t> send_displs, std::byte* recv,
                         std::span<const std::size_t> recv_counts, std::span<const std::size_t> recv_displs) = 0;

  /// A stretch of this process's memory that a stream of alltoall_pieces() or
  /// broadcast_pieces() is read from (`Byte` = const std::byte) or written to.
  template <class Byte>
  struct Piece {
    Byte* data;
    std::size_t bytes;
  };
  using SendPieces = std::vector<Piece<const std::byte>>;
  using ReceivePieces = std::vector<Piece<std::byte>>;

  /// alltoallv() straight between scattered memory, without packing: the stream to member r is
  /// send[r]'s pieces one after the other, and the stream from member r fills receive[r]'s
  /// pieces in order (they hold exactly what r sends). Only byte counts must agree between
  /// members, so one side may pass a single contiguous piece where the other passes many.
  virtual void alltoall_pieces(std::span<const SendPieces> send, std::span<const ReceivePieces> receive) = 0;

  /// broadcast() straight from and to scattered memory: member `root` sends its `sent` pieces
  /// one after the other, every other member receives them into its `received` pieces (the same
  /// total; each member passes only the side it plays, the other empty).
  virtual void broadcast_pieces(const SendPieces& sent, const ReceivePieces& received, int root) = 0;

  /// `bytes` bytes of member `root`'s `data` to every member's `data`.
  virtual void broadcast(std::byte* data, std::size_t bytes, int root) = 0;

  /// Point to point, blocking: `bytes` bytes to or from member `peer`. Messages between two
  /// members with the same tag arrive in order. Not collective.
  virtual void send(const std::byte* data, std::size_t bytes, int peer, int tag) = 0;
  virtual void receive(std::byte* data, std::size_t bytes, int peer, int tag) = 0;
  /// Sends to `to` and receives from `from` at once (no deadlock when peers do the same).
  virtual void send_receive(const std::byte* out, std::size_t out_bytes, int to, std::byte* in, std::size_t in_bytes,
                            int from, int tag) = 0;

  /// Collective over the listed members only (ranks of this group, ascending): a group of them.
  virtual std::unique_ptr<ProcessGroup> subgroup(std::span<const int> ranks) = 0;
  /// The same processes in a context of their own (MPI_Comm_dup): no call on one group ever
  /// matches a call on the other, so the two may be used at the same time by different threads.
  virtual std::unique_ptr<ProcessGroup> duplicate() = 0;
};

}  // namespace pgasmr::pgas
