/* orr-script-analysis.c: linear analysis (orr-analysis.h) for bindings:
 * the linear model as a boxed type, linearize with plain arguments, and
 * the matrices and poles as bytes that numpy wraps; equilibria (orr_trim)
 * the same way. */
#include <orrery/orr-script.h>

G_DEFINE_BOXED_TYPE (OrrLinearModel, orr_linear_model, orr_linear_model_copy, orr_linear_model_free)
G_DEFINE_BOXED_TYPE (OrrTrimResult, orr_trim_result, orr_trim_result_copy, orr_trim_result_free)

OrrLinearModel *
orr_model_linearize (OrrModel *model, OrrRegistry *registry, const char *block, const int *inputs,
                     int n_inputs, const int *outputs, int n_outputs, double at_time,
                     OrrScope *overrides, GError **error)
{
  OrrLinearizeOptions options;

  orr_linearize_options_init (&options);
  options.block = block;
  options.inputs = inputs;
  options.n_inputs = inputs != NULL ? n_inputs : 0;
  options.outputs = outputs;
  options.n_outputs = outputs != NULL ? n_outputs : 0;
  options.at_time = at_time;
  options.overrides = overrides;
  return orr_linearize (model, registry, &options, error);
}

GBytes *
orr_linear_model_dup_matrix (const OrrLinearModel *model, char which, int *rows, int *cols)
{
  const double *data;
  int r, c;

  switch (g_ascii_toupper (which))
    {
      case 'A':
        data = model->a, r = model->nx, c = model->nx;
        break;
      case 'B':
        data = model->b, r = model->nx, c = model->nu;
        break;
      case 'C':
        data = model->c, r = model->ny, c = model->nx;
        break;
      case 'D':
        data = model->d, r = model->ny, c = model->nu;
        break;
      default:
        g_return_val_if_reached (NULL);
    }
  *rows = r;
  *cols = c;
  return g_bytes_new (data, sizeof (double) * (gsize)r * (gsize)c);
}

GBytes *
orr_linear_model_dup_poles (const OrrLinearModel *model, GError **error)
{
  g_autofree double *re = g_new0 (double, MAX (model->nx, 1));
  g_autofree double *im = g_new0 (double, MAX (model->nx, 1));
  double *pairs;

  if (!orr_linear_model_poles (model, re, im, error))
    return NULL;
  pairs = g_new (double, 2 * MAX (model->nx, 1));
  for (int i = 0; i < model->nx; i++)
    {
      pairs[2 * i] = re[i];
      pairs[2 * i + 1] = im[i];
    }
  return g_bytes_new_take (pairs, sizeof (double) * 2 * model->nx);
}

OrrTrimResult *
orr_model_trim (OrrModel *model, OrrRegistry *registry, const char *block, const char *const *vars,
                gboolean vary_states, gboolean vary_inputs, const int *inputs, int n_inputs,
                const int *outputs, int n_outputs, OrrScope *overrides, double tolerance,
                GError **error)
{
  OrrTrimOptions options;

  orr_trim_options_init (&options);
  options.block = block;
  options.vars = vars;
  options.vary_states = vary_states;
  options.vary_inputs = vary_inputs;
  options.inputs = inputs;
  options.n_inputs = inputs != NULL ? n_inputs : 0;
  options.outputs = outputs;
  options.n_outputs = outputs != NULL ? n_outputs : 0;
  options.overrides = overrides;
  options.tolerance = tolerance;
  return orr_trim (model, registry, &options, error);
}

GBytes *
orr_trim_result_dup_values (const OrrTrimResult *result, char which)
{
  switch (g_ascii_tolower (which))
    {
      case 'v':
        return g_bytes_new (result->var_values, sizeof (double) * result->n_vars);
      case 'x':
        return g_bytes_new (result->x, sizeof (double) * result->nx);
      case 'u':
        return g_bytes_new (result->u, sizeof (double) * result->nu);
      case 'r':
        return g_bytes_new (result->residuals, sizeof (double) * result->n_residuals);
      default:
        g_return_val_if_reached (NULL);
    }
}

char **
orr_trim_result_dup_names (const OrrTrimResult *result, char which)
{
  switch (g_ascii_tolower (which))
    {
      case 'v':
        return g_strdupv (result->var_names);
      case 'r':
        return g_strdupv (result->residual_names);
      default:
        g_return_val_if_reached (NULL);
    }
}
