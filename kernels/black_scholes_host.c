/* Black-Scholes European call and put prices (ISPC's `options` example) for n options with
 * spot and strike in [10, 110) and expiries in [0.1, 2.1) years, rate 2%, volatility 30%. */
#include <math.h>

#include "host.h"

SGK_DECLARE_KERNEL(black_scholes);
SGK_DECLARE_KERNEL(black_scholes_fast);

typedef struct {
  sgk_bufs b;
  float *s, *x, *t, *call, *put;
} bs_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0 || c->n % c->wg) return SGK_HOST_MSG("n must be a positive multiple of the wg");
  bs_state *st = calloc(1, sizeof *st);
  c->state = st;
  float **bufs[] = {&st->s, &st->x, &st->t, &st->call, &st->put};
  for (int k = 0; k < 5; ++k)
    if (!(*bufs[k] = sgk_bufs_add(&st->b, c->n * sizeof(float))))
      return SGK_HOST_MSG("out of memory");
  sgk_host_black_scholes_inputs(st->s, st->x, st->t, c->n);
  c->work = 20.0 * (double)c->n; /* 3 inputs read, 2 prices written */
  return NULL;
}

static sgk_status launch_kernel(const sgk_kernel *k, sgk_case *c, const sgk_launch_options *o,
                                sgk_launch_info *info) {
  bs_state *st = c->state;
  sgk_host_fill(st->call, 0xff, c->n * sizeof(float), o);
  sgk_host_fill(st->put, 0xff, c->n * sizeof(float), o);
  struct black_scholes_args a = {st->s, st->x, st->t, SGK_BS_RATE, SGK_BS_VOL, st->call, st->put};
  const sgk_range r = sgk_range_1d(c->n, c->wg);
  return sgk_launch(k, &r, o, &a, info);
}
static sgk_status launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  return launch_kernel(&black_scholes, c, o, info);
}
static sgk_status launch_fast(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  return launch_kernel(&black_scholes_fast, c, o, info);
}

void sgk_host_black_scholes_inputs(float *s, float *x, float *t, size_t n) {
  uint64_t seed = 11;
  for (size_t i = 0; i < n; ++i) {
    s[i] = 10.0f + (float)(sgk_host_rand(&seed) % 100000) / 1000.0f;
    x[i] = 10.0f + (float)(sgk_host_rand(&seed) % 100000) / 1000.0f;
    t[i] = 0.1f + (float)(sgk_host_rand(&seed) % 2000) / 1000.0f;
  }
}

/* Plain C in double with libm: the float kernel agrees within 2e-4 relative + 2e-4 absolute
 * (prices up to ~100; the float inputs of log, exp and erfc carry 6e-8 relative each). */
static double cnd(double d) { return 0.5 * erfc(-d / sqrt(2.0)); }

const char *sgk_host_black_scholes_check(const float *s_, const float *x_, const float *t_,
                                         const float *call_, const float *put_, size_t n,
                                         size_t step) {
  for (size_t i = 0; i < n; i += step ? step : 1) {
    const double s = s_[i], x = x_[i], t = t_[i], r = SGK_BS_RATE, v = SGK_BS_VOL;
    const double d1 = (log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt(t)), d2 = d1 - v * sqrt(t);
    const double call = s * cnd(d1) - x * exp(-r * t) * cnd(d2);
    const double put = x * exp(-r * t) * cnd(-d2) - s * cnd(-d1);
    if (!(fabs(call_[i] - call) <= 2e-4 + 2e-4 * fabs(call)))
      return SGK_HOST_MSG("call[%zu] = %.7g, want %.7g", i, call_[i], call);
    if (!(fabs(put_[i] - put) <= 2e-4 + 2e-4 * fabs(put)))
      return SGK_HOST_MSG("put[%zu] = %.7g, want %.7g", i, put_[i], put);
  }
  return NULL;
}

static const char *check(sgk_case *c) {
  const bs_state *st = c->state;
  return sgk_host_black_scholes_check(st->s, st->x, st->t, st->call, st->put, c->n, 1);
}

/* both families: the seed's work-group size, one of 37 items (partial sub-groups), 100 items */
static const sgk_family_size test_sizes[] = {
    {4096, 0, 64}, {37 * 11, 0, 37}, {1000, 0, 100}, {0, 0, 0}};

SGK_DEFINE_FAMILY(black_scholes, .seed = "ISPC examples/options (math builtins: SLEEF)",
                  .summary = "Black-Scholes call and put prices, f32: log exp sqrt erfc",
                  .size_unit = "options", .default_n = 1u << 22, .quick_n = 1u << 16,
                  .default_wg = 64, .gflops = 0, .wg_free = 1, .setup = setup, .launch = launch,
                  .check = check, .teardown = sgk_host_teardown, .test_sizes = test_sizes);
SGK_DEFINE_FAMILY(black_scholes_fast, .seed = "ISPC examples/options, SGK_FAST_MATH",
                  .summary = "black_scholes in SLEEF's fast class (3.5 ulp), OpenCL's accuracy",
                  .size_unit = "options", .default_n = 1u << 22, .quick_n = 1u << 16,
                  .default_wg = 64, .gflops = 0, .wg_free = 1, .setup = setup,
                  .launch = launch_fast, .check = check, .teardown = sgk_host_teardown,
                  .test_sizes = test_sizes);
