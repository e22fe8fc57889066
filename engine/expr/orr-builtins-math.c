/* orr-builtins-math.c - element-wise mathematical functions.  Real inputs
 * outside a function's real domain give complex results, as in MATLAB
 * (sqrt(-4) is 2i, log(-1) is pi*i, asin(2) is complex).
 */
#include "orr-builtins-private.h"
#include "orr-ops.h"

typedef enum
{
  DOMAIN_ALL,
  DOMAIN_NONNEGATIVE,
  DOMAIN_UNIT, /* [-1, 1] */
  DOMAIN_AT_LEAST_ONE
} Domain;

static OrrComplex
c_log10 (OrrComplex z)
{
  return clog (z) / G_LN10;
}
static OrrComplex
c_log2 (OrrComplex z)
{
  return clog (z) / G_LN2;
}

static const struct
{
  double (*real) (double);
  OrrComplex (*cplx) (OrrComplex);
  Domain domain;
} math_functions[] = {
  [ORR_MATH_SQRT] = { sqrt, csqrt, DOMAIN_NONNEGATIVE },
  [ORR_MATH_EXP] = { exp, cexp, DOMAIN_ALL },
  [ORR_MATH_LOG] = { log, clog, DOMAIN_NONNEGATIVE },
  [ORR_MATH_LOG10] = { log10, c_log10, DOMAIN_NONNEGATIVE },
  [ORR_MATH_LOG2] = { log2, c_log2, DOMAIN_NONNEGATIVE },
  [ORR_MATH_SIN] = { sin, csin, DOMAIN_ALL },
  [ORR_MATH_COS] = { cos, ccos, DOMAIN_ALL },
  [ORR_MATH_TAN] = { tan, ctan, DOMAIN_ALL },
  [ORR_MATH_ASIN] = { asin, casin, DOMAIN_UNIT },
  [ORR_MATH_ACOS] = { acos, cacos, DOMAIN_UNIT },
  [ORR_MATH_ATAN] = { atan, catan, DOMAIN_ALL },
  [ORR_MATH_SINH] = { sinh, csinh, DOMAIN_ALL },
  [ORR_MATH_COSH] = { cosh, ccosh, DOMAIN_ALL },
  [ORR_MATH_TANH] = { tanh, ctanh, DOMAIN_ALL },
  [ORR_MATH_ASINH] = { asinh, casinh, DOMAIN_ALL },
  [ORR_MATH_ACOSH] = { acosh, cacosh, DOMAIN_AT_LEAST_ONE },
  [ORR_MATH_ATANH] = { atanh, catanh, DOMAIN_UNIT },
};

static gboolean
in_domain (Domain d, double x)
{
  if (isnan (x))
    return TRUE;
  switch (d)
    {
      case DOMAIN_NONNEGATIVE:
        return x >= 0;
      case DOMAIN_UNIT:
        return x >= -1 && x <= 1;
      case DOMAIN_AT_LEAST_ONE:
        return x >= 1;
      default:
        return TRUE;
    }
}

gboolean
orr_bi_math (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  gboolean cplx = v->type == ORR_TYPE_COMPLEX;
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, self->name, 1, v))
    return FALSE;
  for (gsize i = 0; i < n && !cplx; i++)
    cplx = !in_domain (math_functions[self->data].domain, orr_value_real_at (v, i));
  if ((r
       = orr_eval_new_matrix (ev, pos, cplx ? ORR_TYPE_COMPLEX : ORR_TYPE_DOUBLE, v->rows, v->cols))
      == NULL)
    return FALSE;
  if (cplx)
    {
      for (gsize i = 0; i < n; i++)
        {
          OrrComplex z = orr_value_complex_at (v, i);

          /* MATLAB's branch for real x > 1: asin(2) = pi/2 - 1.317i, which
           * C gives for an imaginary part of -0 */
          if ((self->data == ORR_MATH_ASIN || self->data == ORR_MATH_ACOS)
              && v->type != ORR_TYPE_COMPLEX && creal (z) > 1)
            z = CMPLX (creal (z), -0.0);
          orr_value_set_complex (r, i, math_functions[self->data].cplx (z));
        }
      r = orr_value_narrow (r);
    }
  else
    for (gsize i = 0; i < n; i++)
      ((double *)r->data)[i] = math_functions[self->data].real (orr_value_real_at (v, i));
  out[0] = r;
  return TRUE;
}

static double
round_real (gintptr kind, double x)
{
  switch (kind)
    {
      case ORR_ROUND_FLOOR:
        return floor (x);
      case ORR_ROUND_CEIL:
        return ceil (x);
      case ORR_ROUND_ROUND:
        return round (x);
      default:
        return trunc (x);
    }
}

/* A copy of @v with bool turned into double, ready for element updates. */
static OrrValue *
numeric_copy (OrrEval *ev, gsize pos, const OrrValue *v)
{
  OrrType t = v->type == ORR_TYPE_BOOL ? ORR_TYPE_DOUBLE : v->type;
  OrrValue *r = orr_eval_new_matrix (ev, pos, t, v->rows, v->cols);
  gsize n = orr_value_numel_fast (v);

  if (r == NULL)
    return NULL;
  for (gsize i = 0; i < n; i++)
    orr_value_set_complex (r, i, orr_value_complex_at (v, i));
  return r;
}

gboolean
orr_bi_rounding (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, self->name, 1, v))
    return FALSE;
  if ((r = numeric_copy (ev, pos, v)) == NULL)
    return FALSE;
  if (r->type == ORR_TYPE_DOUBLE)
    for (gsize i = 0; i < n; i++)
      ((double *)r->data)[i] = round_real (self->data, ((double *)r->data)[i]);
  else if (r->type == ORR_TYPE_COMPLEX)
    for (gsize i = 0; i < n; i++)
      {
        OrrComplex z = orr_value_complex_at (r, i);
        double re = round_real (self->data, creal (z)), im = round_real (self->data, cimag (z));

        orr_value_set_complex (r, i, CMPLX (re, im));
      }
  out[0] = orr_value_narrow (r);
  return TRUE;
}

gboolean
orr_bi_abs (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  OrrType t = v->type == ORR_TYPE_BOOL || v->type == ORR_TYPE_COMPLEX ? ORR_TYPE_DOUBLE : v->type;
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, "abs", 1, v))
    return FALSE;
  if ((r = orr_eval_new_matrix (ev, pos, t, v->rows, v->cols)) == NULL)
    return FALSE;
  /* set_real saturates: abs(int8(-128)) is 127 */
  for (gsize i = 0; i < n; i++)
    orr_value_set_real (r, i, cabs (orr_value_complex_at (v, i)));
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_sign (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, "sign", 1, v))
    return FALSE;
  if ((r = numeric_copy (ev, pos, v)) == NULL)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      OrrComplex z = orr_value_complex_at (v, i);

      if (r->type == ORR_TYPE_COMPLEX)
        orr_value_set_complex (r, i, z == 0 ? 0 : z / cabs (z));
      else
        {
          double x = creal (z);

          orr_value_set_real (r, i, isnan (x) ? NAN : (x > 0) - (x < 0));
        }
    }
  out[0] = orr_value_narrow (r);
  return TRUE;
}

gboolean
orr_bi_parts (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  OrrType type;
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, self->name, 1, v))
    return FALSE;
  if (self->data == ORR_PART_CONJ)
    {
      if ((r = numeric_copy (ev, pos, v)) == NULL)
        return FALSE;
      if (r->type == ORR_TYPE_COMPLEX)
        for (gsize i = 0; i < n; i++)
          orr_value_set_complex (r, i, conj (orr_value_complex_at (v, i)));
      out[0] = r;
      return TRUE;
    }
  /* real and imag keep an integer class, angle is always double */
  type = orr_type_is_int (v->type) && self->data != ORR_PART_ANGLE ? v->type : ORR_TYPE_DOUBLE;
  if ((r = orr_eval_new_matrix (ev, pos, type, v->rows, v->cols)) == NULL)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      OrrComplex z = orr_value_complex_at (v, i);

      orr_value_set_real (r, i,
                          self->data == ORR_PART_REAL   ? creal (z)
                          : self->data == ORR_PART_IMAG ? cimag (z)
                                                        : carg (z));
    }
  out[0] = r;
  return TRUE;
}

gboolean
orr_bi_classify (ORR_BUILTIN_ARGS)
{
  const OrrValue *v = args[0];
  gsize n = orr_value_numel_fast (v);
  OrrValue *r;

  if (!orr_bi_require_numeric (ev, pos, self->name, 1, v))
    return FALSE;
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_BOOL, v->rows, v->cols)) == NULL)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      OrrComplex z = orr_value_complex_at (v, i);
      gboolean t;

      switch (self->data)
        {
          case ORR_CLASSIFY_ISNAN:
            t = isnan (creal (z)) || isnan (cimag (z));
            break;
          case ORR_CLASSIFY_ISINF:
            t = isinf (creal (z)) || isinf (cimag (z));
            break;
          default:
            t = isfinite (creal (z)) && isfinite (cimag (z));
            break;
        }
      ((guint8 *)r->data)[i] = t;
    }
  out[0] = r;
  return TRUE;
}

/* mod(x, 0) is x; the result takes the sign of y. */
static double
mod_real (double x, double y)
{
  double r;

  if (y == 0)
    return x;
  if (isinf (y) && isfinite (x))
    return (x == 0 || (x > 0) == (y > 0)) ? x : y;
  r = fmod (x, y);
  if (r != 0 && ((r < 0) != (y < 0)))
    r += y;
  return r;
}

/* rem(x, 0) is NaN; the result takes the sign of x. */
static double
rem_real (double x, double y)
{
  if (y == 0)
    return NAN;
  return fmod (x, y);
}

gboolean
orr_bi_binary_math (ORR_BUILTIN_ARGS)
{
  static const struct
  {
    OrrRealFunc2 fn;
    const char *what;
  } functions[] = {
    [ORR_BINMATH_ATAN2] = { atan2, "take atan2 of" },
    [ORR_BINMATH_HYPOT] = { hypot, "take hypot of" },
    [ORR_BINMATH_MOD] = { mod_real, "take mod of" },
    [ORR_BINMATH_REM] = { rem_real, "take rem of" },
  };

  out[0] = orr_op_elementwise (ev, pos, functions[self->data].what, args[0], args[1],
                               functions[self->data].fn, NULL);
  return out[0] != NULL;
}
