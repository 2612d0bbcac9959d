#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs ctest.
# SANITIZE=1 builds into build-asan with AddressSanitizer + UBSan instead;
# SLOW=1 runs only the tests labelled "slow" (the [.slow] Catch2 cases).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SANITIZE:-0}" = 1 ]; then
  export BUILD_DIR=${BUILD_DIR:-build-asan} BUILD_TYPE=Debug
  scripts/build.sh -DFACTLINE_SANITIZE=ON -DFACTLINE_BUILD_BENCHMARKS=OFF
else
  export BUILD_DIR=${BUILD_DIR:-build}
  scripts/build.sh
fi
# Tests labelled "slow" run only with SLOW=1 (CI runs them as their own step).
label=(-LE slow)
[ "${SLOW:-0}" = 1 ] && label=(-L slow)
ctest --test-dir "$BUILD_DIR" --output-on-failure -j2 "${label[@]}" ${CTEST_ARGS:-}
