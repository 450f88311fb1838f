/* examples/backend/pipeline.h: the two kernels of the pipeline, shared with the host. */
#include <stddef.h>
#include "sgk/sgk.h"

/* y[i] = a * x[i] + b for i < n (the range may be rounded up to whole work-groups). */
struct affine_args {
  float a, b;
  size_t n;
  const float *x;
  float *y;
};
/* sums[g] = the sum of y over work-group g's items below n. */
struct group_sum_args {
  size_t n;
  const float *y;
  float *sums;
};
SGK_DECLARE_KERNEL(affine_f32);
SGK_DECLARE_KERNEL(group_sum_f32);
