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

/* The sub-group size tuner (tune.c), keyed by (kernel, ISA, range, team size, the launch option
 * tune_key). pick: the size a
 * tuned launch runs, among the sizes of fits (bit i: size 8 << i, whose SLM fits the launch;
 * fallback if none does or the tuner cannot keep an entry); *slot >= 0 marks a measuring
 * launch, which must report its time (0: it failed) with record. query: the choice (0: none yet)
 * and the fastest measured launch per size 8, 16, 32. */
uint32_t sgk__tune_pick(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                        uint64_t key, uint32_t fallback, unsigned fits, int *slot);
void sgk__tune_record(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                      uint64_t key, uint32_t w, uint64_t ns);
sgk_status sgk__tune_query(const sgk_kernel *k, sgk_isa isa, const sgk_range *r, uint32_t threads,
                           uint64_t key, uint32_t *w, uint64_t best_ns[3]);

#endif
