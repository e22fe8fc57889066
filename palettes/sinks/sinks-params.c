/* sinks-params.c: parameter checks shared by the plotting sinks. */
#include "sinks-params.h"

#include <string.h>
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

int
orr_sinks_inputs_numel (const OrrSimBlock *block)
{
  int n = 0;

  for (int k = 0; k < block->n_in; k++)
    n += orr_block_in_numel (block, k);
  return n;
}

int
orr_sinks_gather_inputs (OrrSimBlock *block, double *row)
{
  int n = 0;

  for (int k = 0; k < block->n_in; k++)
    {
      int numel = orr_block_in_numel (block, k);

      memcpy (row + n, orr_block_real_in (block, k), numel * sizeof (double));
      n += numel;
    }
  return n;
}
