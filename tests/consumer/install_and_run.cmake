# Installs the build tree into a scratch prefix, builds tests/consumer against it with
# find_package(pgasmr) and runs the program in one process and, with MPI, under mpirun.
#   cmake -DBUILD_DIR=<pgasmr build> -DWORK_DIR=<scratch> -DCONSUMER_DIR=<tests/consumer>
#         -DCXX=<compiler> [-DLAUNCHER=<ccache>] [-DMPIRUN=<mpirun|args...>] -P install_and_run.cmake

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output TIMEOUT 240)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}\n${output}")
  endif()
  message("${output}")
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
set(configure "${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/build" -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_CXX_COMPILER=${CXX}")
if(LAUNCHER)
  list(APPEND configure "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
run(${configure})
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/build")

set(program "${WORK_DIR}/build/pgasmr_consumer")
run("${CMAKE_COMMAND}" -E env PGASMR_TRANSPORT=local "${program}" --threads 3)
if(MPIRUN)
  string(REPLACE "|" ";" mpirun "${MPIRUN}")
  run(${mpirun} -np 2 "${program}" --threads 2)
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
