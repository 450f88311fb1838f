/* The guide's "Considerations for Selecting Work-Group Size": reduction() at work-group size 16
 * and at the maximum, and vec_copy() at 16, 32, 64, 128, 256, each averaged over iter runs. */
#include <string.h>

#include "common.h"
#include "kernel_args.h"

SGK_DECLARE_KERNEL(reduce_slm);
SGK_DECLARE_KERNEL(vec_copy);

static void check_result(double elapsed, const char *msg, int ok) {
  printf("%s: %s, avg %.3f ms\n", msg, ok ? "correct" : "WRONG", elapsed * 1e-6);
}

static void reduction(const int32_t *data, size_t data_size, int iter, int work_group_size) {
  int32_t sum = 0;
  size_t num_work_items =
      data_size / (size_t)work_group_size / (size_t)work_group_size * (size_t)work_group_size;
  if (num_work_items == 0) num_work_items = (size_t)work_group_size;
  double elapsed = 0;
  const sgk_launch_options o = reqd_sub_group_size(16, (size_t)work_group_size * sizeof(int32_t));
  for (int i = 0; i < iter; i++) {
    sum = 0;
    struct reduce_args a = {data, data_size, num_work_items, &sum};
    elapsed +=
        (double)submit(&reduce_slm, sgk_range_1d(num_work_items, (size_t)work_group_size), &o, &a);
  }
  uint32_t want = 0;
  for (size_t i = 0; i < data_size; ++i) want += (uint32_t)data[i];
  char msg[64];
  snprintf(msg, sizeof msg, "reduction with work-groups=%d", work_group_size);
  check_result(elapsed / iter, msg, sum == (int32_t)want);
}

static void vec_copy_run(const int32_t *src, int32_t *dst, size_t data_size, int iter,
                         int work_group_size) {
  double elapsed = 0;
  const sgk_launch_options o = reqd_sub_group_size(16, 0);
  for (int i = 0; i < iter; i++) {
    struct vec_copy_args a = {src, dst};
    elapsed += (double)submit(&vec_copy, sgk_range_1d(data_size, (size_t)work_group_size), &o, &a);
  }
  char msg[64];
  snprintf(msg, sizeof msg, "vec_copy with work-group-size=%d", work_group_size);
  check_result(elapsed / iter, msg, memcmp(src, dst, data_size * sizeof *src) == 0);
}

int main(void) {
  print_device();
  const size_t N = 16 * 1024 * 1024;
  int32_t *data = malloc(N * sizeof *data), *dst = malloc(N * sizeof *dst);
  for (size_t i = 0; i < N; ++i) data[i] = (int32_t)(i % 1000) - 500;
  int vec_size = 16;
  int work_group_size = vec_size;
  reduction(data, N, 16, work_group_size);
  sgk_device_info d;
  sgk_get_device_info(&d);
  work_group_size = (int)d.max_work_group_size;
  reduction(data, N, 16, work_group_size);
  for (work_group_size = vec_size; work_group_size <= 16 * vec_size; work_group_size *= 2)
    vec_copy_run(data, dst, N, 16, work_group_size);
  free(data);
  free(dst);
  return 0;
}
