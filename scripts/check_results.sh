#!/usr/bin/env bash
# CI check: docs/results.md covers exactly the benchmark set of
# scripts/results.sh (names, not numbers, which vary between runs).
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(sed -n 's/^BENCHES=(\(.*\))$/\1/p' scripts/results.sh | tr ' ' '\n' | sort)
have=$(sed -n 's/^## bench: \(.*\)$/\1/p' docs/results.md | sort)
listed=$(sed -n 's/^Benchmark set: \(.*\)$/\1/p' docs/results.md | tr ' ' '\n' | sort)
if [ "$want" != "$have" ] || [ "$want" != "$listed" ]; then
  echo "docs/results.md is out of date with scripts/results.sh:" >&2
  echo "  benchmark set in results.sh: $(echo $want)" >&2
  echo "  sections in results.md:      $(echo $have)" >&2
  echo "  set named in results.md:     $(echo $listed)" >&2
  echo "rerun scripts/results.sh (or scripts/results.sh NAME for a new one)" >&2
  exit 1
fi
echo "docs/results.md covers: $(echo $want)"
