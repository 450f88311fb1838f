/* Family registry, the runner, and helpers shared by the host sides. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

#define SGK_FAMILY(name) extern const sgk_family sgk_family_##name;
#include "families.inc"
#undef SGK_FAMILY

const sgk_family *const sgk_families[] = {
#define SGK_FAMILY(name) &sgk_family_##name,
#include "families.inc"
#undef SGK_FAMILY
};
const size_t sgk_family_count = sizeof sgk_families / sizeof sgk_families[0];

const sgk_family *sgk_family_find(const char *name) {
  for (size_t i = 0; name && i < sgk_family_count; ++i)
    if (strcmp(sgk_families[i]->name, name) == 0) return sgk_families[i];
  return NULL;
}

void *sgk_host_alloc(size_t bytes) {
  const size_t rounded = (bytes + 63) & ~(size_t)63;
  if (rounded < bytes) return NULL;
  void *p = aligned_alloc(64, rounded ? rounded : 64);
  if (p) memset(p, 0, rounded ? rounded : 64);
  return p;
}

void sgk_host_fill(void *p, int byte, size_t bytes, const sgk_launch_options *o) {
  const int threads = o && o->threads ? (int)o->threads : omp_get_max_threads();
  if (threads <= 1 || bytes < ((size_t)1 << 16)) {
    memset(p, byte, bytes);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    const size_t t = (size_t)omp_get_thread_num(), n = (size_t)omp_get_num_threads();
    const size_t begin = bytes / n * t + (t < bytes % n ? t : bytes % n);
    const size_t len = bytes / n + (t < bytes % n);
    memset((char *)p + begin, byte, len);
  }
}

void sgk_host_teardown(sgk_case *c) {
  sgk_bufs *b = c->state; /* the first member of every state */
  if (b) sgk_bufs_free(b);
  free(c->state);
  c->state = NULL;
}

uint32_t sgk_host_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)((z ^ (z >> 31)) >> 16);
}

static int cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Runs at least `reps` launches and keeps going until 20 ms of kernel time have accumulated
 * (at most 10000), so that the median of a microsecond kernel is not one scheduler hiccup. */
sgk_status sgk_run_family(const sgk_family *f, sgk_case *c, const sgk_launch_options *o, int reps,
                          sgk_run_result *r) {
  enum { MAX_REPS = 10000 };
  const double min_total_s = 0.02;
  memset(r, 0, sizeof *r);
  if (reps < 1) reps = 1;
  if (reps > MAX_REPS) reps = MAX_REPS;
  double *t = malloc(MAX_REPS * sizeof *t);
  if (!t) {
    snprintf(r->message, sizeof r->message, "out of memory");
    return SGK_ERROR_OUT_OF_MEMORY;
  }
  sgk_isa isa;
  sgk_status st = sgk_resolve_isa(o->isa, &isa);
  c->sg = o->sub_group_size ? o->sub_group_size : sgk_isa_native_sub_group_size(isa);
  int done = 0;
  double total = 0.0;
  while (st == SGK_SUCCESS && done < MAX_REPS && (done < reps || total < min_total_s)) {
    st = f->launch(c, o, &r->info);
    t[done] = (double)(r->info.end_ns - r->info.start_ns) * 1e-9;
    total += t[done++];
  }
  if (st != SGK_SUCCESS) {
    snprintf(r->message, sizeof r->message, "%s: %s", sgk_status_string(st), sgk_last_error());
    free(t);
    return st;
  }
  qsort(t, (size_t)done, sizeof *t, cmp_double);
  r->reps = done;
  r->min_s = t[0];
  r->median_s = done % 2 ? t[done / 2] : 0.5 * (t[done / 2 - 1] + t[done / 2]);
  r->rate = r->median_s > 0 ? c->work / r->median_s * 1e-9 : 0.0;
  const char *bad = f->check(c);
  r->verified = bad == NULL;
  if (bad) snprintf(r->message, sizeof r->message, "%s", bad);
  free(t);
  return SGK_SUCCESS;
}
