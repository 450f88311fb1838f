/* The 8- and 16-bit lane types (sgk/small_types.h): every op of tests/small_list.h on i8 u8 i16
 * u16 and f16, at the configured ISA and W, over work-groups with a partial last sub-group and
 * with whole ones, against plain-C expectations written from the header's rules (integers in
 * int64_t; halves through double and a rounding found by bisecting the binary16 values, not by
 * sgk's own conversion). Also the host's sgk_half_to_float / sgk_half_from_float, exhaustively
 * for halves and on 2^24 floats. */
#include <math.h>

#include "harness.h"
#include "small_kernels.h"
#include "small_list.h"

/* ---- binary16 reference -------------------------------------------------------------------- */
static double ref_half_value(uint16_t h) {
  const int e = (h >> 10) & 31, m = h & 1023;
  const double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 31) return m ? NAN : s * INFINITY;
  return s * (e ? ldexp(1024 + m, e - 25) : ldexp(m, -24));
}
static int ref_is_nan(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
/* the binary16 nearest v, ties to the even one; NaN: 0x7e00 */
static uint16_t ref_half_round(double v) {
  if (v != v) return 0x7e00;
  const uint16_t sign = signbit(v) ? 0x8000 : 0;
  const double a = fabs(v);
  if (a >= 65520.0) return sign | 0x7c00;
  uint32_t lo = 0, hi = 0x7bff; /* the largest finite half whose value is <= a */
  while (lo < hi) {
    const uint32_t mid = (lo + hi + 1) / 2;
    if (ref_half_value((uint16_t)mid) <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  uint32_t h = lo;
  if (h < 0x7bff || a > ref_half_value(0x7bff)) {
    const double below = ref_half_value((uint16_t)h), above = ref_half_value((uint16_t)(h + 1));
    if (a - below > above - a || (a - below == above - a && (h & 1))) ++h;
  }
  return (uint16_t)(sign | h);
}
static uint16_t ref_quiet(uint16_t h) { return ref_is_nan(h) ? (uint16_t)(h | 0x200) : h; }

/* ---- integer reference --------------------------------------------------------------------- */
typedef struct tinfo {
  int bits, sgn;
} tinfo;
static const tinfo tinfos[ST_COUNT] = {{8, 1}, {8, 0}, {16, 1}, {16, 0}, {16, 0}};
static int64_t t_min(tinfo t) { return t.sgn ? -((int64_t)1 << (t.bits - 1)) : 0; }
static int64_t t_max(tinfo t) {
  return t.sgn ? ((int64_t)1 << (t.bits - 1)) - 1 : ((int64_t)1 << t.bits) - 1;
}
static int64_t wrap(tinfo t, int64_t v) {
  const uint64_t m = ((uint64_t)1 << t.bits) - 1, u = (uint64_t)v & m;
  return t.sgn && (u >> (t.bits - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
}
static int64_t sat(tinfo t, int64_t v) {
  return v < t_min(t) ? t_min(t) : v > t_max(t) ? t_max(t) : v;
}
static int64_t ubits(tinfo t, int64_t v) {
  return (int64_t)((uint64_t)v & (((uint64_t)1 << t.bits) - 1));
}
static int64_t shr_ref(tinfo t, int64_t a, int64_t n) {
  if (t.sgn)
    return a < 0 ? ~(~a >> (n >= t.bits ? t.bits - 1 : n)) : a >> (n >= t.bits ? t.bits - 1 : n);
  return n >= t.bits ? 0 : a >> n;
}
static int64_t round_mode(double v, int mode) { /* 0 rtz 1 rte 2 rtp 3 rtn */
  return (int64_t)(mode == 0   ? trunc(v)
                   : mode == 1 ? nearbyint(v)
                   : mode == 2 ? ceil(v)
                               : floor(v));
}
static int64_t combine_int(tinfo t, int kind, int64_t a, int64_t b) {
  switch (kind) {
    case 0: return wrap(t, a + b);
    case 1: return wrap(t, a * b);
    case 2: return a < b ? a : b;
    case 3: return a > b ? a : b;
    case 4: return a & b;
    case 5: return a | b;
    default: return a ^ b;
  }
}
static int64_t ident_int(tinfo t, int kind) {
  const int64_t id[7] = {0, 1, t_max(t), t_min(t), wrap(t, -1), 0, 0};
  return id[kind];
}

/* ---- the runs ------------------------------------------------------------------------------ */
#define MAXN 4096
static int64_t xi[MAXN], yi[MAXN], zi[MAXN];  /* integer inputs as values */
static uint16_t xh[MAXN], yh[MAXN], zh[MAXN]; /* half inputs as bits */

static int64_t read_int(int type, const void *p, size_t i) {
  switch (type) {
    case ST_I8: return ((const int8_t *)p)[i];
    case ST_U8: return ((const uint8_t *)p)[i];
    case ST_I16: return ((const int16_t *)p)[i];
    default: return ((const uint16_t *)p)[i];
  }
}
static void write_int(int type, void *p, size_t i, int64_t v) {
  switch (type) {
    case ST_I8: ((int8_t *)p)[i] = (int8_t)v; break;
    case ST_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case ST_I16: ((int16_t *)p)[i] = (int16_t)v; break;
    default: ((uint16_t *)p)[i] = (uint16_t)v; break;
  }
}
static int sib_of(int type) {
  return type == ST_I8 ? ST_U8 : type == ST_U8 ? ST_I8 : type == ST_I16 ? ST_U16 : ST_I16;
}

/* the expectation of integer op `op` at lane l of a sub-group of n lanes starting at item s */
static int64_t expect_int(int type, int op, uint32_t p, size_t s, uint32_t l, uint32_t n,
                          int *out_kind) {
  const tinfo t = tinfos[type];
  const int64_t a = xi[s + l], b = yi[s + l], c = zi[s + l];
  const int N = t.bits;
  const int64_t wide = a * 61 + b;
  *out_kind = 0;
  switch (op) {
    case SI_LOAD_MASKED: return a < b ? a : 0;
    case SI_GATHER: return xi[s + n - 1 - l];
    case SI_STORE_MASKED: return a < b ? b : 7;
    case SI_SCATTER: return yi[s + n - 1 - l];
    case SI_BROADCAST: return p % cfg.w < n ? xi[s + p % cfg.w] : a;
    case SI_SELECT_FROM: {
      const uint32_t j = (l * 3 + p) & (cfg.w - 1);
      return j < n ? xi[s + j] : a;
    }
    case SI_SHIFT_LEFT: {
      const uint32_t d = p % cfg.w;
      return d && l + d < n ? xi[s + l + d] : a;
    }
    case SI_SHIFT_RIGHT: {
      const uint32_t d = p % cfg.w;
      return d && l >= d ? xi[s + l - d] : a;
    }
    case SI_SHUFFLE_DOWN: { /* x's lanes then y's; past both: a */
      const uint32_t j = l + TEST_SHUFFLE_DELTA(p % (2 * cfg.w + 2), n);
      return j < n ? xi[s + j] : j < 2 * n ? yi[s + j - n] : a;
    }
    case SI_SHUFFLE_UP: { /* x's lanes then y's, read up; d past n: b */
      const uint32_t d = TEST_SHUFFLE_DELTA(p % (2 * cfg.w + 2), n);
      return d == 0 || d > n ? b : l >= d ? yi[s + l - d] : xi[s + n + l - d];
    }
    case SI_PERMUTE_XOR: {
      const uint32_t j = l ^ (p % cfg.w);
      return j < n ? xi[s + j] : a;
    }
    case SI_SELECT: return a < b ? a : c;
    case SI_EQ: return a == b;
    case SI_NE: return a != b;
    case SI_LT: return a < b;
    case SI_LE: return a <= b;
    case SI_GT: return a > b;
    case SI_GE: return a >= b;
    case SI_MIN: return a < b ? a : b;
    case SI_MAX: return a > b ? a : b;
    case SI_ADD: return wrap(t, a + b);
    case SI_SUB: return wrap(t, a - b);
    case SI_MUL: return wrap(t, a * b);
    case SI_DIV: return b == 0 ? 0 : wrap(t, a / b);
    case SI_NEG: return wrap(t, -a);
    case SI_AND: return a & b;
    case SI_OR: return a | b;
    case SI_XOR: return a ^ b;
    case SI_NOT: return wrap(t, ~a);
    case SI_ANDNOT: return wrap(t, ~a & b);
    case SI_SHL: {
      const int64_t k = p % (uint32_t)(N + 3);
      return k >= N ? 0 : wrap(t, (int64_t)((uint64_t)a << k));
    }
    case SI_SHR: return shr_ref(t, a, p % (uint32_t)(N + 3));
    case SI_SHLV: return ubits(t, b) >= N ? 0 : wrap(t, (int64_t)((uint64_t)a << ubits(t, b)));
    case SI_SHRV: return shr_ref(t, a, ubits(t, b));
    case SI_ADD_SAT: return sat(t, a + b);
    case SI_SUB_SAT: return sat(t, a - b);
    case SI_HADD: return (a + b) >> 1;
    case SI_RHADD: return (a + b + 1) >> 1;
    case SI_ABS_DIFF: return wrap(t, a > b ? a - b : b - a);
    case SI_CLAMP: {
      const int64_t lo = b < c ? b : c, hi = b < c ? c : b;
      return a < lo ? lo : a > hi ? hi : a;
    }
    case SI_POPCOUNT: return __builtin_popcountll((unsigned long long)ubits(t, a));
    case SI_CLZ: {
      int k = 0;
      for (int i = N - 1; i >= 0 && !((ubits(t, a) >> i) & 1); --i) ++k;
      return k;
    }
    case SI_CTZ: {
      int k = 0;
      for (int i = 0; i < N && !((ubits(t, a) >> i) & 1); ++i) ++k;
      return k;
    }
    case SI_ROTATE: {
      const int k = (int)(ubits(t, b) % N);
      const uint64_t u = (uint64_t)ubits(t, a);
      return wrap(t, (int64_t)((u << k) | (k ? u >> (N - k) : 0)));
    }
    case SI_MUL_HI: return wrap(t, (a * b) >> N);
    case SI_MAD_HI: return wrap(t, ((a * b) >> N) + c);
    case SI_ABS: return wrap(t, a < 0 ? -a : a);
    case SI_AS_SIB: *out_kind = 1; return wrap(tinfos[sib_of(type)], a);
    case SI_TO_I32: *out_kind = 2; return a;
    case SI_TO_U32: *out_kind = 3; return (int64_t)(uint32_t)a;
    case SI_TO_F32: *out_kind = 4; return a;
    case SI_FROM_I32: return wrap(t, wide);
    case SI_FROM_I32_SAT: return sat(t, wide);
    case SI_FROM_U32: return wrap(t, (int64_t)(uint32_t)wide);
    case SI_FROM_U32_SAT: return sat(t, (int64_t)(uint32_t)wide);
    case SI_F2I: return wrap(t, round_mode(wide / 8.0, 0));
    case SI_F2I_RTE: return wrap(t, round_mode(wide / 8.0, 1));
    case SI_F2I_RTZ: return wrap(t, round_mode(wide / 8.0, 0));
    case SI_F2I_RTP: return wrap(t, round_mode(wide / 8.0, 2));
    case SI_F2I_RTN: return wrap(t, round_mode(wide / 8.0, 3));
    case SI_F2I_SAT: return sat(t, round_mode(wide / 8.0, 0));
    case SI_F2I_SAT_RTE: return sat(t, round_mode(wide / 8.0, 1));
    case SI_F2I_SAT_RTZ: return sat(t, round_mode(wide / 8.0, 0));
    case SI_F2I_SAT_RTP: return sat(t, round_mode(wide / 8.0, 2));
    case SI_F2I_SAT_RTN: return sat(t, round_mode(wide / 8.0, 3));
    default: break;
  }
  /* reductions and scans: kind 0 add 1 mul 2 min 3 max 4 and 5 or 6 xor */
  int kind = -1, scan = 0;
  const int groups[7][3] = {
      {SI_REDUCE_ADD, SI_ISCAN_ADD, SI_ESCAN_ADD}, {SI_REDUCE_MUL, SI_ISCAN_MUL, SI_ESCAN_MUL},
      {SI_REDUCE_MIN, SI_ISCAN_MIN, SI_ESCAN_MIN}, {SI_REDUCE_MAX, SI_ISCAN_MAX, SI_ESCAN_MAX},
      {SI_REDUCE_AND, SI_ISCAN_AND, SI_ESCAN_AND}, {SI_REDUCE_OR, SI_ISCAN_OR, SI_ESCAN_OR},
      {SI_REDUCE_XOR, SI_ISCAN_XOR, SI_ESCAN_XOR}};
  for (int k = 0; k < 7; ++k)
    for (int j = 0; j < 3; ++j)
      if (groups[k][j] == op) kind = k, scan = j;
  if (kind < 0) fail_msg("integer op %d has no expectation", op);
  const uint32_t last = scan == 0 ? n : scan == 1 ? l + 1 : l;
  int64_t r = ident_int(t, kind);
  for (uint32_t j = 0; j < last; ++j) r = combine_int(t, kind, r, xi[s + j]);
  return r;
}

/* f32 simulation of the 32-bit tree (reduce) and Hillis-Steele scan, pads for inactive lanes */
static float combine_f(int kind, float a, float b) {
  return kind == 0 ? a + b : kind == 1 ? a * b : kind == 2 ? (a < b ? a : b) : (a > b ? a : b);
}
static float group_f(int kind, int scan, size_t s, uint32_t l, uint32_t n) {
  const float pad[4] = {-0.0f, 1.0f, INFINITY, -INFINITY},
              id[4] = {0.0f, 1.0f, INFINITY, -INFINITY};
  float v[32];
  const uint32_t w = cfg.w;
  for (uint32_t i = 0; i < w; ++i) v[i] = i < n ? (float)ref_half_value(xh[s + i]) : pad[kind];
  if (scan == 0) {
    for (uint32_t st = w / 2; st >= 1; st /= 2)
      for (uint32_t i = 0; i < st; ++i) v[i] = combine_f(kind, v[i], v[i + st]);
    return v[0];
  }
  for (uint32_t d = 1; d < w; d *= 2) {
    float prev[32];
    memcpy(prev, v, sizeof prev);
    for (uint32_t i = d; i < w; ++i) v[i] = combine_f(kind, prev[i - d], prev[i]);
  }
  return scan == 1 ? v[l] : l == 0 ? id[kind] : v[l - 1];
}

/* half op at lane l: the result's bits (out_kind 0: half, 2: i32, 4: f32 bits, 1: u16) */
static int64_t expect_half(int op, uint32_t p, size_t s, uint32_t l, uint32_t n, int *out_kind) {
  const uint16_t ha = xh[s + l], hb = yh[s + l], hc = zh[s + l];
  const double a = ref_half_value(ha), b = ref_half_value(hb), c = ref_half_value(hc);
  *out_kind = 0;
  switch (op) {
    case SH_LOAD_MASKED: return a < b ? ref_quiet(ha) : 0;
    case SH_GATHER: return ref_quiet(xh[s + n - 1 - l]);
    case SH_STORE_MASKED: return a < b ? ref_quiet(hb) : 0x4700; /* 7.0 */
    case SH_SCATTER: return ref_quiet(yh[s + n - 1 - l]);
    case SH_BROADCAST: return ref_quiet(p % cfg.w < n ? xh[s + p % cfg.w] : ha);
    case SH_SELECT_FROM: {
      const uint32_t j = (l * 3 + p) & (cfg.w - 1);
      return ref_quiet(j < n ? xh[s + j] : ha);
    }
    case SH_SHIFT_LEFT: {
      const uint32_t d = p % cfg.w;
      return ref_quiet(d && l + d < n ? xh[s + l + d] : ha);
    }
    case SH_SHIFT_RIGHT: {
      const uint32_t d = p % cfg.w;
      return ref_quiet(d && l >= d ? xh[s + l - d] : ha);
    }
    case SH_SHUFFLE_DOWN: {
      const uint32_t j = l + TEST_SHUFFLE_DELTA(p % (2 * cfg.w + 2), n);
      return ref_quiet(j < n ? xh[s + j] : j < 2 * n ? yh[s + j - n] : ha);
    }
    case SH_SHUFFLE_UP: {
      const uint32_t d = TEST_SHUFFLE_DELTA(p % (2 * cfg.w + 2), n);
      return ref_quiet(d == 0 || d > n ? hb : l >= d ? yh[s + l - d] : xh[s + n + l - d]);
    }
    case SH_PERMUTE_XOR: {
      const uint32_t j = l ^ (p % cfg.w);
      return ref_quiet(j < n ? xh[s + j] : ha);
    }
    case SH_SELECT: return ref_quiet(a < b ? ha : hc);
    case SH_EQ: return a == b ? 0x3c00 : 0;
    case SH_NE: return a != b ? 0x3c00 : 0;
    case SH_LT: return a < b ? 0x3c00 : 0;
    case SH_LE: return a <= b ? 0x3c00 : 0;
    case SH_GT: return a > b ? 0x3c00 : 0;
    case SH_GE: return a >= b ? 0x3c00 : 0;
    case SH_MIN: return ref_quiet(a < b ? ha : hb);
    case SH_MAX: return ref_quiet(a > b ? ha : hb);
    case SH_ADD: return ref_half_round(a + b);
    case SH_SUB: return ref_half_round(a - b);
    case SH_MUL: return ref_half_round(a * b);
    case SH_DIV: return ref_half_round(a / b);
    case SH_NEG: return ref_quiet((uint16_t)(ha ^ 0x8000));
    case SH_SQRT: return ref_half_round(sqrt(a));
    case SH_FMA: return ref_half_round(fma(a, b, c));
    case SH_ABS: return ref_quiet((uint16_t)(ha & 0x7fff));
    case SH_STORE: return ref_quiet(ha);
    case SH_AS_U16: *out_kind = 1; return ref_quiet(ha);
    case SH_TO_F32: *out_kind = 4; return ha;
    case SH_TO_I32:
      *out_kind = 2;
      return a != a || fabs(a) == INFINITY ? INT32_MIN : (int64_t)trunc(a);
    case SH_F2H: return ref_half_round((double)((float)a * HALF_K(p)));
    case SH_F2H_BITS: {
      const uint32_t bits = half_bits_of(ref_quiet(ha), ref_quiet(hb), p);
      float f;
      memcpy(&f, &bits, sizeof f);
      if (f != f) return (uint16_t)(((bits >> 16) & 0x8000) | 0x7e00 | ((bits >> 13) & 0x3ff));
      return ref_half_round(f);
    }
    case SH_I2H: return ref_half_round(((double)ref_quiet(ha) - 40000.0) * 3.0);
    default: break;
  }
  const int groups[4][3] = {{SH_REDUCE_ADD, SH_ISCAN_ADD, SH_ESCAN_ADD},
                            {SH_REDUCE_MUL, SH_ISCAN_MUL, SH_ESCAN_MUL},
                            {SH_REDUCE_MIN, SH_ISCAN_MIN, SH_ESCAN_MIN},
                            {SH_REDUCE_MAX, SH_ISCAN_MAX, SH_ESCAN_MAX}};
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 3; ++j)
      if (groups[k][j] == op) return ref_half_round(group_f(k, j, s, l, n));
  fail_msg("half op %d has no expectation", op);
  return 0;
}

static const char *const int_names[SI_COUNT] = {
#define SMALL_NAME(name, cls, out, expr) #name,
    SMALL_INT_OPS(SMALL_NAME)};
static const char *const half_names[SH_COUNT] = {SMALL_HALF_OPS(SMALL_NAME)};
static const char int_classes[SI_COUNT] = {
#define SMALL_CLASS(name, cls, out, expr) #cls[0],
    SMALL_INT_OPS(SMALL_CLASS)};
static const char *const type_names[ST_COUNT] = {"i8", "u8", "i16", "u16", "f16"};

static void fill_inputs(int type, uint64_t *seed, size_t n, void *x, void *y, void *z) {
  for (size_t i = 0; i < n; ++i) {
    void *dst[3] = {x, y, z};
    for (int k = 0; k < 3; ++k) {
      const uint64_t r = test_rand(seed);
      if (type == ST_F16) {
        /* half of them random bits (NaN, infinity, subnormals), half small values */
        const uint16_t h = (r & 1)
                               ? (uint16_t)(r >> 8)
                               : sgk_half_from_float((float)((int)((r >> 8) % 801) - 400) / 16.0f);
        ((uint16_t *)dst[k])[i] = h;
      } else {
        /* mostly random bits; a few small values (division, shifts, counts) */
        const int64_t v = (r & 3) == 0 ? (int64_t)((r >> 8) % 21) - 10 : (int64_t)(r >> 8);
        write_int(type, dst[k], i, wrap(tinfos[type], v));
      }
    }
  }
}

static void run_one(int type, int op, uint32_t p, uint32_t L, uint32_t groups, uint64_t *seed) {
  const size_t n = (size_t)L * groups;
  const size_t esz = type == ST_I8 || type == ST_U8 ? 1 : 2;
  void *x = malloc(n * esz), *y = malloc(n * esz), *z = malloc(n * esz), *out = malloc(n * 4);
  fill_inputs(type, seed, n, x, y, z);
  memset(out, 0xa5, n * 4);
  for (size_t i = 0; i < n; ++i) {
    if (type == ST_F16) {
      xh[i] = ((uint16_t *)x)[i], yh[i] = ((uint16_t *)y)[i], zh[i] = ((uint16_t *)z)[i];
    } else {
      xi[i] = read_int(type, x, i), yi[i] = read_int(type, y, i), zi[i] = read_int(type, z, i);
    }
  }
  struct small_args a = {type, op, p, x, y, z, out};
  const sgk_range r = sgk_range_1d(n, L);
  sgk_launch_options o = test_options(0);
  LAUNCH_OK(sgk_launch(&small_ops, &r, &o, &a, NULL));
  for (uint32_t g = 0; g < groups; ++g)
    for (uint32_t f = 0; f < L; f += cfg.w) {
      const uint32_t nl = L - f < cfg.w ? L - f : cfg.w;
      const size_t s = (size_t)g * L + f;
      for (uint32_t l = 0; l < nl; ++l) {
        int kind;
        const size_t i = s + l;
        int64_t want, got;
        if (type == ST_F16) {
          want = expect_half(op, p, s, l, nl, &kind);
        } else {
          want = expect_int(type, op, p, s, l, nl, &kind);
        }
        switch (kind) {
          case 0: got = type == ST_F16 ? ((uint16_t *)out)[i] : read_int(type, out, i); break;
          case 1:
            got = type == ST_F16 ? ((uint16_t *)out)[i] : read_int(sib_of(type), out, i);
            break;
          case 2: got = ((int32_t *)out)[i]; break;
          case 3: got = ((uint32_t *)out)[i]; break;
          default: {
            float f;
            memcpy(&f, (float *)out + i, sizeof f);
            if (type == ST_F16) { /* the f32 of a half: exactly its value */
              const double v = ref_half_value((uint16_t)want);
              if ((v != v && f != f) || (double)f == v) continue;
              got = -1;
            } else {
              got = (int64_t)f;
              if ((float)want != f) got = want + 1;
            }
            break;
          }
        }
        if (type == ST_F16 && kind == 0 && ref_is_nan((uint16_t)want) && ref_is_nan((uint16_t)got))
          continue; /* any NaN for a NaN */
        if (want != got)
          fail_msg(
              "%s %s p=%u local %u: item %zu (lane %u of %u) got %#llx want %#llx "
              "(inputs %#llx %#llx %#llx)",
              type_names[type], type == ST_F16 ? half_names[op] : int_names[op], p, L, i, l, nl,
              (unsigned long long)got, (unsigned long long)want,
              (unsigned long long)(type == ST_F16 ? xh[i] : (uint64_t)xi[i]),
              (unsigned long long)(type == ST_F16 ? yh[i] : (uint64_t)yi[i]),
              (unsigned long long)(type == ST_F16 ? zh[i] : (uint64_t)zi[i]));
      }
    }
  free(x), free(y), free(z), free(out);
}

static void test_small_types(void **state) {
  (void)state;
  uint64_t seed = 2026;
  const uint32_t locals[2] = {2 * cfg.w + 3, cfg.w};
  size_t checked = 0;
  for (int type = 0; type < ST_COUNT; ++type) {
    const int nops = type == ST_F16 ? SH_COUNT : SI_COUNT;
    for (int op = 0; op < nops; ++op) {
      if (type != ST_F16 && int_classes[op] == 'S' && !tinfos[type].sgn) continue;
      for (int li = 0; li < 2; ++li)
        for (uint32_t rep = 0; rep < 3; ++rep) {
          const uint32_t p = (uint32_t)test_rand(&seed) % 64;
          run_one(type, op, p, locals[li], 7, &seed);
          checked += (size_t)locals[li] * 7;
        }
    }
  }
  printf("%zu lanes of %d integer and %d half ops checked\n", checked, SI_COUNT, SH_COUNT);
}

/* The host's conversions: every half to float and back; floats near every half, and ties. */
static void test_host_half(void **state) {
  (void)state;
  for (uint32_t h = 0; h < 65536; ++h) {
    const float f = sgk_half_to_float((sgk_half)h);
    const double v = ref_half_value((uint16_t)h);
    if (!((v != v && f != f) || (double)f == v)) fail_msg("sgk_half_to_float(%#x) = %a", h, f);
    if (ref_is_nan((uint16_t)h)) {
      uint32_t b;
      memcpy(&b, &f, sizeof b);
      if (!(b & 0x400000)) fail_msg("sgk_half_to_float(%#x): NaN not quiet", h);
    }
    const sgk_half back = sgk_half_from_float(f);
    if (back != ref_quiet((uint16_t)h)) fail_msg("half %#x -> float -> %#x", h, back);
  }
  uint64_t seed = 7;
  for (uint32_t k = 0; k < (1u << 24); ++k) {
    uint32_t b = (uint32_t)test_rand(&seed);
    if (k & 1) b = (b & ~0x1fffu) | 0x1000u; /* a tie at half's precision where normal */
    float f;
    memcpy(&f, &b, sizeof f);
    const sgk_half got = sgk_half_from_float(f);
    const uint16_t want = f != f ? (uint16_t)(((b >> 16) & 0x8000) | 0x7e00 | ((b >> 13) & 0x3ff))
                                 : ref_half_round(f);
    if (got != want) fail_msg("sgk_half_from_float(%a) = %#x, want %#x", f, got, want);
  }
}

int main(int argc, char **argv) {
  test_parse_args(argc, argv);
  if (!sgk_kernel_has_variant(&small_ops, cfg.isa, cfg.w)) {
    printf("small_ops has no %s W=%u variant in this build (sanitizer builds: W = 8 only)\n",
           sgk_isa_name(cfg.isa), cfg.w);
    return SGK_TEST_SKIP;
  }
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_small_types),
                                     cmocka_unit_test(test_host_half)};
  return test_run("small", tests, sizeof tests / sizeof tests[0]);
}
