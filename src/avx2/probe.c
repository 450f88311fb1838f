/* Whether this CPU runs the AVX2 backend: AVX2, FMA, F16C, BMI1/2 and POPCNT (CPUID), and the OS saving
 * ymm state (XGETBV). */
#include "probe.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <stddef.h>

int sgk__probe_avx2(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, fma = (c >> 12) & 1;
  const int popcnt = (c >> 23) & 1, f16c = (c >> 29) & 1;
  if (!osxsave || (sgk__xgetbv0() & 0x6) != 0x6) return 0; /* SSE and AVX state */
  unsigned a7 = 0, b7 = 0, c7 = 0, d7 = 0;
  if ((unsigned)__get_cpuid_max(0, NULL) < 7u) return 0;
  __cpuid_count(7, 0, a7, b7, c7, d7);
  const int avx2 = (b7 >> 5) & 1, bmi1 = (b7 >> 3) & 1, bmi2 = (b7 >> 8) & 1;
  return avx && fma && f16c && popcnt && avx2 && bmi1 && bmi2;
}

uint64_t sgk__xgetbv0(void) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((uint64_t)hi << 32) | lo;
}
#else
int sgk__probe_avx2(void) { return 0; }
#endif
