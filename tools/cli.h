/* The sgk command-line program: one file per sub-command. */
#ifndef SGK_TOOLS_CLI_H
#define SGK_TOOLS_CLI_H

#include "sgk/sgk.h"

/* The one parser of numeric options: a whole decimal number in 0 .. max (no sign, no suffix, no
 * blanks); 1 and *out set, or 0. */
int cli_parse_uint(const char *s, unsigned long long max, unsigned long long *out);
/* Print "sgk: <message>" to stderr; return the exit code for bad usage (2). */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the status and sgk_last_error() to stderr; return 1. */
int cli_status_error(const char *what, sgk_status st);

/* Prints s as a JSON string literal. */
void cli_print_json_string(const char *s);

int cli_info(int argc, char **argv);
int cli_list(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_suite(int argc, char **argv);
int cli_demo(int argc, char **argv);
int cli_tune(int argc, char **argv);

#endif
