/* orr-context-call.c: linearize() and equilibrium() as a model's context
 * calls them (seed 000, 7.1.2: a model that designs its own controller on
 * every run):
 *
 *   [A, B, C, D] = linearize('Plant', inputs, outputs, t, 'z0 = 0; th0 = 0')
 *   U = equilibrium('Plant', 'U', 'phi = 0.001')
 *
 * The last argument is a script whose assignments win over the model's
 * context for the analysis (the seed's ctx structure). The model is
 * evaluated again for the analysis, with in_linearization() true: the
 * context must guard its own call with it, or the analysis would call
 * itself (refused with a message saying so). */
#include "orr-analysis-private.h"

#include <math.h>
#include <string.h>

typedef struct
{
  OrrModel *model;
  OrrRegistry *registry;
} ModelRef;

gpointer
orr_analysis_model_ref_new (OrrModel *model, OrrRegistry *registry)
{
  ModelRef *ref = g_new0 (ModelRef, 1);

  ref->model = g_object_ref (model);
  ref->registry = registry;
  return ref;
}

void
orr_analysis_model_ref_free (gpointer data)
{
  ModelRef *ref = data;

  if (ref == NULL)
    return;
  g_object_unref (ref->model);
  g_free (ref);
}

static gboolean
int_list (const char *fname, const char *what, OrrValue *v, int **out, int *n, GError **error)
{
  gsize numel = orr_value_numel (v);

  *out = NULL;
  *n = 0;
  if (orr_value_get_type_id (v) == ORR_TYPE_STRING)
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_PORTS,
                   "%s: %s must be port numbers such as [1 2], not a string", fname, what);
      return FALSE;
    }
  if (numel == 0)
    return TRUE; /* []: every port */
  *out = g_new (int, numel);
  for (gsize i = 0; i < numel; i++)
    {
      double d = orr_value_get_real (v, i);

      if (!(d >= 1 && d == floor (d) && d < 1000))
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_PORTS,
                       "%s: %s must be port numbers from 1, not %g", fname, what, d);
          g_clear_pointer (out, g_free);
          return FALSE;
        }
      (*out)[i] = (int)d;
    }
  *n = (int)numel;
  return TRUE;
}

static OrrScope *
overrides_from (const char *fname, OrrValue *script, GError **error)
{
  g_autoptr (OrrScope) tmp = orr_scope_new (NULL);
  OrrScope *scope;
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) names = NULL;
  const char *text = script != NULL ? orr_value_get_string (script) : "";

  if (text == NULL)
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                   "%s: the context changes must be a script in a string, such as 'z0 = 0; th0 "
                   "= 0'",
                   fname);
      return NULL;
    }
  if (!orr_script_run (text, tmp, &local))
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                   "%s: the context changes '%s' failed: %s", fname, text, local->message);
      return NULL;
    }
  scope = orr_scope_new (NULL);
  names = orr_scope_list_local (tmp);
  for (int i = 0; names[i] != NULL; i++)
    orr_scope_pin (scope, names[i], orr_scope_lookup (tmp, names[i]));
  return scope;
}

static OrrValue *
matrix_value (int rows, int cols, const double *data)
{
  if (rows == 0 || cols == 0)
    return orr_value_new_matrix (ORR_TYPE_DOUBLE, rows, cols);
  return orr_value_new_from_doubles (rows, cols, data);
}

gboolean
orr_analysis_context_call (const char *name, guint nargs, OrrValue **args, guint nargout,
                           OrrValue **out, gpointer data, GError **error)
{
  ModelRef *ref = data;
  const char *block = nargs > 0 ? orr_value_get_string (args[0]) : NULL;

  if (block == NULL)
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NO_BLOCK,
                   "%s: the first argument is the super block's path, as a string ('Plant'; '' "
                   "for the whole model)",
                   name);
      return FALSE;
    }

  if (strcmp (name, "linearize") == 0)
    {
      g_autofree int *inputs = NULL;
      g_autofree int *outputs = NULL;
      g_autoptr (OrrScope) overrides = NULL;
      g_autoptr (OrrLinearModel) lm = NULL;
      OrrLinearizeOptions options;
      int n_in = 0, n_out = 0;

      orr_linearize_options_init (&options);
      if ((nargs > 1 && !int_list (name, "the inputs", args[1], &inputs, &n_in, error))
          || (nargs > 2 && !int_list (name, "the outputs", args[2], &outputs, &n_out, error)))
        return FALSE;
      if (nargs > 3)
        {
          if (orr_value_numel (args[3]) != 1 || orr_value_get_type_id (args[3]) == ORR_TYPE_STRING)
            {
              g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                           "%s: the fourth argument is the time of the operating point, a "
                           "number",
                           name);
              return FALSE;
            }
          options.at_time = orr_value_get_real (args[3], 0);
        }
      if (nargs > 4 && (overrides = overrides_from (name, args[4], error)) == NULL)
        return FALSE;
      options.block = block;
      options.inputs = inputs;
      options.n_inputs = inputs != NULL ? n_in : 0;
      options.outputs = outputs;
      options.n_outputs = outputs != NULL ? n_out : 0;
      options.overrides = overrides;
      lm = orr_linearize (ref->model, ref->registry, &options, error);
      if (lm == NULL)
        return FALSE;
      out[0] = matrix_value (lm->nx, lm->nx, lm->a);
      if (nargout > 1)
        out[1] = matrix_value (lm->nx, lm->nu, lm->b);
      if (nargout > 2)
        out[2] = matrix_value (lm->ny, lm->nx, lm->c);
      if (nargout > 3)
        out[3] = matrix_value (lm->ny, lm->nu, lm->d);
      return TRUE;
    }

  if (strcmp (name, "equilibrium") == 0)
    {
      const char *vars_text = nargs > 1 ? orr_value_get_string (args[1]) : NULL;
      g_auto (GStrv) vars = NULL;
      g_autoptr (OrrScope) overrides = NULL;
      g_autoptr (OrrTrimResult) result = NULL;
      OrrTrimOptions options;

      if (vars_text == NULL)
        {
          g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED,
                       "%s: the second argument names the context variables to vary, in a "
                       "string ('U' or 'U V')",
                       name);
          return FALSE;
        }
      vars = g_strsplit_set (vars_text, " ,;", -1);
      {
        /* drop the empty pieces of "U,  V" */
        int k = 0;

        for (int i = 0; vars[i] != NULL; i++)
          if (vars[i][0] != '\0')
            vars[k++] = vars[i];
          else
            g_free (vars[i]);
        vars[k] = NULL;
      }
      if (nargs > 2 && (overrides = overrides_from (name, args[2], error)) == NULL)
        return FALSE;
      orr_trim_options_init (&options);
      options.block = block;
      options.vars = (const char *const *)vars;
      options.overrides = overrides;
      result = orr_trim (ref->model, ref->registry, &options, error);
      if (result == NULL)
        return FALSE;
      out[0] = matrix_value (1, result->n_vars, result->var_values);
      return TRUE;
    }

  g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_FAILED, "%s: unknown analysis", name);
  return FALSE;
}
