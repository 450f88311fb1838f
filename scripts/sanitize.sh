#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer (clang, -fno-sanitize-recover: the first report
# fails the test) over the whole suite but the code checks, which read the instrumented objects,
# and the host-only readme/format/consumers tests; leaks of the OpenMP runtime's own pool are suppressed
# (tests/lsan.supp), none of sgk's. The same build runs the libFuzzer target over sgk_launch
# (ctest fuzz_launch) for SGK_FUZZ_SECONDS (default 60). -O1: the instrumented kernel variants
# compile in a third of the time -O2 takes. UBSan's pointer-overflow check (pointer arithmetic
# that wraps around the address space) is left out: it alone made the heaviest objects three
# times as long to compile (the ops test kernel's avx2 W 32 variant 202 s under UBSan, 68 s
# without it, on a 2.4 GHz AMD EPYC), and an out-of-bounds address is ASan's to catch where it is
# used. On an x86 CPU without AVX-512 the avx512 backend is not built here: its instrumented
# variants could not run (their tests report skipped), and gcc's -Werror build of the test
# command has compiled them.
# Usage: scripts/sanitize.sh [extra ctest args]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh"
build="$root/build-test-asan"
san="-O1 -fsanitize=address,undefined -fno-sanitize=pointer-overflow -fno-sanitize-recover=all"
san="$san -fno-omit-frame-pointer"
isa_args=(-DSGK_ENABLE_AVX512=ON)
if [ "$(uname -m)" = x86_64 ] && ! grep -qw avx512f /proc/cpuinfo; then
  isa_args=(-DSGK_ENABLE_AVX512=OFF)
  echo "sanitize: this CPU has no AVX-512: the avx512 backend is left out of this build" >&2
fi
echo "== sgk: build with clang, ASan + UBSan ==" >&2
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER=clang "${isa_args[@]}" \
      -DCMAKE_CXX_COMPILER=clang++ -DSGK_WERROR=ON -DSGK_BUILD_BENCHMARKS=OFF -DSGK_BUILD_FUZZ=ON \
      -DSGK_FUZZ_SECONDS="${SGK_FUZZ_SECONDS:-60}" -DCMAKE_C_FLAGS="$san" \
      -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
cmake --build "$build" -j"$(nproc)"
echo "== sgk: ctest (ASan + UBSan, fuzz) ==" >&2
(cd "$build" && OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} SGK_TEST_SANITIZER=1 \
   ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   LSAN_OPTIONS="suppressions=$root/tests/lsan.supp" \
   ctest --output-on-failure -j"$(nproc)" \
   -E '^(codegen|no_div|march_native|math_symbols|readme|format|consumers)$' "$@")
