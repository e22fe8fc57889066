/* orr-expression-list.c: formulas one per line (see
 * orr-expression-list.h). */
#include "orr-expression-list.h"
#include "orr-block-params.h"

#include <orrery/orr-expr-program.h>
#include <string.h>

typedef struct
{
  int n_programs;
  OrrExprProgram **programs;
  const double **inputs; /* n pointers, refreshed at every call */
} Work;

/* The non-blank lines of text, trimmed. */
static char **
split_lines (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *kept = g_ptr_array_new ();

  for (int i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line != '\0')
        g_ptr_array_add (kept, g_strdup (line));
    }
  g_ptr_array_add (kept, NULL);
  return (char **)g_ptr_array_free (kept, FALSE);
}

static OrrScope *
parameter_scope (OrrValue *p)
{
  OrrScope *scope = orr_scope_new (NULL);

  orr_scope_set (scope, "p", p);
  return scope;
}

gboolean
orr_expression_list_setup (OrrConfig *config, const char *text_name, int n, const int *rows,
                           const int *cols, int *n_formulas, int *out_rows, int *out_cols,
                           GError **error)
{
  OrrValue *text = orr_config_get_param (config, text_name);
  g_autoptr (OrrValue) p = NULL;
  g_autoptr (OrrScope) scope = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree int *ipar = NULL;
  g_autofree gboolean *used = g_new0 (gboolean, n + 1);
  const double *values;
  int pr, pc, count;

  if (text == NULL || orr_value_get_type_id (text) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, text_name, "must be text, one formula per line");
      return FALSE;
    }
  if (!orr_config_get_doubles (config, "parameters", &values, &pr, &pc, error))
    return FALSE;
  p = orr_value_new_from_doubles (pr, pc, values);
  scope = parameter_scope (p);
  lines = split_lines (orr_value_get_string (text));
  count = g_strv_length (lines);
  if (count == 0 || count > ORR_EXPRESSION_LIST_MAX)
    {
      orr_param_set_error (error, text_name, "must hold 1 to %d formulas, one per line, not %d",
                           ORR_EXPRESSION_LIST_MAX, count);
      return FALSE;
    }
  for (int i = 0; i < count; i++)
    {
      g_autoptr (GError) local = NULL;
      g_autoptr (OrrExprProgram) program
        = orr_expr_program_new (lines[i], n, rows, cols, scope, &local);

      if (program == NULL)
        {
          g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                       "parameter '%s', formula %d: %s", text_name, i + 1, local->message);
          return FALSE;
        }
      orr_expr_program_get_size (program, &out_rows[i], &out_cols[i]);
      if (out_rows[i] * out_cols[i] == 0)
        {
          orr_param_set_error (error, text_name, "formula %d gives an empty matrix", i + 1);
          return FALSE;
        }
      for (int k = 0; k < n; k++)
        used[k] = used[k] || orr_expr_program_uses_input (program, k);
    }

  ipar = g_new (int, 1 + 2 * n);
  ipar[0] = n;
  for (int k = 0; k < n; k++)
    {
      orr_config_add_input (config, rows[k], cols[k], ORR_TYPE_DOUBLE, used[k]);
      ipar[1 + 2 * k] = rows[k];
      ipar[2 + 2 * k] = cols[k];
    }
  orr_config_set_ipar (config, ipar, 1 + 2 * n);
  orr_config_add_opar (config, text);
  orr_config_add_opar (config, p);
  *n_formulas = count;
  return TRUE;
}

void
orr_expression_list_start (OrrSimBlock *block)
{
  int n = block->ipar[0];
  g_autofree int *rows = g_new (int, n + 1);
  g_autofree int *cols = g_new (int, n + 1);
  g_autoptr (OrrScope) scope = parameter_scope (block->opar[1]);
  g_auto (GStrv) lines = split_lines (orr_value_get_string (block->opar[0]));
  Work *w = g_new0 (Work, 1);

  for (int k = 0; k < n; k++)
    {
      rows[k] = block->ipar[1 + 2 * k];
      cols[k] = block->ipar[2 + 2 * k];
    }
  w->n_programs = g_strv_length (lines);
  w->programs = g_new0 (OrrExprProgram *, w->n_programs);
  w->inputs = g_new0 (const double *, n + 1);
  block->work = w;
  for (int i = 0; i < w->n_programs; i++)
    {
      g_autoptr (GError) error = NULL;

      w->programs[i] = orr_expr_program_new (lines[i], n, rows, cols, scope, &error);
      if (w->programs[i] == NULL)
        {
          orr_block_error (block, "formula %d: %s", i + 1, error->message);
          return;
        }
    }
}

void
orr_expression_list_stop (OrrSimBlock *block)
{
  Work *w = block->work;

  if (w == NULL)
    return;
  for (int i = 0; i < w->n_programs; i++)
    orr_expr_program_free (w->programs[i]);
  g_free (w->programs);
  g_free (w->inputs);
  g_free (w);
  block->work = NULL;
}

gboolean
orr_expression_list_run (OrrSimBlock *block, int k, double *out)
{
  Work *w = block->work;

  if (w == NULL || k >= w->n_programs || w->programs[k] == NULL)
    return FALSE;
  for (int i = 0; i < block->n_in; i++)
    w->inputs[i] = orr_block_real_in (block, i);
  if (orr_expr_program_run (w->programs[k], w->inputs, out))
    return TRUE;
  if (!orr_block_in_try_phase (block))
    orr_block_error (block, "formula %d: %s", k + 1, orr_expr_program_get_error (w->programs[k]));
  return FALSE;
}
