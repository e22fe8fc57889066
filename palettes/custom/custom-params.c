/* custom-params.c: parameter checks for the scripted custom blocks (see
 * custom-params.h). */
#include "custom-params.h"
#include "orr-block-params.h"

#include <math.h>

gboolean
orr_custom_get_string (OrrConfig *config, const char *name, const char **text, GError **error)
{
  OrrValue *value = orr_config_get_param (config, name);

  if (value == NULL)
    {
      orr_param_set_error (error, name, "is missing");
      return FALSE;
    }
  if (orr_value_get_type_id (value) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, name, "must be a string (in quotes), not %s",
                           orr_type_name (orr_value_get_type_id (value)));
      return FALSE;
    }
  *text = orr_value_get_string (value);
  return TRUE;
}

gboolean
orr_custom_is_blank (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

gboolean
orr_custom_get_optional_vector (OrrConfig *config, const char *name, const double **values, int *n,
                                GError **error)
{
  int rows, cols;

  if (!orr_config_get_doubles (config, name, values, &rows, &cols, error))
    return FALSE;
  if (rows == 0 || cols == 0)
    {
      *n = 0;
      return TRUE;
    }
  if (rows != 1 && cols != 1)
    {
      orr_param_set_error (error, name, "must be a vector or [], not a %dx%d matrix", rows, cols);
      return FALSE;
    }
  for (int i = 0; i < rows * cols; i++)
    if (!isfinite ((*values)[i]))
      {
        orr_param_set_error (error, name, "must hold finite numbers, not %g", (*values)[i]);
        return FALSE;
      }
  *n = rows * cols;
  return TRUE;
}

gboolean
orr_custom_get_port_sizes (OrrConfig *config, const char *name, const double **sizes, int *n,
                           GError **error)
{
  int rows, cols;

  if (!orr_config_get_doubles (config, name, sizes, &rows, &cols, error))
    return FALSE;
  if (rows == 0 || cols == 0)
    {
      *n = 0;
      return TRUE;
    }
  if (cols != 2)
    {
      orr_param_set_error (error, name,
                           "must have one row [rows cols] per port, or be [] for none; not a "
                           "%dx%d matrix",
                           rows, cols);
      return FALSE;
    }
  if (rows > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, name, "must not ask for more than %d ports, not %d",
                           ORR_PALETTE_MAX_PORTS, rows);
      return FALSE;
    }
  for (int i = 0; i < 2 * rows; i++)
    {
      double size = (*sizes)[i];

      if (!isfinite (size) || size != floor (size) || size == 0 || fabs (size) > G_MAXINT)
        {
          orr_param_set_error (error, name,
                               "must hold whole, non-zero sizes (negative: taken from the "
                               "link), not %g",
                               size);
          return FALSE;
        }
    }
  *n = rows;
  return TRUE;
}

gboolean
orr_custom_get_feedthrough (OrrConfig *config, int n_in, gboolean *values, GError **error)
{
  const double *ft;
  int n;

  if (!orr_custom_get_optional_vector (config, "feedthrough", &ft, &n, error))
    return FALSE;
  if (n != 1 && n != n_in && !(n == 0 && n_in == 0))
    {
      orr_param_set_error (error, "feedthrough",
                           "must have one value per input (%d) or a single value, not %d", n_in, n);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    if (ft[i] != 0 && ft[i] != 1)
      {
        orr_param_set_error (error, "feedthrough", "must hold 0 or 1, not %g", ft[i]);
        return FALSE;
      }
  for (int i = 0; i < n_in; i++)
    values[i] = ft[n == 1 ? 0 : i] != 0;
  return TRUE;
}
