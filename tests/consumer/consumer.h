/* tests/consumer: a project outside sgk's tree, built against an installed sgk (find_package,
 * pkg-config) and against its sources (add_subdirectory, FetchContent). Shared by the kernel and
 * the host. */
#include <stddef.h>
#include "sgk/sgk.h"

struct affine_args {
  size_t n;
  const int32_t *x;
  int32_t *y;
  const float *fx; /* fy = fx * CONSUMER_FA + CONSUMER_FB, a multiply and an add: two roundings */
  float *fy;
};
#define CONSUMER_FA 1.1f
#define CONSUMER_FB 0.3f
SGK_DECLARE_KERNEL(affine);
