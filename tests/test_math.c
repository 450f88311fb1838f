/* The math builtins (sgk/isa/math.inc) at the configured (ISA, W): for every function and both
 * float types, seeded random inputs over the function's domain (log-uniform magnitudes down to
 * the denormals, plus uniform ones) and the special values (+-0, +-inf, NaN, denormals, the
 * extremes, huge trig arguments, every pair of them for two-operand functions: pow's special
 * cases among them), against a long double reference:
 *   - functions with an ulp bound (SLEEF's u05 / u10 / u15 / u35, rsqrt's 1.5): the error in ulps
 *     of the result type stays within the bound of the variant (default or SGK_FAST_MATH);
 *   - exact functions (floor .. fabs, fmod, remainder, copysign, fmin, fmax, fdim, nextafter,
 *     frexp, ldexp, ilogb, the classifications, clamp, mix): bit for bit the correctly rounded
 *     result (clamp and mix: what their OpenCL definitions give in the element type);
 *   - NaN, infinities and the sign of exact zeros as C99 Annex F says (glibc's answers);
 *   - inactive lanes of partial sub-groups write nothing.
 * `--fast` tests the SGK_FAST_MATH variants. Prints the largest error measured per function;
 * SGK_TEST_SEED overrides the seed, SGK_MATH_SAMPLES the number of random inputs. */
#define _GNU_SOURCE /* exp10l */
#include <float.h>
#include <math.h>

#include "harness.h"
#include "math_kernels.h"

typedef long double ld;

enum shape {
  SH_UNARY,
  SH_BINARY,
  SH_UNARY_FIXED,
  SH_UNARY_OWN32,
  SH_BINARY_FIXED,
  SH_SINCOS,
  SH_FREXP,
  SH_LDEXP,
  SH_ILOGB,
  SH_OWN_UNARY,
  SH_CLASS,
  SH_TERNARY
};
typedef struct fn_info {
  const char *name;
  enum shape shape;
  const char *acc, *fast; /* SLEEF's accuracy suffixes; "" exact */
} fn_info;
static const fn_info fns[MATH_FN_COUNT] = {
#define MATH_INFO(fn, SHAPE, acc, fast) {#fn, SH_##SHAPE, #acc, #fast},
    SGK_MATH_OPS(MATH_INFO)
#undef MATH_INFO
};

static int fast_math;
static size_t samples = 4096;
static long failures, fn_failures; /* in all, and in the function being checked */

static uint64_t test_seed_for(uint64_t k) {
  const char *s = getenv("SGK_TEST_SEED");
  const uint64_t base = s ? strtoull(s, NULL, 0) : 0x6a09e667f3bcc909ull;
  return base ^ (k * 0x9e3779b97f4a7c15ull);
}

/* The bound of an accuracy suffix, in ulps; -1: exact. u05 is SLEEF's 0.5-ulp class, documented
 * as 0.506 ulp for sinpi / cospi and 0.5001 for hypot. */
static double bound_of(const char *acc) {
  if (!*acc) return -1;
  if (!strcmp(acc, "u05")) return 0.506;
  return atof(acc + 1) / 10.0;
}

/* ---- the type being tested ------------------------------------------------------------------- */
typedef struct ftype {
  int f64;
  int p, emin; /* significand bits, least normal exponent */
  ld max, min_normal, denorm_min;
  size_t size;
} ftype;
static const ftype F32 = {0, 24, -126, FLT_MAX, FLT_MIN, FLT_TRUE_MIN, 4};
static const ftype F64 = {1, 53, -1022, DBL_MAX, DBL_MIN, DBL_TRUE_MIN, 8};

static ld get(const ftype *t, const void *p, size_t i) {
  return t->f64 ? (ld)((const double *)p)[i] : (ld)((const float *)p)[i];
}
static void put(const ftype *t, void *p, size_t i, ld v) { /* rounds to the type */
  if (t->f64)
    ((double *)p)[i] = (double)v;
  else
    ((float *)p)[i] = (float)v;
}
static ld round_to(const ftype *t, ld v) { return t->f64 ? (ld)(double)v : (ld)(float)v; }
static int same_bits(const ftype *t, ld a, ld b) { /* as values of the type; NaN == NaN */
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  if (t->f64) {
    const double x = (double)a, y = (double)b;
    return memcmp(&x, &y, 8) == 0;
  }
  const float x = (float)a, y = (float)b;
  return memcmp(&x, &y, 4) == 0;
}

/* The error of got against the exact ref, in ulps of the type at ref (the least normal's ulp
 * below it). A result beyond the largest finite value may be that value or the infinity. */
static double ulp_error(const ftype *t, ld got, ld ref) {
  if (isnan(ref) || isnan(got)) return isnan(ref) && isnan(got) ? 0 : INFINITY;
  if (isinf(got)) {
    if (got == ref) return 0;
    return fabsl(ref) > t->max && signbit(got) == signbit(ref) ? 0 : INFINITY;
  }
  if (isinf(ref)) return INFINITY;
  int e = ref == 0 ? t->emin : ilogbl(ref);
  if (e < t->emin) e = t->emin;
  return (double)(fabsl(got - ref) / ldexpl(1.0L, e - (t->p - 1)));
}

/* ---- references ------------------------------------------------------------------------------ */
static ld ref_sinpi(ld x, int cos_of) { /* sin(pi x) or cos(pi x), reduced exactly */
  if (!isfinite(x)) return NAN;
  const ld r = fmodl(x, 2.0L);               /* exact, in (-2, 2) */
  const ld k = roundl(2 * r), f = r - k / 2; /* f in [-1/4, 1/4], exact */
  const int q = ((int)k % 4 + 4) % 4;
  ld v;
  const ld s = sinl(3.14159265358979323846264338327950288L * f);
  const ld c = cosl(3.14159265358979323846264338327950288L * f);
  static const int sin_sel[4] = {0, 1, 2, 3}, cos_sel[4] = {1, 2, 3, 0};
  switch ((cos_of ? cos_sel : sin_sel)[q]) {
    case 0: v = s; break;
    case 1: v = c; break;
    case 2: v = -s; break;
    default: v = -c; break;
  }
  /* exact zeros (C23): sinpi(+-n) = +-0, cospi(n + 1/2) = +0 */
  return v != 0 ? v : cos_of ? 0.0L : copysignl(0.0L, x);
}

static ld ref1(int fn, ld x) {
  switch (fn) {
    case MATH_FN_exp: return expl(x);
    case MATH_FN_exp2: return exp2l(x);
    case MATH_FN_exp10: return exp10l(x);
    case MATH_FN_expm1: return expm1l(x);
    case MATH_FN_log: return logl(x);
    case MATH_FN_log2: return log2l(x);
    case MATH_FN_log10: return log10l(x);
    case MATH_FN_log1p: return log1pl(x);
    case MATH_FN_cbrt: return cbrtl(x);
    case MATH_FN_sin:
    case MATH_FN_sincos: return sinl(x);
    case MATH_FN_cos: return cosl(x);
    case MATH_FN_tan: return tanl(x);
    case MATH_FN_sinpi: return ref_sinpi(x, 0);
    case MATH_FN_cospi: return ref_sinpi(x, 1);
    case MATH_FN_asin: return asinl(x);
    case MATH_FN_acos: return acosl(x);
    case MATH_FN_atan: return atanl(x);
    case MATH_FN_sinh: return sinhl(x);
    case MATH_FN_cosh: return coshl(x);
    case MATH_FN_tanh: return tanhl(x);
    case MATH_FN_asinh: return asinhl(x);
    case MATH_FN_acosh: return acoshl(x);
    case MATH_FN_atanh: return atanhl(x);
    case MATH_FN_erf: return erfl(x);
    case MATH_FN_erfc: return erfcl(x);
    case MATH_FN_tgamma: return tgammal(x);
    case MATH_FN_lgamma: return lgammal(x);
    case MATH_FN_floor: return floorl(x);
    case MATH_FN_ceil: return ceill(x);
    case MATH_FN_round: return roundl(x);
    case MATH_FN_rint: return rintl(x);
    case MATH_FN_trunc: return truncl(x);
    case MATH_FN_fabs: return fabsl(x);
    case MATH_FN_rsqrt: return 1.0L / sqrtl(x);
    default: fail_msg("no one-operand reference for %s", fns[fn].name); return 0;
  }
}
static ld ref2(const ftype *t, int fn, ld x, ld y) {
  switch (fn) {
    case MATH_FN_pow: return powl(x, y);
    case MATH_FN_hypot: return hypotl(x, y);
    case MATH_FN_atan2: return atan2l(x, y);
    case MATH_FN_fmod: return fmodl(x, y);
    case MATH_FN_remainder: return remainderl(x, y);
    case MATH_FN_copysign: return copysignl(x, y);
    case MATH_FN_fmin: return fminl(x, y);
    case MATH_FN_fmax: return fmaxl(x, y);
    case MATH_FN_fdim: return fdiml(x, y);
    case MATH_FN_nextafter: /* in the type: the neighbour of x */
      return t->f64 ? (ld)nextafter((double)x, (double)y) : (ld)nextafterf((float)x, (float)y);
    default: fail_msg("no two-operand reference for %s", fns[fn].name); return 0;
  }
}

/* ---- inputs ---------------------------------------------------------------------------------- */
typedef struct domain {
  double lo, hi;   /* x */
  double ylo, yhi; /* y (two operands) */
  int raw;         /* any bit pattern (NaN and infinities included) */
  double vlo, vhi; /* finite x outside: not tested (SLEEF 3.5's documented gaps, README) */
} domain;

static domain domain_of(const ftype *t, int fn) {
  const double M = (double)t->max;
  const int d = t->f64;
  domain r = {-M, M, -M, M, 0, -INFINITY, INFINITY};
#define DOM(lo32, hi32, lo64, hi64) (r.lo = d ? (lo64) : (lo32), r.hi = d ? (hi64) : (hi32))
  switch (fn) {
    case MATH_FN_exp: DOM(-104, 89, -746, 710); break;
    case MATH_FN_exp2: DOM(-152, 128, -1077, 1024); break;
    case MATH_FN_exp10: DOM(-46, 39, -324, 309); break;
    case MATH_FN_expm1: DOM(-105, 89, -746, 710); break;
    case MATH_FN_log:
    case MATH_FN_log2:
    case MATH_FN_log10:
    case MATH_FN_rsqrt: DOM(0, M, 0, M); break;
    case MATH_FN_log1p: DOM(-1, M, -1, M); break;
    case MATH_FN_sin:
    case MATH_FN_cos:
    case MATH_FN_tan:
    case MATH_FN_sincos: DOM(-1e4, 1e4, -1e4, 1e4); break;
    case MATH_FN_sinpi:
    case MATH_FN_cospi: DOM(-1e7, 1e7, -1e15, 1e15); break;
    case MATH_FN_asin:
    case MATH_FN_acos:
    case MATH_FN_atanh: DOM(-1, 1, -1, 1); break;
    case MATH_FN_sinh:
    case MATH_FN_cosh:
      DOM(-90, 90, -709, 709);
      if (d) r.vlo = -709, r.vhi = 709;
      break;
    case MATH_FN_asinh:
      if (d) r.lo = r.vlo = -1e154, r.hi = r.vhi = 1e154;
      break;
    case MATH_FN_tanh: DOM(-20, 20, -40, 40); break;
    case MATH_FN_acosh:
      DOM(1, M, 1, 1e154);
      if (d) r.vhi = 1e154;
      break;
    case MATH_FN_erf: DOM(-6, 6, -7, 7); break;
    case MATH_FN_erfc: DOM(-5, 11, -7, 28); break;
    case MATH_FN_tgamma: /* where the result is normal */
      DOM(-30, 36, -160, 172);
      r.vlo = d ? -160 : -30;
      break;
    case MATH_FN_lgamma: DOM(-40, 4e36, -180, 2e305); break;
    case MATH_FN_floor:
    case MATH_FN_ceil:
    case MATH_FN_round:
    case MATH_FN_rint:
    case MATH_FN_trunc:
    case MATH_FN_fabs:
      DOM(-1e8, 1e8, -1e17, 1e17);
      r.raw = 1;
      break;
    case MATH_FN_pow:
      DOM(0, 100, 0, 1000);
      r.ylo = d ? -100 : -30, r.yhi = -r.ylo;
      break;
    case MATH_FN_ldexp:
      r.ylo = d ? -2200 : -300, r.yhi = -r.ylo;
      r.raw = 1;
      break;
    case MATH_FN_mix:
      DOM(-1e3, 1e3, -1e3, 1e3);
      r.ylo = -1e3, r.yhi = 1e3;
      break;
    case MATH_FN_copysign:
    case MATH_FN_fmin:
    case MATH_FN_fmax:
    case MATH_FN_fdim:
    case MATH_FN_nextafter:
    case MATH_FN_frexp:
    case MATH_FN_ilogb:
    case MATH_FN_isnan:
    case MATH_FN_isinf:
    case MATH_FN_isfinite:
    case MATH_FN_signbit:
    case MATH_FN_fmod:
    case MATH_FN_remainder:
    case MATH_FN_clamp: r.raw = 1; break;
    default: break;
  }
#undef DOM
  return r;
}

static double unit(uint64_t *s) { return (double)(test_rand(s) >> 11) * 0x1.0p-53; }

/* A random value in [lo, hi]: uniform, or of log-uniform magnitude down to the denormals, or
 * (raw domains) any bit pattern. */
static ld sample(const ftype *t, double lo, double hi, int raw, uint64_t *s) {
  for (;;) {
    const uint64_t k = test_rand(s) % 8;
    if (raw && k == 0) {
      const uint64_t b = test_rand(s);
      if (t->f64) {
        double v;
        memcpy(&v, &b, 8);
        return v;
      }
      float v;
      const uint32_t b32 = (uint32_t)b;
      memcpy(&v, &b32, 4);
      return v;
    }
    ld v;
    if (k < 4)
      v = lo + (hi - lo) * unit(s);
    else {
      const double top = fmax(fabs(lo), fabs(hi));
      const double e0 = log2((double)t->denorm_min), e1 = log2(top);
      v = exp2l(e0 + (e1 - e0) * unit(s));
      if (test_rand(s) & 1) v = -v;
    }
    v = round_to(t, v);
    if (v >= lo && v <= hi) return v;
  }
}

static size_t specials(const ftype *t, int fn, ld *out) {
  static const ld base[] = {0, 0.5L, 1, 1.5L, 2, 3, 10, 100, 1000, 1e-30L};
  size_t n = 0;
  out[n++] = INFINITY, out[n++] = -INFINITY, out[n++] = NAN;
  for (size_t i = 0; i < sizeof base / sizeof base[0]; ++i) out[n++] = base[i], out[n++] = -base[i];
  const ld ext[] = {t->max, t->min_normal, t->denorm_min, 3 * t->denorm_min};
  for (size_t i = 0; i < 4; ++i) out[n++] = ext[i], out[n++] = -ext[i];
  if (fn == MATH_FN_sin || fn == MATH_FN_cos || fn == MATH_FN_tan || fn == MATH_FN_sincos) {
    /* huge arguments, inside the range SLEEF bounds the error in */
    const ld big[] = {1e5L, 1.5e6L, 1e10L, t->f64 ? 1e200L : 1e27L, t->f64 ? 1e298L : 9e27L};
    for (size_t i = 0; i < 5; ++i) out[n++] = big[i], out[n++] = -big[i];
  }
  for (size_t i = 0; i < n; ++i) out[i] = round_to(t, out[i]);
  return n;
}

/* |x| beyond which the trig functions' result is only some value in [-1, 1] (SLEEF's ranges). */
static ld trig_range(const ftype *t) {
  if (fast_math) return t->f64 ? 1e14L : 125000.0L;
  return t->f64 ? 1e299L : 1e28L;
}

/* ---- one function on one type ---------------------------------------------------------------- */
typedef struct worst {
  double err;
  ld x, y;
} worst;

/* Counts a failure and prints the first ones (the test fails at the end, having measured all). */
static void report(const char *what, const fn_info *f, const ftype *t, ld x, ld y, ld got, ld want,
                   double err, double bound) {
  ++failures;
  if (fn_failures++ < 4)
    print_error("%s %s_%s(%La, %La) = %La, want %La (%.3g ulp, bound %.3g)\n", what, f->name,
                t->f64 ? "f64" : "f32", x, y, got, want, err, bound);
}

static void report_int(const fn_info *f, const ftype *t, ld x, int32_t got, int32_t want) {
  ++failures;
  if (fn_failures++ < 4)
    print_error("%s_%s(%La): integer result %d, want %d\n", f->name, t->f64 ? "f64" : "f32", x, got,
                want);
}

/* sgk's own float functions (erf, erfc) are held to what sgk/isa/math.h states for them, not to
 * SLEEF's class: 0.505 ulp, and SLEEF's fast class (3.5) for their SGK_FAST_MATH forms */
static double bound_for(const fn_info *f, int f64) {
  if (f->shape == SH_UNARY_OWN32 && !f64) return fast_math ? 3.5 : 0.505;
  return bound_of(fast_math ? f->fast : f->acc);
}

static void check_fn(const ftype *t, int fn, worst *w) {
  const fn_info *f = &fns[fn];
  fn_failures = 0;
  const double bound = bound_for(f, t->f64);
  const int unary = f->shape == SH_UNARY || f->shape == SH_UNARY_FIXED ||
                    f->shape == SH_UNARY_OWN32 || f->shape == SH_OWN_UNARY ||
                    f->shape == SH_SINCOS || f->shape == SH_FREXP || f->shape == SH_ILOGB ||
                    f->shape == SH_CLASS;
  const domain dom = domain_of(t, fn);
  uint64_t seed = test_seed_for(fn * 2 + t->f64);

  ld sp[64];
  const size_t nsp = specials(t, fn, sp);
  const size_t count = samples + (unary ? nsp : nsp * nsp);
  const uint32_t L = 4 * cfg.w - 3; /* every work-group ends with a partial sub-group */
  const size_t groups = (count + L - 1) / L, n = groups * L, nout = groups * (L + MATH_GAP);

  void *x = calloc(n, t->size), *y = calloc(n, t->size), *z = calloc(n, t->size);
  int32_t *ni = calloc(n, sizeof *ni);
  void *out = malloc(nout * t->size), *out2 = malloc(nout * t->size);
  int32_t *iout = malloc(nout * sizeof *iout);
  memset(out, 0xa5, nout * t->size), memset(out2, 0xa5, nout * t->size);
  memset(iout, 0xa5, nout * sizeof *iout);
  for (size_t i = 0; i < n; ++i) {
    ld a = 1, b = 1, c = 1;
    int32_t e = 0;
    if (i < samples) {
      a = sample(t, dom.lo, dom.hi, dom.raw, &seed);
      b = sample(t, dom.ylo, dom.yhi, dom.raw, &seed);
      c = sample(t, -(double)t->max, (double)t->max, dom.raw, &seed);
      const double en = dom.ylo + (dom.yhi - dom.ylo) * unit(&seed); /* ldexp's exponents */
      e = !(en >= INT32_MIN) ? INT32_MIN : en > INT32_MAX ? INT32_MAX : (int32_t)en;
      if (fn == MATH_FN_mix) c = round_to(t, unit(&seed));
      if (fn == MATH_FN_pow && i % 4 == 0) { /* negative bases with integer exponents */
        a = -a;
        b = round_to(t, roundl(b));
      }
    } else if (i < count) {
      const size_t k = i - samples;
      a = sp[unary ? k : k / nsp], b = sp[unary ? 0 : k % nsp];
      static const int32_t big_n[] = {0, 1, -1, 64, -64, 1000, -1000, INT32_MAX, INT32_MIN};
      e = big_n[k % 9];
      c = sp[(k * 7) % nsp];
    }
    if (fn == MATH_FN_clamp && !(b <= c)) { /* lo <= hi, neither NaN */
      if (isnan(b)) b = -1;
      if (isnan(c)) c = 1;
      if (b > c) {
        const ld s = b;
        b = c;
        c = s;
      }
    }
    put(t, x, i, a), put(t, y, i, b), put(t, z, i, c);
    ni[i] = e;
  }

  struct math_args args = {fn, t->f64, x, y, z, ni, out, out2, iout};
  sgk_launch_options o = test_options(0);
  const sgk_range r = sgk_range_1d(n, L);
  LAUNCH_OK(sgk_launch(fast_math ? &math_eval_fast : &math_eval, &r, &o, &args, NULL));

  const int writes_float = f->shape != SH_ILOGB && f->shape != SH_CLASS;
  const ld range = trig_range(t);
  for (size_t g = 0; g < groups; ++g) {
    for (size_t j = 0; j < MATH_GAP; ++j) { /* inactive lanes wrote nothing */
      const size_t q = g * (L + MATH_GAP) + L + j;
      const unsigned char *p = (const unsigned char *)out + q * t->size;
      const unsigned char *p2 = (const unsigned char *)out2 + q * t->size;
      for (size_t b = 0; b < t->size; ++b)
        if (p[b] != 0xa5 || p2[b] != 0xa5)
          fail_msg("%s: an inactive lane wrote slot %zu after group %zu", f->name, j, g);
      if (iout[q] != (int32_t)0xa5a5a5a5)
        fail_msg("%s: an inactive lane wrote integer slot %zu after group %zu", f->name, j, g);
    }
    for (size_t l = 0; l < L; ++l) {
      const size_t i = g * L + l, q = g * (L + MATH_GAP) + l;
      if (i >= count) break;
      const ld a = get(t, x, i), b = get(t, y, i), c = get(t, z, i);
      if (isfinite(a) && (a < dom.vlo || a > dom.vhi)) continue;
      if (t->f64 && (fn == MATH_FN_fmod || fn == MATH_FN_remainder) && isfinite(a) && b != 0 &&
          fabsl(a / b) >= 0x1p1000L)
        continue; /* exact while |x / y| < 2^1000 */
      const ld got = writes_float ? get(t, out, q) : 0;
      ld want = 0;
      switch (f->shape) {
        case SH_CLASS: {
          int k = 0;
          if (fn == MATH_FN_isnan) k = isnan(a);
          if (fn == MATH_FN_isinf) k = isinf(a) != 0;
          if (fn == MATH_FN_isfinite) k = isfinite(a);
          if (fn == MATH_FN_signbit) k = signbit(a) != 0;
          if (iout[q] != (k != 0)) report_int(f, t, a, iout[q], k);
          continue;
        }
        case SH_ILOGB: {
          const int32_t e = a == 0     ? SGK_FP_ILOGB0
                            : isnan(a) ? SGK_FP_ILOGBNAN
                            : isinf(a) ? INT32_MAX
                                       : (int32_t)ilogbl(a);
          if (iout[q] != e) report_int(f, t, a, iout[q], e);
          continue;
        }
        case SH_FREXP: {
          int e = 0;
          want = frexpl(a, &e);
          if (isfinite(a) && iout[q] != e) report_int(f, t, a, iout[q], e);
          break;
        }
        case SH_LDEXP: want = ldexpl(a, ni[i]); break;
        case SH_TERNARY:
          if (fn == MATH_FN_clamp)
            want = t->f64 ? fmin(fmax((double)a, (double)b), (double)c)
                          : fminf(fmaxf((float)a, (float)b), (float)c);
          else if (t->f64) {
            volatile double d = (double)b - (double)a, m = d * (double)c;
            want = (double)a + m;
          } else {
            volatile float d = (float)b - (float)a, m = d * (float)c;
            want = (float)a + m;
          }
          break;
        case SH_BINARY:
        case SH_BINARY_FIXED: want = ref2(t, fn, a, b); break;
        default: want = ref1(fn, a); break;
      }
      if (f->shape == SH_SINCOS) { /* the cosine, then the sine below */
        const ld gc = get(t, out2, q), wc = cosl(a);
        const double ec = ulp_error(t, gc, wc);
        if (isfinite(a) && fabsl(a) > range) {
          if (!(fabsl(gc) <= 1)) report("out of range,", f, t, a, 0, gc, wc, ec, 1);
        } else if (ec > bound + 1e-3)
          report("cos of", f, t, a, 0, gc, wc, ec, bound);
      }
      const int trig =
          fn == MATH_FN_sin || fn == MATH_FN_cos || fn == MATH_FN_sincos || fn == MATH_FN_tan;
      if (trig && isfinite(a) &&
          fabsl(a) > range) { /* an arbitrary value in [-1, 1] (tan: anything) */
        if (fn != MATH_FN_tan && !(fabsl(got) <= 1))
          report("out of range,", f, t, a, b, got, want, INFINITY, 1);
        continue;
      }
      double err;
      if (bound < 0) { /* exact: the correctly rounded value, bit for bit */
        err = same_bits(t, got, round_to(t, want)) ? 0 : INFINITY;
        if ((fn == MATH_FN_fmin || fn == MATH_FN_fmax || fn == MATH_FN_clamp) && got == 0 &&
            want == 0)
          err = 0; /* of +0 and -0 either (C99 F.10.9.2) */
        if (err != 0) report("inexact", f, t, a, b, got, round_to(t, want), err, 0);
      } else {
        err = ulp_error(t, got, want);
        if (fabsl(want) < t->min_normal * 256 && err <= 1.5)
          err = 0; /* tiny results: 1.5 ulp (SLEEF's scalar functions have no FMA) */
        if (fn == MATH_FN_pow && isinf(got) && fabsl(want) > t->max * 0.999L &&
            signbit(got) == signbit(want))
          err = 0; /* SLEEF 3.5 may overflow within 0.1% of the largest value */
        if (err > bound + 1e-3) report("inaccurate", f, t, a, b, got, want, err, bound);
        if (want == 0 && got == 0 && signbit(got) != signbit(want))
          report("wrong zero sign,", f, t, a, b, got, want, err, bound);
      }
      if (err > w->err) w->err = err, w->x = a, w->y = b;
      (void)c;
    }
  }
  free(x), free(y), free(z), free(ni), free(out), free(out2), free(iout);
}

static double measured[MATH_FN_COUNT][2];

static void test_math_fns(void **state) {
  (void)state;
  for (int fn = 0; fn < MATH_FN_COUNT; ++fn)
    for (int d = 0; d < 2; ++d) {
      worst w = {0, 0, 0};
      check_fn(d ? &F64 : &F32, fn, &w);
      measured[fn][d] = w.err;
    }
  printf("%-10s %8s %8s %6s   (max error measured, ulp; bound)\n", "function", "f32", "f64",
         "bound");
  for (int fn = 0; fn < MATH_FN_COUNT; ++fn) {
    const double b = bound_for(&fns[fn], 1), b32 = bound_for(&fns[fn], 0);
    char bs[24];
    if (b32 != b)
      snprintf(bs, sizeof bs, "%.3g/%.3g", b32, b);
    else
      snprintf(bs, sizeof bs, b < 0 ? "exact" : "%.3g", b);
    printf("%-10s %8.3f %8.3f %6s\n", fns[fn].name, measured[fn][0], measured[fn][1], bs);
  }
  if (failures) fail_msg("%ld results outside their bounds", failures);
}

int main(int argc, char **argv) {
  int n = 1;
  for (int i = 1; i < argc; ++i) /* --fast is ours; the rest is the harness's */
    if (strcmp(argv[i], "--fast") == 0)
      fast_math = 1;
    else
      argv[n++] = argv[i];
  test_parse_args(n, argv);
  const char *s = getenv("SGK_MATH_SAMPLES");
  if (s)
    samples = (size_t)strtoull(s, NULL, 0);
  else if (getenv("SGK_TEST_EMULATED"))
    samples = 1024; /* long double is software under qemu */
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_math_fns)};
  return test_run(fast_math ? "math_fast" : "math", tests, 1);
}
