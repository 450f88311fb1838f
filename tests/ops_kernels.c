/* The ops_<T> test kernels, one per element type, compiled per (ISA, W). */
#include "sgk/kernel.h"
#include "op_list.h"
#include "contract_ops.inc"

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
