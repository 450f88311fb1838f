/* The cvts test kernel, compiled per (ISA, W): out = conversion (or bit cast) args->op of x,
 * through the sub-group's masked load and store, so partial sub-groups write only their active
 * lanes. Each conversion is its own function, kept out of line: inlined into one switch, the
 * hundred-odd conversions make one function the compiler takes minutes over. */
#include "sgk/kernel.h"
#include "op_list.h"

typedef void (*cvt_fn)(sgk_sg sg, const void *x, void *out, size_t at);
#define CVT_FN(to, from, name)                                                                     \
  __attribute__((noinline)) static void run_##name(sgk_sg sg, const void *x, void *out,            \
                                                   size_t at) {                                    \
    sgk_store_##to(sg, (TEST_CT_##to *)out + at,                                                   \
                   sgk_##name(sgk_load_##from(sg, (const TEST_CT_##from *)x + at)));               \
  }
#define CVT_FN_CVT(to, from) CVT_FN(to, from, cvt_##to##_##from)
#define CVT_FN_ROUNDED(to, from, sfx) CVT_FN(to, from, cvt_##to##_##from##sfx)
#define CVT_FN_AS(to, from) CVT_FN(to, from, as_##to##_##from)
SGK_CONTRACT_CVTS(CVT_FN_CVT)
SGK_DERIVED_CVTS(CVT_FN_CVT)
SGK_ROUNDED_CVTS(CVT_FN_ROUNDED)
SGK_CONTRACT_CASTS(CVT_FN_AS)

/* In the order of enum sgk_test_cvt. */
static const cvt_fn cvt_table[CVT_COUNT] = {
#define CVT_ENTRY_CVT(to, from) run_cvt_##to##_##from,
#define CVT_ENTRY_ROUNDED(to, from, sfx) run_cvt_##to##_##from##sfx,
#define CVT_ENTRY_AS(to, from) run_as_##to##_##from,
    SGK_CONTRACT_CVTS(CVT_ENTRY_CVT) SGK_DERIVED_CVTS(CVT_ENTRY_CVT)
        SGK_ROUNDED_CVTS(CVT_ENTRY_ROUNDED) SGK_CONTRACT_CASTS(CVT_ENTRY_AS)};

SGK_KERNEL(cvts, struct op_args, args, wg) {
  const cvt_fn fn = args->op >= 0 && args->op < CVT_COUNT ? cvt_table[args->op] : NULL;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    if (fn)
      fn(sg, args->x, args->out, sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first);
  }
}
