#include <stdint.h>
#include <string.h>

#include "op_list.h"

const char *const test_op_names[OP_COUNT] = {
#define CONTRACT_NAME(op, TYPES, SHAPE) #op,
    SGK_CONTRACT_OPS(CONTRACT_NAME)
#define NAME(name, cls, expr) #name,
        SGK_TEST_API_OPS(NAME)};

/* A (all types), I (integers), S (signed integers and floats), F (floats): the first letter of the
 * contract's type class. */
static const char op_class[OP_COUNT] = {
#define CONTRACT_CLS(op, TYPES, SHAPE) #TYPES[0],
    SGK_CONTRACT_OPS(CONTRACT_CLS)
#define CLS(name, cls, expr) #cls[0],
        SGK_TEST_API_OPS(CLS)};

static const char *const op_shape[OP_COUNT] = {
#define CONTRACT_SHAPE(op, TYPES, SHAPE) #SHAPE,
    SGK_CONTRACT_OPS(CONTRACT_SHAPE)};

int test_op_applies(int op, int is_int, int is_signed) {
  switch (op_class[op]) {
    case 'I': return is_int;
    case 'S': return is_signed || !is_int;
    case 'F': return !is_int;
    default: return 1;
  }
}

int test_op_counts(int op) { return op_shape[op] && strcmp(op_shape[op], "SHIFTV") == 0; }
