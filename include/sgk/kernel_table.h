/* Emits `const sgk_kernel NAME` holding every variant that sgk_add_kernels() compiled. Included by
 * sgk/kernel.h in the one pass (scalar, W=8) that defines SGK_EMIT_KERNEL_TABLES; the CMake
 * function defines SGK_TABLE_<ISA>_W<w> to 1 or 0 for every ISA of SGK_ISA_LIST and width. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_KERNEL_TABLE_H
#define SGK_KERNEL_TABLE_H

#define SGK__SLOT_0(fn) NULL
#define SGK__SLOT_1(fn) fn
#define SGK__SLOT(on, fn) SGK__CAT(SGK__SLOT_, on)(fn)

/* has_slm 0 (SGK_KERNEL) or 1 (SGK_KERNEL_SLM) picks the row macros: with SLM every compiled
 * variant's slot also names its size function. */
#define SGK__DECLARE_ROW_0(E, isa, value, w, name)                                                 \
  void name##__##isa##_w8(const sgk_wg *, const void *, size_t);                                   \
  void name##__##isa##_w16(const sgk_wg *, const void *, size_t);                                  \
  void name##__##isa##_w32(const sgk_wg *, const void *, size_t);
#define SGK__DECLARE_ROW_1(E, isa, value, w, name)                                                 \
  SGK__DECLARE_ROW_0(E, isa, value, w, name)                                                       \
  size_t name##__slm__##isa##_w8(size_t, const void *);                                            \
  size_t name##__slm__##isa##_w16(size_t, const void *);                                           \
  size_t name##__slm__##isa##_w32(size_t, const void *);
#define SGK__ROW_0(E, isa, value, w, name)                                                         \
  [value] = {{SGK__SLOT(SGK_TABLE_##E##_W8, name##__##isa##_w8), NULL},                            \
             {SGK__SLOT(SGK_TABLE_##E##_W16, name##__##isa##_w16), NULL},                          \
             {SGK__SLOT(SGK_TABLE_##E##_W32, name##__##isa##_w32), NULL}},
#define SGK__ROW_1(E, isa, value, w, name)                                                         \
  [value] = {{SGK__SLOT(SGK_TABLE_##E##_W8, name##__##isa##_w8),                                   \
              SGK__SLOT(SGK_TABLE_##E##_W8, name##__slm__##isa##_w8)},                             \
             {SGK__SLOT(SGK_TABLE_##E##_W16, name##__##isa##_w16),                                 \
              SGK__SLOT(SGK_TABLE_##E##_W16, name##__slm__##isa##_w16)},                           \
             {SGK__SLOT(SGK_TABLE_##E##_W32, name##__##isa##_w32),                                 \
              SGK__SLOT(SGK_TABLE_##E##_W32, name##__slm__##isa##_w32)}},

#define SGK__EMIT_TABLE(name, has_slm, props)                                                      \
  SGK_ISA_LIST_ARG(SGK__CAT(SGK__DECLARE_ROW_, has_slm), name)                                     \
  extern const sgk_kernel name;                                                                    \
  const sgk_kernel name = {SGK_KERNEL_ABI, SGK_ISA_SLOTS, #name, (uint32_t)(props),                \
                           {SGK_ISA_LIST_ARG(SGK__CAT(SGK__ROW_, has_slm), name)}};

#endif
// clang-format on
