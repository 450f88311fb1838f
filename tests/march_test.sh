#!/usr/bin/env bash
# Project-wide ISA flags must not leak into kernel variants: builds the README's first kernel with
# CMAKE_C_FLAGS="-march=native -mavx512f -mavx512vl" and checks that its scalar and avx2 objects
# hold no AVX-512 (EVEX) instruction, and no AVX at all in scalar, by the backends' codegen rules.
# Usage: march_test.sh SOURCE_DIR WORK_DIR [--rule RULE]...
set -euo pipefail
src=$1 work=$2
shift 2
rm -rf "$work"
cmake -S "$src/examples/first_kernel" -B "$work" -DSGK_DIR="$src" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_FLAGS="-march=native -mavx512f -mavx512vl" >/dev/null
cmake --build "$work" -j"$(nproc)" --target my_kernels >/dev/null
mapfile -t objects < <(find "$work/CMakeFiles" -path '*my_kernels__*' -name '*.o' | sort)
echo "${#objects[@]} variant objects built with -march=native -mavx512f -mavx512vl"
"$src/scripts/check-vector-code.sh" "$@" "${objects[@]}"
