/* The consumer's host: checks the version it was compiled against, that the variant table holds
 * exactly the variants its build asked for (EXPECT_VARIANTS, "isa:w ..."), and runs each one the
 * CPU has over a ragged range. Prints "consumer <how>: ... all correct". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer.h"

#ifndef EXPECT_VARIANTS
#error "EXPECT_VARIANTS: the variants the build compiled, as \"isa:w ...\""
#endif
#ifndef CONSUMER_HOW
#define CONSUMER_HOW "?"
#endif

static int expected(sgk_isa isa, uint32_t w) {
  char name[32];
  snprintf(name, sizeof name, "%s:%u", sgk_isa_name(isa), w);
  const char *list = EXPECT_VARIANTS;
  const size_t len = strlen(name);
  for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
    if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0')) return 1;
  return 0;
}

int main(void) {
  if (sgk_version() != SGK_VERSION || strcmp(sgk_version_string(), SGK_VERSION_STRING) != 0) {
    fprintf(stderr, "library sgk %s (%u), headers %s (%u)\n", sgk_version_string(), sgk_version(),
            SGK_VERSION_STRING, (unsigned)SGK_VERSION);
    return 1;
  }
  const size_t n = 1000, local = 64; /* 16 work-groups, the last 40 items past n */
  const size_t global = (n + local - 1) / local * local;
  int32_t *x = malloc(n * sizeof *x), *y = malloc((n + 1) * sizeof *y);
  float *fx = malloc(n * sizeof *fx), *fy = malloc((n + 1) * sizeof *fy),
        *fwant = malloc(n * sizeof *fwant);
  if (!x || !y || !fx || !fy || !fwant) return 1;
  for (size_t i = 0; i < n; ++i) x[i] = (int32_t)(i * 7919 % 2001) - 1000;
  /* fwant: the product rounded, then the sum (volatile: the host's compiler must not fuse them
   * either); the inputs must tell that from one rounding (the fused value, from double) */
  size_t fused_differs = 0;
  for (size_t i = 0; i < n; ++i) {
    fx[i] = (float)(i * 7919 % 2001) / 7.0f - 100.0f;
    volatile float p = fx[i] * CONSUMER_FA;
    fwant[i] = p + CONSUMER_FB;
    fused_differs += (float)((double)fx[i] * CONSUMER_FA + CONSUMER_FB) != fwant[i];
  }
  if (fused_differs == 0) {
    fprintf(stderr, "the float inputs give the same sums fused and unfused\n");
    return 1;
  }
  int ran = 0, failures = 0;
  for (int isa = SGK_ISA_AUTO + 1; isa < SGK_ISA_COUNT; ++isa) {
    for (uint32_t w = 8; w <= 32; w *= 2) {
      const int has = sgk_kernel_has_variant(&affine, (sgk_isa)isa, w);
      if (has != expected((sgk_isa)isa, w)) {
        fprintf(stderr, "variant %s W=%u: in the table %d, expected %d\n",
                sgk_isa_name((sgk_isa)isa), w, has, !has);
        ++failures;
      }
      if (!has || !sgk_isa_available((sgk_isa)isa)) continue;
      for (size_t i = 0; i <= n; ++i) y[i] = -1, fy[i] = -1.0f;
      const sgk_range range = sgk_range_1d(global, local);
      const sgk_launch_options opt = {.isa = (sgk_isa)isa, .sub_group_size = w};
      const struct affine_args args = {n, x, y, fx, fy};
      const sgk_status st = sgk_launch(&affine, &range, &opt, &args, NULL);
      if (st != SGK_SUCCESS) {
        fprintf(stderr, "%s W=%u: %s\n", sgk_isa_name((sgk_isa)isa), w, sgk_last_error());
        ++failures;
        continue;
      }
      for (size_t i = 0; i < n; ++i)
        if (y[i] != x[i] * CONSUMER_SCALE + 7) {
          fprintf(stderr, "%s W=%u: y[%zu] = %d\n", sgk_isa_name((sgk_isa)isa), w, i, y[i]);
          ++failures;
          break;
        }
      for (size_t i = 0; i < n; ++i)
        if (fy[i] != fwant[i]) {
          fprintf(stderr, "%s W=%u: fy[%zu] = %a, the multiply and add rounded apart give %a\n",
                  sgk_isa_name((sgk_isa)isa), w, i, (double)fy[i], (double)fwant[i]);
          ++failures;
          break;
        }
      if (y[n] != -1 || fy[n] != -1.0f) {
        fprintf(stderr, "%s W=%u: wrote past n\n", sgk_isa_name((sgk_isa)isa), w);
        ++failures;
      }
      ++ran;
    }
  }
  free(x);
  free(y);
  free(fx);
  free(fy);
  free(fwant);
  if (failures || !ran) return 1;
  printf("consumer %s: sgk %s, %d variants run, all correct\n", CONSUMER_HOW, sgk_version_string(),
         ran);
  return 0;
}
