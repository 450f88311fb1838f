/* The cvts test kernel, compiled per (ISA, W): out = conversion (or bit cast) args->op of x,
 * through the sub-group's masked load and store, so partial sub-groups write only their active
 * lanes. The kernel loads and stores the lanes as raw 32- or 64-bit patterns; each conversion is
 * its own out-of-line function from the input's bits to the result's: inlined into one switch,
 * the hundred-odd conversions make one function the compiler takes minutes over. */
/* op semantics, not the work-group loops (test_kernels, test_traps, test_runtime): one loop a
 * variant, about 0.6x the compile time */
#define SGK_COMPACT_VARIANTS 1
#include "sgk/kernel.h"
#include "op_list.h"

/* A type's lanes as raw bits (B_<T>: u32 or u64) and back. */
#define B_i32 u32
#define B_u32 u32
#define B_f32 u32
#define B_i64 u64
#define B_u64 u64
#define B_f64 u64
#define TO_BITS_i32(v) sgk_as_u32_i32(v)
#define TO_BITS_u32(v) (v)
#define TO_BITS_f32(v) sgk_as_u32_f32(v)
#define TO_BITS_i64(v) sgk_as_u64_i64(v)
#define TO_BITS_u64(v) (v)
#define TO_BITS_f64(v) sgk_as_u64_f64(v)
#define OF_BITS_i32(v) sgk_as_i32_u32(v)
#define OF_BITS_u32(v) (v)
#define OF_BITS_f32(v) sgk_as_f32_u32(v)
#define OF_BITS_i64(v) sgk_as_i64_u64(v)
#define OF_BITS_u64(v) (v)
#define OF_BITS_f64(v) sgk_as_f64_u64(v)

/* run_<name>(const B_from *in, B_to *out): one conversion, by pointer so that one signature
 * serves every width pair. */
typedef void (*cvt_fn)(const void *in, void *out);
#define CVT_FN(to, from, name)                                                                     \
  __attribute__((noinline)) static void run_##name(const void *in, void *out) {                    \
    const SGK__CAT(sgk_, B_##from) x = *(const SGK__CAT(sgk_, B_##from) *)in;                      \
    *(SGK__CAT(sgk_, B_##to) *)out = TO_BITS_##to(sgk_##name(OF_BITS_##from(x)));                  \
  }
#define CVT_FN_CVT(to, from) CVT_FN(to, from, cvt_##to##_##from)
#define CVT_FN_ROUNDED(to, from, sfx) CVT_FN(to, from, cvt_##to##_##from##sfx)
#define CVT_FN_AS(to, from) CVT_FN(to, from, as_##to##_##from)
SGK_CONTRACT_CVTS(CVT_FN_CVT)
SGK_DERIVED_CVTS(CVT_FN_CVT)
SGK_ROUNDED_CVTS(CVT_FN_ROUNDED)
SGK_CONTRACT_CASTS(CVT_FN_AS)

/* In the order of enum sgk_test_cvt: the function and whether input and result are 64-bit. */
static const struct {
  cvt_fn fn;
  unsigned char wide_in, wide_out;
} cvt_table[CVT_COUNT] = {
#define WIDE_u32 0
#define WIDE_u64 1
#define CVT_ENTRY(to, from, name) {run_##name, SGK__CAT(WIDE_, B_##from), SGK__CAT(WIDE_, B_##to)},
#define CVT_ENTRY_CVT(to, from) CVT_ENTRY(to, from, cvt_##to##_##from)
#define CVT_ENTRY_ROUNDED(to, from, sfx) CVT_ENTRY(to, from, cvt_##to##_##from##sfx)
#define CVT_ENTRY_AS(to, from) CVT_ENTRY(to, from, as_##to##_##from)
    SGK_CONTRACT_CVTS(CVT_ENTRY_CVT) SGK_DERIVED_CVTS(CVT_ENTRY_CVT)
        SGK_ROUNDED_CVTS(CVT_ENTRY_ROUNDED) SGK_CONTRACT_CASTS(CVT_ENTRY_AS)};

SGK_KERNEL(cvts, struct op_args, args, wg) {
  const int op = args->op >= 0 && args->op < CVT_COUNT ? args->op : -1;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    if (op < 0) continue;
    const size_t at = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    sgk_u32 in32, out32;
    sgk_u64 in64, out64;
    if (cvt_table[op].wide_in)
      in64 = sgk_load_u64(sg, (const uint64_t *)args->x + at);
    else
      in32 = sgk_load_u32(sg, (const uint32_t *)args->x + at);
    cvt_table[op].fn(cvt_table[op].wide_in ? (const void *)&in64 : (const void *)&in32,
                     cvt_table[op].wide_out ? (void *)&out64 : (void *)&out32);
    if (cvt_table[op].wide_out)
      sgk_store_u64(sg, (uint64_t *)args->out + at, out64);
    else
      sgk_store_u32(sg, (uint32_t *)args->out + at, out32);
  }
}
