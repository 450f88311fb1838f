/* The guide's triple product reduction val = sum C[i N + j] A[i] B[j], N = 2048, as an nd-range
 * kernel: LWS = the work-group size, GWS = 64 LWS (at most N * N). */
#include <math.h>

#include "host.h"

SGK_DECLARE_KERNEL(triple_product);

typedef struct {
  sgk_bufs b;
  double *a, *bv, *cm, *val;
  size_t gws;
} tp_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0 || c->n > 46340) return SGK_HOST_MSG("n must be 1 .. 46340 (N * N work)");
  tp_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->a = sgk_bufs_add(&s->b, c->n * sizeof(double));
  s->bv = sgk_bufs_add(&s->b, c->n * sizeof(double));
  s->cm = sgk_bufs_add(&s->b, c->n * c->n * sizeof(double));
  s->val = sgk_bufs_add(&s->b, sizeof(double));
  if (!s->a || !s->bv || !s->cm || !s->val) return SGK_HOST_MSG("out of memory");
  uint64_t seed = 3;
  for (size_t i = 0; i < c->n; ++i) s->a[i] = 0.5 + (double)(sgk_host_rand(&seed) % 1000) / 1000.0;
  for (size_t i = 0; i < c->n; ++i)
    s->bv[i] = 0.25 + (double)(sgk_host_rand(&seed) % 1000) / 1000.0;
  for (size_t i = 0; i < c->n * c->n; ++i)
    s->cm[i] = 2.0 + (double)(sgk_host_rand(&seed) % 4096) / 4096.0;
  const size_t total = c->n * c->n;
  s->gws = (size_t)c->wg * 64;
  if (s->gws > total) s->gws = (total + c->wg - 1) / c->wg * c->wg;
  c->work = 3.0 * (double)total;
  return NULL;
}

static sgk_status launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  tp_state *s = c->state;
  *s->val = 0.0;
  struct triple_args a = {s->a, s->bv, s->cm, (uint32_t)c->n, s->gws, s->val};
  const sgk_range r = sgk_range_1d(s->gws, c->wg);
  return sgk_launch(&triple_product, &r, o, &a, info);
}

/* Plain C in the loop order of the guide; sums of positive terms in another order agree within a
 * relative 1e-10. */
static const char *check(sgk_case *c) {
  const tp_state *s = c->state;
  double want = 0.0;
  for (size_t i = 0; i < c->n; ++i)
    for (size_t j = 0; j < c->n; ++j) want += s->cm[i * c->n + j] * s->a[i] * s->bv[j];
  return fabs(*s->val - want) <= 1e-10 * fabs(want)
             ? NULL
             : SGK_HOST_MSG("val: got %.17g, want %.17g", *s->val, want);
}

SGK_DEFINE_FAMILY(
    triple_product, .seed = "guide: OpenMP LWS/GWS (triple product)",
    .summary = "val = sum C[i N + j] A[i] B[j], GWS = 64 LWS", .size_unit = "N", .default_n = 2048,
    .quick_n = 512, .default_wg = 256, .gflops = 1, .setup = setup, .launch = launch,
    .check = check, .teardown = sgk_host_teardown,
    .test_sizes = (const sgk_family_size[]){
        {100, 0, 64}, {37, 0, 48}, {256, 0, 256}, {300, 0, 16}, {333, 0, 24}, {0, 0, 0}});
