/* sg_shuffle.cpp (the 16 x 16 transpose, in place, nd_range<2>((N / W, N), (1, W))) and the
 * tiled transpose the guide leaves as an exercise (4096 x 4096, out of place). */
#include "host.h"

SGK_DECLARE_KERNEL(transpose16);
SGK_DECLARE_KERNEL(transpose_tiled);

typedef struct {
  sgk_bufs b;
  uint32_t *in, *out;
  uint32_t block; /* SGK_TRANSPOSE_BLOCK's; 0: the CPU's, else the variant's (sgk_tile_block) */
} tr_state;

static const char *setup(sgk_case *c, int in_place) {
  if (c->n == 0 || c->n > 65536) return SGK_HOST_MSG("n (the matrix dimension) must be 1 .. 65536");
  tr_state *s = calloc(1, sizeof *s);
  c->state = s;
  const size_t cells = c->n * c->n;
  s->in = sgk_bufs_add(&s->b, cells * sizeof(uint32_t));
  s->out = in_place ? NULL : sgk_bufs_add(&s->b, cells * sizeof(uint32_t));
  if (!s->in || (!in_place && !s->out)) return SGK_HOST_MSG("out of memory");
  for (size_t i = 0; i < cells; ++i) s->in[i] = (uint32_t)i; /* matrix[i] = i, as the seed */
  c->work = 2.0 * (double)cells * sizeof(uint32_t);
  return NULL;
}

static const char *transpose16_setup(sgk_case *c) {
  const char *e = setup(c, 1);
  if (e) return e;
  tr_state *s = c->state;
  s->out = sgk_bufs_add(&s->b, c->n * c->n * sizeof(uint32_t)); /* working copy */
  return s->out ? NULL : SGK_HOST_MSG("out of memory");
}

static sgk_status transpose16_launch(sgk_case *c, const sgk_launch_options *o,
                                     sgk_launch_info *info) {
  tr_state *s = c->state;
  memcpy(s->out, s->in, c->n * c->n * sizeof(uint32_t));
  struct transpose16_args a = {s->out, (uint32_t)c->n};
  const sgk_range r = sgk_range_2d(c->n / c->sg, c->n, 1, c->sg);
  if (c->n % c->sg) { /* not a whole number of W x W blocks: let sgk report the bad nd-range */
    const sgk_range bad = sgk_range_2d(c->n, c->n, 1, c->sg);
    return sgk_launch(&transpose16, &bad, o, &a, info);
  }
  return sgk_launch(&transpose16, &r, o, &a, info);
}

/* What the seed computes: each W x W block transposed in place (the whole matrix when N = W). */
static const char *transpose16_check(sgk_case *c) {
  const tr_state *s = c->state;
  const size_t n = c->n, w = c->sg;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      const size_t bi = i / w * w, bj = j / w * w;
      const uint32_t want = s->in[(bi + (j - bj)) * n + bj + (i - bi)];
      if (s->out[i * n + j] != want)
        return SGK_HOST_MSG("(%zu, %zu): got %u, want %u", i, j, s->out[i * n + j], want);
    }
  return NULL;
}

/* SGK_TRANSPOSE_BLOCK=n, 1 .. 65536 tiles, forces the blocks at every W (n at least the tiles of
 * a side: row-major); auto or "" leaves the choice to the kernel (0: sgk_tile_block). */
static const char *transpose_setup(sgk_case *c) {
  const char *e = setup(c, 0), *v = getenv("SGK_TRANSPOSE_BLOCK");
  if (e) return e;
  if (!v || !*v || strcmp(v, "auto") == 0) return NULL;
  char *end = NULL;
  const unsigned long b = v[0] >= '0' && v[0] <= '9' ? strtoul(v, &end, 10) : 0;
  if (!end || *end || b < 1 || b > 65536)
    return SGK_HOST_MSG("SGK_TRANSPOSE_BLOCK='%s': use 1 .. 65536 (tiles a side) or auto", v);
  ((tr_state *)c->state)->block = (uint32_t)b;
  return NULL;
}

static sgk_status transpose_launch(sgk_case *c, const sgk_launch_options *o,
                                   sgk_launch_info *info) {
  tr_state *s = c->state;
  struct transpose_args a = {s->in, s->out, (uint32_t)c->n, (uint32_t)c->n, s->block};
  const size_t tiles = (c->n + c->sg - 1) / c->sg;
  const sgk_range r = sgk_range_2d(tiles, tiles * c->sg, 1, c->sg);
  return sgk_launch(&transpose_tiled, &r, o, &a, info);
}

static const char *transpose_check(sgk_case *c) {
  const tr_state *s = c->state;
  const size_t n = c->n;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (s->out[j * n + i] != s->in[i * n + j])
        return SGK_HOST_MSG("out(%zu, %zu): got %u, want %u", j, i, s->out[j * n + i],
                            s->in[i * n + j]);
  return NULL;
}

SGK_DEFINE_FAMILY(transpose16, .seed = "sg_shuffle.cpp",
                  .summary = "16 x 16 transpose by select_from_group (one sub-group)",
                  .size_unit = "matrix dimension", .default_n = 32, .quick_n = 32, .default_wg = 16,
                  .gflops = 0, .range_uses_w = 1, .setup = transpose16_setup,
                  .launch = transpose16_launch, .check = transpose16_check,
                  .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){{0, 1, 0}, {0, 2, 0}, {0, 0, 0}});
SGK_DEFINE_FAMILY(transpose, .seed = "sg_shuffle.cpp (exercise)",
                  .summary = "4096 x 4096 transpose, W x W tiles by shuffles",
                  .size_unit = "matrix dimension", .default_n = 4096, .quick_n = 1024,
                  .default_wg = 16, .gflops = 0, .range_uses_w = 1, .setup = transpose_setup,
                  .launch = transpose_launch, .check = transpose_check,
                  .teardown = sgk_host_teardown,
                  .test_sizes = (const sgk_family_size[]){
                      {256, 0, 0}, {100, 0, 0}, {1, 0, 0}, {0, 0, 0}});
