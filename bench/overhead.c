/* Launch overhead: a kernel that does nothing, and the bare OpenMP loop it is compared with. */
#include "sgk/kernel.h"
#include "overhead.h"

SGK_KERNEL(bench_empty, struct bench_empty_args, a, wg) {
  (void)a;
  (void)wg;
}
