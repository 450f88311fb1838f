#!/usr/bin/env bash
# Mutation testing: applies each single-line mutant of a list (default tests/mutants.txt) to a
# scratch clone of the committed tree, rebuilds the test programs (gcc, -O1: only the objects a
# mutant touches recompile), runs the backend, runtime, math (both accuracy classes) and
# documented-kernel suites on the ISAs this CPU has, and prints for each mutant whether a test
# failed (killed) or not (survived), then the kill rate.
# A mutant that does not compile is reported and not counted. Run it before calling a backend or
# a runtime change done; a survivor is a test gap.
# Usage: scripts/mutate.sh [mutant list] [scratch dir]    (exit 0 when every mutant is killed)
#        scripts/mutate.sh --check [mutant list]   (no build: exit 1 naming each mutant whose text
#        is no longer in its file, which a full run would stop at; the `mutants_list` test)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# One line of the list: file, from and to; false for a comment or a blank line.
parse_mutant() {
  case "$1" in '#'* | '') return 1 ;; esac
  file=${1%% ::: *}
  local rest=${1#* ::: }
  from=${rest%% ::: *}
  to=${rest#* ::: }
}
if [ "${1:-}" = "--check" ]; then
  list=$(realpath "${2:-$root/tests/mutants.txt}")
  n=0 stale=0
  while IFS= read -r line; do
    parse_mutant "$line" || continue
    n=$((n + 1))
    if ! FROM="$from" perl -0ne 'exit(index($_, $ENV{FROM}) >= 0 ? 0 : 3)' "$root/$file"; then
      echo "mutant $n: text not found in $file: $from" >&2
      stale=$((stale + 1))
    fi
  done <"$list"
  echo "mutate --check: $n mutants, $stale whose text is gone"
  [ "$stale" -eq 0 ]
  exit
fi
list=$(realpath "${1:-$root/tests/mutants.txt}")
work=${2:-$root/build-mutate}
jobs=$(nproc)
rm -rf "$work"
git clone -q "$root" "$work/src"
build="$work/build"
targets=(test_ops test_runtime test_differential test_errors test_traps test_concurrency test_kernels
         test_math)
cmake -S "$work/src" -B "$build" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O1 \
      -DSGK_WERROR=OFF -DSGK_BUILD_BENCHMARKS=OFF -DSGK_BUILD_EXAMPLES=OFF >/dev/null
echo "== mutate: baseline build and run ==" >&2
cmake --build "$build" -j"$jobs" --target "${targets[@]}" >/dev/null
run_suite() {
  (cd "$build" && OMP_NUM_THREADS=2 timeout 900 ctest -j"$jobs" --stop-on-failure \
     -R '^((ops|runtime|differential|traps|kernels|math|math_fast)\.|errors$|concurrency$)' >"$work/last.log" 2>&1)
}
run_suite || { echo "mutate: the suite fails without mutants (see $work/last.log)" >&2; exit 1; }
killed=0 survived=0 stillborn=0 n=0
while IFS= read -r line; do
  parse_mutant "$line" || continue
  n=$((n + 1))
  if ! FROM="$from" TO="$to" perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/ or exit 3' "$work/src/$file"; then
    echo "mutant $n: text not found in $file: $from" >&2
    exit 2
  fi
  if ! cmake --build "$build" -j"$jobs" --target "${targets[@]}" >"$work/build.log" 2>&1; then
    result="does not compile"
    stillborn=$((stillborn + 1))
  elif run_suite; then
    result="SURVIVED"
    survived=$((survived + 1))
  else
    result="killed by $(grep -m1 -E 'Test +#[0-9]+: .*\*\*\*' "$work/last.log" \
                       | sed -E 's/.*Test +#[0-9]+: ([^ ]+).*/\1/' || true)"
    killed=$((killed + 1))
  fi
  printf 'mutant %2d %-8s %-28s %s\n' "$n" "$result" "$(basename "$file")" "${to## }"
  git -C "$work/src" checkout -q -- "$file"
done <"$list"
total=$((killed + survived))
echo "mutate: $killed of $total mutants killed ($((total ? 100 * killed / total : 0)) %), $survived survived, $stillborn did not compile"
[ "$survived" -eq 0 ]
