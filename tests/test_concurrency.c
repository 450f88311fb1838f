/* Concurrency: sgk_launch from many host threads at once and from inside the application's own
 * OpenMP parallel region. Every launch is a seeded mix of ISA (each one this CPU runs), W (8, 16,
 * 32), kernel (the ids of every work-item; SLM with a barrier; a work-group counter shared by all
 * host threads through a global atomic), team size and range, and every output is checked.
 * ThreadSanitizer runs this program with clang, libomp and Archer (scripts/tsan.sh).
 * Usage: test_concurrency [launches per host thread] (default 250). */
#include <omp.h>
#include <pthread.h>

#include "harness.h"
#include "ids_oracle.h"
#include "runtime_kernels.h"

enum { HOST_THREADS = 8 };
static int launches_per_thread = 250;

/* the ISAs this CPU runs, scalar first */
static sgk_isa isas[SGK_ISA_COUNT];
static int n_isas;

/* one host thread's (or one OpenMP thread's) run: its generator, what it checked, what failed */
typedef struct worker {
  uint64_t seed;
  int launches, checked;
  int64_t counted;       /* work-groups this worker added to the shared counter */
  int32_t *shared_count; /* counted by every worker's count_groups launches */
  uint32_t max_threads;  /* the largest team info reported */
  int nesting_off;       /* launched inside a parallel region without nesting: team of one */
  char error[400];
} worker;

static void fail_worker(worker *wk, const char *what, sgk_status st) {
  if (!wk->error[0])
    snprintf(wk->error, sizeof wk->error, "%s: %s (%s)", what, sgk_status_string(st),
             st == SGK_SUCCESS ? "wrong output" : sgk_last_error());
}

static uint32_t pick(worker *wk, uint32_t n) { return (uint32_t)(test_rand(&wk->seed) % n); }

/* A random valid launch of the ids kernel, 1- to 3-D, work-groups up to 256 items. */
static void launch_ids(worker *wk, sgk_launch_options *o, char *tag) {
  sgk_range r;
  memset(&r, 0, sizeof r);
  r.dims = 1 + pick(wk, 3);
  size_t n = 1;
  for (uint32_t d = 0; d < r.dims; ++d) {
    r.local[d] = 1 + pick(wk, r.dims == 1 ? 256 : r.dims == 2 ? 16 : 6);
    r.global[d] = r.local[d] * (1 + pick(wk, r.dims == 1 ? 12 : 4));
    n *= r.global[d];
  }
  int32_t *out = malloc(n * ID_FIELDS * sizeof *out);
  memset(out, 0x7f, n * ID_FIELDS * sizeof *out);
  struct ids_args a = {out};
  sgk_launch_info info;
  const sgk_status st = sgk_launch(&ids, &r, o, &a, &info);
  char msg[256];
  if (st != SGK_SUCCESS) {
    fail_worker(wk, tag, st);
  } else if (!ids_match(out, &r, o->sub_group_size, msg, sizeof msg)) {
    snprintf(wk->error, sizeof wk->error, "%s: %s", tag, msg);
  } else {
    ++wk->checked;
    if (info.threads > wk->max_threads) wk->max_threads = info.threads;
    if (wk->nesting_off && info.threads != 1) {
      snprintf(wk->error, sizeof wk->error,
               "%s: %u threads ran inside a parallel region with "
               "nesting off",
               tag, info.threads);
    }
  }
  free(out);
}

/* SLM written in one phase and read across sub-groups in the next: out = 1000 g + (l + W + 1) % L
 * (the kernel wraps by subtracting L twice at most: L > W / 2). */
static void launch_slm(worker *wk, sgk_launch_options *o, char *tag) {
  const uint32_t w = o->sub_group_size;
  const uint32_t L = w / 2 + 1 + pick(wk, 256 - w / 2), groups = 1 + pick(wk, 40);
  const size_t n = (size_t)L * groups;
  int32_t *out = malloc(n * sizeof *out);
  memset(out, 0x7f, n * sizeof *out);
  struct slm_args a = {out};
  const sgk_range r = sgk_range_1d(n, L);
  if (pick(wk, 2)) o->slm_bytes = L * sizeof(int32_t) + pick(wk, 4096); /* more than declared */
  const sgk_status st = sgk_launch(&slm_phases, &r, o, &a, NULL);
  int ok = st == SGK_SUCCESS;
  for (size_t i = 0; ok && i < n; ++i)
    ok = out[i] == (int32_t)(1000 * (i / L) + (i % L + w + 1) % L);
  if (ok)
    ++wk->checked;
  else
    fail_worker(wk, tag, st);
  free(out);
}

/* Work-groups counted into the counter every worker shares (a global atomic across launches). */
static void launch_count(worker *wk, sgk_launch_options *o, char *tag) {
  const uint32_t L = 1 + pick(wk, 64), groups = 1 + pick(wk, 500);
  struct count_args a = {wk->shared_count,
                         1 + pick(wk, 2) * pick(wk, 8192)}; /* SLM: 1 byte or more */
  const sgk_range r = sgk_range_1d((size_t)L * groups, L);
  const sgk_status st = sgk_launch(&count_groups, &r, o, &a, NULL);
  if (st != SGK_SUCCESS) {
    fail_worker(wk, tag, st);
  } else {
    wk->counted += groups;
    ++wk->checked;
  }
}

static void run_worker(worker *wk) {
  for (int i = 0; i < launches_per_thread && !wk->error[0]; ++i) {
    sgk_launch_options o;
    memset(&o, 0, sizeof o);
    o.isa = isas[pick(wk, (uint32_t)n_isas)];
    o.sub_group_size = 8u << pick(wk, 3);
    o.threads = pick(wk, 5); /* 0: OpenMP's default */
    const uint32_t kind = pick(wk, 3);
    char tag[96];
    snprintf(tag, sizeof tag, "launch %d (%s, %s, W %u, %u threads)", i,
             kind == 0   ? "ids"
             : kind == 1 ? "slm_phases"
                         : "count_groups",
             sgk_isa_name(o.isa), o.sub_group_size, o.threads);
    if (kind == 0)
      launch_ids(wk, &o, tag);
    else if (kind == 1)
      launch_slm(wk, &o, tag);
    else
      launch_count(wk, &o, tag);
    ++wk->launches;
  }
}

static void *host_thread(void *p) {
  run_worker(p);
  return NULL;
}

static void check_workers(worker *wk, int n, int32_t shared_count, const char *what) {
  int64_t counted = 0;
  int launches = 0, checked = 0;
  for (int i = 0; i < n; ++i) {
    if (wk[i].error[0]) fail_msg("%s, worker %d: %s", what, i, wk[i].error);
    counted += wk[i].counted;
    launches += wk[i].launches;
    checked += wk[i].checked;
  }
  if (counted != shared_count)
    fail_msg("%s: the shared counter holds %d, the workers counted %lld", what, shared_count,
             (long long)counted);
  assert_int_equal(checked, launches);
  printf("%s: %d launches from %d threads, every output checked\n", what, launches, n);
}

static void init_workers(worker *wk, int n, uint64_t seed, int32_t *count) {
  memset(wk, 0, (size_t)n * sizeof *wk);
  for (int i = 0; i < n; ++i) {
    wk[i].seed = seed + 0x1000u * (uint64_t)i;
    wk[i].shared_count = count;
  }
}

/* 8 host threads at once, each its own mix. */
static void test_host_threads(void **state) {
  (void)state;
  worker wk[HOST_THREADS];
  int32_t count = 0;
  init_workers(wk, HOST_THREADS, 0x5eed, &count);
  pthread_t t[HOST_THREADS];
  for (int i = 0; i < HOST_THREADS; ++i)
    assert_int_equal(pthread_create(&t[i], NULL, host_thread, &wk[i]), 0);
  for (int i = 0; i < HOST_THREADS; ++i) pthread_join(t[i], NULL);
  check_workers(wk, HOST_THREADS, count, "8 host threads");
}

/* n workers launching from inside the application's parallel region of n threads, with at most
 * `levels` active levels of nesting; returns the largest team any launch reported. */
static uint32_t run_in_region(int n, int levels, uint64_t seed, const char *what) {
  const int saved = omp_get_max_active_levels();
  omp_set_max_active_levels(levels);
  worker wk[4];
  int32_t count = 0;
  init_workers(wk, n, seed, &count);
#pragma omp parallel num_threads(n)
  {
    worker *me = &wk[omp_get_thread_num() % n];
    /* nesting off inside an active region: every launch is a team of one */
    me->nesting_off = levels == 1 && omp_in_parallel();
    run_worker(me);
  }
  omp_set_max_active_levels(saved);
  check_workers(wk, n, count, what);
  uint32_t most = 0;
  for (int i = 0; i < n; ++i) most = wk[i].max_threads > most ? wk[i].max_threads : most;
  return most;
}

/* Nesting off: each launch runs on the calling thread alone (info.threads == 1), concurrently
 * with its siblings' launches. */
static void test_omp_nesting_off(void **state) {
  (void)state;
  const uint32_t most = run_in_region(4, 1, 0x0ff1ce, "OpenMP region, nesting off");
  if (omp_get_thread_limit() >= 4) assert_int_equal(most, 1);
}

/* Nesting on: each launch may get a team of its own inside the region, and some do (launches
 * ask for 2 to 4 threads). */
static void test_omp_nesting_on(void **state) {
  (void)state;
  const uint32_t most = run_in_region(2, 2, 0x0e57ed, "OpenMP region, nesting on");
  if (omp_get_thread_limit() >= 4) assert_true(most > 1);
}

int main(int argc, char **argv) {
  if (argc > 1) launches_per_thread = atoi(argv[1]);
  if (launches_per_thread < 1) {
    fprintf(stderr, "usage: %s [launches per host thread]\n", argv[0]);
    return 2;
  }
  /* libgomp in several host threads hangs under qemu-user */
  if (getenv("SGK_TEST_EMULATED")) {
    printf("SKIPPED: host threads and nested OpenMP under emulation\n");
    return SGK_TEST_SKIP;
  }
  for (int i = SGK_ISA_AUTO + 1; i < SGK_ISA_COUNT; ++i)
    if (sgk_isa_available((sgk_isa)i)) isas[n_isas++] = (sgk_isa)i;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_host_threads),
      cmocka_unit_test(test_omp_nesting_off),
      cmocka_unit_test(test_omp_nesting_on),
  };
  return cmocka_run_group_tests_name("concurrency", tests, NULL, NULL);
}
