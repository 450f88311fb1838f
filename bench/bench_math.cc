// The math builtins (sgk/isa/math.inc): elements/s per function, type, ISA and W, on one thread,
// against a scalar libm loop and (x86-64, gcc) `omp simd` loops over libm that gcc turns into
// glibc's libmvec at AVX2 and AVX-512 width, all in the same run. Names:
//   math/<fn>_<t>/sgk/<isa>/w<W>   math/<fn>_<t>/libm   math/<fn>_<t>/libmvec_<isa>
// At the end, a table of the best sgk variant per function and its speedups over libm and the
// best libmvec (`--benchmark_format=json` for the record).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "math_baselines.h"
#include "math_kernels.h"
#include "sgk/isa_list.h"

namespace {

constexpr size_t kGroup = 256, kGroups = 64, kItems = kGroup * kGroups;  // in L2

struct Fn {
  const char *name;
  int id;
  int operands;  // 1 or 2
  bool timed;    // value -> value functions are benchmarked
};
const Fn kFns[] = {
#define SGK_BENCH_OPERANDS_UNARY 1
#define SGK_BENCH_OPERANDS_UNARY_FIXED 1
#define SGK_BENCH_OPERANDS_UNARY_OWN32 1
#define SGK_BENCH_OPERANDS_OWN_UNARY 1
#define SGK_BENCH_OPERANDS_BINARY 2
#define SGK_BENCH_OPERANDS_BINARY_FIXED 2
#define SGK_BENCH_OPERANDS_SINCOS 1
#define SGK_BENCH_OPERANDS_FREXP 0
#define SGK_BENCH_OPERANDS_LDEXP 0
#define SGK_BENCH_OPERANDS_ILOGB 0
#define SGK_BENCH_OPERANDS_CLASS 0
#define SGK_BENCH_OPERANDS_TERNARY 0
#define SGK_BENCH_FN(fn, SHAPE, acc, fast)                                                         \
  {#fn, MATH_FN_##fn, SGK_BENCH_OPERANDS_##SHAPE, SGK_BENCH_OPERANDS_##SHAPE != 0},
    SGK_MATH_OPS(SGK_BENCH_FN)
#undef SGK_BENCH_FN
};

// Inputs inside every function's domain: x in [0.1, 0.9) (acosh: 1 + that), y in [1, 3).
template <typename T>
struct Buffers {
  std::vector<T> x, y, out;
  explicit Buffers(int fn) : x(kItems), y(kItems), out(kGroups * (kGroup + MATH_GAP)) {
    for (size_t i = 0; i < kItems; ++i) {
      x[i] = static_cast<T>(0.1 + 0.8 * static_cast<double>((i * 2654435761u) % 1000) / 1000.0);
      if (fn == MATH_FN_acosh) x[i] += 1;
      y[i] = static_cast<T>(1.0 + 2.0 * static_cast<double>((i * 40503u) % 1000) / 1000.0);
    }
  }
};

template <typename T>
void RunSgk(benchmark::State &state, const Fn *fn, sgk_isa isa, uint32_t w, bool fast) {
  Buffers<T> b(fn->id);
  math_args args{};
  args.fn = fn->id;
  args.is_f64 = sizeof(T) == 8;
  args.x = b.x.data();
  args.y = b.y.data();
  args.out = b.out.data();
  args.out2 = b.out.data();
  sgk_launch_options opt{};
  opt.isa = isa;
  opt.sub_group_size = w;
  opt.threads = 1;
  const sgk_range range = sgk_range_1d(kItems, kGroup);
  for (auto _ : state) {
    if (sgk_launch(fast ? &math_eval_fast : &math_eval, &range, &opt, &args, nullptr) !=
        SGK_SUCCESS) {
      state.SkipWithError(sgk_last_error());
      break;
    }
    benchmark::DoNotOptimize(b.out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kItems));
}

template <typename T>
void RunBase(benchmark::State &state, const Fn *fn, const math_base_entry *e) {
  Buffers<T> b(fn->id);
  for (auto _ : state) {
    if constexpr (sizeof(T) == 4)
      e->f32(b.x.data(), b.y.data(), b.out.data(), kItems);
    else
      e->f64(b.x.data(), b.y.data(), b.out.data(), kItems);
    benchmark::DoNotOptimize(b.out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kItems));
}

const math_base_entry *FindBase(const math_base_entry *table, const char *name) {
  for (; table->name; ++table)
    if (std::strcmp(table->name, name) == 0) return table;
  return nullptr;
}

// Collects elements/s and prints, per function and type, libm, the best libmvec, the best sgk
// variant and the speedups.
class TableReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      const std::string name = r.benchmark_name();  // math/<fn>_<t>/<variant...>
      const size_t a = name.find('/'), c = name.find('/', a + 1);
      if (a == std::string::npos || c == std::string::npos) continue;
      const auto it = r.counters.find("items_per_second");
      if (it == r.counters.end()) continue;
      Row &row = rows_[name.substr(a + 1, c - a - 1)];
      const std::string variant = name.substr(c + 1);
      const double v = it->second.value;
      if (variant == "libm") {
        row.libm = v;
      } else if (variant.rfind("libmvec", 0) == 0) {
        if (v > row.libmvec) row.libmvec = v, row.libmvec_name = variant;
      } else if (variant.rfind("sgk_fast", 0) == 0) {
        if (v > row.fast) row.fast = v, row.fast_name = variant.substr(9);
      } else if (v > row.sgk) {
        row.sgk = v, row.sgk_name = variant.substr(4);
      }
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    std::printf(
        "\nMelem/s, one thread\n| function | libm | libmvec (best) | sgk 1-ulp (best) | "
        "sgk fast (best) | sgk / libm | sgk / libmvec | fast / libmvec |\n"
        "|---|---|---|---|---|---|---|---|\n");
    for (const auto &[fn, row] : rows_) {
      char m[32] = "-", mv[64] = "-", ratio_mv[16] = "-", ratio_m[16] = "-", ratio_f[16] = "-";
      if (row.libmvec > 0) {
        std::snprintf(mv, sizeof mv, "%.0f (%s)", row.libmvec / 1e6, row.libmvec_name.c_str() + 8);
        std::snprintf(ratio_mv, sizeof ratio_mv, "%.2fx", row.sgk / row.libmvec);
        std::snprintf(ratio_f, sizeof ratio_f, "%.2fx", row.fast / row.libmvec);
      }
      if (row.libm > 0) {
        std::snprintf(m, sizeof m, "%.0f", row.libm / 1e6);
        std::snprintf(ratio_m, sizeof ratio_m, "%.1fx", row.sgk / row.libm);
      }
      std::printf("| %s | %s | %s | %.0f (%s) | %.0f (%s) | %s | %s | %s |\n", fn.c_str(), m, mv,
                  row.sgk / 1e6, row.sgk_name.c_str(), row.fast / 1e6, row.fast_name.c_str(),
                  ratio_m, ratio_mv, ratio_f);
    }
  }

 private:
  struct Row {
    double libm = 0, libmvec = 0, sgk = 0, fast = 0;
    std::string libmvec_name, sgk_name, fast_name;
  };
  std::map<std::string, Row> rows_;
};

}  // namespace

int main(int argc, char **argv) {
  struct Isa {
    sgk_isa isa;
    const char *name;
  };
  const Isa isas[] = {
#define SGK_BENCH_ISA(ENUM, name, value, native_w, ...) {SGK_ISA_##ENUM, #name},
      SGK_ISA_LIST(SGK_BENCH_ISA)
#undef SGK_BENCH_ISA
  };
  for (const Fn &fn : kFns) {
    if (!fn.timed) continue;
    for (int d = 0; d < 2; ++d) {
      const std::string base = std::string("math/") + fn.name + (d ? "_f64/" : "_f32/");
      for (const Isa &isa : isas) {
        if (!sgk_isa_available(isa.isa)) continue;
        for (uint32_t w : {8u, 16u, 32u})
          for (bool fast : {false, true}) {
            const std::string n =
                base + (fast ? "sgk_fast/" : "sgk/") + isa.name + "/w" + std::to_string(w);
            if (d)
              benchmark::RegisterBenchmark(n.c_str(), RunSgk<double>, &fn, isa.isa, w, fast);
            else
              benchmark::RegisterBenchmark(n.c_str(), RunSgk<float>, &fn, isa.isa, w, fast);
          }
      }
      struct Table {
        const math_base_entry *t;
        const char *name;
      };
      std::vector<Table> tables = {{math_base_libm, "libm"}};
#ifdef SGK_BENCH_LIBMVEC
      tables.push_back({math_base_libmvec_avx2, "libmvec_avx2"});
      if (sgk_isa_available(SGK_ISA_AVX512))
        tables.push_back({math_base_libmvec_avx512, "libmvec_avx512"});
#endif
      for (const Table &t : tables) {
        const math_base_entry *e = FindBase(t.t, fn.name);
        if (!e) continue;
        const std::string n = base + t.name;
        if (d)
          benchmark::RegisterBenchmark(n.c_str(), RunBase<double>, &fn, e);
        else
          benchmark::RegisterBenchmark(n.c_str(), RunBase<float>, &fn, e);
      }
    }
  }
  benchmark::Initialize(&argc, argv);
  TableReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
