#!/usr/bin/env bash
# Checks that the compiled SIMD kernel variants are vector code: every <kernel>__avx2_w* function
# uses ymm registers, every <kernel>__avx512_w* function zmm (W >= 16) or ymm with k masks
# (W = 8), and none calls out (a call would mean an op was not inlined into the kernel loop).
# Usage: scripts/check-vector-code.sh OBJECT...   (the objects of sgk_add_kernels variants)
set -euo pipefail
status=0 checked=0
for obj in "$@"; do
  case "$obj" in
    *__avx2_w*) regs='ymm' ;;
    *__avx512_w8*) regs='ymm' ;;
    *__avx512_w*) regs='zmm' ;;
    *) continue ;;
  esac
  variant=$(basename "$(dirname "$obj")" .dir); variant=${variant##*__}
  dis=$(objdump -dr --no-show-raw-insn "$obj")
  # function bodies: the variant entry points and the kernel bodies they jump to
  for fn in $(printf '%s\n' "$dis" | sed -n 's/^[0-9a-f]* <\(.*\)>:$/\1/p'); do
    body=$(printf '%s\n' "$dis" | awk -v f="<$fn>:" '$2 == f {on=1; next} /^$/ {on=0} on')
    calls=$(printf '%s\n' "$body" | grep -A1 -E '\bcall' | grep -oE 'R_X86_64_[A-Z0-9_]+\s+\S+' \
            | awk '{print $2}' | grep -vE '^(memcpy|memset)' || true)
    if [ -n "$calls" ]; then
      echo "FAIL $obj: $fn calls $(echo $calls | tr '\n' ' ')"; status=1
    fi
    case "$fn" in *__body|*__"$variant") ;; *) continue ;; esac
    n=$(printf '%s\n' "$body" | grep -cE "%$regs" || true)
    if [ "$fn" = "${fn%__body}" ] && [ "$(printf '%s\n' "$body" | grep -c .)" -le 3 ] &&
       printf '%s\n' "$body" | grep -qE 'jmp\s.*__body'; then
      n=1 # a stub entry point that tail-jumps into its body, which is checked itself
    fi
    if [ "$n" -eq 0 ]; then echo "FAIL $obj: $fn has no $regs instruction"; status=1; fi
    checked=$((checked + 1))
  done
done
echo "vector code: $checked kernel functions checked, status $status"
[ "$checked" -gt 0 ] || { echo "FAIL: no SIMD kernel objects given"; exit 1; }
exit $status
