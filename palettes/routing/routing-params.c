/* routing-params.c: parameter checks shared by Routing blocks. */
#include "routing-params.h"
#include "orr-block-params.h"

#include <math.h>

/* Sizes are summed into one port: keep the sum well inside an int. */
#define MAX_TOTAL_LENGTH 100000000

gboolean
orr_routing_get_port_sizes (OrrConfig *config, const char *name, int **sizes, int *n_ports,
                            int *total, GError **error)
{
  const double *values;
  g_autofree int *result = NULL;
  int n, sum = 0;

  if (!orr_param_get_vector (config, name, &values, &n, error))
    return FALSE;

  if (n == 1)
    {
      /* n ports of one element each */
      int count;

      if (!orr_param_get_int_range (config, name, 1, ORR_PALETTE_MAX_PORTS, &count, error))
        return FALSE;
      result = g_new (int, count);
      for (int i = 0; i < count; i++)
        result[i] = 1;
      *n_ports = count;
      *total = count;
      *sizes = g_steal_pointer (&result);
      return TRUE;
    }

  if (n > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, name, "must list at most %d ports, not %d", ORR_PALETTE_MAX_PORTS,
                           n);
      return FALSE;
    }
  result = g_new (int, n);
  for (int i = 0; i < n; i++)
    {
      double v = values[i];

      if (!(v >= 1 && v <= MAX_TOTAL_LENGTH) || v != floor (v))
        {
          orr_param_set_error (error, name,
                               "must hold whole numbers >= 1 (the length of each port), but "
                               "element %d is %g",
                               i + 1, v);
          return FALSE;
        }
      result[i] = (int)v;
      sum += result[i];
      if (sum > MAX_TOTAL_LENGTH)
        {
          orr_param_set_error (error, name, "adds up to more than %d elements", MAX_TOTAL_LENGTH);
          return FALSE;
        }
    }
  *n_ports = n;
  *total = sum;
  *sizes = g_steal_pointer (&result);
  return TRUE;
}

gboolean
orr_routing_get_tag (OrrConfig *config, OrrValue **tag, GError **error)
{
  OrrValue *value = orr_config_get_param (config, "tag");

  if (value == NULL || orr_value_get_type_id (value) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "tag", "must be a quoted name, e.g. 'speed'");
      return FALSE;
    }
  if (*orr_value_get_string (value) == '\0')
    {
      orr_param_set_error (error, "tag", "must not be empty");
      return FALSE;
    }
  *tag = value;
  return TRUE;
}
