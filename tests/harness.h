/* Shared by the test programs: each runs for one (ISA, W) given on the command line
 * (`--isa avx2 --sg 16`), so that ctest lists and labels every variant. A variant the CPU or the
 * build lacks exits with 77, which ctest reports as skipped. */
#ifndef SGK_TEST_HARNESS_H
#define SGK_TEST_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sgk/sgk.h"

#define SGK_TEST_SKIP 77

typedef struct test_config {
  sgk_isa isa;
  uint32_t w;
} test_config;

extern test_config cfg;

/* Parses --isa and --sg; exits 77 when the variant cannot run here, 2 on bad arguments. */
void test_parse_args(int argc, char **argv);
/* Launch options for the configured variant. */
sgk_launch_options test_options(size_t slm_bytes);
/* Fails the current test with the launch's status and message unless it succeeded. */
#define LAUNCH_OK(expr)                                                                            \
  do {                                                                                             \
    sgk_status st__ = (expr);                                                                      \
    if (st__ != SGK_SUCCESS)                                                                       \
      fail_msg("%s -> %s: %s", #expr, sgk_status_string(st__), sgk_last_error());                  \
  } while (0)

/* Deterministic generator (splitmix64) so failures reproduce. */
static inline uint64_t test_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int test_run(const char *group, const struct CMUnitTest *tests, size_t n);

#endif
