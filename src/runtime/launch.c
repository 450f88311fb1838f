#define _POSIX_C_SOURCE 200809L
/* sgk_launch: validation, variant choice, and the work-groups spread over OpenMP threads.
 * A work-group runs whole on one thread; its barriers are the phase boundaries inside the variant
 * function, so there is nothing to synchronize here but the end of the launch. */
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "sgk/workgroup.h"

/* ---- per-thread SLM arena: allocated on the thread's first launch with SLM, reused by every
 * later work-group and launch on that thread, freed when the thread exits. */
typedef struct arena {
  void *base;
  size_t bytes;
} arena;

static _Thread_local arena tls_arena;

/* The arena past the launch's slm_bytes. Under AddressSanitizer it is poisoned, so a kernel that
 * writes beyond the SLM it was given is reported where it does. Elsewhere the SGK__SLM_GUARD bytes
 * right after it are set to a pattern when a launch takes the arena (arena_fence) and compared
 * when its work-groups are done (arena_overrun): a kernel that writes past its SLM (a sub-group's
 * store with lanes past the end, a second buffer it did not declare) fails the launch. Every
 * arena is SGK__ARENA_BYTES, whatever the launch declares: twice local_mem_size, so such a
 * store stays in the arena, off the heap, as long as it stays below twice the limit (a
 * kernel that ping-pongs two buffers and declares one: 4 KiB past its SLM at a work-group of 1024
 * ints, which overwrote malloc's next chunk when the arena was the launch's size). */
#if defined(__SANITIZE_ADDRESS__)
#define SGK__ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SGK__ASAN 1
#endif
#endif
#ifdef SGK__ASAN
#include <sanitizer/asan_interface.h>
static void arena_fence(void *base, size_t used, size_t size) {
  ASAN_UNPOISON_MEMORY_REGION(base, used);
  ASAN_POISON_MEMORY_REGION((char *)base + used, size - used);
}
static int arena_overrun(const void *base, size_t used) {
  (void)base;
  (void)used;
  return 0;
}
#else
#define SGK__SLM_GUARD 64u
#define SGK__SLM_GUARD_BYTE 0xA5
static void arena_fence(void *base, size_t used, size_t size) {
  (void)size; /* size >= used + SGK__SLM_GUARD */
  memset((char *)base + used, SGK__SLM_GUARD_BYTE, SGK__SLM_GUARD);
}
static int arena_overrun(const void *base, size_t used) {
  const unsigned char *g = (const unsigned char *)base + used;
  for (size_t i = 0; i < SGK__SLM_GUARD; ++i)
    if (g[i] != SGK__SLM_GUARD_BYTE) return 1;
  return 0;
}
#endif
static pthread_key_t arena_key;
static pthread_once_t arena_key_once = PTHREAD_ONCE_INIT;

static void arena_free(void *p) { free(p); }
static void arena_key_init(void) { (void)pthread_key_create(&arena_key, arena_free); }

/* A launch's work queue per thread: the next work-group of its block, alone on its cache line. */
typedef struct {
  _Alignas(64) atomic_size_t at;
} claim_slot;
#define SGK__STACK_SLOTS 64u

/* The first work-group of block v of n contiguous blocks of `groups` (block n: the end); groups
 * is below 2^31 and v at most SGK_MAX_THREADS, so the product does not overflow. */
static size_t block_start(size_t groups, uint32_t n, uint32_t v) { return groups * v / n; }

#define SGK__ARENA_BYTES (2u * SGK_LOCAL_MEM_SIZE)

/* The thread's arena, fenced after `bytes` (at most local_mem_size: the launch checked), or NULL
 * when bytes is 0 or the allocation fails. */
static void *arena_get(size_t bytes) {
  if (bytes == 0) return NULL;
  if (!tls_arena.base) {
    pthread_once(&arena_key_once, arena_key_init);
    void *p = aligned_alloc(64, SGK__ARENA_BYTES); /* a multiple of 64, as aligned_alloc needs */
    if (!p) return NULL;
    tls_arena.base = p;
    tls_arena.bytes = SGK__ARENA_BYTES;
    pthread_setspecific(arena_key, p);
  }
  arena_fence(tls_arena.base, bytes, tls_arena.bytes);
  return tls_arena.base;
}

/* Set while this thread runs work-groups: a launch from inside a kernel is refused (it would
 * share the thread's SLM arena with the work-group that launched it). */
static _Thread_local int tls_in_kernel;

/* A kernel table's name for messages (a hand-made table may have none). */
static const char *kernel_name(const sgk_kernel *k) { return k->name ? k->name : "(unnamed)"; }

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* SGK_THREADS_PER_CPU per processor, counted once: libgomp's omp_get_num_procs asks the kernel
 * for the affinity mask on every call (a system call, ~0.4 us), too much for every launch. */
static uint32_t team_cap(void) {
  static atomic_uint cached;
  uint32_t cap = atomic_load_explicit(&cached, memory_order_relaxed);
  if (!cap) {
    cap = SGK_THREADS_PER_CPU * (uint32_t)omp_get_num_procs();
    atomic_store_explicit(&cached, cap, memory_order_relaxed);
  }
  return cap;
}

static int width_index(uint32_t w) { return w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : -1; }

static sgk_status validate_range(const sgk_range *r, sgk_wg *tmpl, size_t *groups) {
  if (r->dims < 1 || r->dims > 3)
    return sgk__fail(SGK_ERROR_INVALID_DIMENSIONS, "range has %u dimensions; 1, 2 or 3 allowed",
                     r->dims);
  size_t global_total = 1, local_total = 1, group_total = 1;
  int global_overflow = 0, local_overflow = 0, empty = 0;
  for (uint32_t d = 0; d < r->dims; ++d) {
    if (r->local[d] == 0)
      return sgk__fail(SGK_ERROR_ZERO_LOCAL_SIZE, "local size of dimension %u is 0", d);
    if (r->global[d] % r->local[d] != 0)
      return sgk__fail(SGK_ERROR_GLOBAL_NOT_DIVISIBLE,
                       "global size %zu of dimension %u is not divisible by local size %zu",
                       r->global[d], d, r->local[d]);
    empty |= r->global[d] == 0;
    global_overflow |= __builtin_mul_overflow(global_total, r->global[d], &global_total);
    local_overflow |= __builtin_mul_overflow(local_total, r->local[d], &local_total);
    group_total *= r->global[d] / r->local[d]; /* cannot overflow if global_total did not */
  }
  /* a zero global size is an empty launch, whatever the other sizes and their order */
  if (local_overflow || (global_overflow && !empty))
    return sgk__fail(SGK_ERROR_RANGE_OVERFLOW, "the product of the range sizes overflows size_t");
  if (empty) global_total = 0;
  if (local_total > SGK_MAX_WORK_GROUP_SIZE)
    return sgk__fail(SGK_ERROR_WORK_GROUP_TOO_LARGE,
                     "work-group of %zu work-items exceeds max_work_group_size %u", local_total,
                     SGK_MAX_WORK_GROUP_SIZE);
  if (global_total > (size_t)INT32_MAX)
    return sgk__fail(SGK_ERROR_RANGE_TOO_LARGE,
                     "%zu work-items exceed the %d that 32-bit lane ids address", global_total,
                     INT32_MAX);
  const uint32_t pad = 3 - r->dims;
  for (uint32_t i = 0; i < 3; ++i) {
    const int used = i >= pad;
    tmpl->global_range[i] = used ? r->global[i - pad] : 1;
    tmpl->local_range[i] = used ? r->local[i - pad] : 1;
    tmpl->group_range[i] = tmpl->global_range[i] / tmpl->local_range[i];
  }
  tmpl->dims = r->dims;
  tmpl->local_linear_size = (uint32_t)local_total;
  *groups = global_total == 0 ? 0 : group_total;
  return SGK_SUCCESS;
}

/* The local id of every work-item per dimension, for 2-D and 3-D launches; padded to whole
 * sub-groups with the same formula, so that a kernel loads W lanes at any sub-group. */
static int32_t *build_local_ids(sgk_wg *wg) {
  const uint32_t stride = wg->num_sub_groups * wg->sub_group_size;
  int32_t *ids = malloc(3 * (size_t)stride * sizeof *ids);
  if (!ids) return NULL;
  const uint32_t r2 = (uint32_t)wg->local_range[2], r1 = (uint32_t)wg->local_range[1];
  for (uint32_t lin = 0; lin < stride; ++lin) {
    ids[lin] = (int32_t)(lin / (r2 * r1));
    ids[stride + lin] = (int32_t)((lin / r2) % r1);
    ids[2 * (size_t)stride + lin] = (int32_t)(lin % r2);
  }
  wg->local_ids = ids;
  wg->local_ids_stride = stride;
  return ids;
}

/* Places wg at the work-group of linear id g: a variant moves on from there without dividing. */
static inline void place_group(sgk_wg *wg, size_t g) {
  wg->group_linear_id = g;
  wg->group_id[2] = g % wg->group_range[2];
  g /= wg->group_range[2];
  wg->group_id[1] = g % wg->group_range[1];
  wg->group_id[0] = g / wg->group_range[1];
}

/* The kernel's variant for (isa, width index); NULL when not compiled, also for an ISA beyond the
 * rows of a kernel compiled against headers that knew fewer ISAs. */
/* The team: the request, or OpenMP's default; at most SGK_THREADS_PER_CPU per processor
 * (oversubscribing further only adds switches) and one per work-group. OpenMP may give fewer
 * (nested inside the application's parallel region with nesting off: one); a launch's info
 * reports the team that ran. */
static sgk_status team_size(const sgk_launch_options *opt, size_t groups, uint32_t *threads) {
  if (opt->threads > SGK_MAX_THREADS)
    return sgk__fail(SGK_ERROR_INVALID_THREADS, "%u threads requested; the limit is %u",
                     opt->threads, SGK_MAX_THREADS);
  uint32_t t = opt->threads ? opt->threads : (uint32_t)omp_get_max_threads();
  const uint32_t cap = team_cap();
  if (t > cap) t = cap;
  if (t > groups) t = groups ? (uint32_t)groups : 1;
  *threads = t;
  return SGK_SUCCESS;
}

static const sgk_variant *variant(const sgk_kernel *kernel, sgk_isa isa, int wi) {
  if ((unsigned)isa >= kernel->isa_slots || (unsigned)isa >= SGK_ISA_SLOTS) return NULL;
  const sgk_variant *v = &kernel->variants[isa][wi];
  return v->run ? v : NULL;
}

/* Whether any compiled variant declares SLM (SGK_KERNEL_SLM emits a size function beside every
 * variant, so either all of them or none do; every ISA is looked at, as a launch that tunes the
 * ISA may run one other than the resolved one). */
static int declares_slm(const sgk_kernel *kernel) {
  for (int isa = SGK_ISA_SCALAR; isa < SGK_ISA_COUNT; ++isa)
    for (int wi = 0; wi < 3; ++wi) {
      const sgk_variant *v = variant(kernel, (sgk_isa)isa, wi);
      if (v && v->slm_bytes) return 1;
    }
  return 0;
}

/* The SLM a launch of variant v gets: what it declares for this work-group size and args (at its
 * W), or the larger request. *declared is the declared part. Not SGK_SUCCESS: the status the
 * launch fails with (the caller words the message). */
static sgk_status slm_size(const sgk_variant *v, const sgk_launch_options *opt, size_t wg_size,
                           const void *args, size_t *declared, size_t *bytes) {
  *declared = v->slm_bytes && args ? v->slm_bytes(wg_size, args) : 0;
  *bytes = opt->slm_bytes > *declared ? opt->slm_bytes : *declared;
  if (opt->slm_bytes && opt->slm_bytes < *declared) return SGK_ERROR_SLM_TOO_SMALL;
  if (*bytes > SGK_LOCAL_MEM_SIZE) return SGK_ERROR_SLM_TOO_LARGE;
  return SGK_SUCCESS;
}

/* The work-group sizes SGK_TUNE_WORK_GROUP tries for the range's contiguous dimension, ascending:
 * its own and 32, 64, ..., 1024, each dividing that dimension's global size and keeping the
 * work-group within SGK_MAX_WORK_GROUP_SIZE. */
static uint32_t work_group_candidates(const sgk_range *r, size_t ls[8]) {
  const uint32_t last = r->dims - 1;
  size_t others = 1;
  for (uint32_t d = 0; d < last; ++d) others *= r->local[d];
  uint32_t n = 0;
  int own_placed = 0;
  for (size_t l = 32; l <= 1024; l *= 2) {
    if (!own_placed && r->local[last] <= l) {
      ls[n++] = r->local[last];
      own_placed = 1;
      if (r->local[last] == l) continue;
    }
    if (r->global[last] % l == 0 && others * l <= SGK_MAX_WORK_GROUP_SIZE) ls[n++] = l;
  }
  if (!own_placed) ls[n++] = r->local[last];
  return n;
}

sgk_status sgk_launch(const sgk_kernel *kernel, const sgk_range *range,
                      const sgk_launch_options *options, const void *args, sgk_launch_info *info) {
  static const sgk_launch_options defaults;
  if (!kernel) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_launch: kernel is NULL");
  /* first: a table of another layout has its name elsewhere */
  if (kernel->abi != SGK_KERNEL_ABI)
    return sgk__fail(SGK_ERROR_KERNEL_ABI,
                     "kernel table at %p has ABI %u; this library (sgk %s) reads ABI %u: "
                     "rebuild the kernel against these headers",
                     (const void *)kernel, kernel->abi, SGK_VERSION_STRING, SGK_KERNEL_ABI);
  if (tls_in_kernel)
    return sgk__fail(SGK_ERROR_NESTED_LAUNCH,
                     "sgk_launch of '%s' from inside a running kernel: launch it from the host",
                     kernel_name(kernel));
  if (!range) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_launch: range is NULL");
  const sgk_launch_options *opt = options ? options : &defaults;

  sgk_wg tmpl;
  memset(&tmpl, 0, sizeof tmpl);
  size_t groups = 0;
  sgk_status st = validate_range(range, &tmpl, &groups);
  if (st != SGK_SUCCESS) return st;

  sgk_isa isa;
  st = sgk_resolve_isa(opt->isa, &isa);
  if (st != SGK_SUCCESS) return st;
  if (opt->tune & ~SGK__TUNE_MODES)
    return sgk__fail(SGK_ERROR_INVALID_TUNE,
                     "launch option tune is %u: use SGK_TUNE_OFF, or any of SGK_TUNE_ON, "
                     "SGK_TUNE_WORK_GROUP, SGK_TUNE_ISA (bits 1, 2, 4)",
                     opt->tune);
  if ((opt->tune & SGK_TUNE_WORK_GROUP) && !(kernel->properties & SGK_KERNEL_WORK_GROUP_FREE))
    return sgk__fail(SGK_ERROR_INVALID_TUNE,
                     "launch option tune has SGK_TUNE_WORK_GROUP, but kernel '%s' does not declare "
                     "SGK_KERNEL_WORK_GROUP_FREE: its results may depend on the work-group size "
                     "(define it with SGK_KERNEL_PROPS(..., SGK_KERNEL_WORK_GROUP_FREE) if they "
                     "do not)",
                     kernel_name(kernel));
  const sgk_cpu *cpu = sgk__cpu();
  if (cpu->env_error[0]) return sgk__fail(SGK_ERROR_INVALID_ENVIRONMENT, "%s", cpu->env_error);
  tmpl.fast_scatter = (uint32_t)cpu->fast_scatter;
  tmpl.stream_prefetch = (uint32_t)cpu->stream_prefetch;
  /* The SLM size is an expression of the kernel's args (SGK_KERNEL_SLM): without args a launch
   * that runs work-groups fails rather than let it read through NULL (an empty one runs nothing,
   * needs none). */
  if (!args && groups && declares_slm(kernel))
    return sgk__fail(SGK_ERROR_NULL_ARGUMENT,
                     "kernel '%s' declares its SLM with SGK_KERNEL_SLM, from its arguments: args "
                     "is NULL",
                     kernel_name(kernel));
  uint32_t threads = 1;
  st = team_size(opt, groups, &threads);
  if (st != SGK_SUCCESS) return st;

  /* The sub-group size: as given, else the native one, or the tuner's among the sizes compiled
   * whose SLM fits this launch; with SGK_TUNE_WORK_GROUP the work-group size of the contiguous
   * dimension too, with SGK_TUNE_ISA the ISA (last: a measuring launch that is handed a slot
   * reports its time even when it fails from here on) */
  uint32_t w = opt->sub_group_size ? opt->sub_group_size : sgk_isa_native_sub_group_size(isa);
  sgk_tune_state tuned = SGK_TUNE_NONE;
  int slot = -1;
  const uint32_t tune_w = !opt->sub_group_size && (opt->tune & SGK_TUNE_ON);
  const uint32_t tune_l = opt->tune & SGK_TUNE_WORK_GROUP;
  const uint32_t tune_isa = (opt->tune & SGK_TUNE_ISA) && opt->isa == SGK_ISA_AUTO;
  const sgk__tune_key tkey = {kernel,       isa, range, threads, opt->tune & SGK__TUNE_MODES,
                              opt->tune_key};
  sgk__tune_cand pick = {isa, w, range->local[range->dims - 1]};
  sgk_range run_range = *range; /* the range as run: the tuner's work-group size */
  if ((tune_w || tune_l || tune_isa) && groups) {
    sgk__tune_cand cands[SGK_TUNE_MAX_CANDIDATES];
    uint32_t ncand = 0;
    uint64_t fits = 0;
    size_t ls[8];
    const uint32_t nl = tune_l ? work_group_candidates(range, ls) : 1;
    if (!tune_l) ls[0] = pick.l;
    sgk_isa isas[SGK_ISA_COUNT];
    const uint32_t nisa = tune_isa ? sgk__isas_tunable(isa, isas) : 1;
    if (!tune_isa) isas[0] = isa;
    for (uint32_t ii = 0; ii < nisa; ++ii)
      for (uint32_t li = 0; li < nl; ++li) {
        sgk_range r = *range;
        r.local[r.dims - 1] = ls[li];
        sgk_wg t;
        size_t g;
        (void)validate_range(&r, &t, &g); /* a candidate is a valid range (work_group_candidates) */
        /* the W given, or each ISA's native one when W is not tuned */
        const uint32_t own_w =
            opt->sub_group_size ? opt->sub_group_size : sgk_isa_native_sub_group_size(isas[ii]);
        for (int i = 0; i < 3 && ncand < SGK_TUNE_MAX_CANDIDATES; ++i) {
          const uint32_t cw = 8u << i;
          if (!tune_w && cw != own_w) continue;
          const sgk_variant *v = variant(kernel, isas[ii], i);
          if (!v) continue;
          size_t declared, bytes;
          if (slm_size(v, opt, t.local_linear_size, args, &declared, &bytes) == SGK_SUCCESS)
            fits |= UINT64_C(1) << ncand;
          cands[ncand++] = (sgk__tune_cand){isas[ii], cw, ls[li]};
        }
      }
    pick = sgk__tune_pick(&tkey, cands, ncand, fits, pick, &slot);
    tuned = slot >= 0 ? SGK_TUNE_MEASURED : SGK_TUNE_CHOSEN;
    w = pick.w;
    isa = pick.isa;
    if (pick.l != range->local[range->dims - 1]) {
      run_range.local[range->dims - 1] = pick.l;
      st = validate_range(&run_range, &tmpl, &groups);
      if (st == SGK_SUCCESS) st = team_size(opt, groups, &threads);
      if (st != SGK_SUCCESS) {
        if (slot >= 0) sgk__tune_record(&tkey, pick, 0);
        return st;
      }
    }
  }
  const int wi = width_index(w);
  if (wi < 0)
    return sgk__fail(SGK_ERROR_INVALID_SUB_GROUP_SIZE, "sub-group size %u: use 8, 16 or 32", w);
  const sgk_variant *v = variant(kernel, isa, wi);
  if (!v) {
    if (!variant(kernel, isa, 0) && !variant(kernel, isa, 1) && !variant(kernel, isa, 2))
      return sgk__fail(SGK_ERROR_ISA_NOT_COMPILED, "kernel '%s' was not compiled for ISA '%s'",
                       kernel_name(kernel), sgk_isa_name(isa));
    return sgk__fail(SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED,
                     "kernel '%s' has no sub-group size %u variant for ISA '%s'",
                     kernel_name(kernel), w, sgk_isa_name(isa));
  }
  const sgk_wg_fn fn = v->run;
  /* SLM: what this variant declares for this work-group size (at its W), or the larger request */
  size_t declared = 0, slm_bytes = 0;
  st = slm_size(v, opt, tmpl.local_linear_size, args, &declared, &slm_bytes);
  if (st != SGK_SUCCESS) {
    if (slot >= 0) sgk__tune_record(&tkey, pick, 0);
    if (st == SGK_ERROR_SLM_TOO_SMALL)
      return sgk__fail(st,
                       "kernel '%s' declares %zu bytes of SLM for work-groups of %u at W %u; "
                       "slm_bytes is %zu",
                       kernel_name(kernel), declared, tmpl.local_linear_size, w, opt->slm_bytes);
    return sgk__fail(st, "kernel '%s' needs %zu bytes of SLM at W %u; local_mem_size is %u",
                     kernel_name(kernel), slm_bytes, w, SGK_LOCAL_MEM_SIZE);
  }

  tmpl.sub_group_size = w;
  /* the window's share (a variant without a window ignores it) */
  tmpl.slide_choice = cpu->slide_choice[isa][sgk__w_slot(w)];
  tmpl.tile_block = cpu->tile_block[sgk__w_slot(w)];
  tmpl.num_sub_groups = (tmpl.local_linear_size + w - 1) / w;
  const uint32_t rem = tmpl.local_linear_size % w;
  tmpl.last_sub_group_size = rem ? rem : w;
  tmpl.slm_bytes = slm_bytes;
  int fault = 0;
  tmpl.fault = &fault;
  int32_t *local_ids = NULL;
  if (tmpl.dims > 1 && groups) {
    local_ids = build_local_ids(&tmpl);
    if (!local_ids) {
      if (slot >= 0) sgk__tune_record(&tkey, pick, 0);
      return sgk__fail(SGK_ERROR_OUT_OF_MEMORY, "could not allocate the local-id table");
    }
  }

  uint32_t ran = 1;

  /* the clock only for the caller's info and the tuner: two reads of about 22 ns each on an AMD
   * Zen 4 VM, where a launch of one work-group went from 96 to 56 ns without them */
  const int timed = info || slot >= 0;
  const uint64_t start = timed ? now_ns() : 0;
  atomic_int out_of_memory = 0, slm_overrun = 0;
  if (threads <= 1) {
    sgk_wg wg = tmpl;
    wg.slm = arena_get(tmpl.slm_bytes);
    if (tmpl.slm_bytes && !wg.slm) {
      atomic_store(&out_of_memory, 1);
    } else {
      tls_in_kernel = 1;
      if (groups) fn(&wg, args, groups); /* tmpl is at group 0 */
      tls_in_kernel = 0;
      if (wg.slm && arena_overrun(wg.slm, tmpl.slm_bytes)) atomic_store(&slm_overrun, 1);
    }
  } else {
    /* Thread t owns the t-th of `threads` contiguous blocks of the work-groups (OpenMP's static
     * schedule) and runs it front to back, so every launch over the same range and team puts a
     * work-group on the same thread, and the data it touched last time (or that a host loop
     * with schedule(static) wrote) is still in that core's cache; a thread done with its block
     * then takes work from the front of the others' (a busy or descheduled thread's work does
     * not wait for it). A claim, one call of the variant, takes half of what is left of a
     * block, rounded up, but at most a 16th of the block or 16 work-groups, the larger: a block
     * of b <= 32 work-groups goes in about log2(b) + 1 claims where it took min(b, 16), each an
     * atomic and a call (64 work-groups of an empty kernel on an Intel Xeon: 1.88x `omp
     * parallel for` before, 1.46x now; README, "A launch's work in halves"), a larger one in
     * 16ths (of at least 16) as before until they are more than half of what is left, then in
     * halves; the last claims are one work-group each, for the balance. next[v]
     * is block v's next work-group; fetch_add hands each index out once (a claim sized from a
     * stale read still gets a range of its own; one that starts past the block's end runs
     * nothing). */
    claim_slot stack_slots[SGK__STACK_SLOTS];
    claim_slot *next = threads <= SGK__STACK_SLOTS
                           ? stack_slots
                           : aligned_alloc(sizeof(claim_slot), threads * sizeof(claim_slot));
    if (!next) {
      free(local_ids);
      if (slot >= 0) sgk__tune_record(&tkey, pick, 0);
      return sgk__fail(SGK_ERROR_OUT_OF_MEMORY, "could not allocate the launch's %u work queues",
                       threads);
    }
    for (uint32_t v = 0; v < threads; ++v)
      atomic_init(&next[v].at, block_start(groups, threads, v));
#pragma omp parallel num_threads(threads)
    {
      sgk_wg wg = tmpl;
      wg.slm = arena_get(tmpl.slm_bytes);
      if (tmpl.slm_bytes && !wg.slm) atomic_store(&out_of_memory, 1);
      if (omp_get_thread_num() == 0) ran = (uint32_t)omp_get_num_threads();
      /* every thread has its arena, or no work-group runs at all: a failed launch ran nothing
       * (without SLM nothing can fail: no barrier) */
      if (tmpl.slm_bytes) {
#pragma omp barrier
      }
      tls_in_kernel = 1;
      /* its own block first, then the next threads' (a team smaller than asked for takes the
       * missing threads' blocks this way too) */
      const uint32_t t = (uint32_t)omp_get_thread_num();
      for (uint32_t k = 0; k < threads && !atomic_load(&out_of_memory); ++k) {
        const uint32_t v = (t + k) % threads;
        const size_t stop = block_start(groups, threads, v + 1);
        const size_t sixteenth = (stop - block_start(groups, threads, v)) / 16;
        const size_t most = sixteenth > 16 ? sixteenth : 16;
        for (;;) {
          const size_t at = atomic_load_explicit(&next[v].at, memory_order_relaxed);
          if (at >= stop) break;
          size_t n = (stop - at + 1) / 2;
          if (n > most) n = most;
          const size_t first = atomic_fetch_add_explicit(&next[v].at, n, memory_order_relaxed);
          if (first >= stop) break;
          place_group(&wg, first);
          fn(&wg, args, stop - first < n ? stop - first : n);
        }
      }
      tls_in_kernel = 0;
      if (wg.slm && arena_overrun(wg.slm, tmpl.slm_bytes)) atomic_store(&slm_overrun, 1);
    }
    if (next != stack_slots) free(next);
  }
  const uint64_t end = timed ? now_ns() : 0;
  free(local_ids);
  if (slot >= 0)
    sgk__tune_record(&tkey, pick,
                     atomic_load(&out_of_memory) || atomic_load(&slm_overrun)
                         ? 0
                         : (end > start ? end - start : 1));
  if (atomic_load(&slm_overrun))
    return sgk__fail(SGK_ERROR_SLM_TOO_SMALL,
                     "kernel '%s' wrote past the %zu bytes of SLM it was given at W %u: it "
                     "declares less than it writes (its SGK_KERNEL_SLM size), or a store runs "
                     "past the end (mask the lanes beyond it); its outputs are not to be trusted",
                     kernel_name(kernel), tmpl.slm_bytes, w);
  if (fault == SGK__FAULT_NULL_ARGS)
    return sgk__fail(SGK_ERROR_NULL_ARGUMENT,
                     "kernel '%s' takes arguments (its SGK_KERNEL names an args type that is not "
                     "void) and args is NULL: no work-group ran",
                     kernel_name(kernel));
  if (fault == SGK__FAULT_NULL_TARGET)
    return sgk__fail(SGK_ERROR_NULL_ARGUMENT,
                     "kernel '%s' passed a NULL target to sgk_reduction_*: that value was not "
                     "combined anywhere",
                     kernel_name(kernel));
  if (fault == SGK__FAULT_SHUFFLE_RANGE)
    return sgk__fail(SGK_ERROR_SHUFFLE_OUT_OF_RANGE,
                     "kernel '%s' shifted sgk_shuffle_down/up by more than the sub-group's size: "
                     "lanes read past both sources (a partial sub-group smaller than the window); "
                     "take those taps another way when sgk_sg_size(sg) is below the delta",
                     kernel_name(kernel));
  if (fault == SGK__FAULT_COLLECTIVE_IN_LOOP)
    return sgk__fail(SGK_ERROR_KERNEL_CONTROL_FLOW,
                     "kernel '%s' called a work-group collective (sgk_wg_*) inside "
                     "SGK_FOR_EACH_SUBGROUP, where the later sub-groups' SGK_PER_SUB_GROUP entries "
                     "are not written yet: call it between two sub-group loops (uniform code)",
                     kernel_name(kernel));
  if (fault == SGK__FAULT_UNWRITTEN)
    return sgk__fail(SGK_ERROR_KERNEL_CONTROL_FLOW,
                     "kernel '%s': a work-group collective read a SGK_PER_SUB_GROUP entry that its "
                     "sub-group did not write (still the checked build's poison): a sub-group "
                     "that skips its work with `continue` must write its entry first (the "
                     "operator's identity)",
                     kernel_name(kernel));
  if (fault)
    return sgk__fail(SGK_ERROR_KERNEL_CONTROL_FLOW,
                     "kernel '%s' left SGK_FOR_EACH_SUBGROUP by %s: the work-group's %s; skip the "
                     "rest of a sub-group's pass with `continue` or a lane mask",
                     kernel_name(kernel), fault == SGK__FAULT_RETURN ? "return" : "break",
                     fault == SGK__FAULT_RETURN ? "later sub-groups and phases did not run"
                                                : "break acts as continue");
  if (atomic_load(&out_of_memory))
    return sgk__fail(SGK_ERROR_OUT_OF_MEMORY, "could not allocate %zu bytes of SLM",
                     tmpl.slm_bytes);
  if (info) {
    info->start_ns = start;
    info->end_ns = end;
    info->isa = isa;
    info->sub_group_size = w;
    info->threads = ran;
    info->work_groups = groups;
    info->tune = tuned;
    for (int d = 0; d < 3; ++d) info->local[d] = d < (int)range->dims ? run_range.local[d] : 0;
  }
  sgk__clear_error();
  return SGK_SUCCESS;
}

int sgk_kernel_has_variant(const sgk_kernel *kernel, sgk_isa isa, uint32_t sub_group_size) {
  const int wi = width_index(sub_group_size);
  if (!kernel || wi < 0 || isa <= SGK_ISA_AUTO || isa >= SGK_ISA_COUNT) return 0;
  if (kernel->abi != SGK_KERNEL_ABI) return 0;
  return variant(kernel, isa, wi) != NULL;
}

sgk_status sgk_tune_lookup(const sgk_kernel *kernel, const sgk_range *range,
                           const sgk_launch_options *options, uint32_t *sub_group_size,
                           uint64_t best_ns[3]) {
  static const sgk_launch_options defaults;
  if (!kernel || !range || !sub_group_size)
    return sgk__fail(SGK_ERROR_NULL_ARGUMENT,
                     "sgk_tune_lookup: kernel, range or sub_group_size is NULL");
  const sgk_launch_options *opt = options ? options : &defaults;
  sgk_wg tmpl;
  memset(&tmpl, 0, sizeof tmpl);
  size_t groups = 0;
  sgk_status st = validate_range(range, &tmpl, &groups);
  if (st != SGK_SUCCESS) return st;
  sgk_isa isa;
  st = sgk_resolve_isa(opt->isa, &isa);
  if (st != SGK_SUCCESS) return st;
  uint32_t threads = 1;
  st = team_size(opt, groups, &threads);
  if (st != SGK_SUCCESS) return st;
  const sgk__tune_key tkey = {kernel,       isa, range, threads, opt->tune & SGK__TUNE_MODES,
                              opt->tune_key};
  sgk__tune_query(&tkey, sub_group_size, NULL, best_ns);
  sgk__clear_error();
  return SGK_SUCCESS;
}
