/* The ops the element/collective test runs: one list for the test kernel (sgk side) and the
 * harness (plain-C expectations). X(NAME, CLASS, kernel expression) where CLASS says which types
 * have the op (A all, I integer, S signed integer or float, F float) and the expression uses
 * x, y, z (inputs), idx (u32 lane vector), p (uniform parameter), sg, V(op) = sgk_<op>_<T>,
 * LANE_MASK(idx), the lanes whose idx is odd: a random lane mask when idx is random, FROM_U32(v)
 * (a u32 lane vector as T), PERMUTE_XOR_LIT(sg, x, p) (permute_group_by_xor with p as a literal:
 * a switch with one call a case), WHERE(what) (a helper running an op inside SGK_WHERE(sg,
 * LANE_MASK(idx))), MATCH_ALL_CODE (sgk_match_all's bits, 7 when not all alike, 9 when it
 * answered inconsistently), LAST_NZ (the operator "b if b != 0, else a": a scan of it carries the
 * last non-zero value up; associative, not commutative) and tmp (W + 4 elements of scratch as
 * local memory), PRIVATE_TEST(sg, x, y, idx, fast, masked) (a private array of 4 elements per
 * lane, element b stored as y + b, x added to element idx & 3 by the lanes of LANE_MASK(idx)
 * (masked) or by every lane, lane by lane (fast false) or by a gather, an add and a scatter (true:
 * at W 16 and 32 of AVX-512); element (idx >> 2) & 3 read back). */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_TEST_OP_LIST_H
#define SGK_TEST_OP_LIST_H

#include "sgk/isa/contract.inc"
#include "sgk/sgk.h"
#include "shuffle_delta.h"

/* The kernel API's own ops, above the backend contract (sgk/kernel.h): sub-group collectives with
 * SYCL semantics for partial sub-groups, votes, masked memory through the sub-group. */
#define SGK_TEST_API_OPS(X)                                                                        \
  X(BROADCAST, A, V(group_broadcast)(sg, x, p))                                                    \
  X(SELECT_FROM, A, V(select_from_group)(sg, x, idx))                                              \
  X(SHIFT_LEFT, A, V(shift_group_left)(sg, x, p))                                                  \
  X(SHIFT_RIGHT, A, V(shift_group_right)(sg, x, p))                                                \
  X(SHUFFLE_DOWN, A, V(shuffle_down)(sg, x, y, TEST_SHUFFLE_DELTA(p, sg.size)))                    \
  X(SHUFFLE_UP, A, V(shuffle_up)(sg, x, y, TEST_SHUFFLE_DELTA(p, sg.size)))                        \
  X(PERMUTE_XOR, A, V(permute_group_by_xor)(sg, x, p))                                             \
  X(PERMUTE_XOR_LIT, A, PERMUTE_XOR_LIT(sg, x, p))                                                 \
  X(REDUCE_ADD, A, SPLAT(V(reduce_add)(sg, x)))                                                    \
  X(REDUCE_MUL, A, SPLAT(V(reduce_mul)(sg, x)))                                                    \
  X(REDUCE_MIN, A, SPLAT(V(reduce_min)(sg, x)))                                                    \
  X(REDUCE_MAX, A, SPLAT(V(reduce_max)(sg, x)))                                                    \
  X(REDUCE_AND, I, SPLAT(V(reduce_and)(sg, x)))                                                    \
  X(REDUCE_OR, I, SPLAT(V(reduce_or)(sg, x)))                                                      \
  X(REDUCE_XOR, I, SPLAT(V(reduce_xor)(sg, x)))                                                    \
  X(ISCAN_ADD, A, V(inclusive_scan_add)(sg, x))                                                    \
  X(ISCAN_MUL, A, V(inclusive_scan_mul)(sg, x))                                                    \
  X(ISCAN_MIN, A, V(inclusive_scan_min)(sg, x))                                                    \
  X(ISCAN_MAX, A, V(inclusive_scan_max)(sg, x))                                                    \
  X(ISCAN_AND, I, V(inclusive_scan_and)(sg, x))                                                    \
  X(ISCAN_OR, I, V(inclusive_scan_or)(sg, x))                                                      \
  X(ISCAN_XOR, I, V(inclusive_scan_xor)(sg, x))                                                    \
  X(ESCAN_ADD, A, V(exclusive_scan_add)(sg, x))                                                    \
  X(ESCAN_MUL, A, V(exclusive_scan_mul)(sg, x))                                                    \
  X(ESCAN_MIN, A, V(exclusive_scan_min)(sg, x))                                                    \
  X(ESCAN_MAX, A, V(exclusive_scan_max)(sg, x))                                                    \
  X(ESCAN_AND, I, V(exclusive_scan_and)(sg, x))                                                    \
  X(ESCAN_OR, I, V(exclusive_scan_or)(sg, x))                                                      \
  X(ESCAN_XOR, I, V(exclusive_scan_xor)(sg, x))                                                    \
  X(BALLOT, A, SPLAT((CT)sgk_ballot(sg, V(lt)(x, y))))                                             \
  X(ANY, A, SPLAT((CT)sgk_any_of_group(sg, V(lt)(x, y))))                                          \
  X(ALL, A, SPLAT((CT)sgk_all_of_group(sg, V(lt)(x, y))))                                          \
  X(NONE, A, SPLAT((CT)sgk_none_of_group(sg, V(lt)(x, y))))                                        \
  X(LOAD_MASKED, A, V(load_masked)(sg, LANE_MASK(idx), xs + base))                                 \
  X(BALLOT_MASKED, A, SPLAT((CT)sgk_ballot(sg, LANE_MASK(idx))))                                   \
  X(LANEMASK_LT, I, FROM_U32(sgk_lanemask_lt(sg)))                                                 \
  X(LANEMASK_LE, I, FROM_U32(sgk_lanemask_le(sg)))                                                 \
  X(LANEMASK_GT, I, FROM_U32(sgk_lanemask_gt(sg)))                                                 \
  X(LANEMASK_GE, I, FROM_U32(sgk_lanemask_ge(sg)))                                                 \
  X(BALLOT_COUNT, A, SPLAT((CT)sgk_ballot_count(sg, V(lt)(x, y))))                                 \
  X(BALLOT_RANK, I, FROM_U32(sgk_ballot_rank(sg, V(lt)(x, y))))                                    \
  X(BALLOT_INCL, I, FROM_U32(sgk_ballot_inclusive_count(sg, V(lt)(x, y))))                         \
  X(ELECT, A, SPLAT((CT)sgk_mask_bits(sgk_sg_elect(sg, V(lt)(x, y)))))                             \
  X(ACTIVE_MASK, A, SPLAT((CT)sgk_sg_active_mask(sg)))                                             \
  X(MASK_FROM_BALLOT, A, SPLAT((CT)sgk_mask_bits(sgk_mask_from_ballot(sg, 0xAAAAAAAAu ^ p))))      \
  X(LANES_BELOW, A, SPLAT((CT)sgk_mask_bits(sgk_sg_lanes_below(sg, base, base + p))))          \
  X(LANES_BELOW_PAST, A, SPLAT((CT)sgk_mask_bits(sgk_sg_lanes_below(sg, base + 1 + p, base + 1)))) \
  X(MATCH_ANY, I, FROM_U32(V(match_any)(sg, V(and)(x, SPLAT(3)))))                                 \
  X(MATCH_ALL, I, SPLAT(MATCH_ALL_CODE(sg, V(and)(x, SPLAT((p & 1) ? 0 : 3)))))                    \
  X(WHERE_REDUCE_ADD, A, WHERE(reduce)(sg, x, idx))                                                \
  X(WHERE_ISCAN_ADD, A, WHERE(iscan)(sg, x, idx))                                                  \
  X(WHERE_BALLOT, A, WHERE(ballot)(sg, V(lt)(x, y), idx))                                          \
  X(WHERE_ACTIVE, A, WHERE(active)(sg, x, idx))                                                    \
  X(WHERE_LOAD, A, WHERE(load)(sg, xs + base, x, idx))                                             \
  X(WHERE_STORE, A, WHERE(store)(sg, tmp, x, y, idx))                                              \
  X(LOCAL_ADD_MASKED, I, (memset(tmp, 0, sizeof tmp),                                              \
                          V(atomic_add_local_masked)(sg, LANE_MASK(idx), tmp, sgk_as_i32_u32(idx), x), \
                          V(_loadu)(tmp)))                                                         \
  X(FETCH_ADD_MASKED, I, (memset(tmp, 0, sizeof tmp),                                              \
                          V(atomic_fetch_add_local_masked)(sg, LANE_MASK(idx), tmp,                \
                                                           sgk_as_i32_u32(idx), x)))      \
  X(PRIVATE_ADD, A, PRIVATE_TEST(sg, x, y, idx, false, true))                                     \
  X(PRIVATE_ADD_SCATTER, A, PRIVATE_TEST(sg, x, y, idx, true, true))                               \
  X(PRIVATE_ADD_ALL, A, PRIVATE_TEST(sg, x, y, idx, false, false))                                 \
  X(PRIVATE_ADD_ALL_SCATTER, A, PRIVATE_TEST(sg, x, y, idx, true, false))                          \
  X(SEG_ISCAN_ADD, A, V(segmented_inclusive_scan_add)(sg, x, LANE_MASK(idx)))                     \
  X(SEG_ESCAN_ADD, A, V(segmented_exclusive_scan_add)(sg, x, LANE_MASK(idx)))                     \
  X(ISCAN_WITH, A, V(inclusive_scan_with)(sg, x, LAST_NZ, 0))                                      \
  X(ESCAN_WITH, A, V(exclusive_scan_with)(sg, x, LAST_NZ, 0))                                      \
  SGK_TEST_ATOMIC_OPS(X)

/* The atomics of sgk/kernel.h on tmp, its W + 4 bins first set to test_atomic_bin(j, p), by the
 * lanes with an odd idx (or all active lanes: _ALL), at bin idx, in lane order: the read-modify-
 * write of operator p mod 6 (floats: p mod 3; add min max and or xor) from x, exchange to x,
 * compare-exchange to x from an expected value that is bin idx's first value where idx & 2, else
 * y; atomic loads and stores of order p mod 5; UNIFORM_: the one-work-item forms, lane by lane.
 * Each gives the lanes' old values, or the bins after (_BINS, RMW_, STORE_), or 1 where a
 * compare-exchange stored (_OK). */
#define SGK_TEST_ATOMIC_OPS(X)                                                                     \
  X(AT_RMW_LOCAL, A, ATOMIC_TEST(OP_AT_RMW_LOCAL))                                                 \
  X(AT_FETCH_LOCAL, A, ATOMIC_TEST(OP_AT_FETCH_LOCAL))                                             \
  X(AT_FETCH_LOCAL_ALL, A, ATOMIC_TEST(OP_AT_FETCH_LOCAL_ALL))                                     \
  X(AT_RMW_GLOBAL, A, ATOMIC_TEST(OP_AT_RMW_GLOBAL))                                               \
  X(AT_FETCH_GLOBAL, A, ATOMIC_TEST(OP_AT_FETCH_GLOBAL))                                           \
  X(AT_FETCH_GLOBAL_ALL, A, ATOMIC_TEST(OP_AT_FETCH_GLOBAL_ALL))                                   \
  X(AT_XCHG_LOCAL, A, ATOMIC_TEST(OP_AT_XCHG_LOCAL))                                               \
  X(AT_XCHG_LOCAL_BINS, A, ATOMIC_TEST(OP_AT_XCHG_LOCAL_BINS))                                     \
  X(AT_XCHG_GLOBAL, A, ATOMIC_TEST(OP_AT_XCHG_GLOBAL))                                             \
  X(AT_XCHG_GLOBAL_BINS, A, ATOMIC_TEST(OP_AT_XCHG_GLOBAL_BINS))                                   \
  X(AT_CAS_LOCAL, A, ATOMIC_TEST(OP_AT_CAS_LOCAL))                                                 \
  X(AT_CAS_LOCAL_OK, A, ATOMIC_TEST(OP_AT_CAS_LOCAL_OK))                                           \
  X(AT_CAS_LOCAL_BINS, A, ATOMIC_TEST(OP_AT_CAS_LOCAL_BINS))                                       \
  X(AT_CAS_GLOBAL, A, ATOMIC_TEST(OP_AT_CAS_GLOBAL))                                               \
  X(AT_CAS_GLOBAL_OK, A, ATOMIC_TEST(OP_AT_CAS_GLOBAL_OK))                                         \
  X(AT_CAS_GLOBAL_BINS, A, ATOMIC_TEST(OP_AT_CAS_GLOBAL_BINS))                                     \
  X(AT_LOAD_GLOBAL, A, ATOMIC_TEST(OP_AT_LOAD_GLOBAL))                                             \
  X(AT_STORE_GLOBAL, A, ATOMIC_TEST(OP_AT_STORE_GLOBAL))                                           \
  X(AT_UNIFORM_FETCH, A, ATOMIC_TEST(OP_AT_UNIFORM_FETCH))                                         \
  X(AT_UNIFORM_XCHG, A, ATOMIC_TEST(OP_AT_UNIFORM_XCHG))                                           \
  X(AT_UNIFORM_CAS, A, ATOMIC_TEST(OP_AT_UNIFORM_CAS))                                             \
  X(AT_UNIFORM_LOAD, A, ATOMIC_TEST(OP_AT_UNIFORM_LOAD))                                           \
  X(AT_UNIFORM_STORE, A, ATOMIC_TEST(OP_AT_UNIFORM_STORE))
/* The first value of bin j: small integers of both signs, a few alike, exact in every type. */
static inline int32_t test_atomic_bin(uint32_t j, uint32_t p) {
  return (int32_t)((j * 2654435761u + p * 40503u) >> 24) - 128;
}

/* Every op the test kernels run: the whole backend contract (OP_<op>, called by its shape through
 * tests/contract_ops.inc), then the API's own (OP_<NAME>). */
enum sgk_test_op {
#define SGK_TEST_CONTRACT_ENUM(op, TYPES, SHAPE) OP_##op,
  SGK_CONTRACT_OPS(SGK_TEST_CONTRACT_ENUM)
#undef SGK_TEST_CONTRACT_ENUM
#define SGK_TEST_OP_ENUM(name, cls, expr) OP_##name,
      SGK_TEST_API_OPS(SGK_TEST_OP_ENUM)
#undef SGK_TEST_OP_ENUM
          OP_COUNT
};

/* The ops_<T> test kernels (tests/ops_kernels.c). */
SGK_DECLARE_KERNEL(ops_i32);
SGK_DECLARE_KERNEL(ops_u32);
SGK_DECLARE_KERNEL(ops_i64);
SGK_DECLARE_KERNEL(ops_u64);
SGK_DECLARE_KERNEL(ops_f32);
SGK_DECLARE_KERNEL(ops_f64);

/* The op's name, whether a type has it (ALL, INT, SIGNED or FLOAT types), and whether its second
 * input is a shift count. Defined in op_list.c. */
extern const char *const test_op_names[OP_COUNT];
int test_op_applies(int op, int is_int, int is_signed);
int test_op_counts(int op);

/* Conversions and bit casts: CVT_<to>_<from> for sgk_cvt_<to>_<from> (the contract's, then those
 * sgk/isa/cvtops.h derives), CVT_<to>_<from>_<rounding> for its rounded ones, then
 * CAST_<to>_<from> for sgk_as_<to>_<from>; the cvts test kernel runs one per launch (op_args.op)
 * from x to out. */
enum sgk_test_cvt {
#define SGK_TEST_CVT_ENUM(to, from) CVT_##to##_##from,
#define SGK_TEST_RCVT_ENUM(to, from, sfx) CVT_##to##_##from##sfx,
  SGK_CONTRACT_CVTS(SGK_TEST_CVT_ENUM) SGK_DERIVED_CVTS(SGK_TEST_CVT_ENUM)
      SGK_ROUNDED_CVTS(SGK_TEST_RCVT_ENUM)
#undef SGK_TEST_CVT_ENUM
#undef SGK_TEST_RCVT_ENUM
#define SGK_TEST_CAST_ENUM(to, from) CAST_##to##_##from,
      SGK_CONTRACT_CASTS(SGK_TEST_CAST_ENUM)
#undef SGK_TEST_CAST_ENUM
          CVT_COUNT
};
SGK_DECLARE_KERNEL(cvts);
/* Element types by index, with the C type of each name (TEST_CT_<T>). */
enum { TY_I32, TY_U32, TY_I64, TY_U64, TY_F32, TY_F64, TY_COUNT };
#define TEST_CT_i32 int32_t
#define TEST_CT_u32 uint32_t
#define TEST_CT_i64 int64_t
#define TEST_CT_u64 uint64_t
#define TEST_CT_f32 float
#define TEST_CT_f64 double
typedef struct test_type_info {
  const char *name;
  size_t size;
  int is_int, is_signed;
} test_type_info;
extern const test_type_info test_types[TY_COUNT];
typedef struct test_cvt_info {
  const char *name; /* "cvt_f32_i32", "as_u32_f32" */
  int to, from;     /* TY_<T> */
} test_cvt_info;
extern const test_cvt_info test_cvts[CVT_COUNT];
/* The documented result of conversion cvt on one element (README "Semantics", restated from
 * the README, not from the backends): *in of type from, *out of type to. */
void test_cvt_expect(int cvt, const void *in, void *out);

/* Arguments of the ops_<T> test kernels. */
struct op_args {
  int op;
  uint32_t p;
  const void *x, *y, *z;
  const uint32_t *idx;
  void *out;
};

#endif
// clang-format on
