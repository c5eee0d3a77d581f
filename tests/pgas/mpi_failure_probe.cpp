// Run under mpirun by the pgas_mpi_failure test: thread 1 throws while every other thread of
// every process waits in a barrier. The whole job must end with a non-zero status and print
// the error; returning normally (exit 0) or hanging fails the test (see expect_failure.cmake).

#include <cstdio>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/error.hpp>
#include <pgasmr/pgas/runtime.hpp>

int main(int argc, char** argv) {
  pgasmr::pgas::Runtime runtime(argc, argv);
  runtime.run([](pgasmr::pgas::Context& me) {
    if (me.thread() == 1) throw pgasmr::error("probe", me.thread(), "thread 1 failed on purpose");
    me.barrier();
  });
  std::printf("mpi_failure_probe: run() returned although thread 1 failed\n");
  return 0;
}
