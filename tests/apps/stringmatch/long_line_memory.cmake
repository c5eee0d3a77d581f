# stringmatch on one long matching line holds it at most about twice (the line read for the
# output, and the output): the peak memory it reports for a line of MiB mebibytes, less its
# peak on a one-line file, stays under 3 x MiB. (Copying the line through the map, the reduce
# and the numbering held it 7 to 10 times.) The result must still be grep's.
#   cmake -DSTRINGMATCH=<program> -DWORK_DIR=<scratch folder> -DMIB=<line size> -P long_line_memory.cmake

foreach(required STRINGMATCH WORK_DIR MIB)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "long_line_memory.cmake needs -D${required}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(WRITE "${WORK_DIR}/keys.txt" "foo\n")
file(WRITE "${WORK_DIR}/short.txt" "abcd foo\n")
math(EXPR bytes "${MIB} * 1048576")
execute_process(COMMAND yes "abcd foo" COMMAND head -c ${bytes} COMMAND tr "\n" " " OUTPUT_FILE "${WORK_DIR}/long.txt")
file(APPEND "${WORK_DIR}/long.txt" "\n")

# peak_of(<input> <variable>): runs stringmatch with --output and sets <variable> to its peak MiB.
function(peak_of input variable)
  execute_process(COMMAND "${STRINGMATCH}" --threads 2 --keys "${WORK_DIR}/keys.txt" --output "${WORK_DIR}/${input}.out"
                          "${WORK_DIR}/${input}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT status EQUAL 0 OR NOT out MATCHES "peak memory +([0-9]+)\\.[0-9] MiB")
    message(FATAL_ERROR "stringmatch ${input} (status ${status}):\n${out}${err}")
  endif()
  set(${variable} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()

peak_of(short.txt base)
peak_of(long.txt peak)
math(EXPR extra "${peak} - ${base}")
math(EXPR bound "3 * ${MIB}")
message(STATUS "a ${MIB} MiB line: peak ${peak} MiB, ${extra} MiB above a one-line file (bound ${bound})")
if(extra GREATER bound)
  message(FATAL_ERROR "a ${MIB} MiB matching line took ${extra} MiB more than a short one (more than ${bound})")
endif()

file(SIZE "${WORK_DIR}/long.txt.out" size)
string(LENGTH "${WORK_DIR}/long.txt:1:" prefix)
math(EXPR expected "${prefix} + ${bytes} + 1")
if(NOT size EQUAL expected)
  message(FATAL_ERROR "the output holds ${size} bytes, expected ${expected} (path:1:line)")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
