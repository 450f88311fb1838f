/* sg_shuffle.cpp: the 16 x 16 matrix transposed by one sub-group with select_from_group. */
#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(transpose16);

#define N 16

static void print_matrix(const unsigned *matrix) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) printf("%3u ", matrix[i * N + j]);
    printf("\n");
  }
}

int main(void) {
  print_device();
  unsigned matrix[N * N];
  for (int i = 0; i < N * N; ++i) matrix[i] = (unsigned)i;
  printf("Matrix: \n");
  print_matrix(matrix);

  const size_t blockSize = 16;
  struct transpose16_args a = {matrix, N};
  const sgk_launch_options o = reqd_sub_group_size(16, 0);
  const uint64_t kernel_time =
      submit(&transpose16, sgk_range_2d(N / blockSize, N, 1, blockSize), &o, &a);
  printf("\nKernel Execution Time: %g msec\n", (double)kernel_time * 1e-6);

  printf("\nTransposed Matrix: \n");
  print_matrix(matrix);
  return 0;
}
