/* Shared by the seed ports: the device line every seed prints first, and launch checking. */
#ifndef SGK_EXAMPLES_COMMON_H
#define SGK_EXAMPLES_COMMON_H
#include <stdio.h>
#include <stdlib.h>

#include "sgk/sgk.h"

/* std::cout << "Device: " << q.get_device().get_info<sycl::info::device::name>() */
static inline void print_device(void) {
  sgk_device_info d;
  if (sgk_get_device_info(&d) != SGK_SUCCESS) {
    fprintf(stderr, "sgk: %s\n", sgk_last_error());
    exit(1);
  }
  printf("Device: %s (sgk %s)\n", d.cpu_name, sgk_isa_name(d.isa));
}

/* q.submit(...).wait() with the launch's status checked */
static inline uint64_t submit(const sgk_kernel *k, sgk_range r, const sgk_launch_options *o,
                              const void *args) {
  sgk_launch_info info;
  const sgk_status st = sgk_launch(k, &r, o, args, &info);
  if (st != SGK_SUCCESS) {
    fprintf(stderr, "sgk_launch(%s): %s: %s\n", k->name, sgk_status_string(st), sgk_last_error());
    exit(1);
  }
  return info.end_ns - info.start_ns; /* command_end - command_start */
}

static inline sgk_launch_options reqd_sub_group_size(uint32_t w, size_t slm) {
  sgk_launch_options o = {0};
  o.sub_group_size = w;
  o.slm_bytes = slm;
  return o;
}
#endif
