#!/usr/bin/env bash
# The benchmarks in one command: installs what they compare with (OpenBLAS, matplotlib), builds
# bench_kernels, runs every documented kernel at W = 8, 16, 32 on every ISA this CPU has beside
# the machine's roofs, the plain C / OpenMP / OpenBLAS baselines, PoCL and Intel's CPU OpenCL
# runtime (scripts/install-peers.sh) and the launch overhead, then
# prints the table and draws the charts (bench/plot.py).
# Usage: scripts/bench.sh [--targets] [--threads=1,2,...] [--quick] [Google Benchmark flags]
# --targets: only what issue 12's targets compare (every kernel on the vector ISAs, Intel's
# runtime on the histogram, OpenMP's reduction, OpenBLAS, the roofs, the launch overhead), three
# repetitions in random order; table.md's "Issue 12's targets" says which are met.
# (SGK_BENCH_PEERS=0: without the OpenCL runtimes.)
# Output: bench-results/<UTC time>/ with kernels.json (the record), table.md and the PNGs.
set -euo pipefail
args=()
for a in "$@"; do
  if [ "$a" = --targets ]; then
    args+=("--benchmark_filter=^([a-z0-9_]+/[a-z0-9_]+/(avx2|avx512|neon)/|peer/intel/hist/|baseline/(reduction|matmul|matmul_f32)/(omp|openblas)/|roof/(clock|copy/|byte_store/|store_|mad_i32/)|overhead/)"
           --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true)
  else
    args+=("$a")
  fi
done
set -- "${args[@]}"
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup-debian.sh" --bench
build="$root/build-bench"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSGK_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target bench_kernels
# The other runtimes (PoCL, Intel's CPU OpenCL runtime): installed into .peers/ unless
# SGK_BENCH_PEERS=0; absent ones are reported by bench_kernels and left out.
if [ "${SGK_BENCH_PEERS:-1}" != 0 ]; then
  "$root/scripts/install-peers.sh" || echo "bench: installing the OpenCL peers failed" >&2
  # shellcheck disable=SC1091
  [ -f "$root/.peers/env.sh" ] && . "$root/.peers/env.sh"
fi
out="$root/bench-results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
cpu=$(sed -n 's/^model name\s*:\s*//p' /proc/cpuinfo | head -1)
machine="$(nproc) x ${cpu:-$(uname -m)}"
# OpenBLAS at its best core for this CPU's ISA. Its own detection knows only the CPU models of
# its release: Debian 12's 0.3.21 takes an Intel Xeon of family 6 model 207 (AVX-512) for a
# Prescott and runs SSE3 kernels (dgemm 31 GFLOP/s against 132 with its AVX-512 core), so the core
# is named by the CPU's flags; an OPENBLAS_CORETYPE in the environment (some set Haswell) would
# hold it back. The core that ran is recorded in the JSON (blas_core).
flags=$(sed -n 's/^flags\s*:\s*//p' /proc/cpuinfo | head -1)
case " $flags " in
  *" avx512_bf16 "*) export OPENBLAS_CORETYPE=Cooperlake ;;
  *" avx512f "*) export OPENBLAS_CORETYPE=SkylakeX ;;
  *" avx2 "*) export OPENBLAS_CORETYPE=Haswell ;;
  *) unset OPENBLAS_CORETYPE ;;
esac
echo "bench: $machine; results in $out" >&2
"$build/bench/bench_kernels" --benchmark_out="$out/kernels.json" --benchmark_out_format=json \
  "$@" | tee "$out/console.txt"
status=0
py=/usr/bin/python3 # Debian's, which has python3-matplotlib (not a virtualenv's)
[ -x "$py" ] || py=python3
"$py" "$root/bench/plot.py" "$out/kernels.json" --out "$out" --machine "$machine" \
  --table "$out/table.md" || status=$?
echo "bench: the record is $out/kernels.json, the table $out/table.md, the charts $out/*.png" >&2
exit $status
