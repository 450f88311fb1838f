#!/usr/bin/env bash
# Every math builtin of include/sgk/isa/math.inc calls SLEEF's function for the variant's ISA at
# its register width: the compiled test kernel variants (tests/math_kernels.c, which call them
# all) must reference, for each SLEEF-backed function, exactly the symbol the list names
# (Sleef_<fn>f8_u10avx2, Sleef_<fn>d8_u10avx512f, Sleef_<fn>f4_u10advsimd, Sleef_<fn>f1_u10purec,
# ...), and no SLEEF symbol of another ISA or a dispatcher (Sleef_expf8_u10 without an ISA).
# Usage: math_symbols_test.sh MATH_INC OBJECT...   (NM names the nm of the objects' target)
set -euo pipefail
inc=$1
shift
# X(fn, SHAPE, ACC, FAST) entries of SGK_MATH_OPS
entries=$(sed -n '/#define SGK_MATH_OPS/,/clang-format on/p' "$inc" | grep -oE 'X\([^)]*\)' |
          sed -E 's/X\(([a-z0-9]+), ([A-Z_]+), ([a-z0-9]*), ([a-z0-9]*)\)/\1 \2 \3/')
status=0 objects=0 checked=0
for obj in "$@"; do
  variant=$(basename "$(dirname "$obj")" .dir); variant=${variant##*__} # <isa>_w<W>
  isa=${variant%_w*} w=${variant##*_w}
  case $isa in
    scalar) f=f1 d=d1 fi=purec di=purec ;;
    avx2) f=f8 d=d4 fi=avx2 di=avx2 ;;
    avx512) f=f16 d=d8 fi=avx512f di=avx512f; [ "$w" = 8 ] && f=f8 fi=avx2 ;;
    neon) f=f4 d=d2 fi=advsimd di=advsimd ;;
    *) continue ;;
  esac
  objects=$((objects + 1))
  syms=$("${NM:-nm}" -u "$obj" | awk '{print $NF}' | grep '^Sleef_' | sort -u || true)
  want=()
  while read -r fn shape acc; do
    case $shape in
      UNARY | BINARY | SINCOS | UNARY_FIXED) want+=("Sleef_${fn}${f}_${acc}${fi}" "Sleef_${fn}${d}_${acc}${di}") ;;
      BINARY_FIXED) want+=("Sleef_${fn}${d}_${acc}${di}") ;; # floats go through doubles
      UNARY_OWN32) want+=("Sleef_${fn}${d}_${acc}${di}") ;; # floats: sgk's own
      FREXP) want+=("Sleef_frfrexp${d}_${di}" "Sleef_expfrexp${d}_${di}") ;;
      LDEXP | ILOGB) want+=("Sleef_${fn}${d}_${di}") ;;
      *) ;; # computed by sgk
    esac
  done <<<"$entries"
  for s in "${want[@]}"; do
    checked=$((checked + 1))
    grep -qx "$s" <<<"$syms" || { echo "FAIL $variant: no reference to $s"; status=1; }
  done
  other=$(grep -vE "_(u[0-9]+)?($fi|$di)\$" <<<"$syms" || true)
  [ -z "$other" ] || { echo "FAIL $variant: other SLEEF symbols: $(echo $other)"; status=1; }
done
echo "math symbols: $objects variant objects, $checked expected references checked, status $status"
[ "$objects" -gt 0 ] || { echo "FAIL: no math variant objects given"; exit 1; }
exit $status
