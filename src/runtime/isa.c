/* ISA names, what was compiled, what the CPU has, and how SGK_ISA_AUTO is resolved. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const isa_names[SGK_ISA_COUNT] = {[SGK_ISA_AUTO] = "auto",
#define SGK__NAME(E, name, value, w, A) [value] = #name,
                                                     SGK_ISA_LIST(SGK__NAME)
#undef SGK__NAME
};
#define SGK__NAME_TEXT(E, name, value, w, A) ", " #name
static const char known_names[] = "auto" SGK_ISA_LIST(SGK__NAME_TEXT);
#undef SGK__NAME_TEXT

/* The native sub-group size: the 32-bit lanes of one register, at least 8. */
static const uint32_t native_width[SGK_ISA_COUNT] = {
#define SGK__WIDTH(E, name, value, w, A) [value] = w,
    SGK_ISA_LIST(SGK__WIDTH)
#undef SGK__WIDTH
};

const char *sgk_isa_name(sgk_isa isa) {
  return (unsigned)isa < SGK_ISA_COUNT ? isa_names[isa] : NULL;
}

/* The ISA named exactly `name`, or SGK_ISA_COUNT. */
static sgk_isa isa_named(const char *name) {
  for (int i = 0; i < SGK_ISA_COUNT; ++i)
    if (strcmp(name, isa_names[i]) == 0) return (sgk_isa)i;
  return SGK_ISA_COUNT;
}

sgk_status sgk_isa_from_name(const char *name, sgk_isa *isa) {
  if (!name || !isa) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_isa_from_name: NULL argument");
  const sgk_isa found = isa_named(name);
  if (found == SGK_ISA_COUNT)
    return sgk__fail(SGK_ERROR_UNKNOWN_ISA, "unknown ISA '%s' (known: %s)", name, known_names);
  *isa = found;
  return SGK_SUCCESS;
}

uint32_t sgk__isas_compiled(void) {
  uint32_t set = 0;
#define SGK__BUILT(E, name, value, w, A) set |= (uint32_t)SGK__BUILT_##E << value;
  SGK_ISA_LIST(SGK__BUILT)
#undef SGK__BUILT
  return set;
}

static int cpu_runs(sgk_isa isa) { return sgk__cpu()->runs[isa]; }

int sgk_isa_available(sgk_isa isa) {
  if (isa <= SGK_ISA_AUTO || isa >= SGK_ISA_COUNT) return 0;
  return ((sgk__isas_compiled() >> isa) & 1) && cpu_runs(isa);
}

uint32_t sgk_isa_native_sub_group_size(sgk_isa isa) {
  return (unsigned)isa < SGK_ISA_COUNT ? native_width[isa] : 0;
}

static sgk_status check_usable(sgk_isa isa, const char *origin) {
  if (!((sgk__isas_compiled() >> isa) & 1))
    return sgk__fail(SGK_ERROR_ISA_NOT_COMPILED, "%s: ISA '%s' was not compiled into this build",
                     origin, isa_names[isa]);
  if (!cpu_runs(isa))
    return sgk__fail(SGK_ERROR_ISA_UNAVAILABLE, "%s: this CPU does not support ISA '%s'", origin,
                     isa_names[isa]);
  return SGK_SUCCESS;
}

/* SGK_ISA, read once, at the first launch or query: a process sets it before it starts sgk. */
static struct {
  int set;       /* SGK_ISA names something other than "" or "auto" */
  sgk_isa isa;   /* what it names; SGK_ISA_COUNT when it is not an ISA */
  char text[48]; /* for messages */
} env;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static void read_env(void) {
  const char *v = getenv("SGK_ISA");
  if (!v || !*v || strcmp(v, "auto") == 0) return;
  env.set = 1;
  env.isa = isa_named(v);
  snprintf(env.text, sizeof env.text, "%s", v);
}

sgk_status sgk_resolve_isa(sgk_isa requested, sgk_isa *resolved) {
  if (!resolved) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_resolve_isa: NULL result");
  if ((unsigned)requested >= SGK_ISA_COUNT)
    return sgk__fail(SGK_ERROR_UNKNOWN_ISA, "unknown ISA value %d", (int)requested);
  if (requested != SGK_ISA_AUTO) {
    sgk_status st = check_usable(requested, "requested ISA");
    if (st == SGK_SUCCESS) *resolved = requested;
    return st;
  }
  pthread_once(&env_once, read_env);
  if (env.set) {
    if (env.isa == SGK_ISA_COUNT)
      return sgk__fail(SGK_ERROR_UNKNOWN_ISA, "SGK_ISA='%s' is not an ISA (use %s)", env.text,
                       known_names);
    sgk_status st = check_usable(env.isa, "SGK_ISA");
    if (st == SGK_SUCCESS) *resolved = env.isa;
    return st;
  }
  /* the best available: the highest list entry with the widest native sub-group */
  sgk_isa best = SGK_ISA_SCALAR;
  for (int i = SGK_ISA_SCALAR + 1; i < SGK_ISA_COUNT; ++i)
    if (sgk_isa_available((sgk_isa)i) && native_width[i] >= native_width[best]) best = (sgk_isa)i;
  *resolved = best;
  return SGK_SUCCESS;
}

uint32_t sgk__isas_tunable(sgk_isa def, sgk_isa isas[SGK_ISA_COUNT]) {
  uint32_t n = 0;
  isas[n++] = def;
  pthread_once(&env_once, read_env);
  if (env.set) return n;
  for (int i = SGK_ISA_SCALAR + 1; i < SGK_ISA_COUNT; ++i)
    if (i != (int)def && sgk_isa_available((sgk_isa)i)) isas[n++] = (sgk_isa)i;
  return n;
}

sgk_status sgk_tune_isas(sgk_isa requested, sgk_isa isas[SGK_ISA_COUNT], uint32_t *count) {
  if (!isas || !count) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_tune_isas: NULL result");
  sgk_isa isa;
  const sgk_status st = sgk_resolve_isa(requested, &isa);
  if (st != SGK_SUCCESS) return st;
  if (requested == SGK_ISA_AUTO) {
    *count = sgk__isas_tunable(isa, isas);
  } else {
    isas[0] = isa;
    *count = 1;
  }
  return SGK_SUCCESS;
}
