#!/usr/bin/env bash
# The main job on the bundled data: installs what is missing, builds, ingests
# the FactConsolidation 6k context into a fresh store and prints what was
# stored, one slot's history and the store's statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
db=$(mktemp -d "${TMPDIR:-/tmp}/factline-main.XXXXXX")
trap 'rm -rf "$db"' EXIT
data=datasets/factconsolidation/Conflict_Resolution.json
build/factline --db "$db" ingest "$data" --split factconsolidation_sh_6k
echo "--- history of (goaltender, sport):"
build/factline --db "$db" history goaltender sport
echo "--- current value:"
build/factline --db "$db" get goaltender sport
echo "--- statistics:"
build/factline --db "$db" stats
