/* orrery-sim-analysis.h: what the linearize and trim subcommands of
 * orrery-sim share: reading the model and the options they have in
 * common, and writing a linear model as text, JSON or a MATLAB file. */
#pragma once

#include <orrery/orr-analysis.h>

G_BEGIN_DECLS

enum
{
  ORR_CLI_OK = 0,
  ORR_CLI_MODEL_ERROR = 1,
  ORR_CLI_USAGE = 2,
  ORR_CLI_FAILED = 3, /* the analysis found no answer (no equilibrium, singular matrices) */
};

/* The subcommands' entry points: argv[0] is the subcommand's name. */
int orr_cli_linearize (int argc, char **argv);
int orr_cli_trim (int argc, char **argv);

int orr_cli_usage_error (const char *command, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* "1,2" or "1 2" into port numbers; FALSE on anything else. */
gboolean orr_cli_parse_ports (const char *text, int **ports, int *n);
/* --set NAME=EXPR values into overrides; an exit status. */
int orr_cli_parse_sets (const char *command, char **sets, OrrScope *overrides);
/* The model, compiled with the standard blocks; NULL after printing why. */
OrrModel *orr_cli_load_model (const char *path);
/* The registry orrery-sim compiles with. */
OrrRegistry *orr_cli_registry (void);

/* The linear model as text (with poles and zeros) on stdout, or as JSON
 * or a MATLAB .mat file (libmatio) to path (NULL: stdout, text and JSON
 * only). FALSE with an error. */
gboolean orr_cli_write_linear_model (const OrrLinearModel *lm, const char *block, double at,
                                     const char *format, const char *path, GError **error);
/* With frequencies (rad/s, n of them): the frequency response there too. */
gboolean orr_cli_write_linear_model_full (const OrrLinearModel *lm, const char *block, double at,
                                          const double *w, int n_w, const char *format,
                                          const char *path, GError **error);
/* An equilibrium (orr_trim) as a MATLAB .mat file (libmatio): the
 * variables found (var_names, a cell of strings, and vars), the states x,
 * the inputs u, the residuals (residual_names, residuals), iterations and
 * method. FALSE with an error. */
gboolean orr_cli_write_trim_mat (const OrrTrimResult *result, const char *path, GError **error);
/* Appends a JSON string literal. */
void orr_cli_json_string (GString *out, const char *text);

G_END_DECLS
