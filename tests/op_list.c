#include <stdint.h>

#include "op_list.h"

const char *const test_op_names[OP_COUNT] = {
#define NAME(name, cls, expr) #name,
    SGK_TEST_OPS(NAME)
#undef NAME
};

static const char op_class[OP_COUNT] = {
#define CLS(name, cls, expr) #cls[0],
    SGK_TEST_OPS(CLS)
#undef CLS
};

int test_op_applies(int op, int is_int, int is_signed) {
  switch (op_class[op]) {
    case 'I': return is_int;
    case 'S': return is_signed || !is_int;
    case 'F': return !is_int;
    default: return 1;
  }
}
