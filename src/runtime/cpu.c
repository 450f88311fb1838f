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

/* CPUID's vendor string, 12 characters (x86); "" elsewhere. */
static void read_vendor(char v[13]) {
  v[0] = '\0';
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return;
  memcpy(v, &b, 4);
  memcpy(v + 4, &d, 4);
  memcpy(v + 8, &c, 4);
  v[12] = '\0';
#endif
}

/* Whether the CPU's vendor is want (read by init_cpu before anything asks). */
static int cpu_vendor_is(const char *want) { return strcmp(the_cpu.vendor, want) == 0; }

/* An environment variable's value sgk does not know: the first one makes every launch fail, naming
 * it and the values it takes (cpu->env_error). */
static void unknown_value(sgk_cpu *cpu, const char *name, const char *value, const char *use) {
  if (!cpu->env_error[0])
    snprintf(cpu->env_error, sizeof cpu->env_error, "%s='%s': use %s", name, value, use);
}

/* Whether private-array adds should gather, add and scatter rather than go lane by lane: on
 * Intel, whose AVX-512 scatters are fast (hist/private 1.11x / 1.20x at W 16 / 32 on a Xeon,
 * family 6 model 207); not on AMD, whose scatters are microcoded (lane by lane 1.9-2.8x faster
 * on Zen 4). Only the AVX-512 backend at W 16 and 32 has a vector path; the others go lane by
 * lane whatever this says. */
static int vendor_fast_scatter(void) { return cpu_vendor_is("GenuineIntel"); }

/* The share of a window's taps slid rather than loaded (sgk_slide_quarters) where this CPU's
 * best differs from the backend's, as a table row: ISA, W, the share.
 * - AVX-512 at W 16 (a zmm sub-group), 3 on AMD family 26 (Zen 5), where the backend's 2 was
 *   measured on Zen 4: Zen 5's loads that cross a cache line take two of its two 512-bit load
 *   slots a cycle (A/B against 2: conv/global 1.24x, conv/slm 1.16x; all 4: 1.15-1.25x; README,
 *   "The window's share per CPU").
 * - AVX2 at W 8 (a ymm sub-group), 0 (every tap loaded) on every CPU but AMD's: the backend's 3
 *   was measured on Zen 5 (README, "Slides by a constant in one instruction"); on Intel the
 *   slide's vperm2i128 and vpalignr both take port 5 beside the adds, and 0, what the backend did
 *   before, stays until measured there. */
typedef struct {
  sgk_isa isa;
  uint32_t w, share;
  int (*here)(void); /* whether the row is this CPU's */
} slide_row;

static int amd_family_26_or_later(void) {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!cpu_vendor_is("AuthenticAMD") || !__get_cpuid(1, &a, &b, &c, &d)) return 0;
  return ((a >> 8) & 0xFu) + ((a >> 20) & 0xFFu) >= 26; /* base + extended family */
#else
  return 0;
#endif
}
static int amd(void) { return cpu_vendor_is("AuthenticAMD"); }
static int not_amd(void) { return !amd(); }

static const slide_row slide_rows[] = {
    {SGK_ISA_AVX512, 16, 3, amd_family_26_or_later},
    {SGK_ISA_AVX2, 8, 0, not_amd},
};

/* Fills cpu->slide_choice once: SGK_SLIDE_QUARTERS=0..4 for every variant, else the rows above
 * that are this CPU's, else 0 (the variant's own share). */
static void read_slide(sgk_cpu *cpu) {
  const char *v = getenv("SGK_SLIDE_QUARTERS");
  memset(cpu->slide_choice, 0, sizeof cpu->slide_choice);
  if (v && *v && strcmp(v, "auto") != 0) {
    if (v[0] < '0' || v[0] > '4' || v[1] != '\0') {
      unknown_value(cpu, "SGK_SLIDE_QUARTERS", v, "0, 1, 2, 3, 4 or auto");
      return;
    }
    memset(cpu->slide_choice, v[0] - '0' + 1, sizeof cpu->slide_choice);
    return;
  }
  for (size_t i = 0; i < sizeof slide_rows / sizeof *slide_rows; ++i)
    if (slide_rows[i].here())
      cpu->slide_choice[slide_rows[i].isa][sgk__w_slot(slide_rows[i].w)] =
          (uint8_t)(slide_rows[i].share + 1);
}

/* The side of the blocks of tiles a tiled kernel takes (sgk_tile_block) where this CPU's best
 * differs from the variant's own, as a table row: W, the side, the CPU; every ISA.
 * - W 32, 8 on AMD: the transpose's own 4 at W 32 (kernels/transpose.c) was measured on an Intel
 *   Xeon (family 6 model 207: 1.12-1.17x of blocks of 8), and on AMD Zen 4 it read 0.81x of W 16
 *   against 0.86x with 8 (README, "The block by CPU"). */
typedef struct {
  uint32_t w, side;
  int (*here)(void); /* whether the row is this CPU's */
} tile_row;

static const tile_row tile_rows[] = {
    {32, 8, amd},
};

/* Fills cpu->tile_block once: the rows above that are this CPU's, else 0 (the variant's own). */
static void read_tile_block(sgk_cpu *cpu) {
  memset(cpu->tile_block, 0, sizeof cpu->tile_block);
  for (size_t i = 0; i < sizeof tile_rows / sizeof *tile_rows; ++i)
    if (tile_rows[i].here())
      cpu->tile_block[sgk__w_slot(tile_rows[i].w)] = (uint8_t)tile_rows[i].side;
}

/* A yes/no choice by CPU: `here` unless the environment variable `name` says 0 or 1 (unset, empty
 * or auto: `here`; another value is an unknown_value). */
static void read_switch(sgk_cpu *cpu, const char *name, int here, int *out) {
  const char *v = getenv(name);
  *out = here;
  if (!v || !*v || strcmp(v, "auto") == 0) return;
  if (strcmp(v, "0") == 0 || strcmp(v, "1") == 0) {
    *out = v[0] - '0';
    return;
  }
  unknown_value(cpu, name, v, "0, 1 or auto");
}

/* Whether kernels prefetch the lines ahead in the streams they read in order (sgk_stream_prefetch):
 * not on Intel, where they only cost (a Xeon of family 6 model 207, avx2 and avx512 at W 16 and 32:
 * the reduction 0.99-1.21x, median 1.15x, and the triple product 1.06-1.17x faster without them;
 * model 167 within noise), while on AMD Zen 4, where they were written, they gained 1.02-1.68x
 * (README, "The stream prefetches by CPU"). Other CPUs keep them. */
static int vendor_stream_prefetch(void) { return !cpu_vendor_is("GenuineIntel"); }

static void init_cpu(void) {
#define SGK__PROBE(E, name, value, w, A) the_cpu.runs[value] = sgk__probe_##name() != 0;
  SGK_ISA_LIST(SGK__PROBE)
#undef SGK__PROBE
  read_name(the_cpu.name, sizeof the_cpu.name);
  read_vendor(the_cpu.vendor);
  read_switch(&the_cpu, "SGK_FAST_SCATTER", vendor_fast_scatter(), &the_cpu.fast_scatter);
  read_switch(&the_cpu, "SGK_STREAM_PREFETCH", vendor_stream_prefetch(), &the_cpu.stream_prefetch);
  read_slide(&the_cpu);
  read_tile_block(&the_cpu);
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
