/* ISA names, what was compiled, what the CPU has, and how SGK_ISA_AUTO is resolved. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const isa_names[SGK_ISA_COUNT] = {
  [SGK_ISA_AUTO] = "auto",
  [SGK_ISA_SCALAR] = "scalar",
  [SGK_ISA_AVX2] = "avx2",
  [SGK_ISA_AVX512] = "avx512",
  [SGK_ISA_NEON] = "neon",
};

/* The native sub-group size: the 32-bit lanes of one register, at least 8. */
static const uint32_t native_width[SGK_ISA_COUNT] = {
  [SGK_ISA_SCALAR] = 8, [SGK_ISA_AVX2] = 8, [SGK_ISA_AVX512] = 16, [SGK_ISA_NEON] = 8,
};

const char *sgk_isa_name(sgk_isa isa) {
  return (unsigned)isa < SGK_ISA_COUNT ? isa_names[isa] : NULL;
}

sgk_status sgk_isa_from_name(const char *name, sgk_isa *isa) {
  if (!name || !isa) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_isa_from_name: NULL argument");
  for (int i = 0; i < SGK_ISA_COUNT; ++i) {
    if (strcmp(name, isa_names[i]) == 0) {
      *isa = (sgk_isa)i;
      return SGK_SUCCESS;
    }
  }
  return sgk__fail(SGK_ERROR_UNKNOWN_ISA,
                   "unknown ISA '%s' (known: auto, scalar, avx2, avx512, neon)", name);
}

uint32_t sgk__isas_compiled(void) {
  uint32_t set = 1u << SGK_ISA_SCALAR;
#ifdef SGK_BUILT_AVX2
  set |= 1u << SGK_ISA_AVX2;
#endif
#ifdef SGK_BUILT_AVX512
  set |= 1u << SGK_ISA_AVX512;
#endif
#ifdef SGK_BUILT_NEON
  set |= 1u << SGK_ISA_NEON;
#endif
  return set;
}

static int cpu_has(sgk_isa isa) {
  const sgk_cpu *cpu = sgk__cpu();
  switch (isa) {
    case SGK_ISA_SCALAR: return 1;
    case SGK_ISA_AVX2: return cpu->has_avx2;
    case SGK_ISA_AVX512: return cpu->has_avx512;
    case SGK_ISA_NEON: return cpu->has_neon;
    default: return 0;
  }
}

int sgk_isa_available(sgk_isa isa) {
  if (isa <= SGK_ISA_AUTO || isa >= SGK_ISA_COUNT) return 0;
  return ((sgk__isas_compiled() >> isa) & 1) && cpu_has(isa);
}

uint32_t sgk_isa_native_sub_group_size(sgk_isa isa) {
  return (unsigned)isa < SGK_ISA_COUNT ? native_width[isa] : 0;
}

static sgk_status check_usable(sgk_isa isa, const char *origin) {
  if (!((sgk__isas_compiled() >> isa) & 1))
    return sgk__fail(SGK_ERROR_ISA_NOT_COMPILED, "%s: ISA '%s' was not compiled into this build",
                     origin, isa_names[isa]);
  if (!cpu_has(isa))
    return sgk__fail(SGK_ERROR_ISA_UNAVAILABLE, "%s: this CPU does not support ISA '%s'", origin,
                     isa_names[isa]);
  return SGK_SUCCESS;
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
  const char *env = getenv("SGK_ISA");
  if (env && *env && strcmp(env, "auto") != 0) {
    sgk_isa isa;
    for (isa = SGK_ISA_SCALAR; isa < SGK_ISA_COUNT; isa = (sgk_isa)(isa + 1))
      if (strcmp(env, isa_names[isa]) == 0) break;
    if (isa == SGK_ISA_COUNT)
      return sgk__fail(SGK_ERROR_UNKNOWN_ISA,
                       "SGK_ISA='%s' is not an ISA (use auto, scalar, avx2, avx512 or neon)", env);
    sgk_status st = check_usable(isa, "SGK_ISA");
    if (st == SGK_SUCCESS) *resolved = isa;
    return st;
  }
  static const sgk_isa preference[] = {SGK_ISA_AVX512, SGK_ISA_AVX2, SGK_ISA_NEON};
  for (size_t i = 0; i < sizeof preference / sizeof preference[0]; ++i) {
    if (sgk_isa_available(preference[i])) {
      *resolved = preference[i];
      return SGK_SUCCESS;
    }
  }
  *resolved = SGK_ISA_SCALAR;
  return SGK_SUCCESS;
}
