/* Every element op, shuffle, reduction, scan and vote of the portable API on every element type,
 * at the configured (ISA, W), with full, partial and single partial sub-groups, edge values
 * (MIN, MAX, NaN, -0.0, inf, denormals) and random ones, against plain-C expectations. */
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

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_i32), cmocka_unit_test(test_u32), cmocka_unit_test(test_i64),
      cmocka_unit_test(test_u64), cmocka_unit_test(test_f32), cmocka_unit_test(test_f64),
  };
  return test_run("ops", tests, sizeof tests / sizeof tests[0]);
}
