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

/* ---- per-thread SLM arena: grown when a launch needs more, reused by every later work-group
 * and launch on that thread, freed when the thread exits. */
typedef struct arena {
  void *base;
  size_t bytes;
} arena;

static _Thread_local arena tls_arena;
static pthread_key_t arena_key;
static pthread_once_t arena_key_once = PTHREAD_ONCE_INIT;

static void arena_free(void *p) { free(p); }
static void arena_key_init(void) { (void)pthread_key_create(&arena_key, arena_free); }

static void *arena_get(size_t bytes) {
  if (bytes == 0) return NULL;
  if (tls_arena.bytes >= bytes) return tls_arena.base;
  pthread_once(&arena_key_once, arena_key_init);
  /* Round up to whole cache lines; aligned_alloc needs a multiple of the alignment. */
  size_t want = (bytes + 63) & ~(size_t)63;
  void *p = aligned_alloc(64, want);
  if (!p) return NULL;
  free(tls_arena.base);
  tls_arena.base = p;
  tls_arena.bytes = want;
  pthread_setspecific(arena_key, p);
  return p;
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int width_index(uint32_t w) { return w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : -1; }

static sgk_status validate_range(const sgk_range *r, sgk_wg *tmpl, size_t *groups) {
  if (r->dims < 1 || r->dims > 3)
    return sgk__fail(SGK_ERROR_INVALID_DIMENSIONS, "range has %u dimensions; 1, 2 or 3 allowed",
                     r->dims);
  size_t global_total = 1, local_total = 1, group_total = 1;
  int overflow = 0;
  for (uint32_t d = 0; d < r->dims; ++d) {
    if (r->local[d] == 0)
      return sgk__fail(SGK_ERROR_ZERO_LOCAL_SIZE, "local size of dimension %u is 0", d);
    if (r->global[d] % r->local[d] != 0)
      return sgk__fail(SGK_ERROR_GLOBAL_NOT_DIVISIBLE,
                       "global size %zu of dimension %u is not divisible by local size %zu",
                       r->global[d], d, r->local[d]);
    overflow |= __builtin_mul_overflow(global_total, r->global[d], &global_total);
    overflow |= __builtin_mul_overflow(local_total, r->local[d], &local_total);
    group_total *= r->global[d] / r->local[d]; /* cannot overflow if global_total did not */
  }
  if (overflow)
    return sgk__fail(SGK_ERROR_RANGE_OVERFLOW, "the product of the range sizes overflows size_t");
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

static inline void place_group(sgk_wg *wg, size_t g) {
  wg->group_linear_id = g;
  wg->group_id[2] = g % wg->group_range[2];
  g /= wg->group_range[2];
  wg->group_id[1] = g % wg->group_range[1];
  wg->group_id[0] = g / wg->group_range[1];
}

sgk_status sgk_launch(const sgk_kernel *kernel, const sgk_range *range,
                      const sgk_launch_options *options, const void *args,
                      sgk_launch_info *info) {
  static const sgk_launch_options defaults;
  if (!kernel) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_launch: kernel is NULL");
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
  const uint32_t w = opt->sub_group_size ? opt->sub_group_size : sgk_isa_native_sub_group_size(isa);
  const int wi = width_index(w);
  if (wi < 0)
    return sgk__fail(SGK_ERROR_INVALID_SUB_GROUP_SIZE, "sub-group size %u: use 8, 16 or 32", w);
  const sgk_wg_fn fn = kernel->variants[isa][wi];
  if (!fn) {
    const sgk_wg_fn *row = kernel->variants[isa];
    if (!row[0] && !row[1] && !row[2])
      return sgk__fail(SGK_ERROR_ISA_NOT_COMPILED, "kernel '%s' was not compiled for ISA '%s'",
                       kernel->name, sgk_isa_name(isa));
    return sgk__fail(SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED,
                     "kernel '%s' has no sub-group size %u variant for ISA '%s'", kernel->name, w,
                     sgk_isa_name(isa));
  }
  if (opt->slm_bytes > SGK_LOCAL_MEM_SIZE)
    return sgk__fail(SGK_ERROR_SLM_TOO_LARGE, "%zu bytes of SLM requested; local_mem_size is %u",
                     opt->slm_bytes, SGK_LOCAL_MEM_SIZE);
  if (opt->threads > SGK_MAX_THREADS)
    return sgk__fail(SGK_ERROR_INVALID_THREADS, "%u threads requested; the limit is %u",
                     opt->threads, SGK_MAX_THREADS);

  tmpl.sub_group_size = w;
  tmpl.num_sub_groups = (tmpl.local_linear_size + w - 1) / w;
  const uint32_t rem = tmpl.local_linear_size % w;
  tmpl.last_sub_group_size = rem ? rem : w;
  tmpl.lanes_contiguous = tmpl.local_range[2] % w == 0;
  tmpl.slm_bytes = opt->slm_bytes;

  uint32_t threads = opt->threads ? opt->threads : (uint32_t)omp_get_max_threads();
  if (threads > groups) threads = groups ? (uint32_t)groups : 1;

  const uint64_t start = now_ns();
  atomic_int out_of_memory = 0;
  if (threads <= 1) {
    sgk_wg wg = tmpl;
    wg.slm = arena_get(tmpl.slm_bytes);
    if (tmpl.slm_bytes && !wg.slm) {
      atomic_store(&out_of_memory, 1);
    } else {
      for (size_t g = 0; g < groups; ++g) {
        place_group(&wg, g);
        fn(&wg, args);
      }
    }
  } else {
    size_t chunk = groups / ((size_t)threads * 16);
    if (chunk < 1) chunk = 1;
#pragma omp parallel num_threads(threads)
    {
      sgk_wg wg = tmpl;
      wg.slm = arena_get(tmpl.slm_bytes);
      const int ok = !(tmpl.slm_bytes && !wg.slm);
      if (!ok) atomic_store(&out_of_memory, 1);
#pragma omp for schedule(dynamic, chunk)
      for (size_t g = 0; g < groups; ++g) {
        if (!ok) continue;
        place_group(&wg, g);
        fn(&wg, args);
      }
    }
  }
  const uint64_t end = now_ns();
  if (atomic_load(&out_of_memory))
    return sgk__fail(SGK_ERROR_OUT_OF_MEMORY, "could not allocate %zu bytes of SLM",
                     tmpl.slm_bytes);
  if (info) {
    info->start_ns = start;
    info->end_ns = end;
    info->isa = isa;
    info->sub_group_size = w;
    info->threads = threads;
    info->work_groups = groups;
  }
  sgk__clear_error();
  return SGK_SUCCESS;
}

int sgk_kernel_has_variant(const sgk_kernel *kernel, sgk_isa isa, uint32_t sub_group_size) {
  const int wi = width_index(sub_group_size);
  if (!kernel || wi < 0 || isa <= SGK_ISA_AUTO || isa >= SGK_ISA_COUNT) return 0;
  return kernel->variants[isa][wi] != NULL;
}
