/* `sgk tune [NAME] [--wg] [--tune-isa]`: the sub-group size each documented kernel runs fastest
 * at, at its seed size. A kernel whose range holds at every W is tuned by the library (launch
 * option tune: the first launches measure W 8, 16, 32 in turn, then the fastest runs); one whose
 * range is computed from W (range_uses_w) by launching each W here the same number of times.
 * With --wg, the kernels whose results do not depend on the work-group size (wg_free) have the
 * library tune that too (SGK_TUNE_WORK_GROUP); with --tune-isa every kernel has the ISA tuned
 * (SGK_TUNE_ISA, or here for the host-tuned ones). Either way the choice is then run, verified and
 * timed. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "family.h"

typedef struct tune_row {
  const sgk_family *f;
  uint32_t wg;
  size_t n;
  double best_s[3]; /* fastest launch per W 8, 16, 32; 0: not run */
  uint32_t chosen;
  size_t chosen_wg;   /* the work-group size the choice runs at */
  sgk_isa chosen_isa; /* the ISA it runs at */
  int by_library;
  sgk_status status;
  sgk_run_result r; /* the chosen W, tuned launches */
} tune_row;

static const uint32_t widths[3] = {8, 16, 32};

/* The library's tuner: launches until it reports a launch of its choice (at most the rounds of
 * every candidate and one more), keeping the measuring launches' times per W (the fastest over
 * the work-group sizes with --wg, and the ISAs with --tune-isa). */
static sgk_status tune_by_library(tune_row *t, sgk_case *c, sgk_launch_options o, int wg,
                                  int isa_tuned) {
  o.sub_group_size = 0;
  o.tune = SGK_TUNE_ON | (wg ? SGK_TUNE_WORK_GROUP : 0u) | (isa_tuned ? SGK_TUNE_ISA : 0u);
  sgk_isa isa;
  sgk_status st = sgk_resolve_isa(o.isa, &isa);
  if (st != SGK_SUCCESS) return st;
  c->sg = sgk_isa_native_sub_group_size(isa);
  for (unsigned k = 0; k <= SGK_TUNE_MAX_CANDIDATES * SGK_TUNE_ROUNDS; ++k) {
    sgk_launch_info info;
    memset(&info, 0, sizeof info);
    st = t->f->launch(c, &o, &info);
    if (st != SGK_SUCCESS) return st;
    const double s = (double)(info.end_ns - info.start_ns) * 1e-9;
    const int wi = info.sub_group_size == 8 ? 0 : info.sub_group_size == 16 ? 1 : 2;
    if (info.tune == SGK_TUNE_MEASURED && (t->best_s[wi] == 0 || s < t->best_s[wi]))
      t->best_s[wi] = s;
    if (info.tune == SGK_TUNE_CHOSEN) {
      t->chosen = info.sub_group_size;
      t->chosen_isa = info.isa;
      t->chosen_wg = 1; /* the work-group's items (a 2-D family's range is the tile's) */
      for (int d = 0; d < 3; ++d) t->chosen_wg *= info.local[d] ? info.local[d] : 1;
      if (!wg) t->chosen_wg = t->wg;
      break;
    }
    if (info.tune == SGK_TUNE_NONE) return SGK_ERROR_INVALID_TUNE; /* not reached: tune is on */
  }
  t->by_library = 1;
  return sgk_run_family(t->f, c, &o, 3, &t->r);
}

/* Each (ISA, W) launched here SGK_TUNE_ROUNDS times, round-robin, as the library would: the ISAs
 * are isas[0 .. nisa). */
static sgk_status tune_by_host(tune_row *t, sgk_case *c, sgk_launch_options o, const sgk_isa *isas,
                               uint32_t nisa) {
  double best_s = 0;
  for (unsigned round = 0; round < SGK_TUNE_ROUNDS; ++round)
    for (uint32_t ii = 0; ii < nisa; ++ii)
      for (int wi = 0; wi < 3; ++wi) {
        o.isa = isas[ii];
        o.sub_group_size = widths[wi];
        sgk_run_result r;
        const sgk_status st = sgk_run_family(t->f, c, &o, 1, &r);
        if (st == SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED || st == SGK_ERROR_ISA_NOT_COMPILED)
          continue;
        if (st != SGK_SUCCESS) return st;
        if (t->best_s[wi] == 0 || r.min_s < t->best_s[wi]) t->best_s[wi] = r.min_s;
        if (best_s == 0 || r.min_s < best_s) {
          best_s = r.min_s;
          t->chosen = widths[wi];
          t->chosen_isa = isas[ii];
        }
      }
  t->chosen_wg = t->wg;
  if (!t->chosen) return SGK_ERROR_SUB_GROUP_SIZE_NOT_COMPILED;
  o.isa = t->chosen_isa;
  o.sub_group_size = t->chosen;
  return sgk_run_family(t->f, c, &o, 3, &t->r);
}

static void print_row(const tune_row *t, int json, int *first) {
  const sgk_family *f = t->f;
  if (json) {
    printf(
        "%s{\"kernel\": \"%s\", \"n\": %zu, \"wg_size\": %u, \"tuned_by\": \"%s\", "
        "\"best_ms\": [%.6g, %.6g, %.6g], \"sg_size\": %u, \"chosen_wg_size\": %zu, "
        "\"chosen_isa\": \"%s\", \"%s\": %.6g, \"verified\": %s, \"error\": ",
        *first ? "" : ",\n", f->name, t->n, t->wg, t->by_library ? "library" : "host",
        t->best_s[0] * 1e3, t->best_s[1] * 1e3, t->best_s[2] * 1e3, t->chosen, t->chosen_wg,
        t->chosen ? sgk_isa_name(t->chosen_isa) : "", f->gflops ? "gflops" : "gbps", t->r.rate,
        t->status == SGK_SUCCESS && t->r.verified ? "true" : "false");
    cli_print_json_string(t->status == SGK_SUCCESS && t->r.verified ? "" : t->r.message);
    printf("}");
    *first = 0;
    return;
  }
  if (*first) {
    printf("%-18s %10s %5s %-8s %10s %10s %10s %6s %5s %-6s %12s  %s\n", "kernel", "n", "wg",
           "tuned by", "W8 ms", "W16 ms", "W32 ms", "chosen", "at wg", "on", "rate", "verified");
    *first = 0;
  }
  if (t->status != SGK_SUCCESS) {
    printf("%-18s %10zu %5u  error: %s\n", f->name, t->n, t->wg, t->r.message);
    return;
  }
  char ms[3][16];
  for (int wi = 0; wi < 3; ++wi)
    if (t->best_s[wi] > 0)
      snprintf(ms[wi], sizeof ms[wi], "%.3f", t->best_s[wi] * 1e3);
    else
      snprintf(ms[wi], sizeof ms[wi], "-");
  printf("%-18s %10zu %5u %-8s %10s %10s %10s %6u %5zu %-6s %7.2f %-4s  %s\n", f->name, t->n, t->wg,
         t->by_library ? "library" : "host", ms[0], ms[1], ms[2], t->chosen, t->chosen_wg,
         sgk_isa_name(t->chosen_isa), t->r.rate, f->gflops ? "GF/s" : "GB/s",
         t->r.verified ? "yes" : t->r.message);
}

int cli_tune(int argc, char **argv) {
  const sgk_family *only = NULL;
  if (argc > 0 && argv[0][0] != '-') {
    only = sgk_family_find(argv[0]);
    if (!only) return cli_usage_error("tune: unknown kernel '%s' (sgk list shows them)", argv[0]);
    --argc;
    ++argv;
  }
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  int json = 0, quick = 0, tune_wg = 0, tune_isa = 0, isa_given = 0;
  for (int i = 0; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long x;
    if (strcmp(a, "--json") == 0) {
      json = 1;
    } else if (strcmp(a, "--quick") == 0) {
      quick = 1;
    } else if (strcmp(a, "--wg") == 0) {
      tune_wg = 1;
    } else if (strcmp(a, "--tune-isa") == 0) {
      tune_isa = 1;
    } else if (strcmp(a, "--isa") == 0 && v) {
      if (sgk_isa_from_name(v, &o.isa) != SGK_SUCCESS)
        return cli_usage_error("%s", sgk_last_error());
      isa_given = o.isa != SGK_ISA_AUTO;
      ++i;
    } else if (strcmp(a, "--threads") == 0 && v) {
      if (!cli_parse_uint(v, SGK_MAX_THREADS, &x))
        return cli_usage_error("--threads %s: 0 .. %u", v, SGK_MAX_THREADS);
      o.threads = (uint32_t)x;
      ++i;
    } else {
      return cli_usage_error("tune: unknown option or missing value '%s'", a);
    }
  }
  if (tune_isa && isa_given) return cli_usage_error("tune: --tune-isa picks the ISA: drop --isa");
  /* the ISAs tried: the resolved one, and with --tune-isa the others the library would try */
  sgk_isa isas[SGK_ISA_COUNT];
  uint32_t nisa = 1;
  const sgk_status ist =
      tune_isa ? sgk_tune_isas(o.isa, isas, &nisa) : sgk_resolve_isa(o.isa, &isas[0]);
  if (ist != SGK_SUCCESS) return cli_status_error("tune", ist);
  const sgk_isa isa = isas[0];
  if (!tune_isa) o.isa = isa;
  if (!json) {
    printf("isa %s", sgk_isa_name(isa));
    for (uint32_t i = 1; i < nisa; ++i) printf(", %s", sgk_isa_name(isas[i]));
    printf(", the fastest launch of each W over %u rounds%s%s\n", SGK_TUNE_ROUNDS,
           nisa > 1 ? " and the ISAs ('on')" : "",
           tune_wg ? " (and work-group sizes: 'at wg')" : "");
  }
  int first = 1, failures = 0;
  if (json) printf("[\n");
  for (size_t fi = 0; fi < sgk_family_count; ++fi) {
    const sgk_family *f = sgk_families[fi];
    if (only && f != only) continue;
    const uint32_t one_wg[] = {f->default_wg, 0};
    for (const uint32_t *wg = f->sweep_wg ? f->sweep_wg : one_wg; *wg; ++wg) {
      tune_row t;
      memset(&t, 0, sizeof t);
      t.f = f;
      t.wg = *wg;
      t.n = quick ? f->quick_n : f->default_n;
      sgk_case c = {t.n, *wg, 0, 0.0, NULL};
      const char *why = f->setup(&c);
      if (why) {
        snprintf(t.r.message, sizeof t.r.message, "%s", why);
        t.status = SGK_ERROR_NULL_ARGUMENT;
      } else {
        t.chosen_isa = isa;
        t.status = f->range_uses_w ? tune_by_host(&t, &c, o, isas, nisa)
                                   : tune_by_library(&t, &c, o, tune_wg && f->wg_free, tune_isa);
        if (t.status != SGK_SUCCESS && !t.r.message[0])
          snprintf(t.r.message, sizeof t.r.message, "%s: %s", sgk_status_string(t.status),
                   sgk_last_error());
      }
      f->teardown(&c);
      if (t.status != SGK_SUCCESS || !t.r.verified) failures++;
      print_row(&t, json, &first);
      fflush(stdout);
    }
  }
  if (json) printf("\n]\n");
  return failures ? 1 : 0;
}
