/* The local atomics test kernel (runtime_kernels.h, struct local_atomic_args); compiled twice:
 * local_atomic_ops for every variant, and local_atomic_ops_conflict for avx512 with
 * SGK_AVX512_CONFLICT_ATOMICS, the conflict-detection path sgk does not use by default, so that
 * it stays tested. */
/* op semantics, not the work-group loops (test_kernels, test_traps, test_runtime): one loop a
 * variant, about 0.6x the compile time */
#define SGK_COMPACT_VARIANTS 1
#include "sgk/kernel.h"
#include "runtime_kernels.h"

#ifdef SGK_AVX512_CONFLICT_ATOMICS
#define LOCAL_ATOMIC_KERNEL local_atomic_ops_conflict
#else
#define LOCAL_ATOMIC_KERNEL local_atomic_ops
#endif

#define LOCAL_ATOMIC_TYPE(T, ct)                                                                   \
  SGK_INLINE void local_atomic_##T(const sgk_wg *wg, const struct local_atomic_args *a,            \
                                   ct *bins) {                                                     \
    const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);                      \
    memcpy(bins, a->init, a->nbins * sizeof(ct));                                                  \
    SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                                \
      const sgk_i32 bin = sgk_as_i32_u32(                                                          \
          sgk_and_u32(sgk_load_u32(sg, a->keys + base + sg.first), sgk_splat_u32(a->nbins - 1)));  \
      const sgk_##T v = sgk_load_##T(sg, (const ct *)a->vals + base + sg.first);                   \
      if (a->masked) {                                                                             \
        const sgk_u32 k = sgk_load_u32(sg, a->keys + base + sg.first);                             \
        const sgk_mask m = sgk_eq_u32(sgk_and_u32(k, sgk_splat_u32(16)), sgk_splat_u32(0));        \
        switch (a->op) {                                                                           \
          case LA_ADD: sgk_atomic_add_local_masked_##T(sg, m, bins, bin, v); break;                \
          case LA_MIN: sgk_atomic_min_local_masked_##T(sg, m, bins, bin, v); break;                \
          case LA_MAX: sgk_atomic_max_local_masked_##T(sg, m, bins, bin, v); break;                \
          case LA_AND: sgk_atomic_and_local_masked_##T(sg, m, bins, bin, v); break;                \
          case LA_OR: sgk_atomic_or_local_masked_##T(sg, m, bins, bin, v); break;                  \
          case LA_XOR: sgk_atomic_xor_local_masked_##T(sg, m, bins, bin, v); break;                \
          default:                                                                                 \
            sgk_store_##T(sg, (ct *)a->olds + base + sg.first,                                     \
                          sgk_atomic_fetch_add_local_masked_##T(sg, m, bins, bin, v));             \
            break;                                                                                 \
        }                                                                                          \
        continue;                                                                                  \
      }                                                                                            \
      switch (a->op) {                                                                             \
        case LA_ADD: sgk_atomic_add_local_##T(sg, bins, bin, v); break;                            \
        case LA_MIN: sgk_atomic_min_local_##T(sg, bins, bin, v); break;                            \
        case LA_MAX: sgk_atomic_max_local_##T(sg, bins, bin, v); break;                            \
        case LA_AND: sgk_atomic_and_local_##T(sg, bins, bin, v); break;                            \
        case LA_OR: sgk_atomic_or_local_##T(sg, bins, bin, v); break;                              \
        case LA_XOR: sgk_atomic_xor_local_##T(sg, bins, bin, v); break;                            \
        default:                                                                                   \
          sgk_store_##T(sg, (ct *)a->olds + base + sg.first,                                       \
                        sgk_atomic_fetch_add_local_##T(sg, bins, bin, v));                         \
          break;                                                                                   \
      }                                                                                            \
    }                                                                                              \
    memcpy((ct *)a->out + sgk_group_linear_id(wg) * a->nbins, bins, a->nbins * sizeof(ct));        \
  }
LOCAL_ATOMIC_TYPE(i32, int32_t)
LOCAL_ATOMIC_TYPE(u32, uint32_t)
LOCAL_ATOMIC_TYPE(i64, int64_t)
LOCAL_ATOMIC_TYPE(u64, uint64_t)

SGK_KERNEL_SLM(LOCAL_ATOMIC_KERNEL, struct local_atomic_args, a, wg,
               a->nbins *(a->type == LA_I64 || a->type == LA_U64 ? 8 : 4)) {
  void *bins = sgk_slm(wg);
  switch (a->type) {
    case LA_I32: local_atomic_i32(wg, a, bins); break;
    case LA_U32: local_atomic_u32(wg, a, bins); break;
    case LA_I64: local_atomic_i64(wg, a, bins); break;
    default: local_atomic_u64(wg, a, bins); break;
  }
}
