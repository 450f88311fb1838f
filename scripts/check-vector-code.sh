#!/usr/bin/env bash
# Checks what the compiled kernel variants are, by the rules of each backend (src/<isa>/isa.cmake,
# passed by CMake as "<isa>_w<w>:<uses>:<forbids>"):
#   uses    a register regex every kernel function of the variant must use (its vector code), and
#           then no call out of a kernel function (an op that was not inlined), but memcpy/memset,
#           AArch64's outline atomics and SLEEF's functions (the math builtins);
#   forbids first opcode bytes no instruction of the variant may have: c4/c5 (VEX) and 62 (EVEX)
#           on x86, so an avx2 or scalar object holds no AVX-512 (or no AVX) instruction whatever
#           flags the project compiled with.
# Usage: check-vector-code.sh [--rule RULE]... OBJECT...   (objects of sgk_add_kernels variants)
# OBJDUMP names the objdump of the objects' target (default: objdump).
set -euo pipefail
declare -A uses forbids
while [ $# -gt 0 ] && [ "$1" = --rule ]; do
  IFS=: read -r variant u f <<<"$2"
  uses[$variant]=$u forbids[$variant]=$f
  shift 2
done
status=0 checked=0 objects=0
# calls that are not an op left out of line: memcpy/memset, on AArch64 libgcc's outline atomics
# (__aarch64_ldadd4_relax, ...: the atomic instruction, LSE or not, picked at run time), and the
# SLEEF functions of the math builtins
allowed_calls='^(memcpy|memset|__aarch64_(cas|swp|ld[a-z]+)[0-9]+_[a-z_]+|Sleef_[a-z0-9_]+)([-+]0x[0-9a-f]+)?$'
for obj in "$@"; do
  variant=$(basename "$(dirname "$obj")" .dir); variant=${variant##*__}
  [ -n "${uses[$variant]+x}" ] || continue
  objects=$((objects + 1))
  dis=$("${OBJDUMP:-objdump}" -dr "$obj")
  if [ -n "${forbids[$variant]}" ]; then
    # third tab field present: an instruction line; its first byte past address/segment prefixes
    bad=$(printf '%s\n' "$dis" | awk -F'\t' -v re="^(${forbids[$variant]})$" '
      NF >= 3 && $3 != "" { n = split($2, b, " "); i = 1
        while (i <= n && b[i] ~ /^(67|2e|3e|26|36|64|65)$/) i++
        if (i <= n && b[i] ~ re) { print $3; c++ } }
      END { exit c > 0 }' | head -3) || { echo "FAIL $obj ($variant): forbidden encoding: $bad"; status=1; }
  fi
  regs=${uses[$variant]}
  [ -n "$regs" ] || continue
  for fn in $(printf '%s\n' "$dis" | sed -n 's/^[0-9a-f]* <\(.*\)>:$/\1/p'); do
    body=$(printf '%s\n' "$dis" | awk -v f="<$fn>:" '$2 == f {on=1; next} /^$/ {on=0} on')
    calls=$(printf '%s\n' "$body" | grep -A1 -E '\s(call|bl)\s' | grep -oE 'R_[A-Z0-9_]+\s+\S+' \
            | awk '{print $2}' | grep -vE "$allowed_calls" || true)
    if [ -n "$calls" ]; then
      echo "FAIL $obj: $fn calls $(echo $calls | tr '\n' ' ')"; status=1
    fi
    case "$fn" in *__body|*__"$variant") ;; *) continue ;; esac
    n=$(printf '%s\n' "$body" | grep -cE "$regs" || true)
    if [ "$fn" = "${fn%__body}" ] && [ "$(printf '%s\n' "$body" | grep -c .)" -le 3 ] &&
       printf '%s\n' "$body" | grep -E 'jmp\s.*__body' >/dev/null; then
      n=1 # a stub entry point that tail-jumps into its body, which is checked itself
    fi
    if [ "$n" -eq 0 ]; then echo "FAIL $obj: $fn has no $regs instruction"; status=1; fi
    checked=$((checked + 1))
  done
done
echo "vector code: $objects variant objects, $checked kernel functions checked, status $status"
[ "$objects" -gt 0 ] || { echo "FAIL: no kernel variant objects given"; exit 1; }
exit $status
