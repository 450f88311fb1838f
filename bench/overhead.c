/* Launch overhead: a kernel that does nothing, and the bare OpenMP loop it is compared with. */
#include "sgk/kernel.h"
#include "overhead.h"

/* Its body is the bare loop's: an empty asm statement with a memory clobber, which the compiler
 * keeps, so that neither loop can be deleted (with nothing in it, the loop of work-groups inside
 * the variant compiles to nothing and the figure would be the parallel region's alone). */
SGK_KERNEL(bench_empty, struct bench_empty_args, a, wg) {
  (void)a;
  (void)wg;
  __asm__ volatile("" ::: "memory");
}
