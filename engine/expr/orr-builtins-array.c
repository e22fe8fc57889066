/* orr-builtins-array.c - builtins that create matrices or change their
 * shape: zeros, ones, eye, size, reshape, repmat, diag, linspace ...
 */
#include "orr-builtins-private.h"
#include "orr-concat.h"
#include "orr-ops.h"

#include <float.h>
#include <string.h>

gboolean
orr_bi_fill (ORR_BUILTIN_ARGS)
{
  OrrType type = ORR_TYPE_DOUBLE;
  gboolean class_allowed
    = self->data == ORR_FILL_ZEROS || self->data == ORR_FILL_ONES || self->data == ORR_FILL_EYE;
  gsize rows = 1, cols = 1, n;
  double value;
  OrrValue *r;

  if (!orr_bi_dims_args (ev, pos, self->name, nargs, args, &rows, &cols,
                         class_allowed ? &type : NULL))
    return FALSE;
  switch (self->data)
    {
      case ORR_FILL_ONES:
        value = 1;
        break;
      case ORR_FILL_INF:
        value = INFINITY;
        break;
      case ORR_FILL_NAN:
        value = NAN;
        break;
      case ORR_FILL_TRUE:
        value = 1;
        type = ORR_TYPE_BOOL;
        break;
      case ORR_FILL_FALSE:
        value = 0;
        type = ORR_TYPE_BOOL;
        break;
      default:
        value = 0;
        break;
    }
  if ((r = orr_eval_new_matrix (ev, pos, type, rows, cols)) == NULL)
    return FALSE;
  n = rows * cols;
  if (self->data == ORR_FILL_EYE)
    for (gsize i = 0; i < MIN (rows, cols); i++)
      orr_value_set_real (r, i + i * rows, 1);
  else if (value != 0)
    for (gsize i = 0; i < n; i++)
      orr_value_set_real (r, i, value);
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_constant (ORR_BUILTIN_ARGS)
{
  out[0] = self->data == ORR_CONST_PI ? orr_value_new_double (G_PI) : orr_value_new_complex (0, 1);
  return TRUE;
}

gboolean
orr_bi_eps (ORR_BUILTIN_ARGS)
{
  const OrrValue *v;
  OrrValue *r;
  gsize n;

  if (nargs == 0)
    {
      out[0] = orr_value_new_double (DBL_EPSILON);
      return TRUE;
    }
  v = args[0];
  if (v->type == ORR_TYPE_STRING)
    {
      if (strcmp (v->data, "double") != 0)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "eps: only 'double' is supported")
               != NULL;
      out[0] = orr_value_new_double (DBL_EPSILON);
      return TRUE;
    }
  n = orr_value_numel_fast (v);
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, v->rows, v->cols)) == NULL)
    return FALSE;
  /* the spacing of doubles at |x| */
  for (gsize i = 0; i < n; i++)
    {
      double x = fabs (creal (orr_value_complex_at (v, i)));

      ((double *)r->data)[i] = !isfinite (x) ? NAN : nextafter (x, INFINITY) - x;
    }
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_size (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];

  if (nargs == 2)
    {
      int dim;

      if (nargout > 1)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "size(A, dim) returns one value")
               != NULL;
      if (!orr_bi_dim_arg (ev, pos, "size", 2, args[1], &dim))
        return FALSE;
      out[0] = orr_value_new_double (dim == 1 ? (double)v->rows : dim == 2 ? (double)v->cols : 1);
      return TRUE;
    }
  if (nargout >= 2)
    {
      out[0] = orr_value_new_double ((double)v->rows);
      out[1] = orr_value_new_double ((double)v->cols);
      return TRUE;
    }
  {
    double dims[2] = { (double)v->rows, (double)v->cols };

    out[0] = orr_value_new_from_doubles (1, 2, dims);
  }
  return TRUE;
}

gboolean
orr_bi_shape_query (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);

  switch (self->data)
    {
      case ORR_SHAPE_LENGTH:
        out[0] = orr_value_new_double (n == 0 ? 0 : (double)MAX (v->rows, v->cols));
        break;
      case ORR_SHAPE_NUMEL:
        out[0] = orr_value_new_double ((double)n);
        break;
      case ORR_SHAPE_NDIMS:
        out[0] = orr_value_new_double (2);
        break;
      case ORR_SHAPE_ISEMPTY:
        out[0] = orr_value_new_bool (n == 0);
        break;
      case ORR_SHAPE_ISSCALAR:
        out[0] = orr_value_new_bool (n == 1);
        break;
      case ORR_SHAPE_ISVECTOR:
        out[0] = orr_value_new_bool (n >= 1 && (v->rows == 1 || v->cols == 1));
        break;
      case ORR_SHAPE_ISROW:
        out[0] = orr_value_new_bool (v->rows == 1);
        break;
      default:
        out[0] = orr_value_new_bool (v->cols == 1);
        break;
    }
  return TRUE;
}

gboolean
orr_bi_reshape (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v), rows = 0, cols = 0;
  gboolean infer_rows = FALSE, infer_cols = FALSE;
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, "reshape", 1, v))
    return FALSE;
  /* reshape(A, [], n) and reshape(A, m, []) infer the missing size */
  if (nargs >= 3)
    {
      infer_rows = args[1]->type == ORR_TYPE_DOUBLE && orr_value_numel_fast (args[1]) == 0;
      infer_cols = args[2]->type == ORR_TYPE_DOUBLE && orr_value_numel_fast (args[2]) == 0;
    }
  if (infer_rows && infer_cols)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "reshape: only one size can be []")
           != NULL;
  if (infer_rows || infer_cols)
    {
      OrrValue *one = orr_value_new_double (1);
      OrrValue *fixed[2] = { args[1], args[2] };
      gboolean ok;

      fixed[infer_rows ? 0 : 1] = one;
      ok = orr_bi_dims_args (ev, pos, "reshape", 2, fixed, &rows, &cols, NULL);
      for (guint k = 3; ok && k < nargs; k++)
        {
          double d;

          ok = orr_bi_scalar_arg (ev, pos, "reshape", k + 1, args[k], &d);
          if (ok && d != 1)
            ok = orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                "reshape: only two-dimensional sizes are supported")
                 != NULL;
        }
      orr_value_unref (one);
      if (!ok)
        return FALSE;
      if (infer_rows)
        {
          if (cols == 0 || n % cols != 0)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                                  "reshape: %" G_GSIZE_FORMAT
                                  " elements do not divide into %" G_GSIZE_FORMAT " columns",
                                  n, cols)
                   != NULL;
          rows = n / cols;
        }
      else
        {
          if (rows == 0 || n % rows != 0)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                                  "reshape: %" G_GSIZE_FORMAT
                                  " elements do not divide into %" G_GSIZE_FORMAT " rows",
                                  n, rows)
                   != NULL;
          cols = n / rows;
        }
    }
  else if (!orr_bi_dims_args (ev, pos, "reshape", nargs - 1, args + 1, &rows, &cols, NULL))
    return FALSE;
  if (rows * cols != n)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                          "reshape: cannot reshape %" G_GSIZE_FORMAT
                          " elements into %" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT,
                          n, rows, cols)
           != NULL;
  if ((r = orr_eval_new_matrix (ev, pos, v->type, rows, cols)) == NULL)
    return FALSE;
  if (n)
    memcpy (r->data, v->data, n * orr_type_element_size (v->type));
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_repmat (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize m = 1, n = 1, es = orr_type_element_size (v->type);
  OrrValue *r;

  if (v->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "repmat: cannot replicate a string")
           != NULL;
  if (!orr_bi_dims_args (ev, pos, "repmat", nargs - 1, args + 1, &m, &n, NULL))
    return FALSE;
  if (!orr_eval_check_size (ev, pos, (double)v->rows * m, (double)v->cols * n))
    return FALSE;
  if ((r = orr_eval_new_matrix (ev, pos, v->type, v->rows * m, v->cols * n)) == NULL)
    return FALSE;
  for (gsize bj = 0; bj < n; bj++)
    for (gsize j = 0; j < v->cols; j++)
      for (gsize bi = 0; bi < m; bi++)
        if (v->rows)
          memcpy ((char *)r->data + ((bj * v->cols + j) * r->rows + bi * v->rows) * es,
                  (const char *)v->data + j * v->rows * es, v->rows * es);
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_diag (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize es = orr_type_element_size (v->type), n = orr_value_numel_fast (v);
  double kd = 0;
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, "diag", 1, v))
    return FALSE;
  if (nargs > 1 && !orr_bi_scalar_arg (ev, pos, "diag", 2, args[1], &kd))
    return FALSE;
  if (kd != floor (kd) || fabs (kd) > (double)ORR_VALUE_MAX_ELEMENTS)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "diag: the diagonal must be an integer")
           != NULL;
  if (v->rows == 1 || v->cols == 1)
    {
      gsize off = (gsize)fabs (kd), size = n + off;

      if (n == 0)
        size = 0;
      if (!orr_eval_check_size (ev, pos, (double)size, (double)size)
          || (r = orr_eval_new_matrix (ev, pos, v->type, size, size)) == NULL)
        return FALSE;
      for (gsize i = 0; i < n; i++)
        {
          gsize row = kd >= 0 ? i : i + off, col = kd >= 0 ? i + off : i;

          memcpy ((char *)r->data + (row + col * size) * es, (const char *)v->data + i * es, es);
        }
    }
  else
    {
      /* extract the k-th diagonal as a column */
      gsize row0 = kd < 0 ? (gsize)-kd : 0, col0 = kd > 0 ? (gsize)kd : 0, len = 0;

      if (row0 < v->rows && col0 < v->cols)
        len = MIN (v->rows - row0, v->cols - col0);
      if ((r = orr_eval_new_matrix (ev, pos, v->type, len, 1)) == NULL)
        return FALSE;
      for (gsize i = 0; i < len; i++)
        memcpy ((char *)r->data + i * es,
                (const char *)v->data + ((row0 + i) + (col0 + i) * v->rows) * es, es);
    }
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_flip (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize es = orr_type_element_size (v->type);
  OrrValue *r;

  if (v->type == ORR_TYPE_STRING)
    {
      out[0] = orr_value_ref (args[0]);
      return TRUE;
    }
  if ((r = orr_eval_new_matrix (ev, pos, v->type, v->rows, v->cols)) == NULL)
    return FALSE;
  for (gsize j = 0; j < v->cols; j++)
    for (gsize i = 0; i < v->rows; i++)
      {
        gsize si = self->data == ORR_FLIP_UD ? v->rows - 1 - i : i;
        gsize sj = self->data == ORR_FLIP_LR ? v->cols - 1 - j : j;

        memcpy ((char *)r->data + (i + j * v->rows) * es,
                (const char *)v->data + (si + sj * v->rows) * es, es);
      }
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_cat (ORR_BUILTIN_ARGS)
{
  if (nargs == 0)
    out[0] = orr_value_alloc (ORR_TYPE_DOUBLE, 0, 0);
  else if (nargs == 1)
    out[0] = orr_value_ref (args[0]);
  else
    out[0] = orr_concat (ev, pos, args, nargs, self->data == ORR_CAT_H);
  return out[0] != NULL;
}

gboolean
orr_bi_linspace (ORR_BUILTIN_ARGS)
{
  double a, b, nd = 100;
  gsize n;
  OrrValue *r;

  if (!orr_bi_scalar_arg (ev, pos, "linspace", 1, args[0], &a)
      || !orr_bi_scalar_arg (ev, pos, "linspace", 2, args[1], &b)
      || (nargs > 2 && !orr_bi_scalar_arg (ev, pos, "linspace", 3, args[2], &nd)))
    return FALSE;
  if (isnan (nd))
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "linspace: the count is NaN") != NULL;
  nd = floor (nd);
  if (nd < 1)
    nd = 0;
  if (!orr_eval_check_size (ev, pos, 1, nd))
    return FALSE;
  n = (gsize)nd;
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_DOUBLE, 1, n)) == NULL)
    return FALSE;
  for (gsize k = 0; k < n; k++)
    ((double *)r->data)[k] = n == 1 ? b : a + (b - a) * ((double)k / (double)(n - 1));
  /* the ends are exact */
  if (n > 1)
    {
      ((double *)r->data)[0] = a;
      ((double *)r->data)[n - 1] = b;
    }
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_transpose (ORR_BUILTIN_ARGS)
{
  out[0] = orr_op_transpose (ev, pos, args[0], self->data != 0);
  return out[0] != NULL;
}
