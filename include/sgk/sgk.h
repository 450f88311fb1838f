/* sgk: GPU-style sub-group kernels, vectorized on CPUs. Host API (C and C++). */
#ifndef SGK_SGK_H
#define SGK_SGK_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/isa_list.h"
#include "sgk/version.h"

/* The functions the library exports; everything else in it is hidden. */
#if defined(__GNUC__)
#define SGK_API __attribute__((visibility("default")))
#else
#define SGK_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction sets. SGK_ISA_AUTO (0) lets sgk choose: SGK_ISA from the environment, else the best
 * one the CPU has. A zero-initialized sgk_launch_options therefore means "all defaults". */
typedef enum sgk_isa {
  SGK_ISA_AUTO = 0,
#define SGK__ISA_ENUM(E, name, value, w, A) SGK_ISA_##E = value,
  SGK_ISA_LIST(SGK__ISA_ENUM)
#undef SGK__ISA_ENUM
      SGK_ISA_COUNT /* one past the last */
} sgk_isa;

typedef enum sgk_status {
  SGK_SUCCESS = 0,
  SGK_ERROR_NULL_ARGUMENT,               /* NULL kernel, range, or a required pointer */
  SGK_ERROR_INVALID_DIMENSIONS,          /* range dims outside 1..3 */
  SGK_ERROR_ZERO_LOCAL_SIZE,             /* a local size of 0 */
  SGK_ERROR_GLOBAL_NOT_DIVISIBLE,        /* global size not divisible by local size */
  SGK_ERROR_WORK_GROUP_TOO_LARGE,        /* local size product above max_work_group_size */
  SGK_ERROR_RANGE_OVERFLOW,              /* a range product overflows size_t */
  SGK_ERROR_RANGE_TOO_LARGE,             /* more work-items than 32-bit lane ids can address */
  SGK_ERROR_INVALID_SUB_GROUP_SIZE,      /* sub-group size not 8, 16 or 32 */
  SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED, /* the kernel has no variant of that size for the ISA */
  SGK_ERROR_SLM_TOO_LARGE,               /* SLM bytes above local_mem_size */
  SGK_ERROR_UNKNOWN_ISA,                 /* an ISA name or value sgk does not know */
  SGK_ERROR_ISA_UNAVAILABLE,             /* the CPU lacks the ISA */
  SGK_ERROR_ISA_NOT_COMPILED,            /* the library or the kernel was built without the ISA */
  SGK_ERROR_INVALID_THREADS,             /* thread count above the limit */
  SGK_ERROR_OUT_OF_MEMORY,               /* an SLM arena could not be allocated */
  SGK_ERROR_SLM_TOO_SMALL,       /* slm_bytes below what the kernel declares (SGK_KERNEL_SLM), or
                                  * the kernel wrote past its SLM */
  SGK_ERROR_KERNEL_CONTROL_FLOW, /* the kernel left SGK_FOR_EACH_SUBGROUP by return or break, or
                                  * (checked) a collective read an unwritten SGK_PER_SUB_GROUP entry */
  SGK_ERROR_NESTED_LAUNCH,       /* sgk_launch called from inside a running kernel */
  SGK_ERROR_KERNEL_ABI,          /* the kernel was compiled for another table layout */
  SGK_ERROR_INVALID_TUNE,        /* launch option tune has a bit other than SGK_TUNE_'s, or
                                    SGK_TUNE_WORK_GROUP for a kernel not SGK_KERNEL_WORK_GROUP_FREE */
  SGK_ERROR_INVALID_ENVIRONMENT, /* an environment variable sgk reads has a value it does not know */
  SGK_ERROR_SHUFFLE_OUT_OF_RANGE, /* (checked) sgk_shuffle_down/up by more than the sub-group's
                                   * size: lanes read past both sources */
  SGK_STATUS_COUNT
} sgk_status;

/* An nd-range in SYCL 2020 order: dimension dims-1 is the contiguous one. */
typedef struct sgk_range {
  uint32_t dims;    /* 1, 2 or 3 */
  size_t global[3]; /* work-items per dimension; must be divisible by local */
  size_t local[3];  /* work-group size per dimension */
} sgk_range;

typedef struct sgk_launch_options {
  uint32_t sub_group_size; /* 8, 16 or 32; 0: the ISA's native width, or the tuned one (tune) */
  size_t slm_bytes;        /* shared local memory per work-group (<= local_mem_size); 0: what the
                              kernel declares (SGK_KERNEL_SLM); less than that is refused */
  sgk_isa isa;             /* SGK_ISA_AUTO: SGK_ISA from the environment, else the best present */
  uint32_t threads;        /* OpenMP threads; 0: the OpenMP default. Above SGK_MAX_THREADS:
                              SGK_ERROR_INVALID_THREADS; above SGK_THREADS_PER_CPU per processor
                              (omp_get_num_procs) or one per work-group: that many */
  /* With sub_group_size 0, SGK_TUNE_ON: the first launches of a (kernel, ISA, range, team size,
   * tune_key) each run one of the kernel's compiled sub-group sizes 8, 16, 32 in turn
   * (SGK_TUNE_ROUNDS rounds, every launch a complete, correct run), and the later ones the size
   * whose fastest launch was fastest. The choice is kept for the process, and in the file
   * SGK_TUNE_FILE names when set (read at the first tuned launch, a line appended per choice). For
   * kernels whose results do not depend on W for a given range (a range computed from W, as a W x W
   * tile per work-group, must not be tuned). An explicit sub_group_size is always used as given.
   * SGK_TUNE_WORK_GROUP (alone, or with SGK_TUNE_ON: SGK_TUNE_ON | SGK_TUNE_WORK_GROUP) tunes the
   * work-group size too: the contiguous dimension's (the last) among the range's own and 32, 64,
   * ..., 1024 that divide its global size (the work-group at most SGK_MAX_WORK_GROUP_SIZE), each
   * with each W tried; the launch info's local says what ran. Only for a kernel whose author
   * declared its results free of the work-group size (SGK_KERNEL_WORK_GROUP_FREE, in
   * SGK_KERNEL_PROPS); any other fails with SGK_ERROR_INVALID_TUNE, since sgk cannot tell a kernel
   * that takes a row, a tile or a partial sum per work-group from one that does not.
   * SGK_TUNE_ISA (alone or with the others) tunes the ISA too when isa is SGK_ISA_AUTO and SGK_ISA
   * is not set: each ISA this CPU runs and the build has (scalar only when no other runs), at each
   * W and size tried (alone: at the W given, else each ISA's native one); the launch info's isa
   * says what ran. Only for kernels whose results may come from any ISA: integer and + - * /
   * results are the same bits at every ISA, the math built-ins (SLEEF) within their bound at each,
   * not always the same bits, and a kernel that branches on SGK_VARIANT_ISA is the caller's to
   * judge. SGK_TUNE_OFF (0): no tuning. Other values: SGK_ERROR_INVALID_TUNE. */
  uint32_t tune;
  /* With tune on: a value the caller derives from whatever in the kernel's args moves its fastest
   * sub-group size under one range (how many bins a histogram fills, a matrix's shape, a
   * stride). Launches whose keys differ are measured and chosen apart, each set of args its own
   * size; 0 (the default) where the args do not move it. Without tune: ignored. */
  uint64_t tune_key;
} sgk_launch_options;

#define SGK_TUNE_OFF 0u
#define SGK_TUNE_ON 1u
#define SGK_TUNE_WORK_GROUP 2u
#define SGK_TUNE_ISA 4u
#define SGK_TUNE_ROUNDS 3u /* launches per candidate (ISA, W, work-group size) before the choice */
/* The most candidates a key measures (2 ISAs x 3 W x 7 work-group sizes on x86 take 42): a tuned
 * launch's choice comes at the latest at launch SGK_TUNE_MAX_CANDIDATES * SGK_TUNE_ROUNDS + 1. */
#define SGK_TUNE_MAX_CANDIDATES 64u

/* What the tuner did in a launch (sgk_launch_info.tune). */
typedef enum sgk_tune_state {
  SGK_TUNE_NONE = 0, /* not tuned: an explicit or the native sub-group size */
  SGK_TUNE_MEASURED, /* a measuring launch: it ran the candidate the tuner tries next */
  SGK_TUNE_CHOSEN    /* ran the chosen candidate */
} sgk_tune_state;

/* What a launch did, like SYCL event profiling. Times are CLOCK_MONOTONIC nanoseconds. */
typedef struct sgk_launch_info {
  uint64_t start_ns;
  uint64_t end_ns;
  sgk_isa isa;
  uint32_t sub_group_size;
  uint32_t threads; /* the team that ran (1 when nested in a parallel region without nesting) */
  size_t work_groups;
  sgk_tune_state tune;
  size_t local[3]; /* the work-group size that ran, as sgk_range.local (the tuner's with
                      SGK_TUNE_WORK_GROUP; 0 beyond the range's dims) */
} sgk_launch_info;

/* A kernel: one variant function per (ISA, sub-group size). Defined by SGK_KERNEL in a source
 * compiled through the sgk_add_kernels() CMake function; declared for the host with
 * SGK_DECLARE_KERNEL. A variant runs `count` work-groups one after the other on the calling
 * thread, from the one `first` is placed at (its group ids; first also holds the launch's ranges
 * and this thread's SLM) on through the following linear ids: it moves the group ids on itself,
 * with no division per work-group. */
typedef struct sgk_wg sgk_wg;
typedef void (*sgk_wg_fn)(const sgk_wg *first, const void *args, size_t count);
/* The SLM bytes one variant of a kernel needs for a work-group of wg_size work-items and these
 * args (the variant's SGK_KERNEL_SLM expression, compiled at its W). */
typedef size_t (*sgk_slm_fn)(size_t wg_size, const void *args);
/* One compiled (ISA, sub-group size): the function that runs work-groups, and its SLM size. */
typedef struct sgk_variant {
  sgk_wg_fn run;        /* NULL: not compiled */
  sgk_slm_fn slm_bytes; /* NULL: no SLM (SGK_KERNEL), or not compiled */
} sgk_variant;
/* The table is an ABI: kernels compiled against one sgk run on a later library of the same major
 * version. Its layout and the variants' signature change only with SGK_KERNEL_ABI (4 since sgk
 * 0.6, whose tables carry the kernel's properties; 3 since 0.5, whose variants each carry their
 * own SLM size, computed at their W; 2 since 0.3, whose variants run a run of work-groups; a
 * launch refuses a kernel of another ABI with SGK_ERROR_KERNEL_ABI); the variant rows are last and
 * counted, so a library that knows more ISAs reads an older kernel's rows and treats the ISAs
 * beyond them as not compiled. Row i is the ISA of value i (include/sgk/isa_list.h: values never
 * change); SGK_ISA_SLOTS leaves room for ISAs to come without changing the layout. */
#define SGK_KERNEL_ABI 4u
#define SGK_ISA_SLOTS 8
/* Kernel properties (sgk_kernel.properties), what the kernel's author declares with
 * SGK_KERNEL_PROPS / SGK_KERNEL_SLM_PROPS (sgk/kernel.h). SGK_KERNEL_WORK_GROUP_FREE: the
 * kernel's results are right at any work-group size of a range (its args hold nothing sized or
 * indexed by the work-group count or size, no work-group collective decides a result), so the
 * launch option SGK_TUNE_WORK_GROUP may choose that size. */
#define SGK_KERNEL_WORK_GROUP_FREE 1u
#define SGK_KERNEL_PROPERTIES_ALL SGK_KERNEL_WORK_GROUP_FREE /* every property this sgk knows */
typedef struct sgk_kernel {
  uint32_t abi;       /* SGK_KERNEL_ABI of the headers the kernel was compiled with */
  uint32_t isa_slots; /* rows in variants[] (SGK_ISA_SLOTS of those headers) */
  const char *name;
  uint32_t properties;                    /* SGK_KERNEL_* property bits; 0: none declared */
  sgk_variant variants[SGK_ISA_SLOTS][3]; /* [isa][0,1,2] for sub-group sizes 8, 16, 32 */
} sgk_kernel;
#ifdef __cplusplus
static_assert(SGK_ISA_COUNT <= SGK_ISA_SLOTS, "sgk: more ISAs than kernel-table rows");
#else
_Static_assert(SGK_ISA_COUNT <= SGK_ISA_SLOTS, "sgk: more ISAs than kernel-table rows");
#endif

#ifdef __cplusplus
#define SGK_DECLARE_KERNEL(name) extern "C" const sgk_kernel name
#else
#define SGK_DECLARE_KERNEL(name) extern const sgk_kernel name
#endif

#define SGK_MAX_WORK_GROUP_SIZE 1024u
#define SGK_LOCAL_MEM_SIZE (64u * 1024u)
#define SGK_MAX_THREADS 4096u
#define SGK_THREADS_PER_CPU 4u /* a launch's team is at most this many per processor */

typedef struct sgk_device_info {
  char cpu_name[64];
  uint32_t isas_compiled;         /* bit (1u << isa) for each backend built into the library */
  uint32_t isas_available;        /* compiled and supported by this CPU */
  sgk_isa isa;                    /* what SGK_ISA_AUTO resolves to */
  uint32_t native_sub_group_size; /* default sub-group size of that ISA */
  uint32_t sub_group_sizes[3];    /* 8, 16, 32 */
  uint32_t num_sub_group_sizes;
  size_t max_work_group_size;
  size_t local_mem_size;  /* SLM bytes per work-group */
  uint32_t max_threads;   /* OpenMP threads a launch uses by default */
  size_t l1d_cache_bytes; /* 0 where unknown */
  size_t l2_cache_bytes;
  size_t l3_cache_bytes;
} sgk_device_info;

/* Fills *info. Fails with SGK_ERROR_UNKNOWN_ISA / _ISA_UNAVAILABLE when SGK_ISA names an ISA that
 * does not exist or is not usable here (and every launch with SGK_ISA_AUTO fails the same way). */
SGK_API sgk_status sgk_get_device_info(sgk_device_info *info);

/* The CPU's vendor as CPUID names it ("GenuineIntel", "AuthenticAMD", ...; what an OpenCL device
 * reports as CL_DEVICE_VENDOR, and what per-vendor tuning keys on); "" where there is no CPUID
 * (AArch64). Static text, read once; never NULL. */
SGK_API const char *sgk_cpu_vendor(void);

/* Runs kernel over range. options may be NULL (all defaults), args is passed to every work-group,
 * info may be NULL. An empty range (a global size of 0) runs nothing and succeeds. */
SGK_API sgk_status sgk_launch(const sgk_kernel *kernel, const sgk_range *range,
                              const sgk_launch_options *options, const void *args,
                              sgk_launch_info *info);

/* The library's version (SGK_VERSION of the headers it was built with; compare with the
 * SGK_VERSION a program was compiled against) and its "major.minor.patch" text. */
SGK_API uint32_t sgk_version(void);
SGK_API const char *sgk_version_string(void);

/* Static text for a status. */
SGK_API const char *sgk_status_string(sgk_status status);
/* The detailed message of the last failed call on this thread ("" if none). */
SGK_API const char *sgk_last_error(void);

SGK_API const char *sgk_isa_name(sgk_isa isa); /* "scalar", "avx2", ...; NULL if bad */
SGK_API sgk_status sgk_isa_from_name(const char *name, sgk_isa *isa); /* also accepts "auto" */
SGK_API int sgk_isa_available(sgk_isa isa); /* compiled and present on this CPU */
SGK_API uint32_t sgk_isa_native_sub_group_size(sgk_isa isa);
/* Resolves SGK_ISA_AUTO like a launch does (environment, then best). */
SGK_API sgk_status sgk_resolve_isa(sgk_isa requested, sgk_isa *resolved);
/* The ISAs a launch with SGK_TUNE_ISA and options isa `requested` measures, in the order it tries
 * them, into isas, and *count of them: for SGK_ISA_AUTO the resolved ISA (the tuner's key) first,
 * then every other one this CPU runs and the library has, scalar aside (the resolved one alone
 * when SGK_ISA is set); for an ISA given, that one alone (it is not tuned). Fails as
 * sgk_resolve_isa(requested) would. */
SGK_API sgk_status sgk_tune_isas(sgk_isa requested, sgk_isa isas[SGK_ISA_COUNT], uint32_t *count);
/* 1 if the kernel has a variant for (isa, sub_group_size). */
SGK_API int sgk_kernel_has_variant(const sgk_kernel *kernel, sgk_isa isa, uint32_t sub_group_size);

/* The tuner's state for what a launch of kernel over range with these options (tune on, its
 * tune_key; NULL: defaults) would key on: *sub_group_size the chosen size, or 0 while it is still
 * measuring (or nothing was launched yet); best_ns[i] (may be NULL) the fastest measured launch
 * at 8, 16, 32 (over the work-group sizes tried, with SGK_TUNE_WORK_GROUP; 0: not measured; from
 * SGK_TUNE_FILE: 0; with SGK_TUNE_ISA over the ISAs tried). The chosen work-group size and ISA: a
 * tuned launch's sgk_launch_info.local and isa. Fails as sgk_launch would on the range and ISA. */
SGK_API sgk_status sgk_tune_lookup(const sgk_kernel *kernel, const sgk_range *range,
                                   const sgk_launch_options *options, uint32_t *sub_group_size,
                                   uint64_t best_ns[3]);
/* Forgets every choice of this process (the file is not touched; it is read again). */
SGK_API void sgk_tune_reset(void);

/* IEEE binary16 in memory (the kernel type sgk_f16's elements: sgk/small_types.h), and the host's
 * conversions: to float exactly, from float rounded to nearest even (overflow to infinity,
 * subnormals kept); a NaN stays a NaN, quieted, its high payload bits kept. */
typedef uint16_t sgk_half;
SGK_API float sgk_half_to_float(sgk_half h);
SGK_API sgk_half sgk_half_from_float(float x);

/* Range constructors. */
static inline sgk_range sgk_range_1d(size_t global, size_t local) {
  sgk_range r;
  r.dims = 1;
  r.global[0] = global;
  r.global[1] = 1;
  r.global[2] = 1;
  r.local[0] = local;
  r.local[1] = 1;
  r.local[2] = 1;
  return r;
}
static inline sgk_range sgk_range_2d(size_t g0, size_t g1, size_t l0, size_t l1) {
  sgk_range r;
  r.dims = 2;
  r.global[0] = g0;
  r.global[1] = g1;
  r.global[2] = 1;
  r.local[0] = l0;
  r.local[1] = l1;
  r.local[2] = 1;
  return r;
}
static inline sgk_range sgk_range_3d(size_t g0, size_t g1, size_t g2, size_t l0, size_t l1,
                                     size_t l2) {
  sgk_range r;
  r.dims = 3;
  r.global[0] = g0;
  r.global[1] = g1;
  r.global[2] = g2;
  r.local[0] = l0;
  r.local[1] = l1;
  r.local[2] = l2;
  return r;
}

#ifdef __cplusplus
}
#endif
#endif /* SGK_SGK_H */
