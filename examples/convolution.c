/* convolution_global.cpp and convolution_slm.cpp: N = 8192 * 8192, M = 257, srand(2009),
 * nd_range<1>(N, 256). Usage: convolution [global|slm] [N] */
#include <string.h>

#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(conv_global);
SGK_DECLARE_KERNEL(conv_slm);

int main(int argc, char **argv) {
  const int slm = argc > 1 && strcmp(argv[1], "slm") == 0;
  const size_t N = argc > 2 ? strtoull(argv[2], NULL, 10) : (size_t)8192 * 8192;
  const size_t M = 257;
  if (N == 0 || N % 256) {
    fprintf(stderr, "N must be a positive multiple of 256\n");
    return 2;
  }

  int32_t *input = malloc(N * sizeof(int32_t)), *output = malloc(N * sizeof(int32_t));
  int32_t kernel[257];
  srand(2009);
  for (size_t i = 0; i < N; ++i) input[i] = rand();
  for (size_t i = 0; i < M; ++i) kernel[i] = rand();

  print_device();
  struct conv_args a = {input, kernel, output, N, (uint32_t)M};
  const sgk_launch_options o =
      reqd_sub_group_size(0, slm ? (256 + (M / 2) * 2) * sizeof(int32_t) : 0);
  const uint64_t kernel_ns = submit(slm ? &conv_slm : &conv_global, sgk_range_1d(N, 256), &o, &a);
  printf("Kernel Execution Time Average: total = %g msec\n", (double)kernel_ns * 1e-6);
  free(input);
  free(output);
  return 0;
}
