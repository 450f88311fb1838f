#ifndef SGK_TEST_RUNTIME_KERNELS_H
#define SGK_TEST_RUNTIME_KERNELS_H
#include <stdint.h>

#include "sgk/sgk.h"

/* ids: per work-item, at global linear id * ID_FIELDS */
enum {
  F_GID0,
  F_GID1,
  F_GID2,
  F_LID0,
  F_LID1,
  F_LID2,
  F_GROUP0,
  F_GROUP1,
  F_GROUP2,
  F_SG_ID,
  F_SG_LID,
  F_SG_SIZE,
  F_SG_MAX,
  F_LIN,
  F_LLIN,
  ID_FIELDS
};
struct ids_args {
  int32_t *out;
};

struct slm_args {
  int32_t *out;
}; /* slm_phases */
/* slide_share: its out[0 .. 2]; tile_block_of, stream_prefetch_of: out[0] */
struct share_args {
  int32_t *out;
};
struct seed_args {
  const int32_t *data;
  int32_t *out;
}; /* sg_max_size: out[i*2] = j, k */

/* wg_collectives: out[global * WG_FIELDS + f] */
enum {
  W_REDUCE_ADD,
  W_REDUCE_MIN,
  W_REDUCE_MAX,
  W_ISCAN,
  W_ESCAN,
  W_BCAST,
  W_ANY,
  W_ALL,
  W_FMIN,
  W_FMAX,
  W_UCOUNT, /* uniform-value collectives: positives in the work-group (reduce of per-sg counts) */
  W_USLOT,  /* positives before this item (exclusive scan of the counts + ballot rank) */
  W_UMAX,   /* max of x over this and the earlier sub-groups (inclusive scan of per-sg maxima) */
  W_UTOTAL, /* the scans' returned totals agree with the reduce: 1 */
  WG_FIELDS
};
struct wg_args {
  const int32_t *x;
  const float *f;
  uint32_t bcast_id;
  int32_t *out;
};

/* atomics: histogram of keys into nbins SLM bins (local atomics), merged into global bins with
 * global atomics; fetch_add returns per-item old counts; global min/max/and/or/xor of keys. */
/* CUDA's last-block-done sum: each work-group stores its sum in partial[group], fences
 * (release) and counts itself in; the one that counts last fences (acquire), adds the partial
 * sums into *total and counts itself in finishers. */
struct last_done_args {
  const uint64_t *x;
  uint64_t *partial, *total;
  uint32_t *count, *finishers;
};
SGK_DECLARE_KERNEL(last_done_sum);

struct atomic_args {
  const uint32_t *keys;
  uint32_t nbins;
  uint64_t *bins; /* nbins, global atomic add of the local counts */
  uint32_t *old;  /* per item: old value returned by fetch_add on a scratch SLM array */
  uint32_t *gmin, *gmax, *gand, *gor, *gxor; /* one word each */
  int64_t *gsum64;
};

/* reductions: launch-scope reductions (sgk_reduction_*) of each work-item's x[i] (and f[i], a
 * small whole number, so that every order gives the same float sums), lane forms, and uniform
 * ones per work-group: groups += 1, and += 1 again in odd groups (a second call site, one
 * partial), and `spread`
 * targets (more than SGK_REDUCTION_SLOTS: the rest go straight to atomics), spread[k] += group
 * + k. null_group: that group (1-based) also passes a NULL target. Targets keep their values. */
struct reduction_args {
  const int32_t *x;
  const float *f;
  int32_t *sum_i32;
  uint32_t *xor_u32, *and_u32, *or_u32;
  int64_t *min_i64;
  uint64_t *max_u64;
  float *sum_f32, *max_f32;
  double *sum_f64, *min_f64;
  int64_t *groups;
  uint32_t *spread, spread_count;
  size_t null_group;
};
SGK_DECLARE_KERNEL(reductions);

/* local atomics: every op on every integer type; SLM bins start from `init`, each work-item applies
 * op(bins[key & (nbins - 1)], val) (LA_FETCH: add, storing the old value at olds[item]), and
 * each group writes its bins to out[group * nbins ..]. masked: only the items whose key has bit
 * 4 clear, through the _masked forms. */
enum { LA_ADD, LA_MIN, LA_MAX, LA_AND, LA_OR, LA_XOR, LA_FETCH, LA_OPS };
enum { LA_I32, LA_U32, LA_I64, LA_U64, LA_TYPES };
struct local_atomic_args {
  int op, type;
  uint32_t nbins;
  const uint32_t *keys;
  const void *vals, *init;
  void *out, *olds;
  int masked;
};

/* memory: mode selects the op; each work-item i of a 1-D range */
enum {
  M_BLOCK,
  M_VEC,
  M_VEC64, /* the same of int64_t */
  M_GATHER_SCATTER,
  M_MASKED,
  M_PARTIAL,      /* sgk_load / sgk_store of int32_t in each sub-group's slot of W (below) */
  M_PARTIAL64,    /* the same of uint64_t */
  M_PARTIAL_GS,   /* M_PARTIAL through sgk_gather / sgk_scatter (lane i at index i) */
  M_PARTIAL_GS64, /* the same of uint64_t */
  M_PREFETCH,     /* out[i] = in[i] + 1 after sgk_prefetch of NULL, of idx's n bytes (a range
                   * running into unmapped pages), of SIZE_MAX bytes, and of ranges past the end
                   * of the address space of a run-time size and of a constant one */
  M_WHERE_SG,     /* SGK_WHERE on a mask written from sg: out[i] = in[i] + 1 for i < n, and
                   * in[i] + 2 where also the local id is odd (a nested region, its mask from
                   * sg) */
  M_CVT_F32_I32,
  M_CVT_I32_F32,
  M_CVT_U32_F32,
  M_CVT_F32_U32,
  M_CVT_F64_I32,
  M_CVT_I32_F64,
  M_CVT_I64_I32,
  M_CVT_I32_I64,
  M_CVT_F64_F32,
  M_CVT_F32_F64,
  M_CVT_I64_F64,
  M_CVT_F64_I64,
  M_CVT_U64_U32,
  M_CVT_U32_U64,
  M_COUNT
};
struct mem_args {
  int mode;
  int n;
  const void *in;
  void *out;
  const int32_t *idx;
};

/* nested: each work-group launches `ids` from inside and records the status */
struct nested_args {
  int32_t *status; /* per work-group */
  int32_t *sink;
};
SGK_DECLARE_KERNEL(nested_launch);
/* count_groups: adds 1 per work-group to *count (declares slm bytes of SLM) */
struct count_args {
  int32_t *count;
  size_t slm;
};
SGK_DECLARE_KERNEL(count_groups);
/* void_args: args type void, launched with args NULL; adds 1 per work-group to
 * test_void_args_groups (defined in harness.c) */
extern int32_t test_void_args_groups;
SGK_DECLARE_KERNEL(void_args);
/* slide_share: out[0] = sgk_slide_quarters(wg), out[1] = SGK_REG_WINDOW, out[2] =
 * SGK_REG_SLIDE_QUARTERS of the variant (struct share_args) */
SGK_DECLARE_KERNEL(slide_share);
/* tile_block_of: out[0] = sgk_tile_block(wg, 99) (struct share_args) */
SGK_DECLARE_KERNEL(tile_block_of);
/* stream_prefetch_of: out[0] = sgk_stream_prefetch(wg) (struct share_args) */
SGK_DECLARE_KERNEL(stream_prefetch_of);
SGK_DECLARE_KERNEL(ids);
SGK_DECLARE_KERNEL(slm_phases);
SGK_DECLARE_KERNEL(sg_seed);
SGK_DECLARE_KERNEL(wg_collectives);
SGK_DECLARE_KERNEL(atomics);
SGK_DECLARE_KERNEL(mem_ops);
SGK_DECLARE_KERNEL(mem_vec_generic); /* vec_generic_kernels.c */
SGK_DECLARE_KERNEL(local_atomic_ops);
SGK_DECLARE_KERNEL(local_atomic_ops_conflict); /* avx512 (conflict detection) and scalar */
#endif
