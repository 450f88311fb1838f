#include "harness.h"

test_config cfg = {SGK_ISA_SCALAR, 8};
int32_t test_void_args_groups; /* the void_args kernel's counter (runtime_kernels.h) */

void test_parse_args(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--isa") == 0 && i + 1 < argc) {
      if (sgk_isa_from_name(argv[++i], &cfg.isa) != SGK_SUCCESS || cfg.isa == SGK_ISA_AUTO) {
        fprintf(stderr, "unknown ISA %s\n", argv[i]);
        exit(2);
      }
    } else if (strcmp(argv[i], "--sg") == 0 && i + 1 < argc) {
      cfg.w = (uint32_t)atoi(argv[++i]);
      if (cfg.w != 8 && cfg.w != 16 && cfg.w != 32) {
        fprintf(stderr, "bad sub-group size %s\n", argv[i]);
        exit(2);
      }
    } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
      cmocka_set_test_filter(argv[++i]); /* the tests whose names match, e.g. test_slide_share */
    } else {
      fprintf(stderr, "usage: %s [--isa scalar|avx2|avx512|neon] [--sg 8|16|32] [--only TEST]\n",
              argv[0]);
      exit(2);
    }
  }
  if (!sgk_isa_available(cfg.isa)) {
    printf("SKIPPED: ISA %s is not available on this CPU or not compiled in\n",
           sgk_isa_name(cfg.isa));
    exit(SGK_TEST_SKIP);
  }
}

sgk_launch_options test_options(size_t slm_bytes) {
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.isa = cfg.isa;
  o.sub_group_size = cfg.w;
  o.slm_bytes = slm_bytes;
  return o;
}

int test_run(const char *group, const struct CMUnitTest *tests, size_t n) {
  char name[128];
  snprintf(name, sizeof name, "%s[%s,W=%u]", group, sgk_isa_name(cfg.isa), cfg.w);
  return _cmocka_run_group_tests(name, tests, n, NULL, NULL);
}
