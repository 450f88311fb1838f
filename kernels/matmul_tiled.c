/* A tuned sub-group matmul, C = A B (row-major, any M N K), written only with the portable API:
 * what the sub-group model reaches on a CPU beside the ENCCS kernel's one column per work-item
 * (matmul.c). Double (matmul_tiled) and float (matmul_tiled_f32).
 *
 * A work-group owns a MATMUL_TILE_M x MATMUL_TILE_N_<T> tile of C (global {M/TM, N/TN x wg}
 * rounded up, local {1, wg}; its full sub-groups compute, so wg must hold at least one: the host
 * makes it a multiple of 32, which holds at every W). For each block of MATMUL_KC values of k
 * it stages B's KC x TN panel in SLM (zeros past N, so every lane reads it unmasked), strip by
 * strip, then its sub-groups share the tile's register blocks: each work-item owns a strip of MR
 * rows x NC columns of C (columns W apart) in MR x NC lane vectors, and for every k the sub-group
 * loads NC vectors of the panel and broadcasts A(row, k) of each of its MR rows across the
 * sub-group (a splat of one scalar load): MR x NC FMAs per k for MR + NC loads. MR and NC follow
 * the registers of the variant (SGK_REG_LANES32/64, SGK_REG_COUNT): a row of the strip is two
 * registers where W allows, and the strip fills the register file but for the panel's vectors and
 * the broadcast. The strip is kept in C between k blocks (loaded back exactly), so results do not
 * depend on KC. A tall tile (192 rows) amortizes the panel: staging reads B's rows a page apart,
 * at most a few lines each, the kernel's costliest loads (a quarter of its time with 48 rows, on
 * AMD Zen 3); a strip's panel block is contiguous, so it spreads over the L1's sets rather than
 * landing in a quarter of them (a tile row of f64 is 256 bytes). */
#include "sgk/kernel.h"
#include "kernel_args.h"

#define MATMUL_KC 128 /* k per SLM panel: 128 x 64 floats or 128 x 32 doubles = 32 KiB */
/* Where column c (of the tile) at k row kk is in the panel, stored strip by strip (NB columns):
 * a strip's KC x NB block is contiguous, its k rows NB apart */
#define MM_PANEL_AT(c, kk, nb) ((c) / (nb) * (MATMUL_KC * (nb)) + (kk) * (nb) + (c) % (nb))

#define MM_MIN(a, b) ((a) < (b) ? (a) : (b))
/* Lane vectors per row of a strip: two registers' worth of columns, at least one vector. */
#define MM_NC(rl) (2 * (rl) > SGK_W ? 2 * (rl) / SGK_W : 1)
/* Registers per row of a strip, then rows: all registers but a row of panel vectors and the
 * broadcast, at most 8 rows (8 A streams), at least 1; 48 is a multiple of 1, 2, 6 and 8, and
 * of the others this gives (3, 4 never occur but divide 48 too; 5 and 7 are rounded down). */
#define MM_RPR(rl) (MM_NC(rl) * SGK_W / (rl))
#define MM_MR_RAW(rl) ((SGK_REG_COUNT - MM_RPR(rl) - 1) / MM_RPR(rl))
#define MM_MR(rl)                                                                                  \
  (MM_MR_RAW(rl) >= 8 ? 8 : MM_MR_RAW(rl) >= 6 ? 6 : MM_MR_RAW(rl) >= 1 ? MM_MR_RAW(rl) : 1)

/* T: f32 or f64; ct its C type; rl its register lanes; tn the tile's columns. */
#define MATMUL_TILED(name, T, ct, rl, tn, args_t)                                                  \
  enum { name##_nc = MM_NC(rl), name##_mr = MM_MR(rl), name##_nb = name##_nc * SGK_W };            \
  _Static_assert(MATMUL_TILE_M % name##_mr == 0, "a tile is whole strips of rows");                \
  _Static_assert((tn) % name##_nb == 0, "a tile is whole strips of columns");                      \
  /* acc += A(rows, k) x panel(k, strip) over the panel's kc rows; arow[i] at the block's k0 */    \
  SGK_INLINE void name##_strip(sgk_sg sg, const ct *const *arow, const ct *bp, size_t kc,          \
                               sgk_##T acc[][name##_nc]) {                                         \
    _Pragma("GCC unroll 4") for (size_t kk = 0; kk < kc; ++kk) {                                   \
      sgk_##T b[name##_nc];                                                                        \
      for (int j = 0; j < name##_nc; ++j)                                                          \
        b[j] = sgk_load_##T(sg, bp + kk * name##_nb + j * SGK_W);                                  \
      for (int i = 0; i < name##_mr; ++i) {                                                        \
        const sgk_##T ai = sgk_splat_##T(arow[i][kk]);                                             \
        for (int j = 0; j < name##_nc; ++j) acc[i][j] = sgk_fma_##T(ai, b[j], acc[i][j]);          \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  SGK_KERNEL_SLM(name, args_t, a, wg, (size_t)MATMUL_KC *(tn) * sizeof(ct)) {                      \
    enum { MR = name##_mr, NC = name##_nc, NB = name##_nb };                                       \
    ct *panel = sgk_slm(wg);                                                                       \
    const size_t m = a->m, n = a->n, k = a->k;                                                     \
    const size_t row0 = sgk_group_id(wg, 0) * MATMUL_TILE_M, col0 = sgk_group_id(wg, 1) * (tn);    \
    /* the strips of this tile that hold a row and a column of C */                                \
    const uint32_t strip_rows = (uint32_t)((MM_MIN(m - row0, MATMUL_TILE_M) + MR - 1) / MR);       \
    const uint32_t strip_cols = (uint32_t)((MM_MIN(n - col0, (tn)) + NB - 1) / NB);                \
    /* the full sub-groups do the work: a strip's columns are W lanes apart */                     \
    const uint32_t workers = (uint32_t)(sgk_local_linear_range(wg) / SGK_W);                       \
    for (size_t k0 = 0; k0 < k; k0 += MATMUL_KC) {                                                 \
      const size_t kc = MM_MIN(k - k0, MATMUL_KC);                                                 \
      /* stage B(k0 .. k0 + kc, col0 .. col0 + tn); j a multiple of W: in one strip */             \
      SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                              \
        for (size_t kk = sg.id; sg.full && kk < kc; kk += workers) {                               \
          const ct *brow = a->b + (k0 + kk) * n;                                                   \
          for (size_t j = 0; j < (tn); j += SGK_W) { /* zeros past column n */                     \
            const sgk_##T v =                                                                      \
                sgk_load_masked_##T(sg, sgk_sg_lanes_below(sg, col0 + j, n), brow + col0 + j);     \
            sgk_store_##T(sg, panel + MM_PANEL_AT(j, kk, NB), v);                                  \
          }                                                                                        \
        }                                                                                          \
      }                                                                                            \
      /* group_barrier: every sub-group multiplies its strips by the panel */                      \
      SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                              \
        for (uint32_t s = sg.id; sg.full && s < strip_rows * strip_cols; s += workers) {           \
          const size_t r = row0 + (size_t)(s / strip_cols) * MR;                                   \
          const size_t cb = (size_t)(s % strip_cols) * NB; /* within the tile */                   \
          const ct *arow[MR];                                                                      \
          sgk_mask cols[NC];                                                                       \
          sgk_##T acc[MR][NC];                                                                     \
          for (int j = 0; j < NC; ++j) cols[j] = sgk_sg_lanes_below(sg, col0 + cb + j * SGK_W, n); \
          for (int i = 0; i < MR; ++i) {                                                           \
            /* rows past M read row M - 1 and are never stored */                                  \
            arow[i] = a->a + MM_MIN(r + i, m - 1) * k + k0;                                        \
            for (int j = 0; j < NC; ++j)                                                           \
              acc[i][j] = k0 == 0 || r + i >= m                                                    \
                              ? sgk_splat_##T(0)                                                   \
                              : sgk_load_masked_##T(sg, cols[j],                                   \
                                                    a->c + (r + i) * n + col0 + cb + j * SGK_W);   \
          }                                                                                        \
          name##_strip(sg, arow, panel + MM_PANEL_AT(cb, 0, NB), kc, acc);                         \
          for (int i = 0; i < MR; ++i)                                                             \
            if (r + i < m)                                                                         \
              for (int j = 0; j < NC; ++j)                                                         \
                sgk_store_masked_##T(sg, cols[j], a->c + (r + i) * n + col0 + cb + j * SGK_W,      \
                                     acc[i][j]);                                                   \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
  }

MATMUL_TILED(matmul_tiled, f64, double, SGK_REG_LANES64, MATMUL_TILE_N_F64, struct matmul_args)
MATMUL_TILED(matmul_tiled_f32, f32, float, SGK_REG_LANES32, MATMUL_TILE_N_F32,
             struct matmul_f32_args)
