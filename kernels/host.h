/* Shared by the host sides of the documented kernels (kernels/<name>_host.c, family.c). */
#ifndef SGK_KERNELS_HOST_H
#define SGK_KERNELS_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "kernel_args.h"

/* The message buffer a check or setup returns (one per thread). */
#define SGK_HOST_MSG(...)                                                                          \
  (snprintf(sgk__host_msg, sizeof sgk__host_msg, __VA_ARGS__), sgk__host_msg)
extern _Thread_local char sgk__host_msg[200];

/* Options for a launch of the family with the case's SLM needs. */
static inline sgk_launch_options sgk_host_opts(const sgk_launch_options *o, size_t slm) {
  sgk_launch_options r = *o;
  r.slm_bytes = slm;
  return r;
}

/* Every family's state is a struct whose first member is an sgk_bufs listing its buffers, so one
 * teardown (sgk_host_teardown) frees any of them. */
#define SGK_MAX_BUFS 8
typedef struct sgk_bufs {
  void *p[SGK_MAX_BUFS];
} sgk_bufs;
static inline void *sgk_bufs_add(sgk_bufs *b, size_t bytes) {
  for (int i = 0; i < SGK_MAX_BUFS; ++i)
    if (!b->p[i]) return b->p[i] = sgk_host_alloc(bytes);
  return NULL;
}
static inline void sgk_bufs_free(sgk_bufs *b) {
  for (int i = 0; i < SGK_MAX_BUFS; ++i) {
    free(b->p[i]);
    b->p[i] = NULL;
  }
}

void sgk_host_teardown(sgk_case *c);

/* const sgk_family sgk_family_<id>, named by id, the rest designated: SGK_DEFINE_FAMILY(id,
 * .seed = ..., .summary = ..., ...). */
#define SGK_DEFINE_FAMILY(id, ...) const sgk_family sgk_family_##id = {.name = #id, __VA_ARGS__}

#endif
