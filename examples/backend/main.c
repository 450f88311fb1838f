/* examples/backend/main.c: a two-kernel pipeline through the minimal runtime of minirt.h, as a
 * SYCL or OpenCL program would run it: y = 2 x + 1, then each work-group's sum of y, in order on
 * one queue; events give each launch's profiling times. Then the errors an embedder must pass
 * on: a launch the device refuses, and a name nobody registered.
 * Usage: backend [n] [work-group size] */
#include <stdio.h>
#include <stdlib.h>

#include "minirt.h"
#include "pipeline.h"

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000003;
  const size_t local = argc > 2 ? strtoul(argv[2], NULL, 10) : 256;
  if (n == 0 || local == 0 || local > SGK_MAX_WORK_GROUP_SIZE) {
    fprintf(stderr, "usage: backend [n > 0] [work-group size 1..%u]\n", SGK_MAX_WORK_GROUP_SIZE);
    return 2;
  }
  const size_t groups = (n + local - 1) / local;

  /* 1. the device and its kernels */
  mrt_runtime *rt = mrt_create();
  if (!rt) return 1;
  const sgk_device_info *dev = mrt_device(rt);
  printf("device: %s, %s, sub-group size %u, %u threads\n", dev->cpu_name, sgk_isa_name(dev->isa),
         dev->native_sub_group_size, dev->max_threads);
  if (mrt_register(rt, "affine", &affine_f32, sizeof(struct affine_args), 0) != SGK_SUCCESS ||
      mrt_register(rt, "group_sum", &group_sum_f32, sizeof(struct group_sum_args), 16) !=
          SGK_SUCCESS)
    return 1;

  /* 2. buffers */
  mrt_buffer *x = mrt_buffer_create(rt, n * sizeof(float));
  mrt_buffer *y = mrt_buffer_create(rt, n * sizeof(float));
  mrt_buffer *sums = mrt_buffer_create(rt, groups * sizeof(float));
  if (!x || !y || !sums) return 1;
  float *xs = x->ptr;
  for (size_t i = 0; i < n; ++i) xs[i] = (float)((int)(i % 17) - 8); /* sums stay exact */

  /* 3. two launches on an in-order queue: the second reads what the first wrote */
  mrt_queue *q = mrt_queue_create(rt, 0);
  if (!q) return 1;
  const sgk_range range = sgk_range_1d(groups * local, local);
  const struct affine_args a1 = {2.0f, 1.0f, n, x->ptr, y->ptr};
  const struct group_sum_args a2 = {n, y->ptr, sums->ptr};
  int failures = 0;
  /* Twice: the first launch on the queue's thread also starts its OpenMP team. */
  for (int round = 0; round < 2; ++round) {
    mrt_event *e1 = mrt_enqueue(q, "affine", range, &a1);
    mrt_event *e2 = mrt_enqueue(q, "group_sum", range, &a2);
    if (!e1 || !e2) return 1;
    mrt_event *evs[] = {e1, e2};
    const char *names[] = {"affine", "group_sum"};
    uint64_t t0 = 0, prev_end = 0;
    for (int k = 0; k < 2; ++k) {
      const sgk_status st = mrt_event_wait(evs[k]);
      uint64_t queued, start, end;
      mrt_event_times(evs[k], &queued, &start, &end);
      if (k == 0) t0 = queued;
      printf("round %d %-9s %-7s queued +%8.1f us, start +%8.1f us, end +%8.1f us (%.1f us)\n",
             round, names[k], sgk_status_string(st), (double)(queued - t0) / 1e3,
             (double)(start - t0) / 1e3, (double)(end - t0) / 1e3, (double)(end - start) / 1e3);
      if (st != SGK_SUCCESS) {
        printf("  %s\n", mrt_event_error(evs[k]));
        ++failures;
      }
      if (start < prev_end) {
        printf("%s started before the command ahead of it ended: not in order\n", names[k]);
        ++failures;
      }
      prev_end = end;
      mrt_event_release(evs[k]);
    }
  }
  /* errors: a work-group over the device's limit fails its own event, not the queue; a name
   * nobody registered gets no event */
  mrt_event *e3 = mrt_enqueue(q, "affine", sgk_range_1d(4096, 2048), &a1);
  if (!e3 || mrt_enqueue(q, "no_such_kernel", range, &a1)) return 1;
  const sgk_status st3 = mrt_event_wait(e3);
  printf("refused:  %s (%s)\n", sgk_status_string(st3), mrt_event_error(e3));
  if (st3 != SGK_ERROR_WORK_GROUP_TOO_LARGE) ++failures;
  printf("unknown kernel name: no event\n");

  /* 4. the results */
  const float *ys = y->ptr, *ss = sums->ptr;
  double total = 0.0;
  for (size_t g = 0; g < groups; ++g) {
    float want = 0.0f;
    for (size_t i = g * local; i < n && i < (g + 1) * local; ++i) {
      if (ys[i] != 2.0f * xs[i] + 1.0f && failures < 10) {
        printf("y[%zu] = %g, expected %g\n", i, ys[i], 2.0f * xs[i] + 1.0f);
        ++failures;
      }
      want += 2.0f * xs[i] + 1.0f;
    }
    if (ss[g] != want && failures < 10) {
      printf("sums[%zu] = %g, expected %g\n", g, ss[g], want);
      ++failures;
    }
    total += ss[g];
  }
  mrt_event_release(e3);
  mrt_queue_release(q);
  mrt_buffer_release(x);
  mrt_buffer_release(y);
  mrt_buffer_release(sums);
  mrt_destroy(rt);
  if (failures) return 1;
  printf("pipeline of %zu items in %zu work-groups of %zu: sum %.0f, all correct\n", n, groups,
         local, total);
  return 0;
}
