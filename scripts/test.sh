#!/usr/bin/env bash
# The whole test suite: installs the packages, builds sgk with gcc (-Werror, Release) and runs
# ctest; then cross-builds it for AArch64 and runs the NEON and scalar suites, the errors,
# codegen, examples and the sgk program (with its quick suite) under qemu-aarch64; then the
# sanitizer stages: scripts/sanitize.sh (clang, the second compiler sgk supports, -Werror, with
# ASan + UBSan over the suite, and the launch fuzzer for a minute) and scripts/tsan.sh (the
# concurrency test under ThreadSanitizer with libomp and Archer). SGK_TEST_CLANG_RELEASE=1 adds a
# clang Release build and its ctest after gcc's (about 9 more minutes on 2 cores; CI has 90 for
# all of it and leaves it out: the sanitizer stage is already a clang -Werror build of it all
# but the benchmarks).
# Usage: scripts/test.sh [extra ctest args]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh"
jobs=$(nproc)
# each stage's start, in seconds since this script began (CI has 90 minutes for all of it)
stage() { echo "== sgk: $* (at ${SECONDS} s) ==" >&2; }
compilers=gcc
[ "${SGK_TEST_CLANG_RELEASE:-0}" = 1 ] && compilers="gcc clang"
for cc in $compilers; do
  cxx=$([ "$cc" = gcc ] && echo g++ || echo clang++)
  build="$root/build-test-$cc"
  stage "build with $cc"
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_CXX_COMPILER="$cxx" -DSGK_WERROR=ON >/dev/null
  cmake --build "$build" -j"$jobs"
  stage "ctest ($cc)"
  (cd "$build" && OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} ctest --output-on-failure -j"$jobs" "$@")
done
# AArch64 under qemu-user: libgomp with more than one thread hangs there, so every OpenMP team is
# capped at one thread and the one test of concurrent host threads is skipped (SGK_TEST_EMULATED).
# The readme, format and consumers tests are host-only and already ran; the benchmarks are not
# built (their smoke tests ran natively, and emulated timings mean nothing).
build="$root/build-test-aarch64"
stage "cross build for aarch64"
cmake -S "$root" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" \
      -DCMAKE_BUILD_TYPE=Release -DSGK_WERROR=ON -DSGK_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j"$jobs"
stage "ctest (aarch64, qemu)"
(cd "$build" && OMP_NUM_THREADS=1 OMP_THREAD_LIMIT=1 SGK_TEST_EMULATED=1 \
   ctest --output-on-failure -j"$jobs" -E '^(readme|format|consumers)$' "$@")
stage "sanitizers"
"$root/scripts/sanitize.sh" "$@"
stage "thread sanitizer"
"$root/scripts/tsan.sh"
stage "done"
