#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

static const char *const status_text[SGK_STATUS_COUNT] = {
    [SGK_SUCCESS] = "success",
    [SGK_ERROR_NULL_ARGUMENT] =
        "a required pointer is NULL (kernel, range, info, a reduction target, or the args of a "
        "kernel that takes them)",
    [SGK_ERROR_INVALID_DIMENSIONS] = "range dimensions must be 1, 2 or 3",
    [SGK_ERROR_ZERO_LOCAL_SIZE] = "a local (work-group) size is 0",
    [SGK_ERROR_GLOBAL_NOT_DIVISIBLE] = "a global size is not divisible by the local size",
    [SGK_ERROR_WORK_GROUP_TOO_LARGE] = "the work-group is larger than max_work_group_size",
    [SGK_ERROR_RANGE_OVERFLOW] = "a range product overflows size_t",
    [SGK_ERROR_RANGE_TOO_LARGE] = "the range has more work-items than 32-bit ids address",
    [SGK_ERROR_INVALID_SUB_GROUP_SIZE] = "the sub-group size must be 8, 16 or 32",
    [SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED] =
        "the kernel has no variant of this sub-group size for this ISA",
    [SGK_ERROR_SLM_TOO_LARGE] = "the shared local memory request exceeds local_mem_size",
    [SGK_ERROR_UNKNOWN_ISA] = "unknown ISA",
    [SGK_ERROR_ISA_UNAVAILABLE] = "the ISA is not supported by this CPU",
    [SGK_ERROR_ISA_NOT_COMPILED] = "the ISA was not compiled into the library or the kernel",
    [SGK_ERROR_INVALID_THREADS] = "the thread count exceeds the limit",
    [SGK_ERROR_OUT_OF_MEMORY] = "out of memory",
    [SGK_ERROR_SLM_TOO_SMALL] =
        "slm_bytes is less than the kernel declares, or the kernel wrote past its SLM",
    [SGK_ERROR_KERNEL_CONTROL_FLOW] =
        ("the kernel left SGK_FOR_EACH_SUBGROUP by return or break (use continue), called a "
         "work-group collective inside it, or, checked, a work-group collective read a "
         "SGK_PER_SUB_GROUP entry its sub-group did not write"),
    [SGK_ERROR_NESTED_LAUNCH] = "sgk_launch was called from inside a running kernel",
    [SGK_ERROR_KERNEL_ABI] =
        "the kernel was compiled against sgk headers of another kernel-table ABI (rebuild it)",
    [SGK_ERROR_INVALID_TUNE] =
        "launch option tune has bits beyond SGK_TUNE_ON | SGK_TUNE_WORK_GROUP | SGK_TUNE_ISA, or "
        "SGK_TUNE_WORK_GROUP for a kernel not declared SGK_KERNEL_WORK_GROUP_FREE",
    [SGK_ERROR_INVALID_ENVIRONMENT] = "an environment variable sgk reads has an unknown value",
    [SGK_ERROR_SHUFFLE_OUT_OF_RANGE] =
        "checked, a sgk_shuffle_down/up shifted by more than the sub-group's size",
};

uint32_t sgk_version(void) { return SGK_VERSION; }

const char *sgk_version_string(void) { return SGK_VERSION_STRING; }

const char *sgk_status_string(sgk_status status) {
  if ((unsigned)status >= SGK_STATUS_COUNT) return "unknown status";
  return status_text[status];
}

/* room for the longest message (about 240 characters) with a long kernel name */
static _Thread_local char last_error[512];

const char *sgk_last_error(void) { return last_error; }

void sgk__clear_error(void) { last_error[0] = '\0'; }

sgk_status sgk__fail(sgk_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return status;
}
