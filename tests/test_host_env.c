/* sgk inside a host application that has threads of its own: the team a launch gets under the
 * OpenMP environment variables, the `threads` option, the application's own OpenMP parallel
 * region and its own thread pool. ctest runs it under each environment (tests/CMakeLists.txt).
 *   test_host_env THREADS EXPECTED                 one launch with options.threads = THREADS
 *   test_host_env --region N THREADS EXPECTED      a launch from each thread of an OpenMP
 *                                                  parallel region of N threads
 *   test_host_env --pool N THREADS EXPECTED        a launch from each of N pthreads at once
 * Every launch's team (info.threads) must be EXPECTED and every work-item's ids right. */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ids_oracle.h"
#include "runtime_kernels.h"

#define GROUPS 64
#define LOCAL 48

static uint32_t threads_option, expected;

/* One launch of ids over GROUPS work-groups; 0 when its team and every id are as expected. */
static int launch_and_check(const char *where) {
  const sgk_range r = sgk_range_1d(GROUPS * LOCAL, LOCAL);
  int32_t *out = calloc((size_t)GROUPS * LOCAL * ID_FIELDS, sizeof *out);
  if (!out) return 1;
  const sgk_launch_options o = {.threads = threads_option};
  sgk_launch_info info;
  struct ids_args args = {out};
  const sgk_status st = sgk_launch(&ids, &r, &o, &args, &info);
  char msg[256] = "";
  int bad = 0;
  if (st != SGK_SUCCESS) {
    fprintf(stderr, "%s: %s\n", where, sgk_last_error());
    bad = 1;
  } else if (info.threads != expected) {
    fprintf(stderr, "%s: a team of %u, expected %u\n", where, info.threads, expected);
    bad = 1;
  } else if (!ids_match(out, &r, info.sub_group_size, msg, sizeof msg)) {
    fprintf(stderr, "%s: %s\n", where, msg);
    bad = 1;
  }
  free(out);
  return bad;
}

static void *pool_thread(void *arg) {
  char where[64];
  snprintf(where, sizeof where, "pool thread %d", *(int *)arg);
  *(int *)arg = launch_and_check(where);
  return NULL;
}

int main(int argc, char **argv) {
  int region = 0, pool = 0;
  if (argc == 5 && strcmp(argv[1], "--region") == 0) region = atoi(argv[2]);
  if (argc == 5 && strcmp(argv[1], "--pool") == 0) pool = atoi(argv[2]);
  if ((argc != 3 && argc != 5) || (argc == 5 && region < 1 && pool < 1) || pool > 64) {
    fprintf(stderr, "usage: %s [--region N | --pool N] THREADS EXPECTED\n", argv[0]);
    return 2;
  }
  threads_option = (uint32_t)atoi(argv[argc - 2]);
  expected = (uint32_t)atoi(argv[argc - 1]);
  /* libgomp with more than one thread hangs under qemu-user */
  if (getenv("SGK_TEST_EMULATED") && (expected > 1 || region > 1 || pool > 1)) {
    printf("SKIPPED: OpenMP teams under emulation\n");
    return SGK_TEST_SKIP;
  }
  int bad = 0;
  if (region) {
#pragma omp parallel num_threads(region) reduction(+ : bad)
    {
      char where[64];
      snprintf(where, sizeof where, "thread %d of the application's region (level %d)",
               omp_get_thread_num(), omp_get_active_level());
      bad += launch_and_check(where);
    }
  } else if (pool) {
    pthread_t tid[64];
    int result[64];
    for (int i = 0; i < pool; ++i) {
      result[i] = i;
      if (pthread_create(&tid[i], NULL, pool_thread, &result[i]) != 0) return 1;
    }
    for (int i = 0; i < pool; ++i) {
      pthread_join(tid[i], NULL);
      bad += result[i];
    }
  } else {
    bad = launch_and_check("the main thread");
  }
  const char *env[] = {"OMP_NUM_THREADS", "OMP_THREAD_LIMIT", "OMP_MAX_ACTIVE_LEVELS"};
  printf("%s:", bad ? "FAIL" : "PASS");
  for (int i = 0; i < 3; ++i) printf(" %s=%s", env[i], getenv(env[i]) ? getenv(env[i]) : "-");
  printf("; %s%d launch(es) with threads = %u: team %u\n",
         region ? "region, "
         : pool ? "pool, "
                : "",
         region ? region
         : pool ? pool
                : 1,
         threads_option, expected);
  return bad ? 1 : 0;
}
