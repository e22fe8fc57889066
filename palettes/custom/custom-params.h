/* custom-params.h: parameter checks for the scripted custom blocks
 * (PyCustomBlock): strings, port sizes given as [rows cols] rows,
 * feedthrough flags and optional vectors. Private to palettes/custom. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* A string parameter (in quotes). */
gboolean orr_custom_get_string (OrrConfig *config, const char *name, const char **text,
                                GError **error);
/* Nothing but white space. */
gboolean orr_custom_is_blank (const char *text);
/* A vector of finite values, or [] for none (*n = 0). */
gboolean orr_custom_get_optional_vector (OrrConfig *config, const char *name, const double **values,
                                         int *n, GError **error);
/* One row [rows cols] per port, or [] for none: sizes[i] and sizes[i + n]
 * are the rows and columns of port i (column-major), whole and non-zero. */
gboolean orr_custom_get_port_sizes (OrrConfig *config, const char *name, const double **sizes,
                                    int *n, GError **error);
/* The "feedthrough" parameter: one 0/1 per input, or one for all;
 * values gets n_in of them. */
gboolean orr_custom_get_feedthrough (OrrConfig *config, int n_in, gboolean *values, GError **error);

G_END_DECLS
