/* The guide's work-group-size chapter: the SLM tree reduction at work-group size 16 and at the
 * maximum, and vec_copy at 16 .. 256. */
#include "host.h"

SGK_DECLARE_KERNEL(reduce_slm);
SGK_DECLARE_KERNEL(reduce_slm_combined);
SGK_DECLARE_KERNEL(vec_copy);

typedef struct {
  sgk_bufs b;
  int32_t *data, *dst, *sum;
  size_t num_work_items;
} red_state;

static const char *setup(sgk_case *c, int copy) {
  if (c->n == 0 || c->n > (size_t)INT32_MAX) return SGK_HOST_MSG("n must be 1 .. 2^31 - 1");
  if (copy && c->n % c->wg) return SGK_HOST_MSG("n must be a multiple of the work-group size");
  red_state *s = calloc(1, sizeof *s);
  c->state = s;
  s->data = sgk_bufs_add(&s->b, c->n * sizeof(int32_t));
  s->dst = copy ? sgk_bufs_add(&s->b, c->n * sizeof(int32_t)) : NULL;
  s->sum = sgk_bufs_add(&s->b, sizeof(int32_t));
  if (!s->data || !s->sum || (copy && !s->dst)) return SGK_HOST_MSG("out of memory");
  uint64_t seed = 7;
  for (size_t i = 0; i < c->n; ++i) s->data[i] = (int32_t)sgk_host_rand(&seed);
  /* num_work_items = data_size / work_group_size, as a whole number of work-groups */
  s->num_work_items = c->n / c->wg / c->wg * c->wg;
  if (s->num_work_items == 0) s->num_work_items = c->wg;
  c->work = (double)c->n * sizeof(int32_t) * (copy ? 2 : 1);
  return NULL;
}

static const char *reduction_setup(sgk_case *c) { return setup(c, 0); }
static sgk_status launch_reduce(const sgk_kernel *k, sgk_case *c, const sgk_launch_options *o,
                                sgk_launch_info *info) {
  red_state *s = c->state;
  *s->sum = 0; /* the seed's sum_acc[0] = 0 kernel */
  struct reduce_args a = {s->data, c->n, s->num_work_items, s->sum};
  const sgk_launch_options opt = sgk_host_opts(o, (size_t)c->wg * sizeof(int32_t));
  const sgk_range r = sgk_range_1d(s->num_work_items, c->wg);
  return sgk_launch(k, &r, &opt, &a, info);
}
static sgk_status reduction_launch(sgk_case *c, const sgk_launch_options *o,
                                   sgk_launch_info *info) {
  return launch_reduce(&reduce_slm, c, o, info);
}
static sgk_status reduction_combined_launch(sgk_case *c, const sgk_launch_options *o,
                                            sgk_launch_info *info) {
  return launch_reduce(&reduce_slm_combined, c, o, info);
}
static const char *reduction_check(sgk_case *c) {
  const red_state *s = c->state;
  uint32_t want = 0;
  for (size_t i = 0; i < c->n; ++i) want += (uint32_t)s->data[i];
  return *s->sum == (int32_t)want ? NULL
                                  : SGK_HOST_MSG("sum: got %d, want %d", *s->sum, (int32_t)want);
}

static const char *vec_copy_setup(sgk_case *c) { return setup(c, 1); }
static sgk_status vec_copy_launch(sgk_case *c, const sgk_launch_options *o, sgk_launch_info *info) {
  red_state *s = c->state;
  sgk_host_fill(s->dst, 0, c->n * sizeof(int32_t), o);
  struct vec_copy_args a = {s->data, s->dst};
  const sgk_range r = sgk_range_1d(c->n, c->wg);
  return sgk_launch(&vec_copy, &r, o, &a, info);
}
static const char *vec_copy_check(sgk_case *c) {
  const red_state *s = c->state;
  for (size_t i = 0; i < c->n; ++i)
    if (s->dst[i] != s->data[i])
      return SGK_HOST_MSG("dst[%zu]: got %d, want %d", i, s->dst[i], s->data[i]);
  return NULL;
}

static const uint32_t reduction_sweep[] = {16, SGK_MAX_WORK_GROUP_SIZE, 0};
static const sgk_family_size reduction_sizes[] = {
    {100000, 0, 16}, {100000, 0, 1024}, {100003, 0, 48}, {100001, 0, 24},
    {1000, 0, 3},    {5, 0, 16},        {0, 0, 0}};
static const uint32_t vec_copy_sweep[] = {16, 32, 64, 128, 256, 0};
SGK_DEFINE_FAMILY(reduction, .seed = "guide: work-group size (reduction)",
                  .summary = "SLM tree reduction, a barrier per level, one atomic per work-group",
                  .size_unit = "ints", .default_n = 16 * 1024 * 1024, .quick_n = 1024 * 1024,
                  .default_wg = 16, .sweep_wg = reduction_sweep, .setup = reduction_setup,
                  .launch = reduction_launch, .check = reduction_check,
                  .teardown = sgk_host_teardown, .test_sizes = reduction_sizes);
SGK_DEFINE_FAMILY(
    reduction_combined, .seed = "guide: work-group size (reduction), SYCL 2020 ending",
    .summary = "the same tree, its atomic combined per thread (sgk_reduction_add_i32)",
    .size_unit = "ints", .default_n = 16 * 1024 * 1024, .quick_n = 1024 * 1024, .default_wg = 16,
    .sweep_wg = reduction_sweep, .setup = reduction_setup, .launch = reduction_combined_launch,
    .check = reduction_check, .teardown = sgk_host_teardown, .test_sizes = reduction_sizes);
SGK_DEFINE_FAMILY(vec_copy, .seed = "guide: work-group size (vec_copy)",
                  .summary = "dst[i] = src[i], no barrier", .size_unit = "ints",
                  .default_n = 16 * 1024 * 1024, .quick_n = 1024 * 1024, .default_wg = 16,
                  .sweep_wg = vec_copy_sweep, .wg_free = 1, .setup = vec_copy_setup,
                  .launch = vec_copy_launch, .check = vec_copy_check, .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {4096, 0, 16}, {4096, 0, 256}, {4104, 0, 24}, {0, 0, 0}});
