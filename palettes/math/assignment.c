/* assignment.c: Assignment, a copy of input 1 with some of its elements
 * replaced: y = u1, then y(k_i) = u2(i) for the given 1-based linear
 * indices k_i (column-major, as u1(k) reads them). Input 2 has one element
 * per index. An index past the end of input 1, whose size is inherited,
 * stops the run at initialisation with a message. ipar = { indices, 0-based }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec assignment_params[] = {
  { "indices", N_ ("Indices"), "1",
    N_ ("The elements of input 1 to replace, by their 1-based column-major indices; input 2 gives "
        "their new values, one per index.") },
};

static gboolean
assignment_configure (OrrConfig *config, GError **error)
{
  const double *indices;
  int n;
  g_autofree int *ipar = NULL;

  if (!orr_param_get_vector (config, "indices", &indices, &n, error))
    return FALSE;
  ipar = g_new (int, n);
  for (int i = 0; i < n; i++)
    {
      if (indices[i] != floor (indices[i]) || indices[i] < 1 || indices[i] > G_MAXINT)
        {
          orr_param_set_error (error, "indices", "must hold whole numbers >= 1, not %g",
                               indices[i]);
          return FALSE;
        }
      ipar[i] = (int)indices[i] - 1;
    }
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, n, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_ipar (config, ipar, n);
  return TRUE;
}

static void
assignment_simulate (OrrSimBlock *block, OrrJob job)
{
  int numel = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_INIT:
        for (int i = 0; i < block->n_ipar; i++)
          if (block->ipar[i] >= numel)
            {
              orr_block_error (block, "index %d is past the end of input 1, which has %d elements",
                               block->ipar[i] + 1, numel);
              return;
            }
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          const double *u2 = orr_block_real_in (block, 1);

          memcpy (y, orr_block_real_in (block, 0), numel * sizeof (double));
          for (int i = 0; i < block->n_ipar; i++)
            if (block->ipar[i] < numel)
              y[block->ipar[i]] = u2[i];
        }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_assignment_class = {
  .name = "Assignment",
  .palette = N_ ("Math"),
  .label = N_ ("Assignment"),
  .description = N_ ("A copy of its first input with the elements at given indices replaced by "
                     "its second input."),
  .icon_text = "y(k)=u2",
  .params = assignment_params,
  .n_params = G_N_ELEMENTS (assignment_params),
  .configure = assignment_configure,
  .simulate = assignment_simulate,
};
