/* sinks-params.c: parameter checks shared by the plotting sinks. */
#include "sinks-params.h"
#include "orr-block-params.h"

gboolean
orr_sinks_get_range (OrrConfig *config, const char *low_name, const char *high_name, double *low,
                     double *high, GError **error)
{
  if (!orr_param_get_finite (config, low_name, low, error)
      || !orr_param_get_finite (config, high_name, high, error))
    return FALSE;
  if (!(*high > *low))
    {
      orr_param_set_error (error, high_name, "must be greater than '%s' (%g), not %g", low_name,
                           *low, *high);
      return FALSE;
    }
  return TRUE;
}
