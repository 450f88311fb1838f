/* The CPU: which backends it runs (the probes of src/<isa>/, asked once), its name and caches. */
#define _GNU_SOURCE /* sysconf cache-size names */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "internal.h"
#include "probe.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static sgk_cpu the_cpu;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static size_t cache_size(int name) {
  long v = sysconf(name);
  return v > 0 ? (size_t)v : 0;
}

/* "model name" from /proc/cpuinfo (x86), else the machine name. */
static void read_name(char *name, size_t size) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[256];
  name[0] = '\0';
  while (f && fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) != 0) continue;
    const char *v = strchr(line, ':');
    if (!v) break;
    for (++v; *v == ' ' || *v == '\t'; ++v) {}
    snprintf(name, size, "%s", v);
    name[strcspn(name, "\n")] = '\0';
    break;
  }
  if (f) fclose(f);
  struct utsname u;
  if (!name[0] && uname(&u) == 0) {
    const size_t n = strnlen(u.machine, size - 1);
    memcpy(name, u.machine, n);
    name[n] = '\0';
  }
  if (!name[0]) snprintf(name, size, "unknown");
}

/* Whether CPUID's vendor string is v (x86; elsewhere never). */
static int cpu_vendor_is(const char *want) {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return 0;
  char v[13];
  memcpy(v, &b, 4);
  memcpy(v + 4, &d, 4);
  memcpy(v + 8, &c, 4);
  v[12] = '\0';
  return strcmp(v, want) == 0;
#else
  (void)want;
  return 0;
#endif
}

/* Whether private-array adds should gather, add and scatter rather than go lane by lane: on
 * Intel, whose AVX-512 scatters are fast (hist/private 1.11x / 1.20x at W 16 / 32 on a Xeon,
 * family 6 model 207); not on AMD, whose scatters are microcoded (lane by lane 1.9-2.8x faster
 * on Zen 4). Only the AVX-512 backend at W 16 and 32 has a vector path; the others go lane by
 * lane whatever this says. */
static int vendor_fast_scatter(void) { return cpu_vendor_is("GenuineIntel"); }

/* The share of the convolution window's taps slid rather than loaded on AVX-512 at W 16 (a zmm
 * sub-group), where the backend's own 2 was measured on AMD Zen 4: on Zen 5 (family 26), whose
 * loads that cross a cache line take two of its two 512-bit load slots a cycle, 3 of every 4
 * (A/B against 2: conv/global 1.24x, conv/slm 1.16x; all 4: 1.15-1.25x; README, "The window's
 * share per CPU"). Elsewhere (Zen 4, Intel) -1: the backend's. */
static int vendor_slide_zmm(void) {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!cpu_vendor_is("AuthenticAMD") || !__get_cpuid(1, &a, &b, &c, &d)) return -1;
  const unsigned family = ((a >> 8) & 0xFu) + ((a >> 20) & 0xFFu); /* base + extended */
  return family >= 26 ? 3 : -1;
#else
  return -1;
#endif
}

/* The share on AVX2 at W 8 (a ymm sub-group): the backend's 3 was measured on AMD Zen 5 (README,
 * "Slides by a constant in one instruction"). On Intel, the slide's vperm2i128 and vpalignr both
 * take port 5 beside the adds, and 0 (every tap loaded, as the backend did before) is kept until
 * measured: 0 there, -1 (the backend's) on AMD. */
static int vendor_slide_ymm(void) { return cpu_vendor_is("AuthenticAMD") ? -1 : 0; }

static void read_slide(sgk_cpu *cpu) {
  const char *v = getenv("SGK_SLIDE_QUARTERS");
  cpu->slide_all = -1;
  cpu->slide_zmm = vendor_slide_zmm();
  cpu->slide_ymm = vendor_slide_ymm();
  if (!v || !*v || strcmp(v, "auto") == 0) return;
  if (v[0] >= '0' && v[0] <= '4' && v[1] == '\0') {
    cpu->slide_all = v[0] - '0';
    return;
  }
  cpu->slide_all = -2;
  snprintf(cpu->slide_env, sizeof cpu->slide_env, "%s", v);
}

static void read_fast_scatter(sgk_cpu *cpu) {
  const char *v = getenv("SGK_FAST_SCATTER");
  cpu->fast_scatter = vendor_fast_scatter();
  if (!v || !*v || strcmp(v, "auto") == 0) return;
  if (strcmp(v, "0") == 0 || strcmp(v, "1") == 0) {
    cpu->fast_scatter = v[0] - '0';
    return;
  }
  cpu->fast_scatter = -1;
  snprintf(cpu->fast_scatter_env, sizeof cpu->fast_scatter_env, "%s", v);
}

static void init_cpu(void) {
#define SGK__PROBE(E, name, value, w, A) the_cpu.runs[value] = sgk__probe_##name() != 0;
  SGK_ISA_LIST(SGK__PROBE)
#undef SGK__PROBE
  read_name(the_cpu.name, sizeof the_cpu.name);
  read_fast_scatter(&the_cpu);
  read_slide(&the_cpu);
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
