/* The six element types of the kernel API and their facts, by token pasting on the type suffix,
 * and the type lists the backends and the generic layer expand. Included by every core and by
 * sgk/isa/generic.h. */
#ifndef SGK_ISA_TYPES_H
#define SGK_ISA_TYPES_H

#include <stddef.h>
#include <stdint.h>

/* X-macro tables: laid out by hand. */
// clang-format off
#define SGK__BITS_i32 32
#define SGK__BITS_u32 32
#define SGK__BITS_f32 32
#define SGK__BITS_i64 64
#define SGK__BITS_u64 64
#define SGK__BITS_f64 64
#define SGK__CT_i32 int32_t
#define SGK__CT_u32 uint32_t
#define SGK__CT_f32 float
#define SGK__CT_i64 int64_t
#define SGK__CT_u64 uint64_t
#define SGK__CT_f64 double
#define SGK__RM(T) SGK__CAT(sgk__rm, SGK__BITS_##T) /* the type's register mask */
#define SGK__CT(T) SGK__CT_##T                      /* the C element type */

/* Detects whether a core announced an op: SGK__IS_YES(SGK__NATIVE_X) is 1 when SGK__NATIVE_X is
 * defined as SGK__YES, 0 otherwise, usable inside list expansions where #ifdef is not. */
#define SGK__YES ~, 1
#define SGK__SECOND(a, b, ...) b
#define SGK__SECOND_(...) SGK__SECOND(__VA_ARGS__)
#define SGK__IS_YES(x) SGK__SECOND_(x, 0, ~)

/* Type lists: F(t, ct, args...) for each type of a contract class. */
#define SGK__TYPES_INT(F, ...)                                                                     \
  F(i32, int32_t, __VA_ARGS__)                                                                     \
  F(u32, uint32_t, __VA_ARGS__) F(i64, int64_t, __VA_ARGS__) F(u64, uint64_t, __VA_ARGS__)
#define SGK__TYPES_FLOAT(F, ...) F(f32, float, __VA_ARGS__) F(f64, double, __VA_ARGS__)
#define SGK__TYPES_ALL(F, ...) SGK__TYPES_INT(F, __VA_ARGS__) SGK__TYPES_FLOAT(F, __VA_ARGS__)
#define SGK__TYPES_SIGNED(F, ...)                                                                  \
  F(i32, int32_t, __VA_ARGS__) F(i64, int64_t, __VA_ARGS__) SGK__TYPES_FLOAT(F, __VA_ARGS__)

// clang-format on

/* sycl::vec<T, n> memory with rows apart: element o of the n-wide rows that start s elements
 * apart (s == n: contiguous, element o itself). A core's sgk__vec_load_full / store_full reads
 * and writes through it in pieces of at most n elements that do not cross a row (o a multiple of
 * the piece), so sgk_load_vec / store_vec of n = 16 runs as two of n = 8 over the halves of each
 * work-item's 16, rows 16 apart, straight from and to the caller's memory. */
#define SGK__ROW_AT(p, o, n, s)                                                                    \
  ((s) == (n) ? (p) + (o) : (p) + (o) / (size_t)(n) * (size_t)(s) + (o) % (size_t)(n))

#endif
