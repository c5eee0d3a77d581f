# Runs a command that must be refused: passes only if it exits with status STATUS, its output
# contains EXPECT, and (if given) the file NO_FILE does not exist afterwards.
#   cmake -DCOMMAND=<arg|arg|...> -DSTATUS=<n> -DEXPECT=<text> [-DNO_FILE=<path>] -P expect_exit.cmake
# COMMAND separates its arguments with '|' because ';' does not survive add_test.

foreach(_required COMMAND STATUS EXPECT)
  if(NOT DEFINED ${_required})
    message(FATAL_ERROR "expect_exit.cmake needs -D${_required}=...")
  endif()
endforeach()
string(REPLACE "|" ";" _command "${COMMAND}")
execute_process(COMMAND ${_command} RESULT_VARIABLE _status OUTPUT_VARIABLE _output ERROR_VARIABLE _output TIMEOUT 60)
message("${_output}")
if(NOT _status STREQUAL STATUS)
  message(FATAL_ERROR "exit status '${_status}', expected ${STATUS}")
endif()
string(FIND "${_output}" "${EXPECT}" _found)
if(_found EQUAL -1)
  message(FATAL_ERROR "the output does not contain '${EXPECT}'")
endif()
if(DEFINED NO_FILE AND EXISTS "${NO_FILE}")
  message(FATAL_ERROR "'${NO_FILE}' exists: a refused command must not write its output")
endif()
message(STATUS "refused as expected (exit status ${_status}) with '${EXPECT}'")
