#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs ctest.
# SANITIZE=1 builds into build-asan with AddressSanitizer + UBSan instead
# (the library modules' tests; SANITIZE_ALL=1 for every test);
# SLOW=1 runs only the tests labelled "slow" (the [.slow] Catch2 cases).
set -euo pipefail
cd "$(dirname "$0")/.."
# Tests labelled "slow" run only with SLOW=1 (CI runs them as their own step).
label=(-LE slow)
[ "${SLOW:-0}" = 1 ] && label=(-L slow)
if [ "${SANITIZE:-0}" = 1 ]; then
  # Under the sanitizers: the library modules' tests (atoms, graph, index,
  # resolver, query), where the memory-sensitive code lives (record codecs,
  # the parser, HNSW, LMDB cursors). The CLI's process-level tests (SIGKILL,
  # full disk, damaged files, installs) run in the plain suite; under ASan
  # they doubled CI's time. SANITIZE_ALL=1 builds and runs everything.
  export BUILD_DIR=${BUILD_DIR:-build-asan} BUILD_TYPE=Debug
  if [ "${SANITIZE_ALL:-0}" != 1 ]; then
    export BUILD_TARGETS="factline_atoms_tests factline_graph_tests
      factline_index_tests factline_resolver_tests factline_valid_time_tests
      factline_query_tests factline_query_threads_tests"
    label=(-L module_ -LE "slow|module_tools")
  fi
  # -O1, as AddressSanitizer's documentation advises for usable speed: at
  # -O0 this step took CI to 20.7 minutes (measured at 9b4f05e). The tests'
  # own code and Catch2's runner stay at -O0 (cmake/FactlineHelpers.cmake):
  # at -O1 they were a third of this build's CPU time.
  scripts/build.sh -DFACTLINE_SANITIZE=ON -DFACTLINE_BUILD_BENCHMARKS=OFF \
    -DCMAKE_CXX_FLAGS_DEBUG="-g -O1"
else
  export BUILD_DIR=${BUILD_DIR:-build}
  scripts/build.sh
fi
ctest --test-dir "$BUILD_DIR" --output-on-failure -j2 "${label[@]}" ${CTEST_ARGS:-}
