/* libFuzzer target over every sgk_launch parameter: the bytes pick a kernel (ids, declared
 * SGK_KERNEL_WORK_GROUP_FREE, or the same table without the property) or NULL, a range or
 * NULL (dims 0 .. 4, sizes from 0 through overflow-prone products), options or NULL (ISA values in
 * and out of range, sub-group sizes, SLM bytes, thread counts, tune bits in and out of range and a
 * tune_key) and an info pointer or NULL. An independent oracle, written from the README's error
 * table and not from the runtime's code, lists the errors the input has: the status must be one of
 * them, or SGK_SUCCESS when there are none; a successful launch small enough to check must have
 * run every work-group once with the exact global, local and group ids and sub-group fields of
 * every work-item, and report them in info. Build: -DSGK_BUILD_FUZZ=ON with clang; run:
 * build/tests/fuzz_launch tests/fuzz/corpus (-max_total_time=N). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ids_oracle.h"
#include "runtime_kernels.h"
#include "sgk/sgk.h"

typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;
static uint8_t next(reader *r) {
  if (!r->n) return 0;
  --r->n;
  return *r->p++;
}
static size_t pick_size(reader *r, int local) {
  const uint8_t k = next(r);
  switch (k % 8) {
    case 0: return 0;
    case 1: return 1;
    case 2: return (size_t)(next(r) % 40) + 1;            /* small */
    case 3: return (size_t)next(r) * (local ? 1 : 7) + 1; /* up to 256 / 1786 */
    case 4: return (size_t)1 << (next(r) % 64);           /* powers of two, up to 2^63 */
    case 5: return SIZE_MAX - next(r) % 3;
    case 6: return (size_t)(next(r) % 8 + 1) * 8; /* multiples of 8 */
    default: return (size_t)next(r) % 17 + 15;
  }
}

#define MAX_CHECKED 4096 /* work-items of a launch the oracle checks */
static int32_t out[MAX_CHECKED * ID_FIELDS];

static int mul_ovf(size_t a, size_t b, size_t *r) { return __builtin_mul_overflow(a, b, r); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader rd = {data, size};
  const uint8_t flags = next(&rd);
  static sgk_kernel ids_undeclared; /* ids without SGK_KERNEL_WORK_GROUP_FREE, made once */
  if (!ids_undeclared.name) {
    ids_undeclared = ids;
    ids_undeclared.properties = 0;
  }
  const sgk_kernel *kernel = (flags & 1) ? NULL : (flags & 16) ? &ids_undeclared : &ids;
  sgk_range range;
  memset(&range, 0, sizeof range);
  range.dims = next(&rd) % 5;
  for (int d = 0; d < 3; ++d) range.local[d] = pick_size(&rd, 1);
  for (int d = 0; d < 3; ++d) {
    range.global[d] = pick_size(&rd, 0);
    if (next(&rd) & 1 && range.local[d]) /* often a multiple of the local size */
      range.global[d] = range.local[d] * (size_t)(next(&rd) % 5);
  }
  static const int isas[] = {
      SGK_ISA_AUTO, SGK_ISA_SCALAR, SGK_ISA_AVX2, SGK_ISA_AVX512, SGK_ISA_NEON,
      -1,           SGK_ISA_COUNT,  1000};
  static const uint32_t sgs[] = {0, 8, 16, 32, 7, 64, 1, 24};
  static const size_t slms[] = {0, 1, 100, 65536, 65537, (size_t)1 << 40, SIZE_MAX, 4096};
  static const uint32_t threads[] = {0, 1, 2, 3, 4096, 4097, UINT32_MAX, 64};
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.isa = (sgk_isa)isas[next(&rd) % 8];
  o.sub_group_size = sgs[next(&rd) % 8];
  o.slm_bytes = slms[next(&rd) % 8];
  o.threads = threads[next(&rd) % 8];
  const uint8_t tb = next(&rd); /* rarely tuned: the tuner's entries last the process */
  o.tune = tb >= 0xe0 ? tb & 15u : 0u;
  o.tune_key = next(&rd) % 4;
  const sgk_launch_options *opt = (flags & 2) ? NULL : &o;
  const sgk_range *rp = (flags & 4) ? NULL : &range;
  sgk_launch_info info, *ip = (flags & 8) ? NULL : &info;
  memset(&info, 0, sizeof info);
  struct ids_args args = {out};

  /* the oracle: every error the input has (README, "Errors") */
  int allowed[SGK_STATUS_COUNT] = {0};
  int errors = 0;
#define ALLOW(s) (allowed[s] = 1, ++errors)
  if (!kernel || !rp) ALLOW(SGK_ERROR_NULL_ARGUMENT);
  size_t items = 1, wg = 1, groups = 1;
  int empty = 0, gover = 0, lover = 0;
  if (rp) {
    if (range.dims < 1 || range.dims > 3) {
      ALLOW(SGK_ERROR_INVALID_DIMENSIONS);
    } else {
      for (uint32_t d = 0; d < range.dims; ++d) {
        if (!range.local[d]) {
          ALLOW(SGK_ERROR_ZERO_LOCAL_SIZE);
          continue;
        }
        if (range.global[d] % range.local[d]) ALLOW(SGK_ERROR_GLOBAL_NOT_DIVISIBLE);
        empty |= range.global[d] == 0;
        gover |= mul_ovf(items, range.global[d], &items);
        lover |= mul_ovf(wg, range.local[d], &wg);
        groups *= range.global[d] / range.local[d];
      }
      if (lover || (gover && !empty)) ALLOW(SGK_ERROR_RANGE_OVERFLOW);
      if (empty) items = 0;
      if (lover || wg > SGK_MAX_WORK_GROUP_SIZE) ALLOW(SGK_ERROR_WORK_GROUP_TOO_LARGE);
      if (!empty && (gover || items > (size_t)INT32_MAX)) ALLOW(SGK_ERROR_RANGE_TOO_LARGE);
    }
  }
  const sgk_launch_options eff = opt ? *opt : (sgk_launch_options){0};
  sgk_isa isa = eff.isa;
  if ((int)isa < 0 || isa >= SGK_ISA_COUNT) {
    ALLOW(SGK_ERROR_UNKNOWN_ISA);
  } else if (isa != SGK_ISA_AUTO) {
    if (!sgk_isa_available(isa)) {
      ALLOW(SGK_ERROR_ISA_UNAVAILABLE);
      ALLOW(SGK_ERROR_ISA_NOT_COMPILED);
    }
  } else if (sgk_resolve_isa(SGK_ISA_AUTO, &isa) != SGK_SUCCESS) {
    ALLOW(SGK_ERROR_UNKNOWN_ISA); /* SGK_ISA names something unusable */
    ALLOW(SGK_ERROR_ISA_UNAVAILABLE);
    ALLOW(SGK_ERROR_ISA_NOT_COMPILED);
  }
  const uint32_t w = eff.sub_group_size;
  if (w != 0 && w != 8 && w != 16 && w != 32) ALLOW(SGK_ERROR_INVALID_SUB_GROUP_SIZE);
  if (eff.slm_bytes > SGK_LOCAL_MEM_SIZE) ALLOW(SGK_ERROR_SLM_TOO_LARGE);
  if (eff.threads > SGK_MAX_THREADS) ALLOW(SGK_ERROR_INVALID_THREADS);
  if (eff.tune & ~(SGK_TUNE_ON | SGK_TUNE_WORK_GROUP | SGK_TUNE_ISA)) ALLOW(SGK_ERROR_INVALID_TUNE);
  if (kernel && (eff.tune & SGK_TUNE_WORK_GROUP) &&
      !(kernel->properties & SGK_KERNEL_WORK_GROUP_FREE))
    ALLOW(SGK_ERROR_INVALID_TUNE);      /* the work-group tuner needs the kernel's word */
  allowed[SGK_ERROR_OUT_OF_MEMORY] = 1; /* always possible; never for these small requests */

  if (!errors && rp && items > MAX_CHECKED) return 0; /* valid but too large to check */
  if (!errors) memset(out, 0x7f, sizeof out);
  const sgk_status st = sgk_launch(kernel, rp, opt, &args, ip);
  if (errors ? !(st != SGK_SUCCESS && allowed[st]) : st != SGK_SUCCESS) {
    fprintf(stderr, "status %s (%s); the oracle found %d errors\n", sgk_status_string(st),
            sgk_last_error(), errors);
    abort();
  }
  if (st != SGK_SUCCESS) return 0;

  /* a valid launch: every work-item's ids, and info. Tuned (a range with work-groups), W is
   * any compiled size unless given, the ISA any this CPU runs with SGK_TUNE_ISA and isa auto, the
   * contiguous dimension's work-group size any dividing its global size with SGK_TUNE_WORK_GROUP:
   * the ids are checked against what info says ran (not checked without info). */
  const int tuned = eff.tune && items;
  if (tuned && !ip) return 0;
  uint32_t width = w ? w : sgk_isa_native_sub_group_size(isa);
  sgk_range ran = range;
  if (tuned) {
    const uint32_t last = range.dims - 1;
    if ((eff.tune & SGK_TUNE_ISA) && eff.isa == SGK_ISA_AUTO && sgk_isa_available(info.isa))
      isa = info.isa;
    if (!w && (eff.tune & SGK_TUNE_ON))
      width = info.sub_group_size;
    else if (!w)
      width = sgk_isa_native_sub_group_size(isa);
    if ((eff.tune & SGK_TUNE_WORK_GROUP) && info.local[last] &&
        range.global[last] % info.local[last] == 0 &&
        wg / range.local[last] * info.local[last] <= SGK_MAX_WORK_GROUP_SIZE) {
      ran.local[last] = info.local[last];
      groups = groups / (range.global[last] / range.local[last]) *
               (range.global[last] / info.local[last]);
    }
  }
  if (ip && (info.work_groups != (items ? groups : 0) || info.sub_group_size != width ||
             info.isa != isa || info.threads < 1 ||
             memcmp(info.local, ran.local, range.dims * sizeof ran.local[0]) != 0)) {
    fprintf(stderr, "info: %zu groups, W %u, threads %u, local %zu\n", info.work_groups,
            info.sub_group_size, info.threads, info.local[range.dims - 1]);
    abort();
  }
  if (width != 8 && width != 16 && width != 32) {
    fprintf(stderr, "tuned W %u\n", width);
    abort();
  }
  char msg[256];
  if (!ids_match(out, &ran, width, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    abort();
  }
  return 0;
}
