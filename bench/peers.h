/* Other OpenCL runtimes on this CPU, timed in bench_kernels' run: PoCL and Intel's CPU runtime
 * when their ICDs are installed (scripts/install-peers.sh), running bench/peers.cl on the
 * baselines' buffers; the baseline's check verifies every peer's output. Built only when the
 * OpenCL headers and ICD loader were found (ocl-icd-opencl-dev, opencl-headers). */
#ifndef SGK_BENCH_PEERS_H
#define SGK_BENCH_PEERS_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct peer_platform {
  char name[32];     /* "pocl", "intel" or the platform's name */
  char version[160]; /* the platform's version and driver version */
  int sub_groups;    /* 1: cl_intel_required_subgroup_size (the sub-group versions at W) */
  void *impl;
} peer_platform;

/* The CPU platforms found (at most max); 0 when none or when OpenCL is absent, *why says so. */
int peers_open(peer_platform *out, int max, const char **why);
/* 1: bench/peers.cl has a kernel for this baseline kernel name. */
int peers_have(const char *kernel);
/* The i-th further peer kernel computing into `kernel`'s baseline buffers (as its check verifies),
 * NULL past the last: "reduction" has "reduction_wg16" and "reduction_wg1024", the seed's
 * reduction at its two work-group sizes, strides and atomic ending as written. */
const char *peers_variant(const char *kernel, int i);

typedef struct peer_run peer_run;
/* Builds the program (-DSGW=w when w > 0) and the buffers for the baseline state; NULL and *why
 * on failure (the build log is in *why). */
peer_run *peer_prepare(peer_platform *p, const char *kernel, unsigned w, void *baseline_state,
                       const char **why);
/* One launch; returns the kernel's seconds by event profiling, or < 0 on failure (*why). */
double peer_launch(peer_run *r, const char **why);
/* Reads the outputs back into the baseline's buffers (for its check); 0 on success. */
int peer_finish(peer_run *r, const char **why);
void peer_release(peer_run *r);

#ifdef __cplusplus
}
#endif
#endif
