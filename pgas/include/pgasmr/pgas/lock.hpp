#pragma once
/// @file
/// Lock: a mutual-exclusion lock in shared memory, usable by every thread of every process
/// (upc_lock_t).

#include <cstdint>

#include <pgasmr/pgas/detail/core.hpp>
#include <pgasmr/pgas/global_ptr.hpp>

namespace pgasmr::pgas {

class Context;

/// A lock is one shared word: 0 when free, holder + 1 when held. Lock objects are cheap values
/// naming that word; every thread that names the same word uses the same lock. Acquiring
/// orders memory like upc_lock (what the previous holder wrote is visible to the next).
class Lock {
 public:
  /// Collective (upc_all_lock_alloc): every thread gets the same lock.
  static Lock all_alloc(Context& me);
  /// One thread (upc_global_lock_alloc); pass word() to the others through shared memory.
  static Lock global_alloc(Context& me);

  explicit Lock(global_ptr<std::int64_t> word) : word_(word) {}

  /// Blocks until acquired. Throws pgasmr::error if the caller already holds it.
  void lock(Context& me);
  bool try_lock(Context& me);
  /// Throws pgasmr::error if the caller does not hold it.
  void unlock(Context& me);
  /// Frees the lock's word (upc_lock_free); by one thread, while nobody holds it.
  void free(Context& me);

  global_ptr<std::int64_t> word() const noexcept { return word_; }

 private:
  global_ptr<std::int64_t> word_;
};

/// Holds a Lock for its lifetime.
class LockGuard {
 public:
  LockGuard(Context& me, Lock lock) : me_(me), lock_(lock) { lock_.lock(me_); }
  ~LockGuard() {
    try {
      lock_.unlock(me_);
    } catch (...) {
      detail::fail_job(me_, std::current_exception());
    }
  }
  LockGuard(const LockGuard&) = delete;
  LockGuard& operator=(const LockGuard&) = delete;

 private:
  Context& me_;
  Lock lock_;
};

}  // namespace pgasmr::pgas
