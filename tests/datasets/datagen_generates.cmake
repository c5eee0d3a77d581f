# pgasmr-datagen end to end: small outputs of the requested sizes, the same bytes for the same
# seed, other bytes for another seed, `--output -` (stdout) and `--output /dev/null`, and no
# temporary file left behind.
#   cmake -DDATAGEN=<program> -DWORK_DIR=<scratch folder> -P datagen_generates.cmake

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(datagen)
  execute_process(COMMAND "${DATAGEN}" ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output TIMEOUT 60)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "pgasmr-datagen ${ARGN} failed (${status}):\n${output}")
  endif()
  message("${output}")
endfunction()

function(expect_size path size)
  file(SIZE "${path}" actual)
  if(NOT actual EQUAL size)
    message(FATAL_ERROR "${path}: ${actual} bytes, expected ${size}")
  endif()
endfunction()

datagen(corpus --bytes 4K --seed 3 --output "${WORK_DIR}/a.txt")
datagen(corpus --bytes=4K --seed=3 --output=${WORK_DIR}/b.txt --quiet)
datagen(corpus --bytes 4K --seed 4 --output "${WORK_DIR}/c.txt" --quiet)
expect_size("${WORK_DIR}/a.txt" 4096)
file(SHA256 "${WORK_DIR}/a.txt" a)
file(SHA256 "${WORK_DIR}/b.txt" b)
file(SHA256 "${WORK_DIR}/c.txt" c)
if(NOT a STREQUAL b OR a STREQUAL c)
  message(FATAL_ERROR "corpus: the same seed must give the same bytes and another seed other bytes")
endif()

# Width 5: 15 bytes of pixels per row, padded to 16.
datagen(image --width 5 --height 3 --seed 2 --output "${WORK_DIR}/small.bmp")
expect_size("${WORK_DIR}/small.bmp" 102)
datagen(image --bytes 64K --output "${WORK_DIR}/sized.bmp" --quiet)
file(SIZE "${WORK_DIR}/sized.bmp" sized)
if(sized GREATER 65536 OR sized LESS 60000)
  message(FATAL_ERROR "image --bytes 64K wrote ${sized} bytes")
endif()
file(READ "${WORK_DIR}/small.bmp" magic LIMIT 2)
if(NOT magic STREQUAL "BM")
  message(FATAL_ERROR "small.bmp does not start with BM")
endif()

# Standard output: the same bytes as the file, the summary on stderr.
execute_process(COMMAND "${DATAGEN}" corpus --bytes 4K --seed 3 --output - RESULT_VARIABLE status
                OUTPUT_FILE "${WORK_DIR}/stdout.txt" ERROR_VARIABLE summary TIMEOUT 60)
file(SHA256 "${WORK_DIR}/stdout.txt" piped)
if(NOT status EQUAL 0 OR NOT piped STREQUAL a OR NOT summary MATCHES "wrote corpus - ")
  message(FATAL_ERROR "corpus --output - (${status}): other bytes than the file, or no summary on stderr: ${summary}")
endif()
datagen(image --width 5 --height 3 --output /dev/null)

file(GLOB leftovers "${WORK_DIR}/*.tmp-*")
if(leftovers)
  message(FATAL_ERROR "temporary files left behind: ${leftovers}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
