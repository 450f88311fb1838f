/* examples/backend/minirt.h: a minimal host runtime over sgk, of the kind a SYCL or OpenCL
 * implementation puts over it for its CPU device: kernels registered by name, buffers, and an
 * in-order queue whose commands run on a worker thread and return events with profiling times.
 * It shows what an embedder calls, in what order:
 *   sgk_get_device_info        once: the device's limits and sub-group sizes (mrt_create)
 *   sgk_kernel_has_variant     when a kernel is registered: refuse an unusable one early
 *   sgk_launch                 per command, from the queue's thread; the status and
 *   sgk_last_error             (thread-local: read on the launching thread) go to the event
 * sgk needs nothing else: no context, no per-thread setup, no teardown. */
#ifndef MINIRT_H
#define MINIRT_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

typedef struct mrt_runtime mrt_runtime;
typedef struct mrt_queue mrt_queue;
typedef struct mrt_event mrt_event;

/* Memory the kernels see: host memory, 64-byte aligned (a CPU device shares the address space;
 * OpenCL's CL_MEM_USE_HOST_PTR and SYCL's USM are plain pointers here). */
typedef struct mrt_buffer {
  void *ptr;
  size_t bytes;
} mrt_buffer;

/* NULL on failure (the message on stderr). */
mrt_runtime *mrt_create(void);
void mrt_destroy(mrt_runtime *rt);
const sgk_device_info *mrt_device(const mrt_runtime *rt);

/* Registers kernel under name; every launch of it copies args_size bytes of arguments (like
 * clSetKernelArg, so the caller may reuse its struct). reqd_sub_group_size is the kernel's
 * [[intel::reqd_sub_group_size]] (0: the queue's). Fails (returns SGK_ERROR_*) for a duplicate
 * name or when the kernel has no variant for the device's ISA and that size. */
sgk_status mrt_register(mrt_runtime *rt, const char *name, const sgk_kernel *kernel,
                        size_t args_size, uint32_t reqd_sub_group_size);

mrt_buffer *mrt_buffer_create(mrt_runtime *rt, size_t bytes);
void mrt_buffer_release(mrt_buffer *buf);

/* An in-order queue: its commands run one after the other on a thread of its own, each a
 * launch whose team is `threads` OpenMP threads (0: OpenMP's default). */
mrt_queue *mrt_queue_create(mrt_runtime *rt, uint32_t threads);
/* Waits for every command, then frees the queue. */
void mrt_queue_release(mrt_queue *q);
/* Returns once every command enqueued so far has run. */
void mrt_queue_finish(mrt_queue *q);

/* Enqueues a launch of the kernel registered as name over range; NULL for an unknown name. The
 * event belongs to the caller (mrt_event_release). */
mrt_event *mrt_enqueue(mrt_queue *q, const char *name, sgk_range range, const void *args);

/* Waits for the command and returns its launch's status. */
sgk_status mrt_event_wait(mrt_event *ev);
/* The launch's message when it failed ("" otherwise). */
const char *mrt_event_error(const mrt_event *ev);
/* CLOCK_MONOTONIC nanoseconds: when it was enqueued, and its launch's start and end
 * (CL_PROFILING_COMMAND_QUEUED / _START / _END); after mrt_event_wait. */
void mrt_event_times(const mrt_event *ev, uint64_t *queued, uint64_t *start, uint64_t *end);
void mrt_event_release(mrt_event *ev);

#endif
