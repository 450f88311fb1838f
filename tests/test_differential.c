/* Seeded randomized differential test: every op of the op list, on every element type, run by
 * the configured SIMD variant and by the scalar oracle on the same random inputs (random bit
 * patterns, so NaNs, infinities and denormals included), random work-group sizes (so random
 * partial sub-groups), random parameters and random lane masks; the outputs must be identical
 * bit for bit (any NaN matches any NaN). Every conversion and bit cast likewise. Reproducible: SGK_TEST_SEED overrides the seed. */
#include <math.h>

#include "harness.h"
#include "op_list.h"

typedef struct elem_type {
  const char *name;
  const sgk_kernel *kernel;
  size_t size;
  int is_int, is_signed;
} elem_type;

static const elem_type types[] = {
    {"i32", &ops_i32, 4, 1, 1}, {"u32", &ops_u32, 4, 1, 0}, {"i64", &ops_i64, 8, 1, 1},
    {"u64", &ops_u64, 8, 1, 0}, {"f32", &ops_f32, 4, 0, 1}, {"f64", &ops_f64, 8, 0, 1},
};

static int applies(int op, const elem_type *t) {
  return test_op_applies(op, t->is_int, t->is_signed);
}

static int is_nan(const elem_type *t, const unsigned char *p) {
  if (t->is_int) return 0;
  if (t->size == 4) {
    float f;
    memcpy(&f, p, 4);
    return f != f;
  }
  double d;
  memcpy(&d, p, 8);
  return d != d;
}

static void fill(const elem_type *t, unsigned char *v, size_t n, uint64_t *seed, int counts) {
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = test_rand(seed);
    if (counts)
      r %= 8 * t->size + 4; /* shift counts, in and out of range */
    else if (r % 5 == 0)
      r = (r >> 8) % 5 - 2;              /* small values: -2 .. 2 as bits */
    else if (!t->is_int && r % 5 == 1) { /* ordinary floats, not just raw bits */
      const double d = (double)(int64_t)(r >> 12) / (double)(1ull << (r % 48));
      if (t->size == 4) {
        float f = (float)d;
        memcpy(&r, &f, 4);
      } else
        memcpy(&r, &d, 8);
    }
    memcpy(v + i * t->size, &r, t->size);
  }
}

static uint64_t base_seed(void) {
  const char *s = getenv("SGK_TEST_SEED");
  return s ? strtoull(s, NULL, 0) : 0x9e3779b97f4a7c15ull;
}

static void run(const elem_type *t, sgk_isa isa, int op, uint32_t p, uint32_t L, size_t n,
                const void *x, const void *y, const void *z, const uint32_t *idx, void *out) {
  struct op_args a = {op, p, x, y, z, idx, out};
  sgk_launch_options o = test_options(0);
  o.isa = isa;
  o.threads = 1;
  sgk_range r = sgk_range_1d(n, L);
  LAUNCH_OK(sgk_launch(t->kernel, &r, &o, &a, NULL));
}

static void test_differential(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  enum { TRIALS = 48, GROUPS = 2, MAXL = 3 * 32 };
  unsigned char *buf[5];
  for (int i = 0; i < 5; ++i)
    buf[i] = malloc(((size_t)GROUPS * MAXL + 40) * 8); /* W + 4 readable past */
  uint32_t *idx = malloc(((size_t)GROUPS * MAXL + 40) * sizeof *idx);
  size_t compared = 0;
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ++ti) {
    const elem_type *t = &types[ti];
    for (int op = 0; op < OP_COUNT; ++op) {
      if (!applies(op, t)) continue;
      uint64_t seed = base_seed() ^ ((uint64_t)w << 40) ^ ((uint64_t)ti << 32) ^ (uint64_t)op;
      for (int trial = 0; trial < TRIALS; ++trial) {
        const uint32_t L = 1 + (uint32_t)(test_rand(&seed) % (3 * w)); /* partial sub-groups */
        const size_t n = (size_t)GROUPS * L;
        const uint32_t p = (uint32_t)(test_rand(&seed) % (8 * t->size + 8));
        fill(t, buf[0], n + w + 8, &seed, 0);
        fill(t, buf[1], n + w + 8, &seed, test_op_counts(op));
        fill(t, buf[2], n + w + 8, &seed, 0);
        for (size_t i = 0; i < n + w + 8; ++i) idx[i] = (uint32_t)(test_rand(&seed) % (w + 4));
        memset(buf[3], 0x5a, n * t->size);
        memset(buf[4], 0x5a, n * t->size);
        run(t, SGK_ISA_SCALAR, op, p, L, n, buf[0], buf[1], buf[2], idx, buf[3]);
        run(t, cfg.isa, op, p, L, n, buf[0], buf[1], buf[2], idx, buf[4]);
        for (size_t i = 0; i < n; ++i) {
          const unsigned char *want = buf[3] + i * t->size, *got = buf[4] + i * t->size;
          if (memcmp(want, got, t->size) != 0 && !(is_nan(t, want) && is_nan(t, got))) {
            uint64_t gv = 0, wv = 0, xv = 0, yv = 0;
            memcpy(&gv, got, t->size);
            memcpy(&wv, want, t->size);
            memcpy(&xv, buf[0] + i * t->size, t->size);
            memcpy(&yv, buf[1] + i * t->size, t->size);
            fail_msg(
                "%s %s trial %d (local %u, p %u), item %zu: x=%#llx y=%#llx idx=%u: "
                "%s gives %#llx, scalar %#llx",
                t->name, test_op_names[op], trial, L, p, i, (unsigned long long)xv,
                (unsigned long long)yv, idx[i], sgk_isa_name(cfg.isa), (unsigned long long)gv,
                (unsigned long long)wv);
          }
        }
        compared += n;
      }
    }
  }
  printf("differential[%s,W=%u]: %zu lane results identical to the scalar oracle\n",
         sgk_isa_name(cfg.isa), w, compared);
  for (int i = 0; i < 5; ++i) free(buf[i]);
  free(idx);
}

/* Every conversion and bit cast on random bit patterns (NaNs, infinities, out-of-range floats
 * included) and random work-group sizes, against the scalar oracle, bit for bit. */
static void test_differential_conversions(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  enum { TRIALS = 24, GROUPS = 3, MAXL = 3 * 32 };
  unsigned char *in = malloc(GROUPS * MAXL * 8), *want = malloc(GROUPS * MAXL * 8),
                *got = malloc(GROUPS * MAXL * 8);
  size_t compared = 0;
  for (int c = 0; c < CVT_COUNT; ++c) {
    const elem_type *to = &types[test_cvts[c].to], *from = &types[test_cvts[c].from];
    uint64_t seed = base_seed() ^ ((uint64_t)w << 40) ^ 0xc0000000ull ^ (uint64_t)c;
    for (int trial = 0; trial < TRIALS; ++trial) {
      const uint32_t L = 1 + (uint32_t)(test_rand(&seed) % (3 * w));
      const size_t n = (size_t)GROUPS * L;
      fill(from, in, n, &seed, 0);
      memset(want, 0x5a, n * to->size);
      memset(got, 0x5a, n * to->size);
      struct op_args a = {c, 0, in, NULL, NULL, NULL, want};
      const sgk_range r = sgk_range_1d(n, L);
      sgk_launch_options o = test_options(0);
      o.isa = SGK_ISA_SCALAR;
      LAUNCH_OK(sgk_launch(&cvts, &r, &o, &a, NULL));
      a.out = got;
      o.isa = cfg.isa;
      LAUNCH_OK(sgk_launch(&cvts, &r, &o, &a, NULL));
      for (size_t i = 0; i < n; ++i) {
        const unsigned char *g = got + i * to->size, *e = want + i * to->size;
        if (memcmp(g, e, to->size) != 0 && !(is_nan(to, g) && is_nan(to, e))) {
          uint64_t xv = 0, gv = 0, wv = 0;
          memcpy(&xv, in + i * from->size, from->size);
          memcpy(&gv, g, to->size);
          memcpy(&wv, e, to->size);
          fail_msg("%s trial %d (local %u), item %zu: x=%#llx: %s gives %#llx, scalar %#llx",
                   test_cvts[c].name, trial, L, i, (unsigned long long)xv, sgk_isa_name(cfg.isa),
                   (unsigned long long)gv, (unsigned long long)wv);
        }
      }
      compared += n;
    }
  }
  printf("differential[%s,W=%u]: %zu converted lanes identical to the scalar oracle\n",
         sgk_isa_name(cfg.isa), w, compared);
  free(in);
  free(want);
  free(got);
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  if (cfg.isa == SGK_ISA_SCALAR) {
    printf("SKIPPED: the scalar backend is the oracle itself\n");
    return SGK_TEST_SKIP;
  }
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_differential),
                                     cmocka_unit_test(test_differential_conversions)};
  return test_run("differential", tests, 2);
}
