/* Arguments of the documented kernels (device side in kernels/<name>.c, host side in
 * kernels/<name>_host.c). */
#ifndef SGK_KERNELS_ARGS_H
#define SGK_KERNELS_ARGS_H

#include <stddef.h>
#include <stdint.h>

/* sg_size.cpp / sg_max_size.cpp: per work-item records */
enum {
  SGI_GLOBAL,
  SGI_GROUP,
  SGI_SG_GROUP,
  SGI_SG_ID,
  SGI_SG_SIZE,
  SGI_SG_MAX,
  SGI_J,
  SGI_K,
  SGI_FIELDS
};
struct sg_info_args {
  const int32_t *data;
  int32_t *out;
};

/* init and copy (sg_mem_access_0/1/2, the vec4 payload): 16 ints per work-item */
#define SGK_PER_ITEM 16
struct copy_args {
  const int32_t *src;
  int32_t *dst;
};

/* transpose: rows x cols matrix of uint32 into cols x rows. block: the side, in tiles, of the
 * square blocks the work-groups take the tiles in (kernels/transpose.c; any value >= 1 is right,
 * one at least the tiles of the longer side is the range's own row-major order); 0: the CPU's
 * (sgk_tile_block: 8 at W 32 on AMD), else the variant's own, 8 tiles (4 at W 32). */
struct transpose_args {
  const uint32_t *in;
  uint32_t *out;
  uint32_t rows, cols;
  uint32_t block;
};
struct transpose16_args {
  uint32_t *matrix;
  uint32_t n;
};

/* slm_bank.cpp */
struct slm_bank_args {
  int32_t *data;
  uint32_t iterations;
  uint32_t stride;
};

/* convolution_global.cpp / convolution_slm.cpp */
struct conv_args {
  const int32_t *input;
  const int32_t *kernel;
  int32_t *output;
  size_t n;
  uint32_t m;
};

/* histogram_256_int.cpp / histogram_256_slm.cpp */
#define SGK_HIST_BINS 256
#define SGK_HIST_BLOCK 256
struct hist_args {
  const uint64_t *input;
  uint64_t *hist;
  uint32_t mask;
};

/* ENCCS sub-group matmul: C (m x n) = A (m x k) * B (k x n), doubles, row-major */
struct matmul_args {
  const double *a, *b;
  double *c;
  uint32_t m, n, k;
};

/* The tuned matmul (matmul_tiled.c): a work-group owns a MATMUL_TILE_M x MATMUL_TILE_N_<T> tile of
 * C; double uses struct matmul_args, float this one. */
#define MATMUL_TILE_M 192
#define MATMUL_TILE_N_F64 32
#define MATMUL_TILE_N_F32 64
struct matmul_f32_args {
  const float *a, *b;
  float *c;
  uint32_t m, n, k;
};

/* the guide's reduction (SLM tree + atomic) and vec_copy */
struct reduce_args {
  const int32_t *data;
  size_t n;
  size_t num_work_items;
  int32_t *sum;
};
struct vec_copy_args {
  const int32_t *src;
  int32_t *dst;
};

/* the guide's triple product reduction: val = sum C[i*N+j] * A[i] * B[j] */
struct triple_args {
  const double *a, *b, *c;
  uint32_t n;
  size_t gws;
  double *val;
};

/* Black-Scholes European options (ISPC's options example): call and put prices of n options */
struct black_scholes_args {
  const float *s, *x, *t; /* spot, strike, years to expiry */
  float r, v;             /* risk-free rate, volatility */
  float *call, *put;
};

/* row softmax: y[i, :] = exp(x[i, :] - max) / sum, one work-group per row */
struct softmax_args {
  const float *x;
  float *y;
  size_t cols;
};

#endif
