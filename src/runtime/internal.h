/* Runtime internals shared by the files of src/runtime. */
#ifndef SGK_RUNTIME_INTERNAL_H
#define SGK_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

#if defined(__GNUC__)
#define SGK_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define SGK_PRINTF_LIKE(f, a)
#endif

/* Records a detailed message for sgk_last_error() and returns status. */
sgk_status sgk__fail(sgk_status status, const char *fmt, ...) SGK_PRINTF_LIKE(2, 3);
void sgk__clear_error(void);

/* The CPU, detected once. */
typedef struct sgk_cpu {
  int runs[SGK_ISA_COUNT]; /* the backend's probe (src/<isa>/probe.c) says this CPU runs it */
  char name[64];
  char vendor[13]; /* CPUID's vendor string (x86), else "" */
  size_t l1d, l2, l3;
  /* sgk_wg.fast_scatter: 1 on Intel (AVX-512 scatters beat lane-by-lane private updates there),
   * 0 elsewhere; SGK_FAST_SCATTER=0|1 overrides it. */
  int fast_scatter;
  /* sgk_wg.slide_choice per ISA and W (sgk__w_slot): the window's share + 1 where this CPU's
   * best or SGK_SLIDE_QUARTERS says one, else 0 (the variant's own); a variant without a window
   * ignores it. */
  uint8_t slide_choice[SGK_ISA_COUNT][3];
  /* sgk_wg.tile_block per W (sgk__w_slot), the same at every ISA: this CPU's block of tiles
   * where it differs from the variant's own, else 0. */
  uint8_t tile_block[3];
  /* sgk_wg.stream_prefetch: 0 on Intel, 1 elsewhere; SGK_STREAM_PREFETCH=0|1 overrides it. */
  int stream_prefetch;
  /* The first of those variables (SGK_FAST_SCATTER, SGK_STREAM_PREFETCH, SGK_SLIDE_QUARTERS) set
   * to a value sgk does not know, as every launch then fails with it ("NAME='value': use ..."),
   * else "". */
  char env_error[96];
} sgk_cpu;
const sgk_cpu *sgk__cpu(void);
/* 0, 1, 2 for W 8, 16, 32 (the sub-group sizes sgk compiles). */
static inline uint32_t sgk__w_slot(uint32_t w) { return w == 8 ? 0u : w == 16 ? 1u : 2u; }

/* ISAs the library was built with, as a bit set (1u << isa). */
uint32_t sgk__isas_compiled(void);

/* ISAs a launch with SGK_TUNE_ISA and isa SGK_ISA_AUTO measures, in isas (returns how many):
 * def (the resolved ISA: the key's) first, then the others this CPU runs and the build has, in
 * list order; scalar only when nothing else runs. Only def when SGK_ISA is set (the environment
 * pins the ISA as the option would). */
uint32_t sgk__isas_tunable(sgk_isa def, sgk_isa isas[SGK_ISA_COUNT]);

/* The launch tuner (tune.c). A candidate is an ISA, a sub-group size w and a work-group size l of
 * the range's contiguous dimension (the other dimensions keep the range's); the key is (kernel,
 * the resolved ISA, the range as given, the team size for it, the launch option tune_key, the
 * tune bits). pick: the candidate a tuned launch runs, among the launch's cands (every compiled
 * size, with SGK_TUNE_WORK_GROUP every work-group size tried, with SGK_TUNE_ISA every ISA, in a
 * fixed order for the key) whose SLM fits (bit i of fits: cands[i]); fallback if none does or the
 * tuner cannot keep an entry; *slot >= 0 marks a measuring launch, which must report its time
 * (0: it failed) with record. query: the choice (w 0: none yet) and the fastest measured launch
 * per size 8, 16, 32. */
#define SGK__TUNE_MODES (SGK_TUNE_ON | SGK_TUNE_WORK_GROUP | SGK_TUNE_ISA)
typedef struct sgk__tune_cand {
  sgk_isa isa;
  uint32_t w;
  size_t l;
} sgk__tune_cand;
typedef struct sgk__tune_key {
  const sgk_kernel *kernel;
  sgk_isa isa;
  const sgk_range *range;
  uint32_t threads, mode;
  uint64_t key;
} sgk__tune_key;
sgk__tune_cand sgk__tune_pick(const sgk__tune_key *k, const sgk__tune_cand *cands, uint32_t ncand,
                              uint64_t fits, sgk__tune_cand fallback, int *slot);
void sgk__tune_record(const sgk__tune_key *k, sgk__tune_cand ran, uint64_t ns);
sgk_status sgk__tune_query(const sgk__tune_key *k, uint32_t *w, size_t *local, uint64_t best_ns[3]);

#endif
