/* The CPU probes, one per backend (src/<isa>/probe.c): 1 when this CPU can run the backend. Each
 * is compiled on every target and answers 0 where its ISA cannot exist. */
#ifndef SGK_RUNTIME_PROBE_H
#define SGK_RUNTIME_PROBE_H

#include <stdint.h>

#include "sgk/isa_list.h"

#define SGK__PROBE_DECL(E, name, value, w, A) int sgk__probe_##name(void);
SGK_ISA_LIST(SGK__PROBE_DECL)
#undef SGK__PROBE_DECL

#if defined(__x86_64__)
uint64_t sgk__xgetbv0(void); /* XCR0: the register state the OS saves (src/avx2/probe.c) */
#endif

#endif
