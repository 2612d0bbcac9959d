#!/usr/bin/env bash
# ThreadSanitizer job (issue 10): builds the library and only the tests that
# run threads with -fsanitize=thread into build-tsan, then runs them with
# halt_on_error (any data race or lock-order inversion fails the job):
#   - tests/query/threads_test.cc (Memory shared by threads and processes)
#   - tests/capi/c_api_threads_test.c (8 readers and a writer on one handle)
#   - SideIndex lookups while atoms are added (tests/index)
#   - a Store reader keeping its snapshot while another thread writes
#   BUILD_DIR=dir    build directory (default build-tsan)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-tsan}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
scripts/deps.sh
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS=-fsanitize=thread -DCMAKE_C_FLAGS=-fsanitize=thread \
  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
  -DFACTLINE_BUILD_BENCHMARKS=OFF -DFACTLINE_BUILD_PYTHON=OFF \
  -DFACTLINE_BUILD_TOOLS=OFF "${launcher[@]}" >/dev/null
cmake --build "$build_dir" -j2 --target factline_query_threads_tests \
  factline_c_api_threads_test factline_index_tests factline_graph_tests
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
t="$build_dir/tests"
run() {
  echo "-- $*"
  "$@"
}
run "$t/query/factline_query_threads_tests"
run "$t/capi/factline_c_api_threads_test"
run "$t/index/factline_index_tests" "SideIndex: lookups run while atoms are added"
run "$t/graph/factline_graph_tests" \
  "Store: a reader keeps its snapshot while another thread writes"
echo "tsan: clean"
