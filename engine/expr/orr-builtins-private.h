/* orr-builtins-private.h - argument helpers shared by the builtin
 * implementations, and the implementations the table refers to.
 */
#pragma once

#include "orr-builtins.h"

#define ORR_BUILTIN_ARGS                                                                           \
  OrrEval *ev, gsize pos, const OrrBuiltin *self, guint nargs, OrrValue **args, guint nargout,     \
    OrrValue **out

/* TYPE error unless @v is numeric or logical. */
gboolean orr_bi_require_numeric (OrrEval *ev, gsize pos, const char *fname, guint argno,
                                 const OrrValue *v);
/* A real numeric scalar. */
gboolean orr_bi_scalar_arg (OrrEval *ev, gsize pos, const char *fname, guint argno,
                            const OrrValue *v, double *out);
/* A size given as (), (n), (m, n) or ([m n]), optionally followed by a
 * class name when @cls is not NULL. */
gboolean orr_bi_dims_args (OrrEval *ev, gsize pos, const char *fname, guint nargs, OrrValue **args,
                           gsize *rows, gsize *cols, OrrType *cls);
/* A dimension argument: 1 or 2 (larger ones are allowed and mean "each
 * element on its own"). */
gboolean orr_bi_dim_arg (OrrEval *ev, gsize pos, const char *fname, guint argno, const OrrValue *v,
                         int *dim);
/* MATLAB's default: the first dimension whose size is not 1. */
int orr_bi_default_dim (const OrrValue *v);

/* orr-builtins-array.c */
gboolean orr_bi_fill (ORR_BUILTIN_ARGS);
gboolean orr_bi_constant (ORR_BUILTIN_ARGS);
gboolean orr_bi_eps (ORR_BUILTIN_ARGS);
gboolean orr_bi_size (ORR_BUILTIN_ARGS);
gboolean orr_bi_shape_query (ORR_BUILTIN_ARGS);
gboolean orr_bi_reshape (ORR_BUILTIN_ARGS);
gboolean orr_bi_repmat (ORR_BUILTIN_ARGS);
gboolean orr_bi_diag (ORR_BUILTIN_ARGS);
gboolean orr_bi_flip (ORR_BUILTIN_ARGS);
gboolean orr_bi_cat (ORR_BUILTIN_ARGS);
gboolean orr_bi_linspace (ORR_BUILTIN_ARGS);
gboolean orr_bi_transpose (ORR_BUILTIN_ARGS);

/* orr-builtins-types.c */
gboolean orr_bi_to_int (ORR_BUILTIN_ARGS);
gboolean orr_bi_double (ORR_BUILTIN_ARGS);
gboolean orr_bi_logical (ORR_BUILTIN_ARGS);
gboolean orr_bi_complex (ORR_BUILTIN_ARGS);
gboolean orr_bi_class (ORR_BUILTIN_ARGS);
gboolean orr_bi_type_query (ORR_BUILTIN_ARGS);
gboolean orr_bi_isequal (ORR_BUILTIN_ARGS);

/* orr-builtins-string.c */
gboolean orr_bi_num2str (ORR_BUILTIN_ARGS);
gboolean orr_bi_char (ORR_BUILTIN_ARGS);
gboolean orr_bi_strcat (ORR_BUILTIN_ARGS);
gboolean orr_bi_strcmp (ORR_BUILTIN_ARGS);
gboolean orr_bi_error (ORR_BUILTIN_ARGS);

/* orr-builtins-math.c */
gboolean orr_bi_math (ORR_BUILTIN_ARGS);
gboolean orr_bi_rounding (ORR_BUILTIN_ARGS);
gboolean orr_bi_abs (ORR_BUILTIN_ARGS);
gboolean orr_bi_sign (ORR_BUILTIN_ARGS);
gboolean orr_bi_parts (ORR_BUILTIN_ARGS);
gboolean orr_bi_classify (ORR_BUILTIN_ARGS);
gboolean orr_bi_binary_math (ORR_BUILTIN_ARGS);

/* orr-builtins-reduce.c */
gboolean orr_bi_sum (ORR_BUILTIN_ARGS);
gboolean orr_bi_cumulative (ORR_BUILTIN_ARGS);
gboolean orr_bi_minmax (ORR_BUILTIN_ARGS);
gboolean orr_bi_anyall (ORR_BUILTIN_ARGS);
gboolean orr_bi_find (ORR_BUILTIN_ARGS);
gboolean orr_bi_sort (ORR_BUILTIN_ARGS);

/* orr-builtins-base.c */
gboolean orr_bi_get_from_base (ORR_BUILTIN_ARGS);

/* orr-linalg.c */
gboolean orr_bi_inv (ORR_BUILTIN_ARGS);
gboolean orr_bi_det (ORR_BUILTIN_ARGS);
gboolean orr_bi_trace (ORR_BUILTIN_ARGS);
gboolean orr_bi_norm (ORR_BUILTIN_ARGS);

/* orr-builtins-control.c */
gboolean orr_bi_control (ORR_BUILTIN_ARGS);
gboolean orr_bi_lu (ORR_BUILTIN_ARGS);
gboolean orr_bi_lsqminnorm (ORR_BUILTIN_ARGS);
gboolean orr_bi_svd (ORR_BUILTIN_ARGS);
gboolean orr_bi_in_linearization (ORR_BUILTIN_ARGS);
gboolean orr_bi_analysis (ORR_BUILTIN_ARGS);

/* Variants selected through OrrBuiltin.data */
enum
{
  ORR_CONTROL_EIG,
  ORR_CONTROL_EXPM,
  ORR_CONTROL_CTRB,
  ORR_CONTROL_OBSV,
  ORR_CONTROL_PLACE,
  ORR_CONTROL_LQR,
  ORR_CONTROL_SS
};
enum
{
  ORR_FILL_ZEROS,
  ORR_FILL_ONES,
  ORR_FILL_INF,
  ORR_FILL_NAN,
  ORR_FILL_TRUE,
  ORR_FILL_FALSE,
  ORR_FILL_EYE
};
enum
{
  ORR_CONST_PI,
  ORR_CONST_I
};
enum
{
  ORR_SHAPE_LENGTH,
  ORR_SHAPE_NUMEL,
  ORR_SHAPE_NDIMS,
  ORR_SHAPE_ISEMPTY,
  ORR_SHAPE_ISSCALAR,
  ORR_SHAPE_ISVECTOR,
  ORR_SHAPE_ISROW,
  ORR_SHAPE_ISCOLUMN
};
enum
{
  ORR_FLIP_LR,
  ORR_FLIP_UD
};
enum
{
  ORR_CAT_H,
  ORR_CAT_V
};
enum
{
  ORR_TYPEQ_NUMERIC,
  ORR_TYPEQ_STRING,
  ORR_TYPEQ_LOGICAL,
  ORR_TYPEQ_REAL,
  ORR_TYPEQ_FLOAT,
  ORR_TYPEQ_INTEGER
};
enum
{
  ORR_MATH_SQRT,
  ORR_MATH_EXP,
  ORR_MATH_LOG,
  ORR_MATH_LOG10,
  ORR_MATH_LOG2,
  ORR_MATH_SIN,
  ORR_MATH_COS,
  ORR_MATH_TAN,
  ORR_MATH_ASIN,
  ORR_MATH_ACOS,
  ORR_MATH_ATAN,
  ORR_MATH_SINH,
  ORR_MATH_COSH,
  ORR_MATH_TANH,
  ORR_MATH_ASINH,
  ORR_MATH_ACOSH,
  ORR_MATH_ATANH
};
enum
{
  ORR_ROUND_FLOOR,
  ORR_ROUND_CEIL,
  ORR_ROUND_ROUND,
  ORR_ROUND_FIX
};
enum
{
  ORR_PART_REAL,
  ORR_PART_IMAG,
  ORR_PART_CONJ,
  ORR_PART_ANGLE
};
enum
{
  ORR_CLASSIFY_ISNAN,
  ORR_CLASSIFY_ISINF,
  ORR_CLASSIFY_ISFINITE
};
enum
{
  ORR_BINMATH_ATAN2,
  ORR_BINMATH_HYPOT,
  ORR_BINMATH_MOD,
  ORR_BINMATH_REM
};
enum
{
  ORR_SUM_SUM,
  ORR_SUM_PROD,
  ORR_SUM_MEAN
};
enum
{
  ORR_CUM_SUM,
  ORR_CUM_PROD
};
enum
{
  ORR_MIN,
  ORR_MAX
};
enum
{
  ORR_ANY,
  ORR_ALL
};
