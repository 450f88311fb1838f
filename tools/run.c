/* `sgk list`, `sgk run NAME ...` and `sgk suite ...`: the documented kernels, verified against
 * their plain-C references, timed, with the speedup over the scalar backend measured in the same
 * run at the same sub-group size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family.h"

typedef struct run_opts {
  sgk_isa isa; /* SGK_ISA_AUTO: the default */
  uint32_t sg; /* 0: the ISA's native size */
  uint32_t wg; /* 0: the family's default */
  size_t n;    /* 0: the family's default */
  int reps;
  uint32_t threads;
  int json, quick;
} run_opts;

/* Parses the options shared by run and suite; returns 0 or the exit code for bad usage. */
static int parse_opts(int argc, char **argv, run_opts *o, int allow_one_isa) {
  for (int i = 0; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long x;
    if (strcmp(a, "--json") == 0) {
      o->json = 1;
      continue;
    }
    if (strcmp(a, "--quick") == 0) {
      o->quick = 1;
      continue;
    }
    if (!v) return cli_usage_error("option %s needs a value", a);
    ++i;
    if (strcmp(a, "--isa") == 0 && allow_one_isa) {
      if (sgk_isa_from_name(v, &o->isa) != SGK_SUCCESS)
        return cli_usage_error("%s", sgk_last_error());
    } else if (strcmp(a, "--sg") == 0) {
      if (!cli_parse_uint(v, 64, &x) || (x != 8 && x != 16 && x != 32))
        return cli_usage_error("--sg %s: the sub-group size must be 8, 16 or 32", v);
      o->sg = (uint32_t)x;
    } else if (strcmp(a, "--wg") == 0) {
      if (!cli_parse_uint(v, SGK_MAX_WORK_GROUP_SIZE, &x) || x == 0)
        return cli_usage_error("--wg %s: the work-group size must be 1 .. %u", v,
                               SGK_MAX_WORK_GROUP_SIZE);
      o->wg = (uint32_t)x;
    } else if (strcmp(a, "--n") == 0) {
      if (!cli_parse_uint(v, (1ull << 40), &x) || x == 0)
        return cli_usage_error("--n %s: a positive size", v);
      o->n = (size_t)x;
    } else if (strcmp(a, "--reps") == 0) {
      if (!cli_parse_uint(v, 100000, &x) || x == 0)
        return cli_usage_error("--reps %s: 1 .. 100000", v);
      o->reps = (int)x;
    } else if (strcmp(a, "--threads") == 0) {
      if (!cli_parse_uint(v, SGK_MAX_THREADS, &x))
        return cli_usage_error("--threads %s: 0 .. %u", v, SGK_MAX_THREADS);
      o->threads = (uint32_t)x;
    } else {
      return cli_usage_error("unknown option '%s'", a);
    }
  }
  return 0;
}

typedef struct record {
  const sgk_family *f;
  sgk_isa isa;
  uint32_t sg, wg;
  size_t n;
  sgk_status status;
  sgk_run_result r;
  double scalar_median_s; /* 0 when not measured */
} record;

static void print_record(const record *rec, int json, int *first) {
  const sgk_family *f = rec->f;
  const char *unit = f->gflops ? "gflops" : "gbps";
  if (json) {
    printf(
        "%s{\"kernel\": \"%s\", \"seed\": \"%s\", \"variant\": \"%s_w%u\", \"isa\": \"%s\", "
        "\"sg_size\": %u, \"wg_size\": %u, \"n\": %zu, \"median_s\": %.9g, \"min_s\": %.9g, "
        "\"%s\": %.6g, \"verified\": %s, \"scalar_median_s\": %.9g, \"speedup\": %.4g, "
        "\"threads\": %u, \"reps\": %d, \"error\": ",
        *first ? "" : ",\n", f->name, f->seed, sgk_isa_name(rec->isa), rec->sg,
        sgk_isa_name(rec->isa), rec->sg, rec->wg, rec->n, rec->r.median_s, rec->r.min_s, unit,
        rec->r.rate, rec->r.verified ? "true" : "false", rec->scalar_median_s,
        rec->scalar_median_s > 0 && rec->r.median_s > 0 ? rec->scalar_median_s / rec->r.median_s
                                                        : 0.0,
        rec->r.info.threads, rec->r.reps);
    cli_print_json_string(rec->status == SGK_SUCCESS && rec->r.verified ? "" : rec->r.message);
    printf("}");
    *first = 0;
    return;
  }
  if (*first) {
    printf("%-18s %-7s %3s %5s %10s %12s %10s %10s %8s  %s\n", "kernel", "isa", "W", "wg", "n",
           "median", "rate", "scalar", "speedup", "verified");
    *first = 0;
  }
  if (rec->status != SGK_SUCCESS) {
    printf("%-18s %-7s %3u %5u %10zu  error: %s\n", f->name, sgk_isa_name(rec->isa), rec->sg,
           rec->wg, rec->n, rec->r.message);
    return;
  }
  char speed[32] = "-";
  if (rec->scalar_median_s > 0 && rec->r.median_s > 0)
    snprintf(speed, sizeof speed, "%.2fx", rec->scalar_median_s / rec->r.median_s);
  char scalar[32] = "-";
  if (rec->scalar_median_s > 0)
    snprintf(scalar, sizeof scalar, "%.3f ms", rec->scalar_median_s * 1e3);
  printf("%-18s %-7s %3u %5u %10zu %9.3f ms %6.2f %-6s %10s %8s  %s\n", f->name,
         sgk_isa_name(rec->isa), rec->sg, rec->wg, rec->n, rec->r.median_s * 1e3, rec->r.rate,
         f->gflops ? "GF/s" : "GB/s", scalar, speed, rec->r.verified ? "yes" : rec->r.message);
}

static sgk_launch_options launch_opts(sgk_isa isa, uint32_t sg, uint32_t threads) {
  sgk_launch_options o;
  memset(&o, 0, sizeof o);
  o.isa = isa;
  o.sub_group_size = sg;
  o.threads = threads;
  return o;
}

/* Runs one (family, isa, W) on a case that is set up. */
static void measure(record *rec, sgk_case *c, int reps, uint32_t threads) {
  const sgk_launch_options o = launch_opts(rec->isa, rec->sg, threads);
  rec->status = sgk_run_family(rec->f, c, &o, reps, &rec->r);
}

int cli_list(int argc, char **argv) {
  (void)argv;
  if (argc) return cli_usage_error("list takes no options");
  printf("%-18s %-38s %-14s %10s %5s  %s\n", "kernel", "seed", "size unit", "n", "wg", "summary");
  for (size_t i = 0; i < sgk_family_count; ++i) {
    const sgk_family *f = sgk_families[i];
    printf("%-18s %-38s %-14s %10zu %5u  %s\n", f->name, f->seed, f->size_unit, f->default_n,
           f->default_wg, f->summary);
  }
  return 0;
}

int cli_run(int argc, char **argv) {
  if (argc < 1 || argv[0][0] == '-') return cli_usage_error("run: which kernel? (sgk list)");
  const sgk_family *f = sgk_family_find(argv[0]);
  if (!f) return cli_usage_error("run: unknown kernel '%s' (sgk list shows them)", argv[0]);
  run_opts o = {SGK_ISA_AUTO, 0, 0, 0, 5, 0, 0, 0};
  int bad = parse_opts(argc - 1, argv + 1, &o, 1);
  if (bad) return bad;
  if (o.quick) return cli_usage_error("run: --quick is a suite option");
  sgk_isa isa;
  sgk_status st = sgk_resolve_isa(o.isa, &isa);
  if (st != SGK_SUCCESS) return cli_status_error("run", st);
  record rec;
  memset(&rec, 0, sizeof rec);
  rec.f = f;
  rec.isa = isa;
  rec.sg = o.sg ? o.sg : sgk_isa_native_sub_group_size(isa);
  rec.wg = o.wg ? o.wg : f->default_wg;
  rec.n = o.n ? o.n : f->default_n;
  sgk_case c = {rec.n, rec.wg, rec.sg, 0.0, NULL};
  const char *why = f->setup(&c);
  if (why) {
    f->teardown(&c);
    return cli_usage_error("run %s: %s", f->name, why);
  }
  if (isa != SGK_ISA_SCALAR) { /* the baseline, same W, same process */
    record base = rec;
    base.isa = SGK_ISA_SCALAR;
    measure(&base, &c, o.reps, o.threads);
    if (base.status == SGK_SUCCESS) rec.scalar_median_s = base.r.median_s;
  }
  measure(&rec, &c, o.reps, o.threads);
  if (isa == SGK_ISA_SCALAR && rec.status == SGK_SUCCESS) rec.scalar_median_s = rec.r.median_s;
  f->teardown(&c);
  int first = 1;
  print_record(&rec, o.json, &first);
  if (o.json) printf("\n");
  if (rec.status != SGK_SUCCESS) {
    fprintf(stderr, "sgk: run %s: %s\n", f->name, rec.r.message);
    return 1;
  }
  if (!rec.r.verified) {
    fprintf(stderr, "sgk: run %s: WRONG ANSWER: %s\n", f->name, rec.r.message);
    return 1;
  }
  return 0;
}

int cli_suite(int argc, char **argv) {
  run_opts o = {SGK_ISA_AUTO, 0, 0, 0, 3, 0, 0, 0};
  int bad = parse_opts(argc, argv, &o, 0);
  if (bad) return bad;
  if (o.wg || o.n)
    return cli_usage_error(
        "suite: --wg and --n are run options; the suite uses each kernel's sizes");
  static const sgk_isa isas[] = {SGK_ISA_SCALAR, SGK_ISA_AVX2, SGK_ISA_AVX512, SGK_ISA_NEON};
  static const uint32_t widths[] = {8, 16, 32};
  int first = 1, failures = 0, verified = 0;
  if (o.json) printf("[\n");
  for (size_t fi = 0; fi < sgk_family_count; ++fi) {
    const sgk_family *f = sgk_families[fi];
    const uint32_t one_wg[] = {f->default_wg, 0};
    const uint32_t *wgs = f->sweep_wg ? f->sweep_wg : one_wg;
    for (const uint32_t *wg = wgs; *wg; ++wg) {
      sgk_case c = {o.quick ? f->quick_n : f->default_n, *wg, 0, 0.0, NULL};
      fprintf(stderr, "[%zu/%zu] %s (n=%zu, wg=%u)\n", fi + 1, sgk_family_count, f->name, c.n, *wg);
      const char *why = f->setup(&c);
      if (why) {
        fprintf(stderr, "sgk: suite %s: %s\n", f->name, why);
        failures++;
        f->teardown(&c);
        continue;
      }
      for (size_t wi = 0; wi < 3; ++wi) {
        double scalar_s = 0.0;
        for (size_t ii = 0; ii < sizeof isas / sizeof isas[0]; ++ii) {
          if (!sgk_isa_available(isas[ii])) continue;
          record rec;
          memset(&rec, 0, sizeof rec);
          rec.f = f;
          rec.isa = isas[ii];
          rec.sg = widths[wi];
          rec.wg = *wg;
          rec.n = c.n;
          measure(&rec, &c, o.reps, o.threads);
          if (isas[ii] == SGK_ISA_SCALAR && rec.status == SGK_SUCCESS) scalar_s = rec.r.median_s;
          rec.scalar_median_s = scalar_s;
          if (rec.status == SGK_SUCCESS && rec.r.verified)
            verified++;
          else
            failures++;
          print_record(&rec, o.json, &first);
          if (!o.json) fflush(stdout);
        }
      }
      f->teardown(&c);
    }
  }
  if (o.json) printf("\n]\n");
  fprintf(stderr, "suite: %d verified, %d failed\n", verified, failures);
  return failures ? 1 : 0;
}
