// gtest main for every pgasmr test binary: under mpirun only process 0 prints results (every
// process still runs every test and fails the job on its own failures).

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  if (rank && std::string(rank) != "0") {
    auto& listeners = testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  return RUN_ALL_TESTS();
}
