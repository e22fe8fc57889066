/* orr-interp.c: one-dimensional tables for LookupTable, SignalGenerator and
 * FromCSV (see orr-interp.h).
 *
 * Every cubic method is kept in one form: the slope at each knot. The
 * piece between two knots is then the cubic Hermite polynomial through the
 * two points with those two slopes, so splines and Akima share one
 * evaluation and differ only in how the slopes are found. */
#include "orr-interp.h"
#include "orr-block-params.h"

#include <float.h>
#include <math.h>

gboolean
orr_interp_is_cubic (OrrInterpMethod method)
{
  return method == ORR_INTERP_NATURAL || method == ORR_INTERP_NOT_A_KNOT
         || method == ORR_INTERP_CLAMPED || method == ORR_INTERP_AKIMA;
}

/* ---- slopes ----------------------------------------------------------- */

static double
secant (const double *x, const double *y, int i)
{
  return (y[i + 1] - y[i]) / (x[i + 1] - x[i]);
}

/* Solves a tridiagonal system in place (Thomas' algorithm): sub[i] s[i-1]
 * + diag[i] s[i] + super[i] s[i+1] = rhs[i]. The spline systems are
 * diagonally dominant, or nearly so for the not-a-knot end rows, so no
 * pivoting is needed. */
static void
solve_tridiagonal (int n, double *sub, double *diag, double *super, double *rhs, double *s)
{
  for (int i = 1; i < n; i++)
    {
      double w = sub[i] / diag[i - 1];
      diag[i] -= w * super[i - 1];
      rhs[i] -= w * rhs[i - 1];
    }
  s[n - 1] = rhs[n - 1] / diag[n - 1];
  for (int i = n - 2; i >= 0; i--)
    s[i] = (rhs[i] - super[i] * s[i + 1]) / diag[i];
}

/* A C2 cubic spline: at every inner knot the second derivatives of the two
 * neighbouring pieces agree, which in slopes reads
 *   h_i s_{i-1} + 2 (h_{i-1} + h_i) s_i + h_{i-1} s_{i+1} = 3 (h_i m_{i-1} + h_{i-1} m_i)
 * with h the interval widths and m the secant slopes; the end rows carry
 * the end conditions. */
static void
spline_slopes (OrrInterpMethod method, int n, const double *x, const double *y,
               const double end_slopes[2], double *s)
{
  g_autofree double *work = g_new (double, 4 * n);
  double *sub = work, *diag = work + n, *super = work + 2 * n, *rhs = work + 3 * n;

  for (int i = 1; i < n - 1; i++)
    {
      double h0 = x[i] - x[i - 1], h1 = x[i + 1] - x[i];

      sub[i] = h1;
      diag[i] = 2 * (h0 + h1);
      super[i] = h0;
      rhs[i] = 3 * (h1 * secant (x, y, i - 1) + h0 * secant (x, y, i));
    }
  sub[0] = super[n - 1] = 0;

  switch (method)
    {
      case ORR_INTERP_CLAMPED:
        diag[0] = 1, super[0] = 0, rhs[0] = end_slopes[0];
        sub[n - 1] = 0, diag[n - 1] = 1, rhs[n - 1] = end_slopes[1];
        break;

      case ORR_INTERP_NOT_A_KNOT:
        {
          /* The third derivative is continuous at x_2 (and x_{n-1}): the
           * first two pieces are one cubic. Eliminating s_3 from that
           * condition and the C2 row of x_2 leaves a row in s_1, s_2. */
          double h0 = x[1] - x[0], h1 = x[2] - x[1];
          double a = x[n - 2] - x[n - 3], b = x[n - 1] - x[n - 2];

          diag[0] = h1;
          super[0] = h0 + h1;
          rhs[0]
            = (h1 * (3 * h0 + 2 * h1) * secant (x, y, 0) + h0 * h0 * secant (x, y, 1)) / (h0 + h1);
          sub[n - 1] = a + b;
          diag[n - 1] = a;
          rhs[n - 1]
            = (b * b * secant (x, y, n - 3) + a * (2 * a + 3 * b) * secant (x, y, n - 2)) / (a + b);
        }
        break;

      case ORR_INTERP_NATURAL:
      default:
        /* y'' = 0 at the ends: 2 s_1 + s_2 = 3 m_1, and symmetrically. */
        diag[0] = 2, super[0] = 1, rhs[0] = 3 * secant (x, y, 0);
        sub[n - 1] = 1, diag[n - 1] = 2, rhs[n - 1] = 3 * secant (x, y, n - 2);
        break;
    }
  solve_tridiagonal (n, sub, diag, super, rhs, s);
}

/* Akima (1970): the slope at x_i is a weighted mean of the secants on
 * either side, each weighted by how much the secants on the *other* side
 * change, so a flat stretch next to a step stays flat. Two secants are
 * added past each end by continuing the secants' differences linearly. */
static void
akima_slopes (int n, const double *x, const double *y, double *s)
{
  g_autofree double *store = g_new (double, n + 3);
  double *m = store + 2; /* m[-2] .. m[n] */

  for (int i = 0; i < n - 1; i++)
    m[i] = secant (x, y, i);
  m[-1] = 2 * m[0] - m[1];
  m[-2] = 2 * m[-1] - m[0];
  m[n - 1] = 2 * m[n - 2] - m[n - 3];
  m[n] = 2 * m[n - 1] - m[n - 2];

  for (int i = 0; i < n; i++)
    {
      double w_left = fabs (m[i + 1] - m[i]), w_right = fabs (m[i - 1] - m[i - 2]);

      if (w_left + w_right == 0)
        s[i] = (m[i - 1] + m[i]) / 2;
      else
        s[i] = (w_left * m[i - 1] + w_right * m[i]) / (w_left + w_right);
    }
}

void
orr_interp_slopes (OrrInterpMethod method, int n, const double *x, const double *y,
                   const double end_slopes[2], double *slopes)
{
  g_return_if_fail (n >= 2);

  if (method == ORR_INTERP_CLAMPED)
    {
      /* Two points: the Hermite cubic with the given end slopes. */
      if (n == 2)
        {
          slopes[0] = end_slopes[0];
          slopes[1] = end_slopes[1];
        }
      else
        spline_slopes (method, n, x, y, end_slopes, slopes);
      return;
    }
  if (n == 2 || !orr_interp_is_cubic (method))
    {
      for (int i = 0; i < n; i++)
        slopes[i] = secant (x, y, 0);
      return;
    }
  if (method == ORR_INTERP_AKIMA)
    akima_slopes (n, x, y, slopes);
  else if (method == ORR_INTERP_NOT_A_KNOT && n == 3)
    {
      /* The two end conditions coincide: the parabola through the points. */
      double c = (secant (x, y, 1) - secant (x, y, 0)) / (x[2] - x[0]);

      slopes[0] = secant (x, y, 0) - c * (x[1] - x[0]);
      slopes[1] = secant (x, y, 0) + c * (x[1] - x[0]);
      slopes[2] = secant (x, y, 1) + c * (x[2] - x[1]);
    }
  else
    spline_slopes (method, n, x, y, end_slopes, slopes);
}

/* ---- segments --------------------------------------------------------- */

/* Segment boundaries: the knots, or for the nearest point the two ends and
 * the midpoints between knots. */
static int
n_boundaries (const OrrInterpTable *t)
{
  return t->method == ORR_INTERP_NEAREST ? t->n + 1 : t->n;
}

static double
boundary (const OrrInterpTable *t, int j)
{
  if (t->method != ORR_INTERP_NEAREST || j == 0)
    return t->x[MIN (j, t->n - 1)];
  if (j == t->n)
    return t->x[t->n - 1];
  return (t->x[j - 1] + t->x[j]) / 2;
}

/* The inner segment j, boundary(j) <= u < boundary(j + 1), of a u inside
 * the table; the last one also holds its upper end. */
static int
locate_inner (const OrrInterpTable *t, double u)
{
  int lo = 0, hi = n_boundaries (t) - 1;

  while (hi - lo > 1)
    {
      int mid = (lo + hi) / 2;

      if (u >= boundary (t, mid))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static double
period (const OrrInterpTable *t)
{
  return t->x[t->n - 1] - t->x[0];
}

/* Periodic extrapolation: u - k P inside [x_1, x_n). Recomputing with the
 * same expression after each correction keeps the result consistent with
 * the boundaries the surfaces use. */
static double
wrap (const OrrInterpTable *t, double u, double *k_out)
{
  double x0 = t->x[0], xn = t->x[t->n - 1], p = period (t);
  double k = floor ((u - x0) / p);
  double w = u - k * p;

  for (int tries = 0; tries < 4 && w < x0; tries++)
    w = u - --k * p;
  for (int tries = 0; tries < 4 && w >= xn; tries++)
    w = u - ++k * p;
  *k_out = k;
  return CLAMP (w, x0, xn);
}

/* Periodic segments are numbered k * (inner segments) + j; k is kept in
 * the range where that fits an int. */
static int
periodic_segment (const OrrInterpTable *t, double k, int j)
{
  int inner = n_boundaries (t) - 1;
  double limit = floor ((G_MAXINT - inner) / (double)inner);

  k = CLAMP (k, -limit, limit);
  return (int)k * inner + j;
}

static void
split_periodic (const OrrInterpTable *t, int segment, int *k, int *j)
{
  int inner = n_boundaries (t) - 1;
  int q = segment / inner, r = segment % inner;

  /* floor division: C truncates towards zero */
  if (r < 0)
    {
      r += inner;
      q -= 1;
    }
  *k = q;
  *j = r;
}

int
orr_interp_segment (const OrrInterpTable *t, double u)
{
  int nb = n_boundaries (t);

  if (isnan (u))
    return 0;
  if (t->extrapolation == ORR_EXTRAP_REPEAT)
    {
      double k, w;

      if (!isfinite (u))
        return 0;
      w = wrap (t, u, &k);
      return periodic_segment (t, k, locate_inner (t, w));
    }
  if (u < boundary (t, 0))
    return 0;
  if (u > boundary (t, nb - 1))
    return nb;
  return locate_inner (t, u) + 1;
}

/* ---- values ----------------------------------------------------------- */

static double
hermite (const OrrInterpTable *t, int j, double u)
{
  double h = t->x[j + 1] - t->x[j];
  double m = (t->y[j + 1] - t->y[j]) / h;
  double s0 = t->slopes[j], s1 = t->slopes[j + 1];
  double c = (3 * m - 2 * s0 - s1) / h;
  double d = (s0 + s1 - 2 * m) / (h * h);
  double dx = u - t->x[j];

  return t->y[j] + dx * (s0 + dx * (c + dx * d));
}

/* The piece of inner segment j. */
static double
inner_piece (const OrrInterpTable *t, int j, double u)
{
  switch (t->method)
    {
      case ORR_INTERP_FLOOR:
      case ORR_INTERP_NEAREST:
        return t->y[j];
      case ORR_INTERP_CEIL:
        return t->y[j + 1];
      case ORR_INTERP_LINEAR:
        return t->y[j] + (u - t->x[j]) * (t->y[j + 1] - t->y[j]) / (t->x[j + 1] - t->x[j]);
      default:
        return t->slopes != NULL ? hermite (t, j, u) : t->y[j];
    }
}

static double
outer_piece (const OrrInterpTable *t, gboolean left, double u)
{
  int n = t->n;

  switch (t->extrapolation)
    {
      case ORR_EXTRAP_ZERO:
        return 0.0;
      case ORR_EXTRAP_LINEAR:
        if (left)
          return t->y[0] + (u - t->x[0]) * (t->y[1] - t->y[0]) / (t->x[1] - t->x[0]);
        return t->y[n - 1]
               + (u - t->x[n - 1]) * (t->y[n - 1] - t->y[n - 2]) / (t->x[n - 1] - t->x[n - 2]);
      case ORR_EXTRAP_HOLD:
      default:
        return left ? t->y[0] : t->y[n - 1];
    }
}

double
orr_interp_eval_segment (const OrrInterpTable *t, int segment, double u)
{
  int nb = n_boundaries (t);

  if (t->extrapolation == ORR_EXTRAP_REPEAT)
    {
      int k, j;

      split_periodic (t, segment, &k, &j);
      return inner_piece (t, j, u - k * period (t));
    }
  if (segment <= 0)
    return outer_piece (t, TRUE, u);
  if (segment >= nb)
    return outer_piece (t, FALSE, u);
  return inner_piece (t, segment - 1, u);
}

/* Inside the table, exact knots give their own value: the hold methods
 * define the value at a knot that way (the point at or below, at or
 * above), and the others meet it there up to rounding. */
static double
inside (const OrrInterpTable *t, double u)
{
  int j = locate_inner (t, u);

  if (t->method != ORR_INTERP_NEAREST)
    {
      if (u == t->x[j])
        return t->y[j];
      if (u == t->x[j + 1])
        return t->y[j + 1];
    }
  return inner_piece (t, j, u);
}

double
orr_interp_eval (const OrrInterpTable *t, double u)
{
  if (isnan (u))
    return NAN;
  if (t->extrapolation == ORR_EXTRAP_REPEAT)
    {
      double k;

      if (!isfinite (u))
        return NAN;
      return inside (t, wrap (t, u, &k));
    }
  if (u < t->x[0])
    return outer_piece (t, TRUE, u);
  if (u > t->x[t->n - 1])
    return outer_piece (t, FALSE, u);
  return inside (t, u);
}

double
orr_interp_surface (const OrrInterpTable *t, int segment, double u)
{
  int nb = n_boundaries (t);
  double lo, hi, scale = 1;

  if (t->extrapolation == ORR_EXTRAP_REPEAT)
    {
      int k, j;

      split_periodic (t, segment, &k, &j);
      lo = boundary (t, j) + k * period (t);
      hi = boundary (t, j + 1) + k * period (t);
    }
  else if (segment <= 0)
    {
      lo = -INFINITY;
      hi = boundary (t, 0);
    }
  else if (segment >= nb)
    {
      lo = boundary (t, nb - 1);
      hi = INFINITY;
    }
  else
    {
      lo = boundary (t, segment - 1);
      hi = boundary (t, segment);
    }

  if (isfinite (lo))
    scale = MAX (scale, fabs (lo));
  if (isfinite (hi))
    scale = MAX (scale, fabs (hi));
  return MIN (u - lo, hi - u) + 64 * DBL_EPSILON * scale;
}

gboolean
orr_interp_check_breakpoints (const char *name, const double *x, int n, GError **error)
{
  if (n < 2)
    {
      orr_param_set_error (error, name, "must have at least 2 points, not %d", n);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    {
      if (!isfinite (x[i]))
        {
          orr_param_set_error (error, name, "must be finite (element %d is %g)", i + 1, x[i]);
          return FALSE;
        }
      if (i > 0 && !(x[i] > x[i - 1]))
        {
          orr_param_set_error (error, name,
                               "must be strictly increasing (element %d, %g, follows %g)", i + 1,
                               x[i], x[i - 1]);
          return FALSE;
        }
    }
  return TRUE;
}
