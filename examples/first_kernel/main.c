/* examples/first_kernel/main.c: launch saxpy_sum and check it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "saxpy.h"

int main(void) {
  enum { N = 1000, LOCAL = 100 }; /* 10 work-groups; 100 = 6 x 16 + 4: a partial sub-group */
  float x[N], y[N], sums[N / LOCAL];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }

  struct saxpy_args args = {2.0f, x, y, sums};
  sgk_range range = sgk_range_1d(N, LOCAL);
  sgk_launch_options opt = {0}; /* defaults: best ISA, its native sub-group size */
  opt.sub_group_size = 16;      /* like [[intel::reqd_sub_group_size(16)]] */
  sgk_launch_info info;
  sgk_status st = sgk_launch(&saxpy_sum, &range, &opt, &args, &info);
  if (st != SGK_SUCCESS) {
    fprintf(stderr, "launch failed: %s (%s)\n", sgk_status_string(st), sgk_last_error());
    return 1;
  }
  for (int g = 0; g < N / LOCAL; ++g) {
    float want = 0.0f;
    for (int i = g * LOCAL; i < (g + 1) * LOCAL; ++i) want += 2.0f * (float)i + 1.0f;
    if (fabsf(sums[g] - want) > 1e-3f * want) {
      fprintf(stderr, "group %d: %f, want %f\n", g, sums[g], want);
      return 1;
    }
  }
  printf("saxpy_sum on %s, sub-group size %u: %zu work-groups in %llu ns, all correct\n",
         sgk_isa_name(info.isa), info.sub_group_size, info.work_groups,
         (unsigned long long)(info.end_ns - info.start_ns));
  return 0;
}
