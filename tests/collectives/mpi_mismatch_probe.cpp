// Run under mpirun by the coll_mpi_mismatch_* tests: the last process calls another collective
// than the others, a program error that MPI cannot match. The job must fail with the liveness
// watch's error (tests/pgas/expect_failure.cmake) instead of hanging.
//   allreduce-against-reduce   the others allreduce, the last process reduces (run with shared
//                              segments off: every process waits inside a different MPI call)
//   broadcast-against-barrier  the others broadcast, the last process waits in a barrier
//   iallreduce-against-allreduce  the last process starts the i-form and waits for it, the others
//                              call the blocking form: each waits in an MPI call of another group
//                              (the team's twin, the team), which the other has not begun

#include <string>
#include <vector>

#include <pgasmr/collectives/broadcast.hpp>
#include <pgasmr/collectives/reduce.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/runtime.hpp>

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;

int main(int argc, char** argv) {
  pg::Runtime runtime(argc, argv);
  auto rest = runtime.remaining_arguments();
  const std::string mode = rest.empty() ? "" : rest.front();
  runtime.run([&](pg::Context& me) {
    const bool last = me.process() == me.processes() - 1;
    std::vector<long> values(4096, me.thread()), result(1);
    if (mode == "allreduce-against-reduce") {
      if (last)
        coll::reduce(me, result, values);
      else
        coll::allreduce(me, result, values);
    } else if (mode == "broadcast-against-barrier") {
      if (last)
        me.barrier();
      else
        coll::broadcast(me, coll::in_place, values, values.size());
    } else if (mode == "iallreduce-against-allreduce") {
      if (last)
        coll::iallreduce(me, result, values).wait();
      else
        coll::allreduce(me, result, values);
    } else {
      throw pgasmr::error("probe", me.thread(), "unknown mode '" + mode + "'");
    }
  });
  return 0;  // expect_failure.cmake fails the test when the job ends with status 0
}
