#!/usr/bin/env bash
# The main job on the bundled data: installs what is missing, builds, and
# runs the FactConsolidation benchmark (all 8 rows, arms keyed / jaccard /
# off) through factline's public API, printing the results table. Then it
# shows how one fact changed: the 6k context in a fresh store and the history
# of (goaltender, sport).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
data=datasets/factconsolidation/Conflict_Resolution.json
build/factline bench factconsolidation --data "$data"
db=$(mktemp -d "${TMPDIR:-/tmp}/factline-main.XXXXXX")
trap 'rm -rf "$db"' EXIT
echo
build/factline --db "$db" ingest "$data" --split factconsolidation_sh_6k
echo "--- history of (goaltender, sport):"
build/factline --db "$db" history goaltender sport
echo "--- store statistics:"
build/factline --db "$db" stats
