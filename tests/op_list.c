#include <math.h>
#include <stdint.h>
#include <string.h>

#include "op_list.h"

const char *const test_op_names[OP_COUNT] = {
#define CONTRACT_NAME(op, TYPES, SHAPE) #op,
    SGK_CONTRACT_OPS(CONTRACT_NAME)
#define NAME(name, cls, expr) #name,
        SGK_TEST_API_OPS(NAME)};

/* A (all types), I (integers), S (signed integers and floats), F (floats): the first letter of the
 * contract's type class. */
static const char op_class[OP_COUNT] = {
#define CONTRACT_CLS(op, TYPES, SHAPE) #TYPES[0],
    SGK_CONTRACT_OPS(CONTRACT_CLS)
#define CLS(name, cls, expr) #cls[0],
        SGK_TEST_API_OPS(CLS)};

static const char *const op_shape[OP_COUNT] = {
#define CONTRACT_SHAPE(op, TYPES, SHAPE) #SHAPE,
    SGK_CONTRACT_OPS(CONTRACT_SHAPE)};

int test_op_applies(int op, int is_int, int is_signed) {
  switch (op_class[op]) {
    case 'I': return is_int;
    case 'S': return is_signed || !is_int;
    case 'F': return !is_int;
    default: return 1;
  }
}

int test_op_counts(int op) { return op_shape[op] && strcmp(op_shape[op], "SHIFTV") == 0; }

const test_type_info test_types[TY_COUNT] = {
    {"i32", 4, 1, 1}, {"u32", 4, 1, 0}, {"i64", 8, 1, 1},
    {"u64", 8, 1, 0}, {"f32", 4, 0, 1}, {"f64", 8, 0, 1},
};

#define TY_i32 TY_I32
#define TY_u32 TY_U32
#define TY_i64 TY_I64
#define TY_u64 TY_U64
#define TY_f32 TY_F32
#define TY_f64 TY_F64
const test_cvt_info test_cvts[CVT_COUNT] = {
#define CVT_INFO(to, from) {"cvt_" #to "_" #from, TY_##to, TY_##from},
#define RCVT_INFO(to, from, sfx) {"cvt_" #to "_" #from #sfx, TY_##to, TY_##from},
    SGK_CONTRACT_CVTS(CVT_INFO) SGK_DERIVED_CVTS(CVT_INFO) SGK_ROUNDED_CVTS(RCVT_INFO)
#define CAST_INFO(to, from) {"as_" #to "_" #from, TY_##to, TY_##from},
        SGK_CONTRACT_CASTS(CAST_INFO)};

/* Value conversions: integers wrap when narrowing; float to a signed integer truncates toward
 * zero, NaN and out of range giving the type's MIN; to an unsigned one, its MAX; between floats
 * and from integers, rounding to nearest even (C's own conversions on this target). */
static int32_t f_to_i32(double x) {
  return x > -2147483649.0 && x < 2147483648.0 ? (int32_t)x : INT32_MIN;
}
static uint32_t f_to_u32(double x) {
  return x > -1.0 && x < 4294967296.0 ? (uint32_t)x : UINT32_MAX;
}
static int64_t f_to_i64(double x) {
  return x >= -9223372036854775808.0 && x < 9223372036854775808.0 ? (int64_t)x : INT64_MIN;
}
static uint64_t f_to_u64(double x) {
  return x > -1.0 && x < 18446744073709551616.0 ? (uint64_t)x : UINT64_MAX;
}
/* Saturating (OpenCL convert_<type>_sat): NaN 0, else clamped to the type's range, then
 * truncated toward zero. */
static int32_t sat_i32(double x) {
  return x != x ? 0 : x < -2147483648.0 ? INT32_MIN : x >= 2147483648.0 ? INT32_MAX : (int32_t)x;
}
static uint32_t sat_u32(double x) {
  return x != x ? 0 : x <= -1.0 ? 0 : x >= 4294967296.0 ? UINT32_MAX : (uint32_t)x;
}
static int64_t sat_i64(double x) {
  return x != x                       ? 0
         : x < -9223372036854775808.0 ? INT64_MIN
         : x >= 9223372036854775808.0 ? INT64_MAX
                                      : (int64_t)x;
}
static uint64_t sat_u64(double x) {
  return x != x ? 0 : x <= -1.0 ? 0 : x >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)x;
}
#define EXPECT_f32_i32(x) ((float)(x))
#define EXPECT_f32_u32(x) ((float)(x))
#define EXPECT_i32_f32(x) f_to_i32(x)
#define EXPECT_u32_f32(x) f_to_u32(x)
#define EXPECT_f64_f32(x) ((double)(x))
#define EXPECT_f32_f64(x) ((float)(x))
#define EXPECT_f64_i32(x) ((double)(x))
#define EXPECT_i32_f64(x) f_to_i32(x)
#define EXPECT_i64_i32(x) ((int64_t)(x))
#define EXPECT_u64_u32(x) ((uint64_t)(x))
#define EXPECT_i32_i64(x) ((int32_t)(uint32_t)(uint64_t)(x))
#define EXPECT_u32_u64(x) ((uint32_t)(x))
#define EXPECT_f64_i64(x) ((double)(x))
#define EXPECT_i64_f64(x) f_to_i64(x)
/* Those sgk/isa/cvtops.h derives: C's own conversions (correctly rounded) and the rules above. */
#define EXPECT_f64_u32(x) ((double)(x))
#define EXPECT_f64_u64(x) ((double)(x))
#define EXPECT_f32_i64(x) ((float)(x))
#define EXPECT_f32_u64(x) ((float)(x))
#define EXPECT_u32_f64(x) f_to_u32(x)
#define EXPECT_i64_f32(x) f_to_i64(x)
#define EXPECT_u64_f32(x) f_to_u64(x)
#define EXPECT_u64_f64(x) f_to_u64(x)
/* The rounded ones: libm's rint (to nearest even in the default mode), trunc, ceil, floor in
 * double (exact for float and double inputs), then the plain rule or saturation. */
#define ROUND_rte(x) rint(x)
#define ROUND_rtz(x) trunc(x)
#define ROUND_rtp(x) ceil(x)
#define ROUND_rtn(x) floor(x)
#define EXPECT_R_rte(to, from, x) EXPECT_##to##_##from(ROUND_rte(x))
#define EXPECT_R_rtz(to, from, x) EXPECT_##to##_##from(ROUND_rtz(x))
#define EXPECT_R_rtp(to, from, x) EXPECT_##to##_##from(ROUND_rtp(x))
#define EXPECT_R_rtn(to, from, x) EXPECT_##to##_##from(ROUND_rtn(x))
#define EXPECT_R_sat(to, from, x) sat_##to(x)
#define EXPECT_R_sat_rte(to, from, x) sat_##to(ROUND_rte(x))
#define EXPECT_R_sat_rtz(to, from, x) sat_##to(ROUND_rtz(x))
#define EXPECT_R_sat_rtp(to, from, x) sat_##to(ROUND_rtp(x))
#define EXPECT_R_sat_rtn(to, from, x) sat_##to(ROUND_rtn(x))

void test_cvt_expect(int cvt, const void *in, void *out) {
  switch (cvt) {
#define CVT_EXPECT(to, from)                                                                       \
  case CVT_##to##_##from: {                                                                        \
    TEST_CT_##from x;                                                                              \
    memcpy(&x, in, sizeof x);                                                                      \
    const TEST_CT_##to y = EXPECT_##to##_##from(x);                                                \
    memcpy(out, &y, sizeof y);                                                                     \
    return;                                                                                        \
  }
    SGK_CONTRACT_CVTS(CVT_EXPECT)
    SGK_DERIVED_CVTS(CVT_EXPECT)
#define RCVT_EXPECT(to, from, sfx)                                                                 \
  case CVT_##to##_##from##sfx: {                                                                   \
    TEST_CT_##from x;                                                                              \
    memcpy(&x, in, sizeof x);                                                                      \
    const TEST_CT_##to y = EXPECT_R##sfx(to, from, (double)x);                                     \
    memcpy(out, &y, sizeof y);                                                                     \
    return;                                                                                        \
  }
    SGK_ROUNDED_CVTS(RCVT_EXPECT)
    default: /* bit casts */ memcpy(out, in, test_types[test_cvts[cvt].to].size);
  }
}
