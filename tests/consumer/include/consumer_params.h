/* Found only through sgk_add_kernels(... INCLUDE_DIRECTORIES include) (or -Iinclude). */
#define CONSUMER_OFFSET 7
