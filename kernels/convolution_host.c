/* convolution_global.cpp and convolution_slm.cpp: N = 8192 * 8192 ints, M = 257 taps, inputs from
 * srand(2009) / rand(), nd_range(N, 256). */
#include "host.h"

SGK_DECLARE_KERNEL(conv_global);
SGK_DECLARE_KERNEL(conv_slm);

#define TAPS 257

typedef struct {
  sgk_bufs b;
  int32_t *input, *kernel, *output, *want;
  int have_want;
} conv_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0 || c->n >= (size_t)INT32_MAX - TAPS)
    return SGK_HOST_MSG("n must be 1 .. 2^31 - 258");
  conv_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->input = sgk_bufs_add(&s->b, c->n * sizeof(int32_t));
  s->output = sgk_bufs_add(&s->b, c->n * sizeof(int32_t));
  s->want = sgk_bufs_add(&s->b, c->n * sizeof(int32_t));
  s->kernel = sgk_bufs_add(&s->b, TAPS * sizeof(int32_t));
  if (!s->input || !s->output || !s->want || !s->kernel) return SGK_HOST_MSG("out of memory");
  srand(2009);
  for (size_t i = 0; i < c->n; ++i) s->input[i] = rand();
  for (int i = 0; i < TAPS; ++i) s->kernel[i] = rand();
  c->work = 2.0 * TAPS * (double)c->n; /* integer multiply-adds */
  return NULL;
}

static sgk_status launch(const sgk_kernel *k, int slm, sgk_case *c, const sgk_launch_options *o,
                         sgk_launch_info *info) {
  conv_state *s = c->state;
  sgk_host_fill(s->output, 0, c->n * sizeof(int32_t), o);
  struct conv_args a = {s->input, s->kernel, s->output, c->n, TAPS};
  const sgk_launch_options opt =
      sgk_host_opts(o, slm ? ((size_t)c->wg + 2 * (TAPS / 2)) * sizeof(int32_t) : 0);
  const sgk_range r = sgk_range_1d(c->n, c->wg);
  return sgk_launch(k, &r, &opt, &a, info);
}

void sgk_host_conv_reference(const int32_t *in, const int32_t *k, size_t n, uint32_t m,
                             int32_t *want) {
  const int64_t len = (int64_t)n, half = m / 2;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < len; ++i) {
    uint32_t t = 0;
    for (int64_t j = 0; j < (int64_t)m; ++j) {
      const int64_t at = i - half + j;
      if (at >= 0 && at < len) t += (uint32_t)in[at] * (uint32_t)k[j];
    }
    want[i] = (int32_t)t;
  }
}

static const char *check(sgk_case *c) {
  conv_state *s = c->state;
  if (!s->have_want) {
    sgk_host_conv_reference(s->input, s->kernel, c->n, TAPS, s->want);
    s->have_want = 1;
  }
  for (size_t i = 0; i < c->n; ++i)
    if (s->output[i] != s->want[i])
      return SGK_HOST_MSG("output[%zu]: got %d, want %d", i, s->output[i], s->want[i]);
  return NULL;
}

static sgk_status global_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(&conv_global, 0, c, o, i);
}
static sgk_status slm_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(&conv_slm, 1, c, o, i);
}
SGK_DEFINE_FAMILY(conv_global, .seed = "convolution_global.cpp",
                  .summary = "1-D convolution, 257 taps, from global memory", .size_unit = "ints",
                  .default_n = 8192 * 8192, .quick_n = 1024 * 1024, .default_wg = 256, .gflops = 1,
                  .setup = setup, .launch = global_launch, .check = check,
                  .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {256 * 20, 0, 256}, {3000, 0, 120}, {100, 0, 100}, {0, 0, 0}});
SGK_DEFINE_FAMILY(
    conv_slm, .seed = "convolution_slm.cpp",
    .summary = "1-D convolution, 257 taps, tile + halos in SLM", .size_unit = "ints",
    .default_n = 8192 * 8192, .quick_n = 1024 * 1024, .default_wg = 256, .gflops = 1,
    .setup = setup, .launch = slm_launch, .check = check, .teardown = sgk_host_teardown,
    .test_sizes = (const sgk_family_size[]){
        {256 * 20, 0, 256}, {3000, 0, 120}, {100, 0, 100}, {1000, 0, 1000}, {0, 0, 0}});
