/* Whether this CPU runs the AVX-512 backend: everything AVX2 needs, AVX-512 F, BW, DQ, VL and CD
 * (CPUID), and the OS saving opmask and zmm state (XGETBV). */
#include "probe.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <stddef.h>

int sgk__probe_avx512(void) {
  if (!sgk__probe_avx2()) return 0;
  if ((sgk__xgetbv0() & 0xe6) != 0xe6) return 0; /* + opmask, ZMM_Hi256, Hi16_ZMM */
  unsigned a7 = 0, b7 = 0, c7 = 0, d7 = 0;
  __cpuid_count(7, 0, a7, b7, c7, d7);
  const int f = (b7 >> 16) & 1, dq = (b7 >> 17) & 1, cd = (b7 >> 28) & 1;
  const int bw = (b7 >> 30) & 1, vl = (b7 >> 31) & 1;
  return f && dq && cd && bw && vl;
}
#else
int sgk__probe_avx512(void) { return 0; }
#endif
