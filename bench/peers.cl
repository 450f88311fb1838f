// The documented kernels in OpenCL C, for the other runtimes bench_kernels compares with
// (bench/peers.c). Built with -DSGW=8|16|32 on a runtime with cl_intel_required_subgroup_size
// (Intel's CPU runtime): the sub-group versions, as the seeds write them. Without SGW (PoCL, no
// sub-groups): local memory where the seed uses sub-group functions. Buffers and sizes are those
// of the plain-C baselines (bench/baselines.c), whose checks verify every peer's output.
#ifdef SGW
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
#define REQD_SG __attribute__((intel_reqd_sub_group_size(SGW)))
#else
#define REQD_SG
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// init and copy: 16 ints per work-item, strided by the work-group so that neighbouring
// work-items touch neighbouring ints (the coalesced form, sg_mem_access_1).
REQD_SG __kernel void init(__global int *dst) {
  const size_t base = get_group_id(0) * get_local_size(0) * 16 + get_local_id(0);
  for (int k = 0; k < 16; ++k) dst[base + k * get_local_size(0)] = -1;
}

REQD_SG __kernel void copy(__global const int *src, __global int *dst) {
  const size_t base = get_group_id(0) * get_local_size(0) * 16 + get_local_id(0);
  for (int k = 0; k < 16; ++k) dst[base + k * get_local_size(0)] = src[base + k * get_local_size(0)];
}

REQD_SG __kernel void vec_copy(__global const int *src, __global int *dst) {
  dst[get_global_id(0)] = src[get_global_id(0)];
}

// reduction: each work-item sums 16 ints (work-group strided), a tree in local memory with a
// barrier per level, one 64-bit atomic per work-group.
REQD_SG __kernel void reduction(__global const int *in, __global long *sum, __local long *part) {
  const size_t lsz = get_local_size(0), lid = get_local_id(0);
  const size_t base = get_group_id(0) * lsz * 16 + lid;
  long t = 0;
  for (int k = 0; k < 16; ++k) t += in[base + k * lsz];
  part[lid] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = lsz / 2; s > 0; s /= 2) {
    if (lid < s) part[lid] += part[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) atom_add(sum, part[0]);
}

// The seed's reduction (the guide's work-group-size chapter) as written: n / L work-items, each
// adding the ints strided by the work-item count, the tree in local memory with a barrier per
// level, one atomic add per work-group. Run by the peers reduction_wg16 and reduction_wg1024
// (L = 16, 1024); the sum is 64-bit, as the baseline's buffer (the seed's int would wrap).
REQD_SG __kernel void reduction_seed(__global const int *in, __global long *sum,
                                     __local long *scratch, uint n, uint items) {
  const uint lid = get_local_id(0);
  long t = 0;
  for (uint i = get_global_id(0); i < n; i += items) t += in[i];
  scratch[lid] = t;
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < s) scratch[lid] += scratch[lid + s];
  }
  if (lid == 0) atom_add(sum, scratch[0]);
}

// transpose of an n x n uint matrix, out of place. Sub-groups: a W x W tile per sub-group, lane l
// holding column l of the tile's W rows; output row c gathers lane c's values by shuffles, all
// in uniform control flow (Intel's runtime computes shuffles inside `if (sgId == n)` wrongly).
// Local memory: a 16 x 16 tile per work-group.
#ifdef SGW
REQD_SG __kernel void transpose(__global const uint *in, __global uint *out, uint n) {
  const uint l = get_sub_group_local_id();
  const uint tiles = n / SGW;
  const size_t tile = get_global_id(0) / SGW;  // one tile per sub-group
  const uint bi = (uint)(tile / tiles) * SGW, bj = (uint)(tile % tiles) * SGW;
  uint v[SGW];
  for (int r = 0; r < SGW; ++r) v[r] = in[(size_t)(bi + r) * n + bj + l];
  for (int c = 0; c < SGW; ++c) {
    uint mine = 0;
    for (int r = 0; r < SGW; ++r) {
      const uint t = intel_sub_group_shuffle(v[r], (uint)c);
      mine = r == (int)l ? t : mine;
    }
    out[(size_t)(bj + c) * n + bi + l] = mine;
  }
}
#else
__kernel void transpose(__global const uint *in, __global uint *out, uint n) {
  __local uint tile[16][17];
  const size_t gx = get_group_id(0) * 16, gy = get_group_id(1) * 16;
  const size_t lx = get_local_id(0), ly = get_local_id(1);
  tile[ly][lx] = in[(gy + ly) * n + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + ly) * n + gy + lx] = tile[lx][ly];
}
#endif

// 1-D convolution, 257 taps, zero padding, from global memory (convolution_global.cpp).
REQD_SG __kernel void conv(__global const int *in, __global const int *k, __global int *out, long n) {
  const long i = get_global_id(0);
  uint t = 0;
  for (int j = 0; j < 257; ++j) {
    const long x = i - 128 + j;
    if (x >= 0 && x < n) t += (uint)in[x] * (uint)k[j];
  }
  out[i] = (int)t;
}

// histogram_256_slm.cpp: 256 bins in local memory (local atomics), every byte of 256 uint64
// values per work-item, merged with one 64-bit global atomic per bin per work-group.
REQD_SG __kernel void hist(__global const ulong *in, __global ulong *h) {
  __local uint bins[256];
  for (size_t b = get_local_id(0); b < 256; b += get_local_size(0)) bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  const size_t base = get_group_id(0) * get_local_size(0) * 256 + get_local_id(0);
  for (int k = 0; k < 256; ++k) {
    const ulong v = in[base + (size_t)k * get_local_size(0)];
    for (int b = 0; b < 8; ++b) atomic_inc(&bins[(v >> (8 * b)) & 0xFF]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t b = get_local_id(0); b < 256; b += get_local_size(0))
    if (bins[b]) atom_add(&h[b], (ulong)bins[b]);
}

// ENCCS sub_group-matmul: double C = A B, SYCL nd_range {M, N} / {1, W}, which is OpenCL's
// global {N, M} / local {W, 1} (SYCL's last dimension is OpenCL's first, the one sub-groups run
// along); each sub-group loads a W-wide tile of A's row once and broadcasts its elements.
// Local memory: 16 x 16 tiles.
#ifdef SGW
REQD_SG __kernel void matmul(__global const double *a, __global const double *b, __global double *c,
                             uint n) {
  const size_t i = get_global_id(1), j = get_global_id(0);
  const uint l = get_sub_group_local_id();
  double t = 0.0;
  for (uint kk = 0; kk < n; kk += SGW) {
    const double tile = a[i * n + kk + l];
    for (uint k = 0; k < SGW; ++k) t += sub_group_broadcast(tile, k) * b[(size_t)(kk + k) * n + j];
  }
  c[i * n + j] = t;
}
#else
__kernel void matmul(__global const double *a, __global const double *b, __global double *c, uint n) {
  __local double ta[16][16], tb[16][16];
  const size_t i = get_global_id(0), j = get_global_id(1);
  const size_t li = get_local_id(0), lj = get_local_id(1);
  double t = 0.0;
  for (uint kk = 0; kk < n; kk += 16) {
    ta[li][lj] = a[i * n + kk + lj];
    tb[li][lj] = b[(size_t)(kk + li) * n + j];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 16; ++k) t += ta[li][k] * tb[k][lj];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[i * n + j] = t;
}
#endif

// Triple product sum C[i N + j] A[i] B[j] (the guide's LWS/GWS example): each work-item strides
// over the N x N terms by GWS, a work-group sum in local memory, one partial per work-group
// (the host adds the GWS / LWS partials: double atomics are not core OpenCL).
REQD_SG __kernel void triple_product(__global const double *a, __global const double *b,
                                     __global const double *c, uint n, __global double *partial,
                                     __local double *part) {
  const size_t total = (size_t)n * n, gws = get_global_size(0);
  double t = 0.0;
  for (size_t x = get_global_id(0); x < total; x += gws) t += c[x] * a[x / n] * b[x % n];
  const size_t lid = get_local_id(0);
  part[lid] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (lid < s) part[lid] += part[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = part[0];
}

// Black-Scholes call and put, f32 (ISPC's options example).
REQD_SG __kernel void black_scholes(__global const float *s, __global const float *x,
                                    __global const float *t, __global float *call,
                                    __global float *put) {
  const size_t i = get_global_id(0);
  const float r = 0.02f, v = 0.30f, sq = sqrt(t[i]);
  const float d1 = (log(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sq), d2 = d1 - v * sq;
  const float n1 = 0.5f * erfc(-d1 * 0.70710678f), n2 = 0.5f * erfc(-d2 * 0.70710678f);
  const float disc = x[i] * exp(-r * t[i]);
  call[i] = s[i] * n1 - disc * n2;
  put[i] = disc * (1.0f - n2) - s[i] * (1.0f - n1);
}

// Row softmax, 1000 columns, a work-group per row: max and sum by work-group reductions in
// local memory.
REQD_SG __kernel void softmax(__global const float *x, __global float *y, __local float *red) {
  const size_t row = get_group_id(0), lid = get_local_id(0), lsz = get_local_size(0);
  __global const float *xr = x + row * 1000;
  __global float *yr = y + row * 1000;
  float m = -INFINITY;
  for (size_t j = lid; j < 1000; j += lsz) m = fmax(m, xr[j]);
  red[lid] = m;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = lsz / 2; s > 0; s /= 2) {
    if (lid < s) red[lid] = fmax(red[lid], red[lid + s]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  m = red[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (size_t j = lid; j < 1000; j += lsz) sum += yr[j] = exp(xr[j] - m);
  red[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = lsz / 2; s > 0; s /= 2) {
    if (lid < s) red[lid] += red[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  const float inv = 1.0f / red[0];
  for (size_t j = lid; j < 1000; j += lsz) yr[j] *= inv;
}
