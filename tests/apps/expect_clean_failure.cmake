# Runs an app that must fail cleanly: the given exit status, a message containing EXPECT on
# stderr, and no file at OUTPUT afterwards (not even a temporary one beside it; OUTPUT may be a
# directory given as the output file, which must stay a directory).
#   cmake -DCOMMAND=<arg|arg|...> -DEXPECT=<text> -DSTATUS=<n|nonzero> -DOUTPUT=<file>
#         -P expect_clean_failure.cmake
# COMMAND separates its arguments with '|' because ';' does not survive add_test.

foreach(required COMMAND EXPECT STATUS OUTPUT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "expect_clean_failure.cmake needs -D${required}=...")
  endif()
endforeach()
string(REPLACE "|" ";" command "${COMMAND}")
if(NOT IS_DIRECTORY "${OUTPUT}")  # an output that is a directory must stay one
  file(REMOVE "${OUTPUT}")
endif()

execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
message("${out}${err}")
if(STATUS STREQUAL "nonzero")  # any failure, as long as the command ended (mpirun's status varies)
  if(NOT status MATCHES "^-?[0-9]+$" OR status EQUAL 0)
    message(FATAL_ERROR "exit status '${status}', expected a failure")
  endif()
elseif(NOT status STREQUAL "${STATUS}")
  message(FATAL_ERROR "exit status '${status}', expected ${STATUS}")
endif()
string(FIND "${err}" "${EXPECT}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "stderr does not contain '${EXPECT}'")
endif()
get_filename_component(folder "${OUTPUT}" DIRECTORY)
get_filename_component(name "${OUTPUT}" NAME)
file(GLOB leftovers "${folder}/${name}.tmp-*")
if((EXISTS "${OUTPUT}" AND NOT IS_DIRECTORY "${OUTPUT}") OR leftovers)
  message(FATAL_ERROR "a failed run left an output file behind: ${OUTPUT} ${leftovers}")
endif()
