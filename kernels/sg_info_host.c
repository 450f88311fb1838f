/* sg_size.cpp (nd_range(32, 32)) and sg_max_size.cpp (nd_range(15, 15), data[i] = i). */
#include "host.h"

SGK_DECLARE_KERNEL(sg_info);

_Thread_local char sgk__host_msg[200];

typedef struct {
  sgk_bufs b;
  int32_t *data, *out;
} sg_state;

static const char *setup(sgk_case *c, int with_data) {
  if (c->n == 0 || c->n > (1u << 24)) return SGK_HOST_MSG("n must be 1 .. 2^24 work-items");
  sg_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->out = sgk_bufs_add(&s->b, c->n * SGI_FIELDS * sizeof(int32_t));
  if (with_data) {
    s->data = sgk_bufs_add(&s->b, (c->n + 64) * sizeof(int32_t)); /* N + N + 2 in the seed */
    for (size_t i = 0; s->data && i < c->n + 64; ++i) s->data[i] = (int32_t)i;
  }
  if (!s->out || (with_data && !s->data)) return SGK_HOST_MSG("out of memory");
  c->work = (double)c->n * SGI_FIELDS * sizeof(int32_t);
  return NULL;
}

static sgk_status launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  sg_state *s = c->state;
  sgk_host_fill(s->out, 0x7f, c->n * SGI_FIELDS * sizeof(int32_t), o);
  struct sg_info_args a = {s->data, s->out};
  const sgk_range r = sgk_range_1d(c->n, c->wg);
  return sgk_launch(&sg_info, &r, o, &a, info);
}

/* SYCL semantics: sub-groups of W along the local id; the last one of a group may be partial. */
static const char *check(sgk_case *c) {
  const sg_state *s = c->state;
  const uint32_t w = c->sg, L = c->wg;
  for (size_t i = 0; i < c->n; ++i) {
    const int32_t *f = s->out + i * SGI_FIELDS;
    const uint32_t lid = (uint32_t)(i % L), sgid = lid / w, first = sgid * w;
    const int32_t size = (int32_t)(L - first < w ? L - first : w);
    const int32_t want[SGI_FIELDS] = {
        (int32_t)i, (int32_t)(i / L), (int32_t)sgid, (int32_t)(lid - first),
        size,       (int32_t)w,       (int32_t)i,    (int32_t)i + size};
    for (int k = 0; k < (s->data ? SGI_FIELDS : SGI_J); ++k)
      if (f[k] != want[k])
        return SGK_HOST_MSG("work-item %zu field %d: got %d, want %d", i, k, f[k], want[k]);
  }
  return NULL;
}

static const char *sg_size_setup(sgk_case *c) { return setup(c, 0); }
static const char *sg_max_size_setup(sgk_case *c) { return setup(c, 1); }
SGK_DEFINE_FAMILY(
    sg_size, .seed = "sg_size.cpp", .summary = "every work-item reports its ids and sub-group size",
    .size_unit = "work-items", .default_n = 32, .quick_n = 32, .default_wg = 32, .range_uses_w = 1,
    .setup = sg_size_setup, .launch = launch, .check = check, .teardown = sgk_host_teardown,
    .test_sizes = (const sgk_family_size[]){{32, 0, 32}, {40, 0, 20}, {7, 0, 7}, {0, 0, 0}});
SGK_DEFINE_FAMILY(sg_max_size, .seed = "sg_max_size.cpp",
                  .summary = "partial sub-group: sgSize < sgMaxSize, k = data[i + sgSize]",
                  .size_unit = "work-items", .default_n = 15, .quick_n = 15, .default_wg = 15,
                  .gflops = 0, .range_uses_w = 1, .setup = sg_max_size_setup, .launch = launch,
                  .check = check, .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {15, 0, 15}, {7, 0, 7}, {45, 0, 15}, {0, 0, 0}});
