/* What the README defines for every id of every work-item, written from the README and not from
 * the runtime: the expected output of the `ids` test kernel. Shared by the runtime test, the
 * launch fuzzer and the concurrency test. */
#ifndef SGK_TEST_IDS_ORACLE_H
#define SGK_TEST_IDS_ORACLE_H
#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

/* Checks out (global linear id * ID_FIELDS + field) as written by the ids kernel for range r
 * (valid, non-empty) at sub-group size w. Returns 1 when every field matches, else 0 with the
 * first wrong item and field described in msg. */
int ids_match(const int32_t *out, const sgk_range *r, uint32_t w, char *msg, size_t cap);

#endif
