/* The contract benchmark kernels (bench/contract_ops.c): bench_ops_i32 runs every op of the
 * backend contract that integers have, bench_ops_f32 every one that floats have. */
#ifndef SGK_BENCH_CONTRACT_OPS_H
#define SGK_BENCH_CONTRACT_OPS_H
#include <stdint.h>

#include "sgk/isa/contract.inc"
#include "sgk/sgk.h"

enum sgk_bench_op {
#define SGK_BENCH_OP_ENUM(op, TYPES, SHAPE) SGK_BENCH_OP_##op,
  SGK_CONTRACT_OPS(SGK_BENCH_OP_ENUM)
#undef SGK_BENCH_OP_ENUM
      SGK_BENCH_OP_COUNT
};

struct bench_op_args {
  int op;
  uint32_t reps;
  const void *in;      /* the inputs, readable W + 4 past the last work-item */
  const uint32_t *idx; /* lane indices */
  void *out;
};

SGK_DECLARE_KERNEL(bench_ops_i32);
SGK_DECLARE_KERNEL(bench_ops_f32);
#endif
