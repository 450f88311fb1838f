/* The ENCCS sub-group matmul: double, C = A B, global {M, N}, local {1, W}; square n x n here
 * (the tests cover other shapes). */
#include <math.h>

#include "host.h"

SGK_DECLARE_KERNEL(matmul_sg);

typedef struct {
  sgk_bufs b;
  double *a, *bm, *c, *want;
  int have_want;
} mm_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0 || c->n > 16384) return SGK_HOST_MSG("n (the matrix dimension) must be 1 .. 16384");
  mm_state *s = calloc(1, sizeof *s);
  c->state = s;
  const size_t cells = c->n * c->n;
  s->a = sgk_bufs_add(&s->b, cells * sizeof(double));
  s->bm = sgk_bufs_add(&s->b, cells * sizeof(double));
  s->c = sgk_bufs_add(&s->b, cells * sizeof(double));
  s->want = sgk_bufs_add(&s->b, cells * sizeof(double));
  if (!s->a || !s->bm || !s->c || !s->want) return SGK_HOST_MSG("out of memory");
  uint64_t seed = 42; /* uniform [0, 1), as the lesson's std::uniform_real_distribution */
  for (size_t i = 0; i < cells; ++i) s->a[i] = sgk_host_rand(&seed) / 4294967296.0 * 65536.0;
  for (size_t i = 0; i < cells; ++i) s->bm[i] = sgk_host_rand(&seed) / 4294967296.0 * 65536.0;
  for (size_t i = 0; i < cells; ++i) {
    s->a[i] -= floor(s->a[i]);
    s->bm[i] -= floor(s->bm[i]);
  }
  c->work = 2.0 * (double)c->n * (double)c->n * (double)c->n;
  return NULL;
}

static sgk_status launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  mm_state *s = c->state;
  sgk_host_fill(s->c, 0, c->n * c->n * sizeof(double), o);
  struct matmul_args a = {s->a, s->bm, s->c, (uint32_t)c->n, (uint32_t)c->n, (uint32_t)c->n};
  const size_t cols = (c->n + c->sg - 1) / c->sg * c->sg;
  const sgk_range r = sgk_range_2d(c->n, cols, 1, c->sg);
  return sgk_launch(&matmul_sg, &r, o, &a, info);
}

/* Plain C, k ascending. The kernel fuses multiply-adds, so elements agree within
 * 1e-12 * n (every term is in [0, 1)). */
static const char *check(sgk_case *c) {
  mm_state *s = c->state;
  const size_t n = c->n;
  if (!s->have_want) {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) {
        double sum = 0.0;
        for (size_t k = 0; k < n; ++k) sum += s->a[i * n + k] * s->bm[k * n + j];
        s->want[i * n + j] = sum;
      }
    s->have_want = 1;
  }
  const double tol = 1e-12 * (double)n;
  for (size_t i = 0; i < n * n; ++i)
    if (!(fabs(s->c[i] - s->want[i]) <= tol))
      return SGK_HOST_MSG("C[%zu][%zu]: got %.17g, want %.17g", i / n, i % n, s->c[i], s->want[i]);
  return NULL;
}

SGK_DEFINE_FAMILY(matmul, .seed = "ENCCS sub_group-matmul",
                  .summary = "double C = A B, group_broadcast of A's tile",
                  .size_unit = "matrix dimension", .default_n = 1024, .quick_n = 256,
                  .default_wg = 16, .gflops = 1, .range_uses_w = 1, .setup = setup,
                  .launch = launch, .check = check, .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){{64, 0, 0}, {37, 0, 0}, {0, 0, 0}});
