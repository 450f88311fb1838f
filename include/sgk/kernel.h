/* sgk portable kernel API. A kernel source includes this header and is compiled once per
 * (ISA, sub-group size W) by the sgk_add_kernels() CMake function, which defines
 * SGK_VARIANT_ISA_<ISA>, SGK_W and SGK_VARIANT_SUFFIX. The types (sgk_i32, sgk_f32, ... sgk_mask)
 * hold one value per work-item of a sub-group: W lanes in the ISA's registers.
 *
 * Everything here is written once over the per-ISA contract (sgk/isa/<isa>.h): the sub-group with
 * its active-lane mask, work-item queries, masked memory ops, SYCL-semantics collectives,
 * work-group collectives over the phase model, and atomics. Semantics that the ISA layer leaves
 * open are pinned here, so every backend gives the same answer. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_KERNEL_H
#define SGK_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sgk/sgk.h"
#include "sgk/workgroup.h"

#if !defined(SGK_W) || (SGK_W != 8 && SGK_W != 16 && SGK_W != 32)
#error "SGK_W must be 8, 16 or 32: compile kernels through sgk_add_kernels()"
#endif

#define SGK__CAT_(a, b) a##b
#define SGK__CAT(a, b) SGK__CAT_(a, b)
/* Every op is forced inline: a kernel variant must compile to straight vector code with no call
 * in its loops, whatever the size of the kernel. */
#define SGK_INLINE static inline __attribute__((always_inline))

/* The backend: the variant's per-register core (src/<isa>/sgk/isa/<isa>.h), the generic layer
 * that derives the rest of the backend contract (sgk/isa/contract.inc) from it, and the core's
 * part that builds on the generic layer. A built-in core's header follows from the ISA macro, so
 * a variant's flags hold no quoted string: `cc $(sgk-config --variant avx512 16)` in a shell
 * passes them as they are (a shell does not take quotes out of a command substitution's
 * output). A backend of one's own may name its header with SGK_VARIANT_HEADER. */
#if !defined(SGK_VARIANT_HEADER)
#if defined(SGK_VARIANT_ISA_SCALAR)
#define SGK_VARIANT_HEADER "sgk/isa/scalar.h"
#elif defined(SGK_VARIANT_ISA_AVX2)
#define SGK_VARIANT_HEADER "sgk/isa/avx2.h"
#elif defined(SGK_VARIANT_ISA_AVX512)
#define SGK_VARIANT_HEADER "sgk/isa/avx512.h"
#elif defined(SGK_VARIANT_ISA_NEON)
#define SGK_VARIANT_HEADER "sgk/isa/neon.h"
#endif
#endif
#if !defined(SGK_VARIANT_HEADER) || !defined(SGK_VARIANT_ISA)
#error "SGK_VARIANT_ISA_<ISA> / SGK_VARIANT_ISA undefined: compile kernels through sgk_add_kernels() or with sgk-config --variant"
#endif
#include SGK_VARIANT_HEADER
#include "sgk/isa/generic.h"
#include SGK_VARIANT_HEADER
#include "sgk/isa/intops.h"
#include "sgk/isa/cvtops.h"
#include "sgk/isa/math.h"

/* The machine under the sub-group, for kernels that block for registers (a matmul keeping a tile of
 * C in registers): lanes of one vector register for 32- and 64-bit elements, and how many such
 * registers the ISA has. A lane vector (sgk_f32) is SGK_W / SGK_REG_LANES32 of them. */
#define SGK_REG_LANES32 SGK__RL32
#define SGK_REG_LANES64 SGK__RL64
#define SGK_REG_COUNT SGK__REGS
/* For a kernel that slides a window over an array (kernels/convolution.c), where the sub-group is
 * one register: of every four taps that it could slide out of two loaded registers with
 * sgk_shuffle_down by a constant, how many are worth sliding rather than loading at their own
 * offset, as the backend measured it (0 to 4; 0: always load). SGK_REG_SLIDE(r): whether tap r
 * (r >= 0, any integer type) is one of them, r mod 4 below the share (a test of an unsigned r
 * against the share itself, 0 on some ISAs, would be a -Wtype-limits warning there). */
#define SGK_REG_SLIDE_QUARTERS SGK__SLIDE_QUARTERS
#define SGK_REG_SLIDE(r) SGK_REG_SLIDE_BY(r, SGK_REG_SLIDE_QUARTERS)
#define SGK_REG_SLIDE_BY(r, q) ((int)((r) % 4) < (int)(q))
/* Whether this variant has such a window at all: its sub-group is one register and the backend
 * slides some taps: AVX-512 at W 8 and 16, AVX2 at W 8. Where a sub-group spans two registers or
 * more (AVX-512 at W 32, AVX2 at W 16 and 32), a slide is several permutes and costs more than the
 * load it saves; where the share is 0 (scalar), every tap is a load. A kernel takes its window
 * path under `if (SGK_REG_WINDOW && sgk_sg_size(sg) == SGK_W)`, a constant of the variant, so
 * that the others compile to the loads alone. */
#define SGK_REG_WINDOW (SGK_W == SGK_REG_LANES32 && SGK_REG_SLIDE_QUARTERS > 0)
/* The share the CPU running the launch slides best, 0 to 4, where it differs from the backend's
 * (chosen once per process: 3 on AMD Zen 5 for AVX-512 at W 16, whose backend says 2 from Zen 4; 0
 * for AVX2 at W 8 but on AMD, whose backend says 3 from Zen 5; SGK_SLIDE_QUARTERS=0..4 forces one
 * for every variant), else SGK_REG_SLIDE_QUARTERS; in a variant without a window (SGK_REG_WINDOW 0)
 * always 0: it slides nothing. A kernel that follows it compiles its window once per share it
 * serves, each with the share a constant (SGK_REG_SLIDE_BY(r, q)), and picks one per work-group
 * (kernels/convolution.c). */
SGK_INLINE uint32_t sgk_slide_quarters(const sgk_wg *wg) {
  if (!SGK_REG_WINDOW) return 0;
  return wg->slide_choice ? wg->slide_choice - 1u : (uint32_t)SGK_REG_SLIDE_QUARTERS;
}

/* The side, in tiles, of the blocks a kernel that takes tiles in blocks (as kernels/transpose.c
 * does, to keep the lines a block writes in cache until they are whole) should use on the CPU
 * running the launch: own, the variant's, unless this CPU measured better with another (chosen
 * once per process: 8 at W 32 on AMD, where the transpose's 4 from an Intel Xeon lost). */
SGK_INLINE uint32_t sgk_tile_block(const sgk_wg *wg, uint32_t own) {
  return wg->tile_block ? wg->tile_block : own;
}

/* Whether to issue the software prefetches (sgk_prefetch) of the lines ahead in streams the
 * kernel reads in order, such as a grid-stride loop's next pass or the next work-groups' lines of
 * a strided read, on the CPU running the launch (chosen once per process): false on Intel, where
 * its own stream prefetchers keep up with those and the added requests only cost (a Xeon of
 * model 207: up to 1.2x), true elsewhere (AMD Zen 4 gained up to 1.7x by them);
 * SGK_STREAM_PREFETCH=0|1 forces it. Read it once, before the loop:
 * `const bool pf = sgk_stream_prefetch(wg);` ... `if (pf && ahead < n) sgk_prefetch(...)`. A
 * prefetch of what no stream predicts (the rows of a tile ahead, kernels/transpose.c) is not one
 * of these: issue it anyway. */
SGK_INLINE bool sgk_stream_prefetch(const sgk_wg *wg) { return wg->stream_prefetch != 0; }

/* Most sub-groups a work-group can have: the per-sub-group arrays a kernel keeps across a barrier
 * are declared with this size and indexed by sg.id. */
#define SGK_MAX_SUB_GROUPS (SGK_MAX_WORK_GROUP_SIZE / SGK_W)
/* What lives across a barrier (between two SGK_FOR_EACH_SUBGROUP loops): SLM, or a value per
 * sub-group declared with this in the kernel's body, indexed by sg.id, sized for the largest
 * work-group at this W:  SGK_PER_SUB_GROUP(sgk_f32, part); ... part[sg.id] = ...;  Lane vectors
 * (sgk_f32) for per-work-item values, plain C types (uint32_t) for one uniform value each. */
#define SGK__PER_SUB_GROUP_ARRAY(type, name) type name[SGK_MAX_SUB_GROUPS]
/* Checked kernels (compiled without NDEBUG, as a Debug build does, or with
 * SGK_CHECK_PER_SUB_GROUP defined to 1): each work-group's SGK_PER_SUB_GROUP arrays start filled
 * with a poison pattern (the 32-bit word 0x7FA5A5A5 over and over), and a work-group collective
 * that finds an entry of one of its sub-groups still all poison fails the launch with
 * SGK_ERROR_KERNEL_CONTROL_FLOW: a sub-group skipped its work with `continue` before writing its
 * entry, which otherwise hands the collective whatever the stack held. A value that is the
 * poison itself, written on purpose, reads as unwritten there. */
#ifndef SGK_CHECK_PER_SUB_GROUP
#ifdef NDEBUG
#define SGK_CHECK_PER_SUB_GROUP 0
#else
#define SGK_CHECK_PER_SUB_GROUP 1
#endif
#endif
#if SGK_CHECK_PER_SUB_GROUP
#define SGK_PER_SUB_GROUP(type, name)                                                              \
  SGK__PER_SUB_GROUP_ARRAY(type, name);                                                            \
  sgk__poison(name, sizeof name)
#else
#define SGK_PER_SUB_GROUP(type, name) SGK__PER_SUB_GROUP_ARRAY(type, name)
#endif

/* ------------------------------------------------------------------------------------------------
 * Kernel definition.
 *
 *   SGK_KERNEL(my_kernel, struct my_args, a, wg) {
 *     SGK_FOR_EACH_SUBGROUP(wg, sg) { ... phase 1 ... }
 *     // a work-group barrier is the boundary between two loops
 *     SGK_FOR_EACH_SUBGROUP(wg, sg) { ... phase 2 ... }
 *   }
 *
 * defines the variant function of this (ISA, W); the scalar W=8 pass also emits the table
 * `const sgk_kernel my_kernel` that sgk_launch() dispatches from. A kernel that uses shared local
 * memory declares how much it needs, as an expression of its args `a` and the work-group size
 * `sgk_wg_size` (size_t):
 *
 *   SGK_KERNEL_SLM(my_kernel, struct my_args, a, wg, (sgk_wg_size + 2 * a->halo) * sizeof(int))
 *
 * The expression is compiled in every variant, so SGK_W in it is the launch's W (a W x W tile:
 * SGK_W * SGK_W * sizeof(T)). The launch gives it that much (or the larger options.slm_bytes)
 * and refuses less; sgk_slm(wg) in a kernel defined by plain SGK_KERNEL does not compile.
 *
 * Properties the kernel's author vouches for (sgk.h's SGK_KERNEL_*, ORed; an integer constant)
 * go in the last argument of SGK_KERNEL_PROPS / SGK_KERNEL_SLM_PROPS, which are SGK_KERNEL /
 * SGK_KERNEL_SLM otherwise; the table carries them, to this kernel alone:
 *
 *   SGK_KERNEL_PROPS(scale, struct scale_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) { ... }
 *
 * SGK_KERNEL_WORK_GROUP_FREE: every result is right at any work-group size (nothing indexed by
 * group id or local id beyond the global id they make, no SLM or work-group collective a result
 * depends on the grouping of), so SGK_TUNE_WORK_GROUP may pick the size; a launch with that
 * option fails for a kernel that does not declare it. A bit sgk does not know fails to compile. */
#define SGK_VARIANT_NAME(name) SGK__CAT(name, SGK_VARIANT_SUFFIX)

#if defined(SGK_EMIT_KERNEL_TABLES)
#include "sgk/kernel_table.h"
#else
#define SGK__EMIT_TABLE(name, has_slm, props)
#endif

/* Reports a broken rule of the kernel language to the launch (any thread may). */
SGK_INLINE void sgk__fault(const sgk_wg *wg, int fault) {
  __atomic_store_n(wg->fault, fault, __ATOMIC_RELAXED);
}
SGK_INLINE sgk_wg *sgk__mut(const sgk_wg *wg) { return (sgk_wg *)wg; } /* the variant's own copy */

/* The launch-scope reductions (below, "SGK_REDUCTION_SLOTS") keep their partials here. */
#define SGK_REDUCTION_SLOTS 8
typedef union sgk__red_value {
  int32_t i32; uint32_t u32; int64_t i64; uint64_t u64; float f32; double f64;
} sgk__red_value;
enum { SGK__RED_T_i32, SGK__RED_T_u32, SGK__RED_T_i64, SGK__RED_T_u64, SGK__RED_T_f32, SGK__RED_T_f64 };
/* The variant's work-group copy and its partials; the kernel's wg points at the first member. */
typedef struct sgk__frame {
  sgk_wg wg;
  uint32_t reductions;
  uint32_t stopped; /* checked kernels: the work-group read an unwritten per-sub-group entry */
  struct { void *target; uint32_t kind; sgk__red_value v; } slot[SGK_REDUCTION_SLOTS];
} sgk__frame;

/* Whether two objects of n bytes hold the same bits (a compare-and-swap's test: -0.0 and 0.0
 * differ, a NaN equals itself). memcmp, which an optimizing compiler turns into one compare; an
 * unoptimized variant (a Debug build's) compares the bytes itself rather than calling it, so its
 * code calls nothing but memcpy/memset either (the codegen test). */
SGK_INLINE bool sgk__same_bits(const void *a, const void *b, size_t n) {
#ifdef __OPTIMIZE__
  return memcmp(a, b, n) == 0;
#else
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  for (size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return false;
  return true;
#endif
}

/* The poison of checked SGK_PER_SUB_GROUP arrays (above): byte i of an array is byte i % 4 of the
 * word 0x7FA5A5A5 stored little-endian (A5 A5 A5 7F), filled by doubling copies (a few memcpy
 * per work-group, not a byte loop over the largest work-group's entries). */
#define SGK__POISON_BYTE(i) ((i) % 4 == 3 ? 0x7Fu : 0xA5u)
SGK_INLINE void sgk__poison(void *array, size_t bytes) {
  unsigned char *p = (unsigned char *)array;
  size_t done = bytes < 4 ? bytes : 4;
  for (size_t i = 0; i < done; ++i) p[i] = (unsigned char)SGK__POISON_BYTE(i);
  while (done < bytes) { /* done is a multiple of 4: the copy keeps the phase */
    const size_t k = done < bytes - done ? done : bytes - done;
    memcpy(p + done, p, k);
    done += k;
  }
}
/* Entry s (`bytes` long) of a per-sub-group array still all poison? */
SGK_INLINE bool sgk__is_poison(const void *array, size_t bytes, uint32_t s) {
  const unsigned char *p = (const unsigned char *)array + (size_t)s * bytes;
  size_t i = 0;
  while (i < bytes && p[i] == SGK__POISON_BYTE((size_t)s * bytes + i)) ++i;
  return i == bytes;
}
/* In a checked kernel, a work-group collective about to read entries first .. first + n - 1 of a
 * per-sub-group array: true, and the launch told, if any is unwritten (else always false). The
 * collective then reads the operator's identity in their place, the work-group's later phases
 * do not run (sgk__loop_open) and its variant starts no further work-group (sgk__stopped): what
 * the kernel would do with the poison (a mask of every lane, a count in the billions) could
 * write anywhere before the launch returns its status. */
SGK_INLINE bool sgk__unwritten(const sgk_wg *wg, const void *array, size_t bytes, uint32_t first,
                               uint32_t n) {
#if SGK_CHECK_PER_SUB_GROUP
  for (uint32_t s = first; s < first + n; ++s)
    if (sgk__is_poison(array, bytes, s)) { /* inside a sub-group loop: that is the error */
      sgk__fault(wg, wg->loop_open ? SGK__FAULT_COLLECTIVE_IN_LOOP : SGK__FAULT_UNWRITTEN);
      ((sgk__frame *)(void *)sgk__mut(wg))->stopped = 1;
      return true;
    }
#else
  (void)wg, (void)array, (void)bytes, (void)first, (void)n;
#endif
  return false;
}
/* Checked: has any work-group of the launch read an unwritten entry (no new work-group starts)?
 * Has this one (its later phases do not run)? */
SGK_INLINE bool sgk__stopped(const sgk_wg *wg) {
#if SGK_CHECK_PER_SUB_GROUP
  const int fault = __atomic_load_n(wg->fault, __ATOMIC_RELAXED);
  return fault == SGK__FAULT_UNWRITTEN || fault == SGK__FAULT_COLLECTIVE_IN_LOOP;
#else
  (void)wg;
  return false;
#endif
}
SGK_INLINE bool sgk__stopped_here(const sgk_wg *wg) {
#if SGK_CHECK_PER_SUB_GROUP
  return ((const sgk__frame *)(const void *)wg)->stopped != 0;
#else
  (void)wg;
  return false;
#endif
}
/* A work-group collective reads every sub-group's entry, so it runs between two sub-group loops
 * (uniform code): inside SGK_FOR_EACH_SUBGROUP, where the later sub-groups have not written
 * theirs yet (a GPU kernel's habit, every work-item calling it), the launch fails with
 * SGK_ERROR_KERNEL_CONTROL_FLOW in every build, whatever the work-group's size. */
SGK_INLINE void sgk__between_loops(const sgk_wg *wg) {
  if (wg->loop_open) sgk__fault(wg, SGK__FAULT_COLLECTIVE_IN_LOOP);
}
/* The start of a collective over x[0 .. num_sub_groups - 1]: the check above; in a checked kernel
 * with an unwritten entry, x becomes a copy with `identity` in the unwritten entries. */
#if SGK_CHECK_PER_SUB_GROUP
#define SGK__CHECKED_ENTRIES(wg, x, type, identity)                                                \
  sgk__between_loops(wg);                                                                          \
  type sgk__copy[SGK_MAX_SUB_GROUPS];                                                              \
  if (sgk__unwritten(wg, x, sizeof *(x), 0, (wg)->num_sub_groups)) {                               \
    for (uint32_t sgk__s = 0; sgk__s < (wg)->num_sub_groups; ++sgk__s)                             \
      sgk__copy[sgk__s] = sgk__is_poison(x, sizeof *(x), sgk__s) ? (identity) : (x)[sgk__s];       \
    x = sgk__copy;                                                                                 \
  }
#else
#define SGK__CHECKED_ENTRIES(wg, x, type, identity) sgk__between_loops(wg);
#endif

/* The work-group of the next linear id (row-major over group_range, index 2 the contiguous one):
 * the ids carried through the dimensions. */
SGK_INLINE void sgk__next_group(sgk_wg *wg) {
  ++wg->group_linear_id;
  if (++wg->group_id[2] < wg->group_range[2]) return;
  wg->group_id[2] = 0;
  if (++wg->group_id[1] < wg->group_range[1]) return;
  wg->group_id[1] = 0;
  ++wg->group_id[0];
}

/* A kernel of args type void (SGK_KERNEL(k, void, a, wg)) may be launched with args NULL; any
 * other fails the launch with SGK_ERROR_NULL_ARGUMENT before its first work-group runs. */
#define SGK__TAKES_ARGS(args_type)                                                                 \
  _Generic((args_type *)0, void *: 0, const void *: 0, default: 1)
#define SGK_KERNEL(name, args_type, a, wg) SGK__KERNEL(name, args_type, a, wg, 0, 0, , )
#define SGK_KERNEL_PROPS(name, args_type, a, wg, props)                                            \
  SGK__CHECK_PROPS(props)                                                                          \
  SGK__KERNEL(name, args_type, a, wg, 0, props, , )
/* (through SGK__KERNEL_SLM, so that a name given by a macro is expanded before it is pasted) */
#define SGK_KERNEL_SLM(name, args_type, a, wg, bytes)                                              \
  SGK__KERNEL_SLM(name, args_type, a, wg, bytes, 0)
#define SGK_KERNEL_SLM_PROPS(name, args_type, a, wg, bytes, props)                                 \
  SGK__CHECK_PROPS(props)                                                                          \
  SGK__KERNEL_SLM(name, args_type, a, wg, bytes, props)
#define SGK__KERNEL_SLM(name, args_type, a, wg, bytes, props)                                      \
  SGK__EMIT_SLM_FN(name, args_type, a, bytes)                                                      \
  SGK__KERNEL(name, args_type, a, wg, 1, props,                                                    \
              SGK__COMMA __attribute__((unused)) int sgk_slm_needs_SGK_KERNEL_SLM, SGK__COMMA 1)
/* A property bit beyond those this sgk knows is a typo or newer headers' (a constant expression,
 * else this does not compile either). */
#define SGK__CHECK_PROPS(props)                                                                    \
  _Static_assert(((props) & ~SGK_KERNEL_PROPERTIES_ALL) == 0,                                      \
                 "sgk: unknown kernel property bit (use SGK_KERNEL_WORK_GROUP_FREE)");
#define SGK__COMMA ,
/* Every variant has its own SLM size function (NAME__slm__<isa>_w<W>, beside the variant's
 * NAME__<isa>_w<W>), the expression compiled at that variant's W; the table names both. */
#define SGK__EMIT_SLM_FN(name, args_type, a, bytes)                                                \
  size_t SGK_VARIANT_NAME(name##__slm)(size_t sgk_wg_size, const void *sgk__args);                 \
  size_t SGK_VARIANT_NAME(name##__slm)(size_t sgk_wg_size, const void *sgk__args) {                \
    const args_type *a = (const args_type *)sgk__args;                                             \
    (void)a;                                                                                       \
    (void)sgk_wg_size;                                                                             \
    return (size_t)(bytes);                                                                        \
  }
/* The variant's loop goes on while it has work-groups left and, in a checked kernel, no
 * work-group of the launch has read an unwritten per-sub-group entry. It counts the groups done
 * up to the count, as OpenMP's loop does: where the loop is all but empty, gcc then keeps an
 * add, a compare and a branch, which an Intel Xeon of family 6 model 167 ran at two iterations a
 * cycle, and a count-down loop (sub and branch) at one (an empty kernel over 2^20 work-groups:
 * 132 against 68 us, OpenMP's loop 67). */
#define SGK__MORE_GROUPS (sgk__done < sgk__count && !sgk__stopped(&sgk__f.wg))
/* One work-group of the variant's loop: the body, the check that no `return` left a sub-group
 * loop, the next group's ids. (The SLM argument, ", 1" or nothing, comes as __VA_ARGS__.) */
#define SGK__GROUP(name, args_type, ...)                                                           \
  do {                                                                                             \
    name##__body(&sgk__f.wg, (const args_type *)sgk__args __VA_ARGS__);                            \
    if (sgk__f.wg.loop_open) { /* a return inside SGK_FOR_EACH_SUBGROUP */                         \
      sgk__f.wg.loop_open = 0;                                                                     \
      sgk__fault(&sgk__f.wg, SGK__FAULT_RETURN);                                                   \
    }                                                                                              \
    sgk__next_group(&sgk__f.wg);                                                                   \
  } while (0)
/* Special loops: while a launch's work-groups have a given shape, each variant runs them in a
 * loop of its own that stores the shape's count or size as a constant anew each group (the frame's
 * address reaches sgk__fault, so the compiler cannot otherwise keep it), and the body inlined
 * there folds what the constant decides. The shapes, in the order they are tried (a loop runs the
 * launch's remaining groups, so the loops after it find none left):
 * - whole sub-groups (local size a multiple of W, W itself included; the seeds' usual launches):
 *   the last sub-group's size is W, so sg.full is true, the active mask all lanes, and the partial
 *   paths of the memory ops, the collectives' padding and the masks ANDed with the active lanes
 *   fold away (a constant whole-register mask becomes a plain load or store): a kernel need not
 *   test sgk_sg_size(sg) == SGK_W itself. A work-group of one whole sub-group gains more from its
 *   size being a constant than from its count being one (Zen 3, avx2: matmul/base W 16 and 32
 *   1.37x and 1.48x, transpose16 W 16 1.35x, vec_copy work-group 16 W 16 1.12x);
 * - at W 32, half a sub-group (local size 16): count and size constant, its loads and stores the
 *   first registers' plain ones, as at W 16 (vec_copy at work-group size 16, W 32, on a Xeon:
 *   1.09x on AVX-512, 1.47x on AVX2);
 * - one partial sub-group (local size below W): the count is one, so the body's sub-group loop
 *   folds to one pass and its full/partial choice leaves the loop.
 * The body is compiled three or four times: SGK_COMPACT_VARIANTS 1, defined before this header,
 * keeps the general loop alone (0.4-0.6x the compile time of a file of kernels; sgk's own op
 * tests use it). */
#ifndef SGK_COMPACT_VARIANTS
#define SGK_COMPACT_VARIANTS 0
#endif
#if SGK_COMPACT_VARIANTS
#define SGK__SHAPE_LOOPS(name, args_type, ...)
#else
/* One shape's loop (`set` is one expression: its stores joined by commas, in parentheses) */
#define SGK__SHAPE_LOOP(set, name, args_type, ...)                                                 \
  for (; SGK__MORE_GROUPS; ++sgk__done) {                                                          \
    set;                                                                                           \
    SGK__GROUP(name, args_type, __VA_ARGS__);                                                      \
  }
#define SGK__SHAPE_LOOPS(name, args_type, ...)                                                     \
  if (sgk__f.wg.last_sub_group_size == SGK_W)                                                      \
    SGK__SHAPE_LOOP(sgk__f.wg.last_sub_group_size = SGK_W, name, args_type, __VA_ARGS__)           \
  if (sgk__f.wg.num_sub_groups == 1) {                                                             \
    if (SGK_W == 32 && sgk__f.wg.last_sub_group_size == SGK_W / 2)                                 \
      SGK__SHAPE_LOOP((sgk__f.wg.num_sub_groups = 1, sgk__f.wg.last_sub_group_size = SGK_W / 2),   \
                      name, args_type, __VA_ARGS__)                                                \
    SGK__SHAPE_LOOP(sgk__f.wg.num_sub_groups = 1, name, args_type, __VA_ARGS__)                    \
  }
#endif
/* The variant runs its run of work-groups itself: one copy of the work-group the launch placed,
 * moved on group by group, with the kernel's body inlined in the loop (what is invariant across
 * work-groups can leave it); the launch-scope reductions' partials (below) go out at its end. */
#define SGK__KERNEL(name, args_type, a, wg, has_slm, props, SLM_PARAM, SLM_ARG)                    \
  void SGK_VARIANT_NAME(name)(const sgk_wg *sgk__first, const void *sgk__args, size_t sgk__count); \
  SGK_INLINE void name##__body(const sgk_wg *wg, const args_type *a SLM_PARAM);                    \
  void SGK_VARIANT_NAME(name)(const sgk_wg *sgk__first, const void *sgk__args,                     \
                              size_t sgk__count) {                                                 \
    if (!sgk__args && SGK__TAKES_ARGS(args_type)) { /* the body would read through NULL */         \
      sgk__fault(sgk__first, SGK__FAULT_NULL_ARGS);                                                \
      return;                                                                                      \
    }                                                                                              \
    sgk__frame sgk__f;                                                                             \
    sgk__f.wg = *sgk__first;                                                                       \
    sgk__f.wg.loop_open = 0;                                                                       \
    sgk__f.reductions = 0;                                                                         \
    sgk__f.stopped = 0;                                                                            \
    size_t sgk__done = 0;                                                                          \
    SGK__SHAPE_LOOPS(name, args_type, SLM_ARG)                                                     \
    for (; SGK__MORE_GROUPS; ++sgk__done)                                                          \
      SGK__GROUP(name, args_type, SLM_ARG);                                                        \
    sgk__reduction_flush(&sgk__f);                                                                 \
  }                                                                                                \
  SGK__EMIT_TABLE(name, has_slm, props)                                                            \
  SGK_INLINE void name##__body(const sgk_wg *wg, const args_type *a SLM_PARAM)

/* ------------------------------------------------------------------------------------------------
 * The sub-group: W lanes along the linear local id; the last one of a work-group whose size is
 * not a multiple of W is partial, with `size` active lanes (SYCL get_local_range) out of W
 * (get_max_local_range). Every memory op and collective honours the active mask. */
typedef struct sgk_sg {
  const sgk_wg *wg;
  uint32_t id;     /* sub-group id in the work-group (SYCL sg.get_group_id()) */
  uint32_t size;   /* active lanes (SYCL sg.get_local_range()) */
  uint32_t first;  /* local linear id of lane 0 */
  bool full;       /* size == W */
  bool prefix;     /* active is the lanes < size (false inside SGK_WHERE: any subset of them) */
  sgk_mask active; /* lanes < size; inside SGK_WHERE, those of its mask */
  bool fast_scatter; /* how sgk_private_add updates (sgk_wg.fast_scatter); same result */
} sgk_sg;

SGK_INLINE sgk_sg sgk_sub_group(const sgk_wg *wg, uint32_t id) {
  sgk_sg sg;
  sg.wg = wg;
  sg.id = id;
  sg.size = id + 1 == wg->num_sub_groups ? wg->last_sub_group_size : SGK_W;
  sg.first = id * SGK_W;
  sg.full = sg.size == SGK_W;
  sg.prefix = true;
  sg.active = sgk_mask_first_n(sg.size);
  sg.fast_scatter = wg->fast_scatter != 0;
  return sg;
}

/* Runs the block once per sub-group, in order: one phase of the work-group. `continue` moves on
 * to the next sub-group; the block must not `return` or `break` (a GPU work-item's early return
 * is `continue` here, or a mask): either ends the launch with SGK_ERROR_KERNEL_CONTROL_FLOW
 * instead of silently skipping the work-group's other sub-groups. */
#define SGK_FOR_EACH_SUBGROUP(wg, sg)                                                              \
  for (uint32_t sg##__i = sgk__loop_open(wg);                                                      \
       sg##__i < (wg)->num_sub_groups || sgk__loop_close(wg);                                      \
       sg##__i = sgk__loop_next(wg, sg##__i))                                                      \
    for (sgk_sg sg = sgk__pass_begin(wg, sg##__i), *sg##__once = &sg; sg##__once;                  \
         sg##__once = NULL, sgk__mut(wg)->pass_done = 1)
SGK_INLINE uint32_t sgk__loop_open(const sgk_wg *wg) {
  sgk__mut(wg)->loop_open = 1;
  /* checked: no pass once the work-group has read an unwritten entry */
  return sgk__stopped_here(wg) ? wg->num_sub_groups : 0;
}
SGK_INLINE bool sgk__loop_close(const sgk_wg *wg) {
  sgk__mut(wg)->loop_open = 0;
  return false;
}
SGK_INLINE sgk_sg sgk__pass_begin(const sgk_wg *wg, uint32_t i) {
  sgk__mut(wg)->pass_done = 0;
  return sgk_sub_group(wg, i);
}
SGK_INLINE uint32_t sgk__loop_next(const sgk_wg *wg, uint32_t i) {
  if (!wg->pass_done) sgk__fault(wg, SGK__FAULT_BREAK); /* a break left the pass */
  return i + 1;
}

/* The work-group's shared local memory: 64-byte aligned, sgk_slm_bytes(wg) long (what the kernel
 * declares with SGK_KERNEL_SLM, or the launch's larger slm_bytes). */
#define sgk_slm(wg) ((void)sgk_slm_needs_SGK_KERNEL_SLM, (wg)->slm)
SGK_INLINE size_t sgk_slm_bytes(const sgk_wg *wg) { return wg->slm_bytes; }

/* ---- work-item queries: uniform scalars ------------------------------------------------------
 * d is the SYCL dimension of the launch (0 .. dims-1; dims-1 is the contiguous one). */
SGK_INLINE uint32_t sgk__dim(const sgk_wg *wg, int d) { /* d outside 0 .. dims-1: the last */
  const uint32_t k = 3u - wg->dims + (uint32_t)d;
  return k < 3 ? k : 2;
}
SGK_INLINE uint32_t sgk_dims(const sgk_wg *wg) { return wg->dims; }
SGK_INLINE size_t sgk_group_id(const sgk_wg *wg, int d) { return wg->group_id[sgk__dim(wg, d)]; }
SGK_INLINE size_t sgk_group_linear_id(const sgk_wg *wg) { return wg->group_linear_id; }
SGK_INLINE size_t sgk_group_range(const sgk_wg *wg, int d) {
  return wg->group_range[sgk__dim(wg, d)];
}
SGK_INLINE size_t sgk_local_range(const sgk_wg *wg, int d) {
  return wg->local_range[sgk__dim(wg, d)];
}
SGK_INLINE size_t sgk_global_range(const sgk_wg *wg, int d) {
  return wg->global_range[sgk__dim(wg, d)];
}
SGK_INLINE uint32_t sgk_local_linear_range(const sgk_wg *wg) { return wg->local_linear_size; }
SGK_INLINE uint32_t sgk_num_sub_groups(const sgk_wg *wg) { return wg->num_sub_groups; }
SGK_INLINE uint32_t sgk_sg_size(sgk_sg sg) { return sg.size; }
SGK_INLINE uint32_t sgk_sg_max_size(sgk_sg sg) {
  (void)sg;
  return SGK_W;
}
SGK_INLINE uint32_t sgk_sg_group_id(sgk_sg sg) { return sg.id; }
SGK_INLINE uint32_t sgk_sg_group_range(sgk_sg sg) { return sg.wg->num_sub_groups; }
SGK_INLINE sgk_mask sgk_sg_mask(sgk_sg sg) { return sg.active; }
/* The active lanes whose item first + lane is below n (a ragged end: the lanes of
 * `if (gid < n)` when lane l's index is first + l), without a lane compare. */
SGK_INLINE sgk_mask sgk_sg_lanes_below(sgk_sg sg, size_t first, size_t n) {
  if (first >= n) return sgk_mask_none();
  if (n - first >= SGK_W) return sg.active;
  return sgk_mask_and(sg.active, sgk_mask_first_n((uint32_t)(n - first)));
}

/* ---- work-item queries: lane vectors --------------------------------------------------------- */
SGK_INLINE sgk_u32 sgk_sg_local_id(sgk_sg sg) {
  (void)sg;
  return sgk__iota_u32();
}
SGK_INLINE sgk_i32 sgk_local_linear_id(sgk_sg sg) {
  return sgk_as_i32_u32(sgk_add_u32(sgk__iota_u32(), sgk_splat_u32(sg.first)));
}
/* Local id along dimension d: in 1-D the local linear id; in 2-D and 3-D from the table the
 * launch computed once for the work-group shape (sub-groups may span rows: 16x16 tiles at W = 32,
 * rows of 100), so no lane divides. */
SGK_INLINE sgk_i32 sgk_local_id(sgk_sg sg, int d) {
  const sgk_wg *wg = sg.wg;
  if (wg->dims == 1) return d == 0 ? sgk_local_linear_id(sg) : sgk_splat_i32(0);
  return sgk__loadu_i32(wg->local_ids + (size_t)sgk__dim(wg, d) * wg->local_ids_stride + sg.first);
}
SGK_INLINE sgk_i32 sgk_global_id(sgk_sg sg, int d) {
  const uint32_t k = sgk__dim(sg.wg, d);
  const int32_t base = (int32_t)(sg.wg->group_id[k] * sg.wg->local_range[k]);
  return sgk_add_i32(sgk_local_id(sg, d), sgk_splat_i32(base));
}
SGK_INLINE sgk_i32 sgk_global_linear_id(sgk_sg sg) {
  const sgk_wg *wg = sg.wg;
  if (wg->dims == 1)
    return sgk_add_i32(sgk_local_linear_id(sg),
                       sgk_splat_i32((int32_t)(wg->group_id[2] * wg->local_range[2])));
  sgk_i32 lin = sgk_splat_i32(0);
  for (int d = 0; d < (int)wg->dims; ++d)
    lin = sgk_add_i32(sgk_mul_i32(lin, sgk_splat_i32((int32_t)sgk_global_range(wg, d))),
                      sgk_global_id(sg, d));
  return lin;
}

/* ---- memory: block, block-N, vec payload, gather/scatter, masked ------------------------------
 * Inactive lanes are neither read nor written; loads give 0 in them. */
#define SGK__MEMORY(T, ct)                                                                          \
  /* lane i <- p[i] */                                                                              \
  SGK_INLINE sgk_##T sgk_load_##T(sgk_sg sg, const ct *p) {                                         \
    return sg.full     ? sgk__loadu_##T(p)                                                          \
           : sg.prefix ? sgk__load_first_##T(sg.size, sg.active, p)                                 \
                       : sgk__load_masked_##T(sg.active, p);                                        \
  }                                                                                                 \
  SGK_INLINE void sgk_store_##T(sgk_sg sg, ct *p, sgk_##T v) {                                      \
    if (sg.full)                                                                                    \
      sgk__storeu_##T(p, v);                                                                        \
    else if (sg.prefix)                                                                             \
      sgk__store_first_##T(sg.size, sg.active, p, v);                                               \
    else                                                                                            \
      sgk__store_masked_##T(sg.active, p, v);                                                       \
  }                                                                                                 \
  /* in a full sub-group (never inside SGK_WHERE) the mask as given: a constant one folds */      \
  SGK_INLINE sgk_##T sgk_load_masked_##T(sgk_sg sg, sgk_mask m, const ct *p) {                      \
    return sgk__load_masked_##T(sg.full ? m : sgk_mask_and(m, sg.active), p);                       \
  }                                                                                                 \
  SGK_INLINE void sgk_store_masked_##T(sgk_sg sg, sgk_mask m, ct *p, sgk_##T v) {                   \
    sgk__store_masked_##T(sg.full ? m : sgk_mask_and(m, sg.active), p, v);                          \
  }                                                                                                 \
  /* SYCL sg.load<n>: element k of lane i <- p[k * W + i] */                                        \
  SGK_INLINE void sgk_load_block_##T(sgk_sg sg, const ct *p, int n, sgk_##T *out) {                 \
    for (int k = 0; k < n; ++k) out[k] = sgk_load_##T(sg, p + (size_t)k * SGK_W);                   \
  }                                                                                                 \
  SGK_INLINE void sgk_store_block_##T(sgk_sg sg, ct *p, int n, const sgk_##T *in) {                 \
    for (int k = 0; k < n; ++k) sgk_store_##T(sg, p + (size_t)k * SGK_W, in[k]);                    \
  }                                                                                                 \
  /* sycl::vec<T, n> per work-item: element k of lane i <- p[i * n + k]. A full sub-group and a   \
   * power-of-two n <= 8 load n contiguous vectors and transpose them in registers (the core's   \
   * sgk__vec_load_full / store_full); n = 16 (sycl::vec's widest) is the core's                \
   * sgk__vec16_load / store (generic.h); otherwise per-lane gathers and scatters. */            \
  SGK_INLINE void sgk_load_vec_##T(sgk_sg sg, const ct *p, int n, sgk_##T *out) {                   \
    if (sg.full && n <= 8 && (n & (n - 1)) == 0) {                                                  \
      sgk__vec_load_full_##T(p, n, n, out);                                                         \
      return;                                                                                       \
    }                                                                                               \
    if (sg.full && n == 16) {                                                                       \
      sgk__vec16_load_##T(p, out);                                                                  \
      return;                                                                                       \
    }                                                                                               \
    const sgk_i32 idx = sgk_mul_i32(sgk_as_i32_u32(sgk__iota_u32()), sgk_splat_i32(n));             \
    for (int k = 0; k < n; ++k) out[k] = sgk__gather_masked_##T(sg.active, p + k, idx);             \
  }                                                                                                 \
  SGK_INLINE void sgk_store_vec_##T(sgk_sg sg, ct *p, int n, const sgk_##T *in) {                   \
    if (sg.full && n <= 8 && (n & (n - 1)) == 0) {                                                  \
      sgk__vec_store_full_##T(p, n, n, in);                                                        \
      return;                                                                                       \
    }                                                                                               \
    /* n = 16: each run at once, not in 16 passes over all runs as scatters */                    \
    if (sg.full && n == 16) {                                                                       \
      sgk__vec16_store_##T(p, in);                                                                  \
      return;                                                                                       \
    }                                                                                               \
    const sgk_i32 idx = sgk_mul_i32(sgk_as_i32_u32(sgk__iota_u32()), sgk_splat_i32(n));             \
    for (int k = 0; k < n; ++k) sgk__scatter_masked_##T(sg.active, p + k, idx, in[k]);              \
  }                                                                                                 \
  /* lane i <- base[idx[i]] */                                                                      \
  SGK_INLINE sgk_##T sgk_gather_##T(sgk_sg sg, const ct *base, sgk_i32 idx) {                       \
    return sgk__gather_masked_##T(sg.active, base, idx);                                            \
  }                                                                                                 \
  SGK_INLINE sgk_##T sgk_gather_masked_##T(sgk_sg sg, sgk_mask m, const ct *base, sgk_i32 idx) {    \
    return sgk__gather_masked_##T(sgk_mask_and(m, sg.active), base, idx);                           \
  }                                                                                                 \
  /* base[idx[i]] <- lane i; where indices repeat, the highest lane wins */                         \
  SGK_INLINE void sgk_scatter_##T(sgk_sg sg, ct *base, sgk_i32 idx, sgk_##T v) {                    \
    sgk__scatter_masked_##T(sg.active, base, idx, v);                                               \
  }                                                                                                 \
  SGK_INLINE void sgk_scatter_masked_##T(sgk_sg sg, sgk_mask m, ct *base, sgk_i32 idx,              \
                                         sgk_##T v) {                                               \
    sgk__scatter_masked_##T(sgk_mask_and(m, sg.active), base, idx, v);                              \
  }

/* OpenCL's prefetch(p, n), SYCL's ext::oneapi::experimental::prefetch: a hint that the bytes
 * [p, p + bytes) are read soon, fetched into the core's mid-level cache (L2: x86 prefetcht1, Arm
 * PRFM PLDL2KEEP), one instruction per 64-byte line they touch, for at most the first
 * SGK_PREFETCH_MAX_BYTES (64 KiB, a quarter of the smallest L2 it is meant for) from p. It never
 * faults, reads nothing a result depends on and may be dropped by the core, so any address is
 * allowed (NULL, past an array's end, unmapped; a range past the end of the address space wraps
 * to its start, prefetched as harmlessly as any other). For reads
 * the hardware prefetchers cannot see coming: a grid-stride loop that jumps to a new page every
 * step (kernels/reduction.c and triple.c prefetch their next pass). Uniform: one call per
 * sub-group, whatever lanes are active; a constant size of up to 4 lines (a sub-group's lanes,
 * SGK_W * sizeof(T)) compiles to that many prefetches and one for the last byte, no loop (a
 * loop there cost the reduction more than the prefetch gained at W 8). */
#define SGK_PREFETCH_LINE 64
#define SGK_PREFETCH_MAX_BYTES 65536
SGK_INLINE void sgk_prefetch(const void *p, size_t bytes) {
  if (bytes == 0) return;
  const uintptr_t start = (uintptr_t)p;
  if (__builtin_constant_p(bytes) && bytes <= 4 * SGK_PREFETCH_LINE) {
    /* the lines of start, start + 64, ... and of the last byte (maybe one of them twice) */
    for (size_t o = 0; o < bytes; o += SGK_PREFETCH_LINE)
      __builtin_prefetch((const void *)(start + o), 0, 2);
    __builtin_prefetch((const void *)(start + (bytes - 1)), 0, 2);
    return;
  }
  if (bytes > SGK_PREFETCH_MAX_BYTES) bytes = SGK_PREFETCH_MAX_BYTES;
  /* the lines after the first one that the range reaches into, counted from start's offset in
   * its line, so that no end address is formed */
  const uintptr_t first_line = start / SGK_PREFETCH_LINE;
  const uintptr_t lines = (start % SGK_PREFETCH_LINE + bytes - 1) / SGK_PREFETCH_LINE;
  for (uintptr_t k = 0; k <= lines; ++k)
    __builtin_prefetch((const void *)((first_line + k) * SGK_PREFETCH_LINE), 0, 2);
}

/* ---- private arrays: SYCL's `T a[n]` of each work-item, indexed per lane -----------------------
 * A sub-group's n-element private arrays are one array of n W elements (SGK_PRIVATE_ARRAY), lane
 * l's element i at i W + l: the lanes never share an address, so an update needs no conflict
 * handling. Only active lanes read or write (loads give 0 elsewhere); an index is < n. The add
 * goes lane by lane, or on CPUs with fast scatters (sg.fast_scatter, chosen by the runtime) at
 * W 16 and 32 of a backend with native scatters (AVX-512) as a gather, an add and a scatter;
 * both give the same bits. */
#define SGK_PRIVATE_ARRAY(ct, name, n) ct name[(size_t)(n) * SGK_W]
SGK_INLINE sgk_i32 sgk__private_at(sgk_i32 idx) {
  return sgk_add_i32(sgk_mul_i32(idx, sgk_splat_i32(SGK_W)), sgk_as_i32_u32(sgk__iota_u32()));
}
#define SGK__PRIVATE_LANES_ADD(T, m, a, at, v) sgk__private_lanes_add_##T(m, a, at, v)
/* W 8 goes lane by lane even so: its AVX-512 scatter lost (hist/private 0.85x; README) */
#if defined(SGK__NATIVE_SCATTER) && SGK_W >= 16
#define SGK__PRIVATE_SCATTER_ADD(T, m, a, at, v)                                                    \
  sgk__scatter_masked_##T(m, a, at, sgk_add_##T(sgk__gather_masked_##T(m, a, at), v))
#else /* emulated scatters are lane by lane anyway */
#define SGK__PRIVATE_SCATTER_ADD(T, m, a, at, v) SGK__PRIVATE_LANES_ADD(T, m, a, at, v)
#endif
#define SGK__PRIVATE(T, ct)                                                                         \
  /* lane l <- a[idx[l] W + l] */                                                                   \
  SGK_INLINE sgk_##T sgk_private_load_##T(sgk_sg sg, const ct *a, sgk_i32 idx) {                    \
    return sgk__gather_masked_##T(sg.active, a, sgk__private_at(idx));                              \
  }                                                                                                 \
  /* a[idx[l] W + l] <- lane l */                                                                   \
  SGK_INLINE void sgk_private_store_##T(sgk_sg sg, ct *a, sgk_i32 idx, sgk_##T v) {                 \
    sgk__scatter_masked_##T(sg.active, a, sgk__private_at(idx), v);                                 \
  }                                                                                                 \
  SGK_INLINE void sgk_private_store_masked_##T(sgk_sg sg, sgk_mask m, ct *a, sgk_i32 idx,           \
                                               sgk_##T v) {                                         \
    sgk__scatter_masked_##T(sgk_mask_and(m, sg.active), a, sgk__private_at(idx), v);                \
  }                                                                                                 \
  /* a[idx[l] W + l] += lane l, for the lanes of m */                                               \
  SGK_INLINE void sgk__private_add_##T(sgk_sg sg, sgk_mask m, ct *a, sgk_i32 idx, sgk_##T v) {      \
    const sgk_i32 at = sgk__private_at(idx);                                                        \
    if (sg.fast_scatter)                                                                            \
      SGK__PRIVATE_SCATTER_ADD(T, m, a, at, v);                                                     \
    else                                                                                            \
      SGK__PRIVATE_LANES_ADD(T, m, a, at, v);                                                       \
  }                                                                                                 \
  SGK_INLINE void sgk_private_add_##T(sgk_sg sg, ct *a, sgk_i32 idx, sgk_##T v) {                   \
    sgk__private_add_##T(sg, sg.active, a, idx, v);                                                 \
  }                                                                                                 \
  SGK_INLINE void sgk_private_add_masked_##T(sgk_sg sg, sgk_mask m, ct *a, sgk_i32 idx,             \
                                             sgk_##T v) {                                           \
    sgk__private_add_##T(sg, sgk_mask_and(m, sg.active), a, idx, v);                                \
  }

/* A checked kernel (SGK_CHECK_PER_SUB_GROUP, as without NDEBUG) fails the launch with
 * SGK_ERROR_SHUFFLE_OUT_OF_RANGE when a two-source shuffle's delta exceeds the sub-group's size:
 * its last lanes would read past both sources (a window wider than a small partial sub-group);
 * unchecked they keep cur's own value. */
SGK_INLINE void sgk__check_shuffle(sgk_sg sg, uint32_t delta) {
#if SGK_CHECK_PER_SUB_GROUP
  if (delta > sg.size) sgk__fault(sg.wg, SGK__FAULT_SHUFFLE_RANGE);
#else
  (void)sg, (void)delta;
#endif
}

/* ---- sub-group collectives (SYCL 2020 names) --------------------------------------------------
 * A shuffle whose source lane is not active (>= sg.size) leaves the lane's own value. */
#define SGK__SHUFFLES(T, ct)                                                                       \
  /* an exclusive scan from its inclusive one: lane i <- inc[i - 1], identity in the lanes of     \
   * starts (lane 0 and each segment's head) */                                                    \
  SGK_INLINE sgk_##T sgk__shift_in_##T(sgk_##T inc, sgk_mask starts, ct identity) {                \
    return sgk_select_##T(sgk_mask_or(starts, sgk_mask_first_n(1)), sgk_splat_##T(identity),      \
                          sgk__rotate_##T(inc, SGK_W - 1));                                        \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_group_broadcast_##T(sgk_sg sg, sgk_##T x, uint32_t id) {                  \
    return id < sg.size ? sgk__broadcast_##T(x, id) : x;                                           \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_select_from_group_##T(sgk_sg sg, sgk_##T x, sgk_u32 idx) {                \
    const sgk_##T r = sgk__permute_##T(x, idx);                                                    \
    return sgk_select_##T(sgk_lt_u32(idx, sgk_splat_u32(sg.size)), r, x);                          \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_shift_group_left_##T(sgk_sg sg, sgk_##T x, uint32_t delta) {              \
    if (delta == 0) return x;                                                                      \
    if (delta >= sg.size) return x;                                                                \
    const sgk_mask ok = sgk_mask_first_n(sg.size - delta);                                         \
    return sgk_select_##T(ok, sgk__rotate_##T(x, delta), x);                                       \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_shift_group_right_##T(sgk_sg sg, sgk_##T x, uint32_t delta) {             \
    (void)sg;                                                                                      \
    if (delta == 0 || delta >= SGK_W) return x;                                                    \
    return sgk_select_##T(sgk_mask_not(sgk_mask_first_n(delta)),                                   \
                          sgk__rotate_##T(x, SGK_W - delta), x);                                   \
  }                                                                                                \
  /* Intel's sub_group_shuffle_down / _up (cl_intel_subgroups): cur's first sg.size lanes,       \
   * followed by next's (preceded by prev's), read delta lanes further down (up); delta 0, or a  \
   * source past both (only when delta > sg.size), leaves cur's own value */                       \
  SGK_INLINE sgk_##T sgk_shuffle_down_##T(sgk_sg sg, sgk_##T cur, sgk_##T next, uint32_t delta) {  \
    sgk__check_shuffle(sg, delta);                                                                 \
    if (delta == 0 || delta >= 2 * sg.size) return cur;                                           \
    if (sg.size == SGK_W && delta < SGK_W) return sgk__slide_down_##T(cur, next, delta);          \
    const sgk_u32 at = sgk_add_u32(sgk__iota_u32(), sgk_splat_u32(delta));                        \
    const sgk_u32 size = sgk_splat_u32(sg.size);                                                   \
    const sgk_mask from_next = sgk_mask_and(sgk_mask_first_n(sg.size),                            \
                                            sgk_lt_u32(at, sgk_add_u32(size, size)));              \
    const sgk_##T nx = sgk_select_##T(from_next, sgk__permute_##T(next, sgk_sub_u32(at, size)),   \
                                      cur);                                                        \
    return sgk_select_##T(sgk_lt_u32(at, size), sgk__permute_##T(cur, at), nx);                   \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_shuffle_up_##T(sgk_sg sg, sgk_##T prev, sgk_##T cur, uint32_t delta) {    \
    sgk__check_shuffle(sg, delta);                                                                 \
    if (delta == 0 || delta > sg.size) return cur;                                                \
    if (sg.size == SGK_W) return sgk__slide_down_##T(prev, cur, SGK_W - delta);                   \
    /* lane i < size: cur[i - delta] when i >= delta, else prev[size + i - delta] */              \
    const sgk_u32 lane = sgk__iota_u32();                                                          \
    const sgk_mask own = sgk_ge_u32(lane, sgk_splat_u32(delta));                                  \
    const sgk_u32 back = sgk_sub_u32(lane, sgk_splat_u32(delta));                                 \
    const sgk_##T pv = sgk__permute_##T(prev, sgk_add_u32(back, sgk_splat_u32(sg.size)));         \
    const sgk_##T up = sgk_select_##T(own, sgk__permute_##T(cur, back), pv);                      \
    return sgk_select_##T(sgk_mask_first_n(sg.size), up, cur);                                     \
  }                                                                                                \
  /* lane i <- x[i ^ mask] where i ^ mask < sg.size, else its own x (a mask >= W: every lane) */ \
  SGK_INLINE sgk_##T sgk_permute_group_by_xor_##T(sgk_sg sg, sgk_##T x, uint32_t mask) {           \
    if (mask >= SGK_W) return x;                                                                   \
    const sgk_##T r = sgk__xor_permute_##T(x, mask);                                               \
    if (sg.size == SGK_W) return r;                                                                \
    const sgk_u32 idx = sgk_xor_u32(sgk__iota_u32(), sgk_splat_u32(mask));                         \
    return sgk_select_##T(sgk_lt_u32(idx, sgk_splat_u32(sg.size)), r, x);                          \
  }

/* reduce_over_group / inclusive_scan_over_group / exclusive_scan_over_group for one operator.
 * pad: what inactive lanes hold so that they do not change the result (-0.0 for a float sum, so
 * that a sum of -0.0 stays -0.0); ident: SYCL's known identity, lane 0 of an exclusive scan. */
#define SGK__GROUP_OP(T, ct, op, pad, ident)                                                       \
  SGK_INLINE ct sgk_reduce_##op##_##T(sgk_sg sg, sgk_##T x) {                                      \
    if (!sg.full) x = sgk_select_##T(sg.active, x, sgk_splat_##T(pad));                            \
    return sgk__reduce_full_##op##_##T(x);                                                         \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_inclusive_scan_##op##_##T(sgk_sg sg, sgk_##T x) {                         \
    if (!sg.full) x = sgk_select_##T(sg.active, x, sgk_splat_##T(pad));                            \
    return sgk__scan_full_##op##_##T(x);                                                           \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_exclusive_scan_##op##_##T(sgk_sg sg, sgk_##T x) {                         \
    return sgk__shift_in_##T(sgk_inclusive_scan_##op##_##T(sg, x), sgk_mask_none(), ident);        \
  }                                                                                                \
  /* Work-group scope over the phase model: x[s] is sub-group s's value. Sub-group results are  \
   * combined in sub-group order. */  \
  SGK_INLINE ct sgk_wg_reduce_##op##_##T(const sgk_wg *wg, const sgk_##T *x) {                     \
    SGK__CHECKED_ENTRIES(wg, x, sgk_##T, sgk_splat_##T(pad))                                       \
    ct acc = sgk_reduce_##op##_##T(sgk_sub_group(wg, 0), x[0]);                                    \
    for (uint32_t s = 1; s < wg->num_sub_groups; ++s)                                              \
      acc = sgk__##op##1_##T(acc, sgk_reduce_##op##_##T(sgk_sub_group(wg, s), x[s]));              \
    return acc;                                                                                    \
  }                                                                                                \
  SGK_INLINE void sgk_wg_inclusive_scan_##op##_##T(const sgk_wg *wg, const sgk_##T *x,             \
                                                   sgk_##T *out) {                                 \
    SGK__CHECKED_ENTRIES(wg, x, sgk_##T, sgk_splat_##T(pad))                                       \
    sgk_##T carry = sgk_splat_##T(ident);                                                          \
    for (uint32_t s = 0; s < wg->num_sub_groups; ++s) {                                            \
      const sgk_sg sg = sgk_sub_group(wg, s);                                                      \
      const sgk_##T inc = sgk_inclusive_scan_##op##_##T(sg, x[s]);                                 \
      out[s] = s ? sgk_##op##_##T(carry, inc) : inc;                                               \
      carry = sgk__broadcast_##T(out[s], sg.size - 1);                                             \
    }                                                                                              \
  }                                                                                                \
  /* exclusive = the inclusive scan moved up one work-item: lane 0 of sub-group s takes the     \
   * last active lane of sub-group s - 1 (the identity for s = 0) */                            \
  SGK_INLINE void sgk_wg_exclusive_scan_##op##_##T(const sgk_wg *wg, const sgk_##T *x,             \
                                                   sgk_##T *out) {                                 \
    sgk_wg_inclusive_scan_##op##_##T(wg, x, out);                                                  \
    for (uint32_t s = wg->num_sub_groups; s-- > 0;) {                                              \
      const sgk_##T before = s ? sgk__broadcast_##T(out[s - 1], SGK_W - 1) : sgk_splat_##T(ident); \
      out[s] = sgk_select_##T(sgk_mask_first_n(1), before, sgk__rotate_##T(out[s], SGK_W - 1));    \
    }                                                                                              \
  }                                                                                                \
  /* Work-group scope over one uniform value per sub-group, v[s] (a count, a partial sum kept in \
   * SGK_PER_SUB_GROUP): combined in sub-group order; the scans write out[s] (out may be v)    \
   * and return the total; the exclusive scan's out[0] is the identity. */                       \
  SGK_INLINE ct sgk_wg_reduce_uniform_##op##_##T(const sgk_wg *wg, const ct *v) {                  \
    SGK__CHECKED_ENTRIES(wg, v, ct, (ct)(pad))                                                     \
    ct acc = (ct)(pad);                                                                            \
    for (uint32_t s = 0; s < wg->num_sub_groups; ++s) acc = sgk__##op##1_##T(acc, v[s]);           \
    return acc;                                                                                    \
  }                                                                                                \
  SGK_INLINE ct sgk_wg_inclusive_scan_uniform_##op##_##T(const sgk_wg *wg, const ct *v, ct *out) { \
    SGK__CHECKED_ENTRIES(wg, v, ct, (ct)(pad))                                                     \
    ct acc = (ct)(pad);                                                                            \
    for (uint32_t s = 0; s < wg->num_sub_groups; ++s) out[s] = acc = sgk__##op##1_##T(acc, v[s]);  \
    return acc;                                                                                    \
  }                                                                                                \
  SGK_INLINE ct sgk_wg_exclusive_scan_uniform_##op##_##T(const sgk_wg *wg, const ct *v, ct *out) { \
    SGK__CHECKED_ENTRIES(wg, v, ct, (ct)(pad))                                                     \
    ct acc = (ct)(pad);                                                                            \
    for (uint32_t s = 0; s < wg->num_sub_groups; ++s) {                                            \
      const ct x = v[s];                                                                           \
      out[s] = s ? acc : (ct)(ident);                                                              \
      acc = sgk__##op##1_##T(acc, x);                                                              \
    }                                                                                              \
    return acc;                                                                                    \
  }

#define SGK__WG_BROADCAST(T, ct)                                                                   \
  /* Work-group broadcast of work-item local_linear_id's value (x[s]: sub-group s's value). */     \
  SGK_INLINE ct sgk_wg_broadcast_##T(const sgk_wg *wg, const sgk_##T *x,                           \
                                     uint32_t local_linear_id) {                                   \
    if (local_linear_id >= wg->local_linear_size) local_linear_id = 0;                             \
    const uint32_t s = local_linear_id / SGK_W;                                                    \
    sgk__between_loops(wg);                                                                        \
    if (sgk__unwritten(wg, x, sizeof *x, s, 1)) return (ct)0;                                      \
    return sgk_extract_##T(x[s], (int)(local_linear_id % SGK_W));                                  \
  }

#define SGK__ALL_OPS(T, ct, ADD_PAD, MIN_PAD, MAX_PAD)                                             \
  SGK__MEMORY(T, ct) SGK__PRIVATE(T, ct)                                                           \
  SGK__SHUFFLES(T, ct) SGK__WG_BROADCAST(T, ct) SGK__GROUP_OP(T, ct, add, ADD_PAD, 0)              \
      SGK__GROUP_OP(T, ct, mul, 1, 1) SGK__GROUP_OP(T, ct, min, MIN_PAD, MIN_PAD)                  \
          SGK__GROUP_OP(T, ct, max, MAX_PAD, MAX_PAD)
#define SGK__BIT_OPS(T, ct)                                                                        \
  SGK__GROUP_OP(T, ct, and, (ct) ~(ct)0, (ct) ~(ct)0)                                              \
  SGK__GROUP_OP(T, ct, or, 0, 0) SGK__GROUP_OP(T, ct, xor, 0, 0)

SGK__ALL_OPS(i32, int32_t, 0, INT32_MAX, INT32_MIN)
SGK__BIT_OPS(i32, int32_t) SGK__ALL_OPS(u32, uint32_t, 0, UINT32_MAX, 0) SGK__BIT_OPS(u32, uint32_t)
    SGK__ALL_OPS(i64, int64_t, 0, INT64_MAX, INT64_MIN) SGK__BIT_OPS(i64, int64_t)
        SGK__ALL_OPS(u64, uint64_t, 0, UINT64_MAX, 0) SGK__BIT_OPS(u64, uint64_t)
            SGK__ALL_OPS(f32, float, -0.0f, __builtin_inff(), -__builtin_inff())
                SGK__ALL_OPS(f64, double, -0.0, __builtin_inf(), -__builtin_inf())

/* ---- scans with the kernel's own operator, segmented scans -----------------------------------
 * sgk_inclusive_scan_with_<t>(sg, x, op, identity): op any associative sgk_<t>(sgk_<t>, sgk_<t>)
 * function the compiler can see (the call is inlined), identity its identity; Hillis-Steele in
 * the built-in scans' order, inactive lanes holding identity; the exclusive form has identity in
 * lane 0. Segmented (a scan per run of equal keys, CUDA's / thrust's segmented scans): a lane of
 * heads starts a segment, and lane i combines the lanes from the last head at or below it; the
 * exclusive form has identity at each head. _add: op = add, identity 0. */
#define SGK__SCAN_WITH(T, ct, ...)                                                                 \
  SGK_INLINE sgk_##T sgk__scan_with_##T(sgk_sg sg, sgk_##T x, sgk_##T (*op)(sgk_##T, sgk_##T),     \
                                        ct identity, sgk_mask heads, bool segmented) {             \
    sgk_u32 f = sgk_select_u32(heads, sgk_splat_u32(1), sgk_splat_u32(0));                         \
    if (!sg.full) x = sgk_select_##T(sg.active, x, sgk_splat_##T(identity));                       \
    for (uint32_t d = 1; d < SGK_W; d *= 2) {                                                      \
      const sgk_mask up = sgk_mask_not(sgk_mask_first_n(d)); /* lanes with a lane d below */       \
      const sgk_##T from = op(sgk__rotate_##T(x, SGK_W - d), x);                                   \
      if (!segmented) {                                                                            \
        x = sgk_select_##T(up, from, x);                                                           \
        continue;                                                                                  \
      }                                                                                            \
      /* a lane whose segment started at or below it keeps its value; flags spread up */           \
      x = sgk_select_##T(sgk_mask_and(up, sgk_eq_u32(f, sgk_splat_u32(0))), from, x);              \
      f = sgk_select_u32(up, sgk_or_u32(f, sgk__rotate_u32(f, SGK_W - d)), f);                     \
    }                                                                                              \
    return x;                                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_inclusive_scan_with_##T(sgk_sg sg, sgk_##T x,                             \
                                                 sgk_##T (*op)(sgk_##T, sgk_##T), ct identity) {   \
    return sgk__scan_with_##T(sg, x, op, identity, sgk_mask_none(), false);                        \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_exclusive_scan_with_##T(sgk_sg sg, sgk_##T x,                             \
                                                 sgk_##T (*op)(sgk_##T, sgk_##T), ct identity) {   \
    return sgk__shift_in_##T(sgk_inclusive_scan_with_##T(sg, x, op, identity), sgk_mask_none(),    \
                             identity);                                                            \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_segmented_inclusive_scan_with_##T(                                        \
      sgk_sg sg, sgk_##T x, sgk_mask heads, sgk_##T (*op)(sgk_##T, sgk_##T), ct identity) {        \
    return sgk__scan_with_##T(sg, x, op, identity, sgk_mask_and(heads, sg.active), true);          \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_segmented_exclusive_scan_with_##T(                                        \
      sgk_sg sg, sgk_##T x, sgk_mask heads, sgk_##T (*op)(sgk_##T, sgk_##T), ct identity) {        \
    const sgk_mask h = sgk_mask_and(heads, sg.active);                                             \
    return sgk__shift_in_##T(sgk__scan_with_##T(sg, x, op, identity, h, true), h, identity);      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_segmented_inclusive_scan_add_##T(sgk_sg sg, sgk_##T x, sgk_mask heads) {  \
    return sgk_segmented_inclusive_scan_with_##T(sg, x, heads, sgk_add_##T, (ct)0);                \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_segmented_exclusive_scan_add_##T(sgk_sg sg, sgk_##T x, sgk_mask heads) {  \
    return sgk_segmented_exclusive_scan_with_##T(sg, x, heads, sgk_add_##T, (ct)0);                \
  }
SGK__TYPES_ALL(SGK__SCAN_WITH, ~)

    /* ---- votes ------------------------------------------------------------------------------------ */
    /* Bit i set for each active lane i where m holds (sub_group ballot). */
    SGK_INLINE uint32_t sgk_ballot(sgk_sg sg, sgk_mask m) {
  return sgk_mask_bits(sgk_mask_and(m, sg.active));
}
SGK_INLINE bool sgk_any_of_group(sgk_sg sg, sgk_mask m) { return sgk_ballot(sg, m) != 0; }
SGK_INLINE bool sgk_all_of_group(sgk_sg sg, sgk_mask m) {
  return sgk_ballot(sg, m) == sgk_mask_bits(sg.active);
}
SGK_INLINE bool sgk_none_of_group(sgk_sg sg, sgk_mask m) { return sgk_ballot(sg, m) == 0; }
SGK_INLINE bool sgk_wg_any_of(const sgk_wg *wg, const sgk_mask *m) {
  SGK__CHECKED_ENTRIES(wg, m, sgk_mask, sgk_mask_none())
  for (uint32_t s = 0; s < wg->num_sub_groups; ++s)
    if (sgk_any_of_group(sgk_sub_group(wg, s), m[s])) return true;
  return false;
}
SGK_INLINE bool sgk_wg_all_of(const sgk_wg *wg, const sgk_mask *m) {
  SGK__CHECKED_ENTRIES(wg, m, sgk_mask, sgk_mask_all())
  for (uint32_t s = 0; s < wg->num_sub_groups; ++s)
    if (!sgk_all_of_group(sgk_sub_group(wg, s), m[s])) return false;
  return true;
}
SGK_INLINE bool sgk_wg_none_of(const sgk_wg *wg, const sgk_mask *m) {
  return !sgk_wg_any_of(wg, m);
}

/* ---- lane masks, ballots as integers, ranks, matches, election --------------------------------
 * A ballot is a uint32_t of lane bits (W <= 32); these are CUDA's and OpenCL's
 * (cl_khr_subgroup_ballot) lane-mask tools on it. */
/* Bits of the active lanes: CUDA __activemask(); inside SGK_WHERE, the lanes the region runs. */
SGK_INLINE uint32_t sgk_sg_active_mask(sgk_sg sg) { return sgk_mask_bits(sg.active); }
/* A ballot back into a mask of active lanes (bits of inactive lanes and above W are dropped). */
SGK_INLINE sgk_mask sgk_mask_from_ballot(sgk_sg sg, uint32_t bits) {
  return sgk_mask_and(sgk_mask_from_bits(bits), sg.active);
}
SGK_INLINE uint64_t sgk_ballot64(sgk_sg sg, sgk_mask m) { return sgk_ballot(sg, m); }
SGK_INLINE sgk_mask sgk_mask_from_ballot64(sgk_sg sg, uint64_t bits) {
  return sgk_mask_from_ballot(sg, (uint32_t)bits);
}
/* Per lane i: the bits of the lanes below i, (1 << i) - 1 (CUDA %lanemask_lt, OpenCL
 * get_sub_group_lt_mask), and up to i inclusive (le). gt and ge: the lanes above (from) i among
 * the sub-group's active lanes (OpenCL's, which stop at the sub-group size). */
SGK_INLINE sgk_u32 sgk_lanemask_lt(sgk_sg sg) {
  (void)sg;
  return sgk_sub_u32(sgk_shlv_u32(sgk_splat_u32(1), sgk__iota_u32()), sgk_splat_u32(1));
}
SGK_INLINE sgk_u32 sgk_lanemask_le(sgk_sg sg) {
  return sgk_or_u32(sgk_lanemask_lt(sg), sgk_shlv_u32(sgk_splat_u32(1), sgk__iota_u32()));
}
SGK_INLINE sgk_u32 sgk_lanemask_gt(sgk_sg sg) {
  return sgk_andnot_u32(sgk_lanemask_le(sg), sgk_splat_u32(sgk_mask_bits(sg.active)));
}
SGK_INLINE sgk_u32 sgk_lanemask_ge(sgk_sg sg) {
  return sgk_andnot_u32(sgk_lanemask_lt(sg), sgk_splat_u32(sgk_mask_bits(sg.active)));
}
/* How many active lanes hold m (OpenCL sub_group_ballot_bit_count), and per lane how many below
 * it do: its rank among them, the slot of a stream compaction (CUDA __popc(ballot &
 * lanemask_lt), OpenCL sub_group_ballot_exclusive_scan); the inclusive count likewise. */
SGK_INLINE uint32_t sgk_ballot_count(sgk_sg sg, sgk_mask m) {
  return (uint32_t)__builtin_popcount(sgk_ballot(sg, m));
}
SGK_INLINE sgk_u32 sgk_ballot_rank(sgk_sg sg, sgk_mask m) {
  return sgk_popcount_u32(sgk_and_u32(sgk_splat_u32(sgk_ballot(sg, m)), sgk_lanemask_lt(sg)));
}
SGK_INLINE sgk_u32 sgk_ballot_inclusive_count(sgk_sg sg, sgk_mask m) {
  return sgk_popcount_u32(sgk_and_u32(sgk_splat_u32(sgk_ballot(sg, m)), sgk_lanemask_le(sg)));
}
/* The lowest active lane of m alone (CUDA elect_sync over m; sgk_sg_elect(sg, sg.active) elects
 * the first active lane); no lane when m holds nowhere. */
SGK_INLINE sgk_mask sgk_sg_elect(sgk_sg sg, sgk_mask m) {
  const uint32_t b = sgk_ballot(sg, m);
  return sgk_mask_from_bits(b & (0u - b));
}
/* CUDA __match_any_sync: per active lane, the ballot of the active lanes holding the same value
 * (bitwise for floats: -0.0 and 0.0 differ, a NaN matches its own bits); 0 in inactive lanes.
 * __match_all_sync: the active lanes' ballot when all hold one value, else 0; *all says which. */
#define SGK__MATCH(T, ct, U)                                                                       \
  SGK_INLINE sgk_u32 sgk_match_any_##T(sgk_sg sg, sgk_##T x) {                                     \
    const sgk_##U v = sgk__match_bits_##T(x);                                                      \
    sgk_u32 out = sgk_splat_u32(0);                                                                \
    uint32_t todo = sgk_mask_bits(sg.active);                                                      \
    while (todo) { /* one pass per distinct value, from its lowest lane */                         \
      const uint32_t lane = (uint32_t)__builtin_ctz(todo);                                         \
      const sgk_mask same =                                                                        \
          sgk_mask_and(sgk_eq_##U(v, sgk__broadcast_##U(v, lane)), sg.active);                     \
      const uint32_t bits = sgk_mask_bits(same);                                                   \
      out = sgk_select_u32(same, sgk_splat_u32(bits), out);                                        \
      todo &= ~bits;                                                                               \
    }                                                                                              \
    return out;                                                                                    \
  }                                                                                                \
  SGK_INLINE uint32_t sgk_match_all_##T(sgk_sg sg, sgk_##T x, bool *all) {                         \
    const uint32_t act = sgk_mask_bits(sg.active);                                                 \
    const sgk_##U v = sgk__match_bits_##T(x);                                                      \
    const uint32_t lane = act ? (uint32_t)__builtin_ctz(act) : 0;                                  \
    const bool same =                                                                              \
        (sgk_mask_bits(sgk_mask_and(sgk_eq_##U(v, sgk__broadcast_##U(v, lane)), sg.active))) ==    \
        act;                                                                                       \
    if (all) *all = same;                                                                          \
    return same ? act : 0;                                                                         \
  }
SGK_INLINE sgk_u32 sgk__match_bits_i32(sgk_i32 x) { return sgk_as_u32_i32(x); }
SGK_INLINE sgk_u32 sgk__match_bits_u32(sgk_u32 x) { return x; }
SGK_INLINE sgk_u32 sgk__match_bits_f32(sgk_f32 x) { return sgk_as_u32_f32(x); }
SGK_INLINE sgk_u64 sgk__match_bits_i64(sgk_i64 x) { return sgk_as_u64_i64(x); }
SGK_INLINE sgk_u64 sgk__match_bits_u64(sgk_u64 x) { return x; }
SGK_INLINE sgk_u64 sgk__match_bits_f64(sgk_f64 x) { return sgk_as_u64_f64(x); }
SGK__MATCH(i32, int32_t, u32)
SGK__MATCH(u32, uint32_t, u32)
SGK__MATCH(f32, float, u32)
SGK__MATCH(i64, int64_t, u64)
SGK__MATCH(u64, uint64_t, u64)
SGK__MATCH(f64, double, u64)

/* A masked region: the block runs with the sub-group narrowed to the active lanes where m holds
 * (a GPU kernel's `if (cond) { ... }` around sub-group code). Inside, `sg` names the narrowed
 * sub-group: memory ops, atomics and votes touch only those lanes, reductions and scans combine
 * only them (cl_khr_subgroup_non_uniform_arithmetic), sgk_sg_active_mask() is their ballot.
 * Shuffles still address lanes by id: a value read from a lane outside the region is that lane's
 * (as CUDA, where it is undefined). `break` or `continue` inside leaves the region (not the
 * sub-group loop around it); a `return` is the fault it is anywhere in the sub-group loop.
 * m is evaluated once, before the region, where `sg` is still the enclosing sub-group: a mask
 * written from it (sgk_sg_lanes_below(sg, first, n), sgk_global_id(sg, 0)) sees its lanes. In
 * the inner declaration `sgk_sg sg = ...` it would read the new, uninitialized `sg` (a C
 * declarator's scope starts before its initializer): until a user kernel found it, it did. */
#define SGK_WHERE(sg, m)                                                                           \
  for (sgk_sg sgk__where_outer = sgk__narrow((sg), (m)), *sgk__where_once = &sgk__where_outer;     \
       sgk__where_once; sgk__where_once = NULL)                                                    \
    for (sgk_sg sg = sgk__where_outer, *sgk__where_in = &sg; sgk__where_in; sgk__where_in = NULL)
SGK_INLINE sgk_sg sgk__narrow(sgk_sg sg, sgk_mask m) {
  sg.active = sgk_mask_and(sg.active, m);
  sg.full = false;
  sg.prefix = false; /* the plain loads and stores take the mask, not the first size lanes */
  return sg;
}

/* ---- atomics ------------------------------------------------------------------------------------
 * Per-lane atomics take (sg, base, idx, ...) and act on base[idx[i]] for each active lane i, one
 * lane at a time in lane order, so lanes that hit one address all count and a lane's old value is
 * what the lanes before it left there. Local (SLM) atomics are the backend contract's
 * read-modify-writes or plain lane-wise code (one thread owns the work-group: nothing to make
 * atomic); global ones are real atomics, relaxed unless given an order. Every per-lane form has
 * a _masked twin that acts on the active lanes where m holds only (a ragged tail touches
 * nothing). Uniform forms (one work-item's, from the code between the sub-group loops) take a
 * pointer and a value. Floats: add, min and max (the element rules of sgk_add/min/max), and
 * exchange, compare-exchange (comparing the bits, as C++'s compare_exchange), load and store. */

/* C11's memory orders. A load takes the acquire half of SGK_ACQ_REL and a store the release
 * half; an order without meaning for the access (release on a load, acquire on a store) is
 * taken as SGK_SEQ_CST. */
typedef enum sgk_memory_order {
  SGK_RELAXED,
  SGK_ACQUIRE,
  SGK_RELEASE,
  SGK_ACQ_REL,
  SGK_SEQ_CST
} sgk_memory_order;
/* A fence of that order (SGK_RELAXED: none), as C11's atomic_thread_fence. */
SGK_INLINE void sgk_atomic_fence(sgk_memory_order o) {
  switch (o) {
    case SGK_RELAXED: break;
    case SGK_ACQUIRE: __atomic_thread_fence(__ATOMIC_ACQUIRE); break;
    case SGK_RELEASE: __atomic_thread_fence(__ATOMIC_RELEASE); break;
    case SGK_ACQ_REL: __atomic_thread_fence(__ATOMIC_ACQ_REL); break;
    default: __atomic_thread_fence(__ATOMIC_SEQ_CST); break;
  }
}

/* One element's global atomic, relaxed, returning the old value: the integers' native
 * read-modify-writes where C has them, else a compare-and-swap loop on the element that stores
 * only when the value changes (min, max, floats). */
#define SGK__GLOBAL1(T, ct, ...)                                                                   \
  SGK_INLINE ct sgk__global_cas_loop_##T(ct *p, ct x, int op) {                                    \
    ct cur, want;                                                                                  \
    __atomic_load(p, &cur, __ATOMIC_RELAXED);                                                      \
    do {                                                                                           \
      want = sgk__atomic1_##T(op, cur, x);                                                         \
      if (sgk__same_bits(&want, &cur, sizeof cur)) break;                                          \
    } while (                                                                                      \
        !__atomic_compare_exchange(p, &cur, &want, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));     \
    return cur;                                                                                    \
  }
SGK__TYPES_ALL(SGK__GLOBAL1, ~)
#define SGK__GLOBAL1_INT(T, ct, ...)                                                               \
  SGK_INLINE ct sgk__global1_##T(ct *p, ct x, int op) {                                            \
    switch (op) {                                                                                  \
      case SGK__RMW_ADD: return __atomic_fetch_add(p, x, __ATOMIC_RELAXED);                        \
      case SGK__RMW_AND: return __atomic_fetch_and(p, x, __ATOMIC_RELAXED);                        \
      case SGK__RMW_OR: return __atomic_fetch_or(p, x, __ATOMIC_RELAXED);                          \
      case SGK__RMW_XOR: return __atomic_fetch_xor(p, x, __ATOMIC_RELAXED);                        \
      case SGK__ATOMIC_XCHG: return __atomic_exchange_n(p, x, __ATOMIC_RELAXED);                   \
      default: return sgk__global_cas_loop_##T(p, x, op);                                          \
    }                                                                                              \
  }
SGK__TYPES_INT(SGK__GLOBAL1_INT, ~)
#define SGK__GLOBAL1_FLOAT(T, ct, ...)                                                             \
  SGK_INLINE ct sgk__global1_##T(ct *p, ct x, int op) {                                            \
    ct old;                                                                                        \
    if (op != SGK__ATOMIC_XCHG) return sgk__global_cas_loop_##T(p, x, op);                         \
    __atomic_exchange(p, &x, &old, __ATOMIC_RELAXED);                                              \
    return old;                                                                                    \
  }
SGK__TYPES_FLOAT(SGK__GLOBAL1_FLOAT, ~)

/* Compare-exchange lane by lane: where base[idx] has expected's bits, desired goes in (ok: those
 * lanes). */
#define SGK__CAS_LANES(T, ct, where)                                                               \
  SGK_INLINE sgk_##T sgk__##where##_cas_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T expected,   \
                                            sgk_##T desired, sgk_mask *ok) {                       \
    int32_t at[SGK_W];                                                                             \
    ct e[SGK_W], d[SGK_W], old[SGK_W] = {0};                                                       \
    uint32_t won = 0;                                                                              \
    sgk__spill_##T(idx, desired, at, d);                                                           \
    sgk__storeu_##T(e, expected);                                                                  \
    SGK__FOR_LANES(m, i) {                                                                         \
      old[i] = e[i];                                                                               \
      if (sgk__##where##_cas1_##T(base + at[i], &old[i], d[i])) won |= 1u << i;                    \
    }                                                                                              \
    if (ok) *ok = sgk_mask_from_bits(won);                                                         \
    return sgk__loadu_##T(old);                                                                    \
  }
/* The per-lane exchange and compare-exchange of one place, plain and masked. */
#define SGK__SWAP_FORMS(T, ct, where)                                                              \
  SGK_INLINE sgk_##T sgk_atomic_exchange_##where##_##T(sgk_sg sg, ct *base, sgk_i32 idx,           \
                                                       sgk_##T v) {                                \
    return sgk__##where##_fetch_op_##T(sg.active, base, idx, v, SGK__ATOMIC_XCHG);                 \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_atomic_exchange_##where##_masked_##T(sgk_sg sg, sgk_mask m, ct *base,     \
                                                              sgk_i32 idx, sgk_##T v) {            \
    return sgk__##where##_fetch_op_##T(sgk_mask_and(m, sg.active), base, idx, v,                   \
                                       SGK__ATOMIC_XCHG);                                          \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_atomic_compare_exchange_##where##_##T(                                    \
      sgk_sg sg, ct *base, sgk_i32 idx, sgk_##T expected, sgk_##T desired, sgk_mask *ok) {         \
    return sgk__##where##_cas_##T(sg.active, base, idx, expected, desired, ok);                    \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_atomic_compare_exchange_##where##_masked_##T(                             \
      sgk_sg sg, sgk_mask m, ct *base, sgk_i32 idx, sgk_##T expected, sgk_##T desired,             \
      sgk_mask *ok) {                                                                              \
    return sgk__##where##_cas_##T(sgk_mask_and(m, sg.active), base, idx, expected, desired, ok);   \
  }
/* The workers of each place, where = local or global, lane by lane in lane order with each
 * active lane's old value (0 in the others): sgk__<where>_fetch_op_<t>(m, base, idx, v, op) for
 * an operator of sgk__atomic1_<t>, sgk__<where>_op_<t> the same without the old values,
 * sgk__<where>_cas_<t> a compare-exchange through sgk__<where>_cas1_<t>(p, &old, desired): true
 * where *p had old's bits (and now desired), else false with *p's value in old. Locally the
 * contract's sgk__local_rmw / sgk__local_fetch_add (a core's own where it has them). */
#define SGK__ATOMIC_LANES(T, ct, ...)                                                              \
  SGK_INLINE void sgk__local_op_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, int op) {        \
    sgk__local_rmw_##T(m, base, idx, v, (sgk__rmw)op);                                             \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__local_fetch_op_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v,         \
                                             int op) {                                             \
    return op == SGK__RMW_ADD ? sgk__local_fetch_add_##T(m, base, idx, v)                          \
                              : sgk__local_fetch_##T(m, base, idx, v, op);                         \
  }                                                                                                \
  SGK_INLINE bool sgk__local_cas1_##T(ct *p, ct *old, ct desired) {                                \
    const ct cur = *p;                                                                             \
    const bool hit = sgk__same_bits(&cur, old, sizeof cur);                                        \
    if (hit) *p = desired;                                                                         \
    *old = cur;                                                                                    \
    return hit;                                                                                    \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__global_fetch_op_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v,        \
                                              int op) {                                            \
    int32_t at[SGK_W];                                                                             \
    ct x[SGK_W], old[SGK_W] = {0};                                                                 \
    sgk__spill_##T(idx, v, at, x);                                                                 \
    SGK__FOR_LANES(m, i) old[i] = sgk__global1_##T(base + at[i], x[i], op);                        \
    return sgk__loadu_##T(old);                                                                    \
  }                                                                                                \
  SGK_INLINE void sgk__global_op_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, int op) {       \
    (void)sgk__global_fetch_op_##T(m, base, idx, v, op);                                           \
  }                                                                                                \
  SGK_INLINE bool sgk__global_cas1_##T(ct *p, ct *old, ct desired) {                               \
    return __atomic_compare_exchange(p, old, &desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
  }                                                                                                \
  SGK__CAS_LANES(T, ct, local)                                                                     \
  SGK__CAS_LANES(T, ct, global)                                                                    \
  /* Uniform atomics of one work-item. */                                                          \
  SGK_INLINE ct sgk_atomic_load_##T(const ct *p, sgk_memory_order o) {                             \
    ct r;                                                                                          \
    switch (o) {                                                                                   \
      case SGK_RELAXED: __atomic_load(p, &r, __ATOMIC_RELAXED); break;                             \
      case SGK_ACQUIRE:                                                                            \
      case SGK_ACQ_REL: __atomic_load(p, &r, __ATOMIC_ACQUIRE); break;                             \
      default: __atomic_load(p, &r, __ATOMIC_SEQ_CST); break;                                      \
    }                                                                                              \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE void sgk_atomic_store_##T(ct *p, ct v, sgk_memory_order o) {                          \
    switch (o) {                                                                                   \
      case SGK_RELAXED: __atomic_store(p, &v, __ATOMIC_RELAXED); break;                            \
      case SGK_RELEASE:                                                                            \
      case SGK_ACQ_REL: __atomic_store(p, &v, __ATOMIC_RELEASE); break;                            \
      default: __atomic_store(p, &v, __ATOMIC_SEQ_CST); break;                                     \
    }                                                                                              \
  }                                                                                                \
  SGK_INLINE ct sgk_atomic_exchange_##T(ct *p, ct v) {                                             \
    return sgk__global1_##T(p, v, SGK__ATOMIC_XCHG);                                               \
  }                                                                                                \
  /* C11's strong compare-exchange: true if *p held *expected's bits and now holds desired;        \
   * else false with *p's value in *expected */                                                    \
  SGK_INLINE bool sgk_atomic_compare_exchange_##T(ct *p, ct *expected, ct desired) {               \
    return __atomic_compare_exchange(p, expected, &desired, false, __ATOMIC_RELAXED,               \
                                     __ATOMIC_RELAXED);                                            \
  }                                                                                                \
  /* Per lane: exchange, compare-exchange, load and store. */                                      \
  SGK__SWAP_FORMS(T, ct, local)                                                                    \
  SGK__SWAP_FORMS(T, ct, global)                                                                   \
  SGK_INLINE sgk_##T sgk_atomic_load_global_masked_##T(sgk_sg sg, sgk_mask m, const ct *base,      \
                                                       sgk_i32 idx, sgk_memory_order o) {          \
    int32_t at[SGK_W];                                                                             \
    ct r[SGK_W] = {0};                                                                             \
    sgk__storeu_i32(at, idx);                                                                      \
    SGK__FOR_LANES(sgk_mask_and(m, sg.active), i) r[i] = sgk_atomic_load_##T(base + at[i], o);     \
    return sgk__loadu_##T(r);                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_atomic_load_global_##T(sgk_sg sg, const ct *base, sgk_i32 idx,            \
                                                sgk_memory_order o) {                              \
    return sgk_atomic_load_global_masked_##T(sg, sgk_mask_all(), base, idx, o);                    \
  }                                                                                                \
  SGK_INLINE void sgk_atomic_store_global_masked_##T(sgk_sg sg, sgk_mask m, ct *base, sgk_i32 idx, \
                                                     sgk_##T v, sgk_memory_order o) {              \
    int32_t at[SGK_W];                                                                             \
    ct x[SGK_W];                                                                                   \
    sgk__spill_##T(idx, v, at, x);                                                                 \
    SGK__FOR_LANES(sgk_mask_and(m, sg.active), i) sgk_atomic_store_##T(base + at[i], x[i], o);     \
  }                                                                                                \
  SGK_INLINE void sgk_atomic_store_global_##T(sgk_sg sg, ct *base, sgk_i32 idx, sgk_##T v,         \
                                              sgk_memory_order o) {                                \
    sgk_atomic_store_global_masked_##T(sg, sgk_mask_all(), base, idx, v, o);                       \
  }
SGK__TYPES_ALL(SGK__ATOMIC_LANES, ~)

/* The read-modify-writes per lane, for every operator of the type (integers: add min max and or
 * xor; floats: add min max): sgk_atomic_<op>_{local,global}[_masked]_<t> and the fetch forms
 * sgk_atomic_fetch_<op>_{local,global}[_masked]_<t> returning each lane's old value; uniform
 * sgk_atomic_fetch_<op>_<t>(p, v). Locally through the contract's workers (a core's own where
 * it has them). */
#define SGK__RMW_FORMS(op, OP, T, where)                                                           \
  SGK_INLINE void sgk_atomic_##op##_##where##_##T(sgk_sg sg, SGK__CT(T) * base, sgk_i32 idx,       \
                                                  sgk_##T v) {                                     \
    sgk__##where##_op_##T(sg.active, base, idx, v, SGK__RMW_##OP);                                 \
  }                                                                                                \
  SGK_INLINE void sgk_atomic_##op##_##where##_masked_##T(sgk_sg sg, sgk_mask m, SGK__CT(T) * base, \
                                                         sgk_i32 idx, sgk_##T v) {                 \
    sgk__##where##_op_##T(sgk_mask_and(m, sg.active), base, idx, v, SGK__RMW_##OP);                \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_atomic_fetch_##op##_##where##_##T(sgk_sg sg, SGK__CT(T) * base,           \
                                                           sgk_i32 idx, sgk_##T v) {               \
    return sgk__##where##_fetch_op_##T(sg.active, base, idx, v, SGK__RMW_##OP);                    \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_atomic_fetch_##op##_##where##_masked_##T(                                 \
      sgk_sg sg, sgk_mask m, SGK__CT(T) * base, sgk_i32 idx, sgk_##T v) {                          \
    return sgk__##where##_fetch_op_##T(sgk_mask_and(m, sg.active), base, idx, v, SGK__RMW_##OP);   \
  }
#define SGK__RMW(op, OP, T)                                                                        \
  SGK__RMW_FORMS(op, OP, T, local)                                                                 \
  SGK__RMW_FORMS(op, OP, T, global)                                                                \
  SGK_INLINE SGK__CT(T) sgk_atomic_fetch_##op##_##T(SGK__CT(T) * p, SGK__CT(T) v) {                \
    return sgk__global1_##T(p, v, SGK__RMW_##OP);                                                  \
  }
#define SGK__RMW_i32(op, OP) SGK__RMW(op, OP, i32)
#define SGK__RMW_u32(op, OP) SGK__RMW(op, OP, u32)
#define SGK__RMW_i64(op, OP) SGK__RMW(op, OP, i64)
#define SGK__RMW_u64(op, OP) SGK__RMW(op, OP, u64)
#define SGK__RMW_f32(op, OP) SGK__RMW(op, OP, f32)
#define SGK__RMW_f64(op, OP) SGK__RMW(op, OP, f64)
#define SGK__RMW_FOR_INT(T, ct, ...) SGK_CONTRACT_RMW_OPS(SGK__RMW_##T)
#define SGK__RMW_FOR_FLOAT(T, ct, ...) SGK_FLOAT_RMW_OPS(SGK__RMW_##T)
SGK__TYPES_INT(SGK__RMW_FOR_INT, ~)
SGK__TYPES_FLOAT(SGK__RMW_FOR_FLOAT, ~)

/* ------------------------------------------------------------------------------------------------
 * Launch-scope reductions: SYCL 2020's sycl::reduction, OpenMP's reduction(op : x), CUDA's
 * one-atomic-per-block ending. sgk_reduction_<op>_<t>(wg, target, v) combines v into *target by
 * the end of the launch: the thread running the work-group folds it into a private partial (one
 * per (target, op, type), SGK_REDUCTION_SLOTS of them per run of work-groups, a direct atomic for
 * any beyond), and each partial reaches *target by one relaxed atomic when the variant's run of
 * work-groups ends. A launch of 65536 work-groups on two threads makes a few dozen atomics, not
 * 65536 on one cache line the cores take in turns. *target keeps its value (the identity need
 * not be stored first) and must not be read or written otherwise until the launch returns.
 * Integers are exact (they wrap); a float sum is combined in an order that depends on which
 * thread ran which work-groups, as atomics would. The lane form
 * sgk_reduction_<op>_lanes_<t>(sg, target, x) reduces the sub-group's active lanes first (SYCL's
 * per-work-item `reducer += x`). A NULL target adds nothing and fails the launch with
 * SGK_ERROR_NULL_ARGUMENT. Operators: integers add min max and or xor, floats add min max. */
#define SGK__RED_KIND(T, OP) ((uint32_t)SGK__RED_T_##T * 8u + (uint32_t)SGK__RMW_##OP)
#define SGK__REDUCTION(op, OP, T)                                                                  \
  SGK_INLINE void sgk_reduction_##op##_##T(const sgk_wg *wg, SGK__CT(T) * target,                  \
                                           SGK__CT(T) v) {                                         \
    sgk__frame *f = (sgk__frame *)(void *)sgk__mut(wg);                                            \
    if (!target) {                                                                                 \
      sgk__fault(wg, SGK__FAULT_NULL_TARGET);                                                      \
      return;                                                                                      \
    }                                                                                              \
    for (uint32_t s = 0; s < f->reductions; ++s)                                                   \
      if (f->slot[s].target == (void *)target && f->slot[s].kind == SGK__RED_KIND(T, OP)) {        \
        f->slot[s].v.T = sgk__atomic1_##T(SGK__RMW_##OP, f->slot[s].v.T, v);                       \
        return;                                                                                    \
      }                                                                                            \
    if (f->reductions == SGK_REDUCTION_SLOTS) {                                                    \
      (void)sgk__global1_##T(target, v, SGK__RMW_##OP);                                            \
      return;                                                                                      \
    }                                                                                              \
    f->slot[f->reductions].target = target;                                                        \
    f->slot[f->reductions].kind = SGK__RED_KIND(T, OP);                                            \
    f->slot[f->reductions++].v.T = v;                                                              \
  }                                                                                                \
  SGK_INLINE void sgk_reduction_##op##_lanes_##T(sgk_sg sg, SGK__CT(T) * target, sgk_##T x) {      \
    sgk_reduction_##op##_##T(sg.wg, target, sgk_reduce_##op##_##T(sg, x));                         \
  }
#define SGK__REDUCTION_i32(op, OP) SGK__REDUCTION(op, OP, i32)
#define SGK__REDUCTION_u32(op, OP) SGK__REDUCTION(op, OP, u32)
#define SGK__REDUCTION_i64(op, OP) SGK__REDUCTION(op, OP, i64)
#define SGK__REDUCTION_u64(op, OP) SGK__REDUCTION(op, OP, u64)
#define SGK__REDUCTION_f32(op, OP) SGK__REDUCTION(op, OP, f32)
#define SGK__REDUCTION_f64(op, OP) SGK__REDUCTION(op, OP, f64)
#define SGK__REDUCTION_FOR_INT(T, ct, ...) SGK_CONTRACT_RMW_OPS(SGK__REDUCTION_##T)
#define SGK__REDUCTION_FOR_FLOAT(T, ct, ...) SGK_FLOAT_RMW_OPS(SGK__REDUCTION_##T)
SGK__TYPES_INT(SGK__REDUCTION_FOR_INT, ~)
SGK__TYPES_FLOAT(SGK__REDUCTION_FOR_FLOAT, ~)
/* Each partial to its target, once, when the variant's run of work-groups ends. */
#define SGK__RED_FLUSH_CASE(T, ct, f, s)                                                           \
  case SGK__RED_T_##T:                                                                             \
    (void)sgk__global1_##T((ct *)f->slot[s].target, f->slot[s].v.T, (int)(f->slot[s].kind & 7u)); \
    break;
SGK_INLINE void sgk__reduction_flush(sgk__frame *f) {
  for (uint32_t s = 0; s < f->reductions; ++s) {
    switch (f->slot[s].kind >> 3) {
      SGK__TYPES_ALL(SGK__RED_FLUSH_CASE, f, s)
      default: break;
    }
  }
}

#include "sgk/small_types.h"

#include "sgk/isa/contract_check.h"

#endif /* SGK_KERNEL_H */
// clang-format on
