/* What users would write instead of sgk, timed in the same run as the kernels (bench_kernels):
 * the plain per-work-item C loop on one thread, the same in plain C with `#pragma omp parallel
 * for simd` (private histograms, blocked transpose, `reduction(+:)`), and OpenBLAS for matmul.
 * Each baseline owns its buffers (inputs made like the family's), checks its own output, and
 * reports the same work metric as the family it stands beside. */
#ifndef SGK_BENCH_BASELINES_H
#define SGK_BENCH_BASELINES_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_baseline {
  const char *kernel; /* the kernel it stands beside: the first part of the benchmark names */
  const char *family; /* the family whose default size it runs at */
  const char *impl;   /* "plain", "omp", "openblas" */
  const char *what;
  int serial; /* 1: one thread whatever --threads says */
  /* Allocates and fills the inputs for size n; *work: bytes or flops of one run, as the
   * family's. NULL: out of memory or not available (*why says which). */
  void *(*setup)(size_t n, double *work, const char **why);
  void (*run)(void *state, int threads);
  const char *(*check)(void *state); /* NULL: the output is right */
  void (*teardown)(void *state);
} bench_baseline;

extern const bench_baseline bench_baselines[];
extern const size_t bench_baseline_count;
/* A baseline's size and buffers (its inputs, then its outputs, as baselines.c makes them), for
 * the other runtimes (peers.c), which compute into them and are checked by the baseline's check. */
size_t bench_baseline_n(const void *state);
void *bench_baseline_buffer(void *state, int i, size_t *bytes);
/* The BLAS core that ran (OpenBLAS's name for it), or why there is none. */
const char *bench_blas_core(void);

/* Seconds of the wall clock (omp_get_wtime). */
double bench_now(void);
/* The OpenMP default team size (omp_get_max_threads). */
int bench_default_threads(void);

#ifdef __cplusplus
}
#endif
#endif
