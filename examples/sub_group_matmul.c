/* ENCCS sub_group-matmul: C = A B in double, global {M, N}, local {1, tile_sz}; the result is
 * checked against a plain loop. Usage: sub_group_matmul [size] */
#include <math.h>

#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(matmul_sg);

int main(int argc, char **argv) {
  const size_t sz = argc > 1 ? strtoull(argv[1], NULL, 10) : 256;
  if (sz == 0 || sz > 4096) {
    fprintf(stderr, "size must be 1 .. 4096\n");
    return 2;
  }
  const size_t M = sz, N = sz, K = sz; /* we could make the matrices non-square! */
  double *a = malloc(M * K * sizeof(double)), *b = malloc(K * N * sizeof(double));
  double *c = malloc(M * N * sizeof(double));
  srand(2009); /* fill a and b with random numbers in the unit interval */
  for (size_t i = 0; i < M * K; ++i) a[i] = rand() / (RAND_MAX + 1.0);
  for (size_t i = 0; i < K * N; ++i) b[i] = rand() / (RAND_MAX + 1.0);

  print_device();
  const uint32_t tile_sz = 16;
  struct matmul_args args = {a, b, c, (uint32_t)M, (uint32_t)N, (uint32_t)K};
  const sgk_launch_options o = reqd_sub_group_size(tile_sz, 0);
  const size_t cols = (N + tile_sz - 1) / tile_sz * tile_sz;
  const uint64_t ns = submit(&matmul_sg, sgk_range_2d(M, cols, 1, tile_sz), &o, &args);

  double max_err = 0.0; /* check that the results are correct */
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      double want = 0.0;
      for (size_t l = 0; l < K; ++l) want += a[i * K + l] * b[l * N + j];
      max_err = fmax(max_err, fabs(c[i * N + j] - want));
    }
  printf("%zu x %zu x %zu: %.3f ms, %.2f GFLOP/s, max |error| = %.3g: %s\n", M, N, K,
         (double)ns * 1e-6, 2.0 * (double)(M * N * K) / (double)ns, max_err,
         max_err <= 1e-12 * (double)K ? "correct" : "WRONG");
  free(a);
  free(b);
  free(c);
  return max_err <= 1e-12 * (double)K ? 0 : 1;
}
