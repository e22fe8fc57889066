/* orr-script-analysis.c: linear analysis (orr-analysis.h) for bindings:
 * the linear model as a boxed type, linearize with plain arguments, and
 * the matrices and poles as bytes that numpy wraps. */
#include <orrery/orr-script.h>

G_DEFINE_BOXED_TYPE (OrrLinearModel, orr_linear_model, orr_linear_model_copy, orr_linear_model_free)

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
