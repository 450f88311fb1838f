/* The guide's init (1M ints set to -1) and copy (sg_mem_access_0/1/2, vec4 payload) kernels:
 * nd_range(N / 16, 32), 16 ints per work-item. */
#include "host.h"

SGK_DECLARE_KERNEL(init_wi);
SGK_DECLARE_KERNEL(init_sg);
SGK_DECLARE_KERNEL(copy_wi);
SGK_DECLARE_KERNEL(copy_sg);
SGK_DECLARE_KERNEL(copy_block);
SGK_DECLARE_KERNEL(copy_vec4);

typedef struct {
  sgk_bufs b;
  int32_t *src, *dst;
} copy_state;

static const char *setup(sgk_case *c, int copy) {
  if (c->n == 0 || c->n % SGK_PER_ITEM)
    return SGK_HOST_MSG("n (ints) must be a positive multiple of %d", SGK_PER_ITEM);
  copy_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->dst = sgk_bufs_add(&s->b, c->n * sizeof(int32_t));
  s->src = copy ? sgk_bufs_add(&s->b, c->n * sizeof(int32_t)) : NULL;
  if (!s->dst || (copy && !s->src)) return SGK_HOST_MSG("out of memory");
  uint64_t seed = 2009;
  for (size_t i = 0; copy && i < c->n; ++i) s->src[i] = (int32_t)sgk_host_rand(&seed) ^ (int32_t)i;
  c->work = (double)c->n * sizeof(int32_t) * (copy ? 2 : 1);
  return NULL;
}

static sgk_status launch(const sgk_kernel *k, sgk_case *c, const sgk_launch_options *o,
                         sgk_launch_info *info) {
  copy_state *s = c->state;
  sgk_host_fill(s->dst, 0, c->n * sizeof(int32_t), o);
  struct copy_args a = {s->src, s->dst};
  const sgk_range r = sgk_range_1d(c->n / SGK_PER_ITEM, c->wg);
  return sgk_launch(k, &r, o, &a, info);
}

static const char *check(sgk_case *c) {
  const copy_state *s = c->state;
  for (size_t i = 0; i < c->n; ++i) {
    const int32_t want = s->src ? s->src[i] : -1;
    if (s->dst[i] != want) return SGK_HOST_MSG("int %zu: got %d, want %d", i, s->dst[i], want);
  }
  return NULL;
}

#define COPY_FAMILY(id, is_copy, seed_text, summary_text, ...)                                     \
  static const char *id##_setup(sgk_case *c) { return setup(c, is_copy); }                         \
  static sgk_status id##_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *i) {    \
    return launch(&id, c, o, i);                                                                   \
  }                                                                                                \
  SGK_DEFINE_FAMILY(                                                                               \
      id, .seed = seed_text, .summary = summary_text, .size_unit = "ints",                         \
      .default_n = 1024 * 1024, .quick_n = 1024 * 1024, .default_wg = 32, .wg_free = 1,            \
      .setup = id##_setup, .launch = id##_launch, .check = check, .teardown = sgk_host_teardown,   \
      .test_sizes =                                                                                \
          (const sgk_family_size[]){{16 * 1024, 0, 32}, {16 * 60, 0, 20}, __VA_ARGS__{0, 0, 0}})

COPY_FAMILY(init_wi, 0, "sub-groups guide (init)",
            "16 contiguous ints per work-item (a vec<int, 16> store)", );
COPY_FAMILY(init_sg, 0, "sub-groups guide (init)",
            "16 ints per work-item, sub-group strided (coalesced)", );
COPY_FAMILY(copy_wi, 1, "sg_mem_access_0.cpp",
            "16 contiguous ints per work-item (vec<int, 16> load, store)", );
COPY_FAMILY(copy_sg, 1, "sg_mem_access_1.cpp",
            "16 ints per work-item, sub-group strided (coalesced)", );
COPY_FAMILY(copy_block, 1, "sg_mem_access_2.cpp",
            "sg.load<8>/sg.store<8> block copies at base and base + 8W", {16 * 7, 0, 7}, );
COPY_FAMILY(copy_vec4, 1, "sub-groups guide (vec payload)", "vec<int, 4> per work-item per step",
            {16 * 7, 0, 7}, );
