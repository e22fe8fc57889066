/* orr-builtins-types.c - class conversions (int8 ... double, logical,
 * complex) and class queries (class, isnumeric, isequal ...).
 */
#include "orr-builtins-private.h"
#include "orr-ops.h"

#include <string.h>

static OrrValue *
convert (OrrEval *ev, gsize pos, const OrrValue *v, OrrType type)
{
  gsize n = orr_value_numel_fast (v);
  OrrValue *r = orr_eval_new_matrix (ev, pos, type, v->rows, v->cols);

  if (r == NULL)
    return NULL;
  for (gsize i = 0; i < n; i++)
    orr_value_set_real (r, i, orr_value_real_at (v, i));
  return r;
}

gboolean
orr_bi_to_int (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];

  if (!orr_bi_require_numeric (ev, pos, self->name, 1, v))
    return FALSE;
  if (v->type == ORR_TYPE_COMPLEX)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "%s: complex values cannot be converted to integers", self->name)
           != NULL;
  out[0] = convert (ev, pos, v, (OrrType)self->data);
  return out[0] != NULL;
}

gboolean
orr_bi_double (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];

  if (!orr_bi_require_numeric (ev, pos, "double", 1, v))
    return FALSE;
  if (v->type == ORR_TYPE_DOUBLE || v->type == ORR_TYPE_COMPLEX)
    out[0] = orr_value_ref (args[0]);
  else
    out[0] = convert (ev, pos, v, ORR_TYPE_DOUBLE);
  return out[0] != NULL;
}

gboolean
orr_bi_logical (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);

  if (!orr_bi_require_numeric (ev, pos, "logical", 1, v))
    return FALSE;
  if (v->type == ORR_TYPE_COMPLEX)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "logical: complex values cannot be converted")
           != NULL;
  for (gsize i = 0; i < n; i++)
    if (isnan (orr_value_real_at (v, i)))
      return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                            "logical: NaN cannot be converted to a logical value")
             != NULL;
  out[0] = convert (ev, pos, v, ORR_TYPE_BOOL);
  return out[0] != NULL;
}

static OrrComplex
make_complex (OrrComplex x, OrrComplex y)
{
  return CMPLX (creal (x), creal (y));
}

gboolean
orr_bi_complex (ORR_BUILTIN_ARGS)
{
  OrrValue *zero = NULL;
  const OrrValue *re = args[0], *im;
  gsize rows, cols, n;
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, "complex", 1, re))
    return FALSE;
  if (nargs < 2)
    im = zero = orr_value_new_double (0);
  else
    im = args[1];
  if (!orr_bi_require_numeric (ev, pos, "complex", 2, im))
    return FALSE;
  if (re->type == ORR_TYPE_COMPLEX || im->type == ORR_TYPE_COMPLEX)
    {
      orr_value_unref (zero);
      return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "complex: the parts must be real")
             != NULL;
    }
  if (!orr_op_broadcast (ev, pos, "combine", re, im, &rows, &cols)
      || (r = orr_eval_new_matrix (ev, pos, ORR_TYPE_COMPLEX, rows, cols)) == NULL)
    {
      orr_value_unref (zero);
      return FALSE;
    }
  n = rows * cols;
  /* no narrowing: complex() is how a zero imaginary part is kept */
  for (gsize k = 0; k < n; k++)
    {
      gsize i = k % (rows ? rows : 1), j = rows ? k / rows : 0;
      gsize ia = (re->rows == 1 ? 0 : i) + (re->cols == 1 ? 0 : j) * re->rows;
      gsize ib = (im->rows == 1 ? 0 : i) + (im->cols == 1 ? 0 : j) * im->rows;

      orr_value_set_complex (
        r, k, make_complex (orr_value_complex_at (re, ia), orr_value_complex_at (im, ib)));
    }
  orr_value_unref (zero);
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_class (ORR_BUILTIN_ARGS)
{
  OrrType t = args[0]->type;

  /* MATLAB reports complex numbers as class double */
  out[0] = orr_value_new_string (t == ORR_TYPE_COMPLEX ? "double" : orr_type_name (t));
  return TRUE;
}

gboolean
orr_bi_type_query (ORR_BUILTIN_ARGS)
{
  OrrType t = args[0]->type;
  gboolean result;

  switch (self->data)
    {
      case ORR_TYPEQ_NUMERIC:
        result = t != ORR_TYPE_BOOL && t != ORR_TYPE_STRING;
        break;
      case ORR_TYPEQ_STRING:
        result = t == ORR_TYPE_STRING;
        break;
      case ORR_TYPEQ_LOGICAL:
        result = t == ORR_TYPE_BOOL;
        break;
      case ORR_TYPEQ_REAL:
        result = t != ORR_TYPE_COMPLEX;
        break;
      case ORR_TYPEQ_FLOAT:
        result = t == ORR_TYPE_DOUBLE || t == ORR_TYPE_COMPLEX;
        break;
      default:
        result = orr_type_is_int (t);
        break;
    }
  out[0] = orr_value_new_bool (result);
  return TRUE;
}

/* MATLAB's isequal: same size and numerically equal elements whatever the
 * class; NaN is not equal to itself. */
static gboolean
values_equal (const OrrValue *a, const OrrValue *b)
{
  gsize n = orr_value_numel_fast (a);

  if (a->type == ORR_TYPE_STRING || b->type == ORR_TYPE_STRING)
    return a->type == b->type && strcmp (a->data, b->data) == 0;
  if (a->rows != b->rows || a->cols != b->cols)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (orr_value_complex_at (a, i) != orr_value_complex_at (b, i))
      return FALSE;
  return TRUE;
}

gboolean
orr_bi_isequal (ORR_BUILTIN_ARGS)
{
  gboolean eq = TRUE;

  for (guint k = 1; k < nargs && eq; k++)
    {
      if (!orr_eval_charge (ev, pos, (double)orr_value_numel_fast (args[k])))
        return FALSE;
      eq = values_equal (args[0], args[k]);
    }
  out[0] = orr_value_new_bool (eq);
  return TRUE;
}
