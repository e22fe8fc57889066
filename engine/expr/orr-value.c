/* orr-value.c - construction, reference counting, access and conversion of
 * OrrValue matrices.
 */
#include "orr-value-private.h"

#include <string.h>

static const char *const type_names[] = {
  [ORR_TYPE_DOUBLE] = "double", [ORR_TYPE_COMPLEX] = "complex", [ORR_TYPE_INT8] = "int8",
  [ORR_TYPE_INT16] = "int16",   [ORR_TYPE_INT32] = "int32",     [ORR_TYPE_UINT8] = "uint8",
  [ORR_TYPE_UINT16] = "uint16", [ORR_TYPE_UINT32] = "uint32",   [ORR_TYPE_BOOL] = "logical",
  [ORR_TYPE_STRING] = "string",
};

const char *
orr_type_name (OrrType t)
{
  if ((guint)t >= G_N_ELEMENTS (type_names))
    return "unknown";
  return type_names[t];
}

gsize
orr_type_element_size (OrrType t)
{
  switch (t)
    {
      case ORR_TYPE_DOUBLE:
        return sizeof (double);
      case ORR_TYPE_COMPLEX:
        return 2 * sizeof (double);
      case ORR_TYPE_INT8:
      case ORR_TYPE_UINT8:
      case ORR_TYPE_BOOL:
        return 1;
      case ORR_TYPE_INT16:
      case ORR_TYPE_UINT16:
        return 2;
      case ORR_TYPE_INT32:
      case ORR_TYPE_UINT32:
        return 4;
      case ORR_TYPE_STRING:
      default:
        return 0;
    }
}

double
orr_int_min (OrrType t)
{
  switch (t)
    {
      case ORR_TYPE_INT8:
        return G_MININT8;
      case ORR_TYPE_INT16:
        return G_MININT16;
      case ORR_TYPE_INT32:
        return G_MININT32;
      default:
        return 0;
    }
}

double
orr_int_max (OrrType t)
{
  switch (t)
    {
      case ORR_TYPE_INT8:
        return G_MAXINT8;
      case ORR_TYPE_INT16:
        return G_MAXINT16;
      case ORR_TYPE_INT32:
        return G_MAXINT32;
      case ORR_TYPE_UINT8:
        return G_MAXUINT8;
      case ORR_TYPE_UINT16:
        return G_MAXUINT16;
      case ORR_TYPE_UINT32:
        return G_MAXUINT32;
      default:
        return 0;
    }
}

double
orr_int_saturate (OrrType t, double d)
{
  double lo = orr_int_min (t), hi = orr_int_max (t);

  if (isnan (d))
    return 0;
  d = round (d);
  if (d < lo)
    return lo;
  if (d > hi)
    return hi;
  return d;
}

OrrValue *
orr_value_alloc (OrrType t, gsize rows, gsize cols)
{
  OrrValue *v = g_new0 (OrrValue, 1);
  gsize n = rows * cols;

  v->ref_count = 1;
  v->type = t;
  v->rows = rows;
  v->cols = cols;
  v->capacity = n;
  if (n > 0)
    v->data = g_malloc0_n (n, orr_type_element_size (t));
  return v;
}

OrrValue *
orr_value_new_matrix (OrrType type, gsize rows, gsize cols)
{
  if (type == ORR_TYPE_STRING || (guint)type > ORR_TYPE_STRING)
    return NULL;
  if (rows != 0 && cols > ORR_VALUE_MAX_ELEMENTS / rows)
    return NULL;
  return orr_value_alloc (type, rows, cols);
}

OrrValue *
orr_value_new_double (double v)
{
  OrrValue *r = orr_value_alloc (ORR_TYPE_DOUBLE, 1, 1);

  *(double *)r->data = v;
  return r;
}

OrrValue *
orr_value_new_complex (double re, double im)
{
  OrrValue *r = orr_value_alloc (ORR_TYPE_COMPLEX, 1, 1);
  double *d = r->data;

  d[0] = re;
  d[1] = im;
  return r;
}

OrrValue *
orr_value_new_bool (gboolean b)
{
  OrrValue *r = orr_value_alloc (ORR_TYPE_BOOL, 1, 1);

  *(guint8 *)r->data = b ? 1 : 0;
  return r;
}

OrrValue *
orr_value_new_string (const char *utf8)
{
  OrrValue *r = g_new0 (OrrValue, 1);

  r->ref_count = 1;
  r->type = ORR_TYPE_STRING;
  r->rows = 1;
  r->cols = 1;
  r->capacity = 1;
  r->data = g_strdup (utf8 ? utf8 : "");
  return r;
}

OrrValue *
orr_value_new_from_doubles (gsize rows, gsize cols, const double *column_major)
{
  OrrValue *r = orr_value_new_matrix (ORR_TYPE_DOUBLE, rows, cols);

  if (r == NULL)
    return NULL;
  g_return_val_if_fail (column_major != NULL || rows * cols == 0, r);
  if (rows * cols > 0)
    memcpy (r->data, column_major, rows * cols * sizeof (double));
  return r;
}

OrrValue *
orr_value_ref (OrrValue *v)
{
  g_return_val_if_fail (v != NULL, NULL);
  g_atomic_int_inc (&v->ref_count);
  return v;
}

void
orr_value_unref (OrrValue *v)
{
  if (v == NULL)
    return;
  if (g_atomic_int_dec_and_test (&v->ref_count))
    {
      g_free (v->data);
      g_free (v);
    }
}

OrrValue *
orr_value_copy (const OrrValue *v)
{
  OrrValue *r;

  if (v->type == ORR_TYPE_STRING)
    return orr_value_new_string (v->data);
  r = orr_value_alloc (v->type, v->rows, v->cols);
  if (v->rows * v->cols > 0)
    memcpy (r->data, v->data, v->rows * v->cols * orr_type_element_size (v->type));
  return r;
}

OrrValue *
orr_value_narrow (OrrValue *v)
{
  gsize n, i;
  const double *d;
  OrrValue *r;

  if (v == NULL || v->type != ORR_TYPE_COMPLEX)
    return v;
  n = orr_value_numel_fast (v);
  d = v->data;
  for (i = 0; i < n; i++)
    if (d[2 * i + 1] != 0.0)
      return v;
  r = orr_value_alloc (ORR_TYPE_DOUBLE, v->rows, v->cols);
  for (i = 0; i < n; i++)
    ((double *)r->data)[i] = d[2 * i];
  orr_value_unref (v);
  return r;
}

OrrType
orr_value_get_type_id (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, ORR_TYPE_DOUBLE);
  return v->type;
}

gsize
orr_value_rows (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, 0);
  return v->rows;
}

gsize
orr_value_cols (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, 0);
  return v->cols;
}

gsize
orr_value_numel (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, 0);
  return v->rows * v->cols;
}

gboolean
orr_value_is_scalar (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, FALSE);
  return v->rows == 1 && v->cols == 1;
}

gboolean
orr_value_is_empty (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, TRUE);
  return v->rows == 0 || v->cols == 0;
}

gpointer
orr_value_data (OrrValue *v)
{
  g_return_val_if_fail (v != NULL, NULL);
  return v->data;
}

double
orr_value_get_real (const OrrValue *v, gsize i)
{
  g_return_val_if_fail (v != NULL, NAN);
  if (v->type == ORR_TYPE_STRING || i >= v->rows * v->cols)
    return NAN;
  return orr_value_real_at (v, i);
}

double
orr_value_get_imag (const OrrValue *v, gsize i)
{
  g_return_val_if_fail (v != NULL, NAN);
  if (v->type == ORR_TYPE_STRING || i >= v->rows * v->cols)
    return NAN;
  if (v->type != ORR_TYPE_COMPLEX)
    return 0.0;
  return ((const double *)v->data)[2 * i + 1];
}

const char *
orr_value_get_string (const OrrValue *v)
{
  g_return_val_if_fail (v != NULL, NULL);
  return v->type == ORR_TYPE_STRING ? v->data : NULL;
}

gboolean
orr_value_to_doubles (const OrrValue *v, double *out, gsize n)
{
  gsize i;

  g_return_val_if_fail (v != NULL, FALSE);
  if (v->type == ORR_TYPE_STRING || v->rows * v->cols != n)
    return FALSE;
  g_return_val_if_fail (out != NULL || n == 0, FALSE);
  for (i = 0; i < n && v->type == ORR_TYPE_COMPLEX; i++)
    if (((const double *)v->data)[2 * i + 1] != 0.0)
      return FALSE;
  for (i = 0; i < n; i++)
    out[i] = orr_value_real_at (v, i);
  return TRUE;
}

void
orr_value_set_real (OrrValue *v, gsize i, double d)
{
  switch (v->type)
    {
      case ORR_TYPE_DOUBLE:
        ((double *)v->data)[i] = d;
        break;
      case ORR_TYPE_COMPLEX:
        ((double *)v->data)[2 * i] = d;
        ((double *)v->data)[2 * i + 1] = 0.0;
        break;
      case ORR_TYPE_INT8:
        ((gint8 *)v->data)[i] = (gint8)orr_int_saturate (v->type, d);
        break;
      case ORR_TYPE_INT16:
        ((gint16 *)v->data)[i] = (gint16)orr_int_saturate (v->type, d);
        break;
      case ORR_TYPE_INT32:
        ((gint32 *)v->data)[i] = (gint32)orr_int_saturate (v->type, d);
        break;
      case ORR_TYPE_UINT8:
        ((guint8 *)v->data)[i] = (guint8)orr_int_saturate (v->type, d);
        break;
      case ORR_TYPE_UINT16:
        ((guint16 *)v->data)[i] = (guint16)orr_int_saturate (v->type, d);
        break;
      case ORR_TYPE_UINT32:
        ((guint32 *)v->data)[i] = (guint32)orr_int_saturate (v->type, d);
        break;
      case ORR_TYPE_BOOL:
        ((guint8 *)v->data)[i] = d != 0.0;
        break;
      case ORR_TYPE_STRING:
      default:
        break;
    }
}

void
orr_value_set_complex (OrrValue *v, gsize i, OrrComplex z)
{
  if (v->type == ORR_TYPE_COMPLEX)
    {
      ((double *)v->data)[2 * i] = creal (z);
      ((double *)v->data)[2 * i + 1] = cimag (z);
    }
  else
    orr_value_set_real (v, i, creal (z));
}

OrrValue *
orr_value_convert (const OrrValue *v, OrrType type)
{
  OrrValue *r;
  gsize i, n;

  g_return_val_if_fail (v != NULL, NULL);
  if (v->type == type)
    return orr_value_copy (v);
  if (v->type == ORR_TYPE_STRING || type == ORR_TYPE_STRING || (guint)type > ORR_TYPE_STRING)
    return NULL;
  n = v->rows * v->cols;
  if (v->type == ORR_TYPE_COMPLEX && type != ORR_TYPE_DOUBLE)
    return NULL;
  if (type == ORR_TYPE_BOOL)
    for (i = 0; i < n; i++)
      if (isnan (orr_value_real_at (v, i)))
        return NULL;
  r = orr_value_alloc (type, v->rows, v->cols);
  for (i = 0; i < n; i++)
    orr_value_set_real (r, i, orr_value_real_at (v, i));
  return r;
}

gboolean
orr_value_equal (const OrrValue *a, const OrrValue *b)
{
  gsize i, n;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  if (a->type != b->type || a->rows != b->rows || a->cols != b->cols)
    return FALSE;
  if (a->type == ORR_TYPE_STRING)
    return strcmp (a->data, b->data) == 0;
  n = a->rows * a->cols;
  if (a->type == ORR_TYPE_DOUBLE || a->type == ORR_TYPE_COMPLEX)
    {
      const double *x = a->data, *y = b->data;

      if (a->type == ORR_TYPE_COMPLEX)
        n *= 2;
      for (i = 0; i < n; i++)
        if (x[i] != y[i] && !(isnan (x[i]) && isnan (y[i])))
          return FALSE;
      return TRUE;
    }
  return n == 0 || memcmp (a->data, b->data, n * orr_type_element_size (a->type)) == 0;
}
