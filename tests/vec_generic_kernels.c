/* sgk_load_vec / sgk_store_vec through the generic layer's transpose (whole-value permutes; n = 16
 * through row buffers) where the core has its own: compiled with SGK__TEST_GENERIC_VEC_MEMORY,
 * which makes the AVX2, AVX-512 and NEON cores stand aside, so that the path a new core without
 * SGK__NATIVE_VEC_MEMORY would take stays tested (test_runtime's memory test, M_VEC and M_VEC64
 * through mem_vec_generic). */
#define SGK_COMPACT_VARIANTS 1
#include "sgk/kernel.h"
#include "runtime_kernels.h"

SGK_KERNEL(mem_vec_generic, struct mem_args, a, wg) {
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t at = (base + sg.first) * (size_t)a->n;
    if (a->mode == M_VEC) {
      sgk_i32 v[16];
      sgk_load_vec_i32(sg, (const int32_t *)a->in + at, a->n, v);
      for (int k = 0; k < a->n; ++k) v[k] = sgk_mul_i32(v[k], sgk_splat_i32(k + 1));
      sgk_store_vec_i32(sg, (int32_t *)a->out + at, a->n, v);
    } else {
      sgk_i64 v[16];
      sgk_load_vec_i64(sg, (const int64_t *)a->in + at, a->n, v);
      for (int k = 0; k < a->n; ++k) v[k] = sgk_mul_i64(v[k], sgk_splat_i64(k + 1));
      sgk_store_vec_i64(sg, (int64_t *)a->out + at, a->n, v);
    }
  }
}
