/* Every element op, shuffle, reduction, scan and vote of the portable API on every element type,
 * at the configured (ISA, W), with full, partial and single partial sub-groups, edge values
 * (MIN, MAX, NaN, -0.0, inf, denormals) and random ones, against plain-C expectations; every
 * conversion and bit cast likewise. */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "harness.h"
#include "op_list.h"

#define SGK__TCAT_(a, b) a##b
#define SGK__TCAT(a, b) SGK__TCAT_(a, b)
#define STR_(x) #x
#define STR(x) STR_(x)

#define INT_EDGES(MINV, MAXV)                                                                      \
  {                                                                                                \
    0, 1, (CT)-1, MINV, MAXV, (CT)(MINV + 1), (CT)(MAXV - 1), 2, 0x7f, (CT)0x80, (CT)0xff,         \
        (CT)0x8000, 31, 32, 33, 63, 64                                                             \
  }
#define FLOAT_EDGES(MINP, TRUE_MIN, MAXV, INF)                                                     \
  {                                                                                                \
    0.0, -0.0, 1.0, -1.0, 0.5, -2.5, INF, -INF, NAN, MINP, -MINP, MINP / 2, TRUE_MIN, MAXV, -MAXV, \
        16777217.0, 1e10, -3e-5                                                                    \
  }

#define T i32
#define CT int32_t
#define UT uint32_t
#define IS_INT 1
#define IS_SIGNED 1
#define BITS 32
#define MINV INT32_MIN
#define MAXV INT32_MAX
#define EDGES INT_EDGES(MINV, MAXV)
static int applies_i32(int op) { return test_op_applies(op, 1, 1); }
#include "ops_check.inc"
#undef T
#undef CT
#undef MINV
#undef MAXV

#define T u32
#define CT uint32_t
#undef IS_SIGNED
#define IS_SIGNED 0
#define MINV 0u
#define MAXV UINT32_MAX
static int applies_u32(int op) { return test_op_applies(op, 1, 0); }
#include "ops_check.inc"
#undef T
#undef CT
#undef UT
#undef BITS
#undef MINV
#undef MAXV

#define T u64
#define CT uint64_t
#define UT uint64_t
#define BITS 64
#define MINV 0ull
#define MAXV UINT64_MAX
static int applies_u64(int op) { return test_op_applies(op, 1, 0); }
#include "ops_check.inc"
#undef T
#undef CT
#undef MINV
#undef MAXV

#define T i64
#define CT int64_t
#undef IS_SIGNED
#define IS_SIGNED 1
#define MINV INT64_MIN
#define MAXV INT64_MAX
static int applies_i64(int op) { return test_op_applies(op, 1, 1); }
#include "ops_check.inc"
#undef T
#undef CT
#undef UT
#undef BITS
#undef MINV
#undef MAXV
#undef EDGES
#undef IS_INT

#define IS_INT 0
#define T f32
#define CT float
#define UT uint32_t
#define BITS 32
#define MINV (-INFINITY)
#define MAXV INFINITY
#define EDGES FLOAT_EDGES(FLT_MIN, FLT_TRUE_MIN, FLT_MAX, INFINITY)
static int applies_f32(int op) { return test_op_applies(op, 0, 1); }
#include "ops_check.inc"
#undef T
#undef CT
#undef UT
#undef BITS
#undef EDGES

#define T f64
#define CT double
#define UT uint64_t
#define BITS 64
#define EDGES FLOAT_EDGES(DBL_MIN, DBL_TRUE_MIN, DBL_MAX, INFINITY)
static int applies_f64(int op) { return test_op_applies(op, 0, 1); }
#include "ops_check.inc"

/* ---- conversions and bit casts ------------------------------------------------------------- */
static void put(unsigned char *v, size_t i, int ty, double d, uint64_t bits, int use_bits) {
  const test_type_info *t = &test_types[ty];
  unsigned char b[8];
  if (use_bits) {
    memcpy(b, &bits, 8);
  } else if (!t->is_int) {
    if (t->size == 4) {
      const float f = (float)d;
      memcpy(b, &f, 4);
    } else {
      memcpy(b, &d, 8);
    }
  } else {
    memcpy(b, &bits, 8); /* integer edges come as bits */
  }
  memcpy(v + i * t->size, b, t->size);
}

/* Inputs of type ty: the edges of every conversion from it, then random bits and ordinary values. */
static size_t cvt_inputs(int ty, unsigned char *v, size_t n, uint64_t *seed) {
  static const double fedges[] = {0.0,
                                  -0.0,
                                  0.5,
                                  -0.5,
                                  0.99,
                                  -0.99,
                                  1.0,
                                  -1.0,
                                  3.5,
                                  -3.5,
                                  1.5,
                                  2.5,
                                  -2.5,
                                  0.49999997,
                                  8388607.5,
                                  -8388609.0,
                                  4503599627370495.5,
                                  18446744073709549568.0,
                                  18446744073709551616.0,
                                  -0.999,
                                  2147483520.0,
                                  2147483647.0,
                                  2147483647.9,
                                  2147483648.0,
                                  -2147483648.0,
                                  -2147483648.9,
                                  -2147483649.0,
                                  4294967040.0,
                                  4294967295.0,
                                  4294967295.9,
                                  4294967296.0,
                                  16777217.0,
                                  9007199254740993.0,
                                  9223372036854774784.0,
                                  9223372036854775808.0,
                                  -9223372036854775808.0,
                                  -9223372036854777856.0,
                                  1e10,
                                  -1e10,
                                  1e300,
                                  -1e300,
                                  3.4028235677973366e38,
                                  1e-40,
                                  -1e-50,
                                  4.9e-324,
                                  INFINITY,
                                  -INFINITY,
                                  NAN,
                                  -NAN};
  static const uint64_t iedges[] = {
      0, 1, UINT64_MAX, 0x7fffffffull, 0x80000000ull, 0xffffffffull, 0x100000000ull, 0x80000001ull,
      16777217, 0xffffff80ull, 0xffffff7full, 0x7fffff80ull, (1ull << 53) + 1,
      0x7fffffffffffffffull, 0x8000000000000000ull, 0x7ffffffffffffe00ull, 0xfffffffffffffc01ull,
      0x1ffffffffull, (uint64_t)-16777217,
      /* f32 of these through f64 would round twice */
      (1ull << 60) + (1ull << 36) + 1, (uint64_t) - ((1ull << 60) + (1ull << 36) + 1),
      (1ull << 63) + (1ull << 39) + 1, (1ull << 53) + (1ull << 29) + 1};
  const int is_int = test_types[ty].is_int;
  const size_t ne = is_int ? sizeof iedges / sizeof iedges[0] : sizeof fedges / sizeof fedges[0];
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = test_rand(seed);
    if (i < ne)
      put(v, i, ty, is_int ? 0 : fedges[i], is_int ? iedges[i] : 0, 0);
    else if (r % 3 == 0) /* ordinary values around the ranges' ends */
      put(v, i, ty, (double)(int64_t)(r >> 1) / (double)(1ull << (r % 62)), (r >> 3) >> (r % 64),
          0);
    else
      put(v, i, ty, 0, r, 1);
  }
  return ne;
}

static int same_value(int ty, const unsigned char *a, const unsigned char *b) {
  const test_type_info *t = &test_types[ty];
  if (memcmp(a, b, t->size) == 0) return 1;
  if (t->is_int) return 0;
  if (t->size == 4) {
    float x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x != x && y != y;
  }
  double x, y;
  memcpy(&x, a, 8);
  memcpy(&y, b, 8);
  return x != x && y != y;
}

/* Every conversion and bit cast of the contract on edge and random inputs, in work-groups of
 * 1, W - 1, W + 3 and 3 W work-items (partial sub-groups), against the documented result; the
 * slack after the last work-item stays untouched. */
static void test_conversions(void **state) {
  (void)state;
  const uint32_t w = cfg.w, sizes[] = {1, w - 1, w + 3, 3 * w};
  enum { GROUPS = 24, SLACK = 40 };
  unsigned char *in = malloc((GROUPS * 96 + SLACK) * 8), *out = malloc((GROUPS * 96 + SLACK) * 8);
  size_t checked = 0;
  for (int c = 0; c < CVT_COUNT; ++c) {
    const int to = test_cvts[c].to, from = test_cvts[c].from;
    const size_t tsz = test_types[to].size;
    uint64_t seed = 0xc0feull ^ (uint64_t)c;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
      const uint32_t L = sizes[si];
      const size_t n = (size_t)GROUPS * L;
      cvt_inputs(from, in, n + SLACK, &seed);
      memset(out, 0x5a, (n + SLACK) * tsz);
      struct op_args a = {c, 0, in, NULL, NULL, NULL, out};
      const sgk_range r = sgk_range_1d(n, L);
      sgk_launch_options o = test_options(0);
      LAUNCH_OK(sgk_launch(&cvts, &r, &o, &a, NULL));
      for (size_t i = 0; i < n; ++i) {
        unsigned char want[8];
        test_cvt_expect(c, in + i * test_types[from].size, want);
        if (!same_value(to, out + i * tsz, want)) {
          uint64_t x = 0, g = 0, e = 0;
          memcpy(&x, in + i * test_types[from].size, test_types[from].size);
          memcpy(&g, out + i * tsz, tsz);
          memcpy(&e, want, tsz);
          fail_msg("%s, local %u, item %zu: input bits %#llx give %#llx, want %#llx",
                   test_cvts[c].name, L, i, (unsigned long long)x, (unsigned long long)g,
                   (unsigned long long)e);
        }
      }
      for (size_t i = n * tsz; i < (n + SLACK) * tsz; ++i)
        if (out[i] != 0x5a) fail_msg("%s, local %u: wrote past the range", test_cvts[c].name, L);
      checked += n;
    }
  }
  printf("conversions[%s,W=%u]: %zu results of %d conversions and casts as documented\n",
         sgk_isa_name(cfg.isa), w, checked, (int)CVT_COUNT);
  free(in);
  free(out);
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_i32),         cmocka_unit_test(test_u32), cmocka_unit_test(test_i64),
      cmocka_unit_test(test_u64),         cmocka_unit_test(test_f32), cmocka_unit_test(test_f64),
      cmocka_unit_test(test_conversions),
  };
  return test_run("ops", tests, sizeof tests / sizeof tests[0]);
}
