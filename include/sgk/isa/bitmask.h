/* Masks as lane bit sets (bit i: lane i), for the backends that keep them so: the scalar oracle
 * and AVX-512 (whose k registers are exactly this). Included by those backends; never directly. */
#ifndef SGK_ISA_BITMASK_H
#define SGK_ISA_BITMASK_H

#include <stdint.h>

typedef struct { uint32_t bits; } sgk_mask;

#define SGK__ALL_BITS (SGK_W == 32 ? 0xffffffffu : ((1u << SGK_W) - 1u))
SGK_INLINE sgk_mask sgk_mask_from_bits(uint32_t b) { sgk_mask m = {b & SGK__ALL_BITS}; return m; }
SGK_INLINE uint32_t sgk_mask_bits(sgk_mask m) { return m.bits; }
SGK_INLINE sgk_mask sgk_mask_all(void) { return sgk_mask_from_bits(SGK__ALL_BITS); }
SGK_INLINE sgk_mask sgk_mask_none(void) { return sgk_mask_from_bits(0); }
SGK_INLINE sgk_mask sgk_mask_first_n(uint32_t n) { /* lanes < n */
  return sgk_mask_from_bits(n >= 32 ? 0xffffffffu : (1u << n) - 1u);
}
SGK_INLINE sgk_mask sgk_mask_and(sgk_mask a, sgk_mask b) { return sgk_mask_from_bits(a.bits & b.bits); }
SGK_INLINE sgk_mask sgk_mask_or(sgk_mask a, sgk_mask b) { return sgk_mask_from_bits(a.bits | b.bits); }
SGK_INLINE sgk_mask sgk_mask_xor(sgk_mask a, sgk_mask b) { return sgk_mask_from_bits(a.bits ^ b.bits); }
SGK_INLINE sgk_mask sgk_mask_andnot(sgk_mask a, sgk_mask b) { return sgk_mask_from_bits(~a.bits & b.bits); }
SGK_INLINE sgk_mask sgk_mask_not(sgk_mask a) { return sgk_mask_from_bits(~a.bits); }

#endif
