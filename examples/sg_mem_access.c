/* sg_mem_access_0.cpp, _1.cpp, _2.cpp and the guide's init and vec<int, 4> snippets:
 * N = 1024 * 1024 ints, nd_range(N / 16, 32). Usage: sg_mem_access 0|1|2|vec4|init_wi|init_sg */
#include <string.h>

#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(copy_wi);
SGK_DECLARE_KERNEL(copy_sg);
SGK_DECLARE_KERNEL(copy_block);
SGK_DECLARE_KERNEL(copy_vec4);
SGK_DECLARE_KERNEL(init_wi);
SGK_DECLARE_KERNEL(init_sg);

int main(int argc, char **argv) {
  const char *v = argc > 1 ? argv[1] : "2";
  const sgk_kernel *k = strcmp(v, "0") == 0         ? &copy_wi
                        : strcmp(v, "1") == 0       ? &copy_sg
                        : strcmp(v, "2") == 0       ? &copy_block
                        : strcmp(v, "vec4") == 0    ? &copy_vec4
                        : strcmp(v, "init_wi") == 0 ? &init_wi
                        : strcmp(v, "init_sg") == 0 ? &init_sg
                                                    : NULL;
  if (!k) {
    fprintf(stderr, "usage: sg_mem_access 0|1|2|vec4|init_wi|init_sg\n");
    return 2;
  }
  print_device();

  const int N = 1024 * 1024;
  int32_t *data = calloc((size_t)N, sizeof(int32_t));
  int32_t *data2 = malloc(sizeof(int32_t) * (size_t)N);
  memset(data2, 0xFF, sizeof(int) * (size_t)N);

  struct copy_args a = {data2, data};
  /* sg_mem_access_2 asks for [[intel::reqd_sub_group_size(16)]] */
  const sgk_launch_options o = reqd_sub_group_size(k == &copy_block ? 16 : 0, 0);
  const uint64_t ns = submit(k, sgk_range_1d((size_t)N / 16, 32), &o, &a);
  for (int i = 0; i < N; ++i)
    if (data[i] != -1) {
      fprintf(stderr, "data[%d] = %d, want -1\n", i, data[i]);
      return 1;
    }
  printf("Kernel time = %llu ns\n", (unsigned long long)ns);
  free(data);
  free(data2);
  return 0;
}
