/* The ops the element/collective test runs: one list for the test kernel (sgk side) and the
 * harness (plain-C expectations). X(NAME, CLASS, kernel expression) where CLASS says which types
 * have the op (A all, I integer, S signed integer or float, F float) and the expression uses
 * x, y, z (inputs), idx (u32 lane vector), p (uniform parameter), sg, V(op) = sgk_<op>_<T>, and
 * LANE_MASK(idx), the lanes whose idx is odd: a random lane mask when idx is random. */
#ifndef SGK_TEST_OP_LIST_H
#define SGK_TEST_OP_LIST_H

#include "sgk/sgk.h"

#define SGK_TEST_OPS(X)                                                                           \
  X(ADD, A, V(add)(x, y))                                                                        \
  X(SUB, A, V(sub)(x, y))                                                                        \
  X(MUL, A, V(mul)(x, y))                                                                        \
  X(DIV, A, V(div)(x, y))                                                                        \
  X(MIN, A, V(min)(x, y))                                                                        \
  X(MAX, A, V(max)(x, y))                                                                        \
  X(NEG, A, V(neg)(x))                                                                           \
  X(FMA, A, V(fma)(x, y, z))                                                                     \
  X(ABS, S, V(abs)(x))                                                                           \
  X(SQRT, F, V(sqrt)(x))                                                                         \
  X(AND, I, V(and)(x, y))                                                                        \
  X(OR, I, V(or)(x, y))                                                                          \
  X(XOR, I, V(xor)(x, y))                                                                        \
  X(NOT, I, V(not)(x))                                                                           \
  X(ANDNOT, I, V(andnot)(x, y))                                                                  \
  X(SHL, I, V(shl)(x, p))                                                                        \
  X(SHR, I, V(shr)(x, p))                                                                        \
  X(SHLV, I, V(shlv)(x, y))                                                                      \
  X(SHRV, I, V(shrv)(x, y))                                                                      \
  X(EQ, A, ONE_IF(V(eq)(x, y)))                                                                  \
  X(NE, A, ONE_IF(V(ne)(x, y)))                                                                  \
  X(LT, A, ONE_IF(V(lt)(x, y)))                                                                  \
  X(LE, A, ONE_IF(V(le)(x, y)))                                                                  \
  X(GT, A, ONE_IF(V(gt)(x, y)))                                                                  \
  X(GE, A, ONE_IF(V(ge)(x, y)))                                                                  \
  X(SELECT, A, V(select)(V(lt)(x, y), z, x))                                                     \
  X(BROADCAST, A, V(group_broadcast)(sg, x, p))                                                  \
  X(SELECT_FROM, A, V(select_from_group)(sg, x, idx))                                            \
  X(SHIFT_LEFT, A, V(shift_group_left)(sg, x, p))                                                \
  X(SHIFT_RIGHT, A, V(shift_group_right)(sg, x, p))                                              \
  X(PERMUTE_XOR, A, V(permute_group_by_xor)(sg, x, p))                                           \
  X(REDUCE_ADD, A, SPLAT(V(reduce_add)(sg, x)))                                                  \
  X(REDUCE_MUL, A, SPLAT(V(reduce_mul)(sg, x)))                                                  \
  X(REDUCE_MIN, A, SPLAT(V(reduce_min)(sg, x)))                                                  \
  X(REDUCE_MAX, A, SPLAT(V(reduce_max)(sg, x)))                                                  \
  X(REDUCE_AND, I, SPLAT(V(reduce_and)(sg, x)))                                                  \
  X(REDUCE_OR, I, SPLAT(V(reduce_or)(sg, x)))                                                    \
  X(REDUCE_XOR, I, SPLAT(V(reduce_xor)(sg, x)))                                                  \
  X(ISCAN_ADD, A, V(inclusive_scan_add)(sg, x))                                                  \
  X(ISCAN_MUL, A, V(inclusive_scan_mul)(sg, x))                                                  \
  X(ISCAN_MIN, A, V(inclusive_scan_min)(sg, x))                                                  \
  X(ISCAN_MAX, A, V(inclusive_scan_max)(sg, x))                                                  \
  X(ISCAN_AND, I, V(inclusive_scan_and)(sg, x))                                                  \
  X(ISCAN_OR, I, V(inclusive_scan_or)(sg, x))                                                    \
  X(ISCAN_XOR, I, V(inclusive_scan_xor)(sg, x))                                                  \
  X(ESCAN_ADD, A, V(exclusive_scan_add)(sg, x))                                                  \
  X(ESCAN_MUL, A, V(exclusive_scan_mul)(sg, x))                                                  \
  X(ESCAN_MIN, A, V(exclusive_scan_min)(sg, x))                                                  \
  X(ESCAN_MAX, A, V(exclusive_scan_max)(sg, x))                                                  \
  X(ESCAN_AND, I, V(exclusive_scan_and)(sg, x))                                                  \
  X(ESCAN_OR, I, V(exclusive_scan_or)(sg, x))                                                    \
  X(ESCAN_XOR, I, V(exclusive_scan_xor)(sg, x))                                                  \
  X(BALLOT, A, SPLAT((CT)sgk_ballot(sg, V(lt)(x, y))))                                           \
  X(ANY, A, SPLAT((CT)sgk_any_of_group(sg, V(lt)(x, y))))                                        \
  X(ALL, A, SPLAT((CT)sgk_all_of_group(sg, V(lt)(x, y))))                                        \
  X(NONE, A, SPLAT((CT)sgk_none_of_group(sg, V(lt)(x, y))))                                     \
  X(LOAD_MASKED, A, V(load_masked)(sg, LANE_MASK(idx), xs + base))                               \
  X(SELECT_MASKED, A, V(select)(LANE_MASK(idx), y, z))                                           \
  X(BALLOT_MASKED, A, SPLAT((CT)sgk_ballot(sg, LANE_MASK(idx))))

enum sgk_test_op {
#define SGK_TEST_OP_ENUM(name, cls, expr) OP_##name,
  SGK_TEST_OPS(SGK_TEST_OP_ENUM)
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

/* The op's name, and whether a type has it (class of the list above). Defined in op_list.c. */
extern const char *const test_op_names[OP_COUNT];
int test_op_applies(int op, int is_int, int is_signed);

/* Arguments of the ops_<T> test kernels. */
struct op_args {
  int op;
  uint32_t p;
  const void *x, *y, *z;
  const uint32_t *idx;
  void *out;
};

#endif
