/* Kernels for the traps test, written as a new user would from the README. Checked whatever the
 * build type: a collective reading an unwritten SGK_PER_SUB_GROUP entry fails the launch. */
#undef SGK_CHECK_PER_SUB_GROUP
#define SGK_CHECK_PER_SUB_GROUP 1
#include "sgk/kernel.h"
#include "trap_kernels.h"

SGK_KERNEL(early_exit, struct early_exit_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 gid = sgk_global_linear_id(sg);
    const size_t first = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    if (a->how != 3 && first >= a->n) { /* the whole sub-group is past the end */
      if (a->how == 0) return;
      if (a->how == 1) break;
      continue;
    }
    const sgk_mask in = sgk_lt_i32(gid, sgk_splat_i32((int32_t)a->n));
    const sgk_i32 x = sgk_load_masked_i32(sg, in, a->in + first);
    sgk_store_masked_i32(sg, in, a->out + first, sgk_mul_i32(x, sgk_splat_i32(2)));
  }
}

/* Reverses each work-group's items through SLM. Declared free of the work-group size as a test
 * device: test_tune_work_group checks each launch against the size its info says ran. */
SGK_KERNEL_SLM_PROPS(slm_user, struct slm_user_args, a, wg,
                     sgk_wg_size * sizeof(int32_t) + a->extra, SGK_KERNEL_WORK_GROUP_FREE) {
  int32_t *tile = sgk_slm(wg);
  const uint32_t L = sgk_local_linear_range(wg);
  const size_t base = sgk_group_linear_id(wg) * L;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_store_i32(sg, tile + sg.first, sgk_load_i32(sg, a->in + base + sg.first));
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 rev = sgk_sub_i32(sgk_splat_i32((int32_t)L - 1), sgk_local_linear_id(sg));
    sgk_store_i32(sg, a->out + base + sg.first, sgk_gather_i32(sg, tile, rev));
  }
  if (sgk_group_linear_id(wg) == 0) *a->bytes_seen = sgk_slm_bytes(wg);
}

SGK_KERNEL_SLM(sg_tile, struct sg_tile_args, a, wg,
               (sgk_wg_size + SGK_W - 1) / SGK_W * SGK_W * SGK_W * sizeof(int32_t) * a->scale) {
  int32_t *slm = sgk_slm(wg);
  const size_t first_block = sgk_group_linear_id(wg) * sgk_num_sub_groups(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    int32_t *tile = slm + (size_t)sg.id * SGK_W * SGK_W;
    const int32_t *in = a->in + (first_block + sg.id) * SGK_W * SGK_W;
    for (uint32_t r = 0; r < SGK_W; ++r)
      sgk_store_i32(sg, tile + r * SGK_W, sgk_load_i32(sg, in + r * SGK_W));
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const int32_t *tile = slm + (size_t)sg.id * SGK_W * SGK_W;
    int32_t *out = a->out + (first_block + sg.id) * SGK_W * SGK_W;
    const sgk_i32 column = sgk_mul_i32(sgk_as_i32_u32(sgk_sg_local_id(sg)), sgk_splat_i32(SGK_W));
    for (uint32_t r = 0; r < SGK_W; ++r)
      sgk_store_i32(sg, out + r * SGK_W,
                    sgk_gather_i32(sg, tile, sgk_add_i32(column, sgk_splat_i32((int32_t)r))));
  }
  if (sgk_group_linear_id(wg) == 0) *a->bytes_seen = sgk_slm_bytes(wg);
}

SGK_KERNEL_SLM(stage_row_ptr, struct row_ptr_args, a, wg, (sgk_wg_size + 1) * sizeof(int32_t)) {
  int32_t *ptr = sgk_slm(wg);
  const uint32_t L = sgk_local_linear_range(wg);
  const size_t row0 = sgk_group_linear_id(wg) * L;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    for (uint32_t i = sg.first; i < L + 1; i += L) {
      sgk_mask m = sgk_sg_lanes_below(sg, row0 + i, (size_t)a->n + 1);
      if (a->how == 1) m = sgk_mask_and(m, sgk_sg_lanes_below(sg, i, (size_t)L + 1));
      sgk_store_masked_i32(sg, m, ptr + i, sgk_load_masked_i32(sg, m, a->ptr + row0 + i));
    }
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_mask m = sgk_sg_lanes_below(sg, row0 + sg.first, a->n);
    const sgk_i32 len = sgk_sub_i32(sgk_load_masked_i32(sg, m, ptr + sg.first + 1),
                                    sgk_load_masked_i32(sg, m, ptr + sg.first));
    sgk_store_masked_i32(sg, m, a->len + row0 + sg.first, len);
  }
}

SGK_KERNEL_SLM(ping_pong, struct ping_pong_args, a, wg,
               (size_t)a->buffers * a->len * sizeof(int32_t)) {
  int32_t *buf = sgk_slm(wg);
  const uint32_t L = sgk_local_linear_range(wg);
  const size_t g0 = sgk_group_linear_id(wg) * L;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_store_i32(sg, buf + sg.first, sgk_load_i32(sg, a->in + g0 + sg.first));
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 rev = sgk_sub_i32(sgk_splat_i32((int32_t)L - 1), sgk_local_linear_id(sg));
    sgk_store_i32(sg, buf + a->len + sg.first, sgk_gather_i32(sg, buf, rev));
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 rev = sgk_sub_i32(sgk_splat_i32((int32_t)L - 1), sgk_local_linear_id(sg));
    sgk_store_i32(sg, a->out + g0 + sg.first, sgk_gather_i32(sg, buf + a->len, rev));
  }
}

SGK_KERNEL(stencil5, struct stencil_args, a, wg) {
  const int32_t n = (int32_t)a->n;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 y = sgk_global_id(sg, 0), x = sgk_global_id(sg, 1);
    const sgk_i32 at = sgk_add_i32(sgk_mul_i32(y, sgk_splat_i32(n)), x);
    sgk_i32 sum = sgk_mul_i32(sgk_gather_i32(sg, a->in, at), sgk_splat_i32(4));
    const int32_t dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};
    for (int k = 0; k < 4; ++k) {
      const sgk_i32 yy = sgk_add_i32(y, sgk_splat_i32(dy[k])),
                    xx = sgk_add_i32(x, sgk_splat_i32(dx[k]));
      const sgk_mask ok = sgk_mask_and(
          sgk_mask_and(sgk_ge_i32(yy, sgk_splat_i32(0)), sgk_lt_i32(yy, sgk_splat_i32(n))),
          sgk_mask_and(sgk_ge_i32(xx, sgk_splat_i32(0)), sgk_lt_i32(xx, sgk_splat_i32(n))));
      const sgk_i32 nb = sgk_add_i32(sgk_mul_i32(yy, sgk_splat_i32(n)), xx);
      sum = sgk_sub_i32(
          sum, sgk_gather_masked_i32(sg, ok, a->in, sgk_select_i32(ok, nb, sgk_splat_i32(0))));
    }
    sgk_scatter_i32(sg, a->out, at, sum);
  }
}

SGK_KERNEL(skipped_entry, struct skipped_entry_args, a, wg) {
  SGK_PER_SUB_GROUP(int32_t, part);
  SGK_PER_SUB_GROUP(sgk_i32, lanes);
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t first = base + sg.first;
    if (first >= a->n) { /* the whole sub-group is past the end */
      if (a->how == 1) part[sg.id] = 0;
      if (a->how == 3) lanes[sg.id] = sgk_splat_i32(0);
      continue;
    }
    const sgk_mask in = sgk_sg_lanes_below(sg, first, a->n);
    const sgk_i32 x = sgk_load_masked_i32(sg, in, a->in + first);
    part[sg.id] = sgk_reduce_add_i32(sg, x);
    lanes[sg.id] = x;
  }
  a->sums[sgk_group_linear_id(wg)] =
      a->how < 2 ? sgk_wg_reduce_uniform_add_i32(wg, part) : sgk_wg_reduce_add_i32(wg, lanes);
  SGK_FOR_EACH_SUBGROUP(wg, sg) { /* a later phase reading the entries */
    a->parts[sgk_group_linear_id(wg) * 64 + sg.id] =
        a->how < 2 ? part[sg.id] : sgk_reduce_add_i32(sg, lanes[sg.id]);
  }
}

#define IN_LOOP_KERNEL collective_in_loop
#include "in_loop_kernel.inc"

#define SHUFFLE_KERNEL shuffle_window
#include "shuffle_window_kernel.inc"
