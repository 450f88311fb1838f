/* examples/first_kernel/saxpy.h: shared by the kernel and the host. */
#include <stddef.h>
#include "sgk/sgk.h"

struct saxpy_args {
  float a;
  const float *x;
  float *y;
  float *group_sums;
};
SGK_DECLARE_KERNEL(saxpy_sum);
