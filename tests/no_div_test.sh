#!/usr/bin/env bash
# Work-item ids of 2-D work-groups whose rows are not a multiple of W (16x16 tiles at W = 32) must
# not be computed with a division per lane: the stencil5 test kernel, in every variant, holds no
# integer division instruction (the launch computes the ids once per work-group shape).
# Usage: no_div_test.sh OBJECT...   (the test kernels' variant objects)
set -euo pipefail
checked=0 status=0
for obj in "$@"; do
  case "$obj" in *trap_kernels.c.o) ;; *) continue ;; esac
  dis=$("${OBJDUMP:-objdump}" -d --no-show-raw-insn "$obj")
  for fn in $(printf '%s\n' "$dis" | sed -n 's/^[0-9a-f]* <\(stencil5[^>]*\)>:$/\1/p'); do
    divs=$(printf '%s\n' "$dis" | awk -v f="<$fn>:" '$2 == f {on=1; next} /^$/ {on=0} on' |
           grep -cE '\s(i?div[lq]?|[su]div)\s' || true)
    checked=$((checked + 1))
    if [ "$divs" -gt 0 ]; then echo "FAIL $obj: $fn has $divs integer divisions"; status=1; fi
  done
done
echo "no_div: $checked stencil5 functions checked, status $status"
[ "$checked" -gt 0 ] || { echo "FAIL: no stencil5 function found"; exit 1; }
exit $status
