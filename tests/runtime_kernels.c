/* Test kernels for the runtime (the seeds' partial sub-groups), memory ops, work-group
 * collectives and atomics; compiled per (ISA, W). The ids and SLM kernels: basic_kernels.c. */
#include "sgk/kernel.h"
#include "runtime_kernels.h"

/* The seed sg_max_size.cpp: j = data[i], k = data[i + sgSize]. */
SGK_KERNEL(sg_seed, struct seed_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 i = sgk_global_linear_id(sg);
    const sgk_i32 j = sgk_gather_i32(sg, a->data, i);
    const sgk_i32 k = sgk_gather_i32(sg, a->data, sgk_add_i32(i, sgk_splat_i32((int32_t)sg.size)));
    const sgk_i32 at = sgk_mul_i32(i, sgk_splat_i32(2));
    sgk_scatter_i32(sg, a->out, at, j);
    sgk_scatter_i32(sg, a->out + 1, at, k);
  }
}

SGK_KERNEL(wg_collectives, struct wg_args, a, wg) {
  sgk_i32 x[SGK_MAX_SUB_GROUPS], inc[SGK_MAX_SUB_GROUPS], exc[SGK_MAX_SUB_GROUPS];
  sgk_f32 f[SGK_MAX_SUB_GROUPS];
  sgk_mask pos[SGK_MAX_SUB_GROUPS];
  SGK_PER_SUB_GROUP(uint32_t, count); /* uniform values: one per sub-group */
  SGK_PER_SUB_GROUP(int32_t, smax);
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    x[sg.id] = sgk_load_i32(sg, a->x + base + sg.first);
    f[sg.id] = sgk_load_f32(sg, a->f + base + sg.first);
    pos[sg.id] = sgk_gt_i32(x[sg.id], sgk_splat_i32(0));
    count[sg.id] = sgk_ballot_count(sg, pos[sg.id]);
    smax[sg.id] = sgk_reduce_max_i32(sg, x[sg.id]);
  }
  const uint32_t ucount = sgk_wg_reduce_uniform_add_u32(wg, count);
  SGK_PER_SUB_GROUP(uint32_t, before);
  const uint32_t utotal = sgk_wg_exclusive_scan_uniform_add_u32(wg, count, before);
  const int32_t umax = sgk_wg_inclusive_scan_uniform_max_i32(wg, smax, smax); /* in place */
  const int32_t totals_agree = utotal == ucount && umax == sgk_wg_reduce_max_i32(wg, x);
  /* barrier: the work-group collectives see every sub-group's value */
  const int32_t sum = sgk_wg_reduce_add_i32(wg, x), mn = sgk_wg_reduce_min_i32(wg, x);
  const int32_t mx = sgk_wg_reduce_max_i32(wg, x);
  const int32_t bc = sgk_wg_broadcast_i32(wg, x, a->bcast_id);
  const int32_t any = sgk_wg_any_of(wg, pos), all = sgk_wg_all_of(wg, pos);
  const float fmn = sgk_wg_reduce_min_f32(wg, f), fmx = sgk_wg_reduce_max_f32(wg, f);
  sgk_wg_inclusive_scan_add_i32(wg, x, inc);
  sgk_wg_exclusive_scan_add_i32(wg, x, exc);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 at =
        sgk_mul_i32(sgk_add_i32(sgk_local_linear_id(sg), sgk_splat_i32((int32_t)base)),
                    sgk_splat_i32(WG_FIELDS));
    int32_t *o = a->out;
    sgk_scatter_i32(sg, o + W_REDUCE_ADD, at, sgk_splat_i32(sum));
    sgk_scatter_i32(sg, o + W_REDUCE_MIN, at, sgk_splat_i32(mn));
    sgk_scatter_i32(sg, o + W_REDUCE_MAX, at, sgk_splat_i32(mx));
    sgk_scatter_i32(sg, o + W_ISCAN, at, inc[sg.id]);
    sgk_scatter_i32(sg, o + W_ESCAN, at, exc[sg.id]);
    sgk_scatter_i32(sg, o + W_BCAST, at, sgk_splat_i32(bc));
    sgk_scatter_i32(sg, o + W_ANY, at, sgk_splat_i32(any));
    sgk_scatter_i32(sg, o + W_ALL, at, sgk_splat_i32(all));
    sgk_scatter_i32(sg, o + W_FMIN, at, sgk_as_i32_f32(sgk_splat_f32(fmn)));
    sgk_scatter_i32(sg, o + W_FMAX, at, sgk_as_i32_f32(sgk_splat_f32(fmx)));
    sgk_scatter_i32(sg, o + W_UCOUNT, at, sgk_splat_i32((int32_t)ucount));
    const sgk_u32 slot = sgk_add_u32(sgk_splat_u32(before[sg.id]), sgk_ballot_rank(sg, pos[sg.id]));
    sgk_scatter_i32(sg, o + W_USLOT, at, sgk_as_i32_u32(slot));
    sgk_scatter_i32(sg, o + W_UMAX, at, sgk_splat_i32(smax[sg.id]));
    sgk_scatter_i32(sg, o + W_UTOTAL, at, sgk_splat_i32(totals_agree));
  }
}

SGK_KERNEL_SLM(atomics, struct atomic_args, a, wg, (a->nbins + 2) * sizeof(uint32_t)) {
  uint32_t *bins = sgk_slm(wg);
  uint32_t *scratch = bins + a->nbins;
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  for (uint32_t b = 0; b < a->nbins; ++b) bins[b] = 0;
  scratch[0] = scratch[1] = 0;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_u32 k = sgk_load_u32(sg, a->keys + base + sg.first);
    const sgk_i32 bin = sgk_as_i32_u32(sgk_and_u32(k, sgk_splat_u32(a->nbins - 1)));
    sgk_atomic_add_local_u32(sg, bins, bin, sgk_splat_u32(1));
    /* fetch_add on two hot words: lanes see the counts of the lanes before them */
    const sgk_i32 hot = sgk_as_i32_u32(sgk_and_u32(k, sgk_splat_u32(1)));
    sgk_store_u32(sg, a->old + base + sg.first,
                  sgk_atomic_fetch_add_local_u32(sg, scratch, hot, sgk_splat_u32(1)));
    const sgk_i32 zero = sgk_splat_i32(0);
    sgk_atomic_min_global_u32(sg, a->gmin, zero, k);
    sgk_atomic_max_global_u32(sg, a->gmax, zero, k);
    sgk_atomic_and_global_u32(sg, a->gand, zero, sgk_or_u32(k, sgk_splat_u32(0xffff0000u)));
    sgk_atomic_or_global_u32(sg, a->gor, zero, sgk_and_u32(k, sgk_splat_u32(0x0000ffffu)));
    sgk_atomic_xor_global_u32(sg, a->gxor, zero, k);
    sgk_atomic_add_global_i64(sg, a->gsum64, zero,
                              sgk_sub_i64(sgk_cvt_i64_i32(sgk_as_i32_u32(k)), sgk_splat_i64(7)));
  }
  /* barrier, then merge: the work-item b adds local bin b to global bin b */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    for (uint32_t first = sg.first; first < a->nbins; first += sgk_local_linear_range(wg)) {
      const sgk_i32 b =
          sgk_add_i32(sgk_as_i32_u32(sgk_sg_local_id(sg)), sgk_splat_i32((int32_t)first));
      const sgk_mask in = sgk_lt_i32(b, sgk_splat_i32((int32_t)a->nbins));
      const sgk_u64 cnt = sgk_cvt_u64_u32(sgk_gather_masked_u32(sg, in, bins, b));
      sgk_atomic_add_global_u64(sg, a->bins, sgk_select_i32(in, b, sgk_splat_i32(0)),
                                sgk_select_u64(in, cnt, sgk_splat_u64(0)));
    }
  }
}

SGK_KERNEL(last_done_sum, struct last_done_args, a, wg) {
  SGK_PER_SUB_GROUP(uint64_t, part);
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    part[sg.id] = sgk_reduce_add_u64(sg, sgk_load_u64(sg, a->x + base + sg.first));
  }
  const size_t groups = sgk_group_range(wg, 0);
  a->partial[sgk_group_linear_id(wg)] = sgk_wg_reduce_uniform_add_u64(wg, part);
  sgk_atomic_fence(SGK_RELEASE);
  if (sgk_atomic_fetch_add_u32(a->count, 1) + 1 != groups) return;
  sgk_atomic_fence(SGK_ACQUIRE);
  uint64_t t = 0;
  for (size_t g = 0; g < groups; ++g) t += a->partial[g];
  sgk_atomic_store_u64(a->total, t, SGK_RELAXED);
  sgk_atomic_fetch_add_u32(a->finishers, 1);
}

/* Sub-group s of group g owns the W elements from (g * sub-groups + s) W: lane i stores its load
 * + 1 there. The lanes not moved (past a partial sub-group, or outside the mask) must load 0 (else
 * every lane stores the marker `bad`) and store nothing. n = 0: the plain forms; n = 1: the masked
 * ones with every lane in the mask (the sub-group's own lanes still bound them); n = 2: masked to
 * the upper half of the lanes (at W 32 a lower register with none of them, which a core's gather
 * and scatter skip). HOW is MEM (sgk_load / sgk_store) or GS (sgk_gather / sgk_scatter, lane i at
 * index i). */
#define PARTIAL_LOAD_MEM(T, m, p) (a->n ? sgk_load_masked_##T(sg, m, p) : sgk_load_##T(sg, p))
#define PARTIAL_STORE_MEM(T, m, p, v)                                                              \
  (a->n ? sgk_store_masked_##T(sg, m, p, v) : sgk_store_##T(sg, p, v))
#define PARTIAL_LOAD_GS(T, m, p)                                                                   \
  (a->n ? sgk_gather_masked_##T(sg, m, p, lane) : sgk_gather_##T(sg, p, lane))
#define PARTIAL_STORE_GS(T, m, p, v)                                                               \
  (a->n ? sgk_scatter_masked_##T(sg, m, p, lane, v) : sgk_scatter_##T(sg, p, lane, v))
#define PARTIAL_CASE(MODE, HOW, T, ct, bad)                                                        \
  case MODE: {                                                                                     \
    const size_t slot = (sgk_group_linear_id(wg) * sgk_sg_group_range(sg) + sg.id) * SGK_W;        \
    const sgk_i32 lane = sgk_as_i32_u32(sgk_sg_local_id(sg));                                      \
    const sgk_mask m = a->n == 2 ? sgk_ge_i32(lane, sgk_splat_i32(SGK_W / 2)) : sgk_mask_all();    \
    const sgk_##T v = PARTIAL_LOAD_##HOW(T, m, (const ct *)a->in + slot);                          \
    const uint32_t moved = sgk_mask_bits(sgk_mask_and(m, sg.active));                              \
    int zero = 1;                                                                                  \
    for (int l = 0; l < SGK_W; ++l)                                                                \
      if (!(moved >> l & 1u)) zero &= sgk_extract_##T(v, l) == 0;                                  \
    const sgk_##T r = zero ? sgk_add_##T(v, sgk_splat_##T(1)) : sgk_splat_##T(bad);                \
    PARTIAL_STORE_##HOW(T, m, (ct *)a->out + slot, r);                                             \
    break;                                                                                         \
  }
#define CVT_CASE(MODE, TO, FROM, cto, cfrom)                                                       \
  case MODE:                                                                                       \
    sgk_store_##TO(sg, (cto *)a->out + i0,                                                         \
                   sgk_cvt_##TO##_##FROM(sgk_load_##FROM(sg, (const cfrom *)a->in + i0)));         \
    break;

SGK_KERNEL(mem_ops, struct mem_args, a, wg) {
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i0 = base + sg.first;
    const int32_t *in = a->in;
    int32_t *out = a->out;
    switch (a->mode) {
      case M_BLOCK: { /* sub-group block of n: element k of lane i at k * W + i */
        sgk_i32 v[16];
        const size_t blk =
            (sgk_group_linear_id(wg) * sgk_sg_group_range(sg) + sg.id) * SGK_W * (size_t)a->n;
        sgk_load_block_i32(sg, in + blk, a->n, v);
        for (int k = 0; k < a->n; ++k) v[k] = sgk_add_i32(v[k], sgk_splat_i32(k));
        sgk_store_block_i32(sg, out + blk, a->n, v);
        break;
      }
      case M_VEC: { /* vec<int, n> per work-item: element k of work-item i at i * n + k */
        sgk_i32 v[16];
        sgk_load_vec_i32(sg, in + i0 * (size_t)a->n, a->n, v);
        for (int k = 0; k < a->n; ++k) v[k] = sgk_mul_i32(v[k], sgk_splat_i32(k + 1));
        sgk_store_vec_i32(sg, out + i0 * (size_t)a->n, a->n, v);
        break;
      }
      case M_VEC64: {
        sgk_i64 v[16];
        sgk_load_vec_i64(sg, (const int64_t *)a->in + i0 * (size_t)a->n, a->n, v);
        for (int k = 0; k < a->n; ++k) v[k] = sgk_mul_i64(v[k], sgk_splat_i64(k + 1));
        sgk_store_vec_i64(sg, (int64_t *)a->out + i0 * (size_t)a->n, a->n, v);
        break;
      }
      case M_GATHER_SCATTER: { /* out[idx[i]] = odd idx ? in[idx[i]] : 0; highest lane wins */
        const sgk_i32 idx = sgk_load_i32(sg, a->idx + i0);
        const sgk_mask odd = sgk_ne_i32(sgk_and_i32(idx, sgk_splat_i32(1)), sgk_splat_i32(0));
        const sgk_i32 v = sgk_gather_masked_i32(sg, odd, in + base, idx);
        sgk_scatter_i32(sg, out + base, idx, v);
        break;
      }
      case M_MASKED: { /* lanes with a negative input are neither loaded nor stored */
        const sgk_i32 v = sgk_load_i32(sg, in + i0);
        const sgk_mask keep = sgk_ge_i32(v, sgk_splat_i32(0));
        const sgk_i32 w = sgk_load_masked_i32(sg, keep, in + i0);
        sgk_store_masked_i32(sg, keep, out + i0, sgk_add_i32(w, sgk_splat_i32(1)));
        break;
      }
      case M_WHERE_SG:
        SGK_WHERE(sg, sgk_sg_lanes_below(sg, i0, (size_t)a->n)) {
          sgk_store_i32(sg, out + i0, sgk_add_i32(sgk_load_i32(sg, in + i0), sgk_splat_i32(1)));
          SGK_WHERE(sg, sgk_ne_i32(sgk_and_i32(sgk_local_linear_id(sg), sgk_splat_i32(1)),
                                   sgk_splat_i32(0))) {
            sgk_store_i32(sg, out + i0, sgk_add_i32(sgk_load_i32(sg, in + i0), sgk_splat_i32(2)));
          }
        }
        break;
      case M_PREFETCH: {
        sgk_prefetch(NULL, 4096);
        sgk_prefetch(in + i0, SGK_W * sizeof(int32_t));
        sgk_prefetch(a->idx, (size_t)a->n);
        sgk_prefetch(a->idx, SIZE_MAX);
        sgk_prefetch((const void *)(UINTPTR_MAX - 100), 4096);
        sgk_prefetch((const void *)(UINTPTR_MAX - 10), 2 * SGK_W * sizeof(int32_t));
        sgk_store_i32(sg, out + i0, sgk_add_i32(sgk_load_i32(sg, in + i0), sgk_splat_i32(1)));
        break;
      }
        PARTIAL_CASE(M_PARTIAL, MEM, i32, int32_t, INT32_MIN)
        PARTIAL_CASE(M_PARTIAL64, MEM, u64, uint64_t, 0)
        PARTIAL_CASE(M_PARTIAL_GS, GS, i32, int32_t, INT32_MIN)
        PARTIAL_CASE(M_PARTIAL_GS64, GS, u64, uint64_t, 0)
        CVT_CASE(M_CVT_F32_I32, f32, i32, float, int32_t)
        CVT_CASE(M_CVT_I32_F32, i32, f32, int32_t, float)
        CVT_CASE(M_CVT_U32_F32, u32, f32, uint32_t, float)
        CVT_CASE(M_CVT_F32_U32, f32, u32, float, uint32_t)
        CVT_CASE(M_CVT_F64_I32, f64, i32, double, int32_t)
        CVT_CASE(M_CVT_I32_F64, i32, f64, int32_t, double)
        CVT_CASE(M_CVT_I64_I32, i64, i32, int64_t, int32_t)
        CVT_CASE(M_CVT_I32_I64, i32, i64, int32_t, int64_t)
        CVT_CASE(M_CVT_F64_F32, f64, f32, double, float)
        CVT_CASE(M_CVT_F32_F64, f32, f64, float, double)
        CVT_CASE(M_CVT_I64_F64, i64, f64, int64_t, double)
        CVT_CASE(M_CVT_F64_I64, f64, i64, double, int64_t)
        CVT_CASE(M_CVT_U64_U32, u64, u32, uint64_t, uint32_t)
        CVT_CASE(M_CVT_U32_U64, u32, u64, uint32_t, uint64_t)
      default: break;
    }
  }
}

SGK_KERNEL(reductions, struct reduction_args, a, wg) {
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 x = sgk_load_i32(sg, a->x + base + sg.first);
    const sgk_f32 f = sgk_load_f32(sg, a->f + base + sg.first);
    const sgk_u32 u = sgk_as_u32_i32(x);
    sgk_reduction_add_lanes_i32(sg, a->sum_i32, x);
    sgk_reduction_xor_lanes_u32(sg, a->xor_u32, u);
    sgk_reduction_and_lanes_u32(sg, a->and_u32, sgk_or_u32(u, sgk_splat_u32(0xffff0000u)));
    sgk_reduction_or_lanes_u32(sg, a->or_u32, sgk_and_u32(u, sgk_splat_u32(0x0000ffffu)));
    sgk_reduction_min_lanes_i64(sg, a->min_i64, sgk_cvt_i64_i32(x));
    sgk_reduction_max_lanes_u64(sg, a->max_u64, sgk_as_u64_i64(sgk_cvt_i64_i32(x)));
    sgk_reduction_add_lanes_f32(sg, a->sum_f32, f);
    sgk_reduction_max_lanes_f32(sg, a->max_f32, f);
    sgk_reduction_add_lanes_f64(sg, a->sum_f64, sgk_cvt_f64_f32(f));
    sgk_reduction_min_lanes_f64(sg, a->min_f64, sgk_cvt_f64_f32(f));
  }
  const size_t g = sgk_group_linear_id(wg);
  sgk_reduction_add_i64(wg, a->groups, 1); /* two call sites, one partial */
  for (uint32_t k = 0; k < a->spread_count; ++k)
    sgk_reduction_add_u32(wg, a->spread + k, (uint32_t)(g + k));
  if (g % 2) sgk_reduction_add_i64(wg, a->groups, 1);
  if (g + 1 == a->null_group) sgk_reduction_add_i32(wg, NULL, 1);
}
