#!/usr/bin/env bash
# The whole test suite: installs the packages, builds sgk with gcc (-Werror) and runs ctest; then
# builds it with clang as well, the second compiler sgk supports, and runs the suite again.
# Usage: scripts/test.sh [extra ctest args]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh"
jobs=$(nproc)
for cc in gcc clang; do
  cxx=$([ "$cc" = gcc ] && echo g++ || echo clang++)
  build="$root/build-test-$cc"
  echo "== sgk: build with $cc ==" >&2
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_CXX_COMPILER="$cxx" -DSGK_WERROR=ON >/dev/null
  cmake --build "$build" -j"$jobs"
  echo "== sgk: ctest ($cc) ==" >&2
  (cd "$build" && OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} ctest --output-on-failure -j"$jobs" "$@")
done
