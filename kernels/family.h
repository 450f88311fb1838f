/* The documented kernels as runnable families: one entry per variant the seeds describe, with
 * its inputs, its plain-C reference, its launch and its work metric. One list (families.inc)
 * feeds `sgk list/run/suite`, the tests and the benchmarks. */
#ifndef SGK_KERNELS_FAMILY_H
#define SGK_KERNELS_FAMILY_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One problem instance: the size and work-group size it was set up for and the buffers. */
typedef struct sgk_case {
  size_t n;    /* problem size; what it counts is the family's size_unit */
  uint32_t wg; /* work-group size */
  uint32_t sg; /* sub-group size of the last launch (set by the runner; some references use it) */
  double work; /* bytes moved (GB/s families) or flops (GFLOP/s families), set by setup */
  void *state; /* the family's buffers, owned by setup/teardown */
} sgk_case;

/* A size the tests run a family at: n + n_w * W items in work-groups of wg (0: W). Lists end
 * with n == n_w == 0. */
typedef struct sgk_family_size {
  size_t n;
  uint32_t n_w;
  uint32_t wg;
} sgk_family_size;

typedef struct sgk_family {
  const char *name;
  const char *seed; /* the seed program it ports */
  const char *summary;
  const char *size_unit;    /* what n counts */
  size_t default_n;         /* the seed's size */
  size_t quick_n;           /* for `sgk suite --quick` */
  uint32_t default_wg;      /* the seed's work-group size */
  const uint32_t *sweep_wg; /* work-group sizes `sgk suite` runs (0-terminated); NULL: default_wg */
  int gflops;               /* 1: report GFLOP/s, 0: GB/s */
  /* 1: the launch computes its range from W (c->sg: a W x W tile per work-group) or the check
   * reads W, so the library's tuner, which varies W under one range, must not run it; `sgk tune`
   * tunes these by launching each W itself. */
  int range_uses_w;
  /* 1: neither the setup, the launch's other options nor the check depend on the work-group
   * size (the range is the problem's, c->wg its only use): `sgk tune --wg` lets the library tune
   * it (SGK_TUNE_WORK_GROUP). */
  int wg_free;
  /* Bytes the kernel touches for a case, when not its work (data reused in SLM or registers):
   * what the benchmarks pick the bandwidth roof by. NULL: c->work. */
  double (*footprint)(const sgk_case *c);
  /* What tests/test_kernels.c runs at every ISA and W: scaled-down seed sizes, then ragged ones
   * (partial sub-groups, work-groups that do not divide the problem's natural blocks). */
  const sgk_family_size *test_sizes;
  /* Allocates and fills the inputs for c->n, c->wg; returns NULL or a message saying why the
   * size is not valid for this kernel. */
  const char *(*setup)(sgk_case *c);
  /* Resets the outputs and launches (one nd-range; info times that kernel). */
  sgk_status (*launch)(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info);
  /* Compares the outputs with the plain-C reference; NULL when they match, else a message. */
  const char *(*check)(sgk_case *c);
  void (*teardown)(sgk_case *c);
} sgk_family;

/* The result of running a family: median kernel time over the repetitions and verification. */
typedef struct sgk_run_result {
  double median_s, min_s;
  int reps;             /* launches timed */
  double rate;          /* GB/s or GFLOP/s at the median time */
  int verified;         /* 1: output matches the reference */
  char message[160];    /* why it failed, if it did */
  sgk_launch_info info; /* of the last launch */
} sgk_run_result;

/* Launches at least `reps` times (more for very short kernels), verifies the last output, fills *r. A launch error is returned
 * (and described in r->message); a wrong answer is r->verified == 0 with SGK_SUCCESS. */
sgk_status sgk_run_family(const sgk_family *f, sgk_case *c, const sgk_launch_options *o, int reps,
                          sgk_run_result *r);

extern const sgk_family *const sgk_families[];
extern const size_t sgk_family_count;
const sgk_family *sgk_family_find(const char *name);

/* Helpers shared by the host sides. */
void *sgk_host_alloc(size_t bytes);      /* 64-byte aligned, zeroed; NULL on failure */
uint32_t sgk_host_rand(uint64_t *state); /* deterministic generator for inputs */
/* memset(p, byte, bytes) before a launch, by the launch's threads (o->threads, 0: OpenMP's
 * default), thread t the t-th of as many equal contiguous parts: where sgk's launch (and
 * OpenMP's static schedule) puts the work-groups that write them, as an OpenCL runtime's
 * clEnqueueFillBuffer does; a one-thread memset left the other cores' parts of the output in
 * the first core's cache, to be fetched from it by every store. */
void sgk_host_fill(void *p, int byte, size_t bytes, const sgk_launch_options *o);

/* The math families' inputs and plain-C references, shared with bench/baselines.c. The checks
 * look at every `step`-th option or row and return why the output is wrong, or NULL. */
#define SGK_BS_RATE 0.02f
#define SGK_BS_VOL 0.30f
void sgk_host_black_scholes_inputs(float *s, float *x, float *t, size_t n);
const char *sgk_host_black_scholes_check(const float *s, const float *x, const float *t,
                                         const float *call, const float *put, size_t n,
                                         size_t step);
#define SGK_SOFTMAX_COLS 1000 /* a multiple of no sub-group size: every row ends ragged */
void sgk_host_softmax_inputs(float *x, size_t elems);
const char *sgk_host_softmax_check(const float *x, const float *y, size_t rows, size_t step);
/* The convolutions' reference, shared with the tests' other tap counts: want[i] = sum over the
 * j < m with i - m/2 + j in [0, n) of in[i - m/2 + j] * k[j], wrapping as int on the GPU. */
void sgk_host_conv_reference(const int32_t *in, const int32_t *k, size_t n, uint32_t m,
                             int32_t *want);

#ifdef __cplusplus
}
#endif
#endif
