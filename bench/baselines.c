/* The baselines of bench_kernels: see baselines.h. Compiled as a CPU programmer compiles plain
 * C (-O3 and, on a native build, -march=native), with OpenMP. */
#include "baselines.h"

#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h" /* the kernels' input generator, allocator and math references */
#include "overhead.h"

#if SGK_BENCH_OPENBLAS
#include <cblas.h>
char *openblas_get_corename(void);
#endif

double bench_now(void) { return omp_get_wtime(); }
int bench_default_threads(void) { return omp_get_max_threads(); }

typedef struct {
  size_t n;
  void *p[5];
  size_t bytes[5];
  double ref;     /* a scalar result the check compares with */
  uint64_t *bins; /* histogram reference */
} bl;

size_t bench_baseline_n(const void *state) { return ((const bl *)state)->n; }
void *bench_baseline_buffer(void *state, int i, size_t *bytes) {
  bl *s = state;
  *bytes = i >= 0 && i < 5 ? s->bytes[i] : 0;
  return i >= 0 && i < 5 ? s->p[i] : NULL;
}

static char msg[200];
#define FAIL(...) (snprintf(msg, sizeof msg, __VA_ARGS__), msg)

static bl *make(size_t n, int k, const size_t *bytes, const char **why) {
  bl *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->n = n;
  for (int i = 0; i < k; ++i)
    if (!(s->bytes[i] = bytes[i], s->p[i] = sgk_host_alloc(bytes[i]))) {
      for (int j = 0; j < i; ++j) free(s->p[j]);
      free(s);
      *why = "out of memory";
      return NULL;
    }
  return s;
}

static void teardown(void *state) {
  bl *s = state;
  for (int i = 0; i < 5; ++i) free(s->p[i]);
  free(s->bins);
  free(s);
}

/* ---- init and copy (ints) -------------------------------------------------------------- */
static void *init_setup(size_t n, double *work, const char **why) {
  *work = (double)n * 4;
  return make(n, 1, (size_t[]){n * 4}, why);
}
static void init_plain(void *st, int threads) {
  bl *s = st;
  int32_t *d = s->p[0];
  (void)threads;
  for (size_t i = 0; i < s->n; ++i) d[i] = -1;
}
static void init_omp(void *st, int threads) {
  bl *s = st;
  int32_t *d = s->p[0];
  const size_t n = s->n;
#pragma omp parallel for simd num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) d[i] = -1;
}
static const char *init_check(void *st) {
  bl *s = st;
  const int32_t *d = s->p[0];
  for (size_t i = 0; i < s->n; ++i)
    if (d[i] != -1) return FAIL("init[%zu] = %d", i, d[i]);
  memset(s->p[0], 0, s->n * 4);
  return NULL;
}

static void *copy_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 2, (size_t[]){n * 4, n * 4}, why);
  if (!s) return NULL;
  int32_t *src = s->p[0];
  uint64_t seed = 2009;
  for (size_t i = 0; i < n; ++i) src[i] = (int32_t)sgk_host_rand(&seed) ^ (int32_t)i;
  *work = (double)n * 8;
  return s;
}
static void copy_plain(void *st, int threads) {
  bl *s = st;
  const int32_t *src = s->p[0];
  int32_t *dst = s->p[1];
  (void)threads;
  for (size_t i = 0; i < s->n; ++i) dst[i] = src[i];
}
static void copy_omp(void *st, int threads) {
  bl *s = st;
  const int32_t *src = s->p[0];
  int32_t *dst = s->p[1];
  const size_t n = s->n;
#pragma omp parallel for simd num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) dst[i] = src[i];
}
static const char *copy_check(void *st) {
  bl *s = st;
  if (memcmp(s->p[0], s->p[1], s->n * 4)) return FAIL("the copy differs from the source");
  memset(s->p[1], 0, s->n * 4);
  return NULL;
}

/* ---- transpose (n x n uint32, out of place) ------------------------------------------------ */
static void *tr_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 2, (size_t[]){n * n * 4, n * n * 4}, why);
  if (!s) return NULL;
  uint32_t *in = s->p[0];
  for (size_t i = 0; i < n * n; ++i) in[i] = (uint32_t)i;
  *work = 2.0 * (double)n * (double)n * 4;
  return s;
}
static void tr_plain(void *st, int threads) {
  bl *s = st;
  const uint32_t *in = s->p[0];
  uint32_t *out = s->p[1];
  const size_t n = s->n;
  (void)threads;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) out[j * n + i] = in[i * n + j];
}
static void tr_omp(void *st, int threads) { /* 64 x 64 blocks, a block row per iteration */
  bl *s = st;
  const uint32_t *in = s->p[0];
  uint32_t *out = s->p[1];
  const size_t n = s->n, b = 64;
#pragma omp parallel for num_threads(threads) schedule(static) collapse(2)
  for (size_t ib = 0; ib < n; ib += b)
    for (size_t jb = 0; jb < n; jb += b)
      for (size_t i = ib, ie = ib + b < n ? ib + b : n; i < ie; ++i) {
        const size_t je = jb + b < n ? jb + b : n;
#pragma omp simd
        for (size_t j = jb; j < je; ++j) out[j * n + i] = in[i * n + j];
      }
}
static const char *tr_check(void *st) {
  bl *s = st;
  const uint32_t *in = s->p[0], *out = s->p[1];
  const size_t n = s->n;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (out[j * n + i] != in[i * n + j]) return FAIL("out(%zu, %zu) = %u", j, i, out[j * n + i]);
  memset(s->p[1], 0, n * n * 4);
  return NULL;
}

/* ---- 1-D convolution, 257 taps, zero padding, uint32 arithmetic ----------------------------- */
#define TAPS 257
static void *conv_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 3, (size_t[]){n * 4, TAPS * 4, n * 4}, why);
  if (!s) return NULL;
  int32_t *in = s->p[0], *k = s->p[1];
  uint64_t seed = 7;
  for (size_t i = 0; i < n; ++i) in[i] = (int32_t)sgk_host_rand(&seed);
  for (int i = 0; i < TAPS; ++i) k[i] = (int32_t)sgk_host_rand(&seed);
  *work = 2.0 * TAPS * (double)n;
  return s;
}
static uint32_t conv_at(const int32_t *in, const int32_t *k, int64_t n, int64_t i) {
  uint32_t t = 0;
  for (int64_t j = 0; j < TAPS; ++j) {
    const int64_t x = i - TAPS / 2 + j;
    if (x >= 0 && x < n) t += (uint32_t)in[x] * (uint32_t)k[j];
  }
  return t;
}
static void conv_plain(void *st, int threads) { /* the kernel body per work-item, bounds tested */
  bl *s = st;
  const int32_t *in = s->p[0], *k = s->p[1];
  int32_t *out = s->p[2];
  (void)threads;
  for (int64_t i = 0; i < (int64_t)s->n; ++i) out[i] = (int32_t)conv_at(in, k, (int64_t)s->n, i);
}
static void conv_omp(void *st, int threads) { /* interior without bounds tests, vectorized */
  bl *s = st;
  const int32_t *in = s->p[0], *k = s->p[1];
  int32_t *out = s->p[2];
  const int64_t n = (int64_t)s->n, h = TAPS / 2;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t b = 0; b < n; b += 4096) {
    const int64_t e = b + 4096 < n ? b + 4096 : n;
    for (int64_t i = b; i < e; ++i)
      if (i < h || i >= n - h) out[i] = (int32_t)conv_at(in, k, n, i);
    const int64_t lo = b > h ? b : h, hi = e < n - h ? e : n - h;
    if (lo >= hi) continue;
    uint32_t acc[4096];
#pragma omp simd
    for (int64_t i = lo; i < hi; ++i) acc[i - lo] = 0;
    for (int64_t j = 0; j < TAPS; ++j) {
      const uint32_t kj = (uint32_t)k[j];
      const int32_t *src = in + lo - h + j;
#pragma omp simd
      for (int64_t i = 0; i < hi - lo; ++i) acc[i] += (uint32_t)src[i] * kj;
    }
#pragma omp simd
    for (int64_t i = lo; i < hi; ++i) out[i] = (int32_t)acc[i - lo];
  }
}
static const char *conv_check(void *st) { /* 4096 positions, both edges among them */
  bl *s = st;
  const int32_t *in = s->p[0], *k = s->p[1], *out = s->p[2];
  const int64_t n = (int64_t)s->n;
  uint64_t seed = 1;
  for (int t = 0; t < 4096; ++t) {
    const int64_t i = t < 200   ? t
                      : t < 400 ? n - 1 - (t - 200)
                                : (int64_t)(sgk_host_rand(&seed) % (uint64_t)n);
    if (i < 0 || i >= n) continue;
    const int32_t want = (int32_t)conv_at(in, k, n, i);
    if (out[i] != want) return FAIL("out[%lld] = %d, want %d", (long long)i, out[i], want);
  }
  memset(s->p[2], 0, s->n * 4);
  return NULL;
}

/* ---- histogram: 8 bytes per uint64 value, 256 bins ----------------------------------------- */
static void *hist_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 2, (size_t[]){n * 8, 256 * 8}, why);
  if (!s) return NULL;
  uint64_t *in = s->p[0], seed = 2009;
  if (!(s->bins = calloc(256, 8))) {
    teardown(s);
    *why = "out of memory";
    return NULL;
  }
  for (size_t i = 0; i < n; ++i) {
    in[i] = ((uint64_t)sgk_host_rand(&seed) << 32) | sgk_host_rand(&seed);
    for (int b = 0; b < 8; ++b) s->bins[(in[i] >> (8 * b)) & 0xFF]++;
  }
  *work = (double)n * 8;
  return s;
}
static void hist_plain(void *st, int threads) {
  bl *s = st;
  const uint64_t *in = s->p[0];
  uint64_t *h = s->p[1];
  (void)threads;
  memset(h, 0, 256 * 8);
  for (size_t i = 0; i < s->n; ++i)
    for (int b = 0; b < 8; ++b) h[(in[i] >> (8 * b)) & 0xFF]++;
}
static void hist_omp(void *st, int threads) { /* private bins per thread, merged atomically */
  bl *s = st;
  const uint64_t *in = s->p[0];
  uint64_t *h = s->p[1];
  const size_t n = s->n;
  memset(h, 0, 256 * 8);
#pragma omp parallel num_threads(threads)
  {
    uint32_t mine[4][256] = {{0}}; /* four copies: consecutive bytes rarely hit one counter */
#pragma omp for schedule(static)
    for (size_t i = 0; i < n; ++i) {
      const uint64_t v = in[i];
      mine[0][v & 0xFF]++, mine[1][(v >> 8) & 0xFF]++, mine[2][(v >> 16) & 0xFF]++;
      mine[3][(v >> 24) & 0xFF]++, mine[0][(v >> 32) & 0xFF]++, mine[1][(v >> 40) & 0xFF]++;
      mine[2][(v >> 48) & 0xFF]++, mine[3][v >> 56]++;
    }
    for (int b = 0; b < 256; ++b) {
      const uint64_t c = (uint64_t)mine[0][b] + mine[1][b] + mine[2][b] + mine[3][b];
#pragma omp atomic
      h[b] += c;
    }
  }
}
static const char *hist_check(void *st) {
  bl *s = st;
  const uint64_t *h = s->p[1];
  for (int b = 0; b < 256; ++b)
    if (h[b] != s->bins[b])
      return FAIL("bin %d = %llu, want %llu", b, (unsigned long long)h[b],
                  (unsigned long long)s->bins[b]);
  memset(s->p[1], 0, 256 * 8);
  return NULL;
}

/* ---- matmul: double, n x n, C = A B -------------------------------------------------------- */
static void *mm_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 3, (size_t[]){n * n * 8, n * n * 8, n * n * 8}, why);
  if (!s) return NULL;
  double *a = s->p[0], *b = s->p[1];
  uint64_t seed = 13;
  for (size_t i = 0; i < n * n; ++i) a[i] = (double)(sgk_host_rand(&seed) % 1000) / 997.0;
  for (size_t i = 0; i < n * n; ++i) b[i] = (double)(sgk_host_rand(&seed) % 1000) / 991.0;
  *work = 2.0 * (double)n * (double)n * (double)n;
  return s;
}
static void mm_plain(void *st, int threads) { /* one work-item per C(i, j), as the kernel */
  bl *s = st;
  const double *a = s->p[0], *b = s->p[1];
  double *c = s->p[2];
  const size_t n = s->n;
  (void)threads;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      double t = 0.0;
      for (size_t k = 0; k < n; ++k) t += a[i * n + k] * b[k * n + j];
      c[i * n + j] = t;
    }
}
static void mm_omp(void *st, int threads) { /* i-k-j order, rows of C across threads */
  bl *s = st;
  const double *a = s->p[0], *b = s->p[1];
  double *c = s->p[2];
  const size_t n = s->n;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) {
    double *ci = c + i * n;
    for (size_t j = 0; j < n; ++j) ci[j] = 0.0;
    for (size_t k = 0; k < n; ++k) {
      const double aik = a[i * n + k];
      const double *bk = b + k * n;
#pragma omp simd
      for (size_t j = 0; j < n; ++j) ci[j] += aik * bk[j];
    }
  }
}
#if SGK_BENCH_OPENBLAS
static void mm_openblas(void *st, int threads) {
  bl *s = st;
  const int n = (int)s->n;
  openblas_set_num_threads(threads);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, s->p[0], n, s->p[1], n, 0.0,
              s->p[2], n);
}
#endif
static const char *mm_check(void *st) { /* 512 entries against a dot product */
  bl *s = st;
  const double *a = s->p[0], *b = s->p[1];
  double *c = s->p[2];
  const size_t n = s->n;
  uint64_t seed = 5;
  for (int t = 0; t < 512; ++t) {
    const size_t i = sgk_host_rand(&seed) % n, j = sgk_host_rand(&seed) % n;
    double want = 0.0;
    for (size_t k = 0; k < n; ++k) want += a[i * n + k] * b[k * n + j];
    if (!(fabs(c[i * n + j] - want) <= 1e-9 * fabs(want) + 1e-12))
      return FAIL("C(%zu, %zu) = %.17g, want %.17g", i, j, c[i * n + j], want);
  }
  memset(c, 0, n * n * 8);
  return NULL;
}

/* ---- matmul_f32: float, n x n, C = A B (the tuned kernel's float family) ------------------- */
static void *smm_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 3, (size_t[]){n * n * 4, n * n * 4, n * n * 4}, why);
  if (!s) return NULL;
  float *a = s->p[0], *b = s->p[1];
  uint64_t seed = 13;
  for (size_t i = 0; i < n * n; ++i) a[i] = (float)(sgk_host_rand(&seed) % 16) / 16.0f;
  for (size_t i = 0; i < n * n; ++i) b[i] = (float)(sgk_host_rand(&seed) % 16) / 16.0f;
  *work = 2.0 * (double)n * (double)n * (double)n;
  return s;
}
static void smm_omp(void *st, int threads) { /* as mm_omp */
  bl *s = st;
  const float *a = s->p[0], *b = s->p[1];
  float *c = s->p[2];
  const size_t n = s->n;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) {
    float *ci = c + i * n;
    for (size_t j = 0; j < n; ++j) ci[j] = 0.0f;
    for (size_t k = 0; k < n; ++k) {
      const float aik = a[i * n + k];
      const float *bk = b + k * n;
#pragma omp simd
      for (size_t j = 0; j < n; ++j) ci[j] += aik * bk[j];
    }
  }
}
#if SGK_BENCH_OPENBLAS
static void smm_openblas(void *st, int threads) {
  bl *s = st;
  const int n = (int)s->n;
  openblas_set_num_threads(threads);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, s->p[0], n, s->p[1], n,
              0.0f, s->p[2], n);
}
#endif
/* 512 entries against a dot product: sixteenths, so every sum is exact and must match. */
static const char *smm_check(void *st) {
  bl *s = st;
  const float *a = s->p[0], *b = s->p[1];
  float *c = s->p[2];
  const size_t n = s->n;
  uint64_t seed = 5;
  for (int t = 0; t < 512; ++t) {
    const size_t i = sgk_host_rand(&seed) % n, j = sgk_host_rand(&seed) % n;
    double want = 0.0;
    for (size_t k = 0; k < n; ++k) want += (double)a[i * n + k] * b[k * n + j];
    if (!((double)c[i * n + j] == want))
      return FAIL("C(%zu, %zu) = %.9g, want %.9g", i, j, (double)c[i * n + j], want);
  }
  memset(c, 0, n * n * 4);
  return NULL;
}

/* ---- reduction: sum of n ints --------------------------------------------------------------- */
static void *red_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 2, (size_t[]){n * 4, 8}, why);
  if (!s) return NULL;
  int32_t *in = s->p[0];
  int64_t want = 0;
  uint64_t seed = 17;
  for (size_t i = 0; i < n; ++i) want += in[i] = (int32_t)(sgk_host_rand(&seed) % 1001) - 500;
  s->ref = (double)want;
  *work = (double)n * 4;
  return s;
}
static void red_plain(void *st, int threads) {
  bl *s = st;
  const int32_t *in = s->p[0];
  int64_t t = 0;
  (void)threads;
  for (size_t i = 0; i < s->n; ++i) t += in[i];
  *(int64_t *)s->p[1] = t;
}
static void red_omp(void *st, int threads) {
  bl *s = st;
  const int32_t *in = s->p[0];
  const size_t n = s->n;
  int64_t t = 0;
#pragma omp parallel for simd num_threads(threads) schedule(static) reduction(+ : t)
  for (size_t i = 0; i < n; ++i) t += in[i];
  *(int64_t *)s->p[1] = t;
}
/* The seed's read order without sgk, as a CPU programmer ports its nd-range to OpenMP: work-group
 * g's wg work-items sum the items g wg + l + k num_work_items (num_work_items = n / wg, whole
 * work-groups), a run of wg contiguous ints per step k, the work-groups split across threads.
 * What that order costs the memory system, beside the sequential `reduction(+:)` above. */
static inline void red_order(bl *s, int threads, const size_t wg) {
  const int32_t *in = s->p[0];
  const size_t n = s->n;
  size_t nwi = n / wg / wg * wg;
  if (nwi == 0) nwi = wg;
  const size_t groups = nwi / wg;
  int64_t t = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : t)
  for (size_t g = 0; g < groups; ++g) {
    int32_t acc[1024];
    for (size_t l = 0; l < wg; ++l) acc[l] = 0;
    size_t base = g * wg;
    for (; base + wg <= n; base += nwi)
#pragma omp simd
      for (size_t l = 0; l < wg; ++l) acc[l] += in[base + l];
    for (size_t l = 0; base + l < n && l < wg; ++l) acc[l] += in[base + l];
    for (size_t l = 0; l < wg; ++l) t += acc[l];
  }
  *(int64_t *)s->p[1] = t;
}
static void red16_omp(void *st, int threads) { red_order(st, threads, 16); }
static void red1024_omp(void *st, int threads) { red_order(st, threads, 1024); }
static const char *red_check(void *st) {
  bl *s = st;
  int64_t *got = s->p[1];
  if ((double)*got != s->ref) return FAIL("sum %lld, want %.0f", (long long)*got, s->ref);
  *got = 0;
  return NULL;
}

/* ---- triple product: sum C[i N + j] A[i] B[j] ---------------------------------------------- */
static void *tp_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 4, (size_t[]){n * 8, n * 8, n * n * 8, 8}, why);
  if (!s) return NULL;
  double *a = s->p[0], *b = s->p[1], *c = s->p[2];
  uint64_t seed = 3;
  for (size_t i = 0; i < n; ++i) a[i] = 0.5 + (double)(sgk_host_rand(&seed) % 1000) / 1000.0;
  for (size_t i = 0; i < n; ++i) b[i] = 0.25 + (double)(sgk_host_rand(&seed) % 1000) / 1000.0;
  for (size_t i = 0; i < n * n; ++i) c[i] = 2.0 + (double)(sgk_host_rand(&seed) % 4096) / 4096.0;
  double want = 0.0;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) want += c[i * n + j] * a[i] * b[j];
  s->ref = want;
  *work = 3.0 * (double)n * (double)n;
  return s;
}
static void tp_plain(void *st, int threads) {
  bl *s = st;
  const double *a = s->p[0], *b = s->p[1], *c = s->p[2];
  const size_t n = s->n;
  double t = 0.0;
  (void)threads;
  for (size_t i = 0; i < n * n; ++i) t += c[i] * a[i / n] * b[i % n];
  *(double *)s->p[3] = t;
}
static void tp_omp(void *st, int threads) {
  bl *s = st;
  const double *a = s->p[0], *b = s->p[1], *c = s->p[2];
  const size_t n = s->n;
  double t = 0.0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : t)
  for (size_t i = 0; i < n; ++i) {
    double r = 0.0;
#pragma omp simd reduction(+ : r)
    for (size_t j = 0; j < n; ++j) r += c[i * n + j] * b[j];
    t += r * a[i];
  }
  *(double *)s->p[3] = t;
}
/* The nd-range's read order without sgk, as a CPU programmer ports the kernel to OpenMP: GWS =
 * 64 x 256 work-items (the kernel's at its work-group size, 256) stride over the N x N items, so
 * work-group g's 256 work-items read the run of 256 items at g 256 + k GWS, one step at a time; a
 * sum per work-item, the work-groups split across threads. What the grid stride costs the memory
 * system beside the row order above. */
static void tp_nd_omp(void *st, int threads) {
  bl *s = st;
  const double *a = s->p[0], *b = s->p[1], *c = s->p[2];
  const size_t n = s->n, total = n * n, wg = 256;
  size_t gws = 64 * wg;
  if (gws > total) gws = (total + wg - 1) / wg * wg;
  double t = 0.0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : t)
  for (size_t g = 0; g < gws / wg; ++g) {
    double acc[256];
    for (size_t l = 0; l < wg; ++l) acc[l] = 0.0;
    for (size_t p = g * wg; p < total; p += gws) {
      const size_t i = p / n, j = p % n;
      if (p + wg <= total && j + wg <= n) {
        const double ai = a[i];
#pragma omp simd
        for (size_t l = 0; l < wg; ++l) acc[l] += c[p + l] * ai * b[j + l];
      } else {
        for (size_t l = 0; l < wg && p + l < total; ++l)
          acc[l] += c[p + l] * a[(p + l) / n] * b[(p + l) % n];
      }
    }
    for (size_t l = 0; l < wg; ++l) t += acc[l];
  }
  *(double *)s->p[3] = t;
}
static const char *tp_check(void *st) {
  bl *s = st;
  double *got = s->p[3];
  if (!(fabs(*got - s->ref) <= 1e-10 * s->ref)) return FAIL("%.17g, want %.17g", *got, s->ref);
  *got = 0.0;
  return NULL;
}

/* ---- Black-Scholes, f32 with libm ---------------------------------------------------------- */
static void *bs_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 5, (size_t[]){n * 4, n * 4, n * 4, n * 4, n * 4}, why);
  if (!s) return NULL;
  sgk_host_black_scholes_inputs(s->p[0], s->p[1], s->p[2], n);
  *work = 20.0 * (double)n;
  return s;
}
#define BS_BODY(i)                                                                                 \
  const float r = SGK_BS_RATE, v = SGK_BS_VOL, sq = sqrtf(t[i]);                                   \
  const float d1 = (logf(sp[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sq), d2 = d1 - v * sq;  \
  const float n1 = 0.5f * erfcf(-d1 * 0.70710678f), n2 = 0.5f * erfcf(-d2 * 0.70710678f);          \
  const float disc = x[i] * expf(-r * t[i]);                                                       \
  call[i] = sp[i] * n1 - disc * n2;                                                                \
  put[i] = disc * (1.0f - n2) - sp[i] * (1.0f - n1);
static void bs_plain(void *st, int threads) {
  bl *s = st;
  const float *sp = s->p[0], *x = s->p[1], *t = s->p[2];
  float *call = s->p[3], *put = s->p[4];
  (void)threads;
  for (size_t i = 0; i < s->n; ++i) { BS_BODY(i) }
}
static void bs_omp(void *st, int threads) {
  bl *s = st;
  const float *sp = s->p[0], *x = s->p[1], *t = s->p[2];
  float *call = s->p[3], *put = s->p[4];
  const size_t n = s->n;
#pragma omp parallel for simd num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) { BS_BODY(i) }
}
static const char *bs_check(void *st) {
  bl *s = st;
  const char *wrong =
      sgk_host_black_scholes_check(s->p[0], s->p[1], s->p[2], s->p[3], s->p[4], s->n, 7);
  memset(s->p[3], 0, s->n * 4);
  return wrong;
}

/* ---- row softmax, 1000 columns ------------------------------------------------------------- */
#define SM_COLS SGK_SOFTMAX_COLS
static void *sm_setup(size_t n, double *work, const char **why) {
  bl *s = make(n, 2, (size_t[]){n * SM_COLS * 4, n * SM_COLS * 4}, why);
  if (!s) return NULL;
  sgk_host_softmax_inputs(s->p[0], n * SM_COLS);
  *work = 8.0 * (double)n * SM_COLS;
  return s;
}
static void sm_row(const float *x, float *y) {
  float mx = -INFINITY, sum = 0.0f;
#pragma omp simd reduction(max : mx)
  for (int j = 0; j < SM_COLS; ++j) mx = x[j] > mx ? x[j] : mx;
#pragma omp simd reduction(+ : sum)
  for (int j = 0; j < SM_COLS; ++j) sum += y[j] = expf(x[j] - mx);
  const float inv = 1.0f / sum;
#pragma omp simd
  for (int j = 0; j < SM_COLS; ++j) y[j] *= inv;
}
static void sm_plain(void *st, int threads) {
  bl *s = st;
  (void)threads;
  for (size_t i = 0; i < s->n; ++i)
    sm_row((const float *)s->p[0] + i * SM_COLS, (float *)s->p[1] + i * SM_COLS);
}
static void sm_omp(void *st, int threads) {
  bl *s = st;
  const size_t n = s->n;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i)
    sm_row((const float *)s->p[0] + i * SM_COLS, (float *)s->p[1] + i * SM_COLS);
}
static const char *sm_check(void *st) {
  bl *s = st;
  const char *wrong = sgk_host_softmax_check(s->p[0], s->p[1], s->n, 61);
  memset(s->p[1], 0, s->n * SM_COLS * 4);
  return wrong;
}

/* ---- the launch-overhead loop ------------------------------------------------------------------ */
double bench_omp_empty_for(size_t n, int threads) {
  const double t0 = omp_get_wtime();
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) __asm__ volatile("" ::: "memory");
  return omp_get_wtime() - t0;
}

const char *bench_blas_core(void) {
#if SGK_BENCH_OPENBLAS
  const char *core = openblas_get_corename();
  return core ? core : "OpenBLAS (core unknown)";
#else
  return "none: OpenBLAS was not found when bench_kernels was built (libopenblas-dev)";
#endif
}

#define B(kernel, family, impl, serial, what, pre)                                                 \
  { kernel, family, #impl, what, serial, pre##_setup, pre##_##impl, pre##_check, teardown }
const bench_baseline bench_baselines[] = {
    B("init", "init_sg", plain, 1, "dst[i] = -1, one thread", init),
    B("init", "init_sg", omp, 0, "omp parallel for simd", init),
    B("copy", "copy_sg", plain, 1, "dst[i] = src[i], one thread", copy),
    B("copy", "copy_sg", omp, 0, "omp parallel for simd", copy),
    B("transpose", "transpose", plain, 1, "out[j][i] = in[i][j], one thread", tr),
    B("transpose", "transpose", omp, 0, "64 x 64 blocks, omp parallel for collapse(2)", tr),
    B("conv", "conv_global", plain, 1, "per output, bounds tested, one thread", conv),
    B("conv", "conv_global", omp, 0, "tap-outer simd over 4096-output blocks, omp for", conv),
    B("hist", "hist_private_ff", plain, 1, "256 bins, one thread", hist),
    B("hist", "hist_private_ff", omp, 0, "private bins per thread, atomic merge", hist),
    B("matmul", "matmul", plain, 1, "dot product per C(i, j), one thread", mm),
    B("matmul", "matmul", omp, 0, "i-k-j, omp parallel for over rows, simd", mm),
#if SGK_BENCH_OPENBLAS
    B("matmul", "matmul", openblas, 0, "OpenBLAS cblas_dgemm", mm),
#endif
    B("matmul_f32", "matmul_tiled_f32", omp, 0, "i-k-j, omp parallel for over rows, simd", smm),
#if SGK_BENCH_OPENBLAS
    B("matmul_f32", "matmul_tiled_f32", openblas, 0, "OpenBLAS cblas_sgemm", smm),
#endif
    B("reduction", "reduction", plain, 1, "sum, one thread", red),
    B("reduction", "reduction", omp, 0, "omp parallel for simd reduction(+:)", red),
    /* the reduction's inputs and check, read in the seed's order */
    {"reduction_wg16", "reduction", "omp", "the seed's read order at wg 16, omp for over groups", 0,
     red_setup, red16_omp, red_check, teardown},
    {"reduction_wg1024", "reduction", "omp",
     "the seed's read order at wg 1024, omp for over groups", 0, red_setup, red1024_omp, red_check,
     teardown},
    B("vec_copy", "vec_copy", plain, 1, "dst[i] = src[i], one thread", copy),
    B("vec_copy", "vec_copy", omp, 0, "omp parallel for simd", copy),
    B("triple_product", "triple_product", plain, 1, "one flat loop, one thread", tp),
    B("triple_product", "triple_product", omp, 0, "rows across threads, simd reduction", tp),
    /* the triple product's inputs and check, read in the nd-range's order */
    {"triple_product_nd", "triple_product", "omp",
     "the nd-range's read order (GWS = 64 x 256), omp for over groups", 0, tp_setup, tp_nd_omp,
     tp_check, teardown},
    B("black_scholes", "black_scholes", plain, 1, "libm logf expf erfcf, one thread", bs),
    B("black_scholes", "black_scholes", omp, 0, "omp parallel for simd", bs),
    B("softmax", "softmax", plain, 1, "three passes per row, one thread", sm),
    B("softmax", "softmax", omp, 0, "rows across threads, simd passes", sm),
};
const size_t bench_baseline_count = sizeof bench_baselines / sizeof bench_baselines[0];
