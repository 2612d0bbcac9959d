#!/usr/bin/env bash
# Installs the Debian 12 packages factline builds against, if any is missing.
# Needs root (or sudo) only when something has to be installed.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  liblmdb-dev libboost-graph-dev libhnswlib-dev nlohmann-json3-dev
  libre2-dev catch2 libcli11-dev libbenchmark-dev
  # WordNet's data files (/usr/share/wordnet): the parser's lemmas.
  wordnet-base
  # The Python package (python/): the extension's headers, and what
  # `pip install --no-build-isolation .` builds with.
  python3-dev pybind11-dev python3-setuptools python3-wheel python3-pip
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "factline: installing missing packages: ${missing[*]}" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || {
    echo "factline: run as root or install sudo to install: ${missing[*]}" >&2
    exit 1
  }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
