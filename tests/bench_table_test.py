#!/usr/bin/env python3
"""bench/plot.py's table of issue 12's targets, on runs made up here: each target met, each one
short, each one missing from the run, medians of repetitions standing for their items, and the
scalar backend left out of the vector ones' comparisons.

    tests/bench_table_test.py bench/plot.py"""
import importlib.util
import io
import json
import os
import sys
import tempfile

spec = importlib.util.spec_from_file_location("plot", sys.argv[1])
plot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot)
failures = []


def item(name, rate, unit="bytes/s", roof=None, **extra):
    b = {"name": name + "/manual_time", "run_name": name + "/manual_time", "run_type": "iteration",
         unit: rate}
    if roof:
        b["label"] = "roof=%s footprint=1000" % roof
    b.update(extra)
    return b


def kernel(kernel, variant, isa, w, n, rate, wg=None, roof="copy", unit="bytes/s"):
    name = "%s/%s/%s/sg%d/%s%s" % (kernel, variant, isa, w, "wg%s/" % wg if wg else "", n)
    return item(name, rate, unit, roof)


def met_run():
    """Every target met (rates in units of 1e9)."""
    G = 1e9
    b = []
    for isa in ("avx2", "avx512"):
        for w in (8, 16, 32):
            b.append(kernel("hist", "slm", isa, w, 16, (3.0 + w / 32) * G, roof="byte_store"))
            for wg in ("16", "1024"):
                for v in ("base", "combined"):
                    b.append(kernel("reduction", v, isa, w, 64, (20 + (v == "combined")) * G, wg=wg))
            for wg in ("16", "256"):
                b.append(kernel("vec_copy", "base", isa, w, 64, (24 if wg == "16" else 25) * G, wg=wg))
            b.append(kernel("matmul", "tiled", isa, w, 1024, 60 * G, roof="fma_f64", unit="FLOP/s"))
            b.append(kernel("matmul_f32", "tiled", isa, w, 1024, 140 * G, roof="fma_f32", unit="FLOP/s"))
            b.append(kernel("conv", "global", isa, w, 64, (70 + w) * G, roof="mad_i32", unit="FLOP/s"))
            b.append(kernel("copy", "vec4", isa, w, 8, (90 - w / 8) * G))
            b.append(item("overhead/empty/%s/sg%d/groups:1048576" % (isa, w), 7e9, "groups/s"))
        b.append(item("roof/mad_i32/%s" % isa, (85 if isa == "avx2" else 140) * G, "OP/s"))
    # the scalar backend: never in the vector comparisons, however fast its numbers
    b.append(kernel("copy", "vec4", "scalar", 8, 8, 900 * G))
    b.append(kernel("hist", "slm", "scalar", 8, 16, 900 * G, roof="byte_store"))
    for w in (8, 16, 32):
        b.append(item("peer/intel/hist/sg%d/16" % w, (1.5 + w / 32) * G))  # best 2.5 at sg32
    b.append(item("baseline/reduction/omp/64", 22 * G))
    b.append(item("baseline/matmul/openblas/1024", 90 * G, "FLOP/s"))
    b.append(item("baseline/matmul_f32/openblas/1024", 150 * G, "FLOP/s"))
    b.append(item("overhead/omp_for/iters:1048576", 6.5e9, "groups/s"))
    return b


def targets_of(benchmarks):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "run.json")
        with open(path, "w") as f:
            json.dump({"context": {}, "benchmarks": benchmarks}, f)
        _, rows = plot.parse(path)
    out = io.StringIO()
    plot.targets(plot.Run(rows, None), out)
    got = {}
    for line in out.getvalue().splitlines():
        cols = [c.strip() for c in line.strip("|").split("|")]
        if len(cols) == 3 and cols[0] not in ("target", "---"):
            got[cols[0].split(" >=")[0].split(" <=")[0].split(" at W")[0]] = (cols[1], cols[2])
    return got


def expect(case, got, target, verdict, *texts):
    if target not in got:
        failures.append("%s: no row for %s in %s" % (case, target, sorted(got)))
        return
    text, v = got[target]
    if v != verdict:
        failures.append("%s: %s is '%s', expected '%s' (%s)" % (case, target, v, verdict, text))
    for t in texts:
        if t not in text:
            failures.append("%s: %s lacks '%s': %s" % (case, target, t, text))


def main():
    got = targets_of(met_run())
    expect("met", got, "hist/slm", "met", "4 GB/s (hist/slm avx2 W32) = **1.60x** Intel's 2.5 GB/s")
    expect("met", got, "reduction", "met", "wg 16: 21 GB/s (reduction/combined avx2 W8 wg16) = **0.95x**",
           "the literal kernel 0.91x", "(OpenMP 22 GB/s)")
    expect("met", got, "vec_copy wg 16", "met", "= **0.96x**")
    expect("met", got, "tuned matmul", "met", "f64 n 1024: 60 GFLOP/s (avx2 W8) = **0.67x** dgemm",
           "f32 n 1024: 140 GFLOP/s (avx2 W8) = **0.93x** sgemm")
    expect("met", got, "convolution", "met", "102 GFLOP/s (conv/global avx2 W32) = **0.73x** the avx512 roof",
           "1.20x its own ISA's")
    expect("met", got, "bandwidth kernels", "met", "best at W 32: hist/slm",
           "within 10%: reduction/base wg16 1.00",
           "copy/vec4 0.97")
    expect("met", got, "launch overhead over 2^20 work-groups", "met", "= **0.93x**")

    # hist/slm: Intel's best W is the one compared; 1.2x met just above, short just below
    b = [x for x in met_run() if not x["name"].startswith("peer/")]
    b.append(item("peer/intel/hist/sg8/16", 3.3e9))
    b.append(item("peer/intel/hist/sg16/16", 2.0e9))
    expect("hist 1.21x", targets_of(b), "hist/slm", "met", "**1.21x** Intel's 3.3 GB/s")
    b[-2] = item("peer/intel/hist/sg8/16", 3.4e9)
    expect("hist 1.18x", targets_of(b), "hist/slm", "**not met**", "**1.18x**")

    # each of the others short
    short = []
    for x in met_run():
        n, r = x["name"], x
        if n.startswith("baseline/reduction/omp"):
            r = item("baseline/reduction/omp/64", 25e9)  # wg 1024 and 16 at 0.84x
        elif n.startswith("vec_copy/base") and "/wg16/" in n:
            r = dict(x, **{"bytes/s": 20e9})
        elif n.startswith("baseline/matmul_f32/openblas"):
            r = item("baseline/matmul_f32/openblas/1024", 250e9, "FLOP/s")  # f32 0.56x, f64 still met
        elif n.startswith("roof/mad_i32/avx512"):
            r = item("roof/mad_i32/avx512", 160e9, "OP/s")  # 0.64x of avx512, 1.20x of avx2
        elif n.startswith("copy/vec4/avx512/sg32"):
            r = dict(x, **{"bytes/s": 50e9})  # the other ISA's W 32 still within 10%
        elif n.startswith("copy/vec4/avx2/sg32"):
            r = dict(x, **{"bytes/s": 70e9})  # 70 against 89: 0.79
        elif n.startswith("overhead/omp_for"):
            r = item("overhead/omp_for/iters:1048576", 9e9, "groups/s")
        short.append(r)
    got = targets_of(short)
    expect("short", got, "reduction", "**not met**", "**0.84x**")
    expect("short", got, "vec_copy wg 16", "**not met**", "**0.80x**")
    expect("short", got, "tuned matmul", "**not met**", "**0.67x** dgemm", "**0.56x** sgemm")
    expect("short", got, "convolution", "**not met**", "**0.64x** the avx512 roof")
    expect("short", got, "bandwidth kernels", "**not met**",
           "short: copy/vec4 **0.79** (copy/vec4 avx2 W32 against copy/vec4 avx2 W8)")
    expect("short", got, "launch overhead over 2^20 work-groups", "**not met**", "**1.29x**")

    # the medians of repetitions stand for their items, not the repetitions' last or best
    reps = [x for x in met_run()
            if not x["name"].startswith(("copy/vec4/avx2/sg32", "copy/vec4/avx512/sg32"))]
    name = "copy/vec4/avx2/sg32/8/manual_time"
    for r in (200e9, 10e9, 65e9):  # the aggregate's median below, not these, is the item's rate
        reps.append(dict(kernel("copy", "vec4", "avx2", 32, 8, r), run_name=name))
    reps.append(dict(kernel("copy", "vec4", "avx2", 32, 8, 60e9), name=name + "_median", run_name=name,
                     run_type="aggregate", aggregate_name="median"))
    expect("medians", targets_of(reps), "bandwidth kernels", "**not met**", "copy/vec4 **0.67**")

    # a target of two parts with one part missing: not in this run when the other is met, not met
    # when the other falls short; the missing part is named
    part = [x for x in met_run() if "/wg1024/" not in x["name"] and "matmul_f32" not in x["name"]]
    got = targets_of(part)
    expect("part", got, "reduction", "not in this run", "wg 1024: not in this run", "wg 16: 21 GB/s")
    expect("part", got, "tuned matmul", "not in this run", "f32: not in this run", "**0.67x** dgemm")
    part = [item("baseline/matmul/openblas/1024", 120e9, "FLOP/s") if x["name"].startswith(
        "baseline/matmul/openblas") else x for x in part]  # f64 now 0.50x
    expect("part short", targets_of(part), "tuned matmul", "**not met**", "**0.50x** dgemm",
           "f32: not in this run")

    # a run without the items a target needs says so, and nothing is called met
    got = targets_of([kernel("copy", "vec4", "avx2", 8, 8, 1e9)])
    for t in ("hist/slm", "reduction", "vec_copy wg 16", "tuned matmul", "convolution", "bandwidth kernels",
              "launch overhead over 2^20 work-groups"):
        expect("empty", got, t, "not in this run")

    for f in failures:
        print("FAIL " + f)
    print("bench_table: %d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
