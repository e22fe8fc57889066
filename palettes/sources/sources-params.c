/* sources-params.c: scalar-or-matrix parameters of the signal generators
 * (see sources-params.h). */
#include "sources-params.h"
#include "orr-block-params.h"

double *
orr_sources_get_broadcast (OrrConfig *config, const char *const *names, int n_names, int *rows,
                           int *cols, GError **error)
{
  g_autofree const double **values = g_new0 (const double *, n_names);
  g_autofree int *numel = g_new0 (int, n_names);
  const char *sized = NULL; /* the first non-scalar parameter */
  int r = 1, c = 1, n;
  double *expanded;

  for (int k = 0; k < n_names; k++)
    {
      int kr, kc;

      if (!orr_param_get_matrix (config, names[k], &values[k], &kr, &kc, error))
        return NULL;
      numel[k] = kr * kc;
      if (numel[k] == 1)
        continue;
      if (sized == NULL)
        {
          sized = names[k];
          r = kr;
          c = kc;
        }
      else if (kr != r || kc != c)
        {
          orr_param_set_error (error, names[k], "must be a scalar or %dx%d like '%s', not %dx%d", r,
                               c, sized, kr, kc);
          return NULL;
        }
    }

  n = r * c;
  expanded = g_new (double, (gsize)n_names *n);
  for (int k = 0; k < n_names; k++)
    for (int i = 0; i < n; i++)
      expanded[k * n + i] = values[k][numel[k] == 1 ? 0 : i];
  *rows = r;
  *cols = c;
  return expanded;
}

gboolean
orr_sources_get_positive (OrrConfig *config, const char *name, double *value, GError **error)
{
  if (!orr_param_get_finite (config, name, value, error))
    return FALSE;
  if (!(*value > 0))
    {
      orr_param_set_error (error, name, "must be greater than 0, not %g", *value);
      return FALSE;
    }
  return TRUE;
}
