/* The CPU: which backends it runs (the probes of src/<isa>/, asked once), its name and caches. */
#define _GNU_SOURCE /* sysconf cache-size names */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "internal.h"
#include "probe.h"

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

static void init_cpu(void) {
#define SGK__PROBE(E, name, value, w, A) the_cpu.runs[value] = sgk__probe_##name() != 0;
  SGK_ISA_LIST(SGK__PROBE)
#undef SGK__PROBE
  read_name(the_cpu.name, sizeof the_cpu.name);
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
