/* sgk: command-line front end of the library. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cli_parse_uint(const char *s, unsigned long long max, unsigned long long *out) {
  char *end;
  if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') return 0;
  errno = 0;
  const unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno || v > max) return 0;
  *out = v;
  return 1;
}

int cli_usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("sgk: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs("\n", stderr);
  va_end(ap);
  return 2;
}

int cli_status_error(const char *what, sgk_status st) {
  fprintf(stderr, "sgk: %s: %s: %s\n", what, sgk_status_string(st), sgk_last_error());
  return 1;
}

/* A JSON string literal of s (quotes, backslashes and control characters escaped). */
void cli_print_json_string(const char *s) {
  putchar('"');
  for (; *s; ++s) {
    const unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      printf("\\%c", c);
    else if (c < 0x20)
      printf("\\u%04x", c);
    else
      putchar(c);
  }
  putchar('"');
}

static void usage(FILE *f) {
  fputs(
      "usage: sgk <command> [options]\n"
      "  --version             the library's version\n"
      "  info [--json]         the device: ISAs, sub-group sizes, limits, caches\n"
      "  list                  the documented kernels\n"
      "  run NAME [--isa I] [--sg W] [--wg L] [--n N] [--reps R] [--threads T] [--json]\n"
      "                        run one kernel, verify it, time it against the scalar backend\n"
      "  suite [--quick] [--json] [--reps R] [--threads T]\n"
      "                        every kernel on every ISA here at W = 8, 16, 32\n"
      "  tune [NAME] [--isa I | --tune-isa] [--threads T] [--quick] [--wg] [--json]\n"
      "                        the fastest sub-group size of each kernel (launch option tune);\n"
      "                        --wg: and work-group size, where results do not depend on it;\n"
      "                        --tune-isa: and the ISA, among those this CPU runs\n"
      "  demo sg_size|sg_max_size|transpose16 [--sg W] [--isa I] [--n N]\n"
      "                        the seed programs' output\n",
      f);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "info") == 0) return cli_info(argc - 2, argv + 2);
  if (strcmp(cmd, "list") == 0) return cli_list(argc - 2, argv + 2);
  if (strcmp(cmd, "run") == 0) return cli_run(argc - 2, argv + 2);
  if (strcmp(cmd, "suite") == 0) return cli_suite(argc - 2, argv + 2);
  if (strcmp(cmd, "demo") == 0) return cli_demo(argc - 2, argv + 2);
  if (strcmp(cmd, "tune") == 0) return cli_tune(argc - 2, argv + 2);
  if (strcmp(cmd, "--version") == 0) {
    printf("sgk %s\n", sgk_version_string());
    return 0;
  }
  if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
    usage(stdout);
    return 0;
  }
  usage(stderr);
  return cli_usage_error("unknown command '%s'", cmd);
}
