# Warnings and sanitizers for pgasmr's own targets (never for third-party code).

add_library(pgasmr_warnings INTERFACE)
target_compile_options(pgasmr_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                       $<$<BOOL:${PGASMR_WERROR}>:-Werror>
                       # GCC 12 at -O3 flags "literal" + std::string with a false -Wrestrict
                       # (GCC bug 105329, fixed in 13).
                       $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)

if(PGASMR_SANITIZER)
  string(REPLACE "," ";" _pgasmr_sanitizers "${PGASMR_SANITIZER}")
  foreach(_san IN LISTS _pgasmr_sanitizers)
    if(NOT _san MATCHES "^(address|thread|undefined)$")
      message(FATAL_ERROR "PGASMR_SANITIZER: unknown sanitizer '${_san}' (use address, thread or undefined)")
    endif()
  endforeach()
  if("thread" IN_LIST _pgasmr_sanitizers AND "address" IN_LIST _pgasmr_sanitizers)
    message(FATAL_ERROR "PGASMR_SANITIZER: thread and address cannot be combined")
  endif()
  add_compile_options(-fsanitize=${PGASMR_SANITIZER} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${PGASMR_SANITIZER})
endif()

# Fuzzing: every target is instrumented for libFuzzer's coverage and checked by ASan and UBSan;
# the fuzz targets alone link libFuzzer's main (tests/fuzz).
if(PGASMR_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "PGASMR_FUZZ needs clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}: -DCMAKE_CXX_COMPILER=clang++")
  endif()
  if(PGASMR_SANITIZER)
    message(FATAL_ERROR "PGASMR_FUZZ brings its own sanitizers (address,undefined): leave PGASMR_SANITIZER empty")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# pgasmr_target_defaults(target): the settings every pgasmr library, test and tool shares.
function(pgasmr_target_defaults target)
  target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:pgasmr_warnings>)
endfunction()
