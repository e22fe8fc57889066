/* orr-block-params.h: parameter checks shared by the standard blocks, so
 * that one kind of mistake reads the same in every block ("parameter
 * 'inputs' must be ..."). Private to the palettes: user blocks have the
 * plain orr_config_get_* helpers of orr-block.h. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* The most ports a parameter may ask for. A typo such as 1e6 inputs would
 * otherwise make the editor draw a million ports before anyone notices. */
#define ORR_PALETTE_MAX_PORTS 1000

/* Sets a parameter error whose message starts with "parameter 'name' ". */
void orr_param_set_error (GError **error, const char *name, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

/* A scalar that must be finite (times, delays, periods). */
gboolean orr_param_get_finite (OrrConfig *config, const char *name, double *value, GError **error);

/* A check box: 0 or 1. */
gboolean orr_param_get_flag (OrrConfig *config, const char *name, gboolean *value, GError **error);

/* A whole number in [min, max]. */
gboolean orr_param_get_int_range (OrrConfig *config, const char *name, int min, int max, int *value,
                                  GError **error);

/* A non-empty row or column vector; *values is owned by config. */
gboolean orr_param_get_vector (OrrConfig *config, const char *name, const double **values, int *n,
                               GError **error);

/* A non-empty matrix of any shape; *values is owned by config. */
gboolean orr_param_get_matrix (OrrConfig *config, const char *name, const double **values,
                               int *rows, int *cols, GError **error);

/* Sets the label drawn in the block to the parameter as the user would
 * type it ("2", "[1 -1]") when it is short enough to fit, so that a Gain
 * shows its gain; longer values keep the class's icon text. */
void orr_param_label_from (OrrConfig *config, const char *name);

G_END_DECLS
