/* sg_size.cpp: nd_range<1>(32, 32); every work-item prints its ids. Usage: sg_size [W]
 * (W: the [[intel::reqd_sub_group_size(W)]] variant; default: the ISA's native size). */
#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(sg_info);

int main(int argc, char **argv) {
  print_device();
  sgk_device_info d;
  sgk_get_device_info(&d);
  printf("Sub-group Sizes: ");
  for (uint32_t s = 0; s < d.num_sub_group_sizes; ++s) printf("%u ", d.sub_group_sizes[s]);
  printf("\n");

  int32_t out[32 * SGI_FIELDS];
  struct sg_info_args a = {NULL, out};
  const sgk_launch_options o = reqd_sub_group_size(argc > 1 ? (uint32_t)atoi(argv[1]) : 0, 0);
  submit(&sg_info, sgk_range_1d(32, 32), &o, &a);
  for (int i = 0; i < 32; ++i) {
    const int32_t *it = out + i * SGI_FIELDS;
    printf("globalId = %2d groupId = %d sgGroupId = %d sgId = %d sgSize = %2d\n", it[SGI_GLOBAL],
           it[SGI_GROUP], it[SGI_SG_GROUP], it[SGI_SG_ID], it[SGI_SG_SIZE]);
  }
  return 0;
}
