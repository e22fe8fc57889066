/* orr-range.c - colon ranges.  The element count allows a few ulps of
 * rounding in (b - a) / step, as MATLAB does, so 0:0.1:0.3 ends at 0.3;
 * the last element is clamped to b rather than overshooting it.
 */
#include "orr-range.h"

#include <float.h>

gboolean
orr_range_count (OrrEval *ev, gsize pos, double a, double step, double b, gsize *n)
{
  double q, tol, count;

  *n = 0;
  if (isnan (a) || isnan (step) || isnan (b) || step == 0 || (step > 0 && a > b)
      || (step < 0 && a < b))
    return TRUE;
  q = (b - a) / step;
  tol = 4 * DBL_EPSILON * fmax (fabs (a), fabs (b)) / fabs (step);
  count = floor (q + tol) + 1;
  if (!isfinite (q) || count > (double)ORR_VALUE_MAX_ELEMENTS)
    return orr_eval_check_size (ev, pos, 1, isfinite (count) ? count : HUGE_VAL);
  *n = (gsize)count;
  return TRUE;
}

double
orr_range_element (double a, double step, double b, gsize k)
{
  double x = a + (double)k * step;

  if ((step > 0 && x > b) || (step < 0 && x < b))
    return b;
  return x;
}

static gboolean
range_operand (OrrEval *ev, gsize pos, const OrrValue *v, double *out, gboolean *empty)
{
  if (v->type == ORR_TYPE_STRING)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "a range needs numeric bounds, not a string");
      return FALSE;
    }
  /* MATLAB uses the first element of a matrix and gives an empty range for
   * an empty one */
  if (orr_value_numel_fast (v) == 0)
    *empty = TRUE;
  else
    *out = orr_value_real_at (v, 0);
  return TRUE;
}

OrrValue *
orr_range (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *step, const OrrValue *b)
{
  double x = 0, s = 1, y = 0;
  gboolean empty = FALSE;
  OrrType type = ORR_TYPE_DOUBLE;
  const OrrValue *parts[3] = { a, step, b };
  gsize n;
  OrrValue *r;

  if (!range_operand (ev, pos, a, &x, &empty)
      || (step && !range_operand (ev, pos, step, &s, &empty))
      || !range_operand (ev, pos, b, &y, &empty))
    return NULL;
  for (guint k = 0; k < 3; k++)
    if (parts[k] && orr_type_is_int (parts[k]->type))
      {
        if (orr_type_is_int (type) && type != parts[k]->type)
          return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                                "range bounds of different integer types (%s and %s)",
                                orr_type_name (type), orr_type_name (parts[k]->type));
        type = parts[k]->type;
      }
  if (empty)
    return orr_eval_new_matrix (ev, pos, type, 1, 0);
  if (!orr_range_count (ev, pos, x, s, y, &n))
    return NULL;
  if ((r = orr_eval_new_matrix (ev, pos, type, 1, n)) == NULL)
    return NULL;
  if (type == ORR_TYPE_DOUBLE)
    for (gsize k = 0; k < n; k++)
      ((double *)r->data)[k] = orr_range_element (x, s, y, k);
  else
    for (gsize k = 0; k < n; k++)
      orr_value_set_real (r, k, orr_range_element (x, s, y, k));
  return r;
}
