/* The ops_<T> test kernels, one per element type, compiled per (ISA, W). */
/* op semantics, not the work-group loops (test_kernels, test_traps, test_runtime): one loop a
 * variant, about 0.6x the compile time */
#define SGK_COMPACT_VARIANTS 1
#include "sgk/kernel.h"
#include "op_list.h"
#include "contract_ops.inc"

/* A u32 lane vector as each integer T (lane masks and ranks): bit patterns, zero-extended. */
#define FROM_U32(v) SGK__CAT(from_u32_, T)(v)
SGK_INLINE sgk_i32 from_u32_i32(sgk_u32 v) { return sgk_as_i32_u32(v); }
SGK_INLINE sgk_u32 from_u32_u32(sgk_u32 v) { return v; }
SGK_INLINE sgk_u64 from_u32_u64(sgk_u32 v) { return sgk_cvt_u64_u32(v); }
SGK_INLINE sgk_i64 from_u32_i64(sgk_u32 v) { return sgk_as_i64_u64(sgk_cvt_u64_u32(v)); }

#define T i32
#define CT int32_t
#define CLS_I 1
#define CLS_S 1
#define CLS_F 0
#include "ops_kernel.inc"
#undef T
#undef CT
#undef CLS_S

#define T i64
#define CT int64_t
#define CLS_S 1
#include "ops_kernel.inc"
#undef T
#undef CT
#undef CLS_S

#define T u32
#define CT uint32_t
#define CLS_S 0
#include "ops_kernel.inc"
#undef T
#undef CT

#define T u64
#define CT uint64_t
#include "ops_kernel.inc"
#undef T
#undef CT
#undef CLS_I
#undef CLS_S
#undef CLS_F

#define T f32
#define CT float
#define CLS_I 0
#define CLS_S 1
#define CLS_F 1
#include "ops_kernel.inc"
#undef T
#undef CT

#define T f64
#define CT double
#include "ops_kernel.inc"
#undef T
#undef CT
#undef CLS_I
#undef CLS_S
#undef CLS_F
