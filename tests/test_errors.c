#define _POSIX_C_SOURCE 200809L
/* Every bad input returns its own status and a message; none crashes. */
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "harness.h"
#include "runtime_kernels.h"

SGK_DECLARE_KERNEL(fill_w16_only);

static int32_t sink[4096];
static struct ids_args sink_args = {sink};

/* An allocation-failure shim: while armed, the `fail_at`-th aligned_alloc of at least `fail_bytes`
 * (counted from 0, over all threads) returns NULL; every other call is the C library's. At least:
 * an SLM arena is larger than the SLM it holds (a guard after it, but under ASan), and an exact
 * size matched no arena but ASan's, which skipped the test everywhere else. `shim_seen` counts
 * every call, whatever its size, for the test to tell a shim that a tool replaced (valgrind's
 * allocator: nothing to test) from an arena no longer allocated here (a failure). */
static atomic_int shim_armed, shim_calls, shim_seen, shim_fail_at;
static size_t shim_fail_bytes;
static _Thread_local size_t shim_largest; /* this thread's largest request */
void *aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add(&shim_seen, 1);
  if (size > shim_largest) shim_largest = size;
  if (atomic_load(&shim_armed) && size >= shim_fail_bytes &&
      atomic_fetch_add(&shim_calls, 1) == atomic_load(&shim_fail_at))
    return NULL;
  void *p = NULL;
  return posix_memalign(&p, alignment, size) ? NULL : p;
}

static void expect_status(sgk_status got, sgk_status want) {
  if (got != want)
    fail_msg("got %s (%s), want %s", sgk_status_string(got), sgk_last_error(),
             sgk_status_string(want));
  assert_true(strlen(sgk_last_error()) > 0);
  assert_string_not_equal(sgk_status_string(got), "unknown status");
}

/* Is this aligned_alloc the one called? A call through a volatile pointer, which the compiler
 * cannot resolve to the definition above: under valgrind its allocator answers, unseen. */
static void skip_without_shim(void) {
  void *(*volatile alloc)(size_t, size_t) = aligned_alloc;
  const int seen = atomic_load(&shim_seen);
  free(alloc(64, 64));
  if (atomic_load(&shim_seen) == seen) {
    print_message("a tool replaced aligned_alloc, the allocation shim is not in effect; skipped\n");
    skip();
  }
}

/* A launch whose SLM arena cannot be allocated on one thread runs no work-group at all (a retry
 * must not run a non-idempotent kernel twice). First in the list: no thread has an arena yet. */
static void test_failed_launch_runs_nothing(void **state) {
  (void)state;
  int32_t count = 0;
  struct count_args a = {&count, SGK_LOCAL_MEM_SIZE};
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.threads = 2;
  const sgk_range r = sgk_range_1d(64 * 16, 16);
  skip_without_shim();
  shim_fail_bytes = SGK_LOCAL_MEM_SIZE;
  atomic_store(&shim_calls, 0);
  atomic_store(&shim_fail_at, omp_get_thread_limit() >= 2 ? 1 : 0); /* the second thread's */
  atomic_store(&shim_armed, 1);
  const sgk_status st = sgk_launch(&count_groups, &r, &o, &a, NULL);
  atomic_store(&shim_armed, 0);
  if (atomic_load(&shim_calls) == 0) /* the shim is in effect, but no arena went through it */
    fail_msg(
        "no aligned_alloc of at least %zu bytes during the first launch: the SLM arena is "
        "allocated some other way, which this shim must follow",
        (size_t)SGK_LOCAL_MEM_SIZE);
  expect_status(st, SGK_ERROR_OUT_OF_MEMORY);
  assert_int_equal(count, 0);
  assert_int_equal(sgk_launch(&count_groups, &r, &o, &a, NULL), SGK_SUCCESS);
  assert_int_equal(count, 64);
}

/* A new host thread's first launch with SLM, 64 bytes of it, on that thread alone: the largest
 * aligned_alloc it made to *largest (0 if the launch failed). */
static void *first_slm_launch(void *largest) {
  int32_t count = 0;
  struct count_args a = {&count, 64};
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.threads = 1;
  const sgk_range r = sgk_range_1d(4 * 16, 16);
  shim_largest = 0;
  const sgk_status st = sgk_launch(&count_groups, &r, &o, &a, NULL);
  *(size_t *)largest = st == SGK_SUCCESS && count == 4 ? shim_largest : 0;
  return NULL;
}

/* Every thread's SLM arena is twice the SLM limit, whatever the launch declares, so that a store
 * past the SLM stays off the heap (README, "A first kernel"; test_traps checks the heap after
 * such stores, which shows only where malloc notices): a new thread's first launch of 64 bytes
 * allocates that much. */
static void test_arena_size(void **state) {
  (void)state;
  if (getenv("SGK_TEST_EMULATED")) { /* libgomp in a second host thread hangs under qemu-user */
    print_message("a launch from a new host thread under emulation; skipped\n");
    skip();
  }
  skip_without_shim();
  size_t largest = 0;
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, first_slm_launch, &largest), 0);
  assert_int_equal(pthread_join(t, NULL), 0);
  if (largest < 2 * (size_t)SGK_LOCAL_MEM_SIZE)
    fail_msg("a new thread's arena for 64 bytes of SLM: %zu bytes, want at least %zu", largest,
             2 * (size_t)SGK_LOCAL_MEM_SIZE);
}

/* A launch from inside a kernel is refused with its own status; the outer launch completes. */
static void test_nested_launch(void **state) {
  (void)state;
  int32_t status[4], inner_sink[16 * ID_FIELDS];
  for (int i = 0; i < 4; ++i) status[i] = -1;
  struct nested_args a = {status, inner_sink};
  const sgk_range r = sgk_range_1d(4 * 16, 16);
  assert_int_equal(sgk_launch(&nested_launch, &r, NULL, &a, NULL), SGK_SUCCESS);
  for (int i = 0; i < 4; ++i) assert_int_equal(status[i], SGK_ERROR_NESTED_LAUNCH);
}

/* Thread counts: a request above SGK_THREADS_PER_CPU per processor runs that many; inside the
 * application's own parallel region (nesting off) the team is one thread, and info says so. */
static void test_thread_policy(void **state) {
  (void)state;
  int32_t count = 0;
  struct count_args a = {&count, 64};
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.threads = SGK_MAX_THREADS;
  const sgk_range r = sgk_range_1d(8192 * 16, 16);
  sgk_launch_info info;
  assert_int_equal(sgk_launch(&count_groups, &r, &o, &a, &info), SGK_SUCCESS);
  assert_int_equal(count, 8192);
  assert_true(info.threads >= 1 &&
              info.threads <= SGK_THREADS_PER_CPU * (uint32_t)omp_get_num_procs());
  o.threads = SGK_MAX_THREADS + 1;
  expect_status(sgk_launch(&count_groups, &r, &o, &a, NULL), SGK_ERROR_INVALID_THREADS);
  o.threads = 2;
  int bad = 0;
  uint32_t seen[2] = {0, 0};
#pragma omp parallel num_threads(2)
  {
    int32_t c = 0;
    struct count_args ai = {&c, 64};
    sgk_launch_info in;
    if (sgk_launch(&count_groups, &r, &o, &ai, &in) != SGK_SUCCESS || c != 8192) bad = 1;
    seen[omp_get_thread_num() & 1] = in.threads;
  }
  assert_int_equal(bad, 0);
  if (omp_get_max_active_levels() <= 1) assert_int_equal(seen[0], 1);
}

static void test_range_errors(void **state) {
  (void)state;
  sgk_range r = sgk_range_1d(100, 7);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_GLOBAL_NOT_DIVISIBLE);
  r = sgk_range_2d(8, 8, 0, 8);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_ZERO_LOCAL_SIZE);
  r = sgk_range_1d(2048, 2048);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_WORK_GROUP_TOO_LARGE);
  r = sgk_range_2d(64, 64, 32, 64);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_WORK_GROUP_TOO_LARGE);
  r = sgk_range_3d(SIZE_MAX / 2 + 1, 4, 4, 1, 1, 1);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_RANGE_OVERFLOW);
  r = sgk_range_2d((size_t)1 << 40, (size_t)1 << 30, 1, 1);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_RANGE_OVERFLOW);
  r = sgk_range_1d((size_t)1 << 32, 16);
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_RANGE_TOO_LARGE);
  r = sgk_range_1d(16, 16);
  r.dims = 0;
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_INVALID_DIMENSIONS);
  r.dims = 4;
  expect_status(sgk_launch(&ids, &r, NULL, &sink_args, NULL), SGK_ERROR_INVALID_DIMENSIONS);
}

static void test_null_errors(void **state) {
  (void)state;
  sgk_range r = sgk_range_1d(16, 16);
  expect_status(sgk_launch(NULL, &r, NULL, &sink_args, NULL), SGK_ERROR_NULL_ARGUMENT);
  expect_status(sgk_launch(&ids, NULL, NULL, &sink_args, NULL), SGK_ERROR_NULL_ARGUMENT);
  expect_status(sgk_get_device_info(NULL), SGK_ERROR_NULL_ARGUMENT);
  sgk_isa isa;
  expect_status(sgk_isa_from_name(NULL, &isa), SGK_ERROR_NULL_ARGUMENT);
  expect_status(sgk_resolve_isa(SGK_ISA_AUTO, NULL), SGK_ERROR_NULL_ARGUMENT);
  sgk_isa isas[SGK_ISA_COUNT];
  uint32_t count = 99;
  expect_status(sgk_tune_isas(SGK_ISA_AUTO, NULL, &count), SGK_ERROR_NULL_ARGUMENT);
  assert_int_equal(count, 99);
  expect_status(sgk_tune_isas(SGK_ISA_AUTO, isas, NULL), SGK_ERROR_NULL_ARGUMENT);
  /* args NULL to a kernel whose args type is a struct: refused, no work-group run (every variant
   * checks); the message names the kernel. A kernel of args type void runs without args. */
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  r = sgk_range_1d(64, 16);
  for (int isa = 0; isa < SGK_ISA_COUNT; ++isa) {
    if (!sgk_isa_available((sgk_isa)isa)) continue;
    o.isa = (sgk_isa)isa;
    for (uint32_t w = 8; w <= 32; w *= 2) {
      o.sub_group_size = w;
      expect_status(sgk_launch(&ids, &r, &o, NULL, NULL), SGK_ERROR_NULL_ARGUMENT);
      assert_non_null(strstr(sgk_last_error(), "kernel 'ids'"));
      test_void_args_groups = 0;
      assert_int_equal(sgk_launch(&void_args, &r, &o, NULL, NULL), SGK_SUCCESS);
      assert_int_equal(test_void_args_groups, 4);
    }
  }
}

static void test_option_errors(void **state) {
  (void)state;
  sgk_range r = sgk_range_1d(64, 32);
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.isa = SGK_ISA_SCALAR;
  const uint32_t bad_sizes[] = {1, 4, 7, 12, 64, 33, UINT32_MAX};
  for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; ++i) {
    o.sub_group_size = bad_sizes[i];
    expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_ERROR_INVALID_SUB_GROUP_SIZE);
  }
  o.sub_group_size = 8;
  expect_status(sgk_launch(&fill_w16_only, &r, &o, &sink_args, NULL),
                SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED);
  o.sub_group_size = 16;
  assert_int_equal(sgk_launch(&fill_w16_only, &r, &o, &sink_args, NULL), SGK_SUCCESS);
  o.slm_bytes = SGK_LOCAL_MEM_SIZE + 1;
  expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_ERROR_SLM_TOO_LARGE);
  o.slm_bytes = SIZE_MAX;
  expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_ERROR_SLM_TOO_LARGE);
  o.slm_bytes = 0;
  o.threads = SGK_MAX_THREADS + 1;
  expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_ERROR_INVALID_THREADS);
  o.threads = 0;
  o.isa = (sgk_isa)99;
  expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_ERROR_UNKNOWN_ISA);
  o.isa = (sgk_isa)-3;
  expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_ERROR_UNKNOWN_ISA);
}

static void test_isa_errors(void **state) {
  (void)state;
  sgk_range r = sgk_range_1d(64, 32);
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  sgk_isa isa;
  expect_status(sgk_isa_from_name("bogus", &isa), SGK_ERROR_UNKNOWN_ISA);
  assert_int_equal(sgk_isa_from_name("avx2", &isa), SGK_SUCCESS);
  assert_int_equal(isa, SGK_ISA_AVX2);
  /* An ISA the library was not built with, or one the CPU lacks: the launch and the tuner's list
   * of ISAs refuse it alike. */
  sgk_isa isas[SGK_ISA_COUNT];
  uint32_t count = 0;
  for (int i = SGK_ISA_SCALAR; i < SGK_ISA_COUNT; ++i) {
    o.isa = (sgk_isa)i;
    sgk_device_info info;
    assert_int_equal(sgk_get_device_info(&info), SGK_SUCCESS);
    sgk_status want = SGK_SUCCESS;
    if (!((info.isas_compiled >> i) & 1))
      want = SGK_ERROR_ISA_NOT_COMPILED;
    else if (!((info.isas_available >> i) & 1))
      want = SGK_ERROR_ISA_UNAVAILABLE;
    if (want != SGK_SUCCESS) {
      expect_status(sgk_launch(&ids, &r, &o, &sink_args, NULL), want);
      expect_status(sgk_tune_isas(o.isa, isas, &count), want);
    } else {
      assert_int_equal(sgk_launch(&ids, &r, &o, &sink_args, NULL), SGK_SUCCESS);
      assert_int_equal(sgk_tune_isas(o.isa, isas, &count), SGK_SUCCESS);
      assert_int_equal(count, 1);
      assert_int_equal(isas[0], o.isa);
    }
  }
  expect_status(sgk_tune_isas((sgk_isa)99, isas, &count), SGK_ERROR_UNKNOWN_ISA);
  expect_status(sgk_tune_isas((sgk_isa)-3, isas, &count), SGK_ERROR_UNKNOWN_ISA);
  /* SGK_ISA, read once when sgk starts, is tested in separate processes: tests/cli_test.sh */
}

/* The kernel table as ABI: a table of another layout is refused before anything of it is read
 * but its first field; a table with fewer ISA rows (compiled against headers that knew fewer
 * ISAs) runs the ISAs it has and reports the others as not compiled. */
static void test_kernel_abi(void **state) {
  (void)state;
  const sgk_range r = sgk_range_1d(64, 32);
  sgk_kernel k = ids; /* a copy of a real table */
  k.abi = SGK_KERNEL_ABI + 1;
  expect_status(sgk_launch(&k, &r, NULL, &sink_args, NULL), SGK_ERROR_KERNEL_ABI);
  assert_non_null(strstr(sgk_last_error(), "ABI"));
  assert_int_equal(sgk_kernel_has_variant(&k, SGK_ISA_SCALAR, 8), 0);

  k = ids;
  k.isa_slots = SGK_ISA_SCALAR + 1; /* an older table: a scalar row only */
  sgk_launch_options o = {.isa = SGK_ISA_SCALAR, .sub_group_size = 8};
  assert_int_equal(sgk_launch(&k, &r, &o, &sink_args, NULL), SGK_SUCCESS);
  for (int i = SGK_ISA_SCALAR + 1; i < SGK_ISA_COUNT; ++i) {
    assert_int_equal(sgk_kernel_has_variant(&k, (sgk_isa)i, 8), 0);
    if (!sgk_isa_available((sgk_isa)i)) continue;
    o.isa = (sgk_isa)i;
    expect_status(sgk_launch(&k, &r, &o, &sink_args, NULL), SGK_ERROR_ISA_NOT_COMPILED);
  }
  assert_int_equal(ids.abi, SGK_KERNEL_ABI);
  assert_int_equal(ids.isa_slots, SGK_ISA_SLOTS);
}

/* SGK_TUNE_WORK_GROUP runs only a kernel whose table declares SGK_KERNEL_WORK_GROUP_FREE: any
 * other is refused before a work-group runs, with whatever else tune asks (alone, beside W or ISA
 * tuning, an empty range), in a message that names the kernel and the property; W tuning alone
 * still runs it. */
static void test_work_group_free(void **state) {
  (void)state;
  assert_int_equal(ids.properties, SGK_KERNEL_WORK_GROUP_FREE); /* SGK_KERNEL_PROPS */
  assert_int_equal(slm_phases.properties, 0);                   /* SGK_KERNEL_SLM */
  assert_int_equal(fill_w16_only.properties, 0);                /* SGK_KERNEL */
  sgk_kernel k = ids;
  k.properties = 0; /* the same kernel, undeclared */
  const uint32_t modes[] = {SGK_TUNE_WORK_GROUP, SGK_TUNE_ON | SGK_TUNE_WORK_GROUP,
                            SGK_TUNE_WORK_GROUP | SGK_TUNE_ISA,
                            SGK_TUNE_ON | SGK_TUNE_WORK_GROUP | SGK_TUNE_ISA};
  const sgk_range ranges[] = {sgk_range_1d(64, 32), sgk_range_1d(0, 32),
                              sgk_range_2d(4, 64, 2, 32)};
  for (size_t m = 0; m < sizeof modes / sizeof *modes; ++m)
    for (size_t i = 0; i < sizeof ranges / sizeof *ranges; ++i) {
      sgk_launch_options o = {.tune = modes[m]};
      sgk_launch_info info = {0};
      memset(sink, 0x5a, sizeof sink);
      expect_status(sgk_launch(&k, &ranges[i], &o, &sink_args, &info), SGK_ERROR_INVALID_TUNE);
      assert_non_null(strstr(sgk_last_error(), "kernel 'ids'"));
      assert_non_null(strstr(sgk_last_error(), "SGK_KERNEL_WORK_GROUP_FREE"));
      assert_int_equal(sink[0], 0x5a5a5a5a); /* nothing ran */
      expect_status(sgk_launch(&slm_phases, &ranges[i], &o, NULL, NULL), SGK_ERROR_INVALID_TUNE);
      assert_non_null(strstr(sgk_last_error(), "kernel 'slm_phases'"));
      assert_int_equal(sgk_launch(&ids, &ranges[i], &o, &sink_args, &info), SGK_SUCCESS);
    }
  sgk_launch_options o = {.tune = SGK_TUNE_ON};
  assert_int_equal(sgk_launch(&k, &ranges[0], &o, &sink_args, NULL), SGK_SUCCESS);
  sgk_tune_reset();
}

/* The library is the version of the headers it was built with. */
static void test_version(void **state) {
  (void)state;
  assert_int_equal(sgk_version(), SGK_VERSION);
  assert_int_equal(SGK_VERSION,
                   SGK_VERSION_MAJOR * 10000 + SGK_VERSION_MINOR * 100 + SGK_VERSION_PATCH);
  char text[32];
  snprintf(text, sizeof text, "%d.%d.%d", SGK_VERSION_MAJOR, SGK_VERSION_MINOR, SGK_VERSION_PATCH);
  assert_string_equal(sgk_version_string(), text);
  assert_string_equal(SGK_VERSION_STRING, text);
}

static void test_status_strings(void **state) {
  (void)state;
  for (int s = 0; s < SGK_STATUS_COUNT; ++s) {
    const char *m = sgk_status_string((sgk_status)s);
    assert_non_null(m);
    for (int t = 0; t < s; ++t) assert_string_not_equal(m, sgk_status_string((sgk_status)t));
  }
  assert_string_equal(sgk_status_string((sgk_status)1000), "unknown status");
  assert_null(sgk_isa_name((sgk_isa)77));
}

static void test_device_info(void **state) {
  (void)state;
  sgk_device_info info;
  assert_int_equal(sgk_get_device_info(&info), SGK_SUCCESS);
  assert_int_equal(info.num_sub_group_sizes, 3);
  assert_int_equal(info.sub_group_sizes[0], 8);
  assert_int_equal(info.sub_group_sizes[1], 16);
  assert_int_equal(info.sub_group_sizes[2], 32);
  assert_true(info.isas_available & (1u << SGK_ISA_SCALAR));
  assert_true((info.isas_available >> info.isa) & 1);
  assert_int_equal(info.max_work_group_size, SGK_MAX_WORK_GROUP_SIZE);
  assert_int_equal(info.local_mem_size, SGK_LOCAL_MEM_SIZE);
  assert_true(info.max_threads >= 1);
  /* the vendor: /proc/cpuinfo's vendor_id on x86 (Linux reads the same CPUID leaf), "" where
   * there is no CPUID */
  const char *vendor = sgk_cpu_vendor();
  assert_non_null(vendor);
#if defined(__x86_64__) || defined(__i386__)
  assert_int_equal(strlen(vendor), 12);
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[256], want[64] = "";
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "vendor_id", 9) == 0 && strchr(line, ':')) {
      sscanf(strchr(line, ':') + 1, " %63s", want);
      break;
    }
  if (f) fclose(f);
  if (want[0]) assert_string_equal(vendor, want);
#else
  assert_string_equal(vendor, "");
#endif
  assert_ptr_equal(sgk_cpu_vendor(), vendor); /* read once */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_failed_launch_runs_nothing),
      cmocka_unit_test(test_nested_launch),
      cmocka_unit_test(test_arena_size),
      cmocka_unit_test(test_thread_policy),
      cmocka_unit_test(test_range_errors),
      cmocka_unit_test(test_null_errors),
      cmocka_unit_test(test_option_errors),
      cmocka_unit_test(test_isa_errors),
      cmocka_unit_test(test_kernel_abi),
      cmocka_unit_test(test_work_group_free),
      cmocka_unit_test(test_version),
      cmocka_unit_test(test_status_strings),
      cmocka_unit_test(test_device_info),
  };
  return cmocka_run_group_tests_name("errors", tests, NULL, NULL);
}
