/* histogram_256_int.cpp and histogram_256_slm.cpp: N = 4096 * 4096 uint64 of 8 random bytes
 * (srand(2009)), 256 bins, blockSize 256, nd_range(N / 256, 64). Usage: histogram [int|slm] */
#include <string.h>

#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(hist_private);
SGK_DECLARE_KERNEL(hist_slm);

int main(int argc, char **argv) {
  const int slm = argc > 1 && strcmp(argv[1], "slm") == 0;
  const int N = 4096 * 4096;
  uint64_t *input = malloc(sizeof(uint64_t) * (size_t)N);
  srand(2009);
  for (int i = 0; i < N; ++i) {
    input[i] = (uint64_t)rand() % 256;
    input[i] |= ((uint64_t)rand() % 256) << 8;
    input[i] |= ((uint64_t)rand() % 256) << 16;
    input[i] |= ((uint64_t)rand() % 256) << 24;
    input[i] |= ((uint64_t)rand() % 256) << 32;
    input[i] |= ((uint64_t)rand() % 256) << 40;
    input[i] |= ((uint64_t)rand() % 256) << 48;
    input[i] |= ((uint64_t)rand() % 256) << 56;
  }
  print_device();

  const int blockSize = 256, NUM_BINS = 256;
  uint64_t hist[256] = {0};
  struct hist_args a = {input, hist, slm ? 0xFFu : 0x1Fu};
  /* the private-bins version asks for [[intel::reqd_sub_group_size(16)]] */
  const sgk_launch_options o =
      reqd_sub_group_size(slm ? 0 : 16, slm ? NUM_BINS * sizeof(uint32_t) : 0);
  const uint64_t kernel_ns =
      submit(slm ? &hist_slm : &hist_private, sgk_range_1d((size_t)N / blockSize, 64), &o, &a);
  printf("Kernel Execution Time Average: total = %g msec\n", (double)kernel_ns * 1e-6);
  free(input);
  return 0;
}
