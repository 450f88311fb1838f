#!/usr/bin/env bash
# The README's first kernel: its code blocks are the files of examples/first_kernel, and the
# project builds and runs out of tree exactly as the README says.
# Usage: readme_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work/blocks"
# Split the README's fenced c/cmake blocks into files named by their first line.
awk -v out="$work/blocks" '
  /^```(c|cmake)$/ { inblock = 1; n++; file = out "/block" n; next }
  /^```/ { inblock = 0; next }
  inblock { print > file }
' "$src/README.md"
for f in saxpy.h saxpy.c main.c CMakeLists.txt; do
  found=0
  for b in "$work"/blocks/block*; do
    if cmp -s "$b" "$src/examples/first_kernel/$f"; then found=1; fi
  done
  if [ "$found" -ne 1 ]; then
    echo "FAIL: README has no block identical to examples/first_kernel/$f"
    exit 1
  fi
done
# 1. sgk as a subdirectory of the user's project
cmake -S "$src/examples/first_kernel" -B "$work/build" -DSGK_DIR="$src" >/dev/null
cmake --build "$work/build" -j"$(nproc)" >/dev/null
"$work/build/first_kernel" | tee "$work/out"
grep -q "all correct" "$work/out"
# 2. an installed sgk, found with find_package
cmake -S "$src" -B "$work/sgk" -DSGK_BUILD_TESTS=OFF -DSGK_BUILD_BENCHMARKS=OFF -DSGK_BUILD_TOOLS=OFF \
      -DSGK_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$work/sgk" -j"$(nproc)" >/dev/null
cmake --install "$work/sgk" --prefix "$work/prefix" >/dev/null
cmake -S "$src/examples/first_kernel" -B "$work/installed" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/installed" -j"$(nproc)" >/dev/null
"$work/installed/first_kernel" | tee "$work/out2"
grep -q "all correct" "$work/out2"
echo "readme: 2 passed, 0 failed"
