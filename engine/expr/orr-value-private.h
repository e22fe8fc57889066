/* orr-value-private.h - the layout of OrrValue and element helpers shared
 * by the evaluator, operators and builtins.
 */
#pragma once

#include <complex.h>
#include <math.h>
#include <orrery/orr-value.h>

/* glibc defines CMPLX only for compilers with __builtin_complex (gcc), not
 * clang 14. Building through the storage keeps infinite and NaN parts
 * exact, which x + I * y would not (0 * inf is NaN). */
#ifndef CMPLX
static inline double complex
orr_cmplx (double re, double im)
{
  union
  {
    double complex z;
    double part[2];
  } u;
  u.part[0] = re;
  u.part[1] = im;
  return u.z;
}
#define CMPLX(re, im) orr_cmplx ((re), (im))
#endif

struct _OrrValue
{
  gint ref_count;
  OrrType type;
  gsize rows;
  gsize cols;
  gsize capacity; /* elements allocated; lets a sole owner grow in place */
  gpointer data;  /* elements, or the text of a string */
};

typedef double complex OrrComplex;

static inline gboolean
orr_type_is_int (OrrType t)
{
  return t >= ORR_TYPE_INT8 && t <= ORR_TYPE_UINT32;
}

static inline gboolean
orr_type_is_numeric (OrrType t)
{
  return t != ORR_TYPE_STRING;
}

static inline gsize
orr_value_numel_fast (const OrrValue *v)
{
  return v->rows * v->cols;
}

double orr_int_min (OrrType t);
double orr_int_max (OrrType t);
/* MATLAB's double -> integer conversion: round half away, saturate, NaN -> 0 */
double orr_int_saturate (OrrType t, double d);

/* Like orr_value_new_matrix() but the caller guarantees the size is allowed. */
OrrValue *orr_value_alloc (OrrType t, gsize rows, gsize cols);
/* A fresh, unshared copy (the data may then be modified). */
OrrValue *orr_value_copy (const OrrValue *v);
/* If @v is complex with all imaginary parts zero, a real copy (consumes @v). */
OrrValue *orr_value_narrow (OrrValue *v);

/* Stores @d converted to the element type (rounding/saturating integers). */
void orr_value_set_real (OrrValue *v, gsize i, double d);
void orr_value_set_complex (OrrValue *v, gsize i, OrrComplex z);

static inline double
orr_value_real_at (const OrrValue *v, gsize i)
{
  switch (v->type)
    {
      case ORR_TYPE_DOUBLE:
        return ((const double *)v->data)[i];
      case ORR_TYPE_COMPLEX:
        return ((const double *)v->data)[2 * i];
      case ORR_TYPE_INT8:
        return ((const gint8 *)v->data)[i];
      case ORR_TYPE_INT16:
        return ((const gint16 *)v->data)[i];
      case ORR_TYPE_INT32:
        return ((const gint32 *)v->data)[i];
      case ORR_TYPE_UINT8:
        return ((const guint8 *)v->data)[i];
      case ORR_TYPE_UINT16:
        return ((const guint16 *)v->data)[i];
      case ORR_TYPE_UINT32:
        return ((const guint32 *)v->data)[i];
      case ORR_TYPE_BOOL:
        return ((const guint8 *)v->data)[i];
      case ORR_TYPE_STRING:
      default:
        return NAN;
    }
}

static inline OrrComplex
orr_value_complex_at (const OrrValue *v, gsize i)
{
  if (v->type == ORR_TYPE_COMPLEX)
    {
      const double *d = v->data;
      return CMPLX (d[2 * i], d[2 * i + 1]);
    }
  return CMPLX (orr_value_real_at (v, i), 0.0);
}
