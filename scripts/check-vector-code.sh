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
  # One pass over the disassembly (a test object holds a thousand functions): per function, the
  # relocated targets of its calls (on the call's line or the next) that are not allowed, and for
  # a kernel function (<name>__<variant> or its __body; not <name>__slm__<variant>, the size of
  # its SLM, scalar code) whether it uses the variant's registers.
  result=$(printf '%s\n' "$dis" | REGS="$regs" ALLOWED="$allowed_calls" VARIANT="$variant" awk '
    function finish() {
      if (fn == "") return
      if (bad != "") print "FAIL: " fn " calls" bad
      if (kernel) {
        if (n == 0 && fn !~ /__body$/ && lines <= 3 && tailjump) n = 1 # a stub into its body
        if (n == 0) print "FAIL: " fn " has no " ENVIRON["REGS"] " instruction"
        checked++
      }
      fn = ""
    }
    /^[0-9a-f]+ <.*>:$/ {
      finish()
      fn = $0; sub(/^[0-9a-f]+ </, "", fn); sub(/>:$/, "", fn)
      v = "__" ENVIRON["VARIANT"]
      kernel = fn ~ /__body$/ || substr(fn, length(fn) - length(v) + 1) == v
      if (substr(fn, length(fn) - length(v) - 4, 5) == "__slm") kernel = 0 # its SLM size: scalar
      bad = ""; n = 0; lines = 0; tailjump = 0; pending = 0
      next
    }
    /^$/ { finish(); next }
    fn != "" {
      lines++
      if ($0 ~ ENVIRON["REGS"]) n++
      if ($0 ~ /jmp[ \t].*__body/) tailjump = 1
      if ($0 ~ /[ \t](call|bl)[ \t]/) pending = 2
      if (pending > 0) {
        pending--
        if (match($0, /R_[A-Z0-9_]+[ \t]+[^ \t]+/)) {
          split(substr($0, RSTART, RLENGTH), r, /[ \t]+/)
          if (r[2] !~ ENVIRON["ALLOWED"]) bad = bad " " r[2]
        }
      }
    }
    END { finish(); print "CHECKED " checked + 0 }')
  while IFS= read -r line; do
    case "$line" in
      CHECKED\ *) checked=$((checked + ${line#CHECKED })) ;;
      FAIL:*) echo "FAIL $obj: ${line#FAIL: }"; status=1 ;;
    esac
  done <<<"$result"
done
echo "vector code: $objects variant objects, $checked kernel functions checked, status $status"
[ "$objects" -gt 0 ] || { echo "FAIL: no kernel variant objects given"; exit 1; }
exit $status
