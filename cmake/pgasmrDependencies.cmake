# Third-party dependencies, all from Debian packages (see scripts/install-deps).

find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(HWLOC REQUIRED IMPORTED_TARGET hwloc)

if(PGASMR_WITH_MPI STREQUAL "OFF")
  set(PGASMR_HAVE_MPI OFF)
else()
  if(PGASMR_WITH_MPI STREQUAL "ON")
    find_package(MPI REQUIRED COMPONENTS CXX)
  else()
    find_package(MPI COMPONENTS CXX)
  endif()
  set(PGASMR_HAVE_MPI ${MPI_CXX_FOUND})
endif()
message(STATUS "pgasmr: Open MPI transport ${PGASMR_HAVE_MPI}")

if(PGASMR_HAVE_MPI)
  # mpirun refuses root and more ranks than cores unless told; our tests and benchmarks run as
  # root on 2-core machines, so every launch we generate carries these flags.
  set(PGASMR_MPIRUN ${MPIEXEC_EXECUTABLE} --allow-run-as-root --oversubscribe --bind-to none
      CACHE STRING "mpirun command used by tests and benchmarks")
endif()

# The MapReduce engine's variable-size data path and the Phoenix-like baselines.
find_package(Boost 1.74 REQUIRED COMPONENTS serialization)
find_package(TBB REQUIRED)
