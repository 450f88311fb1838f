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

/* CPU features, detected once. */
typedef struct sgk_cpu {
  int has_avx2;    /* AVX2 + FMA + BMI2 with OS support for ymm state */
  int has_avx512;  /* AVX-512 F, BW, DQ, VL, CD with OS support for zmm and mask state */
  int has_neon;
  char name[64];
  size_t l1d, l2, l3;
} sgk_cpu;
const sgk_cpu *sgk__cpu(void);

/* ISAs the library was built with, as a bit set (1u << isa). */
uint32_t sgk__isas_compiled(void);

#endif
