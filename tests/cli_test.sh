#!/usr/bin/env bash
# The sgk program: good invocations work, bad ones fail with a message and a non-zero exit.
# Usage: cli_test.sh path/to/sgk
set -uo pipefail
sgk=$1
# an ISA this build lacks, for the error cases: neon on x86, avx2 on AArch64
missing=neon
"$sgk" info --json 2>/dev/null | grep '"isas_available": \[[^]]*"neon"' >/dev/null && missing=avx2
failures=0 passed=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

# expect CODE 'what stderr/stdout must contain' -- command...
expect() {
  local code=$1 pattern=$2; shift 3
  "$@" >"$out" 2>"$err"
  local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qE -- "$pattern" "$out" "$err"; then
    echo "FAIL: $* -> exit $got (want $code), output lacks /$pattern/"; sed 's/^/  | /' "$err" | head -5
    failures=$((failures + 1))
  else
    passed=$((passed + 1))
  fi
}

expect 0 '"sub_group_sizes": \[8, 16, 32\]' -- "$sgk" info --json
expect 0 '^sgk [0-9]+\.[0-9]+\.[0-9]+$' -- "$sgk" --version
expect 0 '"sgk_version": "[0-9]+\.[0-9]+\.[0-9]+"' -- "$sgk" info --json
expect 0 '"isas_available": \["scalar"' -- "$sgk" info --json
expect 0 'Sub-group Sizes: 8 16 32' -- "$sgk" info
expect 1 "SGK_ISA='bogus' is not an ISA" -- env SGK_ISA=bogus "$sgk" info
expect 1 "SGK_ISA='bogus' is not an ISA" -- env SGK_ISA=bogus "$sgk" run copy_block --n 4096 --reps 1
expect 1 "SGK_FAST_SCATTER='maybe': use 0, 1 or auto" -- env SGK_FAST_SCATTER=maybe "$sgk" run hist_private --n 65536 --reps 1
for fs in 0 1 auto; do # both ways of adding to private arrays, whichever this CPU picks
  expect 0 'verified' -- env SGK_FAST_SCATTER=$fs "$sgk" run hist_private --n 65536 --reps 1
done
expect 1 "SGK_STREAM_PREFETCH='yes': use 0, 1 or auto" -- env SGK_STREAM_PREFETCH=yes "$sgk" run reduction --n 65536 --reps 1
# two unknown values: the launch names the first sgk reads (SGK_FAST_SCATTER before the window's)
expect 1 "SGK_FAST_SCATTER='x': use 0, 1 or auto" -- env SGK_SLIDE_QUARTERS=9 SGK_FAST_SCATTER=x "$sgk" run reduction --n 65536 --reps 1
for sp in 0 1 auto; do # the reduction's two paths and the triple product with and without
  for wg in 16 1024; do
    expect 0 'verified' -- env SGK_STREAM_PREFETCH=$sp "$sgk" run reduction_combined --wg $wg --n 1000003 --reps 1
  done
  expect 0 'verified' -- env SGK_STREAM_PREFETCH=$sp "$sgk" run triple_product --n 200 --reps 1
done
expect 1 "SGK_SLIDE_QUARTERS='5': use 0, 1, 2, 3, 4 or auto" -- env SGK_SLIDE_QUARTERS=5 "$sgk" run conv_global --n 65536 --reps 1
# every share of the convolution's window (compiled once per share, one picked per CPU or forced),
# on the variants that have a window (AVX-512 at W 8 and 16, AVX2 at W 8), each output checked
for isa_w in avx512:8 avx512:16 avx2:8; do
  isa=${isa_w%:*} w=${isa_w#*:}
  "$sgk" info --json 2>/dev/null | grep "\"isas_available\": \[[^]]*\"$isa\"" >/dev/null || continue
  for q in 0 1 2 3 4 auto; do
    for k in conv_global conv_slm; do
      expect 0 'verified' -- env SGK_SLIDE_QUARTERS=$q "$sgk" run $k --isa $isa --sg $w --n 65536 --reps 1
    done
  done
done
expect 2 "SGK_TRANSPOSE_BLOCK='0': use 1 .. 65536" -- env SGK_TRANSPOSE_BLOCK=0 "$sgk" run transpose --n 256 --reps 1
# sgk tune --wg: a kernel whose results do not depend on the work-group size is tuned in W and
# work-group size by the library, its choice verified; one whose setup does keeps its own
expect 0 '"tuned_by": "library", "best_ms": \[[0-9.e+-]+, [0-9.e+-]+, [0-9.e+-]+\], "sg_size": [0-9]+, "chosen_wg_size": (32|64|128|256|512|1024), .*"verified": true' -- "$sgk" tune init_wi --quick --wg --json
expect 0 '"wg_size": 16, .*"chosen_wg_size": 16, .*"verified": true' -- "$sgk" tune reduction --quick --wg --json
expect 2 "unknown option or missing value '--wgs'" -- "$sgk" tune init_wi --wgs
# sgk tune --tune-isa: the ISA tuned too, by the library (launch option SGK_TUNE_ISA) or, for a
# kernel whose range is computed from W, by sgk tune itself; the choice verified
expect 0 '"tuned_by": "library", .*"chosen_isa": "(scalar|avx2|avx512|neon)", .*"verified": true' -- "$sgk" tune init_wi --quick --wg --tune-isa --json
expect 0 '"tuned_by": "host", .*"chosen_isa": "(scalar|avx2|avx512|neon)", .*"verified": true' -- "$sgk" tune transpose --quick --tune-isa --json
expect 2 "tune: --tune-isa picks the ISA: drop --isa" -- "$sgk" tune init_wi --tune-isa --isa scalar
# the ISAs it tries are the library's (sgk_tune_isas): SGK_ISA pins one; a bad SGK_ISA is an error
expect 0 '^isa scalar, the fastest launch of each W over [0-9]+ rounds$' -- env SGK_ISA=scalar "$sgk" tune init_wi --quick --tune-isa
expect 1 "SGK_ISA='bogus' is not an ISA" -- env SGK_ISA=bogus "$sgk" tune init_wi --quick --tune-isa
# without --tune-isa, the one ISA a launch resolves (sgk_resolve_isa), and its errors
expect 0 '^isa scalar, the fastest launch of each W over [0-9]+ rounds$' -- env SGK_ISA=scalar "$sgk" tune init_wi --quick
expect 1 "SGK_ISA='bogus' is not an ISA" -- env SGK_ISA=bogus "$sgk" tune init_wi --quick
expect 2 "SGK_TRANSPOSE_BLOCK='4x': use 1 .. 65536" -- env SGK_TRANSPOSE_BLOCK=4x "$sgk" run transpose --n 256 --reps 1
# the transpose's tiles in blocks of 1 (row-major), 3, 4, 8, 65536 (row-major) or by CPU, each checked
for b in 1 3 4 8 65536 auto ""; do
  for w in 8 32; do
    expect 0 'verified' -- env SGK_TRANSPOSE_BLOCK=$b "$sgk" run transpose --sg $w --n 1000 --reps 1
  done
done
expect 0 '"isa": "scalar"' -- env SGK_ISA=scalar "$sgk" run copy_block --n 4096 --reps 1 --json
expect 0 '"isa": "scalar"' -- env SGK_ISA=bogus "$sgk" run copy_block --n 4096 --reps 1 --isa scalar --json
expect 1 "SGK_ISA: ISA '$missing' was not compiled|SGK_ISA: this CPU does not support" -- env SGK_ISA=$missing "$sgk" info
expect 0 'copy_block' -- "$sgk" list
expect 0 'yes' -- "$sgk" run copy_block --sg 16 --reps 2
expect 0 '"verified": true' -- "$sgk" run matmul --n 64 --sg 8 --isa scalar --json
expect 0 'sgSize = 15 sId = 14 j = 14 k = 29' -- "$sgk" demo sg_max_size
expect 0 'sgSize = 7 sId = 6 j = 6 k = 13' -- "$sgk" demo sg_max_size --n 7
expect 0 'globalId = 31 groupId = 0 sgGroupId = 1 sgId = 15 sgSize = 16' -- "$sgk" demo sg_size --sg 16
expect 0 'globalId = 31 groupId = 0 sgGroupId = 0 sgId = 31 sgSize = 32' -- "$sgk" demo sg_size --sg 32
expect 0 '^ 15  31  47' -- "$sgk" demo transpose16
# bad arguments
expect 2 'unknown command' -- "$sgk" frobnicate
expect 2 "unknown kernel 'nosuch'" -- "$sgk" run nosuch
expect 2 'which kernel' -- "$sgk" run
expect 2 'must be 8, 16 or 32' -- "$sgk" run copy_block --sg 12
expect 2 "unknown ISA 'bogus'" -- "$sgk" run copy_block --isa bogus
expect 2 'work-group size must be' -- "$sgk" run copy_block --wg 0
expect 2 'work-group size must be' -- "$sgk" run copy_block --wg 4096
expect 2 'a positive size' -- "$sgk" run copy_block --n -5
expect 2 'multiple of 16' -- "$sgk" run copy_block --n 100
expect 2 'needs a value' -- "$sgk" run copy_block --n
expect 2 "unknown option '--bogus'" -- "$sgk" run copy_block --bogus 1
expect 1 'not divisible by the local size' -- "$sgk" run conv_global --n 1000 --wg 300
expect 1 'not compiled|not supported' -- "$sgk" run copy_block --isa $missing
expect 2 'unknown demo' -- "$sgk" demo nosuch
expect 2 'must be 8, 16 or 32' -- "$sgk" demo sg_size --sg 64
expect 2 'must be 8, 16 or 32' -- "$sgk" demo sg_size --sg 16x
expect 2 '1 .. 1024 work-items' -- "$sgk" demo sg_max_size --n 7abc
expect 2 'a positive size' -- "$sgk" run copy_block --n 4096k
expect 2 'are run options' -- "$sgk" suite --n 5

# the quick suite: every record verified, every kernel at W = 8, 16, 32 (not in the sanitizer
# build, where it takes minutes: the same kernels run there in kernels.*)
if [ -n "${SGK_TEST_SANITIZER:-}" ]; then
  echo "cli: $passed passed, $failures failed (the quick suite is left to kernels.* here)"
  [ "$failures" -eq 0 ]
  exit
fi
"$sgk" suite --quick --json >"$out" 2>"$err"
code=$?
records=$(grep -c '"kernel"' "$out")
good=$(grep -c '"verified": true' "$out")
kernels=$("$sgk" list | tail -n +2 | wc -l)
widths=$(grep -oE '"sg_size": (8|16|32)' "$out" | sort -u | wc -l)
if [ "$code" -ne 0 ] || [ "$records" -eq 0 ] || [ "$records" -ne "$good" ] || [ "$widths" -ne 3 ] ||
   [ "$(grep -oE '"kernel": "[a-z0-9_]+"' "$out" | sort -u | wc -l)" -ne "$kernels" ]; then
  echo "FAIL: suite --quick --json: exit $code, $good of $records verified, $widths widths"
  failures=$((failures + 1))
else
  passed=$((passed + 1))
fi

echo "cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
