# factline_module(NAME <module> SRCS ... DEPS ... PRIVATE_DEPS ...)
# Makes factline_<module> with alias factline::<module>. Public DEPS mirror the
# layering in STYLE.md §1; third-party libraries go in PRIVATE_DEPS so only the
# module that wraps them sees their headers.
set(FACTLINE_WARNINGS -Wall -Wextra -Wpedantic -Werror)

function(factline_module)
  cmake_parse_arguments(M "" "NAME" "SRCS;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(factline_${M_NAME} STATIC ${M_SRCS})
  add_library(factline::${M_NAME} ALIAS factline_${M_NAME})
  target_include_directories(factline_${M_NAME} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>)
  target_compile_options(factline_${M_NAME} PRIVATE ${FACTLINE_WARNINGS})
  target_link_libraries(factline_${M_NAME} PUBLIC ${M_DEPS} PRIVATE ${M_PRIVATE_DEPS})
endfunction()

# The flags of all test code: the executables, Catch2's runner and the
# precompiled catch2/catch.hpp they reuse (tests/CMakeLists.txt), which is
# only used by files compiled with the flags it was built with.
set(FACTLINE_TEST_OPTIONS ${FACTLINE_WARNINGS} -O0)

# factline_test(NAME <module> SRCS ... DEPS ... [COST <seconds>])
# COST: ctest starts tests of higher cost first (without it, in test order).
function(factline_test)
  cmake_parse_arguments(T "" "NAME;COST" "SRCS;DEPS" ${ARGN})
  add_executable(factline_${T_NAME}_tests ${T_SRCS})
  target_link_libraries(factline_${T_NAME}_tests PRIVATE ${T_DEPS} factline_test_main)
  # The tests' own code (Catch2 macros, thousands of CHECKs) is compiled
  # without optimisation in every build, the sanitizer build's -O1 included:
  # about 3x faster to compile (under ASan+UBSan spans_test.cc took 23.6 s
  # of CPU at -O1, 8.0 s at -O0), and the time a test takes is spent in the
  # libraries, which keep theirs. At -O0 the sanitizers instrument every
  # load and store of the test code; -O1 may only remove checks.
  target_compile_options(factline_${T_NAME}_tests PRIVATE
    ${FACTLINE_TEST_OPTIONS})
  # catch2/catch.hpp, which every test file includes, precompiled once in
  # tests/CMakeLists.txt (factline_test_pch, same flags) instead of parsed
  # by each of ~50 test files: about 1-1.5 s of CPU each at -O0.
  target_precompile_headers(factline_${T_NAME}_tests REUSE_FROM
    factline_test_pch)
  # The label names the executable: scripts/test.sh picks module tests by it
  # (SANITIZE=1 runs the library modules only).
  set(cost)
  if(T_COST)
    set(cost COST ${T_COST})
  endif()
  catch_discover_tests(factline_${T_NAME}_tests
    PROPERTIES LABELS "module_${T_NAME}" ${cost})
endfunction()
