#!/usr/bin/env bash
# The whole test suite: installs the packages, builds sgk with gcc (-Werror) and runs ctest; then
# builds it with clang as well, the second compiler sgk supports, and runs the suite again; then
# with clang under AddressSanitizer and UndefinedBehaviorSanitizer; then
# cross-builds it for AArch64 and runs the NEON and scalar suites, the errors, codegen, examples
# and the sgk program (with its quick suite) under qemu-aarch64.
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
# AddressSanitizer + UndefinedBehaviorSanitizer (clang, -fno-sanitize-recover: the first report
# fails the test) over the whole suite but the code checks, which read the instrumented objects,
# and the host-only readme/format tests; leaks of the OpenMP runtime's own pool are suppressed
# (tests/lsan.supp), none of sgk's.
build="$root/build-test-asan"
echo "== sgk: build with clang, ASan + UBSan ==" >&2
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
      -DCMAKE_CXX_COMPILER=clang++ -DSGK_WERROR=ON -DSGK_BUILD_BENCH=OFF \
      -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
cmake --build "$build" -j"$jobs"
echo "== sgk: ctest (ASan + UBSan) ==" >&2
(cd "$build" && OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} \
   ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
   LSAN_OPTIONS="suppressions=$root/tests/lsan.supp" \
   ctest --output-on-failure -j"$jobs" -E '^(codegen|no_div|march_native|math_symbols|readme|format)$' \
   "$@")
# AArch64 under qemu-user: libgomp with more than one thread hangs there, so every OpenMP team is
# capped at one thread and the one test of concurrent host threads is skipped (SGK_TEST_EMULATED).
# The readme and format tests are host-only and already ran.
build="$root/build-test-aarch64"
echo "== sgk: cross build for aarch64 ==" >&2
cmake -S "$root" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" \
      -DCMAKE_BUILD_TYPE=Release -DSGK_WERROR=ON >/dev/null
cmake --build "$build" -j"$jobs"
echo "== sgk: ctest (aarch64, qemu) ==" >&2
(cd "$build" && OMP_NUM_THREADS=1 OMP_THREAD_LIMIT=1 SGK_TEST_EMULATED=1 \
   ctest --output-on-failure -j"$jobs" -E '^(readme|format)$' "$@")
