#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang
# (-fsanitize=fuzzer,address,undefined) into build-fuzz and runs each for a
# bounded time, starting from its seed corpus. Prints executions and crashes
# per target; a crasher is copied to tests/fuzz/regressions/<target>/ (the
# "Fuzz replay" ctest then runs it with every build) and the script exits 1.
#   FUZZ_SECONDS=N   seconds per target (default 20)
#   FUZZ_TARGETS="parser jsonl"   a subset (default: all five)
#   BUILD_DIR=dir    build directory (default build-fuzz)
# Without clang it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ not installed; skipped"
  exit 0
fi
build_dir=${BUILD_DIR:-build-fuzz}
seconds=${FUZZ_SECONDS:-20}
targets=${FUZZ_TARGETS:-parser question jsonl lexicon gate_config}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
scripts/deps.sh
cmake -S . -B "$build_dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFACTLINE_FUZZ=ON \
  -DFACTLINE_SANITIZE=ON -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link \
  -DFACTLINE_BUILD_BENCHMARKS=OFF -DFACTLINE_BUILD_PYTHON=OFF \
  "${launcher[@]}" >/dev/null
names=()
for t in $targets; do names+=("factline_fuzz_$t"); done
cmake --build "$build_dir" -j2 --target "${names[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
printf '%-12s %12s %10s %8s\n' target executions exec/s crashes
for t in $targets; do
  corpus="$work/$t"
  mkdir -p "$corpus" "$work/artifacts-$t"
  cp -r "tests/fuzz/$t/." "$corpus/"
  log="$work/$t.log"
  # -rss_limit_mb: the sanitizers' shadow memory plus the parser's tables.
  set +e
  "$build_dir/tests/fuzz/factline_fuzz_$t" "$corpus" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts-$t/" \
    >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  crashes=$(find "$work/artifacts-$t" -type f | wc -l)
  printf '%-12s %12s %10s %8s\n' "$t" "${execs:-?}" "${rate:-?}" "$crashes"
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    failed=1
    mkdir -p "tests/fuzz/regressions/$t"
    for f in "$work/artifacts-$t"/*; do
      [ -f "$f" ] || continue
      cp "$f" "tests/fuzz/regressions/$t/"
      echo "  kept $(basename "$f") in tests/fuzz/regressions/$t/"
    done
    grep -m1 -A25 -E "ERROR: |FUZZ_CHECK|runtime error" "$log" || tail -30 "$log"
  fi
done
exit "$failed"
