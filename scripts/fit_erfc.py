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
