# Runs an app that must succeed and write OUTPUT equal to EXPECTED, byte for byte.
#   cmake -DCOMMAND=<arg|arg|...> -DOUTPUT=<file> -DEXPECTED=<file> [-DEXPECT_STDOUT=<text>]
#         -P compare_output.cmake
# COMMAND separates its arguments with '|' because ';' does not survive add_test.

foreach(required COMMAND OUTPUT EXPECTED)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "compare_output.cmake needs -D${required}=...")
  endif()
endforeach()
string(REPLACE "|" ";" command "${COMMAND}")
file(REMOVE "${OUTPUT}")

execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
message("${out}${err}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the command failed with status ${status}")
endif()
if(DEFINED EXPECT_STDOUT)
  string(FIND "${out}" "${EXPECT_STDOUT}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "the standard output does not contain '${EXPECT_STDOUT}'")
  endif()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUTPUT}" "${EXPECTED}" RESULT_VARIABLE different)
if(different)
  message(FATAL_ERROR "${OUTPUT} differs from ${EXPECTED}")
endif()
file(REMOVE "${OUTPUT}")
