/* The guide's OpenMP-offload reduction val = sum C[i N + j] A[i] B[j], N = 2048, with
 * make_array(N, 0.8), (N, 0.65), (N * N, 2.5), as an nd-range kernel: LWS (default 1024) and
 * GWS = LWS * teams (default 30, the guide's best OMP_NUM_TEAMS). Usage: triple_product [LWS] [teams] */
#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(triple_product);

static double *make_array(size_t n, double value) {
  double *p = malloc(n * sizeof *p);
  for (size_t i = 0; p && i < n; ++i) p[i] = value;
  return p;
}

int main(int argc, char **argv) {
  const size_t lws = argc > 1 ? strtoull(argv[1], NULL, 10) : 1024;
  const size_t teams = argc > 2 ? strtoull(argv[2], NULL, 10) : 30;
  if (lws == 0 || lws > 1024 || teams == 0) {
    fprintf(stderr, "LWS 1 .. 1024, teams > 0\n");
    return 2;
  }
  const int N = 2048;
  double *A = make_array((size_t)N, 0.8), *B = make_array((size_t)N, 0.65);
  double *C = make_array((size_t)N * N, 2.5);
  if ((A == NULL) || (B == NULL) || (C == NULL)) exit(1);
  print_device();

  double val = 0.0;
  struct triple_args a = {A, B, C, (uint32_t)N, lws * teams, &val};
  const sgk_launch_options o = reqd_sub_group_size(0, 0);
  const uint64_t ns = submit(&triple_product, sgk_range_1d(lws * teams, lws), &o, &a);
  printf("val = %f10.3\n", val); /* the guide's format string, as printed */
  printf("LWS = %zu, GWS = %zu: %.3f ms\n", lws, lws * teams, (double)ns * 1e-6);
  free(A);
  free(B);
  free(C);
  return 0;
}
