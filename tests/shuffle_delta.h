/* The delta the op and small-type tests pass to sgk_shuffle_down/up, shared by their kernels and
 * their plain-C expectations (tests/op_list.h, tests/small_list.h). A checked build (no NDEBUG)
 * fails a shift by more than the sub-group's size (tests/test_traps.c): there the tests keep
 * delta within it; an unchecked build passes every delta, past the size too. */
#ifndef SGK_TEST_SHUFFLE_DELTA_H
#define SGK_TEST_SHUFFLE_DELTA_H

#ifdef NDEBUG
#define TEST_SHUFFLE_DELTA(d, size) (d)
#else
#define TEST_SHUFFLE_DELTA(d, size) ((d) % ((size) + 1))
#endif

#endif
