/* matrix-exponential.h: SampledData's exact discretisation (e^A itself
 * is orr_dense_expm, orrery/orr-dense.h).
 * Private to the palettes (and their tests). Matrices are column-major. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The zero-order-hold discretisation over a period T of x' = A x + B u
 * (n states, m inputs): x(k+1) = Ad x(k) + Bd u(k) with Ad = e^(A T) and
 * Bd = int_0^T e^(A s) ds B, both read from the exponential of the
 * (n + m) x (n + m) matrix [A B; 0 0] T. */
gboolean orr_zoh_discretise (const double *a, const double *b, int n, int m, double period,
                             double *ad, double *bd);

G_END_DECLS
