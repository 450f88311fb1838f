#!/usr/bin/env bash
# ThreadSanitizer over the concurrency test (tests/test_concurrency.c: 8 host threads and OpenMP
# regions with nesting off and on, launching mixed ISA, W, SLM and teams), built with clang and
# run on libomp with Archer, the OMPT tool that tells TSan about OpenMP's barriers and tasks
# (gcc's libgomp is not TSan-aware: its barriers look like races). Only that program and what it
# links are built. halt_on_error: the first race fails the run.
# Usage: scripts/tsan.sh [launches per host thread]   (default 60)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh"
archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | sort -V | tail -n1)
[ -n "$archer" ] || { echo "tsan.sh: libarcher.so not found (package libomp-14-dev)" >&2; exit 1; }
build="$root/build-test-tsan"
san="-O1 -g -fsanitize=thread -fno-omit-frame-pointer"
echo "== sgk: build the concurrency test with clang, TSan ==" >&2
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER=clang \
      -DCMAKE_CXX_COMPILER=clang++ -DSGK_WERROR=ON -DSGK_BUILD_BENCHMARKS=OFF \
      -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
cmake --build "$build" -j"$(nproc)" --target test_concurrency
echo "== sgk: concurrency test under TSan + Archer ($archer) ==" >&2
OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} OMP_TOOL_LIBRARIES="$archer" ARCHER_OPTIONS="verbose=1" \
  TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1 exitcode=66" \
  "$build/tests/test_concurrency" "${1:-60}"
