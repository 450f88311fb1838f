/* The documented kernels at the configured (ISA, W) against their plain-C references: the seed
 * sizes scaled down, and sizes that are not multiples of the work-group or the sub-group
 * (partial sub-groups, ragged tiles, work-groups smaller than the convolution halo). Integer
 * results bit-exact; doubles within the documented tolerance (kernels/<name>_host.c). */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "family.h"
#include "kernel_args.h"

/* A family's case at test size t and this suite's W, set up (a failed setup fails the test). */
static sgk_case case_set_up(const sgk_family *f, const sgk_family_size *t) {
  sgk_case c = {t->n + (size_t)t->n_w * cfg.w, t->wg ? t->wg : cfg.w, cfg.w, 0.0, NULL};
  const char *why = f->setup(&c);
  if (why) fail_msg("%s n=%zu wg=%u: setup: %s", f->name, c.n, c.wg, why);
  return c;
}

/* A family that `sgk tune --wg` hands to the library's work-group tuner (wg_free): its kernel
 * declares SGK_KERNEL_WORK_GROUP_FREE (else the launch fails), and every work-group size the tuner
 * measures, then the one it chooses, gives the right answer. At the first test size. */
static void test_family_tuned_work_group(const sgk_family *f) {
  sgk_case c = case_set_up(f, f->test_sizes);
  const size_t n = c.n;
  sgk_tune_reset();
  sgk_launch_options o = test_options(0);
  o.tune = SGK_TUNE_WORK_GROUP;
  sgk_launch_info info = {0};
  size_t sizes = 0, last = 0;
  for (uint32_t k = 0; k <= SGK_TUNE_MAX_CANDIDATES * SGK_TUNE_ROUNDS; ++k) {
    const sgk_status st = f->launch(&c, &o, &info);
    if (st != SGK_SUCCESS)
      fail_msg("%s n=%zu, tuned work-group: %s: %s", f->name, n, sgk_status_string(st),
               sgk_last_error());
    const size_t l = info.local[2] ? info.local[2] : info.local[1] ? info.local[1] : info.local[0];
    const char *bad = f->check(&c);
    if (bad) fail_msg("%s n=%zu at tuned work-group %zu: wrong answer: %s", f->name, n, l, bad);
    sizes += l != last;
    last = l;
    if (info.tune == SGK_TUNE_CHOSEN) break;
  }
  f->teardown(&c);
  sgk_tune_reset();
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  if (sizes < 2) fail_msg("%s n=%zu: the tuner measured one work-group size", f->name, n);
}

/* Every family of kernels/families.inc at each of its test sizes: a new family is tested here
 * without an edit, and one without test sizes fails. */
static void test_family(void **state) {
  const sgk_family *f = *state;
  if (!f->test_sizes || (f->test_sizes[0].n == 0 && f->test_sizes[0].n_w == 0))
    fail_msg("family %s has no test sizes (sgk_family.test_sizes)", f->name);
  for (const sgk_family_size *t = f->test_sizes; t->n || t->n_w; ++t) {
    sgk_case c = case_set_up(f, t);
    const size_t n = c.n;
    const uint32_t wg = c.wg;
    sgk_launch_options o = test_options(0);
    sgk_run_result r;
    const sgk_status st = sgk_run_family(f, &c, &o, 1, &r);
    f->teardown(&c);
    if (st != SGK_SUCCESS) fail_msg("%s n=%zu wg=%u: %s", f->name, n, wg, r.message);
    if (!r.verified) fail_msg("%s n=%zu wg=%u: wrong answer: %s", f->name, n, wg, r.message);
  }
  if (f->wg_free) test_family_tuned_work_group(f);
}

/* Beyond the families' sizes: non-square, ragged transposes and matmuls. The transpose's tiles
 * in every order its args can ask for: blocks of 1 (row-major), 3 (partial blocks at both edges),
 * 8, the variant's own (0), and more than the tiles (clamped: row-major again). */
static void test_transpose_shapes(void **state) {
  (void)state;
  /* non-square, ragged: rows x cols into cols x rows */
  SGK_DECLARE_KERNEL(transpose_tiled);
  const uint32_t shapes[][2] = {
      {37, 70}, {cfg.w, 3 * cfg.w + 1}, {1, 45}, {9 * cfg.w + 5, 11 * cfg.w + 3}};
  const uint32_t blocks[] = {0, 1, 3, 8, 4000000000u};
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; ++s) {
    const uint32_t rows = shapes[s][0], cols = shapes[s][1];
    uint32_t *in = malloc((size_t)rows * cols * 4), *out = malloc((size_t)rows * cols * 4);
    for (uint32_t i = 0; i < rows * cols; ++i) in[i] = i * 2654435761u;
    for (size_t b = 0; b < sizeof blocks / sizeof *blocks; ++b) {
      memset(out, 0, (size_t)rows * cols * 4);
      struct transpose_args a = {in, out, rows, cols, blocks[b]};
      const size_t tr = (rows + cfg.w - 1) / cfg.w, tc = (cols + cfg.w - 1) / cfg.w;
      const sgk_range r = sgk_range_2d(tr, tc * cfg.w, 1, cfg.w);
      sgk_launch_options o = test_options(0);
      LAUNCH_OK(sgk_launch(&transpose_tiled, &r, &o, &a, NULL));
      for (uint32_t i = 0; i < rows; ++i)
        for (uint32_t j = 0; j < cols; ++j)
          if (out[j * rows + i] != in[i * cols + j])
            fail_msg("%u x %u, blocks of %u: out(%u, %u) = %u, want %u", rows, cols, blocks[b], j,
                     i, out[j * rows + i], in[i * cols + j]);
    }
    free(in);
    free(out);
  }
}

static void test_matmul_shapes(void **state) {
  (void)state;
  /* non-square: M x K times K x N, none a multiple of W */
  SGK_DECLARE_KERNEL(matmul_sg);
  const uint32_t shapes[][3] = {{33, 50, 71}, {5, 2 * cfg.w + 3, 9}, {64, 128, 32}};
  uint64_t seed = 5;
  for (size_t s = 0; s < 3; ++s) {
    const uint32_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    double *a = malloc((size_t)m * k * 8), *b = malloc((size_t)k * n * 8),
           *c = malloc((size_t)m * n * 8);
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
    free(a);
    free(b);
    free(c);
  }
}

/* The tuned matmuls (f64 and f32) non-square: M, N and K each ragged against its tile (rows,
 * columns) and k block, two tile rows with the second short, M below one strip of rows, work-groups
 * of 32, 64 and 96 items. Sixteenths, so C is exact and compared bit for bit. */
static void test_matmul_tiled_shapes(void **state) {
  (void)state;
  SGK_DECLARE_KERNEL(matmul_tiled);
  SGK_DECLARE_KERNEL(matmul_tiled_f32);
  const uint32_t shapes[][4] = {/* m, n, k, wg */
                                {MATMUL_TILE_M + 9, 45, 131, 64},
                                {7, 70, 300, 96},
                                {3, 1, 1, 64},
                                {40, 2 * MATMUL_TILE_N_F32 + 1, 64, 32}};
  uint64_t seed = 11;
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
    const uint32_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2], wg = shapes[s][3];
    double *a = malloc((size_t)m * k * 8), *b = malloc((size_t)k * n * 8),
           *c = malloc((size_t)m * n * 8), *want = malloc((size_t)m * n * 8);
    float *af = malloc((size_t)m * k * 4), *bf = malloc((size_t)k * n * 4),
          *cf = malloc((size_t)m * n * 4);
    for (size_t i = 0; i < (size_t)m * k; ++i)
      af[i] = (float)(a[i] = (double)(test_rand(&seed) % 16) / 16.0);
    for (size_t i = 0; i < (size_t)k * n; ++i)
      bf[i] = (float)(b[i] = (double)(test_rand(&seed) % 16) / 16.0);
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        double w = 0;
        for (uint32_t l = 0; l < k; ++l) w += a[(size_t)i * k + l] * b[(size_t)l * n + j];
        want[(size_t)i * n + j] = w;
      }
    memset(c, 0xff, (size_t)m * n * 8); /* NaNs: an element left unwritten shows */
    memset(cf, 0xff, (size_t)m * n * 4);
    const size_t tm = (m + MATMUL_TILE_M - 1) / MATMUL_TILE_M;
    const sgk_range r64 =
        sgk_range_2d(tm, (n + MATMUL_TILE_N_F64 - 1) / MATMUL_TILE_N_F64 * wg, 1, wg);
    const sgk_range r32 =
        sgk_range_2d(tm, (n + MATMUL_TILE_N_F32 - 1) / MATMUL_TILE_N_F32 * wg, 1, wg);
    struct matmul_args args = {a, b, c, m, n, k};
    struct matmul_f32_args args_f = {af, bf, cf, m, n, k};
    sgk_launch_options o = test_options(0);
    LAUNCH_OK(sgk_launch(&matmul_tiled, &r64, &o, &args, NULL));
    LAUNCH_OK(sgk_launch(&matmul_tiled_f32, &r32, &o, &args_f, NULL));
    for (size_t i = 0; i < (size_t)m * n; ++i) {
      if (!(c[i] == want[i]))
        fail_msg("f64 %ux%ux%u wg %u: C[%zu][%zu] = %.17g, want %.17g", m, n, k, wg, i / n, i % n,
                 c[i], want[i]);
      if (!((double)cf[i] == want[i]))
        fail_msg("f32 %ux%ux%u wg %u: C[%zu][%zu] = %.9g, want %.17g", m, n, k, wg, i / n, i % n,
                 (double)cf[i], want[i]);
    }
    free(a);
    free(b);
    free(c);
    free(want);
    free(af);
    free(bf);
    free(cf);
  }
}

/* The convolutions at other tap counts than the seed's 257: below, at and around the sliding
 * window's stride (8 or 16 taps out of two loads) and its multiples, and the 4 W taps from which
 * a pass computes four sub-groups' outputs at once, in work-groups of whole and partial
 * sub-groups (4 W: one such block; 3 W + 5: none; 8 W + 3 and 250: blocks and single sub-groups
 * after them), on buffers of exactly n elements (a read past them is a sanitizer error). */
static void test_conv_taps(void **state) {
  (void)state;
  SGK_DECLARE_KERNEL(conv_global);
  SGK_DECLARE_KERNEL(conv_slm);
  const uint32_t taps[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 80, 129, 257};
  const uint32_t wgs[] = {4 * cfg.w, 3 * cfg.w + 5, 8 * cfg.w + 3, 250};
  uint64_t seed = 11;
  int32_t k[257];
  for (uint32_t j = 0; j < 257; ++j) k[j] = (int32_t)test_rand(&seed);
  for (size_t wi = 0; wi < sizeof wgs / sizeof *wgs; ++wi) {
    const uint32_t wg = wgs[wi];
    const size_t n = 6 * (size_t)wg; /* nd_range(N, wg): N a multiple of wg */
    int32_t *in = malloc(n * 4), *out = malloc(n * 4), *want = malloc(n * 4);
    for (size_t i = 0; i < n; ++i) in[i] = (int32_t)test_rand(&seed);
    for (size_t ti = 0; ti < sizeof taps / sizeof *taps; ++ti)
      for (int slm = 0; slm < 2; ++slm) {
        const uint32_t m = taps[ti], half = m / 2;
        int32_t *kern = malloc(m * 4);
        memcpy(kern, k, m * 4);
        for (size_t i = 0; i < n; ++i) out[i] = 0x5a5a5a5a;
        struct conv_args a = {in, kern, out, n, m};
        const sgk_range r = sgk_range_1d(n, wg);
        sgk_launch_options o = test_options(slm ? ((size_t)wg + 2 * half) * 4 : 0);
        LAUNCH_OK(sgk_launch(slm ? &conv_slm : &conv_global, &r, &o, &a, NULL));
        sgk_host_conv_reference(in, kern, n, m, want);
        for (size_t i = 0; i < n; ++i)
          if (out[i] != want[i])
            fail_msg("conv_%s m=%u wg=%u n=%zu: output[%zu] = %d, want %d", slm ? "slm" : "global",
                     m, wg, n, i, out[i], want[i]);
        free(kern);
      }
    free(in);
    free(out);
    free(want);
  }
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  const struct CMUnitTest shapes[] = {
      cmocka_unit_test(test_transpose_shapes), cmocka_unit_test(test_matmul_shapes),
      cmocka_unit_test(test_matmul_tiled_shapes), cmocka_unit_test(test_conv_taps)};
  const size_t extra = sizeof shapes / sizeof shapes[0];
  struct CMUnitTest *tests = calloc(sgk_family_count + extra, sizeof *tests);
  size_t n = 0;
  for (size_t i = 0; i < sgk_family_count; ++i) {
    tests[n].name = sgk_families[i]->name;
    tests[n].test_func = test_family;
    tests[n].initial_state = (void *)sgk_families[i];
    ++n;
  }
  for (size_t i = 0; i < extra; ++i) tests[n++] = shapes[i];
  const int failed = test_run("kernels", tests, n);
  free(tests);
  return failed;
}
