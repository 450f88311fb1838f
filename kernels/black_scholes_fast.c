/* black_scholes compiled with SGK_FAST_MATH (kernels/CMakeLists.txt): SLEEF's 3.5-ulp log and exp
 * and sgk's float-arithmetic erfc (3.5 ulp), the accuracy class OpenCL C asks of its built-ins
 * (log, exp 3 ulp, erfc 16) and so of Intel's CPU runtime, which the benchmarks compare it with. */
#define BLACK_SCHOLES_KERNEL black_scholes_fast
#include "black_scholes.c"
