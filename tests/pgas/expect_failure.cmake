# Runs a command that must fail: passes only if it ends (within TIMEOUT seconds) with a non-zero
# exit status and its output contains EXPECT.
#   cmake -DCOMMAND=<arg|arg|...> -DEXPECT=<text> [-DTIMEOUT=<seconds>] -P expect_failure.cmake
# COMMAND separates its arguments with '|' because ';' does not survive add_test.

if(NOT DEFINED COMMAND OR NOT DEFINED EXPECT)
  message(FATAL_ERROR "expect_failure.cmake needs -DCOMMAND=... and -DEXPECT=...")
endif()
if(NOT DEFINED TIMEOUT)
  set(TIMEOUT 60)
endif()
string(REPLACE "|" ";" command "${COMMAND}")

execute_process(COMMAND ${command}
                RESULT_VARIABLE status
                OUTPUT_VARIABLE output
                ERROR_VARIABLE output
                TIMEOUT ${TIMEOUT})
message("${output}")

if(NOT status MATCHES "^-?[0-9]+$")
  message(FATAL_ERROR "the command did not finish normally (${status}); a failure must end the whole job")
endif()
if(status EQUAL 0)
  message(FATAL_ERROR "the command exited with status 0, expected a failure")
endif()
string(FIND "${output}" "${EXPECT}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "exit status ${status} as expected, but the output does not contain '${EXPECT}'")
endif()
message(STATUS "failed as expected (exit status ${status}) with '${EXPECT}' in the output")
