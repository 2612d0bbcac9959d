#!/usr/bin/env bash
# clang-tidy with the checks of .clang-tidy (STYLE.md section 10; every
# finding is an error) over the project's .cc files, in parallel
# (run-clang-tidy -j2), from BUILD_DIR's compile_commands.json (default
# build, configured by scripts/build.sh). Default scope: the library and the
# CLI (atoms graph index resolver query tools); TIDY_SCOPE=all adds tests/
# and python/. Prints the time taken; exits 1 on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
if ! command -v run-clang-tidy >/dev/null || ! command -v clang-tidy >/dev/null; then
  echo "tidy: clang-tidy not installed; skipped"
  exit 0
fi
[ -f "$build_dir/compile_commands.json" ] || scripts/build.sh >/dev/null
dirs="atoms graph index resolver query tools"
[ "${TIDY_SCOPE:-}" = all ] && dirs="$dirs tests python"
regex="^$(pwd)/($(echo "$dirs" | tr ' ' '|'))/.*\\.cc\$"
start=$(date +%s)
log=$(mktemp)
set +e
run-clang-tidy -quiet -j "${TIDY_JOBS:-2}" -p "$build_dir" "$regex" >"$log" 2>&1
rc=$?
set -e
findings=$(grep -cE '(error|warning): .*\[[a-z-]+.*\]$' "$log" || true)
grep -E '(error|warning): .*\[[a-z-]+.*\]$' "$log" | sort -u || true
echo "tidy: $(grep -c '^clang-tidy' "$log" || true) files, $findings findings," \
  "$(($(date +%s) - start)) s"
rm -f "$log"
[ "$rc" -eq 0 ] && [ "$findings" -eq 0 ]
