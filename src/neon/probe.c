/* Whether this CPU runs the NEON backend: Advanced SIMD (AT_HWCAP), present on every AArch64 Linux
 * system in practice. */
#include "probe.h"

#if defined(__aarch64__)
#include <sys/auxv.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1)
#endif
int sgk__probe_neon(void) { return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0; }
#else
int sgk__probe_neon(void) { return 0; }
#endif
