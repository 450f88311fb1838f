/* The guide's init and copy kernels (sg_mem_access_0/1/2 and the vec<int, 4> payload). Every
 * work-item moves SGK_PER_ITEM (16) ints; the variants differ in which ints and how:
 *   *_wi:     work-item i owns [16 i, 16 i + 16): per lane contiguous, a vec<int, 16> load and
 *             store each (sgk_load_vec / sgk_store_vec, n = 16: the work-items' runs moved one
 *             after another; the guide's loop as 16 scatters writes every run in 16 passes);
 *   *_sg:     a sub-group owns 16 sgSize consecutive ints, lane l takes every sgSize-th from l
 *             (the coalesced layout): one block load/store per step;
 *   copy_block: the same layout through sg.load<8> / sg.store<8> (two blocks of 8 per item);
 *   copy_vec4:  the same chunk, each work-item moving vec<int, 4> payloads. */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* First int of the chunk a sub-group owns: 16 times the global id of its lane 0. */
SGK_INLINE size_t chunk_of(const sgk_wg *wg, sgk_sg sg) {
  return (sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first) * SGK_PER_ITEM;
}

SGK_KERNEL_PROPS(init_wi, struct copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_i32 v[SGK_PER_ITEM];
    for (int j = 0; j < SGK_PER_ITEM; ++j) v[j] = sgk_splat_i32(-1);
    sgk_store_vec_i32(sg, a->dst + chunk_of(wg, sg), SGK_PER_ITEM, v);
  }
}

SGK_KERNEL_PROPS(init_sg, struct copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    int32_t *p = a->dst + chunk_of(wg, sg);
    for (uint32_t j = 0; j < SGK_PER_ITEM; ++j)
      sgk_store_i32(sg, p + j * sg.size, sgk_splat_i32(-1));
  }
}

SGK_KERNEL_PROPS(copy_wi, struct copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t c = chunk_of(wg, sg);
    sgk_i32 v[SGK_PER_ITEM];
    sgk_load_vec_i32(sg, a->src + c, SGK_PER_ITEM, v);
    sgk_store_vec_i32(sg, a->dst + c, SGK_PER_ITEM, v);
  }
}

SGK_KERNEL_PROPS(copy_sg, struct copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t c = chunk_of(wg, sg);
    for (uint32_t j = 0; j < SGK_PER_ITEM; ++j)
      sgk_store_i32(sg, a->dst + c + j * sg.size, sgk_load_i32(sg, a->src + c + j * sg.size));
  }
}

/* sg.load<8> strides by the maximum sub-group size; a partial last sub-group takes the
 * sgSize-strided form of copy_sg over the same chunk. */
SGK_KERNEL_PROPS(copy_block, struct copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t base = chunk_of(wg, sg);
    if (!sg.full) {
      for (uint32_t j = 0; j < SGK_PER_ITEM; ++j)
        sgk_store_i32(sg, a->dst + base + j * sg.size,
                      sgk_load_i32(sg, a->src + base + j * sg.size));
      continue;
    }
    sgk_i32 x[8];
    sgk_load_block_i32(sg, a->src + base, 8, x);
    sgk_store_block_i32(sg, a->dst + base, 8, x);
    sgk_load_block_i32(sg, a->src + base + 8 * SGK_W, 8, x);
    sgk_store_block_i32(sg, a->dst + base + 8 * SGK_W, 8, x);
  }
}

SGK_KERNEL_PROPS(copy_vec4, struct copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t c = chunk_of(wg, sg);
    for (uint32_t j = 0; j < 4; ++j) {
      sgk_i32 x[4];
      sgk_load_vec_i32(sg, a->src + c + j * sg.size * 4, 4, x);
      sgk_store_vec_i32(sg, a->dst + c + j * sg.size * 4, 4, x);
    }
  }
}
