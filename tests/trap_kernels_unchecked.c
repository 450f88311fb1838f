/* The traps test's in-loop collective and shuffle-window kernels as a Release build compiles
 * them: no poison, no checked entries, no shuffle check; the rule (collectives between the loops)
 * is still enforced. */
#undef SGK_CHECK_PER_SUB_GROUP
#define SGK_CHECK_PER_SUB_GROUP 0
#include "sgk/kernel.h"
#include "trap_kernels.h"

#define IN_LOOP_KERNEL collective_in_loop_unchecked
#define IN_LOOP_PREFILL 1 /* no read of an unwritten entry: the sanitizers' build runs it too */
#include "in_loop_kernel.inc"

#define SHUFFLE_KERNEL shuffle_window_unchecked
#include "shuffle_window_kernel.inc"
