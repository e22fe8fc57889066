/* orr-builtins.c - the table of builtin functions and constants (sorted by
 * name for binary search), argument count checks, and the argument helpers
 * the implementations share.
 */
#include "orr-builtins-private.h"

#include <stdlib.h>
#include <string.h>

#define M ORR_ARGS_MANY

/* Keep sorted by strcmp(): uppercase names first. */
static const OrrBuiltin builtins[] = {
  { "GetFromBase", 1, 2, 1, orr_bi_get_from_base, 0 },
  { "Inf", 0, M, 1, orr_bi_fill, ORR_FILL_INF },
  { "NaN", 0, M, 1, orr_bi_fill, ORR_FILL_NAN },
  { "abs", 1, 1, 1, orr_bi_abs, 0 },
  { "acos", 1, 1, 1, orr_bi_math, ORR_MATH_ACOS },
  { "acosh", 1, 1, 1, orr_bi_math, ORR_MATH_ACOSH },
  { "all", 1, 2, 1, orr_bi_anyall, ORR_ALL },
  { "angle", 1, 1, 1, orr_bi_parts, ORR_PART_ANGLE },
  { "any", 1, 2, 1, orr_bi_anyall, ORR_ANY },
  { "asin", 1, 1, 1, orr_bi_math, ORR_MATH_ASIN },
  { "asinh", 1, 1, 1, orr_bi_math, ORR_MATH_ASINH },
  { "atan", 1, 1, 1, orr_bi_math, ORR_MATH_ATAN },
  { "atan2", 2, 2, 1, orr_bi_binary_math, ORR_BINMATH_ATAN2 },
  { "atanh", 1, 1, 1, orr_bi_math, ORR_MATH_ATANH },
  { "ceil", 1, 1, 1, orr_bi_rounding, ORR_ROUND_CEIL },
  { "char", 1, M, 1, orr_bi_char, 0 },
  { "class", 1, 1, 1, orr_bi_class, 0 },
  { "complex", 1, 2, 1, orr_bi_complex, 0 },
  { "conj", 1, 1, 1, orr_bi_parts, ORR_PART_CONJ },
  { "cos", 1, 1, 1, orr_bi_math, ORR_MATH_COS },
  { "cosh", 1, 1, 1, orr_bi_math, ORR_MATH_COSH },
  { "ctranspose", 1, 1, 1, orr_bi_transpose, TRUE },
  { "ctrb", 2, 2, 1, orr_bi_control, ORR_CONTROL_CTRB },
  { "cumprod", 1, 2, 1, orr_bi_cumulative, ORR_CUM_PROD },
  { "cumsum", 1, 2, 1, orr_bi_cumulative, ORR_CUM_SUM },
  { "det", 1, 1, 1, orr_bi_det, 0 },
  { "diag", 1, 2, 1, orr_bi_diag, 0 },
  { "double", 1, 1, 1, orr_bi_double, 0 },
  { "eig", 1, 1, 1, orr_bi_control, ORR_CONTROL_EIG },
  { "eps", 0, 1, 1, orr_bi_eps, 0 },
  { "equilibrium", 2, 3, 1, orr_bi_analysis, 0 },
  { "error", 1, 1, 0, orr_bi_error, 0 },
  { "exp", 1, 1, 1, orr_bi_math, ORR_MATH_EXP },
  { "expm", 1, 1, 1, orr_bi_control, ORR_CONTROL_EXPM },
  { "eye", 0, M, 1, orr_bi_fill, ORR_FILL_EYE },
  { "false", 0, M, 1, orr_bi_fill, ORR_FILL_FALSE },
  { "find", 1, 2, 2, orr_bi_find, 0 },
  { "fix", 1, 1, 1, orr_bi_rounding, ORR_ROUND_FIX },
  { "fliplr", 1, 1, 1, orr_bi_flip, ORR_FLIP_LR },
  { "flipud", 1, 1, 1, orr_bi_flip, ORR_FLIP_UD },
  { "floor", 1, 1, 1, orr_bi_rounding, ORR_ROUND_FLOOR },
  { "horzcat", 0, M, 1, orr_bi_cat, ORR_CAT_H },
  { "hypot", 2, 2, 1, orr_bi_binary_math, ORR_BINMATH_HYPOT },
  { "i", 0, 0, 1, orr_bi_constant, ORR_CONST_I },
  { "imag", 1, 1, 1, orr_bi_parts, ORR_PART_IMAG },
  { "in_linearization", 0, 0, 1, orr_bi_in_linearization, 0 },
  { "inf", 0, M, 1, orr_bi_fill, ORR_FILL_INF },
  { "int16", 1, 1, 1, orr_bi_to_int, ORR_TYPE_INT16 },
  { "int32", 1, 1, 1, orr_bi_to_int, ORR_TYPE_INT32 },
  { "int8", 1, 1, 1, orr_bi_to_int, ORR_TYPE_INT8 },
  { "inv", 1, 1, 1, orr_bi_inv, 0 },
  { "ischar", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_STRING },
  { "iscolumn", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_ISCOLUMN },
  { "isempty", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_ISEMPTY },
  { "isequal", 2, M, 1, orr_bi_isequal, 0 },
  { "isfinite", 1, 1, 1, orr_bi_classify, ORR_CLASSIFY_ISFINITE },
  { "isfloat", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_FLOAT },
  { "isinf", 1, 1, 1, orr_bi_classify, ORR_CLASSIFY_ISINF },
  { "isinteger", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_INTEGER },
  { "islogical", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_LOGICAL },
  { "isnan", 1, 1, 1, orr_bi_classify, ORR_CLASSIFY_ISNAN },
  { "isnumeric", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_NUMERIC },
  { "isreal", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_REAL },
  { "isrow", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_ISROW },
  { "isscalar", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_ISSCALAR },
  { "isstring", 1, 1, 1, orr_bi_type_query, ORR_TYPEQ_STRING },
  { "isvector", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_ISVECTOR },
  { "j", 0, 0, 1, orr_bi_constant, ORR_CONST_I },
  { "length", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_LENGTH },
  { "linearize", 1, 5, 4, orr_bi_analysis, 0 },
  { "linspace", 2, 3, 1, orr_bi_linspace, 0 },
  { "log", 1, 1, 1, orr_bi_math, ORR_MATH_LOG },
  { "log10", 1, 1, 1, orr_bi_math, ORR_MATH_LOG10 },
  { "log2", 1, 1, 1, orr_bi_math, ORR_MATH_LOG2 },
  { "logical", 1, 1, 1, orr_bi_logical, 0 },
  { "lqr", 4, 5, 2, orr_bi_control, ORR_CONTROL_LQR },
  { "lsqminnorm", 2, 2, 1, orr_bi_lsqminnorm, 0 },
  { "lu", 1, 1, 1, orr_bi_lu, 0 },
  { "max", 1, 3, 2, orr_bi_minmax, ORR_MAX },
  { "mean", 1, 2, 1, orr_bi_sum, ORR_SUM_MEAN },
  { "min", 1, 3, 2, orr_bi_minmax, ORR_MIN },
  { "mod", 2, 2, 1, orr_bi_binary_math, ORR_BINMATH_MOD },
  { "nan", 0, M, 1, orr_bi_fill, ORR_FILL_NAN },
  { "ndims", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_NDIMS },
  { "norm", 1, 2, 1, orr_bi_norm, 0 },
  { "num2str", 1, 2, 1, orr_bi_num2str, 0 },
  { "numel", 1, 1, 1, orr_bi_shape_query, ORR_SHAPE_NUMEL },
  { "obsv", 2, 2, 1, orr_bi_control, ORR_CONTROL_OBSV },
  { "ones", 0, M, 1, orr_bi_fill, ORR_FILL_ONES },
  { "pi", 0, 0, 1, orr_bi_constant, ORR_CONST_PI },
  { "place", 3, 3, 1, orr_bi_control, ORR_CONTROL_PLACE },
  { "prod", 1, 2, 1, orr_bi_sum, ORR_SUM_PROD },
  { "real", 1, 1, 1, orr_bi_parts, ORR_PART_REAL },
  { "rem", 2, 2, 1, orr_bi_binary_math, ORR_BINMATH_REM },
  { "repmat", 2, 3, 1, orr_bi_repmat, 0 },
  { "reshape", 2, M, 1, orr_bi_reshape, 0 },
  { "round", 1, 1, 1, orr_bi_rounding, ORR_ROUND_ROUND },
  { "sign", 1, 1, 1, orr_bi_sign, 0 },
  { "sin", 1, 1, 1, orr_bi_math, ORR_MATH_SIN },
  { "sinh", 1, 1, 1, orr_bi_math, ORR_MATH_SINH },
  { "size", 1, 2, 2, orr_bi_size, 0 },
  { "sort", 1, 2, 2, orr_bi_sort, 0 },
  { "sqrt", 1, 1, 1, orr_bi_math, ORR_MATH_SQRT },
  { "ss", 4, 4, 1, orr_bi_control, ORR_CONTROL_SS },
  { "strcat", 0, M, 1, orr_bi_strcat, 0 },
  { "strcmp", 2, 2, 1, orr_bi_strcmp, 0 },
  { "sum", 1, 2, 1, orr_bi_sum, ORR_SUM_SUM },
  { "svd", 1, 1, 1, orr_bi_svd, 0 },
  { "tan", 1, 1, 1, orr_bi_math, ORR_MATH_TAN },
  { "tanh", 1, 1, 1, orr_bi_math, ORR_MATH_TANH },
  { "trace", 1, 1, 1, orr_bi_trace, 0 },
  { "transpose", 1, 1, 1, orr_bi_transpose, FALSE },
  { "true", 0, M, 1, orr_bi_fill, ORR_FILL_TRUE },
  { "uint16", 1, 1, 1, orr_bi_to_int, ORR_TYPE_UINT16 },
  { "uint32", 1, 1, 1, orr_bi_to_int, ORR_TYPE_UINT32 },
  { "uint8", 1, 1, 1, orr_bi_to_int, ORR_TYPE_UINT8 },
  { "vertcat", 0, M, 1, orr_bi_cat, ORR_CAT_V },
  { "vssIsInLinearization", 0, 0, 1, orr_bi_in_linearization, 0 },
  { "zeros", 0, M, 1, orr_bi_fill, ORR_FILL_ZEROS },
};

#undef M

static int
compare_entry (const void *key, const void *entry)
{
  return strcmp (key, ((const OrrBuiltin *)entry)->name);
}

const OrrBuiltin *
orr_builtin_lookup (const char *name)
{
  return bsearch (name, builtins, G_N_ELEMENTS (builtins), sizeof (OrrBuiltin), compare_entry);
}

gboolean
orr_builtin_invoke (OrrEval *ev, gsize pos, const OrrBuiltin *b, guint nargs, OrrValue **args,
                    guint nargout, OrrValue **out)
{
  if (nargs < b->min_args)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                          "'%s' needs at least %u argument%s, got %u", b->name, b->min_args,
                          b->min_args == 1 ? "" : "s", nargs)
           != NULL;
  if (b->max_args != ORR_ARGS_MANY && nargs > b->max_args)
    {
      if (b->max_args == 0)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "'%s' takes no arguments, got %u",
                              b->name, nargs)
               != NULL;
      return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                            "'%s' takes at most %u argument%s, got %u", b->name, b->max_args,
                            b->max_args == 1 ? "" : "s", nargs)
             != NULL;
    }
  if (nargout > MAX (b->max_out, 1))
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "'%s' returns at most %u value%s",
                          b->name, b->max_out, b->max_out == 1 ? "" : "s")
           != NULL;
  return b->func (ev, pos, b, nargs, args, nargout, out);
}

gboolean
orr_bi_require_numeric (OrrEval *ev, gsize pos, const char *fname, guint argno, const OrrValue *v)
{
  if (v->type == ORR_TYPE_STRING)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_TYPE,
                          "%s: argument %u must be numeric, not a string", fname, argno)
           != NULL;
  return TRUE;
}

gboolean
orr_bi_scalar_arg (OrrEval *ev, gsize pos, const char *fname, guint argno, const OrrValue *v,
                   double *out)
{
  if (v->type == ORR_TYPE_STRING || v->type == ORR_TYPE_COMPLEX || v->rows != 1 || v->cols != 1)
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                          "%s: argument %u must be a real scalar, got a %" G_GSIZE_FORMAT
                          "x%" G_GSIZE_FORMAT " %s",
                          fname, argno, v->rows, v->cols, orr_type_name (v->type))
           != NULL;
  *out = orr_value_real_at (v, 0);
  return TRUE;
}

static gboolean
parse_class (OrrEval *ev, gsize pos, const char *fname, const char *name, OrrType *cls)
{
  static const struct
  {
    const char *name;
    OrrType type;
  } classes[] = {
    { "double", ORR_TYPE_DOUBLE }, { "single", ORR_TYPE_DOUBLE }, { "int8", ORR_TYPE_INT8 },
    { "int16", ORR_TYPE_INT16 },   { "int32", ORR_TYPE_INT32 },   { "uint8", ORR_TYPE_UINT8 },
    { "uint16", ORR_TYPE_UINT16 }, { "uint32", ORR_TYPE_UINT32 }, { "logical", ORR_TYPE_BOOL },
  };

  for (guint k = 0; k < G_N_ELEMENTS (classes); k++)
    if (strcmp (name, classes[k].name) == 0)
      {
        *cls = classes[k].type;
        return TRUE;
      }
  return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s: unknown class name '%s'", fname,
                        name)
         != NULL;
}

static gboolean
size_value (OrrEval *ev, gsize pos, const char *fname, double d, double *out)
{
  if (isnan (d) || (isfinite (d) && d != floor (d)))
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s: sizes must be integers, got %g",
                          fname, d)
           != NULL;
  *out = d < 0 ? 0 : d;
  return TRUE;
}

gboolean
orr_bi_dims_args (OrrEval *ev, gsize pos, const char *fname, guint nargs, OrrValue **args,
                  gsize *rows, gsize *cols, OrrType *cls)
{
  double r = 1, c = 1;

  if (nargs > 0 && args[nargs - 1]->type == ORR_TYPE_STRING)
    {
      if (cls == NULL)
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s: sizes must be numeric", fname)
               != NULL;
      if (!parse_class (ev, pos, fname, args[nargs - 1]->data, cls))
        return FALSE;
      nargs--;
    }
  if (nargs == 1)
    {
      const OrrValue *v = args[0];
      gsize n = orr_value_numel_fast (v);

      if (!orr_bi_require_numeric (ev, pos, fname, 1, v))
        return FALSE;
      if (n == 1)
        {
          if (!size_value (ev, pos, fname, orr_value_real_at (v, 0), &r))
            return FALSE;
          c = r;
        }
      else if (n >= 2)
        {
          if (!size_value (ev, pos, fname, orr_value_real_at (v, 0), &r)
              || !size_value (ev, pos, fname, orr_value_real_at (v, 1), &c))
            return FALSE;
          for (gsize k = 2; k < n; k++)
            if (orr_value_real_at (v, k) != 1)
              return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                    "%s: only two-dimensional sizes are supported", fname)
                     != NULL;
        }
      else
        return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT, "%s: the size must not be empty",
                              fname)
               != NULL;
    }
  else if (nargs >= 2)
    {
      double d;

      for (guint k = 0; k < nargs; k++)
        {
          if (!orr_bi_scalar_arg (ev, pos, fname, k + 1, args[k], &d)
              || !size_value (ev, pos, fname, d, &d))
            return FALSE;
          if (k == 0)
            r = d;
          else if (k == 1)
            c = d;
          else if (d != 1)
            return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                                  "%s: only two-dimensional sizes are supported", fname)
                   != NULL;
        }
    }
  if (!orr_eval_check_size (ev, pos, r, c))
    return FALSE;
  /* one zero dimension makes the other irrelevant, even if huge */
  if ((r == 0 || c == 0)
      && (r > (double)ORR_VALUE_MAX_ELEMENTS || c > (double)ORR_VALUE_MAX_ELEMENTS))
    return orr_eval_check_size (ev, pos, 1, fmax (r, c));
  *rows = (gsize)r;
  *cols = (gsize)c;
  return TRUE;
}

gboolean
orr_bi_dim_arg (OrrEval *ev, gsize pos, const char *fname, guint argno, const OrrValue *v, int *dim)
{
  double d;

  if (!orr_bi_scalar_arg (ev, pos, fname, argno, v, &d))
    return FALSE;
  if (!(d >= 1) || d != floor (d))
    return orr_eval_fail (ev, pos, ORR_EXPR_ERROR_ARGUMENT,
                          "%s: the dimension must be a positive integer, got %g", fname, d)
           != NULL;
  *dim = d > 3 ? 3 : (int)d;
  return TRUE;
}

int
orr_bi_default_dim (const OrrValue *v)
{
  return v->rows != 1 ? 1 : 2;
}
