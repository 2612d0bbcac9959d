#!/bin/sh
# Installs factline from build dir $1 (source $2) into a temporary prefix and
# builds and runs an out-of-tree embedder against it, once with CMake
# (find_package) and once with pkg-config, and a C99 embedder (factline_c.h),
# all including the headers as <factline/...>. $3: the CMake to use;
# $4: compile and link flags the library was built with (sanitizers).
set -eu
build=$1 src=$2 cmake=$3 flags=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
# The installed headers stand alone under one prefix: include/factline/,
# each including the others as "factline/<name>.h" (nothing that needs the
# source tree or a bare "graph/graph.h" on the path).
for h in query.h factline_c.h graph.h atoms.h resolver.h index.h version.h; do
  test -f "$prefix/include/factline/$h"
done
test "$(ls "$prefix/include")" = factline
if grep -rh '#include "' "$prefix/include" | grep -v '#include "factline/'; then
  echo "an installed header includes a path outside factline/" >&2
  exit 1
fi
# The embedder's own graph/graph.h comes first on every include path.
own="-I$src/tests/install/consumer"
"$cmake" -S "$src/tests/install/consumer" -B "$work/cmake-build" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null
"$cmake" --build "$work/cmake-build" >/dev/null
test "$("$work/cmake-build/consumer" "$work/db1")" = "current: bandy"
export PKG_CONFIG_PATH="$(dirname "$(find "$prefix" -name factline.pc)")"
${CXX:-c++} -std=c++20 $flags "$own" -o "$work/pc-consumer" \
  "$src/tests/install/consumer/main.cc" $(pkg-config --cflags --libs factline)
test "$("$work/pc-consumer" "$work/db2")" = "current: bandy"
${CC:-cc} -std=c99 $flags "$own" -Wall -Wpedantic -Werror -o "$work/c-consumer" \
  "$src/tests/install/consumer/main.c" $(pkg-config --cflags --libs factline)
test "$("$work/c-consumer" "$work/db3")" = "c: bandy"
echo "cmake, pkg-config and C $(pkg-config --modversion factline): ok"
