/* The compile check of the backend contract: every op of sgk/isa/contract.inc must exist for the
 * variant being compiled, with exactly the listed signature. Included at the end of sgk/kernel.h,
 * so a backend that misses an op (or a list entry without an implementation) fails the build of
 * every kernel, with the op's name in the message. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_CONTRACT_CHECK_H
#define SGK_ISA_CONTRACT_CHECK_H

#define SGK__SIG_UNARY(T) sgk_##T (*)(sgk_##T)
#define SGK__SIG_BINARY(T) sgk_##T (*)(sgk_##T, sgk_##T)
#define SGK__SIG_SHIFTV(T) sgk_##T (*)(sgk_##T, sgk_##T)
#define SGK__SIG_TERNARY(T) sgk_##T (*)(sgk_##T, sgk_##T, sgk_##T)
#define SGK__SIG_SHIFT(T) sgk_##T (*)(sgk_##T, uint32_t)
#define SGK__SIG_COMPARE(T) sgk_mask (*)(sgk_##T, sgk_##T)
#define SGK__SIG_SELECT(T) sgk_##T (*)(sgk_mask, sgk_##T, sgk_##T)
#define SGK__SIG_SPLAT(T) sgk_##T (*)(SGK__CT(T))
#define SGK__SIG_EXTRACT(T) SGK__CT(T) (*)(sgk_##T, int)
#define SGK__SIG_LOADU(T) sgk_##T (*)(const SGK__CT(T) *)
#define SGK__SIG_STOREU(T) void (*)(SGK__CT(T) *, sgk_##T)
#define SGK__SIG_LOAD_MASKED(T) sgk_##T (*)(sgk_mask, const SGK__CT(T) *)
#define SGK__SIG_STORE_MASKED(T) void (*)(sgk_mask, SGK__CT(T) *, sgk_##T)
#define SGK__SIG_GATHER(T) sgk_##T (*)(sgk_mask, const SGK__CT(T) *, sgk_i32)
#define SGK__SIG_SCATTER(T) void (*)(sgk_mask, SGK__CT(T) *, sgk_i32, sgk_##T)
#define SGK__SIG_BROADCAST(T) sgk_##T (*)(sgk_##T, uint32_t)
#define SGK__SIG_PERMUTE(T) sgk_##T (*)(sgk_##T, sgk_u32)
#define SGK__SIG_ROTATE(T) sgk_##T (*)(sgk_##T, uint32_t)
#define SGK__SIG_REDUCE(T) SGK__CT(T) (*)(sgk_##T)
#define SGK__SIG_SCAN(T) sgk_##T (*)(sgk_##T)
#define SGK__SIG_LOCAL_RMW(T) void (*)(sgk_mask, SGK__CT(T) *, sgk_i32, sgk_##T, sgk__rmw)
#define SGK__SIG_LOCAL_FETCH_ADD(T) sgk_##T (*)(sgk_mask, SGK__CT(T) *, sgk_i32, sgk_##T)

#define SGK__CHECK_SIG(fn, sig)                                                                    \
  _Static_assert(__builtin_types_compatible_p(__typeof__(&fn), sig),                               \
                 "backend contract: " #fn " has the wrong signature");
#define SGK__CHECK_OP1(T, ct, op, SHAPE) SGK__CHECK_SIG(sgk_##op##_##T, SGK__SIG_##SHAPE(T))
#define SGK__CHECK_OP(op, TYPES, SHAPE) SGK__TYPES_##TYPES(SGK__CHECK_OP1, op, SHAPE)
SGK_CONTRACT_OPS(SGK__CHECK_OP)

#define SGK__CHECK_CVT(TO, FROM) SGK__CHECK_SIG(sgk_cvt_##TO##_##FROM, sgk_##TO (*)(sgk_##FROM))
SGK_CONTRACT_CVTS(SGK__CHECK_CVT)
#define SGK__CHECK_CAST(TO, FROM) SGK__CHECK_SIG(sgk_as_##TO##_##FROM, sgk_##TO (*)(sgk_##FROM))
SGK_CONTRACT_CASTS(SGK__CHECK_CAST)

#define SGK__MSIG_FROM_BITS sgk_mask (*)(uint32_t)
#define SGK__MSIG_BITS uint32_t (*)(sgk_mask)
#define SGK__MSIG_NULLARY sgk_mask (*)(void)
#define SGK__MSIG_FIRST_N sgk_mask (*)(uint32_t)
#define SGK__MSIG_UNARY sgk_mask (*)(sgk_mask)
#define SGK__MSIG_BINARY sgk_mask (*)(sgk_mask, sgk_mask)
#define SGK__CHECK_MASK(op, SHAPE) SGK__CHECK_SIG(sgk_mask_##op, SGK__MSIG_##SHAPE)
SGK_CONTRACT_MASK_OPS(SGK__CHECK_MASK)
SGK__CHECK_SIG(sgk__iota_u32, sgk_u32 (*)(void))

#endif
// clang-format on
