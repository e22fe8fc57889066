/* sources-params.h: parameter helpers for the Sources palette's signal
 * generators, whose real parameters may be scalars or matrices of one
 * common size (a scalar applies to every element of the output). Private
 * to palettes/sources. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

/* Reads the n_names parameters, each a real scalar or a matrix, all the
 * matrices of one size, which becomes the output size *rows x *cols (1x1
 * when all are scalars). Returns the values expanded to that size, one
 * parameter after another (n_names * rows * cols doubles, to g_free), or
 * NULL with an error naming the parameter whose size disagrees. */
double *orr_sources_get_broadcast (OrrConfig *config, const char *const *names, int n_names,
                                   int *rows, int *cols, GError **error);

/* A finite scalar greater than zero (periods). */
gboolean orr_sources_get_positive (OrrConfig *config, const char *name, double *value,
                                   GError **error);

G_END_DECLS
