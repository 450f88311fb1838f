/* Runtime internals shared by the files of src/runtime. */
#ifndef SGK_RUNTIME_INTERNAL_H
#define SGK_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

#if defined(__GNUC__)
#define SGK_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define SGK_PRINTF_LIKE(f, a)
#endif

/* Records a detailed message for sgk_last_error() and returns status. */
sgk_status sgk__fail(sgk_status status, const char *fmt, ...) SGK_PRINTF_LIKE(2, 3);
void sgk__clear_error(void);

/* The CPU, detected once. */
typedef struct sgk_cpu {
  int runs[SGK_ISA_COUNT]; /* the backend's probe (src/<isa>/probe.c) says this CPU runs it */
  char name[64];
  size_t l1d, l2, l3;
} sgk_cpu;
const sgk_cpu *sgk__cpu(void);

/* ISAs the library was built with, as a bit set (1u << isa). */
uint32_t sgk__isas_compiled(void);

#endif
