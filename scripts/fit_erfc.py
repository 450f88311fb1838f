#!/usr/bin/env python3
"""The coefficients of sgk's float erfc and erf (include/sgk/isa/math.h): prints them as C.

erfc(a) = exp(-a^2) * R(a) for a = |x| in [0, XMAX], R(a) = exp(a^2) erfc(a) (scaled erfc, smooth
and in (0, 1]) as a polynomial of degree DEG in u = (C1 a + C0) / (a + K), which maps [0, XMAX] onto
[-1, 1]; the fit is least squares on Chebyshev nodes in u, weighted to the relative error, which
comes within a factor of two or so of the minimax error at this smoothness. exp(r) on
|r| <= ln 2 / 2 likewise, degree EXP_DEG. Both are evaluated in double, so the float result carries
the fit's error (printed) plus the final rounding: well inside SLEEF's 1.5-ulp class.
erf(x) = x S(x^2) for |x| < ERF_T (S of degree ERF_DEG in x^2, fitted the same way), and
1 - erfc(|x|) with the sign of x beyond.

The SGK_FAST_MATH forms compute in float: erfc(a) = exp(-a^2) Q(u) / (a + FK), Q(a) = (a + FK)
exp(a^2) erfc(a) (in [0.62, 1] for FK = 1: flat, so the rounding of u costs little) in
u = FV a / (a + FK) - 1 on [-1, 0.82] (FK, FV and the degree chosen by measuring the float
evaluation over every float), exp(r) = 1 + r P(r), erf(x) = x (c0 + x^2 S1(x^2)).
Their coefficients are floats, rounded one at a time from the highest degree down with the lower
ones refitted after each (least squares on Chebyshev nodes, relative weights), so that the
rounding of one is absorbed by the others.

Needs numpy and scipy (Debian: python3-scipy). Run: python3 scripts/fit_erfc.py
"""
import numpy as np
import numpy.polynomial.chebyshev as cheb
from scipy.special import erfcx

XMAX = 10.06  # erfc(x) of floats is 0 past 10.0546 (below half the least subnormal)
K, DEG, EXP_DEG = 4.0, 11, 8
ERF_T, ERF_DEG = 1.0, 7
NODES = 4000


def chebyshev_nodes():
    return np.cos(np.pi * (np.arange(NODES) + 0.5) / NODES)


def fit_scaled_erfc():
    tmax = (XMAX - K) / (XMAX + K)
    u = chebyshev_nodes()
    t = -1 + (u + 1) * (tmax + 1) / 2  # t = (a - K) / (a + K), u = A t + B
    a = K * (1 + t) / (1 - t)
    y = erfcx(a)
    p = cheb.cheb2poly(cheb.chebfit(u, y, DEG, w=1 / y))
    scale = 2 / (tmax + 1)
    c1, c0 = scale + (scale - 1), ((scale - 1) - scale) * K  # u = (c1 a + c0) / (a + K)
    xs = np.linspace(0, XMAX, 400001)
    us = (c1 * xs + c0) / (xs + K)
    err = np.abs(np.polyval(p[::-1], us) / erfcx(xs) - 1).max()
    return p, c1, c0, err


def fit_exp():
    h = np.log(2) / 2 * 1.01
    u = chebyshev_nodes()
    r = u * h
    p = cheb.cheb2poly(cheb.chebfit(u, np.exp(r), EXP_DEG, w=np.exp(-r)))
    q = p / h ** np.arange(EXP_DEG + 1)  # in r
    rs = np.linspace(-h, h, 100001)
    err = np.abs(np.polyval(q[::-1], rs) / np.exp(rs) - 1).max()
    return q, err


def fit_erf_small():
    from scipy.special import erf
    u = chebyshev_nodes()
    x = np.sqrt((u + 1) / 2) * ERF_T  # u = 2 x^2 / T^2 - 1
    y = erf(x) / x
    c = cheb.chebfit(u, y, ERF_DEG, w=1 / y)
    s = np.polynomial.Polynomial(cheb.cheb2poly(c))(np.polynomial.Polynomial([-1, 2 / ERF_T**2]))
    xs = np.linspace(1e-6, ERF_T, 100001)
    err = np.abs(np.polyval(s.coef[::-1], xs * xs) * xs / erf(xs) - 1).max()
    return s.coef, err


def f32(v):
    return float(np.float32(v))


def fit_float(x, y, deg, weight):
    """Coefficients (lowest first) as floats, each rounded after a fit of it and those below."""
    c = np.zeros(deg + 1)
    for k in range(deg, -1, -1):
        rest = y - np.polyval(c[::-1], x)
        v = np.vander(x, k + 1, increasing=True) * weight[:, None]
        sol = np.linalg.lstsq(v, rest * weight, rcond=None)[0]
        c[k] = f32(sol[k])
    return c


FK, FV, FQ_DEG, FEXP_DEG, FS_DEG = 1.0, 2.0, 12, 6, 6


def fit_fast():
    """The SGK_FAST_MATH coefficients and the relative errors of Q, exp and erf on |x| < 1."""
    from scipy.special import erf
    fv = FV  # a power of two: FV a is exact
    umax = -1 + fv * XMAX / (XMAX + FK)
    nodes = chebyshev_nodes()
    u = -1 + (nodes + 1) * (umax + 1) / 2
    a = FK * (u + 1) / (fv - (u + 1))
    y = (a + FK) * erfcx(a)
    q = fit_float(u, y, FQ_DEG, 1 / y)
    xs = np.linspace(0, XMAX, 400001)
    want = (xs + FK) * erfcx(xs)
    q_err = np.abs(np.polyval(q[::-1], fv * xs / (xs + FK) - 1) / want - 1).max()
    h = np.log(2) / 2 * 1.02  # r = -h - n ln2_hi, and |n ln2_lo| < 3e-7
    r = nodes[nodes != 0] * h
    p = fit_float(r, np.expm1(r) / r, FEXP_DEG, np.ones_like(r))
    rs = np.linspace(-h, h, 100001)
    rs = rs[rs != 0]
    p_err = np.abs((1 + rs * np.polyval(p[::-1], rs)) / np.exp(rs) - 1).max()
    c0 = 2 / np.sqrt(np.pi)
    c0_hi = float(np.nextafter(np.float32(c0), np.float32(0)))  # below c0: the low part > 0
    c0_lo = f32(c0 - c0_hi)
    z = ((nodes + 1) / 2)[nodes > -1 + 1e-9]  # x^2 in (0, 1)
    x = np.sqrt(z)
    s1 = fit_float(z, (erf(x) / x - c0) / z, FS_DEG, z / (erf(x) / x))
    xx = np.linspace(1e-6, 1, 100001)
    approx = xx * (c0_hi + (c0_lo + xx * xx * np.polyval(s1[::-1], xx * xx)))
    s_err = np.abs(approx / erf(xx) - 1).max()
    return fv, q, p, c0_hi, c0_lo, s1, (q_err, p_err, s_err)


def fhex(v):
    """A float's C hex literal, its mantissa's trailing zeros dropped."""
    mant, exp = float(v).hex().split("p")
    return mant.rstrip("0").rstrip(".") + "p" + exp + "f"


def f_list(name, coefs):
    body = ", ".join(fhex(c) for c in coefs)
    return f"static const float {name}[{len(coefs)}] = {{{body}}};"


def c_list(name, coefs):
    body = ", ".join(float(c).hex() for c in coefs)
    return f"static const double {name}[{len(coefs)}] = {{{body}}};"


if __name__ == "__main__":
    p, c1, c0, err = fit_scaled_erfc()
    q, exp_err = fit_exp()
    e, erf_err = fit_erf_small()
    print(f"/* scripts/fit_erfc.py: R's fit {err:.2g}, exp's {exp_err:.2g}, S's {erf_err:.2g}"
          " (relative) */")
    print(f"#define SGK__ERFC_XMAX {XMAX!r}")
    print(f"#define SGK__ERFC_K {K!r}")
    print(f"#define SGK__ERFC_C1 {float(c1).hex()}")
    print(f"#define SGK__ERFC_C0 {float(c0).hex()}")
    print(c_list("sgk__erfc_r", p))
    print(c_list("sgk__exp_r", q))
    print(f"#define SGK__ERF_T {ERF_T!r}")
    print(c_list("sgk__erf_s", e))
    fv, q, p, c0_hi, c0_lo, s1, errs = fit_fast()
    print("/* SGK_FAST_MATH: Q's fit %.2g, exp's %.2g, erf's %.2g (relative) */" % errs)
    print(f"#define SGK__ERFCF_K {fhex(FK)}")
    print(f"#define SGK__ERFCF_V {fhex(fv)}")
    print(f_list("sgk__erfcf_q", q))
    print(f_list("sgk__expf_p", p))
    print(f"#define SGK__ERFF_C0_HI {fhex(c0_hi)}")
    print(f"#define SGK__ERFF_C0_LO {fhex(c0_lo)}")
    print(f_list("sgk__erff_s", s1))
