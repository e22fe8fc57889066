/* flip-flop.c: the machinery the flip-flops and the latch share (see
 * flip-flop.h). */
#include "flip-flop.h"
#include "orr-block-params.h"

gboolean
orr_flip_flop_configure (OrrConfig *config, const OrrFlipFlop *flip_flop, GError **error)
{
  gboolean init;
  double z0[2];

  if (!orr_param_get_flag (config, "init", &init, error))
    return FALSE;
  z0[0] = init;
  z0[1] = 0; /* no clock seen: a clock already high at the first activation rose */
  for (int i = 0; i < flip_flop->n_inputs; i++)
    {
      orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
      orr_config_set_input_label (config, i, flip_flop->input_labels[i]);
    }
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_output_label (config, 0, "Q");
  orr_config_set_output_label (config, 1, "!Q");
  orr_config_set_discrete_states (config, 2, z0);
  return TRUE;
}

static gboolean
next_q (OrrSimBlock *block, const OrrFlipFlop *flip_flop)
{
  gboolean u[8] = { FALSE };
  gboolean rose = FALSE;

  for (int i = 0; i < flip_flop->n_inputs && i < (int)G_N_ELEMENTS (u); i++)
    u[i] = orr_block_real_in (block, i)[0] != 0;
  if (flip_flop->clock >= 0)
    rose = block->z[1] <= 0 && orr_block_real_in (block, flip_flop->clock)[0] > 0;
  return flip_flop->next (u, block->z[0] != 0, rose);
}

void
orr_flip_flop_simulate (OrrSimBlock *block, OrrJob job, const OrrFlipFlop *flip_flop)
{
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          gboolean q = next_q (block, flip_flop);

          orr_block_real_out (block, 0)[0] = q;
          orr_block_real_out (block, 1)[0] = !q;
        }
        break;

      case ORR_JOB_STATE_UPDATE:
        block->z[0] = next_q (block, flip_flop);
        if (flip_flop->clock >= 0)
          block->z[1] = orr_block_real_in (block, flip_flop->clock)[0];
        break;

      default:
        break;
    }
}
