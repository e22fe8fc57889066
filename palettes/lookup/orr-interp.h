/* orr-interp.h: one-dimensional interpolation and extrapolation of a table
 * of points (x_i, y_i), shared by LookupTable, SignalGenerator and FromCSV.
 * Private to the palettes.
 *
 * The methods and extrapolations follow the Activate family (its
 * "interpolation methods" chapter); the numbers are the 1-based choices the
 * LookupTable dialog shows.
 *
 * For variable-step solvers a table is cut into *segments*: the intervals
 * between breakpoints (the x_i, or the midpoints between them for the
 * nearest-point method), the two outer ranges, and with periodic
 * extrapolation every copy of the table. Inside a segment the table is one
 * smooth piece. A block holds the segment of each input element as its
 * mode while the solver integrates, evaluates that piece even past the
 * segment's ends, and gives the solver a surface that changes sign when the
 * input leaves the segment. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ORR_INTERP_LINEAR = 1,
  ORR_INTERP_FLOOR,      /* the point at or below: zero-order hold */
  ORR_INTERP_CEIL,       /* the point at or above */
  ORR_INTERP_NEAREST,    /* the nearest point; a tie goes to the upper one */
  ORR_INTERP_NATURAL,    /* cubic spline, zero second derivative at both ends */
  ORR_INTERP_NOT_A_KNOT, /* cubic spline, continuous third derivative at x_2 and x_{n-1} */
  ORR_INTERP_CLAMPED,    /* cubic spline with given end slopes */
  ORR_INTERP_AKIMA,      /* Akima's local sub-spline */
} OrrInterpMethod;

#define ORR_INTERP_N_METHODS 8

typedef enum
{
  ORR_EXTRAP_ZERO = 1, /* 0 outside [x_1, x_n] */
  ORR_EXTRAP_HOLD,     /* y_1 below, y_n above */
  ORR_EXTRAP_LINEAR,   /* the line through the two end points on each side */
  ORR_EXTRAP_REPEAT,   /* periodic, of period x_n - x_1 */
} OrrExtrapolation;

#define ORR_EXTRAP_N_METHODS 4

/* A table, by reference: nothing here owns memory. */
typedef struct
{
  int n;                /* points, at least 2 */
  const double *x;      /* strictly increasing */
  const double *y;      /* n values */
  const double *slopes; /* n knot slopes for the cubic methods, NULL otherwise */
  OrrInterpMethod method;
  OrrExtrapolation extrapolation;
} OrrInterpTable;

/* TRUE for the methods that need orr_interp_slopes(). */
gboolean orr_interp_is_cubic (OrrInterpMethod method);

/* The slopes y'(x_i) of a cubic method, from which every piece follows
 * (cubic Hermite form). end_slopes (y'(x_1), y'(x_n)) is only read by the
 * clamped spline. A spline on two points is the straight line; not-a-knot
 * on three points is the parabola through them. */
void orr_interp_slopes (OrrInterpMethod method, int n, const double *x, const double *y,
                        const double end_slopes[2], double *slopes);

/* The table's value at u. */
double orr_interp_eval (const OrrInterpTable *table, double u);

/* The segment holding u: a mode value. */
int orr_interp_segment (const OrrInterpTable *table, double u);

/* The piece of a segment, evaluated at u even outside the segment. */
double orr_interp_eval_segment (const OrrInterpTable *table, int segment, double u);

/* A surface for the segment: positive while u is inside it, turning
 * negative a hair (a few rounding units) past either end, so that right
 * after a crossing, when the input sits on the boundary, the surface of
 * the new segment is already clearly positive and the solver does not
 * mistake the boundary for a new crossing. */
double orr_interp_surface (const OrrInterpTable *table, int segment, double u);

/* Checks a table given as parameters: at least two points, finite and
 * strictly increasing x. FALSE with a message naming the parameter. */
gboolean orr_interp_check_breakpoints (const char *name, const double *x, int n, GError **error);

G_END_DECLS
