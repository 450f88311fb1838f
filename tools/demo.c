/* `sgk demo sg_size|sg_max_size|transpose16`: the seed programs' output, in their format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(sg_info);
SGK_DECLARE_KERNEL(transpose16);

static int demo_sg(const char *name, size_t n, const sgk_launch_options *o, int with_data) {
  sgk_device_info d;
  sgk_status st = sgk_get_device_info(&d);
  if (st != SGK_SUCCESS) return cli_status_error(name, st);
  int32_t *data = malloc((n + 64) * sizeof *data), *out = malloc(n * SGI_FIELDS * sizeof *out);
  if (!data || !out) {
    free(data);
    free(out);
    return cli_usage_error("%s: out of memory", name);
  }
  for (size_t i = 0; i < n + 64; ++i) data[i] = (int32_t)i;
  struct sg_info_args a = {with_data ? data : NULL, out};
  const sgk_range r = sgk_range_1d(n, n);
  sgk_launch_info info;
  st = sgk_launch(&sg_info, &r, o, &a, &info);
  if (st != SGK_SUCCESS) {
    free(data);
    free(out);
    return cli_status_error(name, st);
  }
  printf("Device: %s (%s, sub-group size %u)\n", d.cpu_name, sgk_isa_name(info.isa),
         info.sub_group_size);
  if (!with_data)
    printf("Sub-group Sizes: %u %u %u\n", d.sub_group_sizes[0], d.sub_group_sizes[1],
           d.sub_group_sizes[2]);
  for (size_t i = 0; i < n; ++i) {
    const int32_t *f = out + i * SGI_FIELDS;
    if (with_data)
      printf("globalId = %d sgMaxSize = %d sgSize = %d sId = %d j = %d k = %d\n", f[SGI_GLOBAL],
             f[SGI_SG_MAX], f[SGI_SG_SIZE], f[SGI_SG_ID], f[SGI_J], f[SGI_K]);
    else
      printf("globalId = %2d groupId = %d sgGroupId = %d sgId = %d sgSize = %2d\n", f[SGI_GLOBAL],
             f[SGI_GROUP], f[SGI_SG_GROUP], f[SGI_SG_ID], f[SGI_SG_SIZE]);
  }
  free(data);
  free(out);
  return 0;
}

static void print_matrix(const uint32_t *m, size_t n) {
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < n; j++) printf("%3u ", m[i * n + j]);
    printf("\n");
  }
}

static int demo_transpose16(const sgk_launch_options *o) {
  enum { N = 16 };
  uint32_t matrix[N * N];
  for (uint32_t i = 0; i < N * N; ++i) matrix[i] = i;
  sgk_device_info d;
  sgk_status st = sgk_get_device_info(&d);
  if (st != SGK_SUCCESS) return cli_status_error("transpose16", st);
  printf("Device: %s\n", d.cpu_name);
  printf("Matrix: \n");
  print_matrix(matrix, N);
  const uint32_t w = o->sub_group_size;
  struct transpose16_args a = {matrix, N};
  const sgk_range r = sgk_range_2d(N / w, N, 1, w);
  sgk_launch_info info;
  st = sgk_launch(&transpose16, &r, o, &a, &info);
  if (st != SGK_SUCCESS) return cli_status_error("transpose16", st);
  printf("\nKernel Execution Time: %g msec\n", (double)(info.end_ns - info.start_ns) * 1e-6);
  printf("\nTransposed Matrix: \n");
  print_matrix(matrix, N);
  return 0;
}

int cli_demo(int argc, char **argv) {
  if (argc < 1) return cli_usage_error("demo: sg_size, sg_max_size or transpose16?");
  const char *name = argv[0];
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  size_t n = 0;
  for (int i = 1; i < argc; ++i) {
    if (i + 1 >= argc) return cli_usage_error("demo: option %s needs a value", argv[i]);
    const char *v = argv[++i];
    unsigned long long x;
    if (strcmp(argv[i - 1], "--sg") == 0) {
      if (!cli_parse_uint(v, 64, &x) || (x != 8 && x != 16 && x != 32))
        return cli_usage_error("demo: --sg %s: the sub-group size must be 8, 16 or 32", v);
      o.sub_group_size = (uint32_t)x;
    } else if (strcmp(argv[i - 1], "--isa") == 0) {
      if (sgk_isa_from_name(v, &o.isa) != SGK_SUCCESS)
        return cli_usage_error("demo: %s", sgk_last_error());
    } else if (strcmp(argv[i - 1], "--n") == 0) {
      if (!cli_parse_uint(v, SGK_MAX_WORK_GROUP_SIZE, &x) || x == 0)
        return cli_usage_error("demo: --n %s: 1 .. %u work-items (one work-group)", v,
                               SGK_MAX_WORK_GROUP_SIZE);
      n = (size_t)x;
    } else {
      return cli_usage_error("demo: unknown option '%s'", argv[i - 1]);
    }
  }
  if (strcmp(name, "sg_size") == 0) return demo_sg(name, n ? n : 32, &o, 0); /* nd_range(32, 32) */
  if (o.sub_group_size == 0) o.sub_group_size = 16; /* [[intel::reqd_sub_group_size(16)]] */
  if (strcmp(name, "sg_max_size") == 0)
    return demo_sg(name, n ? n : 15, &o, 1); /* nd_range(15, 15) */
  if (strcmp(name, "transpose16") == 0) {
    if (n) return cli_usage_error("demo: transpose16 is the seed's 16 x 16 matrix; no --n");
    return demo_transpose16(&o);
  }
  return cli_usage_error("demo: unknown demo '%s' (sg_size, sg_max_size, transpose16)", name);
}
