/* switch.c: Switch, passes input 1 or input 3 depending on input 2.
 *
 * Input 1 passes when the control input 2 satisfies the rule against the
 * threshold (u2 >= a, u2 > a or u2 ~= a), input 3 otherwise. The output
 * jumps when the control crosses the threshold, so with zero crossings on
 * the block has one surface, g = u2 - a, and one mode saying which input
 * passes: the mode holds during an integration interval, the solver never
 * sees the jump, and the surface ends the interval where the control
 * crosses. Inputs 1 and 3 and the output are any matrices of one size and
 * any one element type; the control is a real scalar. */
#include "routing-classes.h"
#include "routing-copy.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  RULE_AT_LEAST = 1, /* u2 >= a */
  RULE_ABOVE = 2,    /* u2 > a */
  RULE_NOT_EQUAL = 3 /* u2 ~= a */
};

enum
{
  MODE_FIRST = 1, /* input 1 passes */
  MODE_THIRD = 2, /* input 3 passes */
};

static const char *const rule_choices[]
  = { N_ ("u2 >= threshold"), N_ ("u2 > threshold"), N_ ("u2 ~= threshold"), NULL };

static const OrrParamSpec switch_params[] = {
  { "rule", N_ ("Pass input 1 when"), "1",
    N_ ("1: u2 >= threshold; 2: u2 > threshold; 3: u2 ~= threshold. Otherwise input 3 passes."),
    ORR_PARAM_CHOICE, rule_choices },
  { "threshold", N_ ("Threshold"), "0", N_ ("The value the control input 2 is compared with.") },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate the times the control crosses the threshold and hold the choice between them, "
        "for an accurate variable-step integration; 0: decide at every point."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
switch_configure (OrrConfig *config, GError **error)
{
  int rule;
  double threshold;
  gboolean zero_crossing;

  if (!orr_param_get_int_range (config, "rule", RULE_AT_LEAST, RULE_NOT_EQUAL, &rule, error)
      || !orr_param_get_finite (config, "threshold", &threshold, error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  if (zero_crossing)
    orr_config_set_surfaces (config, 1, 1);
  orr_config_set_ipar (config, &rule, 1);
  orr_config_set_rpar (config, &threshold, 1);
  return TRUE;
}

static gboolean
passes_first (int rule, double control, double threshold)
{
  switch (rule)
    {
      case RULE_ABOVE:
        return control > threshold;
      case RULE_NOT_EQUAL:
        return control != threshold;
      case RULE_AT_LEAST:
      default:
        return control >= threshold;
    }
}

static void
switch_simulate (OrrSimBlock *block, OrrJob job)
{
  double control = orr_block_real_in (block, 1)[0];
  double threshold = block->rpar[0];
  int rule = block->ipar[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          gboolean first;

          if (block->nmode > 0 && orr_block_modes_fixed (block))
            first = block->mode[0] == MODE_FIRST;
          else
            first = passes_first (rule, control, threshold);
          orr_routing_copy_port (block, 0, first ? 0 : 2);
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->ng > 0)
          block->g[0] = control - threshold;
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = passes_first (rule, control, threshold) ? MODE_FIRST : MODE_THIRD;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_switch_class = {
  .name = "Switch",
  .palette = N_ ("Routing"),
  .label = N_ ("Switch"),
  .description
  = N_ ("Passes input 1 when the control input 2 passes a threshold test, else input 3."),
  .icon_text = "⇄",
  .keywords = "if select choose condition",
  .params = switch_params,
  .n_params = G_N_ELEMENTS (switch_params),
  .configure = switch_configure,
  .simulate = switch_simulate,
};
