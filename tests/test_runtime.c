#define _POSIX_C_SOURCE 200809L /* setenv, mkstemp */
/* Runtime semantics at the configured (ISA, W): 1-, 2- and 3-D ids, the seeds' partial
 * sub-groups, SLM isolation and barrier phases, work-group collectives, local and global
 * atomics, memory ops and conversions, empty ranges (concurrent launches: test_concurrency). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"
#include "ids_oracle.h"
#include "runtime_kernels.h"
#include "trap_kernels.h"

static void check_ids_threads(const sgk_range *r, uint32_t threads) {
  size_t n = 1;
  for (uint32_t d = 0; d < r->dims; ++d) n *= r->global[d];
  int32_t *out = malloc(n * ID_FIELDS * sizeof *out);
  memset(out, 0x7f, n * ID_FIELDS * sizeof *out);
  struct ids_args a = {out};
  sgk_launch_options o = test_options(0);
  o.threads = threads;
  LAUNCH_OK(sgk_launch(&ids, r, &o, &a, NULL));
  char msg[256];
  const int ok = ids_match(out, r, cfg.w, msg, sizeof msg);
  free(out);
  if (!ok) fail_msg("%s", msg);
}

static void check_ids(const sgk_range *r) { check_ids_threads(r, test_options(0).threads); }

/* A variant runs chunks of contiguous work-groups, moving the group ids on by increment: many
 * groups in 2-D and 3-D (chunks of several groups that carry across a row and a plane, and
 * start mid-row), on one thread (the whole range one chunk) and on 2 and 3. */
static void test_ids_many_groups(void **state) {
  (void)state;
  const size_t w = cfg.w;
  const sgk_range rs[] = {
      sgk_range_3d(5 * 1, 7 * 2, 9 * w, 1, 2, w),   /* 5 x 7 x 9 groups */
      sgk_range_3d(3 * 2, 1 * 3, 37 * 5, 2, 3, 5),  /* 3 x 1 x 37 */
      sgk_range_2d(41 * 2, 13 * (w + 3), 2, w + 3), /* 41 x 13 */
      sgk_range_1d(700 * (w / 2), w / 2),
  };
  /* libgomp with more than one thread hangs under qemu-user */
  const uint32_t most = getenv("SGK_TEST_EMULATED") ? 1 : 3;
  for (size_t i = 0; i < sizeof rs / sizeof rs[0]; ++i)
    for (uint32_t t = 1; t <= most; ++t) check_ids_threads(&rs[i], t);
}

static void test_ids_1d(void **state) {
  (void)state;
  const size_t w = cfg.w;
  sgk_range r = sgk_range_1d(3 * (2 * w + 3), 2 * w + 3);
  check_ids(&r);
  r = sgk_range_1d(4 * w, w);
  check_ids(&r);
  r = sgk_range_1d(32, 32); /* the seed sg_size.cpp */
  check_ids(&r);
}
static void test_ids_2d(void **state) {
  (void)state;
  const size_t w = cfg.w;
  sgk_range r = sgk_range_2d(6, 4 * w, 2, 2 * w); /* rows of whole sub-groups */
  check_ids(&r);
  r = sgk_range_2d(4, 3 * (w + 3), 2, w + 3); /* sub-groups straddle rows */
  check_ids(&r);
}
static void test_ids_3d(void **state) {
  (void)state;
  const size_t w = cfg.w;
  sgk_range r = sgk_range_3d(4, 6, 2 * w, 2, 3, w);
  check_ids(&r);
  r = sgk_range_3d(4, 6, 10, 2, 3, 5); /* 30-item groups */
  check_ids(&r);
  /* a different group count per dimension (2 x 3 x 4): a swapped unravel shows */
  r = sgk_range_3d(2 * 2, 3 * 3, 4 * w, 2, 3, w);
  check_ids(&r);
  r = sgk_range_3d(2 * 1, 3 * 2, 4 * 6, 1, 2, 6);
  check_ids(&r);
}

/* Work-groups of several rows whose size is a multiple of W while the row is not (local (2, 12)
 * or (4, 6) at W = 8): sub-groups span rows, and must not take the contiguous-lanes path. */
static void test_ids_rows_spanning(void **state) {
  (void)state;
  const size_t w = cfg.w;
  sgk_range r = sgk_range_2d(2 * 3, 12 * 2, 2, 12);
  check_ids(&r);
  r = sgk_range_2d(4 * 2, 6 * 3, 4, 6);
  check_ids(&r);
  r = sgk_range_2d(4 * 2, (w + 4) * 2, 4, w + 4); /* 4 rows of W + 4 */
  check_ids(&r);
  r = sgk_range_3d(2 * 2, 3 * 2, (w / 2) * 2, 2, 3, w / 2);
  check_ids(&r);
}

/* The seeds' nd_range(15, 15) and (7, 7): sgSize 15 (7) with max W, k = data[i + sgSize]. */
static void test_seed_partial(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  for (int n = 7; n <= 15; n += 8) {
    int32_t data[32], out[64];
    for (int i = 0; i < 32; ++i) data[i] = i;
    struct seed_args a = {data, out};
    sgk_range r = sgk_range_1d((size_t)n, (size_t)n);
    sgk_launch_options o = test_options(0);
    LAUNCH_OK(sgk_launch(&sg_seed, &r, &o, &a, NULL));
    for (int i = 0; i < n; ++i) {
      const int first = i / (int)w * (int)w;
      const int size = n - first < (int)w ? n - first : (int)w;
      assert_int_equal(out[2 * i], i);
      assert_int_equal(out[2 * i + 1], i + size);
    }
    if (w == 16) assert_int_equal(out[1], n); /* the seed's printed k = i + 15 (7) */
  }
}

static void test_slm_phases(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {3 * w + 1, 2 * w, w + 2, 1000};
  for (size_t li = 0; li < 4; ++li) {
    const uint32_t L = locals[li], groups = 37;
    int32_t *out = calloc((size_t)L * groups, sizeof *out);
    struct slm_args a = {out};
    sgk_range r = sgk_range_1d((size_t)L * groups, L);
    sgk_launch_options o = test_options(L * sizeof(int32_t));
    LAUNCH_OK(sgk_launch(&slm_phases, &r, &o, &a, NULL));
    for (uint32_t g = 0; g < groups; ++g)
      for (uint32_t l = 0; l < L; ++l)
        assert_int_equal(out[g * L + l], (int32_t)(1000 * g + (l + w + 1) % L));
    free(out);
  }
}

static uint32_t positives_in(const int32_t *x, uint32_t n) {
  uint32_t c = 0;
  for (uint32_t i = 0; i < n; ++i) c += x[i] > 0;
  return c;
}

static void test_wg_collectives(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {4 * w, 3 * w + 5, 7, 1024};
  uint64_t seed = 42 + w;
  for (size_t li = 0; li < 4; ++li) {
    const uint32_t L = locals[li], groups = 5;
    const size_t n = (size_t)L * groups;
    int32_t *x = malloc(n * sizeof *x), *out = malloc(n * WG_FIELDS * sizeof *out);
    float *f = malloc(n * sizeof *f);
    for (size_t i = 0; i < n; ++i) {
      x[i] = (int32_t)(test_rand(&seed) % 2001) - 1000;
      f[i] = (float)x[i] * 0.25f;
    }
    for (size_t i = 0; i < (size_t)L; ++i) x[2 * L + i] = (int32_t)i + 1; /* group 2: all > 0 */
    struct wg_args a = {x, f, L / 3, out};
    sgk_range r = sgk_range_1d(n, L);
    sgk_launch_options o = test_options(0);
    LAUNCH_OK(sgk_launch(&wg_collectives, &r, &o, &a, NULL));
    for (uint32_t g = 0; g < groups; ++g) {
      const int32_t *xs = x + (size_t)g * L;
      const float *fs = f + (size_t)g * L;
      int32_t sum = 0, mn = INT32_MAX, mx = INT32_MIN, any = 0, all = 1;
      float fmn = INFINITY, fmx = -INFINITY;
      for (uint32_t l = 0; l < L; ++l) {
        sum += xs[l];
        mn = xs[l] < mn ? xs[l] : mn;
        mx = xs[l] > mx ? xs[l] : mx;
        any |= xs[l] > 0;
        all &= xs[l] > 0;
        fmn = fs[l] < fmn ? fs[l] : fmn;
        fmx = fs[l] > fmx ? fs[l] : fmx;
      }
      int32_t run = 0, positives = 0, upto = INT32_MIN;
      const int32_t all_positives = (int32_t)positives_in(xs, L);
      for (uint32_t l = 0; l < L; ++l) {
        const int32_t *o2 = out + ((size_t)g * L + l) * WG_FIELDS;
        if (l % w == 0) /* a new sub-group: the max over it and the earlier ones */
          for (uint32_t k = l; k < L && k < l + w; ++k) upto = xs[k] > upto ? xs[k] : upto;
        assert_int_equal(o2[W_UCOUNT], all_positives);
        assert_int_equal(o2[W_USLOT], positives);
        positives += xs[l] > 0;
        assert_int_equal(o2[W_UMAX], upto);
        assert_int_equal(o2[W_UTOTAL], 1);
        assert_int_equal(o2[W_REDUCE_ADD], sum);
        assert_int_equal(o2[W_REDUCE_MIN], mn);
        assert_int_equal(o2[W_REDUCE_MAX], mx);
        assert_int_equal(o2[W_ESCAN], run);
        run += xs[l];
        assert_int_equal(o2[W_ISCAN], run);
        assert_int_equal(o2[W_BCAST], xs[L / 3]);
        assert_int_equal(o2[W_ANY], any);
        assert_int_equal(o2[W_ALL], all);
        float got_min, got_max;
        memcpy(&got_min, &o2[W_FMIN], 4);
        memcpy(&got_max, &o2[W_FMAX], 4);
        assert_true(got_min == fmn && got_max == fmx);
      }
    }
    free(x);
    free(f);
    free(out);
  }
}

/* Fences and a counter hand the partial sums of every work-group to the last one, on 1 to 3
 * threads (1 under qemu, where libgomp hangs with more). */
static void test_last_done(void **state) {
  (void)state;
  const uint32_t most = getenv("SGK_TEST_EMULATED") ? 1 : 3;
  const uint32_t L = 2 * cfg.w + 3, groups = 997;
  const size_t n = (size_t)L * groups;
  uint64_t *x = malloc(n * sizeof *x), *partial = malloc(groups * sizeof *partial), want = 0;
  uint64_t seed = 99 + cfg.w;
  for (size_t i = 0; i < n; ++i) want += x[i] = test_rand(&seed);
  for (uint32_t t = 1; t <= most; ++t) {
    uint64_t total = 0;
    uint32_t count = 0, finishers = 0;
    struct last_done_args a = {x, partial, &total, &count, &finishers};
    sgk_range r = sgk_range_1d(n, L);
    sgk_launch_options o = test_options(0);
    o.threads = t;
    LAUNCH_OK(sgk_launch(&last_done_sum, &r, &o, &a, NULL));
    assert_int_equal(count, groups);
    assert_int_equal(finishers, 1);
    assert_int_equal(total, want);
  }
  free(x);
  free(partial);
}

static void test_atomics(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {4 * w, 2 * w + 3, 256};
  const uint32_t nbins_list[] = {4, 64, 256};
  uint64_t seed = 7 + w;
  for (size_t li = 0; li < 3; ++li) {
    const uint32_t L = locals[li], nbins = nbins_list[li], groups = 23;
    const size_t n = (size_t)L * groups;
    uint32_t *keys = malloc(n * sizeof *keys), *old = malloc(n * sizeof *old);
    uint64_t *bins = calloc(nbins, sizeof *bins), *want = calloc(nbins, sizeof *want);
    for (size_t i = 0; i < n; ++i)
      keys[i] = (uint32_t)(test_rand(&seed) % 3 == 0 ? 5 : test_rand(&seed)); /* many repeats */
    uint32_t gmin = UINT32_MAX, gmax = 0, gand = UINT32_MAX, gor = 0, gxor = 0;
    int64_t gsum = 0;
    struct atomic_args a = {keys, nbins, bins, old, &gmin, &gmax, &gand, &gor, &gxor, &gsum};
    sgk_range r = sgk_range_1d(n, L);
    sgk_launch_options o = test_options((nbins + 2) * sizeof(uint32_t));
    LAUNCH_OK(sgk_launch(&atomics, &r, &o, &a, NULL));
    uint32_t wmin = UINT32_MAX, wmax = 0, wand = UINT32_MAX, wor = 0, wxor = 0;
    int64_t wsum = 0;
    for (size_t i = 0; i < n; ++i) {
      want[keys[i] & (nbins - 1)]++;
      wmin = keys[i] < wmin ? keys[i] : wmin;
      wmax = keys[i] > wmax ? keys[i] : wmax;
      wand &= keys[i] | 0xffff0000u;
      wor |= keys[i] & 0xffffu;
      wxor ^= keys[i];
      wsum += (int64_t)(int32_t)keys[i] - 7;
    }
    for (uint32_t b = 0; b < nbins; ++b) assert_int_equal(bins[b], want[b]);
    for (uint32_t g = 0; g < groups; ++g) {
      uint32_t count[2] = {0, 0};
      for (uint32_t l = 0; l < L; ++l) {
        const uint32_t k = keys[(size_t)g * L + l] & 1;
        assert_int_equal(old[(size_t)g * L + l], count[k]);
        count[k]++;
      }
    }
    assert_int_equal(gmin, wmin);
    assert_int_equal(gmax, wmax);
    assert_int_equal(gand, wand);
    assert_int_equal(gor, wor);
    assert_int_equal(gxor, wxor);
    assert_true(gsum == wsum);
    free(keys);
    free(old);
    free(bins);
    free(want);
  }
}

/* Launch-scope reductions over many work-groups on 1 to 3 threads, partial sub-groups, every
 * operator kind, targets keeping their values, more targets than partial slots; a NULL target
 * fails the launch with SGK_ERROR_NULL_ARGUMENT and leaves the others exact. */
static void check_reductions(uint32_t L, uint32_t groups, uint32_t threads, uint32_t spread_count,
                             size_t null_group, uint64_t *seed) {
  const size_t n = (size_t)L * groups;
  int32_t *x = malloc(n * sizeof *x);
  float *f = malloc(n * sizeof *f);
  uint32_t *spread = calloc(spread_count + 1, sizeof *spread);
  int32_t wsum = 1000;
  uint32_t wxor = 0x5a5a5a5au, wand = UINT32_MAX, wor = 0x80000000u;
  int64_t wmin = INT64_MAX;
  uint64_t wmax = 3;
  double wf = 0.5, wfmin = 1e9;
  float wfmax = -1e9f;
  for (size_t i = 0; i < n; ++i) {
    x[i] = (int32_t)test_rand(seed);
    f[i] = (float)((int64_t)(test_rand(seed) % 2001) - 1000); /* whole: exact sums */
    wsum = (int32_t)((uint32_t)wsum + (uint32_t)x[i]);
    wxor ^= (uint32_t)x[i];
    wand &= (uint32_t)x[i] | 0xffff0000u;
    wor |= (uint32_t)x[i] & 0xffffu;
    wmin = x[i] < wmin ? x[i] : wmin;
    wmax = (uint64_t)(int64_t)x[i] > wmax ? (uint64_t)(int64_t)x[i] : wmax;
    wf += f[i];
    wfmin = f[i] < wfmin ? f[i] : wfmin;
    wfmax = f[i] > wfmax ? f[i] : wfmax;
  }
  int32_t sum = 1000;
  uint32_t xr = 0x5a5a5a5au, an = UINT32_MAX, orr = 0x80000000u;
  int64_t mn = INT64_MAX, gcount = 5;
  uint64_t mx = 3;
  float fsum = 0.5f, fmax = -1e9f;
  double dsum = 0.5, dmin = 1e9;
  struct reduction_args a = {x,     f,     &sum,  &xr,   &an,     &orr,   &mn,          &mx,
                             &fsum, &fmax, &dsum, &dmin, &gcount, spread, spread_count, null_group};
  const sgk_range r = sgk_range_1d(n, L);
  sgk_launch_options o = test_options(0);
  o.threads = threads;
  const sgk_status st = sgk_launch(&reductions, &r, &o, &a, NULL);
  if (null_group) {
    assert_int_equal(st, SGK_ERROR_NULL_ARGUMENT);
    assert_non_null(strstr(sgk_last_error(), "NULL target"));
  } else {
    LAUNCH_OK(st);
  }
  assert_int_equal(sum, wsum);
  assert_int_equal(xr, wxor);
  assert_int_equal(an, wand);
  assert_int_equal(orr, wor);
  assert_true(mn == wmin);
  assert_true(mx == wmax);
  assert_true(gcount == 5 + groups + groups / 2);
  assert_true(fsum == (float)wf); /* |sum| < 2^24: every order exact */
  assert_true(fmax == wfmax);
  assert_true(dsum == wf);
  assert_true(dmin == wfmin);
  for (uint32_t k = 0; k < spread_count; ++k) {
    uint32_t want = 0;
    for (uint32_t g = 0; g < groups; ++g) want += g + k;
    assert_int_equal(spread[k], want);
  }
  free(x);
  free(f);
  free(spread);
}

static void test_reductions(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  uint64_t seed = 11 + w;
  const uint32_t most = getenv("SGK_TEST_EMULATED") ? 1 : 3;
  for (uint32_t t = 1; t <= most; ++t) {
    check_reductions(w, 1, t, 0, 0, &seed);          /* one group, no uniform targets */
    check_reductions(2 * w + 3, 97, t, 3, 0, &seed); /* partial sub-groups */
    check_reductions(16, 2000, t, 20, 0, &seed);     /* 31 targets: past the 8 partial slots */
    check_reductions(w / 2, 513, t, 2, 17, &seed);   /* a NULL target */
  }
}

/* Every local atomic op on every integer type, with many lanes of one vector on one bin, all
 * lanes or those a mask keeps; fetch_add's old values too. On avx512 (and scalar) also through
 * the conflict-detection path (local_atomic_ops_conflict). */
static void check_local_atomic_ops(const sgk_kernel *kernel, int type, int op, int masked,
                                   uint32_t L, uint32_t nbins, uint64_t *seed) {
  const size_t size = type < LA_I64 ? 4 : 8;
  const uint32_t groups = 7;
  const size_t n = (size_t)L * groups;
  uint32_t *keys = malloc(n * 4);
  uint64_t *vals = malloc(n * 8), *init = malloc(nbins * 8),
           *out = calloc((size_t)groups * nbins, 8), *olds = calloc(n, 8);
  for (size_t i = 0; i < n; ++i) {
    keys[i] = (uint32_t)test_rand(seed);
    vals[i] = test_rand(seed) >> (test_rand(seed) % 64);
  }
  for (uint32_t b = 0; b < nbins; ++b) init[b] = test_rand(seed);
  /* the kernel reads 4-byte types from the first 4 bytes of each slot: pack them */
  if (size == 4) {
    uint32_t *v4 = (uint32_t *)vals, *i4 = (uint32_t *)init;
    for (size_t i = 0; i < n; ++i) v4[i] = (uint32_t)vals[i];
    for (uint32_t b = 0; b < nbins; ++b) i4[b] = (uint32_t)init[b];
  }
  struct local_atomic_args a = {op, type, nbins, keys, vals, init, out, olds, masked};
  const sgk_range r = sgk_range_1d(n, L);
  sgk_launch_options o = test_options(nbins * size);
  LAUNCH_OK(sgk_launch(kernel, &r, &o, &a, NULL));
  for (uint32_t g = 0; g < groups; ++g)
    for (uint32_t b = 0; b < nbins; ++b) {
      uint64_t want = size == 4 ? ((uint32_t *)init)[b] : init[b];
      for (uint32_t l = 0; l < L; ++l) {
        const size_t i = (size_t)g * L + l;
        if ((keys[i] & (nbins - 1)) != b) continue;
        const uint64_t old = size == 4 ? ((uint32_t *)olds)[i] : olds[i];
        if (masked && (keys[i] & 16)) {
          if (op == LA_FETCH && old != 0)
            fail_msg("type %d masked fetch_add: item %zu is masked off but got %#llx", type, i,
                     (unsigned long long)old);
          continue;
        }
        if (op == LA_FETCH && old != want)
          fail_msg(
              "type %d fetch_add local %u bins %u masked %d: item %zu got old %#llx want %#llx",
              type, L, nbins, masked, i, (unsigned long long)old, (unsigned long long)want);
        const uint64_t x = size == 4 ? ((uint32_t *)vals)[i] : vals[i];
        const int sgn = type == LA_I32 || type == LA_I64;
        /* compare as the type: sign-extend 32-bit signed values, order signed ones */
        const int64_t xs = type == LA_I32 ? (int32_t)x : (int64_t)x;
        const int64_t ws = type == LA_I32 ? (int32_t)want : (int64_t)want;
        const int less = sgn ? xs < ws : (size == 4 ? (uint32_t)x < (uint32_t)want : x < want);
        const int more = sgn ? xs > ws : (size == 4 ? (uint32_t)x > (uint32_t)want : x > want);
        switch (op) {
          case LA_MIN:
            if (less) want = x;
            break;
          case LA_MAX:
            if (more) want = x;
            break;
          case LA_AND: want &= x; break;
          case LA_OR: want |= x; break;
          case LA_XOR: want ^= x; break;
          default: want += x; break; /* LA_ADD, LA_FETCH */
        }
        if (size == 4) want = (uint32_t)want;
      }
      const uint64_t got =
          size == 4 ? ((uint32_t *)out)[(size_t)g * nbins + b] : out[(size_t)g * nbins + b];
      if (got != want)
        fail_msg("type %d op %d local %u bins %u masked %d: group %u bin %u: got %#llx want %#llx",
                 type, op, L, nbins, masked, g, b, (unsigned long long)got,
                 (unsigned long long)want);
    }
  free(keys);
  free(vals);
  free(init);
  free(out);
  free(olds);
}

static void test_local_atomic_ops(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {4 * w, 2 * w + 3};
  const uint32_t nbins_list[] = {2, 16};
  const int conflict = cfg.isa == SGK_ISA_AVX512 || cfg.isa == SGK_ISA_SCALAR;
  uint64_t seed = 31 + w;
  for (int path = 0; path <= conflict; ++path)
    for (int type = 0; type < LA_TYPES; ++type)
      for (int op = 0; op < LA_OPS; ++op)
        for (int masked = 0; masked < 2; ++masked)
          for (size_t li = 0; li < 2; ++li)
            for (size_t bi = 0; bi < 2; ++bi)
              check_local_atomic_ops(path ? &local_atomic_ops_conflict : &local_atomic_ops, type,
                                     op, masked, locals[li], nbins_list[bi], &seed);
}

static void run_mem_with(const sgk_kernel *k, int mode, int nvec, size_t n_items, uint32_t L,
                         const void *in, void *out, const int32_t *idx) {
  struct mem_args a = {mode, nvec, in, out, idx};
  sgk_range r = sgk_range_1d(n_items, L);
  sgk_launch_options o = test_options(0);
  LAUNCH_OK(sgk_launch(k, &r, &o, &a, NULL));
}
static void run_mem(int mode, int nvec, size_t elem, size_t n_items, uint32_t L, const void *in,
                    void *out, const int32_t *idx) {
  (void)elem;
  run_mem_with(&mem_ops, mode, nvec, n_items, L, in, out, idx);
}

static uint64_t elem_get(const void *p, size_t esize, size_t i) {
  if (esize == 4) {
    uint32_t v;
    memcpy(&v, (const char *)p + i * 4, 4);
    return v;
  }
  uint64_t v;
  memcpy(&v, (const char *)p + i * 8, 8);
  return v;
}
static void elem_set(void *p, size_t esize, size_t i, uint64_t v) {
  if (esize == 4) {
    const uint32_t v32 = (uint32_t)v;
    memcpy((char *)p + i * 4, &v32, 4);
  } else
    memcpy((char *)p + i * 8, &v, 8);
}

/* vec<T, nv> (T of esize bytes, 4 or 8) loaded, scaled by its element index + 1 and stored, through
 * the core's transpose (mem_ops), then the generic layer's (mem_vec_generic): every element of the
 * cap-element buffer checked, those past the n * nv written ones untouched */
static void check_vec_paths(size_t esize, int nv, size_t n, uint32_t L, size_t cap,
                            uint64_t *seed) {
  const uint64_t mask = esize == 4 ? 0xffffffffu : ~(uint64_t)0;
  const uint64_t sentinel = (uint64_t)-7 & mask;
  void *in = malloc(cap * esize), *out = malloc(cap * esize);
  for (size_t i = 0; i < cap; ++i) elem_set(in, esize, i, test_rand(seed));
  for (int generic = 0; generic < 2; ++generic) {
    const sgk_kernel *k = generic ? &mem_vec_generic : &mem_ops;
    for (size_t i = 0; i < cap; ++i) elem_set(out, esize, i, sentinel);
    run_mem_with(k, esize == 4 ? M_VEC : M_VEC64, nv, n, L, in, out, NULL);
    for (size_t i = 0; i < cap; ++i) {
      /* the low esize bytes of the 64-bit product are the esize-byte product */
      const uint64_t want =
          i < n * nv ? (elem_get(in, esize, i) * (uint64_t)(i % (size_t)nv + 1)) & mask : sentinel;
      const uint64_t got = elem_get(out, esize, i);
      if (got != want)
        fail_msg("vec<int%zu_t, %d>%s, local %u: element %zu is %#" PRIx64 ", want %#" PRIx64,
                 esize * 8, nv, generic ? " (generic)" : "", L, i, got, want);
    }
  }
  free(in);
  free(out);
}

static void test_memory(void **state) {
  (void)state;
  const uint32_t w = cfg.w;
  const uint32_t locals[] = {3 * w, 2 * w + 3};
  uint64_t seed = 99;
  for (size_t li = 0; li < 2; ++li) {
    const uint32_t L = locals[li], groups = 6;
    const size_t n = (size_t)L * groups;
    const uint32_t nsg = (L + w - 1) / w;
    for (int nv = 1; nv <= 16; nv *= 2) {
      const size_t cap = (size_t)groups * nsg * w * nv;
      int32_t *in = malloc(cap * 4), *out = malloc(cap * 4);
      for (size_t i = 0; i < cap; ++i) {
        in[i] = (int32_t)test_rand(&seed);
        out[i] = -7;
      }
      run_mem(M_BLOCK, nv, 4, n, L, in, out, NULL);
      for (uint32_t g = 0; g < groups; ++g)
        for (uint32_t s = 0; s < nsg; ++s) {
          const uint32_t size = L - s * w < w ? L - s * w : w;
          const size_t blk = ((size_t)g * nsg + s) * w * nv;
          for (int k = 0; k < nv; ++k)
            for (uint32_t i = 0; i < w; ++i) {
              const size_t at = blk + (size_t)k * w + i;
              assert_int_equal(out[at], i < size ? (int32_t)((uint32_t)in[at] + (uint32_t)k) : -7);
            }
        }
      free(in);
      free(out);
      check_vec_paths(4, nv, n, L, cap, &seed);
      /* 64-bit elements move as pairs of 32-bit lanes in some cores' transposes */
      check_vec_paths(8, nv, n, L, cap, &seed);
    }
    int32_t *in = malloc(n * 4), *out = malloc(n * 4), *idx = malloc(n * 4), *want = malloc(n * 4);
    for (size_t i = 0; i < n; ++i) {
      in[i] = (int32_t)test_rand(&seed);
      idx[i] = (int32_t)(test_rand(&seed) % (L / 2 + 1));
      out[i] = want[i] = -7;
    }
    run_mem(M_GATHER_SCATTER, 0, 4, n, L, in, out, idx);
    for (uint32_t g = 0; g < groups; ++g)
      for (uint32_t l = 0; l < L; ++l) { /* increasing local id: the highest lane writes last */
        const size_t b = (size_t)g * L;
        const int32_t j = idx[b + l];
        want[b + (size_t)j] = (j & 1) ? in[b + (size_t)j] : 0;
      }
    for (size_t i = 0; i < n; ++i) assert_int_equal(out[i], want[i]);
    for (size_t i = 0; i < n; ++i) {
      in[i] = (int32_t)test_rand(&seed) % 100;
      out[i] = -7;
    }
    run_mem(M_MASKED, 0, 4, n, L, in, out, NULL);
    for (size_t i = 0; i < n; ++i) assert_int_equal(out[i], in[i] >= 0 ? in[i] + 1 : -7);
    free(in);
    free(out);
    free(idx);
    free(want);
  }
}

/* sgk_load / sgk_store through sub-groups of every size 1 .. W (work-groups of 1 .. 2 W + 1
 * items): a partial sub-group moves its lanes, whole registers or a register cut by its size,
 * and touches nothing past them (each sub-group has a slot of W, the rest of it stays -7);
 * its lanes past the size load 0. A work-group of W / 2 at W 32 runs a loop of its own. The same
 * through sgk_load_masked / sgk_store_masked with every lane in the mask (the sub-group's size
 * still bounds them) and with the upper half of the lanes in it, and all three again through the
 * gathers and scatters, lane i at index i (a register with none of the lanes moved gathers 0 and
 * scatters nothing). */
static void test_partial_memory(void **state) {
  (void)state;
  const uint32_t w = cfg.w, groups = 5;
  uint64_t seed = 7;
  for (uint32_t L = 1; L <= 2 * w + 1; ++L) {
    const uint32_t nsg = (L + w - 1) / w;
    const size_t cap = (size_t)groups * nsg * w;
    uint32_t *in = malloc(cap * 4), *out = malloc(cap * 4);
    uint64_t *in64 = malloc(cap * 8), *out64 = malloc(cap * 8);
    for (size_t i = 0; i < cap; ++i) {
      in[i] = (uint32_t)test_rand(&seed) >> 1; /* + 1 is never a marker */
      in64[i] = test_rand(&seed) >> 1;
    }
    /* load / store, then gather / scatter: plain, masked, masked to the upper half of the lanes */
    for (int pass = 0; pass < 6; ++pass) {
      const int gs = pass >= 3, masked = pass % 3;
      for (size_t i = 0; i < cap; ++i) {
        out[i] = (uint32_t)-7;
        out64[i] = (uint64_t)-7;
      }
      run_mem(gs ? M_PARTIAL_GS : M_PARTIAL, masked, 4, (size_t)L * groups, L, in, out, NULL);
      run_mem(gs ? M_PARTIAL_GS64 : M_PARTIAL64, masked, 8, (size_t)L * groups, L, in64, out64,
              NULL);
      for (uint32_t g = 0; g < groups; ++g)
        for (uint32_t s = 0; s < nsg; ++s) {
          const uint32_t size = L - s * w < w ? L - s * w : w;
          for (uint32_t i = 0; i < w; ++i) {
            const size_t at = ((size_t)g * nsg + s) * w + i;
            const int moved = i < size && (masked < 2 || i >= w / 2);
            const uint32_t want = moved ? in[at] + 1 : (uint32_t)-7;
            const uint64_t want64 = moved ? in64[at] + 1 : (uint64_t)-7;
            if (out[at] != want || out64[at] != want64)
              fail_msg("%s%s, local %u, group %u, sub-group %u, lane %u: %#x and %#" PRIx64
                       ", want %#x and %#" PRIx64,
                       masked == 2 ? "upper-half masked "
                       : masked    ? "masked "
                                   : "plain ",
                       gs ? "gather/scatter" : "load/store", L, g, s, i, out[at], out64[at], want,
                       want64);
          }
        }
    }
    free(in);
    free(out);
    free(in64);
    free(out64);
  }
}

/* SGK_WHERE with its mask written from `sg` (sgk_sg_lanes_below(sg, first, n), a lane vector of
 * sgk_local_linear_id(sg)), nested, in work-groups with a partial sub-group over a ragged n:
 * the mask sees the enclosing sub-group. (It was evaluated where `sg` named the region's own,
 * still uninitialized sub-group: a user kernel's stores inside did not happen.) */
static void test_where_mask_from_sg(void **state) {
  (void)state;
  const uint32_t w = cfg.w, groups = 5;
  const uint32_t locals[] = {1, w - 1, 2 * w + 3};
  uint64_t seed = 23;
  for (size_t li = 0; li < 3; ++li) {
    const uint32_t L = locals[li];
    const size_t n = (size_t)L * groups, limit = n > 3 ? n - 3 : n;
    int32_t *in = malloc(n * 4), *out = malloc(n * 4);
    for (size_t i = 0; i < n; ++i) {
      in[i] = (int32_t)(test_rand(&seed) >> 34);
      out[i] = -7;
    }
    run_mem(M_WHERE_SG, (int)limit, 4, n, L, in, out, NULL);
    for (size_t i = 0; i < n; ++i) {
      const int32_t want = i >= limit ? -7 : (i % L) & 1 ? in[i] + 2 : in[i] + 1;
      if (out[i] != want)
        fail_msg("local %u, item %zu (limit %zu): %d, want %d", L, i, limit, out[i], want);
    }
    free(in);
    free(out);
  }
}

/* sgk_prefetch is a hint that never faults: every sub-group of a ragged range prefetches NULL,
 * a range starting in a readable page and running 3 pages into pages mapped PROT_NONE (a load
 * there is a SIGSEGV), SIZE_MAX bytes (capped at SGK_PREFETCH_MAX_BYTES, else the call would not
 * end), and ranges past the end of the address space, of a run-time size (the line loop) and of
 * a constant one (the unrolled form); the kernel's copy around them is exact. */
static void test_prefetch(void **state) {
  (void)state;
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  char *guard = aligned_alloc(page, 4 * page);
  assert_non_null(guard);
  assert_int_equal(mprotect(guard + page, 3 * page, PROT_NONE), 0);
  const uint32_t w = cfg.w, L = 2 * w + 3, groups = 7;
  const size_t n = (size_t)L * groups;
  int32_t *in = malloc(n * 4), *out = malloc(n * 4);
  uint64_t seed = 11;
  for (size_t i = 0; i < n; ++i) {
    in[i] = (int32_t)(test_rand(&seed) >> 34);
    out[i] = -7;
  }
  run_mem(M_PREFETCH, (int)(3 * page + 256), 4, n, L, in, out,
          (const int32_t *)(const void *)(guard + page - 256));
  for (size_t i = 0; i < n; ++i) assert_int_equal(out[i], in[i] + 1);
  assert_int_equal(mprotect(guard + page, 3 * page, PROT_READ | PROT_WRITE), 0);
  free(guard);
  free(in);
  free(out);
}

/* Conversions: every lane of a 1-D range with partial sub-groups, edge values included. */
static void test_conversions(void **state) {
  (void)state;
  const uint32_t w = cfg.w, L = 2 * w + 3, n = 4 * L;
  const double edge[] = {0.0,          -0.0,          0.5,
                         -0.5,         0.99,          -0.99,
                         1.5,          -1.5,          2.5,
                         -1e-40,       1e-320,        2147483647.0,
                         2147483648.0, -2147483648.0, -2147483649.0,
                         4294967295.0, 4294967296.0,  -1.0,
                         16777217.0,   9.3e18,        9.2233720368547758e18,
                         -9.3e18,      1e300,         INFINITY,
                         -INFINITY,    NAN,           123456.789,
                         -7654321.5};
  const size_t ne = sizeof edge / sizeof edge[0];
  uint64_t seed = 1234;
  double *d = malloc(n * 8), *od = malloc(n * 8);
  float *f = malloc(n * 4), *of = malloc(n * 4);
  int32_t *i32 = malloc(n * 4), *oi32 = malloc(n * 4);
  uint32_t *u32 = malloc(n * 4), *ou32 = malloc(n * 4);
  int64_t *i64 = malloc(n * 8), *oi64 = malloc(n * 8);
  uint64_t *u64 = malloc(n * 8), *ou64 = malloc(n * 8);
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t r = test_rand(&seed);
    d[i] = i < ne ? edge[i] : (double)(int64_t)r / (double)(1ull << (r % 40));
    f[i] = (float)d[i];
    i32[i] = (int32_t)r;
    u32[i] = (uint32_t)(r >> 7);
    i64[i] = (int64_t)r >> (r % 13);
    u64[i] = r;
  }
#define RUN_CVT(MODE, IN, OUT) run_mem(MODE, 0, 0, n, L, IN, OUT, NULL)
#define EXPECT_EQ_BITS(got, want) assert_memory_equal(&(got), &(want), sizeof(got))
  RUN_CVT(M_CVT_F32_I32, i32, of);
  for (uint32_t i = 0; i < n; ++i) {
    float e = (float)i32[i];
    EXPECT_EQ_BITS(of[i], e);
  }
  RUN_CVT(M_CVT_F32_U32, u32, of);
  for (uint32_t i = 0; i < n; ++i) {
    float e = (float)u32[i];
    EXPECT_EQ_BITS(of[i], e);
  }
  RUN_CVT(M_CVT_I32_F32, f, oi32);
  for (uint32_t i = 0; i < n; ++i)
    assert_int_equal(oi32[i],
                     f[i] >= -2147483648.0f && f[i] < 2147483648.0f ? (int32_t)f[i] : INT32_MIN);
  RUN_CVT(M_CVT_U32_F32, f, ou32);
  for (uint32_t i = 0; i < n; ++i)
    assert_int_equal(ou32[i], f[i] > -1.0f && f[i] < 4294967296.0f ? (uint32_t)f[i] : UINT32_MAX);
  RUN_CVT(M_CVT_F64_I32, i32, od);
  for (uint32_t i = 0; i < n; ++i) {
    double e = (double)i32[i];
    EXPECT_EQ_BITS(od[i], e);
  }
  RUN_CVT(M_CVT_I32_F64, d, oi32);
  for (uint32_t i = 0; i < n; ++i)
    assert_int_equal(oi32[i],
                     d[i] > -2147483649.0 && d[i] < 2147483648.0 ? (int32_t)d[i] : INT32_MIN);
  RUN_CVT(M_CVT_I64_I32, i32, oi64);
  for (uint32_t i = 0; i < n; ++i) assert_true(oi64[i] == (int64_t)i32[i]);
  RUN_CVT(M_CVT_I32_I64, i64, oi32);
  for (uint32_t i = 0; i < n; ++i) assert_int_equal(oi32[i], (int32_t)(uint32_t)(uint64_t)i64[i]);
  RUN_CVT(M_CVT_F64_F32, f, od);
  for (uint32_t i = 0; i < n; ++i) {
    double e = (double)f[i];
    if (e == e)
      EXPECT_EQ_BITS(od[i], e);
    else
      assert_true(od[i] != od[i]);
  }
  RUN_CVT(M_CVT_F32_F64, d, of);
  for (uint32_t i = 0; i < n; ++i) {
    float e = (float)d[i];
    if (e == e)
      EXPECT_EQ_BITS(of[i], e);
    else
      assert_true(of[i] != of[i]);
  }
  RUN_CVT(M_CVT_I64_F64, d, oi64);
  for (uint32_t i = 0; i < n; ++i)
    assert_true(oi64[i] == (d[i] >= -9223372036854775808.0 && d[i] < 9223372036854775808.0
                                ? (int64_t)d[i]
                                : INT64_MIN));
  RUN_CVT(M_CVT_F64_I64, i64, od);
  for (uint32_t i = 0; i < n; ++i) {
    double e = (double)i64[i];
    EXPECT_EQ_BITS(od[i], e);
  }
  RUN_CVT(M_CVT_U64_U32, u32, ou64);
  for (uint32_t i = 0; i < n; ++i) assert_true(ou64[i] == (uint64_t)u32[i]);
  RUN_CVT(M_CVT_U32_U64, u64, ou32);
  for (uint32_t i = 0; i < n; ++i) assert_int_equal(ou32[i], (uint32_t)u64[i]);
  free(d);
  free(od);
  free(f);
  free(of);
  free(i32);
  free(oi32);
  free(u32);
  free(ou32);
  free(i64);
  free(oi64);
  free(u64);
  free(ou64);
}

static void test_empty_range(void **state) {
  (void)state;
  sgk_range r = sgk_range_1d(0, 16);
  sgk_launch_options o = test_options(0);
  sgk_launch_info info;
  LAUNCH_OK(sgk_launch(&ids, &r, &o, NULL, &info)); /* args NULL: the kernel must not run */
  assert_int_equal(info.work_groups, 0);
  r = sgk_range_2d(4, 0, 2, 8);
  LAUNCH_OK(sgk_launch(&ids, &r, &o, NULL, &info));
  /* a zero global size empties the launch whatever the order of the others, even huge ones */
  const size_t huge = (size_t)1 << 40;
  const sgk_range empties[] = {sgk_range_3d(0, huge, huge, 1, 1, 1),
                               sgk_range_3d(huge, huge, 0, 1, 1, 1),
                               sgk_range_3d(huge, 0, huge, 1, 1, 1), sgk_range_2d(huge, 0, 1, 1)};
  for (size_t i = 0; i < sizeof empties / sizeof empties[0]; ++i) {
    LAUNCH_OK(sgk_launch(&ids, &empties[i], &o, NULL, &info));
    assert_int_equal(info.work_groups, 0);
  }
  assert_int_equal(info.isa, cfg.isa); /* the launch reports the variant it chose */
  assert_int_equal(info.sub_group_size, cfg.w);
}

/* Launches a kernel that writes what the runtime chose for the variant into out[] (struct
 * share_args) over `groups` work-groups of W, at the test's ISA and W. */
static void launch_choices(const sgk_kernel *kernel, uint32_t groups, int32_t *out) {
  struct share_args a = {out};
  const sgk_range r = sgk_range_1d(groups * cfg.w, cfg.w);
  const sgk_launch_options o = test_options(0);
  LAUNCH_OK(sgk_launch(kernel, &r, &o, &a, NULL));
}

/* The window's share (sgk_slide_quarters): 0 in a variant without a window, whatever the
 * environment; in one with a window, SGK_SLIDE_QUARTERS's digit where it names one (ctest runs
 * runtime.slide_env.* with it set to 1), else the backend's value or the CPU's (3 on AMD Zen 5
 * for AVX-512 at W 16, 0 but on AMD for AVX2 at W 8). */
static void test_slide_share(void **state) {
  (void)state;
  int32_t out[3] = {-1, -1, -1};
  launch_choices(&slide_share, 3, out);
  const char *env = getenv("SGK_SLIDE_QUARTERS");
  const int forced = env && env[0] >= '0' && env[0] <= '4' && !env[1] ? env[0] - '0' : -1;
  assert_true(out[1] == 0 || out[1] == 1);
  assert_in_range(out[2], 0, 4);
  if (!out[1])
    assert_int_equal(out[0], 0);
  else if (forced >= 0)
    assert_int_equal(out[0], forced);
  else if (out[0] != out[2])
    assert_true((cfg.isa == SGK_ISA_AVX512 && cfg.w == 16 && out[0] == 3) ||
                (cfg.isa == SGK_ISA_AVX2 && cfg.w == 8 && out[0] == 0));
  /* AVX-512 at W 8 and 16 and AVX2 at W 8 have the window (one register); AVX-512 at W 32, the
   * other AVX2 widths, scalar and NEON (a register of 4 lanes) do not */
  assert_int_equal(
      out[1], (cfg.isa == SGK_ISA_AVX512 && cfg.w < 32) || (cfg.isa == SGK_ISA_AVX2 && cfg.w == 8));
}

/* The block of tiles (sgk_tile_block): 8 at W 32 on AMD, at every ISA; the variant's own (here
 * 99) everywhere else. */
static void test_tile_block(void **state) {
  (void)state;
  int32_t out[1] = {-1};
  launch_choices(&tile_block_of, 2, out);
  const int amd = strcmp(sgk_cpu_vendor(), "AuthenticAMD") == 0;
  assert_int_equal(out[0], cfg.w == 32 && amd ? 8 : 99);
}

/* The stream prefetches (sgk_stream_prefetch): off on Intel, on elsewhere, at every ISA and W;
 * SGK_STREAM_PREFETCH's 0 or 1 where it is set (ctest runs runtime.stream_prefetch_env* with
 * each). */
static void test_stream_prefetch(void **state) {
  (void)state;
  int32_t out[1] = {-1};
  launch_choices(&stream_prefetch_of, 2, out);
  const char *env = getenv("SGK_STREAM_PREFETCH");
  if (env && (strcmp(env, "0") == 0 || strcmp(env, "1") == 0))
    assert_int_equal(out[0], env[0] - '0');
  else
    assert_int_equal(out[0], strcmp(sgk_cpu_vendor(), "GenuineIntel") != 0);
}

/* Launches ids over r and checks every id against the work-group size that ran (info->local:
 * the range's own, or the tuner's). */
static void launch_ids_tuned(const sgk_range *r, const sgk_launch_options *o,
                             sgk_launch_info *info) {
  size_t n = 1;
  for (uint32_t d = 0; d < r->dims; ++d) n *= r->global[d];
  int32_t *out = malloc(n * ID_FIELDS * sizeof *out);
  memset(out, 0x7f, n * ID_FIELDS * sizeof *out);
  struct ids_args a = {out};
  LAUNCH_OK(sgk_launch(&ids, r, o, &a, info));
  sgk_range ran = *r;
  for (uint32_t d = 0; d < r->dims; ++d) ran.local[d] = info->local[d];
  for (uint32_t d = r->dims; d < 3; ++d) assert_int_equal(info->local[d], 0);
  char msg[256];
  const int ok = ids_match(out, &ran, info->sub_group_size, msg, sizeof msg);
  free(out);
  if (!ok) fail_msg("W = %u, local %zu: %s", info->sub_group_size, info->local[r->dims - 1], msg);
}

/* A fresh SGK_TUNE_FILE (its path in path, from the template) and an empty tuner. */
static void tune_file_fresh(char *path) {
  const int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  setenv("SGK_TUNE_FILE", path, 1);
  sgk_tune_reset();
}

/* Checks line `index` (0: the first) of the tune file at path: it starts with head and ends with
 * tail (the choice); with last set, no line follows it. */
static void check_tune_line(const char *path, int index, int last, const char *head,
                            const char *tail) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[256];
  for (int i = 0; i <= index; ++i) assert_non_null(fgets(line, sizeof line, f));
  if (last) assert_null(fgets(line + 200, 56, f));
  fclose(f);
  assert_memory_equal(line, head, strlen(head));
  assert_true(strlen(line) >= strlen(tail));
  assert_string_equal(line + strlen(line) - strlen(tail), tail);
}

/* The index of W in the tuner's per-W array (sgk_tune_lookup's `best`): 8, 16, 32 -> 0, 1, 2. */
static uint32_t w_index(uint32_t w) { return w == 8 ? 0 : w == 16 ? 1 : 2; }

/* Sub-group size tuning: the first launches of a (kernel, range) measure each compiled W in turn,
 * every one correct; then the fastest by its fastest launch runs, reported CHOSEN; the choice is
 * appended to SGK_TUNE_FILE and read back after a reset; another range, or another tune_key, is
 * tuned anew; a file's version 1 lines hold for key 0; an explicit W is not tuned; a bad tune
 * value is refused. */
static void test_tune(void **state) {
  (void)state;
  char path[] = "/tmp/sgk_tune_XXXXXX";
  tune_file_fresh(path);
  sgk_launch_options o = test_options(0);
  o.sub_group_size = 0;
  o.tune = SGK_TUNE_ON;
  uint32_t cand[3], ncand = 0;
  for (uint32_t w = 8; w <= 32; w *= 2)
    if (sgk_kernel_has_variant(&ids, cfg.isa, w)) cand[ncand++] = w;
  assert_true(ncand > 0);
  const sgk_range r = sgk_range_1d(1000, 40); /* a partial sub-group at every W */
  sgk_launch_info info;
  uint32_t chosen = 1;
  uint64_t best[3];
  for (uint32_t k = 0; k < ncand * SGK_TUNE_ROUNDS; ++k) {
    assert_int_equal(sgk_tune_lookup(&ids, &r, &o, &chosen, best), SGK_SUCCESS);
    assert_int_equal(chosen, 0); /* still measuring */
    launch_ids_tuned(&r, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    assert_int_equal(info.sub_group_size, cand[k % ncand]);
  }
  assert_int_equal(sgk_tune_lookup(&ids, &r, &o, &chosen, best), SGK_SUCCESS);
  uint32_t fastest = 0;
  for (uint32_t i = 0; i < ncand; ++i) {
    const uint64_t t = best[w_index(cand[i])];
    assert_true(t > 0);
    if (!fastest || t < best[w_index(fastest)]) fastest = cand[i];
  }
  assert_int_equal(chosen, fastest);
  for (int k = 0; k < 2; ++k) {
    launch_ids_tuned(&r, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
    assert_int_equal(info.sub_group_size, chosen);
  }
  /* the file holds the one choice; after a reset it is read back: chosen at once, no times */
  char head[96], want[64];
  snprintf(head, sizeof head, "sgk-tune 3 ids %s 0 1 1 1000 ", sgk_isa_name(cfg.isa));
  snprintf(want, sizeof want, " %s %u 40\n", sgk_isa_name(cfg.isa), chosen);
  check_tune_line(path, 0, 1, head, want);
  sgk_tune_reset();
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.sub_group_size, chosen);
  assert_int_equal(sgk_tune_lookup(&ids, &r, &o, &chosen, best), SGK_SUCCESS);
  assert_true(best[0] == 0 && best[1] == 0 && best[2] == 0);
  /* another range is its own entry */
  const sgk_range r2 = sgk_range_1d(960, 40);
  launch_ids_tuned(&r2, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_MEASURED);
  assert_int_equal(info.sub_group_size, cand[0]);
  /* so is another tune_key over the first range: measured from the start, its choice kept apart
   * (key 0's stays), and the lookup answers per key */
  o.tune_key = UINT64_C(0xfeedfacecafe);
  uint32_t keyed = 1;
  assert_int_equal(sgk_tune_lookup(&ids, &r, &o, &keyed, NULL), SGK_SUCCESS);
  assert_int_equal(keyed, 0);
  for (uint32_t k = 0; k < ncand * SGK_TUNE_ROUNDS; ++k) {
    launch_ids_tuned(&r, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    assert_int_equal(info.sub_group_size, cand[k % ncand]);
  }
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  keyed = info.sub_group_size;
  o.tune_key = 0;
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.sub_group_size, chosen);
  /* the keyed choice is the file's second line (r2 has none yet) */
  snprintf(head, sizeof head, "sgk-tune 3 ids %s %llu 1 1 1000 ", sgk_isa_name(cfg.isa),
           (unsigned long long)UINT64_C(0xfeedfacecafe));
  snprintf(want, sizeof want, " %s %u 40\n", sgk_isa_name(cfg.isa), keyed);
  check_tune_line(path, 1, 0, head, want);
  /* a file of torn and foreign lines and one (version 1) choice of the last size, for a third
   * range; and a keyed choice of the first size for it */
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(
      f,
      "sgk-tune 1 ids %s 1 880\nsgk-tune 9 ids %s 1 880 0 0 40 0 0 %u 8\ngarbage\n"
      "sgk-tune 1 ids %s 1 880 0 0 40 0 0 %u %u\nsgk-tune 2 ids %s 5 1 1 880 0 0 40 0 0 %u %u 40\n",
      sgk_isa_name(cfg.isa), sgk_isa_name(cfg.isa), info.threads, sgk_isa_name(cfg.isa),
      info.threads, cand[ncand - 1], sgk_isa_name(cfg.isa), info.threads, cand[0]);
  fclose(f);
  sgk_tune_reset();
  const sgk_range r3 = sgk_range_1d(880, 40);
  launch_ids_tuned(&r3, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.sub_group_size, cand[ncand - 1]);
  o.tune_key = 5;
  launch_ids_tuned(&r3, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.sub_group_size, cand[0]);
  o.tune_key = 0;
  /* measuring launches without a sgk_launch_info are timed all the same: each W's best is a
   * real duration (a launch over 840 items takes far more than 1 ns), not a placeholder */
  const sgk_range r4 = sgk_range_1d(840, 40);
  int32_t *out4 = malloc(840 * ID_FIELDS * sizeof *out4);
  assert_non_null(out4);
  struct ids_args a4 = {out4};
  for (uint32_t k = 0; k < ncand * SGK_TUNE_ROUNDS; ++k)
    LAUNCH_OK(sgk_launch(&ids, &r4, &o, &a4, NULL));
  free(out4);
  assert_int_equal(sgk_tune_lookup(&ids, &r4, &o, &chosen, best), SGK_SUCCESS);
  assert_true(chosen != 0);
  for (uint32_t i = 0; i < ncand; ++i) assert_true(best[w_index(cand[i])] > 1);
  /* an explicit W is used as given */
  o.sub_group_size = cfg.w;
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_NONE);
  assert_int_equal(info.sub_group_size, cfg.w);
  o.tune = 8;
  assert_int_equal(sgk_launch(&ids, &r, &o, NULL, NULL), SGK_ERROR_INVALID_TUNE);
  assert_non_null(strstr(sgk_last_error(), "tune is 8"));
  assert_int_equal(sgk_tune_lookup(NULL, &r, &o, &chosen, NULL), SGK_ERROR_NULL_ARGUMENT);
  assert_int_equal(sgk_tune_lookup(&ids, &r, &o, NULL, NULL), SGK_ERROR_NULL_ARGUMENT);
  unlink(path);
  unsetenv("SGK_TUNE_FILE");
  sgk_tune_reset();
}

/* SGK_TUNE_WORK_GROUP: the contiguous dimension's work-group size is tuned beside W. Over 3840
 * items the range's 40 and 32, 64, 128, 256 divide it (512, 1024 do not): each (W, size) pair is
 * measured SGK_TUNE_ROUNDS times, every launch correct at the size it reports in info.local; then
 * one pair runs. Alone (W given) it tunes the size at that W; in 2-D only the last dimension
 * moves, the work-group kept within 1024; a size whose SLM does not fit is never run; a choice is
 * written with its size and read back. */
static void test_tune_work_group(void **state) {
  (void)state;
  char path[] = "/tmp/sgk_tune_wg_XXXXXX";
  tune_file_fresh(path);
  sgk_launch_options o = test_options(0);
  o.sub_group_size = 0;
  o.tune = SGK_TUNE_ON | SGK_TUNE_WORK_GROUP;
  uint32_t nw = 0;
  for (uint32_t w = 8; w <= 32; w *= 2) nw += sgk_kernel_has_variant(&ids, cfg.isa, w) != 0;
  static const size_t sizes[] = {32, 40, 64, 128, 256};
  const uint32_t ncand = nw * 5;
  const sgk_range r = sgk_range_1d(3840, 40);
  sgk_launch_info info;
  unsigned seen[5][3] = {{0}};
  for (uint32_t k = 0; k < ncand * SGK_TUNE_ROUNDS; ++k) {
    launch_ids_tuned(&r, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    int li = -1;
    for (int i = 0; i < 5; ++i)
      if (info.local[0] == sizes[i]) li = i;
    assert_true(li >= 0);
    assert_int_equal(info.work_groups, 3840 / info.local[0]);
    seen[li][w_index(info.sub_group_size)]++;
  }
  for (int i = 0; i < 5; ++i)
    for (uint32_t w = 8; w <= 32; w *= 2)
      assert_int_equal(seen[i][w_index(w)],
                       sgk_kernel_has_variant(&ids, cfg.isa, w) ? SGK_TUNE_ROUNDS : 0);
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  const uint32_t cw = info.sub_group_size;
  const size_t cl = info.local[0];
  uint32_t chosen = 0;
  assert_int_equal(sgk_tune_lookup(&ids, &r, &o, &chosen, NULL), SGK_SUCCESS);
  assert_int_equal(chosen, cw);
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.sub_group_size, cw);
  assert_int_equal(info.local[0], cl);
  /* W-only tuning of the same range is another entry: it runs the range's own 40 */
  o.tune = SGK_TUNE_ON;
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_MEASURED);
  assert_int_equal(info.local[0], 40);
  /* the file line carries the mode (3) and the size; read back after a reset */
  char head[96], want[96];
  snprintf(head, sizeof head, "sgk-tune 3 ids %s 0 3 1 3840 ", sgk_isa_name(cfg.isa));
  snprintf(want, sizeof want, " %s %u %zu\n", sgk_isa_name(cfg.isa), cw, cl);
  check_tune_line(path, 0, 0, head, want);
  sgk_tune_reset();
  o.tune = SGK_TUNE_ON | SGK_TUNE_WORK_GROUP;
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.sub_group_size, cw);
  assert_int_equal(info.local[0], cl);
  /* the work-group size alone, at a given W */
  o.tune = SGK_TUNE_WORK_GROUP;
  o.sub_group_size = cfg.w;
  for (uint32_t k = 0; k < 5 * SGK_TUNE_ROUNDS; ++k) {
    launch_ids_tuned(&r, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    assert_int_equal(info.sub_group_size, cfg.w);
    assert_int_equal(info.local[0], sizes[k % 5]);
  }
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  /* 2-D: rows of 2, the last dimension's 16 (its own), 32 ... 256; 512 would make 1024 but does
   * not divide 256 */
  const sgk_range r2 = sgk_range_2d(6, 256, 2, 16);
  for (uint32_t k = 0; k < 5 * SGK_TUNE_ROUNDS; ++k) {
    launch_ids_tuned(&r2, &o, &info);
    assert_int_equal(info.local[0], 2);
    assert_int_equal(info.local[1], (size_t)16 << (k % 5));
  }
  /* SLM of 4 bytes a work-item plus 64512: the work-groups of 256 and less fit, 512 and 1024
   * (which divide 8192) never run; each launch reverses its own work-group's items */
  o.sub_group_size = 0;
  o.tune = SGK_TUNE_ON | SGK_TUNE_WORK_GROUP;
  enum { N = 8192 };
  int32_t *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out);
  for (int i = 0; i < N; ++i) in[i] = i;
  size_t bytes = 0;
  struct slm_user_args sa = {in, out, 65536 - 256 * 4, &bytes};
  const sgk_range r3 = sgk_range_1d(N, 64);
  for (uint32_t k = 0; k < 4 * nw * SGK_TUNE_ROUNDS + 2; ++k) {
    memset(out, 0, N * sizeof *out);
    LAUNCH_OK(sgk_launch(&slm_user, &r3, &o, &sa, &info));
    const size_t L = info.local[0];
    assert_true(L == 32 || L == 64 || L == 128 || L == 256);
    assert_int_equal(bytes, L * 4 + 65536 - 256 * 4);
    for (int i = 0; i < N; ++i)
      assert_int_equal(out[i], in[(size_t)i / L * L + (L - 1 - (size_t)i % L)]);
  }
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  free(in);
  free(out);
  unlink(path);
  unsetenv("SGK_TUNE_FILE");
  sgk_tune_reset();
}

/* SGK_TUNE_ISA with isa SGK_ISA_AUTO: the tuner measures each ISA this CPU runs and the build
 * has (the resolved one first, scalar only when it is that one; the resolved one alone when
 * SGK_ISA pins it) at each compiled W, SGK_TUNE_ROUNDS times, every launch correct and reporting
 * the ISA it ran; then one (ISA, W) runs. The file line (version 3) carries the chosen ISA and is
 * read back; a version 2 line chose the key's ISA; a choice of an ISA not among the candidates is
 * measured anew. Alone, each ISA runs at its native W; an explicit ISA is not tuned. sgk_tune_isas
 * lists the ISAs tried. */
static void test_tune_isa(void **state) {
  (void)state;
  char path[] = "/tmp/sgk_tune_isa_XXXXXX";
  tune_file_fresh(path);
  sgk_isa def;
  assert_int_equal(sgk_resolve_isa(SGK_ISA_AUTO, &def), SGK_SUCCESS);
  sgk_isa isas[SGK_ISA_COUNT];
  uint32_t nisa = 0;
  isas[nisa++] = def;
  const char *env = getenv("SGK_ISA");
  if (!env || !*env || strcmp(env, "auto") == 0)
    for (int i = SGK_ISA_SCALAR + 1; i < SGK_ISA_COUNT; ++i)
      if (i != (int)def && sgk_isa_available((sgk_isa)i)) isas[nisa++] = (sgk_isa)i;
  /* sgk_tune_isas says the same list, in the same order; an ISA given is the one tried */
  sgk_isa listed[SGK_ISA_COUNT];
  uint32_t nlisted = 0;
  assert_int_equal(sgk_tune_isas(SGK_ISA_AUTO, listed, &nlisted), SGK_SUCCESS);
  assert_int_equal(nlisted, nisa);
  for (uint32_t i = 0; i < nisa; ++i) assert_int_equal(listed[i], isas[i]);
  assert_int_equal(sgk_tune_isas(cfg.isa, listed, &nlisted), SGK_SUCCESS);
  assert_int_equal(nlisted, 1);
  assert_int_equal(listed[0], cfg.isa);
  struct {
    sgk_isa isa;
    uint32_t w;
  } cand[SGK_ISA_COUNT * 3], native[SGK_ISA_COUNT]; /* in the order the tuner tries them */
  uint32_t ncand = 0, nnative = 0;
  for (uint32_t i = 0; i < nisa; ++i) {
    for (uint32_t w = 8; w <= 32; w *= 2)
      if (sgk_kernel_has_variant(&ids, isas[i], w)) {
        cand[ncand].isa = isas[i];
        cand[ncand++].w = w;
      }
    const uint32_t nw = sgk_isa_native_sub_group_size(isas[i]);
    if (sgk_kernel_has_variant(&ids, isas[i], nw)) {
      native[nnative].isa = isas[i];
      native[nnative++].w = nw;
    }
  }
  assert_true(ncand > 0);
  sgk_launch_options o = test_options(0);
  o.isa = SGK_ISA_AUTO;
  o.sub_group_size = 0;
  o.tune = SGK_TUNE_ON | SGK_TUNE_ISA;
  const sgk_range r = sgk_range_1d(1000, 40);
  sgk_launch_info info;
  for (uint32_t k = 0; k < ncand * SGK_TUNE_ROUNDS; ++k) {
    launch_ids_tuned(&r, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    assert_int_equal(info.isa, cand[k % ncand].isa);
    assert_int_equal(info.sub_group_size, cand[k % ncand].w);
    assert_int_equal(info.local[0], 40);
  }
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  const sgk_isa ci = info.isa;
  const uint32_t cw = info.sub_group_size;
  uint32_t chosen = 0;
  uint64_t best[3];
  assert_int_equal(sgk_tune_lookup(&ids, &r, &o, &chosen, best), SGK_SUCCESS);
  assert_int_equal(chosen, cw);
  for (uint32_t i = 0; i < ncand; ++i) assert_true(best[w_index(cand[i].w)] > 0);
  for (int i = 0; i < 3; ++i) assert_true(!best[i] || best[w_index(cw)] <= best[i]);
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.isa, ci);
  assert_int_equal(info.sub_group_size, cw);
  /* the file's line, read back after a reset */
  char head[96], want[96];
  snprintf(head, sizeof head, "sgk-tune 3 ids %s 0 5 1 1000 ", sgk_isa_name(def));
  snprintf(want, sizeof want, " %s %u 40\n", sgk_isa_name(ci), cw);
  check_tune_line(path, 0, 0, head, want);
  sgk_tune_reset();
  launch_ids_tuned(&r, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.isa, ci);
  assert_int_equal(info.sub_group_size, cw);
  /* a version 2 line (the key's ISA) for one range, a choice of an ISA this build or CPU lacks
   * for another (no variant of it among the candidates: measured anew) */
  const sgk_isa absent = sgk_isa_available(SGK_ISA_NEON) ? SGK_ISA_AVX2 : SGK_ISA_NEON;
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f,
          "sgk-tune 2 ids %s 0 5 1 960 0 0 40 0 0 %u %u 40\n"
          "sgk-tune 3 ids %s 0 5 1 880 0 0 40 0 0 %u %s %u 40\n",
          sgk_isa_name(def), info.threads, cand[0].w, sgk_isa_name(def), info.threads,
          sgk_isa_name(absent), cand[0].w);
  fclose(f);
  sgk_tune_reset();
  const sgk_range r2 = sgk_range_1d(960, 40), r3 = sgk_range_1d(880, 40);
  launch_ids_tuned(&r2, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  assert_int_equal(info.isa, def);
  assert_int_equal(info.sub_group_size, cand[0].w);
  launch_ids_tuned(&r3, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_MEASURED);
  assert_int_equal(info.isa, cand[0].isa);
  /* alone: each ISA at its native W */
  o.tune = SGK_TUNE_ISA;
  const sgk_range r4 = sgk_range_1d(840, 40);
  for (uint32_t k = 0; k < nnative * SGK_TUNE_ROUNDS; ++k) {
    launch_ids_tuned(&r4, &o, &info);
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    assert_int_equal(info.isa, native[k % nnative].isa);
    assert_int_equal(info.sub_group_size, native[k % nnative].w);
  }
  launch_ids_tuned(&r4, &o, &info);
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  /* an explicit ISA: W tuned at it alone */
  o.isa = cfg.isa;
  o.tune = SGK_TUNE_ON | SGK_TUNE_ISA;
  for (uint32_t k = 0; k < 3 * SGK_TUNE_ROUNDS + 1; ++k) {
    launch_ids_tuned(&r4, &o, &info);
    assert_int_equal(info.isa, cfg.isa);
  }
  assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  unlink(path);
  unsetenv("SGK_TUNE_FILE");
  sgk_tune_reset();
}

/* The tuner measures only the sizes whose SLM fits the launch: sg_tile declares a W x W tile a
 * sub-group (times scale), so at scale 20 and work-groups of 32 it needs 20, 40 and 80 KiB at W
 * 8, 16 and 32; tuned launches run at 8 and 16 only, and never fail. A first launch that fits at
 * no size fails (at the native size, saying why) and leaves no entry: the next one that fits
 * measures. */
static void test_tune_slm(void **state) {
  (void)state;
  unsetenv("SGK_TUNE_FILE");
  sgk_tune_reset();
  sgk_launch_options o = test_options(0);
  o.sub_group_size = 0;
  o.tune = SGK_TUNE_ON;
  enum { L = 32, GROUPS = 5 };
  const size_t n = (size_t)GROUPS * L * 32;
  int32_t *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
  for (size_t i = 0; i < n; ++i) in[i] = (int32_t)i;
  size_t seen = 0;
  struct sg_tile_args a = {in, out, 200, &seen};
  const sgk_range r = sgk_range_1d((size_t)GROUPS * L, L);
  sgk_launch_info info;
  assert_int_equal(sgk_launch(&sg_tile, &r, &o, &a, &info), SGK_ERROR_SLM_TOO_LARGE);
  assert_non_null(strstr(sgk_last_error(), "at W"));
  uint32_t chosen = 1;
  uint64_t best[3];
  assert_int_equal(sgk_tune_lookup(&sg_tile, &r, &o, &chosen, best), SGK_SUCCESS);
  assert_int_equal(chosen, 0);
  a.scale = 20;
  uint32_t fit = 0; /* the compiled sizes whose 2.5 KiB x W a work-item fits in 64 KiB */
  for (uint32_t w = 8; w <= 16; w *= 2) fit += sgk_kernel_has_variant(&sg_tile, cfg.isa, w);
  for (uint32_t k = 0; k < 4 * SGK_TUNE_ROUNDS; ++k) {
    memset(out, 0, n * sizeof *out);
    if (!fit) { /* only W 32 compiled: nothing fits, every launch fails */
      assert_int_equal(sgk_launch(&sg_tile, &r, &o, &a, &info), SGK_ERROR_SLM_TOO_LARGE);
      continue;
    }
    LAUNCH_OK(sgk_launch(&sg_tile, &r, &o, &a, &info));
    const uint32_t w = info.sub_group_size;
    assert_true(w == 8 || w == 16);
    assert_int_equal(info.tune, k < fit * SGK_TUNE_ROUNDS ? SGK_TUNE_MEASURED : SGK_TUNE_CHOSEN);
    assert_int_equal(seen, (size_t)L * w * sizeof(int32_t) * 20);
    for (size_t b = 0; b < n / 32 / w; ++b)
      for (uint32_t i = 0; i < w; ++i)
        for (uint32_t j = 0; j < w; ++j)
          assert_int_equal(out[(b * w + i) * w + j], in[(b * w + j) * w + i]);
  }
  assert_int_equal(sgk_tune_lookup(&sg_tile, &r, &o, &chosen, best), SGK_SUCCESS);
  assert_int_equal(best[2], 0); /* W 32 never measured */
  assert_true(fit ? chosen == 8 || chosen == 16 : chosen == 0);
  /* a launch of the same shape whose args fit W 32 too runs the choice */
  a.scale = 1;
  if (fit) {
    LAUNCH_OK(sgk_launch(&sg_tile, &r, &o, &a, &info));
    assert_int_equal(info.sub_group_size, chosen);
    assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
  }
  /* an entry made by a launch that fits every W (it measures them all), measured on by launches
   * that fit 8 and 16 only: when W 32's turn comes they run a measured size instead */
  const sgk_range r2 = sgk_range_1d((size_t)(GROUPS - 1) * L, L);
  if (fit && sgk_kernel_has_variant(&sg_tile, cfg.isa, 32)) {
    a.scale = 1;
    LAUNCH_OK(sgk_launch(&sg_tile, &r2, &o, &a, &info));
    assert_int_equal(info.tune, SGK_TUNE_MEASURED);
    a.scale = 20;
    for (uint32_t k = 0; k < 3 * SGK_TUNE_ROUNDS; ++k) {
      LAUNCH_OK(sgk_launch(&sg_tile, &r2, &o, &a, &info));
      assert_true(info.sub_group_size == 8 || info.sub_group_size == 16);
    }
  }
  /* a choice of W 32 read from SGK_TUNE_FILE, for a launch whose SLM fits 8 and 16 only: it runs
   * the compiled size nearest the choice that fits (16 where compiled), not the native one */
  if (fit && sgk_kernel_has_variant(&sg_tile, cfg.isa, 32)) {
    char path[] = "/tmp/sgk_tune_slm_XXXXXX";
    const int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    const sgk_range r3 = sgk_range_1d((size_t)(GROUPS - 2) * L, L);
    sgk_launch_options plain = o; /* the team size of this range, for the file's key */
    plain.tune = SGK_TUNE_OFF;
    a.scale = 1;
    LAUNCH_OK(sgk_launch(&sg_tile, &r3, &plain, &a, &info));
    fprintf(f, "sgk-tune 1 sg_tile %s 1 %zu 1 1 %u 1 1 %u 32\n", sgk_isa_name(cfg.isa),
            r3.global[0], (unsigned)L, info.threads);
    fclose(f);
    setenv("SGK_TUNE_FILE", path, 1);
    sgk_tune_reset();
    a.scale = 1; /* fits every W: the file's choice */
    memset(out, 0, n * sizeof *out);
    LAUNCH_OK(sgk_launch(&sg_tile, &r3, &o, &a, &info));
    assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
    assert_int_equal(info.sub_group_size, 32);
    const uint32_t near = sgk_kernel_has_variant(&sg_tile, cfg.isa, 16) ? 16 : 8;
    a.scale = 20;
    memset(out, 0, n * sizeof *out);
    LAUNCH_OK(sgk_launch(&sg_tile, &r3, &o, &a, &info));
    assert_int_equal(info.tune, SGK_TUNE_CHOSEN);
    assert_int_equal(info.sub_group_size, near);
    for (size_t b = 0; b < (size_t)(GROUPS - 2) * L / near; ++b)
      for (uint32_t i = 0; i < near; ++i)
        for (uint32_t j = 0; j < near; ++j)
          assert_int_equal(out[(b * near + i) * near + j], in[(b * near + j) * near + i]);
    unlink(path);
    unsetenv("SGK_TUNE_FILE");
  }
  free(in);
  free(out);
  sgk_tune_reset();
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ids_1d),
      cmocka_unit_test(test_ids_2d),
      cmocka_unit_test(test_ids_3d),
      cmocka_unit_test(test_ids_rows_spanning),
      cmocka_unit_test(test_ids_many_groups),
      cmocka_unit_test(test_seed_partial),
      cmocka_unit_test(test_slm_phases),
      cmocka_unit_test(test_wg_collectives),
      cmocka_unit_test(test_atomics),
      cmocka_unit_test(test_reductions),
      cmocka_unit_test(test_last_done),
      cmocka_unit_test(test_local_atomic_ops),
      cmocka_unit_test(test_memory),
      cmocka_unit_test(test_partial_memory),
      cmocka_unit_test(test_prefetch),
      cmocka_unit_test(test_tune_slm),
      cmocka_unit_test(test_where_mask_from_sg),
      cmocka_unit_test(test_conversions),
      cmocka_unit_test(test_empty_range),
      cmocka_unit_test(test_tune),
      cmocka_unit_test(test_tune_work_group),
      cmocka_unit_test(test_tune_isa),
      cmocka_unit_test(test_slide_share),
      cmocka_unit_test(test_tile_block),
      cmocka_unit_test(test_stream_prefetch),
  };
  return test_run("runtime", tests, sizeof tests / sizeof tests[0]);
}
