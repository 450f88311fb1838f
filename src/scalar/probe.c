/* The scalar backend runs everywhere. */
#include "probe.h"

int sgk__probe_scalar(void) { return 1; }
