/* block-test.h: the checks the harness-level test programs share
 * (tests/blocks and each palette's test-<palette>.c): configuring with
 * parameters that must be accepted or rejected, what configure declared
 * for the ports, outputs against expected values, a palette's file and
 * registration, and a harness with concrete sizes for the size
 * placeholders. */
#pragma once

#include "block-harness.h"

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

/* Configures klass with "name", "expression" pairs that must be accepted
 * (the pairs end with NULL). */
#define CONFIGURE(klass, ...)                                                                      \
  ({                                                                                               \
    GError *error_ = NULL;                                                                         \
    OrrConfig *config_ = orr_harness_configure (klass, &error_, __VA_ARGS__);                      \
    block_test_expect_config (config_, error_);                                                    \
  })

/* Configures with parameters that must be rejected with a message that
 * names param. */
#define EXPECT_PARAM_ERROR(klass, param, ...)                                                      \
  EXPECT_PARAM_ERROR_WITH (klass, param, NULL, __VA_ARGS__)

/* The same, and the message must also contain part (unless NULL). */
#define EXPECT_PARAM_ERROR_WITH(klass, param, part, ...)                                           \
  G_STMT_START                                                                                     \
  {                                                                                                \
    GError *error_ = NULL;                                                                         \
    OrrConfig *config_ = orr_harness_configure (klass, &error_, __VA_ARGS__);                      \
    block_test_check_param_error (config_, error_, param, part);                                   \
  }                                                                                                \
  G_STMT_END

OrrConfig *block_test_expect_config (OrrConfig *config, GError *error);
/* Frees error. */
void block_test_check_param_error (OrrConfig *config, GError *error, const char *param,
                                   const char *part);

/* A parameter configure must refuse, with a message that names param and
 * contains part (unless NULL): the first name-expression pair alone, or
 * with a second that conflicts with it. */
typedef struct
{
  const OrrBlockClass *klass;
  const char *param;
  const char *params[4]; /* name, expression, ..., NULL */
  const char *part;
} BlockParamError;

/* One test per case, as prefix/<class name>/<index>: a table of the
 * parameters each block refuses. */
void block_test_add_param_errors (const char *prefix, const BlockParamError *cases, guint n);

/* What configure declared for input or output i (from 0). */
const OrrPortSpec *input_spec (OrrConfig *config, guint i);
const OrrPortSpec *output_spec (OrrConfig *config, guint i);
void assert_port (const OrrPortSpec *spec, int rows, int cols, OrrType type);
void assert_ports (OrrConfig *config, guint n_in, guint n_out, int n_evin, int n_evout);

/* Exactly equal, NaN matching NaN. */
void assert_doubles (const double *got, const double *expected, int n);
/* Each within tolerance of the expected value (0: exactly). */
void assert_close (const double *got, const double *expected, int n, double tolerance);

/* The palette in folder (palettes/<folder>) against classes: its
 * palette.xml lists exactly these blocks, in this order, each class names
 * the palette, and register_palette registers them in the same order. */
void assert_palette (const char *folder, const char *palette, const OrrBlockClass *const *classes,
                     guint n_classes, void (*register_palette) (OrrRegistry *registry));

/* A harness for klass with config (taken), sizes -1 and -2 being p1 and
 * p2. */
OrrHarness *harness (const OrrBlockClass *klass, OrrConfig *config, int p1, int p2);

G_END_DECLS
