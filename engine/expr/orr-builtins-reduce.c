/* orr-builtins-reduce.c - reductions along a dimension (sum, prod, mean,
 * min, max, any, all, cumsum, cumprod) plus find and sort.  A vector is
 * reduced along its length, a matrix column by column, and [] gives the
 * MATLAB identities (sum([]) is 0, prod([]) is 1, all([]) is true).
 */
#include "orr-builtins-private.h"
#include "orr-ops.h"

#include <string.h>

/* The element layout of a reduction: @count lanes of @len elements each;
 * lane o starts at start(o) and steps by @stride. */
typedef struct
{
  gsize len, count, stride, out_rows, out_cols;
  int dim;
  gsize rows;
} Lanes;

static inline gsize
lane_start (const Lanes *l, gsize o)
{
  return l->dim == 1 ? o * l->rows : o;
}

static gboolean
get_lanes (OrrEval *ev, gsize pos, const char *fname, const OrrValue *v, guint nargs,
           OrrValue **args, guint dim_argno, Lanes *l)
{
  int dim;

  if (!orr_bi_require_numeric (ev, pos, fname, 1, v))
    return FALSE;
  if (nargs >= dim_argno)
    {
      if (!orr_bi_dim_arg (ev, pos, fname, dim_argno, args[dim_argno - 1], &dim))
        return FALSE;
    }
  else if (v->rows == 0 && v->cols == 0)
    {
      /* [] reduces like a 0x1 column to a 1x1 identity */
      *l = (Lanes){ 0, 1, 1, 1, 1, 1, 0 };
      return TRUE;
    }
  else
    dim = orr_bi_default_dim (v);
  if (dim == 1)
    *l = (Lanes){ v->rows, v->cols, 1, 1, v->cols, 1, v->rows };
  else if (dim == 2)
    *l = (Lanes){ v->cols, v->rows, v->rows, v->rows, 1, 2, v->rows };
  else
    *l = (Lanes){ 1, orr_value_numel_fast (v), 1, v->rows, v->cols, 3, v->rows };
  return orr_eval_charge (ev, pos, (double)orr_value_numel_fast (v));
}

gboolean
orr_bi_sum (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  OrrType type;
  Lanes l;
  OrrValue *r;

  if (!get_lanes (ev, pos, self->name, v, nargs, args, 2, &l))
    return FALSE;
  if (v->type == ORR_TYPE_COMPLEX)
    type = ORR_TYPE_COMPLEX;
  else if (orr_type_is_int (v->type) && self->data != ORR_SUM_MEAN)
    type = v->type;
  else
    type = ORR_TYPE_DOUBLE;
  if ((r = orr_eval_new_matrix (ev, pos, type, l.out_rows, l.out_cols)) == NULL)
    return FALSE;
  for (gsize o = 0; o < l.count; o++)
    {
      OrrComplex acc = self->data == ORR_SUM_PROD ? 1 : 0;
      gsize start = lane_start (&l, o);

      for (gsize k = 0; k < l.len; k++)
        {
          OrrComplex x = orr_value_complex_at (v, start + k * l.stride);

          if (self->data == ORR_SUM_PROD)
            acc = type == ORR_TYPE_COMPLEX ? acc * x : creal (acc) * creal (x);
          else
            acc = type == ORR_TYPE_COMPLEX ? acc + x : creal (acc) + creal (x);
        }
      if (self->data == ORR_SUM_MEAN)
        acc = type == ORR_TYPE_COMPLEX ? acc / (double)l.len : creal (acc) / (double)l.len;
      orr_value_set_complex (r, o, acc);
    }
  out[0] = orr_value_narrow (r);
  return TRUE;
}

gboolean
orr_bi_cumulative (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  OrrType type = v->type == ORR_TYPE_BOOL ? ORR_TYPE_DOUBLE : v->type;
  Lanes l;
  OrrValue *r;

  if (!get_lanes (ev, pos, self->name, v, nargs, args, 2, &l))
    return FALSE;
  if ((r = orr_eval_new_matrix (ev, pos, type, v->rows, v->cols)) == NULL)
    return FALSE;
  if (orr_value_numel_fast (v) == 0)
    {
      out[0] = r;
      return TRUE;
    }
  for (gsize o = 0; o < l.count; o++)
    {
      OrrComplex acc = self->data == ORR_CUM_PROD ? 1 : 0;
      gsize start = lane_start (&l, o);

      for (gsize k = 0; k < l.len; k++)
        {
          gsize i = start + k * l.stride;
          OrrComplex x = orr_value_complex_at (v, i);

          if (self->data == ORR_CUM_PROD)
            acc = type == ORR_TYPE_COMPLEX ? acc * x : creal (acc) * creal (x);
          else
            acc = type == ORR_TYPE_COMPLEX ? acc + x : creal (acc) + creal (x);
          orr_value_set_complex (r, i, acc);
        }
    }
  out[0] = orr_value_narrow (r);
  return TRUE;
}

/* Ordering used by min, max and sort: real values by value, complex by
 * magnitude then angle (MATLAB).  NaN is handled by the callers. */
static int
compare_elements (const OrrValue *v, gsize i, gsize j)
{
  if (v->type == ORR_TYPE_COMPLEX)
    {
      OrrComplex a = orr_value_complex_at (v, i), b = orr_value_complex_at (v, j);
      double ma = cabs (a), mb = cabs (b);

      if (ma != mb)
        return ma < mb ? -1 : 1;
      return carg (a) < carg (b) ? -1 : carg (a) > carg (b) ? 1 : 0;
    }
  else
    {
      double a = orr_value_real_at (v, i), b = orr_value_real_at (v, j);

      return a < b ? -1 : a > b ? 1 : 0;
    }
}

static gboolean
element_is_nan (const OrrValue *v, gsize i)
{
  OrrComplex z = orr_value_complex_at (v, i);

  return isnan (creal (z)) || isnan (cimag (z));
}

static OrrComplex
pick_complex (OrrComplex a, OrrComplex b, gboolean want_max)
{
  double ma = cabs (a), mb = cabs (b);

  if (isnan (ma))
    return b;
  if (isnan (mb))
    return a;
  if (ma == mb)
    return (carg (a) >= carg (b)) == want_max ? a : b;
  return (ma > mb) == want_max ? a : b;
}

static OrrComplex
c_max (OrrComplex a, OrrComplex b)
{
  return pick_complex (a, b, TRUE);
}
static OrrComplex
c_min (OrrComplex a, OrrComplex b)
{
  return pick_complex (a, b, FALSE);
}

gboolean
orr_bi_minmax (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gboolean want_max = self->data == ORR_MAX;
  gsize es = orr_type_element_size (v->type == ORR_TYPE_BOOL ? ORR_TYPE_DOUBLE : v->type);
  OrrValue *r, *idx = NULL;
  Lanes l;

  if (nargs == 2 || (nargs == 3 && orr_value_numel_fast (args[1]) != 0))
    {
      /* element-wise: NaN loses against numbers (fmax/fmin) */
      if (nargout > 1)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s of two arrays gives one value",
                              self->name)
               != NULL;
      if (nargs == 3)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                              "%s(A, B, dim) is not supported; use %s(A, [], dim)", self->name,
                              self->name)
               != NULL;
      out[0] = orr_op_elementwise (ev, pos, "compare", args[0], args[1], want_max ? fmax : fmin,
                                   want_max ? c_max : c_min);
      return out[0] != NULL;
    }
  if (!get_lanes (ev, pos, self->name, v, nargs, args, 3, &l))
    return FALSE;
  if (v->rows == 0 && v->cols == 0 && nargs < 3)
    l = (Lanes){ 0, 0, 1, 0, 0, 1, 0 }; /* max([]) is [] */
  if (l.len == 0)
    {
      if (l.dim == 1)
        l.out_rows = 0;
      else if (l.dim == 2)
        l.out_cols = 0;
      l.count = 0;
    }
  if ((r = orr_eval_new_matrix (ev, pos, v->type == ORR_TYPE_BOOL ? ORR_TYPE_DOUBLE : v->type,
                                l.out_rows, l.out_cols))
      == NULL)
    return FALSE;
  if (nargout > 1
      && (idx = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, l.out_rows, l.out_cols)) == NULL)
    {
      orr_value_unref (r);
      return FALSE;
    }
  for (gsize o = 0; o < l.count; o++)
    {
      gsize start = lane_start (&l, o), best = start, best_k = 0;
      gboolean found = FALSE;

      for (gsize k = 0; k < l.len; k++)
        {
          gsize i = start + k * l.stride;
          int c;

          if (element_is_nan (v, i))
            continue;
          c = found ? compare_elements (v, i, best) : 0;
          if (!found || (want_max ? c > 0 : c < 0))
            {
              best = i;
              best_k = k;
              found = TRUE;
            }
        }
      /* all NaN: the result is NaN at the first position */
      if (v->type == ORR_TYPE_BOOL)
        ((double *)r->data)[o] = orr_value_real_at (v, best);
      else
        memcpy ((char *)r->data + o * es, (const char *)v->data + best * es, es);
      if (idx)
        ((double *)idx->data)[o] = (double)best_k + 1;
    }
  out[0] = orr_value_narrow (r);
  if (nargout > 1)
    out[1] = idx;
  return TRUE;
}

gboolean
orr_bi_anyall (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gboolean is_all = self->data == ORR_ALL;
  Lanes l;
  OrrValue *r;

  if (!get_lanes (ev, pos, self->name, v, nargs, args, 2, &l))
    return FALSE;
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_BOOL, l.out_rows, l.out_cols)) == NULL)
    return FALSE;
  for (gsize o = 0; o < l.count; o++)
    {
      gsize start = lane_start (&l, o);
      gboolean acc = is_all;

      for (gsize k = 0; k < l.len; k++)
        {
          OrrComplex z = orr_value_complex_at (v, start + k * l.stride);

          /* any() ignores NaN; all() counts it as non-zero */
          if (is_all && z == 0)
            acc = FALSE;
          else if (!is_all && z != 0 && !isnan (creal (z)) && !isnan (cimag (z)))
            acc = TRUE;
        }
      ((guint8 *)r->data)[o] = acc;
    }
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_find (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v), count = 0, limit = G_MAXSIZE, rows, cols;
  OrrValue *r, *c = NULL;

  if (!orr_bi_require_numeric (ev, pos, "find", 1, v) || !orr_eval_charge (ev, pos, (double)n))
    return FALSE;
  if (nargs > 1)
    {
      double d;

      if (!orr_bi_scalar_arg (ev, pos, "find", 2, args[1], &d))
        return FALSE;
      if (!(d >= 0) || d != floor (d))
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                              "find: the count must be a non-negative integer")
               != NULL;
      if (d < (double)G_MAXSIZE)
        limit = (gsize)d;
    }
  for (gsize i = 0; i < n && count < limit; i++)
    count += orr_value_complex_at (v, i) != 0;
  if (v->rows == 1 && v->cols != 1)
    rows = 1, cols = count;
  else if (v->rows == 0 && v->cols == 0)
    rows = 0, cols = 0;
  else
    rows = count, cols = 1;
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, rows, cols)) == NULL)
    return FALSE;
  if (nargout > 1 && (c = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, rows, cols)) == NULL)
    {
      orr_value_unref (r);
      return FALSE;
    }
  for (gsize i = 0, k = 0; i < n && k < count; i++)
    if (orr_value_complex_at (v, i) != 0)
      {
        if (c)
          {
            ((double *)r->data)[k] = (double)(i % v->rows) + 1;
            ((double *)c->data)[k] = (double)(i / v->rows) + 1;
          }
        else
          ((double *)r->data)[k] = (double)i + 1;
        k++;
      }
  out[0] = r;
  if (nargout > 1)
    out[1] = c;
  return TRUE;
}

typedef struct
{
  const OrrValue *v;
  gboolean descend;
} SortData;

static gint
sort_compare (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const SortData *d = user_data;
  gsize i = *(const gsize *)a, j = *(const gsize *)b;
  gboolean ni = element_is_nan (d->v, i), nj = element_is_nan (d->v, j);
  int c;

  /* NaN goes last ascending and first descending, as in MATLAB */
  if (ni || nj)
    c = ni && nj ? 0 : ni ? 1 : -1;
  else
    c = compare_elements (d->v, i, j);
  return d->descend ? -c : c;
}

gboolean
orr_bi_sort (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize es = orr_type_element_size (v->type);
  SortData data = { v, FALSE };
  g_autofree gsize *order = NULL;
  OrrValue *r, *idx = NULL;
  Lanes l;

  if (nargs > 1)
    {
      const char *mode = orr_value_get_string (args[1]);

      if (mode == NULL
          || (g_ascii_strcasecmp (mode, "ascend") != 0
              && g_ascii_strcasecmp (mode, "descend") != 0))
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                              "sort: the mode must be 'ascend' or 'descend'")
               != NULL;
      data.descend = g_ascii_strcasecmp (mode, "descend") == 0;
    }
  if (!get_lanes (ev, pos, "sort", v, 1, args, 2, &l))
    return FALSE;
  if (v->rows == 0 && v->cols == 0)
    l.count = 0;
  if (!orr_eval_charge (ev, pos, 20.0 * orr_value_numel_fast (v)))
    return FALSE;
  if ((r = orr_eval_new_matrix (ev, pos, v->type, v->rows, v->cols)) == NULL)
    return FALSE;
  if (nargout > 1
      && (idx = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, v->rows, v->cols)) == NULL)
    {
      orr_value_unref (r);
      return FALSE;
    }
  order = g_new (gsize, l.len + 1);
  for (gsize o = 0; o < l.count; o++)
    {
      gsize start = lane_start (&l, o);

      for (gsize k = 0; k < l.len; k++)
        order[k] = start + k * l.stride;
      g_qsort_with_data (order, (gint)l.len, sizeof (gsize), sort_compare, &data);
      for (gsize k = 0; k < l.len; k++)
        {
          gsize dest = start + k * l.stride;

          memcpy ((char *)r->data + dest * es, (const char *)v->data + order[k] * es, es);
          if (idx)
            ((double *)idx->data)[dest] = (double)((order[k] - start) / l.stride) + 1;
        }
    }
  out[0] = r;
  if (nargout > 1)
    out[1] = idx;
  return TRUE;
}
