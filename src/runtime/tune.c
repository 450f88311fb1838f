/* Launch tuning (sgk_launch_options.tune): per (kernel, ISA, range, team size, tune_key, what is
 * tuned), the first launches measure each candidate (a compiled sub-group size, with
 * SGK_TUNE_WORK_GROUP a work-group size of the contiguous dimension, with SGK_TUNE_ISA an ISA)
 * SGK_TUNE_ROUNDS times, round-robin, and the later ones run the candidate whose fastest launch was
 * fastest. Entries live for the process, under one mutex (a lookup per tuned launch: a short list
 * scan); decisions are appended to SGK_TUNE_FILE. */
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
  uint32_t dims, threads, mode; /* mode: the launch's tune bits */
  uint64_t key;                 /* the launch option tune_key */
  size_t global[3], local[3];
  sgk__tune_cand cand[SGK_TUNE_MAX_CANDIDATES]; /* the candidates measured, in the order tried */
  uint64_t best_ns[SGK_TUNE_MAX_CANDIDATES];    /* per candidate: fastest launch; 0 none */
  uint32_t ncand;
  uint32_t handed, recorded; /* measuring launches started / finished */
  int chosen;                /* index into cand; -1 while measuring */
  sgk__tune_cand file;       /* a file entry's choice, until a kernel claims it */
} tune_entry;

static pthread_mutex_t tune_lock = PTHREAD_MUTEX_INITIALIZER;
static tune_entry *entries;
static size_t entry_count, entry_cap;
static int file_read;

static int size_index(uint32_t w) { return w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : -1; }
static int same_cand(sgk__tune_cand a, sgk__tune_cand b) {
  return a.isa == b.isa && a.w == b.w && a.l == b.l;
}

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
  e->chosen = -1;
  return e;
}

/* One line per choice: "sgk-tune 3 NAME ISA KEY MODE DIMS G0 G1 G2 L0 L1 L2 THREADS CISA W WL"
 * (ISA the key's, the one SGK_ISA_AUTO resolved to; KEY the tune_key in decimal, MODE the tune
 * bits; CISA, W, WL the choice: its ISA, sub-group size and work-group size of the contiguous
 * dimension). Older lines read too: version 2 ("sgk-tune 2 NAME ISA KEY MODE DIMS G0 G1 G2 L0 L1
 * L2 THREADS W WL", before SGK_TUNE_ISA) chose the key's ISA; version 1 ("sgk-tune 1 NAME ISA
 * DIMS G0 G1 G2 L0 L1 L2 THREADS W", before tune_key and SGK_TUNE_WORK_GROUP) holds for key 0,
 * mode SGK_TUNE_ON, the range's own work-group. Lines that do not parse (another version, a torn
 * write) are skipped. */
static void read_file(void) {
  const char *path = getenv("SGK_TUNE_FILE");
  if (!path || !*path) return;
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char name[64], isa_name[32], cisa_name[32] = "";
    unsigned dims, threads, w, mode = SGK_TUNE_ON;
    uint64_t key = 0;
    size_t g[3], l[3], wl = 0;
    sgk_isa isa, cisa;
    if (sscanf(line,
               "sgk-tune 3 %63s %31s %" SCNu64 " %u %u %zu %zu %zu %zu %zu %zu %u %31s %u %zu",
               name, isa_name, &key, &mode, &dims, &g[0], &g[1], &g[2], &l[0], &l[1], &l[2],
               &threads, cisa_name, &w, &wl) != 15 &&
        sscanf(line, "sgk-tune 2 %63s %31s %" SCNu64 " %u %u %zu %zu %zu %zu %zu %zu %u %u %zu",
               name, isa_name, &key, &mode, &dims, &g[0], &g[1], &g[2], &l[0], &l[1], &l[2],
               &threads, &w, &wl) != 14 &&
        sscanf(line, "sgk-tune 1 %63s %31s %u %zu %zu %zu %zu %zu %zu %u %u", name, isa_name, &dims,
               &g[0], &g[1], &g[2], &l[0], &l[1], &l[2], &threads, &w) != 11)
      continue;
    if (!cisa_name[0]) snprintf(cisa_name, sizeof cisa_name, "%s", isa_name);
    if (sgk_isa_from_name(isa_name, &isa) != SGK_SUCCESS ||
        sgk_isa_from_name(cisa_name, &cisa) != SGK_SUCCESS || size_index(w) < 0 || dims < 1 ||
        dims > 3 || !mode || (mode & ~SGK__TUNE_MODES))
      continue;
    if (!wl) wl = l[dims - 1];
    if (!wl || (mode & SGK_TUNE_WORK_GROUP ? g[dims - 1] % wl : wl != l[dims - 1])) continue;
    tune_entry *e = append_entry();
    if (!e) break;
    snprintf(e->name, sizeof e->name, "%s", name);
    e->isa = isa;
    e->dims = dims;
    e->threads = threads;
    e->mode = mode;
    e->key = key;
    memcpy(e->global, g, sizeof g);
    memcpy(e->local, l, sizeof l);
    e->file = (sgk__tune_cand){cisa, w, wl};
  }
  fclose(f);
}

static void write_choice(const tune_entry *e) {
  const char *path = getenv("SGK_TUNE_FILE");
  if (!path || !*path || !e->kernel->name) return;
  FILE *f = fopen(path, "a");
  if (!f) return; /* the choice still holds for this process */
  const sgk__tune_cand c = e->cand[e->chosen];
  fprintf(f, "sgk-tune 3 %s %s %" PRIu64 " %u %u %zu %zu %zu %zu %zu %zu %u %s %u %zu\n",
          e->kernel->name, sgk_isa_name(e->isa), e->key, e->mode, e->dims, e->global[0],
          e->global[1], e->global[2], e->local[0], e->local[1], e->local[2], e->threads,
          sgk_isa_name(c.isa), c.w, c.l);
  fclose(f);
}

static int same_shape(const tune_entry *e, const sgk__tune_key *k) {
  if (e->isa != k->isa || e->dims != k->range->dims || e->threads != k->threads ||
      e->key != k->key || e->mode != k->mode)
    return 0;
  for (uint32_t d = 0; d < e->dims; ++d)
    if (e->global[d] != k->range->global[d] || e->local[d] != k->range->local[d]) return 0;
  return 1;
}

/* The entry of this key, made when absent (make: 1) with the candidates of the launch (cands,
 * the ones that fit its SLM in fits: bit i for cands[i]); NULL if absent, out of memory, or no
 * candidate fits. Under tune_lock. A file entry of the same name is claimed by the first kernel
 * that matches it, with every candidate of the launch (their times unknown) and its choice,
 * unless the choice is not among them (a size not compiled for this kernel): then it is ignored
 * and measured anew. */
static tune_entry *find(const sgk__tune_key *k, const sgk__tune_cand *cands, uint32_t ncand,
                        int make, uint64_t fits) {
  if (!file_read) {
    read_file();
    file_read = 1;
  }
  for (size_t i = 0; i < entry_count; ++i) {
    tune_entry *e = &entries[i];
    if (!same_shape(e, k)) continue;
    if (e->kernel == k->kernel) return e;
    if (e->kernel || !k->kernel->name || strcmp(e->name, k->kernel->name) != 0) continue;
    for (uint32_t c = 0; c < ncand; ++c)
      if (same_cand(cands[c], e->file)) {
        e->kernel = k->kernel;
        memcpy(e->cand, cands, ncand * sizeof *cands);
        e->ncand = ncand;
        e->chosen = (int)c;
        return e;
      }
  }
  if (!make) return NULL;
  tune_entry *e = append_entry();
  if (!e) return NULL;
  e->kernel = k->kernel;
  snprintf(e->name, sizeof e->name, "%s", k->kernel->name ? k->kernel->name : "");
  e->isa = k->isa;
  e->dims = k->range->dims;
  e->threads = k->threads;
  e->mode = k->mode;
  e->key = k->key;
  for (uint32_t d = 0; d < e->dims; ++d) {
    e->global[d] = k->range->global[d];
    e->local[d] = k->range->local[d];
  }
  for (uint32_t c = 0; c < ncand; ++c)
    if (fits >> c & 1u) e->cand[e->ncand++] = cands[c];
  if (!e->ncand) { /* nothing to measure: a later launch whose SLM fits makes the entry */
    --entry_count;
    return NULL;
  }
  return e;
}

/* Whether the entry's candidate i fits this launch (its index among the launch's cands in fits). */
static int fits_launch(const tune_entry *e, uint32_t i, const sgk__tune_cand *cands, uint32_t ncand,
                       uint64_t fits) {
  for (uint32_t c = 0; c < ncand; ++c)
    if (same_cand(cands[c], e->cand[i])) return (int)(fits >> c & 1u);
  return 0;
}

/* For a launch that cannot run the entry's choice or its next measurement (its args make that
 * candidate's SLM too large): the fastest measured candidate that fits; with none measured (a
 * choice read from the file) the one nearest the choice: the same ISA first, then the same
 * work-group size, then the sub-group size nearest it, the smaller before the larger; else
 * fallback (the launch then fails at it and says why). */
static sgk__tune_cand fitting(const tune_entry *e, const sgk__tune_cand *cands, uint32_t ncand,
                              uint64_t fits, sgk__tune_cand fallback) {
  int best = -1;
  for (uint32_t i = 0; i < e->ncand; ++i)
    if (e->best_ns[i] && fits_launch(e, i, cands, ncand, fits) &&
        (best < 0 || e->best_ns[i] < e->best_ns[best]))
      best = (int)i;
  if (best >= 0) return e->cand[best];
  const sgk__tune_cand want = e->chosen >= 0 ? e->cand[e->chosen] : e->cand[0];
  unsigned best_score = ~0u;
  for (uint32_t i = 0; i < e->ncand; ++i) {
    if (!fits_launch(e, i, cands, ncand, fits)) continue;
    const int d = size_index(e->cand[i].w) - size_index(want.w);
    const unsigned score = (e->cand[i].isa != want.isa) * 64u + (e->cand[i].l != want.l) * 16u +
                           (unsigned)(d < 0 ? -2 * d : 2 * d + 1);
    if (score < best_score) {
      best_score = score;
      best = (int)i;
    }
  }
  return best >= 0 ? e->cand[best] : fallback;
}

sgk__tune_cand sgk__tune_pick(const sgk__tune_key *k, const sgk__tune_cand *cands, uint32_t ncand,
                              uint64_t fits, sgk__tune_cand fallback, int *slot) {
  *slot = -1;
  pthread_mutex_lock(&tune_lock);
  sgk__tune_cand run = fallback;
  tune_entry *e = find(k, cands, ncand, 1, fits);
  if (e && e->chosen >= 0) {
    run = fits_launch(e, (uint32_t)e->chosen, cands, ncand, fits)
              ? e->cand[e->chosen]
              : fitting(e, cands, ncand, fits, fallback);
  } else if (e) {
    const uint32_t total = e->ncand * SGK_TUNE_ROUNDS;
    if (e->handed < total && fits_launch(e, e->handed % e->ncand, cands, ncand, fits)) {
      *slot = (int)e->handed++;
      run = e->cand[(uint32_t)*slot % e->ncand];
    } else { /* every measuring launch handed out, some still running, or the next one's
              * candidate does not fit this launch: the best so far */
      run = fitting(e, cands, ncand, fits, fallback);
    }
  }
  pthread_mutex_unlock(&tune_lock);
  return run;
}

void sgk__tune_record(const sgk__tune_key *k, sgk__tune_cand ran, uint64_t ns) {
  pthread_mutex_lock(&tune_lock);
  tune_entry *e = find(k, NULL, 0, 0, 0);
  if (e && e->chosen < 0) {
    for (uint32_t i = 0; i < e->ncand; ++i)
      if (same_cand(e->cand[i], ran) && ns && (!e->best_ns[i] || ns < e->best_ns[i]))
        e->best_ns[i] = ns;
    if (++e->recorded == e->ncand * SGK_TUNE_ROUNDS) {
      for (uint32_t i = 0; i < e->ncand; ++i)
        if (e->best_ns[i] && (e->chosen < 0 || e->best_ns[i] < e->best_ns[e->chosen]))
          e->chosen = (int)i;
      if (e->chosen < 0) e->chosen = 0; /* every measurement failed: the first candidate */
      write_choice(e);
    }
  }
  pthread_mutex_unlock(&tune_lock);
}

sgk_status sgk__tune_query(const sgk__tune_key *k, uint32_t *w, size_t *local,
                           uint64_t best_ns[3]) {
  pthread_mutex_lock(&tune_lock);
  const tune_entry *e = find(k, NULL, 0, 0, 0);
  const int chosen = e && e->kernel ? e->chosen : -1;
  *w = chosen >= 0 ? e->cand[chosen].w : 0;
  if (local) *local = chosen >= 0 ? e->cand[chosen].l : 0;
  if (best_ns) {
    for (int i = 0; i < 3; ++i) best_ns[i] = 0;
    for (uint32_t i = 0; e && i < e->ncand; ++i) {
      uint64_t *b = &best_ns[size_index(e->cand[i].w)];
      if (e->best_ns[i] && (!*b || e->best_ns[i] < *b)) *b = e->best_ns[i];
    }
  }
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
