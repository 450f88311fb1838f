/* slm_bank.cpp: nd_range(32, 32), 1024 * 1024 iterations, slm[j * 16] (bank conflicts on a GPU)
 * versus slm[j]. data[i] = sum over m of i * m, wrapping. */
#include "host.h"

SGK_DECLARE_KERNEL(slm_bank);

typedef struct {
  sgk_bufs b;
  int32_t *data;
} bank_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0 || c->n > UINT32_MAX) return SGK_HOST_MSG("n (iterations) must be 1 .. 2^32 - 1");
  if (c->wg > 1024) return SGK_HOST_MSG("the work-group (the whole range) is at most 1024");
  bank_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->data = sgk_bufs_add(&s->b, c->wg * sizeof(int32_t));
  if (!s->data) return SGK_HOST_MSG("out of memory");
  c->work = 2.0 * (double)c->n * c->wg * sizeof(int32_t); /* SLM bytes read and written */
  return NULL;
}

static sgk_status launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info,
                         uint32_t stride) {
  bank_state *s = c->state;
  struct slm_bank_args a = {s->data, (uint32_t)c->n, stride};
  size_t slm = (size_t)c->wg * stride * sizeof(int32_t);
  if (slm < 32 * 64 * sizeof(int32_t))
    slm = 32 * 64 * sizeof(int32_t); /* the seed's 32 * 64 ints */
  sgk_launch_options opt = sgk_host_opts(o, slm);
  opt.tune_key = stride; /* the access pattern moves the fastest W: the two rows are tuned apart */
  const sgk_range r = sgk_range_1d(c->wg, c->wg);
  return sgk_launch(&slm_bank, &r, &opt, &a, info);
}

static const char *check(sgk_case *c) {
  const bank_state *s = c->state;
  /* sum_{m < n} i m = i n (n - 1) / 2, modulo 2^32 */
  const uint64_t n = c->n, tri = (n % 2 == 0) ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
  for (uint32_t i = 0; i < c->wg; ++i) {
    const int32_t want = (int32_t)(uint32_t)((uint64_t)i * tri);
    if (s->data[i] != want) return SGK_HOST_MSG("data[%u]: got %d, want %d", i, s->data[i], want);
  }
  return NULL;
}

/* What it touches: the SLM of the launch (at least the seed's 32 * 64 ints), in L1. */
static double footprint(const sgk_case *c) {
  const double slm = (double)c->wg * 16 * sizeof(int32_t);
  return slm < 32 * 64 * sizeof(int32_t) ? 32 * 64 * sizeof(int32_t) : slm;
}

static sgk_status conflict_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(c, o, i, 16);
}
static sgk_status linear_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(c, o, i, 1);
}
SGK_DEFINE_FAMILY(slm_bank_conflict, .seed = "slm_bank.cpp",
                  .summary = "slm[j * 16] += i * m with a barrier per step",
                  .size_unit = "iterations", .default_n = 1024 * 1024, .quick_n = 64 * 1024,
                  .default_wg = 32, .gflops = 0, .footprint = footprint, .setup = setup,
                  .launch = conflict_launch, .check = check, .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){{1000, 0, 32}, {77, 0, 20}, {0, 0, 0}});
SGK_DEFINE_FAMILY(slm_bank_linear, .seed = "slm_bank.cpp",
                  .summary = "slm[j] += i * m with a barrier per step", .size_unit = "iterations",
                  .default_n = 1024 * 1024, .quick_n = 64 * 1024, .default_wg = 32, .gflops = 0,
                  .footprint = footprint, .setup = setup, .launch = linear_launch, .check = check,
                  .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {1000, 0, 32}, {77, 0, 20}, {3, 0, 1024}, {0, 0, 0}});
