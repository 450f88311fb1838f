#!/usr/bin/env bash
# Instructions per primitive benchmark kernel, per ISA and W, from the disassembly of the variant
# objects of bench/primitives.c: a look at each backend's code without its hardware (the AArch64
# objects come from a cross build). Prints a markdown table; AArch64 objects are read with
# aarch64-linux-gnu-objdump.
# Usage: scripts/count-instructions.sh BUILD_DIR...   (builds with the benchmarks, e.g. build-test-gcc
#        and build-test-aarch64)
set -euo pipefail
declare -A count
isas=() prims=()
for build in "$@"; do
  for obj in "$build"/bench/CMakeFiles/sgk_bench_kernels__*.dir/primitives.c.o; do
    [ -f "$obj" ] || continue
    variant=$(basename "$(dirname "$obj")" .dir); variant=${variant##*__}   # isa_wW
    isa=${variant%_w*} w=${variant##*_w}
    objdump=objdump
    if readelf -h "$obj" | grep 'Machine:.*AArch64' >/dev/null; then
      objdump=aarch64-linux-gnu-objdump
      [ "$isa" = neon ] || isa=$isa-aarch64   # the scalar backend built for AArch64
    fi
    [[ " ${isas[*]} " == *" $isa "* ]] || isas+=("$isa")
    while read -r fn n; do
      prim=${fn%__*}
      [[ " ${prims[*]} " == *" $prim "* ]] || prims+=("$prim")
      count[$prim/$w/$isa]=$n
    done < <("$objdump" -d --no-show-raw-insn "$obj" | awk '
      /^[0-9a-f]+ <prim_[a-z_]+__[a-z0-9]+_w[0-9]+>:$/ { if (fn) print fn, n; fn = $2; gsub(/[<>:]/, "", fn); n = 0; next }
      /^$/ { if (fn) print fn, n; fn = ""; next }
      fn && /^ +[0-9a-f]+:\t/ { n++ }
      END { if (fn) print fn, n }')
  done
done
[ ${#prims[@]} -gt 0 ] || { echo "no bench objects under: $*" >&2; exit 1; }
printf '| primitive | W |'; for isa in "${isas[@]}"; do printf ' %s |' "$isa"; done; printf '\n|---|---|'
for isa in "${isas[@]}"; do printf -- '---|'; done; printf '\n'
for prim in "${prims[@]}"; do
  for w in 8 16 32; do
    printf '| %s | %s |' "$prim" "$w"
    for isa in "${isas[@]}"; do printf ' %s |' "${count[$prim/$w/$isa]:--}"; done
    printf '\n'
  done
done
