/* orr-block-params.c: parameter checks shared by the standard blocks. */
#include "orr-block-params.h"

#include <math.h>
#include <string.h>

/* Longer labels would overflow a block of the default size. */
#define LABEL_MAX_CHARS 10

void
orr_param_set_error (GError **error, const char *name, const char *format, ...)
{
  g_autofree char *rest = NULL;
  va_list args;

  va_start (args, format);
  rest = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER, "parameter '%s' %s", name,
               rest);
}

gboolean
orr_param_get_finite (OrrConfig *config, const char *name, double *value, GError **error)
{
  double v;

  if (!orr_config_get_double (config, name, &v, error))
    return FALSE;
  if (!isfinite (v))
    {
      orr_param_set_error (error, name, "must be a finite number, not %g", v);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

gboolean
orr_param_get_flag (OrrConfig *config, const char *name, gboolean *value, GError **error)
{
  double v;

  if (!orr_config_get_double (config, name, &v, error))
    return FALSE;
  if (v != 0.0 && v != 1.0)
    {
      orr_param_set_error (error, name, "must be 0 or 1, not %g", v);
      return FALSE;
    }
  *value = v != 0.0;
  return TRUE;
}

gboolean
orr_param_get_int_range (OrrConfig *config, const char *name, int min, int max, int *value,
                         GError **error)
{
  int v;

  if (!orr_config_get_int (config, name, &v, error))
    return FALSE;
  if (v < min || v > max)
    {
      orr_param_set_error (error, name, "must be between %d and %d, not %d", min, max, v);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

gboolean
orr_param_get_matrix (OrrConfig *config, const char *name, const double **values, int *rows,
                      int *cols, GError **error)
{
  int r, c;

  if (!orr_config_get_doubles (config, name, values, &r, &c, error))
    return FALSE;
  if (r == 0 || c == 0)
    {
      orr_param_set_error (error, name, "must not be empty");
      return FALSE;
    }
  *rows = r;
  *cols = c;
  return TRUE;
}

gboolean
orr_param_get_vector (OrrConfig *config, const char *name, const double **values, int *n,
                      GError **error)
{
  int r, c;

  if (!orr_param_get_matrix (config, name, values, &r, &c, error))
    return FALSE;
  if (r != 1 && c != 1)
    {
      orr_param_set_error (error, name, "must be a vector, not a %dx%d matrix", r, c);
      return FALSE;
    }
  *n = r * c;
  return TRUE;
}

void
orr_param_label_from (OrrConfig *config, const char *name)
{
  OrrValue *value = orr_config_get_param (config, name);
  g_autofree char *text = NULL;

  if (value == NULL)
    return;
  text = orr_value_to_display (value);
  if (text != NULL && g_utf8_strlen (text, -1) <= LABEL_MAX_CHARS)
    orr_config_set_label (config, text);
}
