#include <pgasmr/pgas/lock.hpp>

#include <string>

#include <pgasmr/pgas/atomic.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/memory.hpp>

#include "job.hpp"
#include "liveness.hpp"

namespace pgasmr::pgas {
namespace {
std::int64_t holder_value(const Context& me) { return me.thread() + 1; }

// When the lock word is updated by MPI atomics (some segment is not mapped), complete and order
// the holder's other memory accesses against them as upc_lock/upc_unlock do. CPU atomics on
// mapped memory are sequentially consistent fences themselves.
void order_memory(Context& me) {
  if (!me.job().all_mapped()) me.job().transport().flush_all_and_sync();
}

/// One attempt to take the lock at `word` for lock() or try_lock() (`operation`, for errors):
/// -1 when taken, else the thread that holds it.
thread_id try_acquire(Context& me, global_ptr<std::int64_t> word, const char* operation) {
  auto previous = atomic_compare_exchange(me, word, 0, holder_value(me));
  if (previous == holder_value(me)) throw_error(operation, "the calling thread already holds this lock");
  if (previous != 0) return static_cast<thread_id>(previous - 1);
  order_memory(me);
  return -1;
}
}  // namespace

Lock Lock::all_alloc(Context& me) {
  auto word = pgas::all_alloc<std::int64_t>(me, 1, 1);
  if (me.thread() == 0) atomic_store(me, word, 0);
  me.barrier();
  return Lock(word);
}

Lock Lock::global_alloc(Context& me) {
  auto word = pgas::local_alloc<std::int64_t>(me, 1);
  atomic_store(me, word, 0);
  return Lock(word);
}

bool Lock::try_lock(Context& me) { return try_acquire(me, word_, "Lock::try_lock") == -1; }

void Lock::lock(Context& me) {
  detail::poll_until(me.job().cancellation(), [&] {
    const auto holder = try_acquire(me, word_, "Lock::lock");
    if (holder != -1) detail::Liveness::waits_for_lock_of(holder);  // for the watch's error
    return holder == -1;
  });
}

void Lock::unlock(Context& me) {
  order_memory(me);
  auto previous = atomic_compare_exchange(me, word_, holder_value(me), 0);
  if (previous != holder_value(me))
    throw_error("Lock::unlock", previous == 0 ? std::string("the lock is not held")
                                              : "the lock is held by thread " + std::to_string(previous - 1));
}

void Lock::free(Context& me) { pgas::free(me, word_); }

}  // namespace pgasmr::pgas
