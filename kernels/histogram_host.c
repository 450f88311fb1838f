/* histogram_256_int.cpp and histogram_256_slm.cpp: N = 4096 * 4096 uint64 values of 8 random
 * bytes (srand(2009)), 256 bins, blockSize 256, nd_range(N / 256, 64). */
#include "host.h"

SGK_DECLARE_KERNEL(hist_private);
SGK_DECLARE_KERNEL(hist_slm);

typedef struct {
  sgk_bufs b;
  uint64_t *input, *hist;
} hist_state;

static const char *setup(sgk_case *c) {
  if (c->n == 0 || c->n % SGK_HIST_BLOCK)
    return SGK_HOST_MSG("n (values) must be a positive multiple of %d", SGK_HIST_BLOCK);
  hist_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->input = sgk_bufs_add(&s->b, c->n * sizeof(uint64_t));
  s->hist = sgk_bufs_add(&s->b, SGK_HIST_BINS * sizeof(uint64_t));
  if (!s->input || !s->hist) return SGK_HOST_MSG("out of memory");
  srand(2009);
  for (size_t i = 0; i < c->n; ++i) {
    uint64_t v = 0;
    for (int byte = 0; byte < 8; ++byte) v |= ((uint64_t)rand() % 256) << (8 * byte);
    s->input[i] = v;
  }
  c->work = (double)c->n * sizeof(uint64_t);
  return NULL;
}

static sgk_status launch(const sgk_kernel *k, uint32_t mask, size_t slm, sgk_case *c,
                         const sgk_launch_options *o, sgk_launch_info *info) {
  hist_state *s = c->state;
  memset(s->hist, 0, SGK_HIST_BINS * sizeof(uint64_t));
  struct hist_args a = {s->input, s->hist, mask};
  sgk_launch_options opt = sgk_host_opts(o, slm);
  /* the bins filled move the fastest W (AVX-512 on AMD Zen 4: 32 bins W 32, 256 bins W 16;
   * README, "Tuned sub-group sizes"): a tuned launch keys on the mask */
  opt.tune_key = mask;
  const sgk_range r = sgk_range_1d(c->n / SGK_HIST_BLOCK, c->wg);
  return sgk_launch(k, &r, &opt, &a, info);
}

static const char *check_mask(sgk_case *c, uint32_t mask) {
  const hist_state *s = c->state;
  uint64_t want[SGK_HIST_BINS] = {0};
  for (size_t i = 0; i < c->n; ++i)
    for (int byte = 0; byte < 8; ++byte) want[(s->input[i] >> (8 * byte)) & mask]++;
  for (int b = 0; b < SGK_HIST_BINS; ++b)
    if (s->hist[b] != want[b])
      return SGK_HOST_MSG("bin %d: got %llu, want %llu", b, (unsigned long long)s->hist[b],
                          (unsigned long long)want[b]);
  return NULL;
}

static sgk_status private_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(&hist_private, 0x1f, 0, c, o, i);
}
static sgk_status private_ff_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(&hist_private, 0xff, 0, c, o, i);
}
static sgk_status slm_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {
  return launch(&hist_slm, 0xff, SGK_HIST_BINS * sizeof(uint32_t), c, o, i);
}
static const char *check_1f(sgk_case *c) { return check_mask(c, 0x1f); }
static const char *check_ff(sgk_case *c) { return check_mask(c, 0xff); }

SGK_DEFINE_FAMILY(hist_private, .seed = "histogram_256_int.cpp",
                  .summary = "private bins per work-item, byte & 0x1F as the seed (32 bins fill)",
                  .size_unit = "values", .default_n = 4096 * 4096, .quick_n = 1024 * 1024,
                  .default_wg = 64, .wg_free = 1, .setup = setup, .launch = private_launch,
                  .check = check_1f, .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {256 * 64 * 4, 0, 64}, {256 * 24 * 3, 0, 24}, {0, 0, 0}});
SGK_DEFINE_FAMILY(hist_private_ff, .seed = "histogram_256_int.cpp (0xFF)",
                  .summary = "private bins per work-item, all 256 bins", .size_unit = "values",
                  .default_n = 4096 * 4096, .quick_n = 1024 * 1024, .default_wg = 64, .wg_free = 1,
                  .setup = setup, .launch = private_ff_launch, .check = check_ff,
                  .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {256 * 64 * 4, 0, 64}, {256 * 24 * 3, 0, 24}, {0, 0, 0}});
SGK_DEFINE_FAMILY(
    hist_slm, .seed = "histogram_256_slm.cpp",
    .summary = "SLM bins with local atomics, global atomic merge", .size_unit = "values",
    .default_n = 4096 * 4096, .quick_n = 1024 * 1024, .default_wg = 64, .wg_free = 1,
    .setup = setup, .launch = slm_launch, .check = check_ff, .teardown = sgk_host_teardown,
    .test_sizes = (const sgk_family_size[]){
        {256 * 64 * 4, 0, 64}, {256 * 24 * 3, 0, 24}, {256 * 300, 0, 300}, {0, 0, 0}});
