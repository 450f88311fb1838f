// Every documented kernel (kernels/families.inc) per ISA and sub-group size, at the seeds' sizes
// and work-group sweeps, beside the machine's limits (roofs.c), what a CPU programmer would write
// instead (baselines.c) and the launch overhead, all in one run. Google Benchmark calling the C
// API directly; manual time is the kernel's own (sgk_launch_info), rates are bytes/s or FLOP/s.
//
//   kernel/variant/isa/sgW[/wgL]/n      a documented kernel (variant "base" when it has one)
//   baseline/kernel/impl/n              plain C (one thread), OpenMP, OpenBLAS
//   roof/copy|copy_nt|read/bytes        bandwidth at that footprint
//   roof/fma_f32|fma_f64|mad_i32/isa    register-only peaks
//   overhead/empty/isa/sgW/groups:G     an empty kernel over G one-sub-group work-groups
//   overhead/omp_for/iters:G            a bare `omp parallel for` over G iterations
//   peer/runtime/kernel[/sgW]/n         the kernel in OpenCL C (peers.cl) on PoCL or Intel's CPU
//                                       runtime, where installed (at W where it has sub-groups)
// Labels carry what bench/plot.py needs: the roof a kernel is compared with, the BLAS core.
//
// Flags (before Google Benchmark's): --threads=1,2,...  runs everything at each thread count and
// appends /threads:T to the names; --quick uses the families' quick sizes.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "baselines.h"
#include "family.h"
#include "overhead.h"
#include "peers.h"
#include "roofs.h"

namespace {

#define SGK_BENCH_ISA(E, name, value, w, A) SGK_ISA_##E,
const sgk_isa kIsas[] = {SGK_ISA_LIST(SGK_BENCH_ISA)};
#undef SGK_BENCH_ISA
constexpr uint32_t kWidths[] = {8, 16, 32};
// Bandwidth roofs at these footprints (bytes of each of source and destination): in L1, in L2,
// in the last-level cache of most servers, and twice in DRAM.
constexpr size_t kFootprints[] = {size_t(16) << 10, size_t(256) << 10, size_t(4) << 20,
                                  size_t(32) << 20, size_t(256) << 20};

// kernel/variant from a family's name: the part before the first '_' names the kernel when
// another family shares it (copy_wi, copy_sg -> copy/wi, copy/sg; hist_private, hist_private_ff,
// hist_slm -> hist/...), families that extend this name or that this name extends not counted;
// else a family whose name this one extends by '_' is the kernel (reduction, reduction_combined
// -> reduction/base, reduction/combined; black_scholes_fast -> black_scholes/fast); else the
// whole name is the kernel and the variant is "base". A float twin of a double family (a name
// ending in _f32) is a kernel of its own, compared with float baselines: matmul_tiled_f32 ->
// matmul_f32/tiled.
bool ExtendsByUnderscore(const std::string &longer, const std::string &shorter) {
  return longer.size() > shorter.size() + 1 && longer.compare(0, shorter.size(), shorter) == 0 &&
         longer[shorter.size()] == '_';
}
std::pair<std::string, std::string> KernelVariant(const char *family) {
  const std::string name(family);
  const std::string f32 = "_f32";
  if (name.size() > f32.size() && name.compare(name.size() - f32.size(), f32.size(), f32) == 0) {
    const auto kv = KernelVariant(name.substr(0, name.size() - f32.size()).c_str());
    return {kv.first + f32, kv.second};
  }
  const size_t cut = name.find('_');
  if (cut == std::string::npos) return {name, "base"};
  const std::string head = name.substr(0, cut + 1);
  for (size_t i = 0; i < sgk_family_count; ++i) {
    const std::string other(sgk_families[i]->name);
    if (other != name && other.compare(0, head.size(), head) == 0 &&
        !ExtendsByUnderscore(other, name) && !ExtendsByUnderscore(name, other))
      return {name.substr(0, cut), name.substr(cut + 1)};
  }
  std::string base;
  for (size_t i = 0; i < sgk_family_count; ++i) {
    const std::string other(sgk_families[i]->name);
    if (ExtendsByUnderscore(name, other) && other.size() > base.size()) base = other;
  }
  if (!base.empty()) return {base, name.substr(base.size() + 1)};
  return {name, "base"};
}

// The registered family of that name, or nullptr.
const sgk_family *FamilyNamed(const char *name) {
  for (size_t i = 0; i < sgk_family_count; ++i)
    if (std::strcmp(sgk_families[i]->name, name) == 0) return sgk_families[i];
  return nullptr;
}

// The roof a family is measured against: its FLOP kind, or bandwidth (copy at its footprint).
const char *RoofOf(const sgk_family *f) {
  if (std::strcmp(f->name, "hist_slm") == 0)
    return "byte_store";  // one table's updates, not bytes moved: at most one store per byte
  if (!f->gflops) return "copy";
  const std::string name(f->name);
  if (name.rfind("conv", 0) == 0) return "mad_i32";
  if (name.size() > 4 && name.compare(name.size() - 4, 4, "_f32") == 0) return "fma_f32";
  return "fma_f64";  // matmul and the triple product are double
}

std::string Suffix(int threads, bool sweep_threads) {
  return sweep_threads ? "/threads:" + std::to_string(threads) : "";
}

void RunFamily(benchmark::State &state, const sgk_family *f, sgk_isa isa, uint32_t w, uint32_t wg,
               size_t n, int threads) {
  sgk_case c{};
  c.n = n;
  c.wg = wg;
  c.sg = w;
  if (const char *why = f->setup(&c)) {
    state.SkipWithError(why);
    if (c.state) f->teardown(&c);
    return;
  }
  sgk_launch_options o{};
  o.isa = isa;
  o.sub_group_size = w;
  o.threads = static_cast<uint32_t>(threads);
  sgk_launch_info info{};
  for (auto _ : state) {
    const sgk_status st = f->launch(&c, &o, &info);
    if (st != SGK_SUCCESS) {
      state.SkipWithError(sgk_last_error());
      break;
    }
    state.SetIterationTime(static_cast<double>(info.end_ns - info.start_ns) * 1e-9);
  }
  if (!state.error_occurred()) {
    if (const char *wrong = f->check(&c)) {
      state.SkipWithError((std::string("wrong answer: ") + wrong).c_str());
    } else {
      const double total = c.work * static_cast<double>(state.iterations());
      state.counters[f->gflops ? "FLOP/s" : "bytes/s"] =
          benchmark::Counter(total, benchmark::Counter::kIsRate);
      state.counters["threads_ran"] = info.threads;
      const double footprint = f->footprint ? f->footprint(&c) : c.work;
      state.SetLabel(std::string("roof=") + RoofOf(f) +
                     " footprint=" + std::to_string(static_cast<long long>(footprint)));
    }
  }
  f->teardown(&c);
}

// The baselines' and peers' kernels counted in operations rather than bytes, as their families.
bool IsFlops(const char *kernel) {
  return std::strncmp(kernel, "matmul", 6) == 0 || std::strcmp(kernel, "conv") == 0 ||
         std::strncmp(kernel, "triple_product", 14) == 0;  // and triple_product_nd
}

// A baseline's inputs for size n (*work: its bytes or flops), or NULL with the benchmark skipped.
void *SetUp(benchmark::State &state, const bench_baseline *b, size_t n, double *work) {
  const char *why = "setup failed";
  void *s = b->setup(n, work, &why);
  if (!s) state.SkipWithError(why);
  return s;
}

// A peer runtime computes into the buffers of the kernel's baseline, whose check verifies it.
// kernel: b->kernel or one of its peers_variant names.
void RunPeer(benchmark::State &state, peer_platform *p, const bench_baseline *b, const char *kernel,
             unsigned w, size_t n) {
  double work = 0.0;
  const char *why = "setup failed";
  void *s = SetUp(state, b, n, &work);
  if (!s) return;
  peer_run *r = peer_prepare(p, kernel, w, s, &why);
  if (!r) {
    state.SkipWithError(why);
    b->teardown(s);
    return;
  }
  for (auto _ : state) {
    const double t = peer_launch(r, &why);
    if (t < 0) {
      state.SkipWithError(why);
      break;
    }
    state.SetIterationTime(t);
  }
  if (!state.error_occurred()) {
    const char *wrong = peer_finish(r, &why) ? why : b->check(s);
    if (wrong) {
      state.SkipWithError((std::string("wrong answer: ") + wrong).c_str());
    } else {
      state.counters[IsFlops(b->kernel) ? "FLOP/s" : "bytes/s"] = benchmark::Counter(
          work * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
      state.SetLabel(std::strcmp(kernel, b->kernel) == 0 ? std::string(p->version)
                                                         : std::string(p->version) + "; " + kernel +
                                                               ": the seed's form as written");
    }
  }
  peer_release(r);
  b->teardown(s);
}

void RunBaseline(benchmark::State &state, const bench_baseline *b, size_t n, int threads) {
  double work = 0.0;
  void *s = SetUp(state, b, n, &work);
  if (!s) return;
  const int t = b->serial ? 1 : threads;
  for (auto _ : state) {
    const double t0 = bench_now();
    b->run(s, t);
    state.SetIterationTime(bench_now() - t0);
  }
  if (const char *wrong = b->check(s)) {
    state.SkipWithError((std::string("wrong answer: ") + wrong).c_str());
  } else {
    state.counters[IsFlops(b->kernel) ? "FLOP/s" : "bytes/s"] = benchmark::Counter(
        work * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["threads_ran"] = t;
    std::string label = b->what;
    if (std::strcmp(b->impl, "openblas") == 0) label += std::string("; core=") + bench_blas_core();
    state.SetLabel(label);
  }
  b->teardown(s);
}

struct Buffers {  // the bandwidth roofs' source and destination, shared by all of them
  void *src = nullptr, *dst = nullptr;
  size_t bytes = 0;
};
Buffers g_buf;
peer_platform g_peers[4];
int g_peer_count = 0;

bool EnsureBuffers(size_t bytes) {
  if (g_buf.bytes >= bytes) return true;
  std::free(g_buf.src);
  std::free(g_buf.dst);
  g_buf.src = std::aligned_alloc(4096, bytes);
  g_buf.dst = std::aligned_alloc(4096, bytes);
  if (!g_buf.src || !g_buf.dst) return false;
  std::memset(g_buf.src, 1, bytes);
  std::memset(g_buf.dst, 2, bytes);
  g_buf.bytes = bytes;
  return true;
}

enum class Bw { kCopy, kCopyNt, kRead };

void RunBandwidth(benchmark::State &state, Bw kind, size_t bytes, int threads) {
  if (!EnsureBuffers(bytes)) {
    state.SkipWithError("out of memory");
    return;
  }
  uint32_t sink = 0;
  for (auto _ : state) {
    const double t = kind == Bw::kCopy     ? roof_copy(g_buf.dst, g_buf.src, bytes, threads)
                     : kind == Bw::kCopyNt ? roof_copy_nt(g_buf.dst, g_buf.src, bytes, threads)
                                           : roof_read(g_buf.src, bytes, threads, &sink);
    state.SetIterationTime(t);
  }
  benchmark::DoNotOptimize(sink);
  if (kind != Bw::kRead && std::memcmp(g_buf.dst, g_buf.src, bytes) != 0) {
    state.SkipWithError("the copy differs from its source");
    return;
  }
  if (kind == Bw::kRead &&
      sink != static_cast<uint32_t>(bytes / 4 * roof_reps(bytes) * 0x01010101u)) {
    state.SkipWithError("the sum is wrong");
    return;
  }
  // A copy reads and writes every byte: 2 x bytes moved, as the kernels count.
  const double moved =
      (kind == Bw::kRead ? 1.0 : 2.0) * static_cast<double>(bytes * roof_reps(bytes));
  state.counters["bytes/s"] = benchmark::Counter(moved * static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
  state.counters["threads_ran"] = threads;
  if (kind == Bw::kCopyNt) state.SetLabel(roof_copy_nt_kind());
  std::memset(g_buf.dst, 2, bytes);
}

void RunPeak(benchmark::State &state, sgk_isa isa, int kind, int threads) {
  const size_t iters = size_t(1) << 20;
  double sink = 0.0;
  for (auto _ : state) state.SetIterationTime(roof_peak(isa, kind, iters, threads, &sink));
  benchmark::DoNotOptimize(sink);
  state.counters[kind == ROOF_MAD_I32 ? "OP/s" : "FLOP/s"] = benchmark::Counter(
      roof_peak_ops(isa, kind, iters, threads) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
  state.counters["threads_ran"] = threads;
}

// init_wi's stores in plain C in the kernel's order and work-item by work-item (roofs.h), at W =
// run; the buffer must hold -1 everywhere after.
void RunStoreRuns(benchmark::State &state, size_t bytes, uint32_t run, int interleaved,
                  int threads) {
  if (bytes < 4096 || !EnsureBuffers(bytes)) {
    state.SkipWithError(bytes < 4096 ? "fewer than 4096 bytes" : "out of memory");
    return;
  }
  auto *d = static_cast<int32_t *>(g_buf.dst);
  std::memset(d, 0, bytes);
  for (auto _ : state) {
    const double t = roof_store_runs(d, bytes, run, interleaved, threads);
    if (t < 0.0) {
      state.SkipWithError("run is not 8, 16 or 32");
      return;
    }
    state.SetIterationTime(t);
  }
  for (size_t i = 0; i < bytes / 4; ++i)
    if (d[i] != -1) {
      state.SkipWithError("an int was not stored");
      return;
    }
  state.counters["bytes/s"] = benchmark::Counter(
      static_cast<double>(bytes * roof_reps(bytes)) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
  state.counters["threads_ran"] = threads;
  state.SetLabel(interleaved
                     ? "16 ints per work-item, step by step across the run (the program's order)"
                     : "16 ints per work-item, work-item by work-item");
}

// The histogram's bounds (roofs.h) over n random 64-bit values, as hist_slm's input: one table
// updated by plain C, one table per lane of an AVX-512 register, and the stores alone (to a new
// bin each, or in pairs within one cache line).
enum ByteRoof { kByteRmw, kByteRmwLanes, kByteStore, kByteStorePairs };

// What roof_byte_store leaves: for each block, the bins' last values found by scanning the block
// backwards (each bin's first hit), so a wrong store loop cannot match it.
uint64_t LastStores(const std::vector<uint64_t> &values, bool pairs) {
  uint64_t want = 0;
  for (size_t b = 0; b + ROOF_RMW_BLOCK <= values.size(); b += ROOF_RMW_BLOCK) {
    uint32_t last[256] = {0};
    unsigned found = 0;
    for (size_t i = ROOF_RMW_BLOCK; i-- > 0 && found < 256;)
      for (int k = 7; k >= 0; --k) {
        if (pairs && (k & 1)) continue;
        const uint32_t bin = (values[b + i] >> (8 * k)) & 0xff;
        for (uint32_t at : {bin, pairs ? bin ^ 1 : bin})
          if (!last[at]) last[at] = static_cast<uint32_t>(i) + 1, ++found;
      }
    for (uint64_t k = 0; k < 256; ++k) want += k * last[k];
  }
  return want;
}

void RunByteRmw(benchmark::State &state, size_t n, int threads, ByteRoof kind) {
  std::vector<uint64_t> values(n);
  uint64_t want = 0, x = 2009;
  for (uint64_t &v : values) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64: 8 uniform bytes
    v = x;
    for (int k = 0; k < 64; k += 8) want += (x >> k) & 0xff;
  }
  const bool stores = kind == kByteStore || kind == kByteStorePairs;
  if (stores) want = LastStores(values, kind == kByteStorePairs);
  uint64_t sink = 0;
  for (auto _ : state) {
    const uint64_t *v = values.data();
    state.SetIterationTime(kind == kByteRmwLanes ? roof_byte_rmw_lanes(v, n, threads, &sink)
                           : stores ? roof_byte_store(v, n, threads, kind == kByteStorePairs, &sink)
                                    : roof_byte_rmw(v, n, threads, &sink));
  }
  if (sink != want) {
    state.SkipWithError(stores ? "the bins do not hold the values that stored last"
                               : "the bins do not add up to the bytes");
    return;
  }
  state.counters["bytes/s"] =
      benchmark::Counter(8.0 * static_cast<double>(n) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
  state.counters["threads_ran"] = threads;
  static const char *const labels[] = {
      "one 256-bin table per 16384 values, a scalar read-modify-write per byte",
      "16 256-bin tables (one per lane) per 16384 values, gather + add + scatter",
      "one 256-entry table per 16384 values, a plain store per byte (no load, no add)",
      "one 256-entry table per 16384 values, a plain store per byte, two per cache line"};
  state.SetLabel(labels[kind]);
}

void RunEmpty(benchmark::State &state, sgk_isa isa, uint32_t w, size_t groups, int threads) {
  sgk_launch_options o{};
  o.isa = isa;
  o.sub_group_size = w;
  o.threads = static_cast<uint32_t>(threads);
  const bench_empty_args args{0};
  const sgk_range r = sgk_range_1d(groups * w, w);
  for (auto _ : state) {
    // Host-side time: what the caller waits for, call to return.
    const double t0 = bench_now();
    const sgk_status st = sgk_launch(&bench_empty, &r, &o, &args, nullptr);
    state.SetIterationTime(bench_now() - t0);
    if (st != SGK_SUCCESS) {
      state.SkipWithError(sgk_last_error());
      break;
    }
  }
  state.counters["groups/s"] =
      benchmark::Counter(static_cast<double>(groups) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void RunOmpFor(benchmark::State &state, size_t iters, int threads) {
  for (auto _ : state) state.SetIterationTime(bench_omp_empty_for(iters, threads));
  state.counters["groups/s"] =
      benchmark::Counter(static_cast<double>(iters) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

#if defined(__x86_64__)
// The core's clock while busy (roofs.h, x86 only), so that a rate can be read per cycle: the
// histogram's updates, above all, whose bound is the core's read-modify-writes per cycle (README).
void RunClock(benchmark::State &state) {
  const size_t iters = size_t{1} << 24;
  double cycles = 0.0;
  for (auto _ : state) {
    state.SetIterationTime(roof_clock(iters));
    cycles += static_cast<double>(iters) * ROOF_CLOCK_CYCLES_PER_ITER;
  }
  state.counters["cycles/s"] = benchmark::Counter(cycles, benchmark::Counter::kIsRate);
  state.counters["threads_ran"] = 1;
  state.SetLabel("a chain of dependent 64-bit multiplies (3 cycles each), one thread");
}
#endif

std::vector<int> ParseThreads(const char *list) {
  std::vector<int> out;
  for (const char *p = list; *p;) {
    char *end = nullptr;
    const long v = std::strtol(p, &end, 10);
    if (end == p || v < 1 || v > 1024) return {};
    out.push_back(static_cast<int>(v));
    p = *end == ',' ? end + 1 : end;
    if (*end && *end != ',') return {};
  }
  return out;
}

void Register(const std::vector<int> &thread_list, bool sweep, bool quick) {
#if defined(__x86_64__)
  benchmark::RegisterBenchmark("roof/clock", RunClock)->UseManualTime();
#endif
  for (int t : thread_list) {
    const std::string sfx = Suffix(t, sweep);
    for (size_t bytes : kFootprints) {
      const std::string b = std::to_string(bytes);
      benchmark::RegisterBenchmark(("roof/copy/" + b + sfx).c_str(), RunBandwidth, Bw::kCopy, bytes,
                                   t)
          ->UseManualTime();
      benchmark::RegisterBenchmark(("roof/copy_nt/" + b + sfx).c_str(), RunBandwidth, Bw::kCopyNt,
                                   bytes, t)
          ->UseManualTime();
      benchmark::RegisterBenchmark(("roof/read/" + b + sfx).c_str(), RunBandwidth, Bw::kRead, bytes,
                                   t)
          ->UseManualTime();
    }
    const char *peak_names[] = {"fma_f32", "fma_f64", "mad_i32"};
    for (sgk_isa isa : kIsas)
      if (isa != SGK_ISA_SCALAR && sgk_isa_available(isa))
        for (int kind = 0; kind < 3; ++kind)
          benchmark::RegisterBenchmark(
              (std::string("roof/") + peak_names[kind] + "/" + sgk_isa_name(isa) + sfx).c_str(),
              RunPeak, isa, kind, t)
              ->UseManualTime();

    if (const sgk_family *hist = FamilyNamed("hist_slm")) {
      const size_t n = quick ? hist->quick_n : hist->default_n;
      const size_t whole = n - n % ROOF_RMW_BLOCK;  // whole blocks of values
      const struct {
        const char *name;
        ByteRoof kind;
      } roofs[] = {{"byte_rmw", kByteRmw},
                   {"byte_rmw_lanes", kByteRmwLanes},
                   {"byte_store", kByteStore},
                   {"byte_store_pairs", kByteStorePairs}};
      for (const auto &roof : roofs)
        if (roof.kind != kByteRmwLanes || sgk_isa_available(SGK_ISA_AVX512))
          benchmark::RegisterBenchmark(
              ("roof/" + std::string(roof.name) + "/" + std::to_string(n) + sfx).c_str(),
              RunByteRmw, whole, t, roof.kind)
              ->UseManualTime();
    }

    if (const sgk_family *init = FamilyNamed("init_wi")) {
      const size_t n = quick ? init->quick_n : init->default_n;
      const size_t bytes = n * 4 - n * 4 % 4096;
      for (int interleaved = 1; interleaved >= 0; --interleaved)
        for (uint32_t w : kWidths)
          benchmark::RegisterBenchmark(
              ("roof/store_" + std::string(interleaved ? "interleaved" : "itemwise") + "_w" +
               std::to_string(w) + "/" + std::to_string(bytes) + sfx)
                  .c_str(),
              RunStoreRuns, bytes, w, interleaved, t)
              ->UseManualTime();
    }

    for (size_t i = 0; i < sgk_family_count; ++i) {
      const sgk_family *f = sgk_families[i];
      const auto kv = KernelVariant(f->name);
      const size_t n = quick ? f->quick_n : f->default_n;
      std::vector<uint32_t> wgs;
      for (const uint32_t *p = f->sweep_wg; p && *p; ++p) wgs.push_back(*p);
      const bool wg_sweep = !wgs.empty();
      if (!wg_sweep) wgs.push_back(f->default_wg);
      for (sgk_isa isa : kIsas) {
        if (!sgk_isa_available(isa)) continue;
        for (uint32_t w : kWidths)
          for (uint32_t wg : wgs) {
            std::string name =
                kv.first + "/" + kv.second + "/" + sgk_isa_name(isa) + "/sg" + std::to_string(w);
            if (wg_sweep) name += "/wg" + std::to_string(wg);
            name += "/" + std::to_string(n) + sfx;
            benchmark::RegisterBenchmark(name.c_str(), RunFamily, f, isa, w, wg, n, t)
                ->UseManualTime();
          }
      }
    }

    for (size_t i = 0; i < bench_baseline_count; ++i) {
      const bench_baseline *b = &bench_baselines[i];
      if (b->serial && sweep && t != thread_list.front()) continue;  // one thread whatever t is
      const sgk_family *f = sgk_family_find(b->family);
      if (!f) continue;
      const size_t n = quick ? f->quick_n : f->default_n;
      benchmark::RegisterBenchmark(
          ("baseline/" + std::string(b->kernel) + "/" + b->impl + "/" + std::to_string(n) + sfx)
              .c_str(),
          RunBaseline, b, n, t)
          ->UseManualTime();
    }

    // The peers run with their own threads (all cores), once.
    for (int i = 0; t == thread_list.back() && i < g_peer_count; ++i) {
      peer_platform *p = &g_peers[i];
      static const unsigned kSg[] = {8, 16, 32}, kNoSg[] = {0};
      const unsigned *ws_begin = p->sub_groups ? kSg : kNoSg;
      const unsigned *ws_end = p->sub_groups ? kSg + 3 : kNoSg + 1;
      for (size_t j = 0; j < bench_baseline_count; ++j) {
        const bench_baseline *b = &bench_baselines[j];
        if (std::strcmp(b->impl, "plain") != 0 || !peers_have(b->kernel)) continue;
        const sgk_family *f = sgk_family_find(b->family);
        if (!f) continue;
        const size_t n = quick ? f->quick_n : f->default_n;
        for (int v = -1; v == -1 || peers_variant(b->kernel, v); ++v) {
          const char *name = v < 0 ? b->kernel : peers_variant(b->kernel, v);
          for (const unsigned *wp = ws_begin; wp != ws_end; ++wp) {
            const unsigned w = *wp;
            benchmark::RegisterBenchmark(
                ("peer/" + std::string(p->name) + "/" + name +
                 (w ? "/sg" + std::to_string(w) : std::string()) + "/" + std::to_string(n))
                    .c_str(),
                RunPeer, p, b, name, w, n)
                ->UseManualTime();
          }
        }
      }
    }

    for (size_t groups : {size_t(1), size_t(64), size_t(1) << 20}) {
      const std::string g = std::to_string(groups);
      for (sgk_isa isa : kIsas)
        if (sgk_isa_available(isa))
          for (uint32_t w : kWidths)
            benchmark::RegisterBenchmark(("overhead/empty/" + std::string(sgk_isa_name(isa)) +
                                          "/sg" + std::to_string(w) + "/groups:" + g + sfx)
                                             .c_str(),
                                         RunEmpty, isa, w, groups, t)
                ->UseManualTime();
      benchmark::RegisterBenchmark(("overhead/omp_for/iters:" + g + sfx).c_str(), RunOmpFor, groups,
                                   t)
          ->UseManualTime();
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<int> threads;
  bool quick = false, sweep = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--threads=", 10) == 0) {
      threads = ParseThreads(argv[i] + 10);
      if (threads.empty()) {
        std::fprintf(stderr, "bench_kernels: --threads wants a list of counts 1..1024, like 1,2\n");
        return 2;
      }
      sweep = true;
    } else if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (threads.empty()) threads.push_back(bench_default_threads());
  const char *no_peers = "";
  g_peer_count = peers_open(g_peers, 4, &no_peers);
  std::string peers_found;
  for (int i = 0; i < g_peer_count; ++i)
    peers_found += std::string(i ? "; " : "") + g_peers[i].name + " (" + g_peers[i].version + ")";
  if (!g_peer_count) std::fprintf(stderr, "bench_kernels: no other runtime: %s\n", no_peers);
  Register(threads, sweep, quick);
  benchmark::AddCustomContext("peers",
                              g_peer_count ? peers_found : std::string("none: ") + no_peers);
  benchmark::AddCustomContext("sgk_version", sgk_version_string());
  benchmark::AddCustomContext("blas_core", bench_blas_core());
  benchmark::AddCustomContext("copy_nt", roof_copy_nt_kind());
  benchmark::AddCustomContext("threads", std::to_string(threads.front()));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::free(g_buf.src);
  std::free(g_buf.dst);
  return 0;
}
