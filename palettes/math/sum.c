/* sum.c: Sum. With several signs (or weights) s_i, one input per entry,
 * all of the same size: y = sum s_i u_i element by element. With a single
 * entry s the block sums the elements of its one input: y = s * sum(u),
 * a scalar. The signs are kept in rpar. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec sum_params[] = {
  { "signs", N_ ("Signs"), "[1 1]",
    N_ ("One entry per input, e.g. [1 -1] for u1 - u2 (other values act as weights). A single "
        "entry s sums the elements of one input: y = s*sum(u).") },
};

static gboolean
sum_configure (OrrConfig *config, GError **error)
{
  const double *signs;
  int n;

  if (!orr_param_get_vector (config, "signs", &signs, &n, error))
    return FALSE;
  if (n > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, "signs", "must have at most %d entries, not %d",
                           ORR_PALETTE_MAX_PORTS, n);
      return FALSE;
    }

  if (n == 1)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
    }
  else
    {
      for (int i = 0; i < n; i++)
        orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
    }
  orr_config_set_rpar (config, signs, n);
  return TRUE;
}

static void
sum_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *signs = block->rpar;
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  y = orr_block_real_out (block, 0);

  /* two scalars, the common case (a feedback loop's error) */
  if (block->n_rpar == 2 && block->out[0].rows * block->out[0].cols == 1)
    {
      y[0]
        = signs[0] * orr_block_real_in (block, 0)[0] + signs[1] * orr_block_real_in (block, 1)[0];
      return;
    }
  if (block->n_rpar == 1)
    {
      const double *u = orr_block_real_in (block, 0);
      int n = orr_block_in_numel (block, 0);
      double sum = 0.0;

      for (int i = 0; i < n; i++)
        sum += u[i];
      y[0] = signs[0] * sum;
    }
  else
    {
      int n = orr_block_out_numel (block, 0);

      for (int i = 0; i < n; i++)
        {
          double sum = 0.0;
          for (int k = 0; k < block->n_in; k++)
            sum += signs[k] * orr_block_real_in (block, k)[i];
          y[i] = sum;
        }
    }
}

const OrrBlockClass orr_sum_class = {
  .name = "Sum",
  .palette = N_ ("Math"),
  .label = N_ ("Sum"),
  .description = N_ ("Adds or subtracts its inputs, or sums the elements of one input."),
  .icon_text = "+",
  .keywords = "add subtract plus minus difference error adder",
  .params = sum_params,
  .n_params = G_N_ELEMENTS (sum_params),
  .configure = sum_configure,
  .simulate = sum_simulate,
};
