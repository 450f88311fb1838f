/* tests/consumer: a project outside sgk's tree, built against an installed sgk (find_package,
 * pkg-config) and against its sources (add_subdirectory, FetchContent). Shared by the kernel and
 * the host. */
#include <stddef.h>
#include "sgk/sgk.h"

struct affine_args {
  size_t n;
  const int32_t *x;
  int32_t *y;
};
SGK_DECLARE_KERNEL(affine);
