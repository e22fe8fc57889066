/* scope.c: Scope, records its inputs for plotting.
 *
 * Each input is a column vector of its own length (distinct placeholders
 * -1, -2 ... so that the inputs do not have to agree). Every accepted call
 * records one sample: the inputs concatenated, in port order. Trial points
 * of the solver are skipped, since they may be thrown away. */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <string.h>

static const OrrParamSpec scope_params[] = {
  { "inputs", "Number of inputs", "1",
    "How many inputs; each is a vector, and every element becomes one curve." },
};

static gboolean
scope_configure (OrrConfig *config, GError **error)
{
  int inputs;

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error))
    return FALSE;
  /* Feedthrough so that the scope runs after the blocks it shows. */
  for (int i = 0; i < inputs; i++)
    orr_config_add_input (config, -(i + 1), 1, ORR_TYPE_DOUBLE, TRUE);
  return TRUE;
}

static int
total_numel (const OrrSimBlock *block)
{
  int n = 0;

  for (int k = 0; k < block->n_in; k++)
    n += orr_block_in_numel (block, k);
  return n;
}

static void
scope_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        /* Room to concatenate the inputs without allocating per sample. */
        if (block->n_in > 1)
          block->work = g_new0 (double, total_numel (block));
        break;

      case ORR_JOB_OUTPUTS:
        if (orr_block_in_try_phase (block))
          break;
        if (block->n_in == 1)
          orr_block_record (block, orr_block_real_in (block, 0), orr_block_in_numel (block, 0));
        else if (block->work != NULL)
          {
            double *values = block->work;
            int n = 0;

            for (int k = 0; k < block->n_in; k++)
              {
                int numel = orr_block_in_numel (block, k);
                memcpy (values + n, orr_block_real_in (block, k), numel * sizeof (double));
                n += numel;
              }
            orr_block_record (block, values, n);
          }
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_scope_class = {
  .name = "Scope",
  .palette = "Sinks",
  .label = "Scope",
  .description = "Plots its inputs against time.",
  .icon_text = "Scope",
  .params = scope_params,
  .n_params = G_N_ELEMENTS (scope_params),
  .configure = scope_configure,
  .simulate = scope_simulate,
};
