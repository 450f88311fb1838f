// Primitive throughput per ISA and sub-group size, scalar backend in the same run. Google
// Benchmark calling the C API directly; after the runs, a table of elements/s and speedups over
// scalar. Usage: bench_primitives [--benchmark_filter=...] [--benchmark_min_time=...]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "contract_ops.h"
#include "primitives.h"

namespace {

struct Primitive {
  const char *name;
  const sgk_kernel *kernel;
  const char *what;
  const sgk_kernel *same_bins_as;  // checked after timing (primitives.h), or NULL
};

const Primitive kPrimitives[] = {
#define SGK_BENCH_ENTRY(name, what, same_bins_as) {#name, &name, what, same_bins_as},
    SGK_BENCH_PRIMITIVES(SGK_BENCH_ENTRY)
#undef SGK_BENCH_ENTRY
};

#define SGK_BENCH_ISA(E, name, value, w, A) SGK_ISA_##E,
const sgk_isa kIsas[] = {SGK_ISA_LIST(SGK_BENCH_ISA)};  // every ISA sgk knows
#undef SGK_BENCH_ISA

constexpr size_t kItems = 1 << 14;  // work-items per launch
constexpr size_t kGroup = 256;      // work-group size
constexpr uint32_t kReps = 64;      // primitive applications per work-item
constexpr uint32_t kBins = 4;       // local atomics: 4 bins, so lanes collide

// Times launches of kernel over kItems work-items in groups of kGroup, on one thread (per-core
// vector speed); kReps applications per work-item.
void TimeLaunches(benchmark::State &state, const sgk_kernel *kernel, sgk_isa isa, uint32_t w,
                  const void *args, const void *out) {
  sgk_launch_options opt{};
  opt.isa = isa;
  opt.sub_group_size = w;
  opt.threads = 1;
  const sgk_range range = sgk_range_1d(kItems, kGroup);
  for (auto _ : state) {
    const sgk_status st = sgk_launch(kernel, &range, &opt, args, nullptr);
    if (st != SGK_SUCCESS) {
      state.SkipWithError(sgk_last_error());
      break;
    }
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kItems * kReps));
}

void RunPrimitive(benchmark::State &state, const Primitive *p, sgk_isa isa, uint32_t w) {
  std::vector<int32_t> in(kItems), out(kItems);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int32_t>(i * 2654435761u);
  prim_args args{in.data(), out.data(), kReps, kBins};
  TimeLaunches(state, p->kernel, isa, w, &args, out.data());
  // checked after timing: the same bins as the lane-by-lane way at the same ISA and W
  const sgk_kernel *ref = p->same_bins_as;
  if (ref != nullptr && !state.error_occurred()) {
    std::vector<int32_t> want(kItems);
    prim_args ref_args{in.data(), want.data(), kReps, kBins};
    sgk_launch_options opt{};
    opt.isa = isa;
    opt.sub_group_size = w;
    const sgk_range range = sgk_range_1d(kItems, kGroup);
    if (sgk_launch(ref, &range, &opt, &ref_args, nullptr) != SGK_SUCCESS || want != out)
      state.SkipWithError("bins differ from the lane-by-lane local atomics'");
  }
}

// Every op of the backend contract, on i32 (or f32 for the float-only ones): op applications per
// second, one thread, like the primitives.
struct ContractOp {
  const char *name;
  int op;
  bool is_float;  // the op's types: floats only
};
const ContractOp kContractOps[] = {
#define SGK_BENCH_FLOAT_ALL false
#define SGK_BENCH_FLOAT_INT false
#define SGK_BENCH_FLOAT_SIGNED false
#define SGK_BENCH_FLOAT_FLOAT true
#define SGK_BENCH_CONTRACT_ENTRY(op, TYPES, SHAPE)                                                 \
  {#op, SGK_BENCH_OP_##op, SGK_BENCH_FLOAT_##TYPES},
    SGK_CONTRACT_OPS(SGK_BENCH_CONTRACT_ENTRY)
#undef SGK_BENCH_CONTRACT_ENTRY
};

void RunContractOp(benchmark::State &state, const ContractOp *op, sgk_isa isa, uint32_t w) {
  std::vector<int32_t> in(kItems + 64), out(kItems);
  std::vector<uint32_t> idx(kItems + 64);
  for (size_t i = 0; i < in.size(); ++i) {
    if (op->is_float) {
      const float f = 1.0f + static_cast<float>(i % 97) / 128.0f;
      std::memcpy(&in[i], &f, sizeof f);
    } else {
      in[i] = static_cast<int32_t>(i * 2654435761u) >> 8;
    }
    idx[i] = static_cast<uint32_t>(i * 7 + 3);
  }
  bench_op_args args{op->op, kReps, in.data(), idx.data(), out.data()};
  TimeLaunches(state, op->is_float ? &bench_ops_f32 : &bench_ops_i32, isa, w, &args, out.data());
}

// Collects elements/s per (primitive, isa, W) and prints the speedup table at the end.
class TableReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      auto it = r.counters.find("items_per_second");
      if (it != r.counters.end()) rate_[r.benchmark_name()] = it->second.value;
    }
  }
  void PrintTable() const {
    std::printf("\nGelem/s per core, and speedup over the scalar backend at the same W:\n");
    std::printf("| primitive | W | scalar | avx2 | avx512 |\n|---|---|---|---|---|\n");
    for (const Primitive &p : kPrimitives) {
      for (uint32_t w : {8u, 16u, 32u}) {
        const double base = Rate(p.name, SGK_ISA_SCALAR, w);
        std::printf("| %s | %u |", p.name, w);
        for (sgk_isa isa : {SGK_ISA_SCALAR, SGK_ISA_AVX2, SGK_ISA_AVX512}) {
          const double v = Rate(p.name, isa, w);
          if (v <= 0)
            std::printf(" - |");
          else if (isa == SGK_ISA_SCALAR || base <= 0)
            std::printf(" %.2f |", v / 1e9);
          else
            std::printf(" %.2f (%.1fx) |", v / 1e9, v / base);
        }
        std::printf("\n");
      }
    }
  }

 private:
  double Rate(const char *prim, sgk_isa isa, uint32_t w) const {
    auto it = rate_.find(Name(prim, isa, w));
    return it == rate_.end() ? 0.0 : it->second;
  }
  std::map<std::string, double> rate_;

 public:
  static std::string Name(const char *prim, sgk_isa isa, uint32_t w) {
    return std::string(prim) + "/" + sgk_isa_name(isa) + "/w" + std::to_string(w);
  }
};

}  // namespace

int main(int argc, char **argv) {
  for (const ContractOp &op : kContractOps)
    for (sgk_isa isa : kIsas)
      for (uint32_t w : {8u, 16u, 32u})
        if (sgk_isa_available(isa))
          benchmark::RegisterBenchmark(
              ("contract/" + std::string(op.name) + (op.is_float ? "_f32/" : "_i32/") +
               sgk_isa_name(isa) + "/w" + std::to_string(w))
                  .c_str(),
              RunContractOp, &op, isa, w)
              ->Unit(benchmark::kMicrosecond);
  for (const Primitive &p : kPrimitives)
    for (sgk_isa isa : kIsas)
      for (uint32_t w : {8u, 16u, 32u})
        if (sgk_isa_available(isa) && sgk_kernel_has_variant(p.kernel, isa, w))
          benchmark::RegisterBenchmark(TableReporter::Name(p.name, isa, w).c_str(), RunPrimitive,
                                       &p, isa, w)
              ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  TableReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.PrintTable();
  benchmark::Shutdown();
  return 0;
}
