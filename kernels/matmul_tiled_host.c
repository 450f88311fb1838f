/* The tuned matmul's families: C = A B, n x n, double (matmul_tiled) and float (matmul_tiled_f32).
 * Inputs are sixteenths in [0, 1): every product is a multiple of 2^-8 below 1 and every partial
 * sum below 2^14, so both types hold all of them exactly and C must equal the reference bit for
 * bit whatever the order of the k terms (the tiles, k blocks and FMAs may not hide an error). */
#include "host.h"

SGK_DECLARE_KERNEL(matmul_tiled);
SGK_DECLARE_KERNEL(matmul_tiled_f32);

typedef struct {
  sgk_bufs b;
  void *a, *bm, *c; /* double or float, as the family */
  double *want;
  int have_want;
} mt_state;

/* Inputs exact below 2^14 in a sum of k <= 16384 products of sixteenths (<= 225/256 each). */
#define MT_MAX_N 16384

static const char *mt_setup(sgk_case *c, size_t elem) {
  if (c->n == 0 || c->n > MT_MAX_N)
    return SGK_HOST_MSG("n (the matrix dimension) must be 1 .. %d", MT_MAX_N);
  mt_state *s = calloc(1, sizeof *s);
  c->state = s;
  if (!s) return SGK_HOST_MSG("out of memory");
  const size_t cells = c->n * c->n;
  s->a = sgk_bufs_add(&s->b, cells * elem);
  s->bm = sgk_bufs_add(&s->b, cells * elem);
  s->c = sgk_bufs_add(&s->b, cells * elem);
  s->want = sgk_bufs_add(&s->b, cells * sizeof(double));
  if (!s->a || !s->bm || !s->c || !s->want) return SGK_HOST_MSG("out of memory");
  uint64_t seed = 7;
  for (size_t i = 0; i < 2 * cells; ++i) {
    const double v = (double)(sgk_host_rand(&seed) % 16) / 16.0;
    void *p = i < cells ? s->a : s->bm;
    const size_t at = i < cells ? i : i - cells;
    if (elem == sizeof(double))
      ((double *)p)[at] = v;
    else
      ((float *)p)[at] = (float)v;
  }
  c->work = 2.0 * (double)c->n * (double)c->n * (double)c->n;
  return NULL;
}
static const char *mt_setup_f64(sgk_case *c) { return mt_setup(c, sizeof(double)); }
static const char *mt_setup_f32(sgk_case *c) { return mt_setup(c, sizeof(float)); }

/* Global {tiles of rows, tiles of columns x wg}, local {1, wg}: wg the case's work-group size
 * rounded up to a multiple of 32, so that every sub-group is full at every W (the kernel's
 * strips are whole sub-groups) and the range holds whatever W the launch (or the tuner) picks. */
static sgk_range mt_range(const sgk_case *c, uint32_t tile_n) {
  const uint32_t wg = c->wg <= 32 ? 32 : (c->wg + 31) / 32 * 32;
  const size_t tm = (c->n + MATMUL_TILE_M - 1) / MATMUL_TILE_M, tn = (c->n + tile_n - 1) / tile_n;
  return sgk_range_2d(tm, tn * wg, 1, wg);
}

static sgk_status mt_launch_f64(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  mt_state *s = c->state;
  /* NaNs: an element left unwritten shows */
  sgk_host_fill(s->c, 0xff, c->n * c->n * sizeof(double), o);
  const uint32_t n = (uint32_t)c->n;
  struct matmul_args a = {s->a, s->bm, s->c, n, n, n};
  const sgk_range r = mt_range(c, MATMUL_TILE_N_F64);
  return sgk_launch(&matmul_tiled, &r, o, &a, info);
}
static sgk_status mt_launch_f32(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  mt_state *s = c->state;
  sgk_host_fill(s->c, 0xff, c->n * c->n * sizeof(float), o);
  const uint32_t n = (uint32_t)c->n;
  struct matmul_f32_args a = {s->a, s->bm, s->c, n, n, n};
  const sgk_range r = mt_range(c, MATMUL_TILE_N_F32);
  return sgk_launch(&matmul_tiled_f32, &r, o, &a, info);
}

/* The reference in double, i-k-j (exact, so any order gives the same sums), then C bit for bit. */
static const char *mt_check(sgk_case *c, size_t elem) {
  mt_state *s = c->state;
  const size_t n = c->n;
  const int f64 = elem == sizeof(double);
  if (!s->have_want) {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i) {
      double *w = s->want + i * n;
      for (size_t j = 0; j < n; ++j) w[j] = 0.0;
      for (size_t k = 0; k < n; ++k) {
        const double aik =
            f64 ? ((const double *)s->a)[i * n + k] : ((const float *)s->a)[i * n + k];
        for (size_t j = 0; j < n; ++j)
          w[j] +=
              aik * (f64 ? ((const double *)s->bm)[k * n + j] : ((const float *)s->bm)[k * n + j]);
      }
    }
    s->have_want = 1;
  }
  for (size_t i = 0; i < n * n; ++i) {
    const double got = f64 ? ((const double *)s->c)[i] : ((const float *)s->c)[i];
    if (!(got == s->want[i]))
      return SGK_HOST_MSG("C[%zu][%zu]: got %.17g, want %.17g (exact)", i / n, i % n, got,
                          s->want[i]);
  }
  return NULL;
}
static const char *mt_check_f64(sgk_case *c) { return mt_check(c, sizeof(double)); }
static const char *mt_check_f32(sgk_case *c) { return mt_check(c, sizeof(float)); }

/* Test sizes: two tile rows (the second of 5) and tile columns ragged in every dimension, over two
 * k blocks (197 > 128) with several sub-groups per work-group; part of a tile; smaller than one
 * strip. */
static const sgk_family_size mt_sizes[] = {
    {64, 0, 0}, {197, 0, 64}, {37, 0, 96}, {5, 0, 0}, {0, 0, 0}};

SGK_DEFINE_FAMILY(matmul_tiled, .seed = "ENCCS sub_group-matmul, tuned (issue 12)",
                  .summary = "double C = A B, register strips x SLM panel of B, A broadcast",
                  .size_unit = "matrix dimension", .default_n = 1024, .quick_n = 256,
                  .default_wg = 64, .gflops = 1, .setup = mt_setup_f64, .launch = mt_launch_f64,
                  .check = mt_check_f64, .teardown = sgk_host_teardown, .test_sizes = mt_sizes);
SGK_DEFINE_FAMILY(matmul_tiled_f32, .seed = "ENCCS sub_group-matmul, tuned (issue 12)",
                  .summary = "float C = A B, register strips x SLM panel of B, A broadcast",
                  .size_unit = "matrix dimension", .default_n = 1024, .quick_n = 256,
                  .default_wg = 64, .gflops = 1, .setup = mt_setup_f32, .launch = mt_launch_f32,
                  .check = mt_check_f32, .teardown = sgk_host_teardown, .test_sizes = mt_sizes);
