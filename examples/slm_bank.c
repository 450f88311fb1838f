/* slm_bank.cpp: nd_range(32, 32), SLM of 32 * 64 ints, 1024 * 1024 barriers; slm[j * 16] and,
 * with the argument 1, the conflict-free slm[j]. Usage: slm_bank [16|1] */
#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(slm_bank);

int main(int argc, char **argv) {
  const uint32_t stride = argc > 1 ? (uint32_t)atoi(argv[1]) : 16;
  if (stride != 1 && stride != 16) {
    fprintf(stderr, "usage: slm_bank [16|1]\n");
    return 2;
  }
  print_device();
  const int N = 32;
  int32_t data[32];
  struct slm_bank_args a = {data, 1024 * 1024, stride};
  const sgk_launch_options o = reqd_sub_group_size(0, 32 * 64 * sizeof(int32_t));
  const uint64_t ns = submit(&slm_bank, sgk_range_1d((size_t)N, 32), &o, &a);
  printf("Kernel time = %llu ns\n", (unsigned long long)ns);
  return 0;
}
