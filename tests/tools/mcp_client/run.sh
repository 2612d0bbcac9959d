#!/bin/sh
# Runs session.mjs: `run.sh SRC_DIR WORK_DIR FACTLINE`. Installs the pinned
# SDK and reference server into WORK_DIR/node_modules with `npm ci` (once
# per package-lock.json). Exit 77 (ctest's SKIP_RETURN_CODE) when node or
# npm is missing or the registry cannot be reached.
set -u
src=$1 work=$2 factline=$3
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "SKIP: node and npm are needed for the MCP SDK client test"
  exit 77
fi
mkdir -p "$work"
cp "$src/package.json" "$src/package-lock.json" "$src/session.mjs" "$work/"
stamp="$work/node_modules/.factline-package-lock.json"
if ! cmp -s "$src/package-lock.json" "$stamp"; then
  if ! (cd "$work" && timeout 180 npm ci --no-audit --no-fund \
        --loglevel=error); then
    echo "SKIP: npm ci failed (registry unreachable?)"
    exit 77
  fi
  cp "$src/package-lock.json" "$stamp"
fi
exec node "$work/session.mjs" "$factline" "$work/scratch"
