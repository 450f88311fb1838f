/* `sgk info [--json]`: the device as sgk sees it. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void print_isa_list(uint32_t set, int json) {
  int first = 1;
  for (int i = SGK_ISA_SCALAR; i < SGK_ISA_COUNT; ++i) {
    if (!((set >> i) & 1)) continue;
    printf(json ? "%s\"%s\"" : "%s%s", first ? "" : json ? ", " : " ", sgk_isa_name((sgk_isa)i));
    first = 0;
  }
}

int cli_info(int argc, char **argv) {
  int json = 0;
  for (int i = 0; i < argc; ++i) {
    if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else
      return cli_usage_error("info: unknown option '%s'", argv[i]);
  }
  sgk_device_info d;
  sgk_status st = sgk_get_device_info(&d);
  if (st != SGK_SUCCESS) return cli_status_error("info", st);
  if (json) {
    printf("{\"sgk_version\": \"%s\", \"cpu\": ", sgk_version_string());
    cli_print_json_string(d.cpu_name);
    printf(", \"cpu_vendor\": ");
    cli_print_json_string(sgk_cpu_vendor());
    printf(", \"isa\": \"%s\", \"isas_available\": [", sgk_isa_name(d.isa));
    print_isa_list(d.isas_available, 1);
    printf("], \"isas_compiled\": [");
    print_isa_list(d.isas_compiled, 1);
    printf(
        "], \"sub_group_sizes\": [%u, %u, %u], \"native_sub_group_size\": %u, "
        "\"max_work_group_size\": %zu, \"local_mem_size\": %zu, \"max_threads\": %u, "
        "\"l1d_cache_bytes\": %zu, \"l2_cache_bytes\": %zu, \"l3_cache_bytes\": %zu}\n",
        d.sub_group_sizes[0], d.sub_group_sizes[1], d.sub_group_sizes[2], d.native_sub_group_size,
        d.max_work_group_size, d.local_mem_size, d.max_threads, d.l1d_cache_bytes, d.l2_cache_bytes,
        d.l3_cache_bytes);
    return 0;
  }
  printf("sgk %s\n", sgk_version_string());
  printf("Device: %s\n", d.cpu_name);
  if (sgk_cpu_vendor()[0]) printf("Vendor: %s\n", sgk_cpu_vendor());
  printf("ISA (default): %s, native sub-group size %u\n", sgk_isa_name(d.isa),
         d.native_sub_group_size);
  printf("ISAs available: ");
  print_isa_list(d.isas_available, 0);
  printf("\nISAs compiled:  ");
  print_isa_list(d.isas_compiled, 0);
  printf("\nSub-group Sizes: %u %u %u\n", d.sub_group_sizes[0], d.sub_group_sizes[1],
         d.sub_group_sizes[2]);
  printf("Max Work-group Size: %zu\n", d.max_work_group_size);
  printf("Local Memory Size: %zu\n", d.local_mem_size);
  printf("Threads: %u\n", d.max_threads);
  printf("Caches: L1d %zu KiB, L2 %zu KiB, L3 %zu KiB\n", d.l1d_cache_bytes / 1024,
         d.l2_cache_bytes / 1024, d.l3_cache_bytes / 1024);
  return 0;
}
