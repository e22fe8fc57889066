/* orr-ops.c - arithmetic, comparison and logical operators with MATLAB's
 * type rules (integers saturate, int op double gives int, mixing integer
 * types fails) and broadcasting.  Matrix products and solves are handed to
 * orr-linalg.c.
 */
#include "orr-ops.h"
#include "orr-linalg.h"

#include <string.h>

static const char *
op_verb (OrrOp op)
{
  switch (op)
    {
      case ORR_OP_ADD:
        return "add";
      case ORR_OP_SUB:
        return "subtract";
      case ORR_OP_EMUL:
        return "multiply element-wise";
      case ORR_OP_EDIV:
      case ORR_OP_ELDIV:
        return "divide element-wise";
      case ORR_OP_EPOW:
        return "raise element-wise";
      case ORR_OP_MUL:
        return "multiply";
      case ORR_OP_DIV:
      case ORR_OP_LDIV:
        return "divide";
      case ORR_OP_POW:
        return "raise";
      case ORR_OP_AND:
        return "combine with '&'";
      case ORR_OP_OR:
        return "combine with '|'";
      default:
        return "compare";
    }
}

static const char *
op_symbol (OrrOp op)
{
  static const char *const symbols[] = {
    [ORR_OP_ADD] = "+",        [ORR_OP_SUB] = "-",   [ORR_OP_MUL] = "*",
    [ORR_OP_DIV] = "/",        [ORR_OP_LDIV] = "\\", [ORR_OP_POW] = "^",
    [ORR_OP_EMUL] = ".*",      [ORR_OP_EDIV] = "./", [ORR_OP_ELDIV] = ".\\",
    [ORR_OP_EPOW] = ".^",      [ORR_OP_EQ] = "==",   [ORR_OP_NE] = "~=",
    [ORR_OP_LT] = "<",         [ORR_OP_LE] = "<=",   [ORR_OP_GT] = ">",
    [ORR_OP_GE] = ">=",        [ORR_OP_AND] = "&",   [ORR_OP_OR] = "|",
    [ORR_OP_ANDAND] = "&&",    [ORR_OP_OROR] = "||", [ORR_OP_NEG] = "-",
    [ORR_OP_PLUS] = "+",       [ORR_OP_NOT] = "~",   [ORR_OP_TRANSPOSE] = ".'",
    [ORR_OP_CTRANSPOSE] = "'",
  };

  return (guint)op < G_N_ELEMENTS (symbols) && symbols[op] ? symbols[op] : "?";
}

gboolean
orr_op_broadcast (OrrEval *ev, gsize pos, const char *what, const OrrValue *a, const OrrValue *b,
                  gsize *rows, gsize *cols)
{
  if ((a->rows != b->rows && a->rows != 1 && b->rows != 1)
      || (a->cols != b->cols && a->cols != 1 && b->cols != 1))
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SIZE,
                     "cannot %s %" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT
                     "x%" G_GSIZE_FORMAT,
                     what, a->rows, a->cols, b->rows, b->cols);
      return FALSE;
    }
  *rows = a->rows == 1 ? b->rows : a->rows;
  *cols = a->cols == 1 ? b->cols : a->cols;
  return TRUE;
}

gboolean
orr_op_result_type (OrrEval *ev, gsize pos, const char *what, const OrrValue *a, const OrrValue *b,
                    OrrType *out)
{
  OrrType ta = a->type, tb = b->type;
  gboolean ia = orr_type_is_int (ta), ib = orr_type_is_int (tb);

  if (ta == ORR_TYPE_STRING || tb == ORR_TYPE_STRING)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "cannot %s %s and %s", what, orr_type_name (ta),
                     orr_type_name (tb));
      return FALSE;
    }
  if (ia && ib && ta != tb)
    {
      orr_eval_fail (
        ev, pos, ORR_EXPR_ERROR_TYPE,
        "cannot %s %s and %s: integers combine only with the same integer type or doubles", what,
        orr_type_name (ta), orr_type_name (tb));
      return FALSE;
    }
  if (ia || ib)
    {
      if (ta == ORR_TYPE_COMPLEX || tb == ORR_TYPE_COMPLEX)
        {
          orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                         "cannot %s %s and %s: integers cannot be complex", what,
                         orr_type_name (ta), orr_type_name (tb));
          return FALSE;
        }
      *out = ia ? ta : tb;
    }
  else if (ta == ORR_TYPE_COMPLEX || tb == ORR_TYPE_COMPLEX)
    *out = ORR_TYPE_COMPLEX;
  else
    *out = ORR_TYPE_DOUBLE;
  return TRUE;
}

OrrComplex
orr_complex_pow (OrrComplex z, OrrComplex w)
{
  double n = creal (w);

  if (cimag (w) == 0.0 && n == floor (n) && fabs (n) <= 1024)
    {
      OrrComplex result = 1.0, base = z;
      long k = (long)fabs (n);

      while (k > 0)
        {
          if (k & 1)
            result *= base;
          base *= base;
          k >>= 1;
        }
      return n < 0 ? 1.0 / result : result;
    }
  if (z == 0.0)
    {
      /* cpow(0, w) is NaN in glibc; MATLAB gives 0 or Inf by sign */
      if (creal (w) > 0)
        return 0.0;
      if (creal (w) < 0)
        return INFINITY;
    }
  return cpow (z, w);
}

static double
r_add (double x, double y)
{
  return x + y;
}
static double
r_sub (double x, double y)
{
  return x - y;
}
static double
r_mul (double x, double y)
{
  return x * y;
}
static double
r_div (double x, double y)
{
  return x / y;
}
static double
r_ldiv (double x, double y)
{
  return y / x;
}
static double
r_pow (double x, double y)
{
  return pow (x, y);
}
static OrrComplex
c_add (OrrComplex x, OrrComplex y)
{
  return x + y;
}
static OrrComplex
c_sub (OrrComplex x, OrrComplex y)
{
  return x - y;
}
static OrrComplex
c_mul (OrrComplex x, OrrComplex y)
{
  return x * y;
}
static OrrComplex
c_div (OrrComplex x, OrrComplex y)
{
  return x / y;
}
static OrrComplex
c_ldiv (OrrComplex x, OrrComplex y)
{
  return y / x;
}

/* Reading the operands is work too, even when the result is empty. */
static gboolean
charge_operands (OrrEval *ev, gsize pos, const OrrValue *a, const OrrValue *b)
{
  double n = (double)orr_value_numel_fast (a) + (double)orr_value_numel_fast (b);

  if (a->type == ORR_TYPE_STRING)
    n += (double)strlen (a->data);
  if (b->type == ORR_TYPE_STRING)
    n += (double)strlen (b->data);
  return orr_eval_charge (ev, pos, n);
}

/* Maps result element (i, j) to an operand's element under broadcasting. */
static inline gsize
bcast (const OrrValue *v, gsize i, gsize j)
{
  return (v->rows == 1 ? 0 : i) + (v->cols == 1 ? 0 : j) * v->rows;
}

static OrrValue *
elementwise_typed (OrrEval *ev, gsize pos, const char *what, const OrrValue *a, const OrrValue *b,
                   OrrRealFunc2 rf, OrrComplexFunc2 cf, OrrType type)
{
  gsize rows, cols, i, j, k = 0;
  OrrValue *r;

  if (!orr_op_broadcast (ev, pos, what, a, b, &rows, &cols) || !charge_operands (ev, pos, a, b))
    return NULL;
  if ((r = orr_eval_new_matrix (ev, pos, type, rows, cols)) == NULL)
    return NULL;
  if (type == ORR_TYPE_COMPLEX)
    {
      for (j = 0; j < cols; j++)
        for (i = 0; i < rows; i++, k++)
          orr_value_set_complex (r, k,
                                 cf (orr_value_complex_at (a, bcast (a, i, j)),
                                     orr_value_complex_at (b, bcast (b, i, j))));
      return orr_value_narrow (r);
    }
  if (type == ORR_TYPE_DOUBLE && a->type == ORR_TYPE_DOUBLE && b->type == ORR_TYPE_DOUBLE)
    {
      const double *x = a->data, *y = b->data;
      double *z = r->data;

      for (j = 0; j < cols; j++)
        for (i = 0; i < rows; i++, k++)
          z[k] = rf (x[bcast (a, i, j)], y[bcast (b, i, j)]);
      return r;
    }
  for (j = 0; j < cols; j++)
    for (i = 0; i < rows; i++, k++)
      orr_value_set_real (
        r, k, rf (orr_value_real_at (a, bcast (a, i, j)), orr_value_real_at (b, bcast (b, i, j))));
  return r;
}

OrrValue *
orr_op_elementwise (OrrEval *ev, gsize pos, const char *what, const OrrValue *a, const OrrValue *b,
                    OrrRealFunc2 rf, OrrComplexFunc2 cf)
{
  OrrType type;

  if (!orr_op_result_type (ev, pos, what, a, b, &type))
    return NULL;
  if (type == ORR_TYPE_COMPLEX && cf == NULL)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "cannot %s complex values", what);
  return elementwise_typed (ev, pos, what, a, b, rf, cf, type);
}

/* A negative base with a fractional exponent has a complex power. */
static gboolean
power_needs_complex (const OrrValue *a, const OrrValue *b)
{
  gsize na = orr_value_numel_fast (a), nb = orr_value_numel_fast (b), i, j;
  gboolean any_negative = FALSE, any_fraction = FALSE;

  for (i = 0; i < na && !any_negative; i++)
    any_negative = orr_value_real_at (a, i) < 0;
  for (j = 0; j < nb && !any_fraction; j++)
    {
      double y = orr_value_real_at (b, j);

      any_fraction = isfinite (y) && y != floor (y);
    }
  return any_negative && any_fraction;
}

static OrrValue *
arithmetic (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a, const OrrValue *b)
{
  const char *what = op_verb (op);
  OrrType type;

  if (!orr_op_result_type (ev, pos, what, a, b, &type))
    return NULL;
  switch (op)
    {
      case ORR_OP_ADD:
        return elementwise_typed (ev, pos, what, a, b, r_add, c_add, type);
      case ORR_OP_SUB:
        return elementwise_typed (ev, pos, what, a, b, r_sub, c_sub, type);
      case ORR_OP_EMUL:
        return elementwise_typed (ev, pos, what, a, b, r_mul, c_mul, type);
      case ORR_OP_EDIV:
        return elementwise_typed (ev, pos, what, a, b, r_div, c_div, type);
      case ORR_OP_ELDIV:
        return elementwise_typed (ev, pos, what, a, b, r_ldiv, c_ldiv, type);
      case ORR_OP_EPOW:
        if (type == ORR_TYPE_DOUBLE && power_needs_complex (a, b))
          type = ORR_TYPE_COMPLEX;
        return elementwise_typed (ev, pos, what, a, b, r_pow, orr_complex_pow, type);
      default:
        g_assert_not_reached ();
    }
}

static int
compare_strings (const OrrValue *a, const OrrValue *b)
{
  return strcmp (a->data, b->data);
}

static gboolean
compare_result (OrrOp op, int c)
{
  switch (op)
    {
      case ORR_OP_EQ:
        return c == 0;
      case ORR_OP_NE:
        return c != 0;
      case ORR_OP_LT:
        return c < 0;
      case ORR_OP_LE:
        return c <= 0;
      case ORR_OP_GT:
        return c > 0;
      case ORR_OP_GE:
        return c >= 0;
      default:
        return FALSE;
    }
}

static gboolean
compare_reals (OrrOp op, double x, double y)
{
  switch (op)
    {
      case ORR_OP_EQ:
        return x == y;
      case ORR_OP_NE:
        return x != y;
      case ORR_OP_LT:
        return x < y;
      case ORR_OP_LE:
        return x <= y;
      case ORR_OP_GT:
        return x > y;
      case ORR_OP_GE:
        return x >= y;
      default:
        return FALSE;
    }
}

static OrrValue *
comparison (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a, const OrrValue *b)
{
  gboolean complex_eq;
  gsize rows, cols, i, j, k = 0;
  OrrValue *r;

  if (!charge_operands (ev, pos, a, b))
    return NULL;
  if (a->type == ORR_TYPE_STRING && b->type == ORR_TYPE_STRING)
    return orr_value_new_bool (compare_result (op, compare_strings (a, b)));
  if (a->type == ORR_TYPE_STRING || b->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "cannot compare %s and %s with '%s'",
                          orr_type_name (a->type), orr_type_name (b->type), op_symbol (op));
  if (!orr_op_broadcast (ev, pos, "compare", a, b, &rows, &cols))
    return NULL;
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_BOOL, rows, cols)) == NULL)
    return NULL;
  /* == and ~= look at both parts; ordering uses real parts, as MATLAB */
  complex_eq = (op == ORR_OP_EQ || op == ORR_OP_NE)
               && (a->type == ORR_TYPE_COMPLEX || b->type == ORR_TYPE_COMPLEX);
  for (j = 0; j < cols; j++)
    for (i = 0; i < rows; i++, k++)
      {
        gsize ia = bcast (a, i, j), ib = bcast (b, i, j);
        gboolean t;

        if (complex_eq)
          {
            gboolean eq = orr_value_complex_at (a, ia) == orr_value_complex_at (b, ib);

            t = op == ORR_OP_EQ ? eq : !eq;
          }
        else
          t = compare_reals (op, orr_value_real_at (a, ia), orr_value_real_at (b, ib));
        ((guint8 *)r->data)[k] = t;
      }
  return r;
}

/* Element @i as a truth value; FALSE return (with error) for NaN. */
static gboolean
element_truth (OrrEval *ev, gsize pos, const OrrValue *v, gsize i, gboolean *out)
{
  if (v->type == ORR_TYPE_COMPLEX)
    {
      OrrComplex z = orr_value_complex_at (v, i);

      if (isnan (creal (z)) || isnan (cimag (z)))
        goto nan;
      *out = z != 0.0;
      return TRUE;
    }
  else
    {
      double x = orr_value_real_at (v, i);

      if (isnan (x))
        goto nan;
      *out = x != 0.0;
      return TRUE;
    }
nan:
  orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "NaN cannot be converted to a logical value");
  return FALSE;
}

static OrrValue *
logical (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a, const OrrValue *b)
{
  gsize rows, cols, i, j, k = 0;
  OrrValue *r;

  if (a->type == ORR_TYPE_STRING || b->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "operator '%s' is not defined for strings",
                          op_symbol (op));
  if (!orr_op_broadcast (ev, pos, op_verb (op), a, b, &rows, &cols)
      || !charge_operands (ev, pos, a, b))
    return NULL;
  if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_BOOL, rows, cols)) == NULL)
    return NULL;
  for (j = 0; j < cols; j++)
    for (i = 0; i < rows; i++, k++)
      {
        gboolean x, y;

        if (!element_truth (ev, pos, a, bcast (a, i, j), &x)
            || !element_truth (ev, pos, b, bcast (b, i, j), &y))
          {
            orr_value_unref (r);
            return NULL;
          }
        ((guint8 *)r->data)[k] = op == ORR_OP_AND ? (x && y) : (x || y);
      }
  return r;
}

OrrValue *
orr_op_binary (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a, const OrrValue *b)
{
  gboolean a_scalar = a->rows == 1 && a->cols == 1;
  gboolean b_scalar = b->rows == 1 && b->cols == 1;

  switch (op)
    {
      case ORR_OP_ADD:
      case ORR_OP_SUB:
      case ORR_OP_EMUL:
      case ORR_OP_EDIV:
      case ORR_OP_ELDIV:
      case ORR_OP_EPOW:
        return arithmetic (ev, pos, op, a, b);
      case ORR_OP_MUL:
        if (a_scalar || b_scalar)
          return arithmetic (ev, pos, ORR_OP_EMUL, a, b);
        return orr_linalg_mtimes (ev, pos, a, b);
      case ORR_OP_DIV:
        if (b_scalar)
          return arithmetic (ev, pos, ORR_OP_EDIV, a, b);
        return orr_linalg_mrdivide (ev, pos, a, b);
      case ORR_OP_LDIV:
        if (a_scalar)
          return arithmetic (ev, pos, ORR_OP_ELDIV, a, b);
        return orr_linalg_mldivide (ev, pos, a, b);
      case ORR_OP_POW:
        if (a_scalar && b_scalar)
          return arithmetic (ev, pos, ORR_OP_EPOW, a, b);
        return orr_linalg_mpower (ev, pos, a, b);
      case ORR_OP_EQ:
      case ORR_OP_NE:
      case ORR_OP_LT:
      case ORR_OP_LE:
      case ORR_OP_GT:
      case ORR_OP_GE:
        return comparison (ev, pos, op, a, b);
      case ORR_OP_AND:
      case ORR_OP_OR:
        return logical (ev, pos, op, a, b);
      case ORR_OP_ANDAND:
      case ORR_OP_OROR:
        {
          gboolean x, y;

          if (!orr_op_logical_scalar (ev, pos, a, op_symbol (op), &x)
              || !orr_op_logical_scalar (ev, pos, b, op_symbol (op), &y))
            return NULL;
          return orr_value_new_bool (op == ORR_OP_ANDAND ? (x && y) : (x || y));
        }
      default:
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SYNTAX, "'%s' is not a binary operator",
                              op_symbol (op));
    }
}

OrrValue *
orr_op_transpose (OrrEval *ev, gsize pos, const OrrValue *v, gboolean conjugate)
{
  gsize es = orr_type_element_size (v->type), i, j;
  OrrValue *r;

  if (v->type == ORR_TYPE_STRING)
    return orr_value_ref ((OrrValue *)v);
  if ((r = orr_eval_new_matrix (ev, pos, v->type, v->cols, v->rows)) == NULL)
    return NULL;
  for (j = 0; j < v->cols; j++)
    for (i = 0; i < v->rows; i++)
      memcpy ((char *)r->data + (j + i * v->cols) * es,
              (const char *)v->data + (i + j * v->rows) * es, es);
  if (conjugate && v->type == ORR_TYPE_COMPLEX)
    for (i = 0; i < orr_value_numel_fast (r); i++)
      ((double *)r->data)[2 * i + 1] = -((double *)r->data)[2 * i + 1];
  return r;
}

OrrValue *
orr_op_unary (OrrEval *ev, gsize pos, OrrOp op, const OrrValue *a)
{
  gsize i, n = orr_value_numel_fast (a);
  OrrValue *r;

  if (op == ORR_OP_TRANSPOSE || op == ORR_OP_CTRANSPOSE)
    return orr_op_transpose (ev, pos, a, op == ORR_OP_CTRANSPOSE);
  if (a->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE, "operator '%s' is not defined for strings",
                          op_symbol (op));
  switch (op)
    {
      case ORR_OP_PLUS:
        if (a->type != ORR_TYPE_BOOL)
          return orr_value_ref ((OrrValue *)a);
        G_GNUC_FALLTHROUGH;
      case ORR_OP_NEG:
        if ((r = orr_eval_new_matrix (ev, pos, a->type == ORR_TYPE_BOOL ? ORR_TYPE_DOUBLE : a->type,
                                      a->rows, a->cols))
            == NULL)
          return NULL;
        for (i = 0; i < n; i++)
          {
            double sign = op == ORR_OP_NEG ? -1.0 : 1.0;

            /* set_real saturates, so -int8(-128) is 127 */
            if (a->type == ORR_TYPE_COMPLEX)
              orr_value_set_complex (r, i, sign * orr_value_complex_at (a, i));
            else
              orr_value_set_real (r, i, sign * orr_value_real_at (a, i));
          }
        return r;
      case ORR_OP_NOT:
        if ((r = orr_eval_new_matrix (ev, pos, ORR_TYPE_BOOL, a->rows, a->cols)) == NULL)
          return NULL;
        for (i = 0; i < n; i++)
          {
            gboolean t;

            if (!element_truth (ev, pos, a, i, &t))
              {
                orr_value_unref (r);
                return NULL;
              }
            ((guint8 *)r->data)[i] = !t;
          }
        return r;
      default:
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_SYNTAX, "'%s' is not a unary operator",
                              op_symbol (op));
    }
}

gboolean
orr_op_truth (OrrEval *ev, gsize pos, const OrrValue *v, gboolean *out)
{
  gsize i, n = orr_value_numel_fast (v);

  if (v->type == ORR_TYPE_STRING)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                     "a condition must be numeric or logical, not a string");
      return FALSE;
    }
  if (!orr_eval_charge (ev, pos, (double)n))
    return FALSE;
  *out = n > 0;
  for (i = 0; i < n; i++)
    {
      gboolean t;

      if (!element_truth (ev, pos, v, i, &t))
        return FALSE;
      if (!t)
        {
          *out = FALSE;
          break;
        }
    }
  return TRUE;
}

gboolean
orr_op_logical_scalar (OrrEval *ev, gsize pos, const OrrValue *v, const char *symbol, gboolean *out)
{
  if (v->type == ORR_TYPE_STRING || v->rows != 1 || v->cols != 1)
    {
      orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                     "operands of '%s' must be logical scalars, got a %" G_GSIZE_FORMAT
                     "x%" G_GSIZE_FORMAT " %s",
                     symbol, v->rows, v->cols, orr_type_name (v->type));
      return FALSE;
    }
  return element_truth (ev, pos, v, 0, out);
}
