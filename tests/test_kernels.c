/* The documented kernels at the configured (ISA, W) against their plain-C references: the seed
 * sizes scaled down, and sizes that are not multiples of the work-group or the sub-group
 * (partial sub-groups, ragged tiles, work-groups smaller than the convolution halo). Integer
 * results bit-exact; doubles within the documented tolerance (kernels/host_*.c). */
#include <math.h>

#include "harness.h"
#include "family.h"
#include "kernel_args.h"

typedef struct kcase { const char *family; size_t n; uint32_t wg; } kcase;

static void run_case(const kcase *k) {
  const sgk_family *f = sgk_family_find(k->family);
  if (!f) fail_msg("no family %s", k->family);
  sgk_case c = {k->n, k->wg, cfg.w, 0.0, NULL};
  const char *why = f->setup(&c);
  if (why) fail_msg("%s n=%zu wg=%u: setup: %s", k->family, k->n, k->wg, why);
  sgk_launch_options o = test_options(0);
  sgk_run_result r;
  const sgk_status st = sgk_run_family(f, &c, &o, 1, &r);
  f->teardown(&c);
  if (st != SGK_SUCCESS) fail_msg("%s n=%zu wg=%u: %s", k->family, k->n, k->wg, r.message);
  if (!r.verified) fail_msg("%s n=%zu wg=%u: wrong answer: %s", k->family, k->n, k->wg, r.message);
}

#define CASES(name, ...)                                                                          \
  static void test_##name(void **state) {                                                        \
    (void)state;                                                                                 \
    const kcase cases[] = {__VA_ARGS__};                                                         \
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) run_case(&cases[i]);             \
  }

/* seed sizes first, then ragged ones */
CASES(sg_info, {"sg_size", 32, 32}, {"sg_size", 40, 20}, {"sg_size", 7, 7},
      {"sg_max_size", 15, 15}, {"sg_max_size", 7, 7}, {"sg_max_size", 45, 15})
CASES(init_copy, {"init_wi", 16 * 1024, 32}, {"init_sg", 16 * 1024, 32}, {"copy_wi", 16 * 1024, 32},
      {"copy_sg", 16 * 1024, 32}, {"copy_block", 16 * 1024, 32}, {"copy_vec4", 16 * 1024, 32},
      {"init_wi", 16 * 60, 20}, {"init_sg", 16 * 60, 20}, {"copy_wi", 16 * 60, 20},
      {"copy_sg", 16 * 60, 20}, {"copy_block", 16 * 60, 20}, {"copy_vec4", 16 * 60, 20},
      {"copy_block", 16 * 7, 7}, {"copy_vec4", 16 * 7, 7})
CASES(slm_bank, {"slm_bank_conflict", 1000, 32}, {"slm_bank_linear", 1000, 32},
      {"slm_bank_conflict", 77, 20}, {"slm_bank_linear", 77, 20}, {"slm_bank_linear", 3, 1024})
CASES(convolution, {"conv_global", 256 * 20, 256}, {"conv_slm", 256 * 20, 256},
      {"conv_global", 3000, 120}, {"conv_slm", 3000, 120}, {"conv_global", 100, 100},
      {"conv_slm", 100, 100}, {"conv_slm", 1000, 1000})
CASES(histogram, {"hist_private", 256 * 64 * 4, 64}, {"hist_private_ff", 256 * 64 * 4, 64},
      {"hist_slm", 256 * 64 * 4, 64}, {"hist_private", 256 * 24 * 3, 24},
      {"hist_private_ff", 256 * 24 * 3, 24}, {"hist_slm", 256 * 24 * 3, 24},
      {"hist_slm", 256 * 300, 300})
CASES(reduction, {"reduction", 100000, 16}, {"reduction", 100000, 1024}, {"reduction", 100003, 48},
      {"reduction", 5, 16}, {"vec_copy", 4096, 16}, {"vec_copy", 4096, 256}, {"vec_copy", 4104, 24})
CASES(triple, {"triple_product", 100, 64}, {"triple_product", 37, 48}, {"triple_product", 256, 256})

static void test_transpose(void **state) {
  (void)state;
  const kcase cases[] = {{"transpose16", cfg.w, cfg.w}, {"transpose16", 2 * cfg.w, cfg.w},
                         {"transpose", 256, cfg.w}, {"transpose", 100, cfg.w},
                         {"transpose", 1, cfg.w}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) run_case(&cases[i]);
  /* non-square, ragged: rows x cols into cols x rows */
  SGK_DECLARE_KERNEL(transpose_tiled);
  const uint32_t shapes[][2] = {{37, 70}, {cfg.w, 3 * cfg.w + 1}, {1, 45}};
  for (size_t s = 0; s < 3; ++s) {
    const uint32_t rows = shapes[s][0], cols = shapes[s][1];
    uint32_t *in = malloc((size_t)rows * cols * 4), *out = malloc((size_t)rows * cols * 4);
    for (uint32_t i = 0; i < rows * cols; ++i) { in[i] = i * 2654435761u; out[i] = 0; }
    struct transpose_args a = {in, out, rows, cols};
    const size_t tr = (rows + cfg.w - 1) / cfg.w, tc = (cols + cfg.w - 1) / cfg.w;
    const sgk_range r = sgk_range_2d(tr, tc * cfg.w, 1, cfg.w);
    sgk_launch_options o = test_options(0);
    LAUNCH_OK(sgk_launch(&transpose_tiled, &r, &o, &a, NULL));
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t j = 0; j < cols; ++j) assert_int_equal(out[j * rows + i], in[i * cols + j]);
    free(in); free(out);
  }
}

static void test_matmul(void **state) {
  (void)state;
  const kcase cases[] = {{"matmul", 64, cfg.w}, {"matmul", 37, cfg.w}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) run_case(&cases[i]);
  /* non-square: M x K times K x N, none a multiple of W */
  SGK_DECLARE_KERNEL(matmul_sg);
  const uint32_t shapes[][3] = {{33, 50, 71}, {5, 2 * cfg.w + 3, 9}, {64, 128, 32}};
  uint64_t seed = 5;
  for (size_t s = 0; s < 3; ++s) {
    const uint32_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    double *a = malloc((size_t)m * k * 8), *b = malloc((size_t)k * n * 8), *c = malloc((size_t)m * n * 8);
    for (size_t i = 0; i < (size_t)m * k; ++i) a[i] = (double)(test_rand(&seed) % 1000) / 997.0;
    for (size_t i = 0; i < (size_t)k * n; ++i) b[i] = (double)(test_rand(&seed) % 1000) / 991.0;
    struct matmul_args args = {a, b, c, m, n, k};
    const sgk_range r = sgk_range_2d(m, (n + cfg.w - 1) / cfg.w * cfg.w, 1, cfg.w);
    sgk_launch_options o = test_options(0);
    LAUNCH_OK(sgk_launch(&matmul_sg, &r, &o, &args, NULL));
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        double want = 0;
        for (uint32_t l = 0; l < k; ++l) want += a[i * k + l] * b[l * n + j];
        if (!(fabs(c[i * n + j] - want) <= 1e-12 * k))
          fail_msg("%ux%ux%u: C[%u][%u] = %.17g, want %.17g", m, n, k, i, j, c[i * n + j], want);
      }
    free(a); free(b); free(c);
  }
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sg_info),   cmocka_unit_test(test_init_copy),
      cmocka_unit_test(test_transpose), cmocka_unit_test(test_slm_bank),
      cmocka_unit_test(test_convolution), cmocka_unit_test(test_histogram),
      cmocka_unit_test(test_matmul),    cmocka_unit_test(test_reduction),
      cmocka_unit_test(test_triple),
  };
  return test_run("kernels", tests, sizeof tests / sizeof tests[0]);
}
