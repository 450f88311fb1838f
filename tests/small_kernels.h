/* The small-types test kernel (tests/small_kernels.c). */
#ifndef SGK_TEST_SMALL_KERNELS_H
#define SGK_TEST_SMALL_KERNELS_H

#include "sgk/sgk.h"

SGK_DECLARE_KERNEL(small_ops);

#endif
