/* sg_max_size.cpp: nd_range<1>(15, 15) [[intel::reqd_sub_group_size(16)]] (and the guide's
 * nd_range(7, 7)): sgSize 15 (7), sgMaxSize 16. Usage: sg_max_size [N] */
#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(sg_info);

int main(int argc, char **argv) {
  const int N = argc > 1 ? atoi(argv[1]) : 15;
  if (N < 1 || N > 1024) {
    fprintf(stderr, "N must be 1 .. 1024\n");
    return 2;
  }
  print_device();

  int32_t *data = malloc(sizeof(int32_t) * (size_t)(N + N + 2 + 32));
  for (int i = 0; i < N + N + 2 + 32; i++) data[i] = i;
  int32_t *out = malloc(sizeof(int32_t) * (size_t)N * SGI_FIELDS);
  struct sg_info_args a = {data, out};
  const sgk_launch_options o = reqd_sub_group_size(16, 0);
  submit(&sg_info, sgk_range_1d((size_t)N, (size_t)N), &o, &a);
  for (int i = 0; i < N; i++) {
    const int32_t *it = out + i * SGI_FIELDS;
    printf("globalId = %d sgMaxSize = %d sgSize = %d sId = %d j = %d k = %d\n", it[SGI_GLOBAL],
           it[SGI_SG_MAX], it[SGI_SG_SIZE], it[SGI_SG_ID], it[SGI_J], it[SGI_K]);
  }
  free(data);
  free(out);
  return 0;
}
