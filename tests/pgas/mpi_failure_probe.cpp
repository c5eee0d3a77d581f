// Run under mpirun by the pgas_mpi_* tests (PGASMR_THREADS=2, 2 processes). Each mode must end
// the whole job the way tests/pgas/CMakeLists.txt expects; hanging fails the test (see
// expect_failure.cmake).
//   throws          thread 1 throws while every other thread of every process waits in a barrier:
//                   the job fails with that error
//   returns-early   every thread of the last process returns from the body while the others wait
//                   in a barrier: the job fails, naming the process (it used to hang)
//   returns-before-split  the same while the others split the world team (the split's exchange
//                   between processes is a blocking MPI call)
//   split-against-barrier  the last process's threads wait in a barrier while the others split
//                   the world team: the split's exchange between processes, a blocking MPI call,
//                   waits for a process that never joins it (the job used to hang)
//   crossed-locks   thread 0 and the first thread of the last process take two locks in opposite
//                   orders, the others wait in a barrier: the job fails (it used to hang)
//   naps            no error: the last process's threads nap 2.5 s while the others wait in a
//                   barrier, then return while the others go on among themselves for 3 s
//   exits           thread 1 of the last process calls exit(3) while the others wait in a barrier:
//                   the job fails, naming the process (it used to hang, the exiting process in
//                   MPI_Finalize waiting for the others)
//   leaves-before-run  the last process returns from main before it runs the job the others
//                   start: the job fails, naming both (it used to hang: its runtime's teardown
//                   and the others' job were two different MPI calls)
//   exits-before-run   the same with exit(3) in place of the return
//   naps-in-a-chain no error (3 processes): process 0 splits a team with process 1, which waits in
//                   a barrier for process 2, which naps 2.5 s: process 0's MPI call waits for a
//                   stuck process, and process 2 is not stuck

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/lock.hpp>
#include <pgasmr/pgas/runtime.hpp>
#include <pgasmr/pgas/team.hpp>

namespace pg = pgasmr::pgas;
using namespace std::chrono_literals;

namespace {

bool in_last_process(const pg::Context& me) { return me.process() == me.processes() - 1; }

void crossed_locks(pg::Context& me) {
  auto a = pg::Lock::all_alloc(me), b = pg::Lock::all_alloc(me);
  bool first_here = me.thread() == 0, first_there = in_last_process(me) && me.local_thread() == 0;
  std::optional<pg::LockGuard> one;
  if (first_here || first_there) one.emplace(me, first_here ? a : b);
  me.barrier();
  if (first_here || first_there) pg::LockGuard two(me, first_here ? b : a);
  me.barrier();
}

void naps(pg::Context& me) {
  if (in_last_process(me)) std::this_thread::sleep_for(2500ms);
  me.barrier();
  auto mine = me.world().split(me.process(), me.thread());
  if (in_last_process(me)) return;
  for (int round = 0; round < 30; ++round) {
    if (mine.rank() == 0) std::this_thread::sleep_for(100ms);
    mine.barrier();
  }
}

void naps_in_a_chain(pg::Context& me) {
  auto first_two = me.world().split(me.process() < 2 ? 0 : 1, me.thread());
  auto last_two = me.world().split(me.process() > 0 ? 0 : 1, me.thread());
  if (me.process() == 2) std::this_thread::sleep_for(2500ms);
  if (me.process() > 0) last_two.barrier();
  if (me.process() < 2) (void)first_two.split(0, me.thread());
}

}  // namespace

int main(int argc, char** argv) {
  pg::Runtime runtime(argc, argv);
  auto rest = runtime.remaining_arguments();
  std::string mode = rest.empty() ? "throws" : rest.front();
  if (runtime.process() == runtime.processes() - 1) {
    if (mode == "leaves-before-run") return 3;
    if (mode == "exits-before-run") std::exit(3);
  }
  runtime.run([&](pg::Context& me) {
    if (mode == "throws") {
      if (me.thread() == 1) throw pgasmr::error("probe", me.thread(), "thread 1 failed on purpose");
      me.barrier();
    } else if (mode == "exits") {
      if (in_last_process(me) && me.local_thread() == 1) std::exit(3);
      me.barrier();
    } else if (mode == "returns-early") {
      if (!in_last_process(me)) me.barrier();
    } else if (mode == "returns-before-split") {
      if (!in_last_process(me)) (void)me.world().split(0, me.thread());
    } else if (mode == "split-against-barrier") {
      if (in_last_process(me))
        me.barrier();
      else
        (void)me.world().split(0, me.thread());
    } else if (mode == "crossed-locks") {
      crossed_locks(me);
    } else if (mode == "naps") {
      naps(me);
    } else if (mode == "naps-in-a-chain") {
      naps_in_a_chain(me);
    } else {
      throw pgasmr::error("probe", me.thread(), "unknown mode '" + mode + "'");
    }
  });
  if (mode.starts_with("naps")) return 0;
  std::printf("mpi_failure_probe: run() returned although the job must fail (%s)\n", mode.c_str());
  return 0;
}
