/* Sub-group size tuning (sgk_launch_options.tune): per (kernel, ISA, range, team size, tune_key),
 * the first
 * launches measure each compiled size SGK_TUNE_ROUNDS times, round-robin, and the later ones run
 * the size whose fastest launch was fastest. Entries live for the process, under one mutex (a
 * lookup per tuned launch: a short list scan); decisions are appended to SGK_TUNE_FILE. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct tune_entry {
  const sgk_kernel *kernel; /* NULL: read from the file, matched by name until first used */
  char name[64];
  sgk_isa isa;
  uint32_t dims, threads;
  uint64_t key; /* the launch option tune_key */
  size_t global[3], local[3];
  uint32_t cand[3], ncand;   /* the sizes measured, in the order tried */
  uint32_t handed, recorded; /* measuring launches started / finished */
  uint64_t best_ns[3];       /* per size index 0, 1, 2 (W 8, 16, 32): fastest launch; 0 none */
  uint32_t chosen;           /* 0 while measuring */
} tune_entry;

static pthread_mutex_t tune_lock = PTHREAD_MUTEX_INITIALIZER;
static tune_entry *entries;
static size_t entry_count, entry_cap;
static int file_read;

static int size_index(uint32_t w) { return w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : -1; }

static tune_entry *append_entry(void) {
  if (entry_count == entry_cap) {
    const size_t cap = entry_cap ? 2 * entry_cap : 16;
    tune_entry *grown = realloc(entries, cap * sizeof *grown);
    if (!grown) return NULL;
    entries = grown;
    entry_cap = cap;
  }
  tune_entry *e = &entries[entry_count++];
  memset(e, 0, sizeof *e);
  return e;
}

/* One line per choice: "sgk-tune 2 NAME ISA KEY DIMS G0 G1 G2 L0 L1 L2 THREADS W" (KEY the
 * tune_key in decimal). A version 1 line (no KEY; written before tune_key) holds for key 0. Lines
 * that do not parse (another version, a torn write) are skipped. */
static void read_file(void) {
  const char *path = getenv("SGK_TUNE_FILE");
  if (!path || !*path) return;
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char name[64], isa_name[32];
    unsigned dims, threads, w;
    uint64_t key = 0;
    size_t g[3], l[3];
    sgk_isa isa;
    if (sscanf(line, "sgk-tune 2 %63s %31s %" SCNu64 " %u %zu %zu %zu %zu %zu %zu %u %u", name,
               isa_name, &key, &dims, &g[0], &g[1], &g[2], &l[0], &l[1], &l[2], &threads,
               &w) != 12 &&
        sscanf(line, "sgk-tune 1 %63s %31s %u %zu %zu %zu %zu %zu %zu %u %u", name, isa_name, &dims,
               &g[0], &g[1], &g[2], &l[0], &l[1], &l[2], &threads, &w) != 11)
      continue;
    if (sgk_isa_from_name(isa_name, &isa) != SGK_SUCCESS || size_index(w) < 0 || dims < 1 ||
        dims > 3)
      continue;
    tune_entry *e = append_entry();
    if (!e) break;
    snprintf(e->name, sizeof e->name, "%s", name);
    e->isa = isa;
    e->dims = dims;
    e->threads = threads;
    e->key = key;
    memcpy(e->global, g, sizeof g);
    memcpy(e->local, l, sizeof l);
    e->chosen = w;
  }
  fclose(f);
}

static void write_choice(const tune_entry *e) {
  const char *path = getenv("SGK_TUNE_FILE");
  if (!path || !*path || !e->kernel->name) return;
  FILE *f = fopen(path, "a");
  if (!f) return; /* the choice still holds for this process */
  fprintf(f, "sgk-tune 2 %s %s %" PRIu64 " %u %zu %zu %zu %zu %zu %zu %u %u\n", e->kernel->name,
          sgk_isa_name(e->isa), e->key, e->dims, e->global[0], e->global[1], e->global[2],
          e->local[0], e->local[1], e->local[2], e->threads, e->chosen);
  fclose(f);
}

static int same_shape(const tune_entry *e, sgk_isa isa, const sgk_range *r, uint32_t threads,
                      uint64_t key) {
  if (e->isa != isa || e->dims != r->dims || e->threads != threads || e->key != key) return 0;
  for (uint32_t d = 0; d < r->dims; ++d)
    if (e->global[d] != r->global[d] || e->local[d] != r->local[d]) return 0;
  return 1;
}

/* A file entry holds a choice but no measurements: its candidates, for a launch whose SLM does not
 * fit the choice, are the kernel's compiled sizes nearest the choice first (the smaller ones
 * downwards, then the larger upwards), so such a launch runs the fitting size nearest the one
 * measured fastest rather than the native one. */
static void claim_sizes(tune_entry *e) {
  static const uint32_t order[3][3] = {{8, 16, 32}, {16, 8, 32}, {32, 16, 8}};
  const uint32_t *o = order[size_index(e->chosen)];
  e->ncand = 0;
  for (int i = 0; i < 3; ++i)
    if (sgk_kernel_has_variant(e->kernel, e->isa, o[i])) e->cand[e->ncand++] = o[i];
}

/* The entry of this key, made when absent (make: 1) with the compiled sizes among fits (bit i:
 * size index i) as its candidates; NULL if absent, out of memory, or no candidate. Under
 * tune_lock. A file entry of the same name is claimed by the first kernel that matches it, unless
 * its size was not compiled for this kernel (then it is ignored and measured anew). */
static tune_entry *find(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                        uint64_t key, int make, unsigned fits) {
  if (!file_read) {
    read_file();
    file_read = 1;
  }
  for (size_t i = 0; i < entry_count; ++i) {
    tune_entry *e = &entries[i];
    if (!same_shape(e, isa, r, threads, key)) continue;
    if (e->kernel == k) return e;
    if (!e->kernel && k->name && strcmp(e->name, k->name) == 0 &&
        sgk_kernel_has_variant(k, isa, e->chosen)) {
      e->kernel = k;
      claim_sizes(e);
      return e;
    }
  }
  if (!make) return NULL;
  tune_entry *e = append_entry();
  if (!e) return NULL;
  e->kernel = k;
  snprintf(e->name, sizeof e->name, "%s", k->name ? k->name : "");
  e->isa = isa;
  e->dims = r->dims;
  e->threads = threads;
  e->key = key;
  for (uint32_t d = 0; d < r->dims; ++d) {
    e->global[d] = r->global[d];
    e->local[d] = r->local[d];
  }
  static const uint32_t sizes[3] = {8, 16, 32};
  for (int i = 0; i < 3; ++i)
    if (sgk_kernel_has_variant(k, isa, sizes[i]) && (fits >> i & 1u))
      e->cand[e->ncand++] = sizes[i];
  if (!e->ncand) { /* nothing to measure: a later launch whose SLM fits makes the entry */
    --entry_count;
    return NULL;
  }
  return e;
}

/* For a launch that cannot run the entry's choice or its next measurement (its args make that
 * size's SLM too large): the fastest measured size that fits, else the first candidate that fits,
 * else fallback (the launch then fails at it and says why). */
static uint32_t fitting(const tune_entry *e, unsigned fits, uint32_t fallback) {
  uint32_t w = 0;
  uint64_t best = 0;
  for (uint32_t i = 0; i < e->ncand; ++i) {
    const int si = size_index(e->cand[i]);
    if (!(fits >> si & 1u)) continue;
    const uint64_t t = e->best_ns[si];
    if (!w || (t && (!best || t < best))) {
      if (t) best = t;
      w = e->cand[i];
    }
  }
  return w ? w : fallback;
}

uint32_t sgk__tune_pick(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                        uint64_t key, uint32_t fallback, unsigned fits, int *slot) {
  *slot = -1;
  pthread_mutex_lock(&tune_lock);
  uint32_t w = fallback;
  tune_entry *e = find(k, isa, r, threads, key, 1, fits);
  if (e && e->chosen) {
    w = fits >> size_index(e->chosen) & 1u ? e->chosen : fitting(e, fits, fallback);
  } else if (e && e->ncand) {
    const uint32_t total = e->ncand * SGK_TUNE_ROUNDS;
    if (e->handed < total && fits >> size_index(e->cand[e->handed % e->ncand]) & 1u) {
      *slot = (int)e->handed++;
      w = e->cand[(uint32_t)*slot % e->ncand];
    } else { /* every measuring launch handed out, some still running, or the next one's size
              * does not fit this launch: the best so far */
      w = fitting(e, fits, fallback);
    }
  }
  pthread_mutex_unlock(&tune_lock);
  return w;
}

void sgk__tune_record(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                      uint64_t key, uint32_t w, uint64_t ns) {
  pthread_mutex_lock(&tune_lock);
  tune_entry *e = find(k, isa, r, threads, key, 0, 0);
  if (e && !e->chosen) {
    uint64_t *best = &e->best_ns[size_index(w)];
    if (ns && (!*best || ns < *best)) *best = ns;
    if (++e->recorded == e->ncand * SGK_TUNE_ROUNDS) {
      uint64_t fastest = 0;
      for (uint32_t i = 0; i < e->ncand; ++i) {
        const uint64_t t = e->best_ns[size_index(e->cand[i])];
        if (t && (!fastest || t < fastest)) {
          fastest = t;
          e->chosen = e->cand[i];
        }
      }
      if (!e->chosen) e->chosen = e->cand[0]; /* every measurement failed: the first size */
      write_choice(e);
    }
  }
  pthread_mutex_unlock(&tune_lock);
}

sgk_status sgk__tune_query(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                           uint64_t key, uint32_t *w, uint64_t best_ns[3]) {
  pthread_mutex_lock(&tune_lock);
  const tune_entry *e = find(k, isa, r, threads, key, 0, 0);
  *w = e ? e->chosen : 0;
  if (best_ns)
    for (int i = 0; i < 3; ++i) best_ns[i] = e ? e->best_ns[i] : 0;
  pthread_mutex_unlock(&tune_lock);
  return SGK_SUCCESS;
}

void sgk_tune_reset(void) {
  pthread_mutex_lock(&tune_lock);
  free(entries);
  entries = NULL;
  entry_count = entry_cap = 0;
  file_read = 0;
  pthread_mutex_unlock(&tune_lock);
}
