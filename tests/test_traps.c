#define _POSIX_C_SOURCE 200809L
/* The traps a new user falls into, each written as that user would: an early `return` or `break`
 * inside SGK_FOR_EACH_SUBGROUP, SLM without slm_bytes or with too little, local ids of 2-D
 * work-groups whose rows are not a multiple of W, SGK_ISA changed after sgk started, and a
 * shuffle window wider than a small sub-group. Each must give the right answer or a clear
 * status, never a crash or lost work. */
#include <stdarg.h>

#include "harness.h"
#include "trap_kernels.h"

/* Launches k over global work-items in work-groups of local (slm_bytes as the options' SLM) and
 * checks the status against want and, when the launch failed, that sgk_last_error() names needle;
 * the printf-style what names the case in a failure. Returns the status. */
#if defined(__GNUC__)
__attribute__((format(printf, 8, 9)))
#endif
static sgk_status
launch_expect(const sgk_kernel *k, size_t global, uint32_t local, size_t slm_bytes, void *args,
              sgk_status want, const char *needle, const char *what, ...) {
  const sgk_range r = sgk_range_1d(global, local);
  sgk_launch_options o = test_options(slm_bytes);
  const sgk_status st = sgk_launch(k, &r, &o, args, NULL);
  const int wrong_status = st != want;
  const int wrong_message = st != SGK_SUCCESS && !strstr(sgk_last_error(), needle);
  if (wrong_status || wrong_message) {
    char where[160];
    va_list ap;
    va_start(ap, what);
    vsnprintf(where, sizeof where, what, ap);
    va_end(ap);
    if (wrong_status)
      fail_msg("%s %s: %s (%s), want %s", k->name, where, sgk_status_string(st), sgk_last_error(),
               sgk_status_string(want));
    fail_msg("%s %s: message '%s' does not name '%s'", k->name, where, sgk_last_error(), needle);
  }
  return st;
}

/* local: 128, one work-group of several sub-groups; or 8, sixteen work-groups of one sub-group
 * each (the variant's loop of its own for them). The sub-groups past item 60 exit. */
static void run_early_exit(int how, sgk_status want_status, uint32_t local) {
  enum { N = 60, LOCAL = 4 * 32 };
  int32_t in[LOCAL], out[LOCAL];
  for (int i = 0; i < LOCAL; ++i) {
    in[i] = i + 1;
    out[i] = -7;
  }
  struct early_exit_args a = {in, out, N, how};
  const sgk_status st = launch_expect(&early_exit, LOCAL, local, 0, &a, want_status,
                                      how == 0 ? "return" : "break", "how=%d local=%u", how, local);
  if (st == SGK_SUCCESS)
    for (int i = 0; i < LOCAL; ++i) assert_int_equal(out[i], i < N ? 2 * (i + 1) : -7);
}

/* `return` or `break` in a sub-group loop: a status naming it, not silently lost work. */
static void test_early_exit(void **state) {
  (void)state;
  for (uint32_t local = 8; local <= 128; local *= 16) {
    run_early_exit(0, SGK_ERROR_KERNEL_CONTROL_FLOW, local);
    run_early_exit(1, SGK_ERROR_KERNEL_CONTROL_FLOW, local);
    run_early_exit(2, SGK_SUCCESS, local);                   /* what to write instead: continue */
    run_early_exit(3, SGK_SUCCESS, local);                   /* or a lane mask */
    run_early_exit(0, SGK_ERROR_KERNEL_CONTROL_FLOW, local); /* the next launch not confused */
    run_early_exit(2, SGK_SUCCESS, local);
  }
}

/* A sub-group that skips with `continue` before writing its SGK_PER_SUB_GROUP entry: the checked
 * kernel's collective finds the entry unwritten and the launch says so, and nothing of the poison
 * reaches memory (each work-group's sum and sub-group parts are right or not written: the
 * collective reads the identity for the entry, later phases and work-groups do not run);
 * written first (the identity), every sum and part is right. n ends inside work-group 1 (some of
 * its sub-groups skip, some lanes of one are masked); work-groups 2 and 3 skip whole. */
static void run_skipped_entry(int how, uint32_t local, uint32_t n, sgk_status want_status) {
  enum { GROUPS = 4, MAX_LOCAL = 256, UNTOUCHED = -12345 };
  int32_t in[GROUPS * MAX_LOCAL], sums[GROUPS], parts[GROUPS * 64];
  for (int i = 0; i < GROUPS * MAX_LOCAL; ++i) in[i] = (i % 13) - 4;
  for (int g = 0; g < GROUPS; ++g) sums[g] = UNTOUCHED;
  for (int i = 0; i < GROUPS * 64; ++i) parts[i] = UNTOUCHED;
  struct skipped_entry_args a = {in, sums, parts, n, how};
  const sgk_status st =
      launch_expect(&skipped_entry, (size_t)GROUPS * local, local, 0, &a, want_status,
                    "SGK_PER_SUB_GROUP", "how=%d local=%u n=%u", how, local, n);
  const int may_skip = st != SGK_SUCCESS; /* a failed launch may leave outputs unwritten */
  const uint32_t w = cfg.w, sub_groups = (local + w - 1) / w;
  for (uint32_t g = 0; g < GROUPS; ++g) {
    int32_t want = 0;
    for (uint32_t i = g * local; i < (g + 1) * local && i < n; ++i) want += in[i];
    if (sums[g] != want && !(may_skip && sums[g] == UNTOUCHED))
      fail_msg("how=%d local=%u n=%u: group %u sum %d, want %d", how, local, n, g, sums[g], want);
    for (uint32_t s = 0; s < 64; ++s) {
      int32_t part = UNTOUCHED;
      if (s < sub_groups) {
        part = 0;
        for (uint32_t i = g * local + s * w; i < g * local + (s + 1) * w && i < (g + 1) * local;
             ++i)
          if (i < n) part += in[i];
      }
      const int32_t got = parts[g * 64 + s];
      if (got != part && !(may_skip && got == UNTOUCHED))
        fail_msg("how=%d local=%u n=%u: group %u sub-group %u part %d, want %d", how, local, n, g,
                 s, got, part);
    }
  }
}

static void test_skipped_entry(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {w, 3 * w, 100, 256};
  for (size_t k = 0; k < sizeof locals / sizeof *locals; ++k) {
    const uint32_t local = locals[k];
    const uint32_t n = local + (local > w ? w + 3 : 1); /* inside work-group 1 */
    for (int vector = 0; vector < 2; ++vector) {
      run_skipped_entry(2 * vector, local, n, SGK_ERROR_KERNEL_CONTROL_FLOW);
      run_skipped_entry(2 * vector + 1, local, n, SGK_SUCCESS);     /* the entry written first */
      run_skipped_entry(2 * vector, local, 4 * local, SGK_SUCCESS); /* no sub-group skips */
    }
  }
}

/* A work-group collective inside SGK_FOR_EACH_SUBGROUP (a GPU kernel's habit: every work-item
 * calls it), where the later sub-groups have not written their entries: the launch fails naming
 * the rule, in a checked and in an unchecked (Release) kernel alike, whatever the work-group's
 * size (one sub-group too, where the value would happen to be right); between two loops, every
 * output right. */
static void run_in_loop(const sgk_kernel *k, int how, uint32_t local) {
  enum { GROUPS = 3, MAX_LOCAL = 256 };
  int32_t in[GROUPS * MAX_LOCAL], out[GROUPS * MAX_LOCAL];
  for (int i = 0; i < GROUPS * MAX_LOCAL; ++i) {
    in[i] = (i * 37) % 11 - 5;
    out[i] = -12345;
  }
  struct in_loop_args a = {in, out, how};
  const sgk_status want = how < 4 ? SGK_ERROR_KERNEL_CONTROL_FLOW : SGK_SUCCESS;
  if (launch_expect(k, (size_t)GROUPS * local, local, 0, &a, want, "inside SGK_FOR_EACH_SUBGROUP",
                    "how=%d local=%u", how, local) != SGK_SUCCESS)
    return;
  for (uint32_t g = 0; g < GROUPS; ++g) {
    int32_t sum = 0, any = 0;
    for (uint32_t i = g * local; i < (g + 1) * local; ++i) sum += in[i], any |= in[i] > 0;
    const int32_t by = how <= 5 ? sum : how == 6 ? in[g * local] : any;
    for (uint32_t i = g * local; i < (g + 1) * local; ++i)
      if (out[i] != in[i] - by)
        fail_msg("%s how=%d local=%u: out[%u] = %d, want %d", k->name, how, local, i, out[i],
                 in[i] - by);
  }
}

static void test_collective_in_loop(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {w, 3 * w, 100, 256};
  const sgk_kernel *kernels[] = {&collective_in_loop, &collective_in_loop_unchecked};
  for (int k = 0; k < 2; ++k)
    for (size_t l = 0; l < sizeof locals / sizeof *locals; ++l)
      for (int how = 0; how < 8; ++how) run_in_loop(kernels[k], how, locals[l]);
  run_in_loop(&collective_in_loop_unchecked, 4, 100); /* the next launch not confused */
}

static void run_slm(uint32_t L, size_t slm_bytes, uint32_t extra, sgk_status want_status) {
  enum { GROUPS = 3 };
  int32_t in[GROUPS * 1024], out[GROUPS * 1024];
  size_t seen = 0;
  for (uint32_t i = 0; i < GROUPS * L; ++i) {
    in[i] = (int32_t)(i * 7 + 1);
    out[i] = 0;
  }
  struct slm_user_args a = {in, out, extra, &seen};
  if (launch_expect(&slm_user, (size_t)GROUPS * L, L, slm_bytes, &a, want_status, "SLM",
                    "L=%u slm_bytes=%zu", L, slm_bytes) != SGK_SUCCESS)
    return;
  const size_t declared = (size_t)L * 4 + extra;
  assert_int_equal(seen, slm_bytes > declared ? slm_bytes : declared);
  for (uint32_t g = 0; g < GROUPS; ++g)
    for (uint32_t l = 0; l < L; ++l) assert_int_equal(out[g * L + l], in[g * L + (L - 1 - l)]);
}

/* A kernel that declares its SLM runs without slm_bytes; less than declared is refused; more is
 * given; sgk_slm_bytes tells the kernel what it has. */
static void test_slm_declared(void **state) {
  (void)state;
  run_slm(100, 0, 0, SGK_SUCCESS);
  run_slm(cfg.w, 0, 12, SGK_SUCCESS);
  run_slm(1024, 0, 0, SGK_SUCCESS);
  run_slm(100, 100 * 4 + 64, 0, SGK_SUCCESS);
  run_slm(100, 100 * 4 - 4, 0, SGK_ERROR_SLM_TOO_SMALL);
  run_slm(100, 1, 0, SGK_ERROR_SLM_TOO_SMALL);
  run_slm(1024, 0, SGK_LOCAL_MEM_SIZE, SGK_ERROR_SLM_TOO_LARGE);
  /* no args for the SLM expression to read: a status, not a crash; an empty range needs none */
  launch_expect(&slm_user, 300, 100, 0, NULL, SGK_ERROR_NULL_ARGUMENT, "args is NULL", "NULL args");
  launch_expect(&slm_user, 0, 100, 0, NULL, SGK_SUCCESS, "", "NULL args, empty range");
}

/* An SLM size written with SGK_W (a W x W tile a sub-group) is computed at the launch's W: the
 * kernel gets the whole tile at every W, and the tile's transpose is right; at scale 20 it needs
 * 80 KiB at W 32 only, refused there with the W named and run at 8 and 16. (When the size was
 * computed once, at W 8, W 16 and 32 wrote past it.) */
static void test_slm_per_w(void **state) {
  (void)state;
  const uint32_t w = cfg.w, L = 32, groups = 3;
  const size_t n = (size_t)groups * L * w; /* each of the L / w sub-groups a W x W block */
  int32_t *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  for (size_t i = 0; i < n; ++i) in[i] = (int32_t)(i * 2654435761u >> 7);
  for (uint32_t scale = 1; scale <= 20; scale += 19) {
    size_t seen = 0;
    memset(out, 0, n * sizeof *out);
    struct sg_tile_args a = {in, out, scale, &seen};
    const size_t need = (size_t)L * w * sizeof(int32_t) * scale;
    const sgk_status want = need > SGK_LOCAL_MEM_SIZE ? SGK_ERROR_SLM_TOO_LARGE : SGK_SUCCESS;
    char text[16];
    snprintf(text, sizeof text, "at W %u", w);
    if (launch_expect(&sg_tile, (size_t)groups * L, L, 0, &a, want, want ? text : "", "scale %u",
                      scale) != SGK_SUCCESS)
      continue;
    assert_int_equal(seen, need);
    for (size_t b = 0; b < n / ((size_t)w * w); ++b)
      for (uint32_t r = 0; r < w; ++r)
        for (uint32_t c = 0; c < w; ++c)
          assert_int_equal(out[(b * w + r) * w + c], in[(b * w + c) * w + r]);
  }
  free(in);
  free(out);
}

/* Under AddressSanitizer the arena past the kernel's SLM is poisoned and ASan itself reports a
 * write there (README, "A first kernel"); elsewhere the launch finds it. */
#if defined(__SANITIZE_ADDRESS__)
#define TRAPS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TRAPS_ASAN 1
#endif
#endif

static void run_row_ptr(int how, uint32_t n, uint32_t L, sgk_status want_status) {
  const uint32_t groups = (n + L - 1) / L;
  int32_t *ptr = malloc((n + 1) * sizeof *ptr), *len = malloc((size_t)groups * L * sizeof *len);
  ptr[0] = 0;
  for (uint32_t r = 0; r < n; ++r) ptr[r + 1] = ptr[r] + (int32_t)((r * 7 + 3) % 11);
  for (uint32_t r = 0; r < groups * L; ++r) len[r] = -1;
  struct row_ptr_args a = {ptr, len, n, how};
  if (launch_expect(&stage_row_ptr, (size_t)groups * L, L, 0, &a, want_status, "wrote past",
                    "how=%d n=%u L=%u", how, n, L) == SGK_SUCCESS)
    for (uint32_t i = 0; i < groups * L; ++i)
      assert_int_equal(len[i], i < n ? (int32_t)((i * 7 + 3) % 11) : -1);
  free(ptr);
  free(len);
}

/* A staging loop whose last sub-group stores past the SLM it declared: a status naming it
 * (before, in Release: the heap after the arena overwritten, a wrong answer or a crash later);
 * its right form, and the next launch on the same arena, not confused. */
static void test_slm_overrun(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {w, 2 * w + 3, 100, 256};
  for (size_t l = 0; l < sizeof locals / sizeof *locals; ++l) {
    const uint32_t L = locals[l];
#ifndef TRAPS_ASAN
    /* n past the group's last row, so the sub-group's lanes past L + 1 hold rows below n */
    run_row_ptr(0, 3 * L + L / 2 + w, L, SGK_ERROR_SLM_TOO_SMALL);
#endif
    run_row_ptr(1, 3 * L + L / 2 + w, L, SGK_SUCCESS);
    run_row_ptr(1, 1, L, SGK_SUCCESS);
  }
  /* one row, one group: the lanes past L + 1 are past the row_ptr bound too, so the trap's form
   * stays inside the SLM and is right */
  run_row_ptr(0, 1, w, SGK_SUCCESS);
}

/* A kernel that declares one of the two SLM buffers it uses: the launch fails naming it, and the
 * store past the SLM (4 KiB here, up to 68 KiB from the arena's base) stays in the thread's
 * arena: the heap after it is intact (when the arena was the launch's size, a user's bitonic sort
 * written so made malloc abort with "corrupted top size"), and the right form runs on the same
 * arena. */
static void test_slm_undeclared_buffer(void **state) {
  (void)state;
  const uint32_t w = cfg.w, groups = 5;
  const uint32_t shapes[][2] = {{w, w}, {100, 100}, {1024, 1024}, {1024, 16384}}; /* L, len */
  for (size_t l = 0; l < sizeof shapes / sizeof shapes[0]; ++l) {
    const uint32_t L = shapes[l][0], len = shapes[l][1];
    const size_t n = (size_t)groups * L;
    int32_t *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    for (size_t i = 0; i < n; ++i) in[i] = (int32_t)(i * 2654435761u >> 3);
    for (uint32_t buffers = 1; buffers <= 2; ++buffers) {
#ifdef TRAPS_ASAN
      if (buffers == 1) continue; /* ASan reports the store itself */
#endif
      /* two buffers of 16384 ints are over the limit: one is the slip's case alone */
      if ((size_t)buffers * len * sizeof(int32_t) > SGK_LOCAL_MEM_SIZE) continue;
      memset(out, 0, n * sizeof *out);
      struct ping_pong_args a = {in, out, buffers, len};
      if (launch_expect(&ping_pong, n, L, 0, &a,
                        buffers == 1 ? SGK_ERROR_SLM_TOO_SMALL : SGK_SUCCESS, "wrote past",
                        "L=%u len=%u buffers=%u", L, len, buffers) == SGK_SUCCESS)
        assert_memory_equal(out, in, n * sizeof *in);
      /* the heap around: blocks of every size class malloc hands out, written and freed */
      void *blocks[64];
      for (int b = 0; b < 64; ++b) {
        blocks[b] = malloc((size_t)16 << (b % 14));
        assert_non_null(blocks[b]);
        memset(blocks[b], b, (size_t)16 << (b % 14));
      }
      for (int b = 63; b >= 0; --b) free(blocks[b]);
    }
    free(in);
    free(out);
  }
}

/* 2-D work-groups whose rows are not a multiple of W (sub-groups span rows): right ids. */
static void test_stencil_tiles(void **state) {
  (void)state;
  const uint32_t n = 48;
  const uint32_t tiles[][2] = {{16, 16}, {4, 6}, {2, 12}, {3, 6}, {1, 48}, {8, 3}};
  int32_t *in = malloc(n * n * 4), *out = malloc(n * n * 4);
  for (uint32_t i = 0; i < n * n; ++i) in[i] = (int32_t)((i * 2654435761u) >> 20);
  for (size_t t = 0; t < sizeof tiles / sizeof tiles[0]; ++t) {
    memset(out, 0, n * n * 4);
    struct stencil_args a = {in, out, n};
    const sgk_range r = sgk_range_2d(n, n, tiles[t][0], tiles[t][1]);
    sgk_launch_options o = test_options(0);
    LAUNCH_OK(sgk_launch(&stencil5, &r, &o, &a, NULL));
    for (uint32_t y = 0; y < n; ++y)
      for (uint32_t x = 0; x < n; ++x) {
        int32_t want = 4 * in[y * n + x];
        if (y > 0) want -= in[(y - 1) * n + x];
        if (y + 1 < n) want -= in[(y + 1) * n + x];
        if (x > 0) want -= in[y * n + x - 1];
        if (x + 1 < n) want -= in[y * n + x + 1];
        if (out[y * n + x] != want)
          fail_msg("tile %ux%u: (%u, %u) = %d, want %d", tiles[t][0], tiles[t][1], y, x,
                   out[y * n + x], want);
      }
  }
  free(in);
  free(out);
}

/* Five taps through the two-source shuffles, blind to the sub-group's size: every output right
 * where every sub-group has 4 lanes or more; where one has fewer (a work-group of 3, a last
 * sub-group of 1), its taps reach past both sources: the checked kernel fails naming the
 * shuffle, the unchecked one (a Release build's) runs, such a tap reading the lane's own input
 * (the documented value, wrong for the window). */
static void run_shuffle_window(const sgk_kernel *k, int checked, int how, uint32_t local) {
  enum { GROUPS = 3, MAX_LOCAL = 70, PAD = 32 };
  int32_t buf[GROUPS * MAX_LOCAL + 2 * PAD], out[GROUPS * MAX_LOCAL];
  for (int i = 0; i < GROUPS * MAX_LOCAL + 2 * PAD; ++i) buf[i] = (i * 29) % 17 - 8;
  for (int i = 0; i < GROUPS * MAX_LOCAL; ++i) out[i] = -12345;
  const int32_t *in = buf + PAD;
  const uint32_t w = cfg.w, last = local % w;
  const int small = local < 4 || (last != 0 && last < 4);
  struct shuffle_window_args a = {in, out, how};
  const sgk_status want = checked && small ? SGK_ERROR_SHUFFLE_OUT_OF_RANGE : SGK_SUCCESS;
  if (launch_expect(k, (size_t)GROUPS * local, local, 0, &a, want, "sgk_shuffle_down/up",
                    "how=%d local=%u", how, local) != SGK_SUCCESS)
    return;
  for (uint32_t i = 0; i < GROUPS * local; ++i) {
    /* lane j of a sub-group of size lanes; a tap past both sources: the lane's own input */
    const uint32_t l = i % local, j = l % w, size = l - j + w <= local ? w : last;
    int32_t want_i = 0;
    for (uint32_t t = 0; t < 5; ++t) {
      const int past = how == 0 ? j + t >= 2 * size : t > size;
      want_i += (int32_t)(t + 1) * in[past ? (int)i : how == 0 ? (int)(i + t) : (int)i - (int)t];
    }
    if (out[i] != want_i)
      fail_msg("%s how=%d local=%u: out[%u] = %d, want %d", k->name, how, local, i, out[i], want_i);
  }
}

static void test_shuffle_window(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {w, 2 * w + 1, 3, 4, 70};
  for (int how = 0; how < 2; ++how)
    for (size_t l = 0; l < sizeof locals / sizeof *locals; ++l) {
      run_shuffle_window(&shuffle_window, 1, how, locals[l]);
      run_shuffle_window(&shuffle_window_unchecked, 0, how, locals[l]);
    }
}

/* SGK_ISA is read once, when sgk starts: changing it later changes nothing. */
static void test_env_read_once(void **state) {
  (void)state;
  int32_t in[64] = {0}, out[64];
  struct early_exit_args a = {in, out, 64, 2};
  const sgk_range r = sgk_range_1d(64, 32);
  sgk_launch_options o = test_options(0);
  o.isa = SGK_ISA_AUTO;
  LAUNCH_OK(sgk_launch(&early_exit, &r, &o, &a, NULL));
  setenv("SGK_ISA", "bogus", 1);
  LAUNCH_OK(sgk_launch(&early_exit, &r, &o, &a, NULL));
  unsetenv("SGK_ISA");
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  unsetenv("SGK_ISA");
  const struct CMUnitTest tests[] = {
      /* first: on threads without an arena yet (one that a test before enlarged would hide
       * a regression to arenas of the launch's size) */
      cmocka_unit_test(test_slm_undeclared_buffer), cmocka_unit_test(test_early_exit),
      cmocka_unit_test(test_skipped_entry),         cmocka_unit_test(test_collective_in_loop),
      cmocka_unit_test(test_slm_declared),          cmocka_unit_test(test_slm_per_w),
      cmocka_unit_test(test_stencil_tiles),         cmocka_unit_test(test_env_read_once),
      cmocka_unit_test(test_slm_overrun),           cmocka_unit_test(test_shuffle_window),
  };
  return test_run("traps", tests, sizeof tests / sizeof tests[0]);
}
