/* Row softmax over an n x 1000 matrix of floats in [-20, 20): 1000 columns, a multiple of no
 * sub-group size, so every row ends on a ragged, masked chunk. */
#include <math.h>

#include "host.h"

SGK_DECLARE_KERNEL(softmax_rows);

typedef struct {
  sgk_bufs b;
  float *x, *y;
} sm_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0) return SGK_HOST_MSG("n (rows) must be positive");
  sm_state *st = calloc(1, sizeof *st);
  c->state = st;
  const size_t elems = c->n * SGK_SOFTMAX_COLS;
  st->x = sgk_bufs_add(&st->b, elems * sizeof(float));
  st->y = sgk_bufs_add(&st->b, elems * sizeof(float));
  if (!st->x || !st->y) return SGK_HOST_MSG("out of memory");
  sgk_host_softmax_inputs(st->x, elems);
  c->work = 8.0 * (double)elems; /* each value read, each result written */
  return NULL;
}

static sgk_status launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  sm_state *st = c->state;
  sgk_host_fill(st->y, 0xff, c->n * SGK_SOFTMAX_COLS * sizeof(float), o);
  struct softmax_args a = {st->x, st->y, SGK_SOFTMAX_COLS};
  const sgk_range r = sgk_range_1d(c->n * c->wg, c->wg); /* one work-group per row */
  return sgk_launch(&softmax_rows, &r, o, &a, info);
}

void sgk_host_softmax_inputs(float *x, size_t elems) {
  uint64_t seed = 5;
  for (size_t i = 0; i < elems; ++i)
    x[i] = -20.0f + (float)(sgk_host_rand(&seed) % 40000) / 1000.0f;
}

/* Plain C in double: y within 2e-5 relative (1-ulp exp, a float sum of 1000 terms). */
const char *sgk_host_softmax_check(const float *x_, const float *y_, size_t rows, size_t step) {
  for (size_t i = 0; i < rows; i += step ? step : 1) {
    const float *x = x_ + i * SGK_SOFTMAX_COLS, *y = y_ + i * SGK_SOFTMAX_COLS;
    double mx = -INFINITY, sum = 0.0;
    for (size_t j = 0; j < SGK_SOFTMAX_COLS; ++j) mx = x[j] > mx ? x[j] : mx;
    for (size_t j = 0; j < SGK_SOFTMAX_COLS; ++j) sum += exp(x[j] - mx);
    for (size_t j = 0; j < SGK_SOFTMAX_COLS; ++j) {
      const double want = exp(x[j] - mx) / sum;
      if (!(fabs(y[j] - want) <= 2e-5 * want + 1e-30))
        return SGK_HOST_MSG("y[%zu][%zu] = %.9g, want %.9g", i, j, y[j], want);
    }
  }
  return NULL;
}

static const char *check(sgk_case *c) {
  const sm_state *st = c->state;
  return sgk_host_softmax_check(st->x, st->y, c->n, 1);
}

SGK_DEFINE_FAMILY(softmax, .seed = "row softmax (math builtins: SLEEF exp, sub-group max/sum)",
                  .summary = "y = exp(x - max) / sum per row of 1000 floats, a work-group per row",
                  .size_unit = "rows", .default_n = 8192, .quick_n = 256, .default_wg = 128,
                  .gflops = 0, .setup = setup, .launch = launch, .check = check,
                  .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {64, 0, 128}, {33, 0, 37}, {17, 0, 1000}, {0, 0, 0}});
