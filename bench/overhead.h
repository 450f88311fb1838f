/* Launch-overhead kernels of bench_kernels (overhead.c) and the bare OpenMP loop (baselines.c). */
#ifndef SGK_BENCH_OVERHEAD_H
#define SGK_BENCH_OVERHEAD_H
#include <stddef.h>

#include "sgk/sgk.h"

#ifdef __cplusplus
extern "C" {
#endif

struct bench_empty_args {
  int unused;
};
SGK_DECLARE_KERNEL(bench_empty);

/* `#pragma omp parallel for` over n iterations whose body is an empty asm statement (kept by the
 * compiler), on `threads` threads; returns the seconds the region took. */
double bench_omp_empty_for(size_t n, int threads);

#ifdef __cplusplus
}
#endif
#endif
