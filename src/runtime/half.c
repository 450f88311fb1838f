/* The host's binary16 conversions (sgk.h). Scalar integer code, the same rules as the kernels'
 * sgk_f16 (sgk/small_types.h): exact to float; from float to nearest even, overflow to
 * infinity, subnormals kept, NaN quieted with its high payload bits. */
#include <string.h>

#include "sgk/sgk.h"

float sgk_half_to_float(sgk_half h) {
  const uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  uint32_t bits;
  if (e == 0) { /* zero or subnormal: m x 2^-24 */
    const float v = (float)m * 5.9604644775390625e-8f;
    memcpy(&bits, &v, sizeof bits);
  } else if (e == 31) {
    bits = 0x7f800000u | (m << 13) | (m ? 0x400000u : 0);
  } else {
    bits = ((e + 112u) << 23) | (m << 13);
  }
  bits |= sign;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

sgk_half sgk_half_from_float(float x) {
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  const uint32_t sign = (b >> 16) & 0x8000u, a = b & 0x7fffffffu;
  uint32_t h;
  if (a > 0x7f800000u) {
    h = 0x7e00u | ((a >> 13) & 0x3ffu);
  } else if (a >= 0x477ff000u) { /* 65520 and more round to infinity */
    h = 0x7c00u;
  } else if (a >= 0x38800000u) { /* normal: drop 13 bits, ties to even */
    const uint32_t keep = a >> 13, rest = a & 0x1fffu;
    h = keep - (112u << 10);
    if (rest > 0x1000u || (rest == 0x1000u && (keep & 1u))) ++h;
  } else { /* subnormal: the significand in units of 2^-24 */
    const uint32_t e = a >> 23, m = (a & 0x7fffffu) | 0x800000u;
    const uint32_t sh = 126u - e; /* >= 14 */
    if (sh > 24) {
      h = 0;
    } else {
      const uint32_t q = m >> sh, rest = m & ((1u << sh) - 1u), half = 1u << (sh - 1u);
      h = q + (rest > half || (rest == half && (q & 1u)));
    }
  }
  return (sgk_half)(sign | h);
}
