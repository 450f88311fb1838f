/* examples/backend/minirt.c: the runtime of minirt.h. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, under -std=c11 */
#include "minirt.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MRT_MAX_KERNELS 64

struct mrt_entry {
  char name[64];
  const sgk_kernel *kernel;
  size_t args_size;
  uint32_t sub_group_size;
};

struct mrt_runtime {
  sgk_device_info device;
  struct mrt_entry kernels[MRT_MAX_KERNELS];
  int num_kernels;
};

struct mrt_event {
  pthread_mutex_t lock;
  pthread_cond_t done_cv;
  int done;
  int refs; /* the caller's and the queue's */
  sgk_status status;
  char error[256];
  uint64_t queued_ns;
  sgk_launch_info info;
};

struct mrt_command {
  struct mrt_command *next;
  const struct mrt_entry *entry;
  sgk_range range;
  mrt_event *event;
  _Alignas(16) unsigned char args[]; /* entry->args_size bytes (a copy of the caller's) */
};

struct mrt_queue {
  mrt_runtime *rt;
  uint32_t threads;
  pthread_t worker;
  pthread_mutex_t lock;
  pthread_cond_t work_cv; /* a command was enqueued, or the queue is closing */
  pthread_cond_t idle_cv; /* the list became empty and nothing is running */
  struct mrt_command *head, *tail;
  int running, closing;
};

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

mrt_runtime *mrt_create(void) {
  mrt_runtime *rt = calloc(1, sizeof *rt);
  if (!rt) return NULL;
  if (sgk_get_device_info(&rt->device) != SGK_SUCCESS) { /* e.g. SGK_ISA names a missing ISA */
    fprintf(stderr, "minirt: %s\n", sgk_last_error());
    free(rt);
    return NULL;
  }
  return rt;
}

void mrt_destroy(mrt_runtime *rt) { free(rt); }

const sgk_device_info *mrt_device(const mrt_runtime *rt) { return &rt->device; }

static const struct mrt_entry *find(const mrt_runtime *rt, const char *name) {
  for (int i = 0; i < rt->num_kernels; ++i)
    if (strcmp(rt->kernels[i].name, name) == 0) return &rt->kernels[i];
  return NULL;
}

sgk_status mrt_register(mrt_runtime *rt, const char *name, const sgk_kernel *kernel,
                        size_t args_size, uint32_t reqd_sub_group_size) {
  if (!rt || !name || !kernel) return SGK_ERROR_NULL_ARGUMENT;
  if (find(rt, name) || rt->num_kernels == MRT_MAX_KERNELS ||
      strlen(name) >= sizeof rt->kernels[0].name)
    return SGK_ERROR_NULL_ARGUMENT;
  const uint32_t w = reqd_sub_group_size ? reqd_sub_group_size : rt->device.native_sub_group_size;
  if (!sgk_kernel_has_variant(kernel, rt->device.isa, w)) {
    fprintf(stderr, "minirt: kernel '%s' has no %s variant of sub-group size %u\n", name,
            sgk_isa_name(rt->device.isa), w);
    return SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED;
  }
  struct mrt_entry *e = &rt->kernels[rt->num_kernels++];
  snprintf(e->name, sizeof e->name, "%s", name);
  e->kernel = kernel;
  e->args_size = args_size;
  e->sub_group_size = reqd_sub_group_size;
  return SGK_SUCCESS;
}

mrt_buffer *mrt_buffer_create(mrt_runtime *rt, size_t bytes) {
  (void)rt;
  mrt_buffer *buf = malloc(sizeof *buf);
  const size_t rounded = (bytes + 63) / 64 * 64; /* aligned_alloc wants a multiple */
  if (!buf) return NULL;
  buf->ptr = aligned_alloc(64, rounded ? rounded : 64);
  buf->bytes = bytes;
  if (!buf->ptr) {
    free(buf);
    return NULL;
  }
  return buf;
}

void mrt_buffer_release(mrt_buffer *buf) {
  if (buf) free(buf->ptr);
  free(buf);
}

static void event_put(mrt_event *ev) {
  pthread_mutex_lock(&ev->lock);
  const int refs = --ev->refs;
  pthread_mutex_unlock(&ev->lock);
  if (refs) return;
  pthread_mutex_destroy(&ev->lock);
  pthread_cond_destroy(&ev->done_cv);
  free(ev);
}

/* The queue's thread: runs the commands in order. sgk_launch may be called from any host thread,
 * several at once; the launch's OpenMP team belongs to this thread. */
static void *worker(void *arg) {
  mrt_queue *q = arg;
  pthread_mutex_lock(&q->lock);
  for (;;) {
    while (!q->head && !q->closing) pthread_cond_wait(&q->work_cv, &q->lock);
    if (!q->head) break; /* closing, and nothing left */
    struct mrt_command *c = q->head;
    q->head = c->next;
    if (!q->head) q->tail = NULL;
    q->running = 1;
    pthread_mutex_unlock(&q->lock);

    const sgk_launch_options opt = {.sub_group_size = c->entry->sub_group_size,
                                    .threads = q->threads};
    sgk_launch_info info = {0};
    const sgk_status st = sgk_launch(c->entry->kernel, &c->range, &opt, c->args, &info);
    mrt_event *ev = c->event;
    pthread_mutex_lock(&ev->lock);
    ev->status = st;
    ev->info = info;
    /* sgk_last_error is per thread: this is the thread that launched */
    snprintf(ev->error, sizeof ev->error, "%s", st == SGK_SUCCESS ? "" : sgk_last_error());
    ev->done = 1;
    pthread_cond_broadcast(&ev->done_cv);
    pthread_mutex_unlock(&ev->lock);
    event_put(ev);
    free(c);

    pthread_mutex_lock(&q->lock);
    q->running = 0;
    if (!q->head) pthread_cond_broadcast(&q->idle_cv);
  }
  pthread_mutex_unlock(&q->lock);
  return NULL;
}

mrt_queue *mrt_queue_create(mrt_runtime *rt, uint32_t threads) {
  mrt_queue *q = calloc(1, sizeof *q);
  if (!q) return NULL;
  q->rt = rt;
  q->threads = threads;
  pthread_mutex_init(&q->lock, NULL);
  pthread_cond_init(&q->work_cv, NULL);
  pthread_cond_init(&q->idle_cv, NULL);
  if (pthread_create(&q->worker, NULL, worker, q) != 0) {
    free(q);
    return NULL;
  }
  return q;
}

void mrt_queue_finish(mrt_queue *q) {
  pthread_mutex_lock(&q->lock);
  while (q->head || q->running) pthread_cond_wait(&q->idle_cv, &q->lock);
  pthread_mutex_unlock(&q->lock);
}

void mrt_queue_release(mrt_queue *q) {
  if (!q) return;
  pthread_mutex_lock(&q->lock);
  q->closing = 1;
  pthread_cond_signal(&q->work_cv);
  pthread_mutex_unlock(&q->lock);
  pthread_join(q->worker, NULL);
  pthread_mutex_destroy(&q->lock);
  pthread_cond_destroy(&q->work_cv);
  pthread_cond_destroy(&q->idle_cv);
  free(q);
}

mrt_event *mrt_enqueue(mrt_queue *q, const char *name, sgk_range range, const void *args) {
  const struct mrt_entry *e = find(q->rt, name);
  if (!e) return NULL;
  struct mrt_command *c = malloc(sizeof *c + e->args_size);
  mrt_event *ev = calloc(1, sizeof *ev);
  if (!c || !ev) {
    free(c);
    free(ev);
    return NULL;
  }
  pthread_mutex_init(&ev->lock, NULL);
  pthread_cond_init(&ev->done_cv, NULL);
  ev->refs = 2;
  ev->queued_ns = now_ns();
  c->next = NULL;
  c->entry = e;
  c->range = range;
  c->event = ev;
  memcpy(c->args, args, e->args_size);
  pthread_mutex_lock(&q->lock);
  if (q->tail)
    q->tail->next = c;
  else
    q->head = c;
  q->tail = c;
  pthread_cond_signal(&q->work_cv);
  pthread_mutex_unlock(&q->lock);
  return ev;
}

sgk_status mrt_event_wait(mrt_event *ev) {
  pthread_mutex_lock(&ev->lock);
  while (!ev->done) pthread_cond_wait(&ev->done_cv, &ev->lock);
  const sgk_status st = ev->status;
  pthread_mutex_unlock(&ev->lock);
  return st;
}

const char *mrt_event_error(const mrt_event *ev) { return ev->error; }

void mrt_event_times(const mrt_event *ev, uint64_t *queued, uint64_t *start, uint64_t *end) {
  *queued = ev->queued_ns;
  *start = ev->info.start_ns;
  *end = ev->info.end_ns;
}

void mrt_event_release(mrt_event *ev) {
  if (ev) event_put(ev);
}
