/* The machine's limits, measured in the same run as the kernels: memory bandwidth (copy, copy
 * with non-temporal stores, read-only sum) at a given footprint, and register-only peaks (f32
 * and f64 FMA, int32 multiply-add) per ISA, on `threads` OpenMP threads. Each call does the work
 * once and returns the seconds it took (wall time of the parallel region); the operation counts
 * are given by the functions below, so the caller derives the rates. */
#ifndef SGK_BENCH_ROOFS_H
#define SGK_BENCH_ROOFS_H
#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* dst and src: 64-byte aligned, `bytes` each (a multiple of 4096). Each thread copies its own
 * contiguous part, roof_reps(bytes) times in one parallel region (8 MiB or more in all, so that
 * an in-cache roof is not the cost of starting the region). */
size_t roof_reps(size_t bytes);
double roof_copy(void *dst, const void *src, size_t bytes, int threads);
/* Copy with streaming stores (x86: vmovntdq, AVX-512 if present else AVX2; elsewhere: plain
 * stores, and roof_copy_nt_kind() says so). */
double roof_copy_nt(void *dst, const void *src, size_t bytes, int threads);
const char *roof_copy_nt_kind(void);
/* Sum of the 32-bit words, wrapping (read only, AVX-512 or AVX2 loads where present); *sink
 * receives the sum, so the reads are not elided and the caller can check it. */
double roof_read(const void *src, size_t bytes, int threads, uint32_t *sink);

/* The SLM histogram's bound with one table: every byte of `n` 64-bit values (a multiple of
 * ROOF_RMW_BLOCK) added to one of 256 32-bit counters, plain C, one table per block of
 * ROOF_RMW_BLOCK values (zeroed before, folded out after, as hist_slm's work-group does with its
 * 16384 values), the blocks shared out among the threads. *sink receives the sum over the blocks
 * of bin * count, which is the sum of all the bytes, so the caller can check it. One update per
 * byte: the rate in bytes/s is the updates' rate. */
#define ROOF_RMW_BLOCK 16384
double roof_byte_rmw(const uint64_t *values, size_t n, int threads, uint64_t *sink);
/* What any one-table update costs at least, the store: the same bytes, one plain store per byte to
 * the byte's bin of one 256-entry table per block (no load, no add: last[bin] = the value's
 * 1-based index in the block), so its rate bounds every way of updating one table that writes
 * each update to it (hist_slm's local atomics, Intel's runtime's). pairs: 8 stores per value
 * still, but each even byte b stores to bins b and b ^ 1, one cache line: how the stores' cost
 * depends on the lines they fall in (README, "The SLM histogram against Intel's runtime"). *sink
 * receives the sum over the blocks of bin * last[bin]. */
double roof_byte_store(const uint64_t *values, size_t n, int threads, int pairs, uint64_t *sink);
/* init_wi's stores in plain C, to tell the cost of their order from the cost of sgk's lifting:
 * `bytes` (a multiple of 4096; run 8, 16 or 32) of dst set to -1, 16 ints per work-item, the
 * work-items in runs of `run` (a sub-group of W = run), each store a plain 4-byte store kept in
 * the order given (a compiler barrier after each, so none is merged, vectorized or reordered),
 * a run's 16 * run stores one straight line of code in either order.
 * interleaved: the kernel's program order, step j of every work-item of the run before step
 * j + 1, so consecutive stores fall in `run` different cache lines; itemwise: each work-item's
 * 16 stores one after another, into one line (the order gcc's alias-checked rewrite of init_wi at
 * avx2 W 8 gets, README). Each thread owns whole runs; roof_reps(bytes) passes. Returns the
 * seconds, or -1.0 (nothing stored) for a run other than 8, 16 or 32. */
double roof_store_runs(int32_t *dst, size_t bytes, uint32_t run, int interleaved, int threads);
/* The core's clock while it computes: 8 * iters dependent 64-bit multiplies on the calling
 * thread, 3 cycles each on x86 cores (a chain of adds of a constant would not do: on the Xeon of
 * family 6 model 207 it ran 3.6 dependent adds per cycle). Returns the seconds, 0.0 (nothing run)
 * off x86. */
#define ROOF_CLOCK_CYCLES_PER_ITER 24
double roof_clock(size_t iters);
/* The same with one table per lane of a 16-lane AVX-512 register, updated by gather and scatter
 * (no two lanes on one counter), folded at each block's end; *sink as above. Returns 0.0 (and
 * does nothing) without AVX-512. */
double roof_byte_rmw_lanes(const uint64_t *values, size_t n, int threads, uint64_t *sink);

/* Register-only loops: ROOF_CHAINS independent accumulators of `lanes` lanes each, `iters`
 * steps per thread. kind: 0 f32 FMA, 1 f64 FMA, 2 int32 multiply + add. Returns 0.0 (and does
 * nothing) for an ISA without such a loop here (scalar) or not present on this CPU. */
enum { ROOF_FMA_F32 = 0, ROOF_FMA_F64 = 1, ROOF_MAD_I32 = 2 };
double roof_peak(sgk_isa isa, int kind, size_t iters, int threads, double *sink);
/* Operations one call performs: 2 per lane per chain per step (a multiply and an add). */
double roof_peak_ops(sgk_isa isa, int kind, size_t iters, int threads);

#ifdef __cplusplus
}
#endif
#endif
