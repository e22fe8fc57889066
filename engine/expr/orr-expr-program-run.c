/* orr-expr-program-run.c - runs a compiled expression program: one pass
 * over its instructions, each a loop over fixed-size registers in the
 * program's memory. Nothing is allocated, and an error (an index computed
 * from the inputs out of range, a singular matrix) is written into the
 * program's own buffer.
 */
#include "orr-expr-program-private.h"
#include "orr-expr-error.h"
#include "orr-matrix-fns.h"

#include <orrery/orr-dense.h>

#include <math.h>
#include <string.h>

const char *
orr_expr_program_get_error (const OrrExprProgram *p)
{
  g_return_val_if_fail (p != NULL, NULL);
  return p->failed ? p->error : NULL;
}

static gboolean run_failed (OrrExprProgram *p, const Instr *ins, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

/* Records the message in the program's buffer: nothing is allocated. */
static gboolean
run_failed (OrrExprProgram *p, const Instr *ins, const char *format, ...)
{
  char body[ORR_EXPR_PROGRAM_ERROR_CHARS];
  int line, column;
  va_list args;

  va_start (args, format);
  g_vsnprintf (body, sizeof body, format, args);
  va_end (args);
  orr_expr_position (p->text, ins->pos, &line, &column);
  g_snprintf (p->error, sizeof p->error, "line %d, column %d: %s", line, column, body);
  p->failed = TRUE;
  return FALSE;
}

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

static double
sign_real (double x)
{
  return isnan (x) ? x : (x > 0) - (x < 0);
}

#define UNARY_LOOP(EXPR)                                                                           \
  for (int i = 0; i < count; i++)                                                                  \
    {                                                                                              \
      double x = a[i];                                                                             \
      d[i] = (EXPR);                                                                               \
    }

static void
run_unary (double *m, const Instr *ins)
{
  const double *a = m + ins->src[0];
  double *d = m + ins->dst;
  int count = ins->n[0];

  switch ((UnaryFn)ins->fn)
    {
      case U_NEG:
        UNARY_LOOP (-x);
        break;
      case U_NOT:
        UNARY_LOOP (x == 0 ? 1.0 : 0.0);
        break;
      case U_TRUTH:
        UNARY_LOOP (x != 0 ? 1.0 : 0.0);
        break;
      case U_ABS:
        UNARY_LOOP (fabs (x));
        break;
      case U_SIGN:
        UNARY_LOOP (sign_real (x));
        break;
      case U_SQRT:
        UNARY_LOOP (sqrt (x));
        break;
      case U_EXP:
        UNARY_LOOP (exp (x));
        break;
      case U_LOG:
        UNARY_LOOP (log (x));
        break;
      case U_LOG10:
        UNARY_LOOP (log10 (x));
        break;
      case U_LOG2:
        UNARY_LOOP (log2 (x));
        break;
      case U_SIN:
        UNARY_LOOP (sin (x));
        break;
      case U_COS:
        UNARY_LOOP (cos (x));
        break;
      case U_TAN:
        UNARY_LOOP (tan (x));
        break;
      case U_ASIN:
        UNARY_LOOP (asin (x));
        break;
      case U_ACOS:
        UNARY_LOOP (acos (x));
        break;
      case U_ATAN:
        UNARY_LOOP (atan (x));
        break;
      case U_SINH:
        UNARY_LOOP (sinh (x));
        break;
      case U_COSH:
        UNARY_LOOP (cosh (x));
        break;
      case U_TANH:
        UNARY_LOOP (tanh (x));
        break;
      case U_ASINH:
        UNARY_LOOP (asinh (x));
        break;
      case U_ACOSH:
        UNARY_LOOP (acosh (x));
        break;
      case U_ATANH:
        UNARY_LOOP (atanh (x));
        break;
      case U_FLOOR:
        UNARY_LOOP (floor (x));
        break;
      case U_CEIL:
        UNARY_LOOP (ceil (x));
        break;
      case U_ROUND:
        UNARY_LOOP (round (x));
        break;
      case U_FIX:
        UNARY_LOOP (trunc (x));
        break;
      case U_ISNAN:
        UNARY_LOOP (isnan (x) ? 1.0 : 0.0);
        break;
      case U_ISINF:
        UNARY_LOOP (isinf (x) ? 1.0 : 0.0);
        break;
      case U_ISFINITE:
        UNARY_LOOP (isfinite (x) ? 1.0 : 0.0);
        break;
      default:
        break;
    }
}

#undef UNARY_LOOP

/* One loop per broadcasting mode, so that the common cases stay simple
 * loops the compiler can optimise. */
#define BINARY_LOOP(EXPR)                                                                          \
  switch (mode)                                                                                    \
    {                                                                                              \
      case BCAST_SAME:                                                                             \
        for (int i = 0; i < rows * cols; i++)                                                      \
          {                                                                                        \
            double x = a[i], y = b[i];                                                             \
            d[i] = (EXPR);                                                                         \
          }                                                                                        \
        break;                                                                                     \
      case BCAST_A_SCALAR:                                                                         \
        for (int i = 0; i < rows * cols; i++)                                                      \
          {                                                                                        \
            double x = a[0], y = b[i];                                                             \
            d[i] = (EXPR);                                                                         \
          }                                                                                        \
        break;                                                                                     \
      case BCAST_B_SCALAR:                                                                         \
        for (int i = 0; i < rows * cols; i++)                                                      \
          {                                                                                        \
            double x = a[i], y = b[0];                                                             \
            d[i] = (EXPR);                                                                         \
          }                                                                                        \
        break;                                                                                     \
      default:                                                                                     \
        for (int j = 0, k = 0; j < cols; j++)                                                      \
          for (int i = 0; i < rows; i++, k++)                                                      \
            {                                                                                      \
              double x = a[i * ins->rs[0] + j * ins->cs[0]],                                       \
                     y = b[i * ins->rs[1] + j * ins->cs[1]];                                       \
              d[k] = (EXPR);                                                                       \
            }                                                                                      \
        break;                                                                                     \
    }

static void
run_binary (double *m, const Instr *ins)
{
  const double *a = m + ins->src[0], *b = m + ins->src[1];
  double *d = m + ins->dst;
  int rows = ins->rows, cols = ins->cols;
  BroadcastMode mode = (BroadcastMode)ins->n[0];

  switch ((BinaryFn)ins->fn)
    {
      case B_ADD:
        BINARY_LOOP (x + y);
        break;
      case B_SUB:
        BINARY_LOOP (x - y);
        break;
      case B_MUL:
        BINARY_LOOP (x * y);
        break;
      case B_DIV:
        BINARY_LOOP (x / y);
        break;
      case B_POW:
        BINARY_LOOP (pow (x, y));
        break;
      case B_EQ:
        BINARY_LOOP (x == y ? 1.0 : 0.0);
        break;
      case B_NE:
        BINARY_LOOP (x != y ? 1.0 : 0.0);
        break;
      case B_LT:
        BINARY_LOOP (x < y ? 1.0 : 0.0);
        break;
      case B_LE:
        BINARY_LOOP (x <= y ? 1.0 : 0.0);
        break;
      case B_GT:
        BINARY_LOOP (x > y ? 1.0 : 0.0);
        break;
      case B_GE:
        BINARY_LOOP (x >= y ? 1.0 : 0.0);
        break;
      case B_AND:
        BINARY_LOOP (x != 0 && y != 0 ? 1.0 : 0.0);
        break;
      case B_OR:
        BINARY_LOOP (x != 0 || y != 0 ? 1.0 : 0.0);
        break;
      case B_ATAN2:
        BINARY_LOOP (atan2 (x, y));
        break;
      case B_HYPOT:
        BINARY_LOOP (hypot (x, y));
        break;
      case B_MOD:
        BINARY_LOOP (mod_real (x, y));
        break;
      case B_REM:
        BINARY_LOOP (y == 0 ? NAN : fmod (x, y));
        break;
      case B_MAX:
        BINARY_LOOP (fmax (x, y));
        break;
      case B_MIN:
        BINARY_LOOP (fmin (x, y));
        break;
      default:
        break;
    }
}

#undef BINARY_LOOP

static void
run_select (double *m, const Instr *ins)
{
  const double *cond = m + ins->src[0], *yes = m + ins->src[1], *no = m + ins->src[2];
  double *d = m + ins->dst;

  for (int j = 0, k = 0; j < ins->cols; j++)
    for (int i = 0; i < ins->rows; i++, k++)
      d[k] = cond[i * ins->rs[0] + j * ins->cs[0]] != 0 ? yes[i * ins->rs[1] + j * ins->cs[1]]
                                                        : no[i * ins->rs[2] + j * ins->cs[2]];
}

static void
run_matmul (double *m, const Instr *ins)
{
  const double *a = m + ins->src[0], *b = m + ins->src[1];
  double *d = m + ins->dst;
  int rows = ins->n[0], inner = ins->n[1], cols = ins->n[2];

  for (int j = 0; j < cols; j++)
    {
      for (int i = 0; i < rows; i++)
        d[i + j * rows] = 0.0;
      for (int k = 0; k < inner; k++)
        {
          double f = b[k + j * inner];

          for (int i = 0; i < rows; i++)
            d[i + j * rows] += a[i + k * rows] * f;
        }
    }
}

static void
run_reduce (double *m, const Instr *ins)
{
  const double *a = m + ins->src[0];
  double *d = m + ins->dst;
  int len = ins->n[0], count = ins->n[1], step = ins->n[2], lane = ins->n[3];

  for (int o = 0; o < count; o++)
    {
      const double *x = a + o * lane;
      double acc;

      switch ((ReduceFn)ins->fn)
        {
          case R_SUM:
          case R_MEAN:
            acc = 0;
            for (int k = 0; k < len; k++)
              acc += x[k * step];
            if (ins->fn == R_MEAN)
              acc /= len;
            break;
          case R_PROD:
            acc = 1;
            for (int k = 0; k < len; k++)
              acc *= x[k * step];
            break;
          case R_MAX:
          case R_MIN:
            /* NaN loses; all NaN gives NaN */
            acc = x[0];
            for (int k = 0; k < len; k++)
              {
                double v = x[k * step];

                if (isnan (acc) || (ins->fn == R_MAX ? v > acc : v < acc))
                  acc = v;
              }
            break;
          case R_ANY:
            acc = 0;
            for (int k = 0; k < len && acc == 0; k++)
              acc = x[k * step] != 0;
            break;
          case R_ALL:
            acc = 1;
            for (int k = 0; k < len && acc != 0; k++)
              acc = x[k * step] != 0;
            break;
          default:
            acc = NAN;
            break;
        }
      d[o] = acc;
    }
}

static void
run_cumulate (double *m, const Instr *ins)
{
  const double *a = m + ins->src[0];
  double *d = m + ins->dst;
  int len = ins->n[0], count = ins->n[1], step = ins->n[2], lane = ins->n[3];

  for (int o = 0; o < count; o++)
    {
      double acc = ins->fn == R_CUMPROD ? 1 : 0;

      for (int k = 0; k < len; k++)
        {
          int i = o * lane + k * step;

          acc = ins->fn == R_CUMPROD ? acc * a[i] : acc + a[i];
          d[i] = acc;
        }
    }
}

/* The 1-based index @v as a 0-based offset below @bound, or -1. Indices
 * computed at run time are rounded to the nearest integer. */
static int
index_offset (double v, int bound)
{
  double r = round (v);

  return r >= 1 && r <= bound ? (int)r - 1 : -1;
}

static gboolean
run_index (OrrExprProgram *p, const Instr *ins)
{
  double *m = p->mem;
  const double *base = m + ins->src[0], *first = m + ins->src[1];
  double *d = m + ins->dst;
  int numel = ins->n[0], rows = ins->n[1], n1 = ins->n[2];

  if (ins->src[2] < 0)
    {
      for (int k = 0; k < n1; k++)
        {
          int i = index_offset (first[k], numel);

          if (i < 0)
            return run_failed (p, ins, "index %g is out of bounds 1..%d", first[k], numel);
          d[k] = base[i];
        }
    }
  else
    {
      const double *second = m + ins->src[2];
      int cols = numel / rows, n2 = ins->n[3];

      for (int b = 0; b < n2; b++)
        {
          int j = index_offset (second[b], cols);

          if (j < 0)
            return run_failed (p, ins, "column index %g is out of bounds 1..%d", second[b], cols);
          for (int a = 0; a < n1; a++)
            {
              int i = index_offset (first[a], rows);

              if (i < 0)
                return run_failed (p, ins, "row index %g is out of bounds 1..%d", first[a], rows);
              d[a + b * n1] = base[i + j * rows];
            }
        }
    }
  return TRUE;
}

static gboolean
run_lu (OrrExprProgram *p, const Instr *ins)
{
  double *m = p->mem;
  int n = ins->n[0];
  double *lu = m + ins->n[1], *d = m + ins->dst;
  int *piv = p->pivots + ins->n[2];
  gboolean regular;

  memcpy (lu, m + ins->src[0], sizeof (double) * n * n);
  regular = orr_dense_lu (lu, n, piv);
  if (ins->op == OP_DET)
    {
      d[0] = orr_dense_lu_det (lu, n, piv);
      return TRUE;
    }
  if (!regular)
    return run_failed (p, ins, "matrix is singular");
  if (ins->op == OP_INV)
    {
      orr_dense_lu_inverse (lu, n, piv, d);
      return TRUE;
    }
  /* OP_SOLVE: every column of b */
  memcpy (d, m + ins->src[1], sizeof (double) * n * ins->n[3]);
  orr_dense_lu_solve (lu, n, piv, d, ins->n[3]);
  return TRUE;
}

/* lu, expm, eig, svd and lsqminnorm, in the scratch space the compiler set
 * aside (see OpCode) */
static gboolean
run_matrix_fn (OrrExprProgram *p, const Instr *ins)
{
  double *m = p->mem, *d = m + ins->dst;
  const double *a = m + ins->src[0];
  int n = ins->n[0];
  const char *message = NULL;

  switch ((OpCode)ins->op)
    {
      case OP_LU:
        orr_matfn_lu (a, n, d, p->pivots + ins->n[2]);
        break;
      case OP_EXPM:
        message = orr_matfn_expm (a, n, d, m + ins->n[1], p->pivots + ins->n[2]);
        break;
      case OP_EIG:
        {
          double *re = m + ins->n[1], *im = re + n;

          message = orr_matfn_eig (a, n, re, im, im + n);
          if (message == NULL)
            memcpy (d, ins->fn == 0 ? re : im, sizeof (double) * n);
        }
        break;
      case OP_SVD:
        message = orr_matfn_svd (a, n, ins->n[1], d, m + ins->n[3]);
        break;
      case OP_LSQ:
        message = orr_matfn_lsq (a, m + ins->src[1], n, ins->n[1], ins->n[2], d, m + ins->n[3],
                                 p->pivots + ins->rs[0]);
        break;
      default:
        break;
    }
  return message == NULL || run_failed (p, ins, "%s", message);
}

gboolean
orr_expr_program_run (OrrExprProgram *p, const double *const *inputs, double *output)
{
  double *m;
  int n_out;

  g_return_val_if_fail (p != NULL, FALSE);
  m = p->mem;
  n_out = p->out_rows * p->out_cols;
  p->failed = FALSE;
  for (int k = 0; k < p->n_inputs; k++)
    if (inputs[k] != NULL)
      memcpy (m + p->input_offset[k], inputs[k], sizeof (double) * p->input_numel[k]);

  for (int pc = 0; pc < p->n_code; pc++)
    {
      const Instr *ins = &p->code[pc];
      gboolean ok = TRUE;

      switch ((OpCode)ins->op)
        {
          case OP_UNARY:
            run_unary (m, ins);
            break;
          case OP_BINARY:
            run_binary (m, ins);
            break;
          case OP_SELECT:
            run_select (m, ins);
            break;
          case OP_MATMUL:
            run_matmul (m, ins);
            break;
          case OP_GATHER:
            {
              const int *table = p->tables + ins->n[1];
              double *d = m + ins->dst;

              for (int k = 0; k < ins->n[0]; k++)
                d[k] = table[k] < 0 ? 0.0 : m[table[k]];
            }
            break;
          case OP_INDEX:
            ok = run_index (p, ins);
            break;
          case OP_REDUCE:
            run_reduce (m, ins);
            break;
          case OP_CUMULATE:
            run_cumulate (m, ins);
            break;
          case OP_INV:
          case OP_DET:
          case OP_SOLVE:
            ok = run_lu (p, ins);
            break;
          case OP_LU:
          case OP_EXPM:
          case OP_EIG:
          case OP_SVD:
          case OP_LSQ:
            ok = run_matrix_fn (p, ins);
            break;
          default:
            break;
        }
      if (!ok)
        {
          for (int k = 0; k < n_out; k++)
            output[k] = NAN;
          return FALSE;
        }
    }
  if (n_out > 0)
    memcpy (output, m + p->out_offset, sizeof (double) * n_out);
  return TRUE;
}
