/* CPU feature detection, done once: CPUID + XGETBV on x86-64, getauxval on aarch64. */
#define _GNU_SOURCE /* sysconf cache-size names */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#if defined(__x86_64__)
#include <cpuid.h>

static uint64_t read_xcr0(void) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((uint64_t)hi << 32) | lo;
}

static void detect(sgk_cpu *cpu) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return;
  const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, fma = (c >> 12) & 1;
  const int popcnt = (c >> 23) & 1;
  const uint64_t xcr0 = osxsave ? read_xcr0() : 0;
  const int ymm_state = (xcr0 & 0x6) == 0x6;          /* SSE and AVX state */
  const int zmm_state = (xcr0 & 0xe6) == 0xe6;        /* + opmask, ZMM_Hi256, Hi16_ZMM */
  unsigned b7 = 0, c7 = 0, d7 = 0, a7 = 0;
  if ((unsigned)__get_cpuid_max(0, NULL) >= 7u) __cpuid_count(7, 0, a7, b7, c7, d7);
  const int avx2 = (b7 >> 5) & 1, bmi1 = (b7 >> 3) & 1, bmi2 = (b7 >> 8) & 1;
  const int f = (b7 >> 16) & 1, dq = (b7 >> 17) & 1, cd = (b7 >> 28) & 1;
  const int bw = (b7 >> 30) & 1, vl = (b7 >> 31) & 1;
  cpu->has_avx2 = avx && avx2 && fma && bmi1 && bmi2 && popcnt && ymm_state;
  cpu->has_avx512 = cpu->has_avx2 && f && dq && cd && bw && vl && zmm_state;

  unsigned brand[12] = {0};
  if ((unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
    for (unsigned i = 0; i < 3; ++i)
      __get_cpuid(0x80000002u + i, &brand[4 * i], &brand[4 * i + 1], &brand[4 * i + 2],
                  &brand[4 * i + 3]);
    memcpy(cpu->name, brand, 48);
  }
}
#elif defined(__aarch64__)
#include <sys/auxv.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1)
#endif
static void detect(sgk_cpu *cpu) {
  cpu->has_neon = (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
  strcpy(cpu->name, "aarch64");
}
#else
static void detect(sgk_cpu *cpu) { strcpy(cpu->name, "unknown"); }
#endif

static sgk_cpu the_cpu;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static size_t cache_size(int name) {
  long v = sysconf(name);
  return v > 0 ? (size_t)v : 0;
}

static void init_cpu(void) {
  detect(&the_cpu);
  /* Trim the padding CPUID brand strings carry. */
  char *s = the_cpu.name;
  while (*s == ' ') ++s;
  memmove(the_cpu.name, s, strlen(s) + 1);
  for (size_t n = strlen(the_cpu.name); n > 0 && the_cpu.name[n - 1] == ' '; --n)
    the_cpu.name[n - 1] = '\0';
  if (the_cpu.name[0] == '\0') strcpy(the_cpu.name, "unknown");
#ifdef _SC_LEVEL1_DCACHE_SIZE
  the_cpu.l1d = cache_size(_SC_LEVEL1_DCACHE_SIZE);
  the_cpu.l2 = cache_size(_SC_LEVEL2_CACHE_SIZE);
  the_cpu.l3 = cache_size(_SC_LEVEL3_CACHE_SIZE);
#else
  (void)cache_size;
#endif
}

const sgk_cpu *sgk__cpu(void) {
  pthread_once(&once, init_cpu);
  return &the_cpu;
}
