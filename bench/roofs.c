/* The machine's limits for bench_kernels: see roofs.h. Written with intrinsics per ISA (function
 * target attributes on x86, so this file needs no ISA flags) and OpenMP for the threads. */
#include "roofs.h"

#include <omp.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define ROOF_X86 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define ROOF_NEON 1
#endif

#define ROOF_CHAINS 12
/* _Pragma("GCC unroll ROOF_CHAINS") with the count expanded */
#define ROOF_STR(x) #x
#define ROOF_UNROLL_(n) _Pragma(ROOF_STR(GCC unroll n))
#define ROOF_UNROLL(n) ROOF_UNROLL_(n)

/* The [begin, end) part of `bytes` that thread t of n owns, in 4096-byte pages. */
static void part(size_t bytes, int t, int n, size_t *begin, size_t *end) {
  const size_t pages = bytes / 4096;
  *begin = pages * (size_t)t / (size_t)n * 4096;
  *end = pages * (size_t)(t + 1) / (size_t)n * 4096;
}

size_t roof_reps(size_t bytes) {
  const size_t target = (size_t)8 << 20;
  return bytes && bytes < target ? target / bytes : 1;
}

double roof_clock(size_t iters) {
#if ROOF_X86
  uint64_t x = 1, y = 1;
  __asm__ volatile("" : "+r"(y)); /* unknown to the compiler: the products are computed */
  const double t0 = omp_get_wtime();
  for (size_t i = 0; i < iters; ++i)
    __asm__ volatile(
        "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0\n\t"
        "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0"
        : "+r"(x)
        : "r"(y));
  return omp_get_wtime() - t0;
#else
  (void)iters;
  return 0.0;
#endif
}

/* One block's updates of roof_byte_rmw into bins[0..255]; returns the sum of bin * count. */
static inline uint64_t rmw_block(const uint64_t *v, uint32_t *bins) {
  memset(bins, 0, 256 * sizeof *bins);
  for (size_t i = 0; i < ROOF_RMW_BLOCK; ++i) {
    uint64_t x = v[i];
    for (int k = 0; k < 8; ++k, x >>= 8) ++bins[x & 0xff];
  }
  uint64_t total = 0;
  for (uint64_t k = 0; k < 256; ++k) total += k * bins[k];
  return total;
}

/* One block's stores (roofs.h, roof_byte_store): last[bin] = the 1-based index of the value whose
 * byte last chose that bin; pairs: each value's even bytes b store to b and to b ^ 1, the same
 * cache line. Returns the sum of bin * last[bin]. pairs is a constant at each call, so each
 * caller's loop has no test in it. */
static inline uint64_t store_block(const uint64_t *v, uint32_t *last, int pairs) {
  memset(last, 0, 256 * sizeof *last);
  for (size_t i = 0; i < ROOF_RMW_BLOCK; ++i) {
    uint64_t x = v[i];
    const uint32_t at = (uint32_t)i + 1;
    if (pairs) {
      for (int k = 0; k < 4; ++k, x >>= 16) last[x & 0xff] = at, last[(x & 0xff) ^ 1] = at;
    } else {
      for (int k = 0; k < 8; ++k, x >>= 8) last[x & 0xff] = at;
    }
  }
  uint64_t total = 0;
  for (uint64_t k = 0; k < 256; ++k) total += k * last[k];
  return total;
}

/* The same updates with one table per lane of a 16-lane AVX-512 register (bin b of lane l at
 * 16 b + l): a vector of 16 bytes' bins gathers, adds 1 and scatters with no two lanes on one
 * counter, so it needs no conflict handling; the 16 tables are folded at the block's end. What
 * privatized per-work-item SLM bins would reach (README, "The SLM histogram"). */
#if ROOF_X86
__attribute__((target("avx512f"))) static uint64_t rmw_lanes_block(const uint64_t *v,
                                                                   uint32_t *bins) {
  const __m512i low = _mm512_set1_epi64(0xff), one = _mm512_set1_epi32(1);
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  memset(bins, 0, 16 * 256 * sizeof *bins);
  for (size_t i = 0; i < ROOF_RMW_BLOCK; i += 16) {
    __m512i x0 = _mm512_loadu_si512(v + i), x1 = _mm512_loadu_si512(v + i + 8);
    for (int k = 0; k < 8; ++k) {
      const __m256i b0 = _mm512_cvtepi64_epi32(_mm512_and_si512(x0, low));
      const __m256i b1 = _mm512_cvtepi64_epi32(_mm512_and_si512(x1, low));
      const __m512i at = _mm512_add_epi32(
          _mm512_slli_epi32(_mm512_inserti64x4(_mm512_castsi256_si512(b0), b1, 1), 4), lane);
      const __m512i c = _mm512_add_epi32(_mm512_i32gather_epi32(at, bins, 4), one);
      _mm512_i32scatter_epi32(bins, at, c, 4);
      x0 = _mm512_srli_epi64(x0, 8), x1 = _mm512_srli_epi64(x1, 8);
    }
  }
  uint64_t total = 0;
  for (uint64_t k = 0; k < 256; ++k)
    total += k * (uint64_t)_mm512_reduce_add_epi32(_mm512_loadu_si512(bins + 16 * k));
  return total;
}
#endif

enum { BLOCK_RMW, BLOCK_RMW_LANES, BLOCK_STORE, BLOCK_STORE_PAIRS };

/* The byte roofs' one driver: the blocks of n values shared out among the threads, each thread
 * with its own bins (room for the 16 tables of the lanes' way), kind's block loop on each; *sink
 * receives the sum of the blocks' results. Returns the seconds of the parallel region. */
static double over_blocks(const uint64_t *values, size_t n, int threads, int kind, uint64_t *sink) {
  const long blocks = (long)(n / ROOF_RMW_BLOCK);
  uint64_t total = 0;
  const double t0 = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : total)
  {
    _Alignas(64) uint32_t bins[16 * 256];
#pragma omp for schedule(static)
    for (long b = 0; b < blocks; ++b) {
      const uint64_t *v = values + (size_t)b * ROOF_RMW_BLOCK;
      switch (kind) { /* the same kind for every block: a branch the CPU predicts */
        case BLOCK_STORE: total += store_block(v, bins, 0); break;
        case BLOCK_STORE_PAIRS: total += store_block(v, bins, 1); break;
#if ROOF_X86
        case BLOCK_RMW_LANES: total += rmw_lanes_block(v, bins); break;
#endif
        default: total += rmw_block(v, bins); break;
      }
    }
  }
  const double t = omp_get_wtime() - t0;
  *sink = total;
  return t;
}

double roof_byte_rmw(const uint64_t *values, size_t n, int threads, uint64_t *sink) {
  return over_blocks(values, n, threads, BLOCK_RMW, sink);
}

double roof_byte_store(const uint64_t *values, size_t n, int threads, int pairs, uint64_t *sink) {
  return over_blocks(values, n, threads, pairs ? BLOCK_STORE_PAIRS : BLOCK_STORE, sink);
}

double roof_byte_rmw_lanes(const uint64_t *values, size_t n, int threads, uint64_t *sink) {
#if ROOF_X86
  if (sgk_isa_available(SGK_ISA_AVX512))
    return over_blocks(values, n, threads, BLOCK_RMW_LANES, sink);
#endif
  (void)values, (void)n, (void)threads, (void)sink;
  return 0.0;
}

/* One pass over a thread's part: copies `n` bytes from s to d, or reads s and returns a sum. */
typedef uint32_t (*roof_pass)(char *d, const char *s, size_t n);

/* Every thread runs `pass` roof_reps(bytes) times over its part; the sums are added into *sink.
 * Returns the seconds of the whole parallel region. */
static double run_passes(roof_pass pass, void *dst, const void *src, size_t bytes, int threads,
                         uint32_t *sink) {
  const size_t reps = roof_reps(bytes);
  uint32_t total = 0;
  const double t0 = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : total)
  {
    size_t b, e;
    part(bytes, omp_get_thread_num(), omp_get_num_threads(), &b, &e);
    for (size_t r = 0; r < reps; ++r) {
      total += pass(dst ? (char *)dst + b : NULL, (const char *)src + b, e - b);
      __asm__ volatile("" ::: "memory"); /* each pass is a real copy or read */
    }
  }
  const double t = omp_get_wtime() - t0;
  if (sink) *sink = total;
  return t;
}

static uint32_t copy_plain(char *d, const char *s, size_t n) {
  memcpy(d, s, n);
  return 0;
}

double roof_copy(void *dst, const void *src, size_t bytes, int threads) {
  return run_passes(copy_plain, dst, src, bytes, threads, NULL);
}

#if ROOF_X86
__attribute__((target("avx512f"))) static uint32_t copy_nt_avx512(char *d, const char *s,
                                                                  size_t n) {
  for (size_t i = 0; i < n; i += 128) {
    const __m512i a = _mm512_load_si512((const void *)(s + i));
    const __m512i b = _mm512_load_si512((const void *)(s + i + 64));
    _mm512_stream_si512((void *)(d + i), a);
    _mm512_stream_si512((void *)(d + i + 64), b);
  }
  _mm_sfence();
  return 0;
}
__attribute__((target("avx2"))) static uint32_t copy_nt_avx2(char *d, const char *s, size_t n) {
  for (size_t i = 0; i < n; i += 64) {
    const __m256i a = _mm256_load_si256((const __m256i *)(s + i));
    const __m256i b = _mm256_load_si256((const __m256i *)(s + i + 32));
    _mm256_stream_si256((__m256i *)(d + i), a);
    _mm256_stream_si256((__m256i *)(d + i + 32), b);
  }
  _mm_sfence();
  return 0;
}
#endif

const char *roof_copy_nt_kind(void) {
#if ROOF_X86
  if (sgk_isa_available(SGK_ISA_AVX512)) return "avx512 streaming stores";
  if (sgk_isa_available(SGK_ISA_AVX2)) return "avx2 streaming stores";
#endif
  return "plain stores (no streaming-store loop for this ISA)";
}

double roof_copy_nt(void *dst, const void *src, size_t bytes, int threads) {
  roof_pass pass = copy_plain;
#if ROOF_X86
  if (sgk_isa_available(SGK_ISA_AVX512))
    pass = copy_nt_avx512;
  else if (sgk_isa_available(SGK_ISA_AVX2))
    pass = copy_nt_avx2;
#endif
  return run_passes(pass, dst, src, bytes, threads, NULL);
}

/* Sums of int32 lanes, wrapping: the loads, not the adds, are the limit (four accumulators). */
#if ROOF_X86
__attribute__((target("avx512f"))) static uint32_t read_avx512(char *d, const char *p, size_t n) {
  (void)d;
  __m512i a = _mm512_setzero_si512(), b = a, c = a, e = a;
  for (size_t i = 0; i < n; i += 256) {
    a = _mm512_add_epi32(a, _mm512_load_si512((const void *)(p + i)));
    b = _mm512_add_epi32(b, _mm512_load_si512((const void *)(p + i + 64)));
    c = _mm512_add_epi32(c, _mm512_load_si512((const void *)(p + i + 128)));
    e = _mm512_add_epi32(e, _mm512_load_si512((const void *)(p + i + 192)));
  }
  return (uint32_t)_mm512_reduce_add_epi32(
      _mm512_add_epi32(_mm512_add_epi32(a, b), _mm512_add_epi32(c, e)));
}
__attribute__((target("avx2"))) static uint32_t read_avx2(char *d, const char *p, size_t n) {
  (void)d;
  __m256i a = _mm256_setzero_si256(), b = a, c = a, e = a;
  for (size_t i = 0; i < n; i += 128) {
    a = _mm256_add_epi32(a, _mm256_load_si256((const __m256i *)(p + i)));
    b = _mm256_add_epi32(b, _mm256_load_si256((const __m256i *)(p + i + 32)));
    c = _mm256_add_epi32(c, _mm256_load_si256((const __m256i *)(p + i + 64)));
    e = _mm256_add_epi32(e, _mm256_load_si256((const __m256i *)(p + i + 96)));
  }
  const __m256i s = _mm256_add_epi32(_mm256_add_epi32(a, b), _mm256_add_epi32(c, e));
  __m128i h = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
  h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4e));
  h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0xb1));
  return (uint32_t)_mm_cvtsi128_si32(h);
}
#endif
static uint32_t read_plain(char *d, const char *p, size_t n) {
  (void)d;
  const uint32_t *q = (const uint32_t *)(const void *)p;
  uint32_t s = 0;
#pragma omp simd reduction(+ : s)
  for (size_t i = 0; i < n / 4; ++i) s += q[i];
  return s;
}

double roof_read(const void *src, size_t bytes, int threads, uint32_t *sink) {
  roof_pass pass = read_plain;
#if ROOF_X86
  if (sgk_isa_available(SGK_ISA_AVX512))
    pass = read_avx512;
  else if (sgk_isa_available(SGK_ISA_AVX2))
    pass = read_avx2;
#endif
  return run_passes(pass, NULL, src, bytes, threads, sink);
}

/* One function per run length, both loops unrolled whole: each order is the same straight line
 * of 16 * R stores at constant offsets per run (a loop of run-time length would add a branch per
 * store to one order and not the other). */
#define ROOF_STORE_RUNS(R)                                                                         \
  static void store_runs_##R(int32_t *d, size_t items, int interleaved) {                          \
    for (size_t r0 = 0; r0 + R <= items; r0 += R) {                                                \
      int32_t *p = d + r0 * 16;                                                                    \
      if (interleaved) {                                                                           \
        _Pragma("GCC unroll 16") for (uint32_t j = 0; j < 16; ++j)                                 \
            _Pragma("GCC unroll 32") for (uint32_t l = 0; l < R; ++l) {                            \
          p[l * 16 + j] = -1;                                                                      \
          __asm__ volatile("" ::: "memory");                                                       \
        }                                                                                          \
      } else {                                                                                     \
        _Pragma("GCC unroll 32") for (uint32_t l = 0; l < R; ++l)                                  \
            _Pragma("GCC unroll 16") for (uint32_t j = 0; j < 16; ++j) {                           \
          p[l * 16 + j] = -1;                                                                      \
          __asm__ volatile("" ::: "memory");                                                       \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
  }
ROOF_STORE_RUNS(8)
ROOF_STORE_RUNS(16)
ROOF_STORE_RUNS(32)

double roof_store_runs(int32_t *dst, size_t bytes, uint32_t run, int interleaved, int threads) {
  if (run != 8 && run != 16 && run != 32) return -1.0;
  const size_t reps = roof_reps(bytes);
  const double t0 = omp_get_wtime();
#pragma omp parallel num_threads(threads)
  {
    size_t b, e;
    part(bytes, omp_get_thread_num(), omp_get_num_threads(), &b, &e);
    for (size_t r = 0; r < reps; ++r) {
      int32_t *d = dst + b / 4;
      const size_t items = (e - b) / 64;
      if (run == 8)
        store_runs_8(d, items, interleaved);
      else if (run == 16)
        store_runs_16(d, items, interleaved);
      else
        store_runs_32(d, items, interleaved);
    }
  }
  return omp_get_wtime() - t0;
}

/* The register-only loops: ROOF_CHAINS accumulators, each a = a * m + c per step. ROOF_KEEP
 * pins each accumulator to its register after its step (an empty asm, no instruction): without
 * it GCC 12 kept five of the AVX2 int32 loop's twelve on the stack, a store and a reload in each
 * chain, and that roof came out at 107 GOP/s on AMD Zen 5, under the convolution's 158 at AVX2
 * W 8; the other loops copied each accumulator once a step (a register move per multiply-add). */
#if ROOF_X86
#define ROOF_KEEP(x) __asm__("" : "+v"(x))
#else
#define ROOF_KEEP(x) __asm__("" : "+w"(x))
#endif
#define ROOF_LOOP(T, SPLAT, STEP, SUM)                                                             \
  T acc[ROOF_CHAINS];                                                                              \
  ROOF_UNROLL(ROOF_CHAINS) for (int k = 0; k < ROOF_CHAINS; ++k) acc[k] = SPLAT(seed + k);         \
  const T m = SPLAT(mul), c = SPLAT(add);                                                          \
  for (size_t i = 0; i < iters; ++i) {                                                             \
    ROOF_UNROLL(ROOF_CHAINS) for (int k = 0; k < ROOF_CHAINS; ++k) {                               \
      acc[k] = STEP(acc[k], m, c);                                                                 \
      ROOF_KEEP(acc[k]);                                                                           \
    }                                                                                              \
  }                                                                                                \
  double r = 0.0;                                                                                  \
  ROOF_UNROLL(ROOF_CHAINS) for (int k = 0; k < ROOF_CHAINS; ++k) r += SUM(acc[k]);                 \
  return r;

#if ROOF_X86
#define F32_8_FMA(a, m, c) _mm256_fmadd_ps(a, m, c)
#define F64_4_FMA(a, m, c) _mm256_fmadd_pd(a, m, c)
#define I32_8_MAD(a, m, c) _mm256_add_epi32(_mm256_mullo_epi32(a, m), c)
#define F32_16_FMA(a, m, c) _mm512_fmadd_ps(a, m, c)
#define F64_8_FMA(a, m, c) _mm512_fmadd_pd(a, m, c)
#define I32_16_MAD(a, m, c) _mm512_add_epi32(_mm512_mullo_epi32(a, m), c)
#define SUM_F32_8(v) (double)_mm256_cvtss_f32(v)
#define SUM_F64_4(v) _mm256_cvtsd_f64(v)
#define SUM_I32_8(v) (double)_mm256_extract_epi32(v, 0)
#define SUM_F32_16(v) (double)_mm512_reduce_add_ps(v)
#define SUM_F64_8(v) _mm512_reduce_add_pd(v)
#define SUM_I32_16(v) (double)_mm512_reduce_add_epi32(v)
#define TGT2 __attribute__((target("avx2,fma")))
#define TGT5 __attribute__((target("avx512f")))
TGT2 static double f32_avx2(size_t iters, float seed, float mul,
                            float add){ROOF_LOOP(__m256, _mm256_set1_ps, F32_8_FMA, SUM_F32_8)} TGT2
    static double f64_avx2(size_t iters, double seed, double mul, double add){
        ROOF_LOOP(__m256d, _mm256_set1_pd, F64_4_FMA, SUM_F64_4)} TGT2
    static double i32_avx2(size_t iters, int32_t seed, int32_t mul, int32_t add){
        ROOF_LOOP(__m256i, _mm256_set1_epi32, I32_8_MAD, SUM_I32_8)} TGT5
    static double f32_avx512(size_t iters, float seed, float mul, float add){
        ROOF_LOOP(__m512, _mm512_set1_ps, F32_16_FMA, SUM_F32_16)} TGT5
    static double f64_avx512(size_t iters, double seed, double mul, double add){
        ROOF_LOOP(__m512d, _mm512_set1_pd, F64_8_FMA, SUM_F64_8)} TGT5
    static double i32_avx512(size_t iters, int32_t seed, int32_t mul, int32_t add) {
  ROOF_LOOP(__m512i, _mm512_set1_epi32, I32_16_MAD, SUM_I32_16)
}
#elif ROOF_NEON
#define F32_4_FMA(a, m, c) vfmaq_f32(c, a, m)
#define F64_2_FMA(a, m, c) vfmaq_f64(c, a, m)
#define I32_4_MAD(a, m, c) vmlaq_s32(c, a, m)
static double f32_neon(size_t iters, float seed, float mul, float add) {
  ROOF_LOOP(float32x4_t, vdupq_n_f32, F32_4_FMA, vaddvq_f32)
}
static double f64_neon(size_t iters, double seed, double mul, double add) {
  ROOF_LOOP(float64x2_t, vdupq_n_f64, F64_2_FMA, vaddvq_f64)
}
static double i32_neon(size_t iters, int32_t seed, int32_t mul, int32_t add) {
  ROOF_LOOP(int32x4_t, vdupq_n_s32, I32_4_MAD, (double)vaddvq_s32)
}
#endif

static int lanes(sgk_isa isa, int kind) {
  const int f64 = kind == ROOF_FMA_F64;
  switch (isa) {
#if ROOF_X86
    case SGK_ISA_AVX2: return f64 ? 4 : 8;
    case SGK_ISA_AVX512: return f64 ? 8 : 16;
#elif ROOF_NEON
    case SGK_ISA_NEON: return f64 ? 2 : 4;
#endif
    default: return 0;
  }
}

static double peak_one(sgk_isa isa, int kind, size_t iters) {
  /* Multipliers near 1 and small addends: the values stay finite for any iteration count. */
  const float fm = 0.9999999f, fa = 1e-7f;
  const double dm = 0.999999999999, da = 1e-12;
  switch (isa) {
#if ROOF_X86
    case SGK_ISA_AVX2:
      return kind == ROOF_FMA_F32   ? f32_avx2(iters, 1.0f, fm, fa)
             : kind == ROOF_FMA_F64 ? f64_avx2(iters, 1.0, dm, da)
                                    : i32_avx2(iters, 1, 1664525, 1013904223);
    case SGK_ISA_AVX512:
      return kind == ROOF_FMA_F32   ? f32_avx512(iters, 1.0f, fm, fa)
             : kind == ROOF_FMA_F64 ? f64_avx512(iters, 1.0, dm, da)
                                    : i32_avx512(iters, 1, 1664525, 1013904223);
#elif ROOF_NEON
    case SGK_ISA_NEON:
      return kind == ROOF_FMA_F32 ? f32_neon(iters, 1.0f, fm, fa)
             : kind == ROOF_FMA_F64 ? f64_neon(iters, 1.0, dm, da)
                                    : i32_neon(iters, 1, 1664525, 1013904223);
#endif
    default: (void)iters; return 0.0;
  }
}

double roof_peak(sgk_isa isa, int kind, size_t iters, int threads, double *sink) {
  if (!lanes(isa, kind) || !sgk_isa_available(isa)) return 0.0;
  double total = 0.0;
  const double t0 = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : total)
  total += peak_one(isa, kind, iters);
  const double t = omp_get_wtime() - t0;
  *sink = total;
  return t;
}

double roof_peak_ops(sgk_isa isa, int kind, size_t iters, int threads) {
  return 2.0 * lanes(isa, kind) * ROOF_CHAINS * (double)iters * threads;
}
