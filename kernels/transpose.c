/* sg_shuffle.cpp: the 16 x 16 transpose by select_from_group, and the exercise the guide leaves to
 * the reader: a large transpose where each sub-group loads a W x W tile and transposes it with
 * shuffles. */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* The seed line for line: nd_range<2>((N / W, N), (1, W)); sub-group (gi, gj) loads W rows of its
 * W x W block, lane n gathers column n with select_from_group, and stores it back as row n.
 * In place, so it transposes the blocks on the diagonal: the seed's N = W case. */
SGK_KERNEL(transpose16, struct transpose16_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t gi = sgk_group_id(wg, 0), gj = sgk_group_id(wg, 1), n = a->n;
    const sgk_u32 sg_id = sgk_sg_local_id(sg);
    sgk_u32 bcol[SGK_W], tcol[SGK_W];
    const size_t ai = SGK_W * gi, aj = SGK_W * gj;
    for (int k = 0; k < SGK_W; k++) bcol[k] = sgk_load_u32(sg, a->matrix + (ai + k) * n + aj);
    for (int k = 0; k < SGK_W; k++) tcol[k] = sgk_splat_u32(0);
    for (uint32_t m = 0; m < SGK_W; m++) {
      const sgk_mask is_n = sgk_eq_u32(sg_id, sgk_splat_u32(m)); /* if (sgId == n) */
      for (uint32_t k = 0; k < SGK_W; k++)
        tcol[k] =
            sgk_select_u32(is_n, sgk_select_from_group_u32(sg, bcol[m], sgk_splat_u32(k)), tcol[k]);
    }
    for (int k = 0; k < SGK_W; k++) sgk_store_u32(sg, a->matrix + (ai + k) * n + aj, tcol[k]);
  }
}

/* Rows r and r + s of a butterfly stage trade the lanes whose index has bit s set (hi). */
SGK_INLINE void transpose_pair(sgk_sg sg, sgk_u32 *row, uint32_t r, uint32_t s, sgk_mask hi) {
  const sgk_u32 x = row[r], y = row[r + s];
  row[r] = sgk_select_u32(hi, sgk_permute_group_by_xor_u32(sg, y, s), x);
  row[r + s] = sgk_select_u32(hi, y, sgk_permute_group_by_xor_u32(sg, x, s));
}
SGK_INLINE sgk_mask lanes_with_bit(sgk_sg sg, uint32_t s) {
  const sgk_u32 lane = sgk_sg_local_id(sg);
  return sgk_ne_u32(sgk_and_u32(lane, sgk_splat_u32(s)), sgk_splat_u32(0));
}

#define REG_LANES SGK_REG_LANES32
/* The n x n transpose below (transpose_rows) at n = R, the lanes of a register (the blocks further
 * below, and the whole tile at W = R), unrolled: each stage's distance a literal (a lane swap by a
 * constant: AVX-512's vpshufd / vshufi32x4 with an immediate) and the R rows in registers, where
 * transpose_rows's loop keeps them in an array on the stack. The whole tile at W = R took the loop
 * until measured on AMD Zen 4 (family 25 model 17; 4096 x 4096, 2 threads, eight rounds alternated,
 * medians): unrolled AVX-512 W 16 1.27x (1.21-1.59x a round), W 8 1.17x, AVX2 W 8 1.21x, where
 * Zen 5 had read 0.93x and 1.11x at AVX-512 W 16 and W 8 in three rounds. */
SGK_INLINE void transpose_stage(sgk_sg sg, sgk_u32 *row, uint32_t s) {
  const sgk_mask hi = lanes_with_bit(sg, s);
  _Pragma("GCC unroll 16") for (uint32_t r = 0; r < REG_LANES; ++r) if (!(r & s))
      transpose_pair(sg, row, r, s, hi);
}
SGK_INLINE void transpose_block(sgk_sg sg, sgk_u32 *row) {
  if (REG_LANES > 8) transpose_stage(sg, row, 8);
  if (REG_LANES > 4) transpose_stage(sg, row, 4);
  if (REG_LANES > 2) transpose_stage(sg, row, 2);
  if (REG_LANES > 1) transpose_stage(sg, row, 1);
}

/* n x n transpose in registers, n a power of two <= W, in every aligned group of n lanes:
 * log2(n) butterfly stages of permute_group_by_xor and select. In: row[r] lane g n + i =
 * M_g[r][i]. Out: row[r] lane g n + i = M_g[i][r]. At n = W, the whole W x W tile; at n = R
 * (the whole tile at W = R), the unrolled stages above. */
SGK_INLINE void transpose_rows(sgk_sg sg, sgk_u32 *row, uint32_t n) {
  if (n == REG_LANES) {
    transpose_block(sg, row);
    return;
  }
  for (uint32_t s = n / 2; s >= 1; s /= 2) {
    const sgk_mask hi = lanes_with_bit(sg, s);
    for (uint32_t r = 0; r < n; ++r)
      if (!(r & s)) transpose_pair(sg, row, r, s, hi);
  }
}

/* Where a sub-group is several registers (W above SGK_REG_LANES32: AVX2 at W 16 and 32, AVX-512
 * at W 32, NEON), the W x W tile is (W / R)^2 blocks of R x R, R the lanes of a register: each
 * register of R loaded rows is transposed as its own R x R block (transpose_block, whose stages
 * never cross a register) and stored where its block goes in the output, by a masked store whose
 * constant mask is that register (a plain store). The whole tile's butterfly instead keeps W rows
 * of W / R registers each live across log2(W) stages: at AVX2 W 32, 128 registers through the
 * stack. A/B on AMD Zen 3 (4096 x 4096, avx2, 2 threads, eight alternations, medians): W 16 8.89
 * -> 12.9 GB/s, W 32 7.48 -> 9.29, W 8 the same code. Scalar (R = 1) keeps the whole tile's
 * butterfly.
 * The blocks go in groups of G x G, G the registers of a 64-byte line (AVX2 2, AVX-512 1, NEON 4;
 * at most W / R): G blocks of R rows, of which G registers a row are used, so that a group reads
 * whole lines of the input and writes whole lines of the output. At a power-of-two row pitch a
 * tile's rows all fall in one set of the L1 cache, more rows than it has ways: a line read or
 * written by halves, its other half a group later, was evicted in between. The registers a group
 * does not use are dead code (every lane swap stays inside its register, the stores of the other
 * registers are masked off by constants). Before, R rows went at a time with all their registers
 * (at AVX-512 W 32 the 32 zmm of 16 rows, through the stack) and stored half lines at AVX2. A/B on
 * AMD Zen 5 (4096 x 4096, 2 threads, alternated, medians of three, two rounds): AVX-512 W 32
 * 21.0 -> 33.0 GB/s (1.54-1.57x), AVX2 W 16 1.25-1.30x, AVX2 W 32 1.33-1.38x; W 8 and AVX-512
 * W 16, which take the whole tile's butterfly, 0.97-1.05x. */
#define BLOCKED_TILE (SGK_W > REG_LANES && REG_LANES > 1)
#define NREG (SGK_W / REG_LANES) /* registers in a row of the tile */
#define LINE_REGS (64 / (REG_LANES * 4) > 1 ? 64 / (REG_LANES * 4) : 1) /* in a 64-byte line */
#define GROUP (LINE_REGS < NREG ? LINE_REGS : NREG)

/* The order of the tiles (the guide leaves it open): work-group g takes the tile g of blocks of
 * s x s tiles (s the args' block, else the CPU's: sgk_tile_block, else TILE_BLOCK), row-major
 * inside a block, the blocks left to right in bands of s tile rows (the last block and band as
 * wide or high as the tiles left), and it prefetches the lines of the tile TILE_AHEAD work-groups
 * on. In the range's own row-major order a tile's W output rows are W new lines on W pages down a
 * column of tiles, which no stream prefetcher follows, and at W 8 a line is half written, its
 * other half coming a whole tile row later, out of L1 by then. In blocks the tile that completes
 * it comes TILE_BLOCK work-groups later. A/B on AMD Zen 3, 4096 x 4096, avx2: W 8 1.55x, W 16
 * 1.43x; W 32 gained nothing in any block or distance tried (blocks of 2, 4, 8 tiles, 2 to 8
 * ahead) while its tile went through the stack, and 1.2-1.3x once transposed by blocks (above;
 * blocks of 4 and 8 alike). */
/* At W 32 the blocks are 4 tiles wide and high, so that a block's tile column is 128 output rows
 * as at W 16 (8 tiles of 16). At a power-of-two row pitch those rows fall into few L2 sets (at
 * 4096 columns, a 16 KiB pitch, every 8th row in the same set of a 2048-set L2), and a block of
 * 8 tiles of 32 keeps 256 output rows of two lines each in flight, more than those sets hold (so
 * we read it: the VM has no cache counters). A/B on an Intel Xeon VM (family 6 model 207, 48 KiB
 * L1D, 2 MiB 16-way L2; 4096 x 4096, 2 threads, ten rounds alternated, each variant's rate against
 * AVX-512 W 16's in the same process, medians): AVX-512 W 32 0.757 -> 0.873 (10.8 -> 12.1 GB/s),
 * AVX2 W 32 0.723 -> 0.827; 4 ahead instead of 8 about 0.92x of that; blocks of 16 at W 8 0.87x,
 * kept at 8. On AMD Zen 4 (1 MiB 8-way L2) the same blocks had read 0.81x of W 16 against 0.86x
 * (medians of 6-10 rounds, README "The W 32 row on Zen 4"), and on Zen 5 neither way (0.97-1.04x,
 * eight rounds): the variant's own is 4, and the runtime says 8 at W 32 on AMD (sgk_tile_block,
 * src/runtime/cpu.c); the args' block, when not 0, overrides both (SGK_TRANSPOSE_BLOCK, in
 * transpose_host.c). */
#if SGK_W == 32
#define TILE_BLOCK 4
#else
#define TILE_BLOCK 8
#endif
#define TILE_AHEAD 8

SGK_INLINE void tile_of(size_t g, size_t s, size_t t0, size_t t1, size_t *ti, size_t *tj) {
  const size_t band = g / (s * t1), in = g - band * s * t1; /* in < h * t1 */
  const size_t h = t0 - band * s < s ? t0 - band * s : s;
  const size_t block = in / (h * s), k = in - block * h * s; /* k < h * w */
  const size_t w = t1 - block * s < s ? t1 - block * s : s;
  *ti = band * s + k / w, *tj = block * s + k % w;
}

/* out (cols x rows) = in (rows x cols)^T. nd_range<2>((ceil(rows / W), ceil(cols / W) W), (1, W)):
 * each work-group is one sub-group and one W x W tile, in the order above; edges are masked. */
SGK_KERNEL(transpose_tiled, struct transpose_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    /* the arguments as locals: a store through out may alias *a, so that GCC reloaded a->out
     * and a->rows after each of the tile's stores */
    const uint32_t *const in = a->in;
    uint32_t *const out = a->out;
    const size_t rows = a->rows, cols = a->cols;
    const size_t t0 = sgk_group_range(wg, 0), t1 = sgk_group_range(wg, 1);
    const size_t g = sgk_group_linear_id(wg), t_max = t0 > t1 ? t0 : t1;
    const size_t want = a->block ? a->block : sgk_tile_block(wg, TILE_BLOCK);
    const size_t s = want < t_max ? want : t_max;
    size_t ti, tj;
    tile_of(g, s, t0, t1, &ti, &tj);
    const size_t r0 = ti * SGK_W, c0 = tj * SGK_W;
    if (g + TILE_AHEAD < t0 * t1) {
      size_t pi, pj;
      tile_of(g + TILE_AHEAD, s, t0, t1, &pi, &pj);
      const size_t pr = pi * SGK_W, pc = pj * SGK_W;
      if (pr + SGK_W <= rows && pc + SGK_W <= cols) /* whole tiles (edges: none) */
        for (uint32_t k = 0; k < SGK_W; ++k) {
          sgk_prefetch(in + (pr + k) * cols + pc, SGK_W * sizeof(uint32_t));
          sgk_prefetch(out + (pc + k) * rows + pr, SGK_W * sizeof(uint32_t));
        }
    }
    const uint32_t nr = rows - r0 < SGK_W ? (uint32_t)(rows - r0) : SGK_W;
    const uint32_t nc = cols - c0 < SGK_W ? (uint32_t)(cols - c0) : SGK_W;
    /* the sub-group is always whole here (a work-group is one sub-group); saying so lets the
     * compiler take the stores' masks as the constants they are */
    if (BLOCKED_TILE && nr == SGK_W && nc == SGK_W && sgk_sg_size(sg) == SGK_W) {
      _Pragma("GCC unroll 8") for (uint32_t cg = 0; cg < NREG; cg += GROUP) {
        for (uint32_t bg = 0; bg < NREG; bg += GROUP) {
          sgk_u32 row[GROUP][REG_LANES];
          _Pragma("GCC unroll 8") for (uint32_t j = 0; j < GROUP; ++j) {
            for (uint32_t k = 0; k < REG_LANES; ++k)
              row[j][k] = sgk_load_u32(sg, in + (r0 + REG_LANES * (bg + j) + k) * cols + c0);
            transpose_block(sg, row[j]);
          }
          /* register c of row k of block bg + j: output row c R + k, columns (bg + j) R ..;
           * its lanes are c R .. */
          _Pragma("GCC unroll 8") for (uint32_t c = cg; c < cg + GROUP; ++c) {
            const sgk_mask reg_c = sgk_mask_from_bits(((1u << REG_LANES) - 1u) << (REG_LANES * c));
            for (uint32_t k = 0; k < REG_LANES; ++k)
              _Pragma("GCC unroll 8") for (uint32_t j = 0; j < GROUP; ++j) sgk_store_masked_u32(
                  sg, reg_c,
                  out + (c0 + REG_LANES * c + k) * rows + r0 + REG_LANES * (bg + j) - REG_LANES * c,
                  row[j][k]);
          }
        }
      }
    } else { /* the whole tile's butterfly (unrolled at W = R), edges masked */
      const sgk_mask cols_in = sgk_mask_first_n(nc), rows_in = sgk_mask_first_n(nr);
      sgk_u32 row[SGK_W];
      for (uint32_t k = 0; k < SGK_W; ++k)
        row[k] =
            k < nr ? sgk_load_masked_u32(sg, cols_in, in + (r0 + k) * cols + c0) : sgk_splat_u32(0);
      transpose_rows(sg, row, SGK_W);
      for (uint32_t k = 0; k < nc; ++k)
        sgk_store_masked_u32(sg, rows_in, out + (c0 + k) * rows + r0, row[k]);
    }
  }
}
