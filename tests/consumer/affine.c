/* y = x * CONSUMER_SCALE + CONSUMER_OFFSET over n items, the last work-group ragged: the scale
 * comes from COMPILE_DEFINITIONS, the offset from a header of INCLUDE_DIRECTORIES. And the same
 * in float, which every variant must round as the host does (sgk_add_kernels: -ffp-contract=off). */
#include "consumer.h"
#include "consumer_params.h"
#include "sgk/kernel.h"

#ifndef CONSUMER_SCALE
#error "CONSUMER_SCALE: the kernel's COMPILE_DEFINITIONS did not reach it"
#endif
/* The consumer passes -mavx512f (or -march=native) in COMPILE_OPTIONS: it must not reach the
 * scalar and AVX2 variants. */
#if defined(SGK_VARIANT_ISA_SCALAR) && (defined(__AVX__) || defined(__AVX512F__))
#error "an instruction-set option leaked into the scalar variant"
#endif
#if defined(SGK_VARIANT_ISA_AVX2) && defined(__AVX512F__)
#error "an instruction-set option leaked into the avx2 variant"
#endif

/* Built by CMake, each variant gets its own width and ISA from the properties SGK_W and SGK_ISA
 * (generator expressions in COMPILE_DEFINITIONS); the Makefile build defines neither. */
#ifdef CONSUMER_W
#if CONSUMER_W != SGK_W
#error "$<TARGET_PROPERTY:SGK_W> is not this variant's width"
#endif
#if defined(SGK_VARIANT_ISA_SCALAR) != defined(CONSUMER_ISA_scalar) ||                             \
    defined(SGK_VARIANT_ISA_AVX512) != defined(CONSUMER_ISA_avx512) ||                             \
    defined(SGK_VARIANT_ISA_NEON) != defined(CONSUMER_ISA_neon)
#error "$<TARGET_PROPERTY:SGK_ISA> is not this variant's ISA"
#endif
#endif

SGK_KERNEL(affine, struct affine_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 gid = sgk_global_linear_id(sg);
    const size_t first = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    if (first >= a->n) continue; /* the whole sub-group is past the end */
    const sgk_mask in = sgk_lt_i32(gid, sgk_splat_i32((int32_t)a->n));
    const sgk_i32 x = sgk_load_masked_i32(sg, in, a->x + first);
    const sgk_i32 y =
        sgk_add_i32(sgk_mul_i32(x, sgk_splat_i32(CONSUMER_SCALE)), sgk_splat_i32(CONSUMER_OFFSET));
    sgk_store_masked_i32(sg, in, a->y + first, y);
    /* in the project's GNU C mode GCC would fuse these into an FMA where the variant has one */
    const sgk_f32 fy = sgk_add_f32(
        sgk_mul_f32(sgk_load_masked_f32(sg, in, a->fx + first), sgk_splat_f32(CONSUMER_FA)),
        sgk_splat_f32(CONSUMER_FB));
    sgk_store_masked_f32(sg, in, a->fy + first, fy);
  }
}
