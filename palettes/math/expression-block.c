/* expression-block.c: the formula blocks' shared half. The configure step
 * compiles the formula to report mistakes where the user typed them and to
 * learn the output's size; the compiled program holds C pointers and
 * cannot travel in rpar/ipar/opar, so init compiles the stored text again
 * (quickly, and only once per run) and keeps the program in the block's
 * work memory until terminate. Each call then runs it without allocating.
 *
 * A failure at run time (an index computed from the inputs out of range,
 * a singular matrix) stops the simulation with the program's message at
 * accepted points; at a solver's trial point, which may be thrown away,
 * the output is NaN instead. */
#include "expression-block.h"
#include "orr-block-params.h"

#include <orrery/orr-expr-program.h>
#include <string.h>

/* How much of a formula the block draws as its label. */
#define LABEL_CHARS 16

typedef struct
{
  OrrExprProgram *program;
  const double **inputs; /* n pointers, refreshed at every call */
} Work;

/* p as a scope for the formula's free names. */
static OrrScope *
parameter_scope (OrrValue *p)
{
  OrrScope *scope = orr_scope_new (NULL);

  orr_scope_set (scope, "p", p);
  return scope;
}

gboolean
orr_math_expression_setup (OrrConfig *config, int n, const int *rows, const int *cols,
                           int *out_rows, int *out_cols, GError **error)
{
  OrrValue *expression = orr_config_get_param (config, "expression");
  g_autoptr (OrrValue) p = NULL;
  g_autoptr (OrrScope) scope = NULL;
  g_autoptr (OrrExprProgram) program = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree int *ipar = NULL;
  const double *values;
  const char *text;
  int pr, pc;

  if (expression == NULL || orr_value_get_type_id (expression) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "expression", "must be a string, such as 'sin(u1)*u2'");
      return FALSE;
    }
  if (!orr_config_get_doubles (config, "parameters", &values, &pr, &pc, error))
    return FALSE;
  text = orr_value_get_string (expression);
  p = orr_value_new_from_doubles (pr, pc, values);
  scope = parameter_scope (p);
  program = orr_expr_program_new (text, n, rows, cols, scope, &local);
  if (program == NULL)
    {
      /* the message starts with the line and column, and ends with the
       * formula and a caret under the mistake */
      g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                   "parameter 'expression': %s", local->message);
      return FALSE;
    }
  orr_expr_program_get_size (program, out_rows, out_cols);
  if (*out_rows * *out_cols == 0)
    {
      orr_param_set_error (error, "expression",
                           "gives an empty %dx%d matrix; an output needs "
                           "at least one element",
                           *out_rows, *out_cols);
      return FALSE;
    }

  ipar = g_new (int, 1 + 2 * n);
  ipar[0] = n;
  for (int k = 0; k < n; k++)
    {
      /* an input the formula never reads does not make a loop algebraic */
      orr_config_add_input (config, rows[k], cols[k], ORR_TYPE_DOUBLE,
                            orr_expr_program_uses_input (program, k));
      ipar[1 + 2 * k] = rows[k];
      ipar[2 + 2 * k] = cols[k];
    }
  orr_config_set_ipar (config, ipar, 1 + 2 * n);
  orr_config_add_opar (config, expression);
  orr_config_add_opar (config, p);
  if (g_utf8_strlen (text, -1) <= LABEL_CHARS && strchr (text, '\n') == NULL)
    orr_config_set_label (config, text);
  return TRUE;
}

static void
start (OrrSimBlock *block)
{
  int n = block->ipar[0];
  g_autofree int *rows = g_new (int, n + 1);
  g_autofree int *cols = g_new (int, n + 1);
  g_autoptr (OrrScope) scope = parameter_scope (block->opar[1]);
  g_autoptr (GError) error = NULL;
  Work *w;

  for (int k = 0; k < n; k++)
    {
      rows[k] = block->ipar[1 + 2 * k];
      cols[k] = block->ipar[2 + 2 * k];
    }
  w = g_new0 (Work, 1);
  w->inputs = g_new0 (const double *, n + 1);
  w->program
    = orr_expr_program_new (orr_value_get_string (block->opar[0]), n, rows, cols, scope, &error);
  block->work = w;
  if (w->program == NULL)
    orr_block_error (block, "%s", error->message);
}

static void
stop (OrrSimBlock *block)
{
  Work *w = block->work;

  if (w == NULL)
    return;
  orr_expr_program_free (w->program);
  g_free (w->inputs);
  g_free (w);
  block->work = NULL;
}

static void
compute (OrrSimBlock *block)
{
  Work *w = block->work;
  double *y = orr_block_real_out (block, 0);

  if (w == NULL || w->program == NULL)
    return;
  for (int k = 0; k < block->n_in; k++)
    w->inputs[k] = orr_block_real_in (block, k);
  if (!orr_expr_program_run (w->program, w->inputs, y) && !orr_block_in_try_phase (block))
    orr_block_error (block, "%s", orr_expr_program_get_error (w->program));
}

void
orr_math_expression_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        start (block);
        break;
      case ORR_JOB_OUTPUTS:
        compute (block);
        break;
      case ORR_JOB_TERMINATE:
        stop (block);
        break;
      default:
        break;
    }
}
