/* counter.c: Counter, counts its activations between a minimum and a
 * maximum, wrapping around.
 *
 * The value to show at the next activation lives in the discrete state z,
 * so the output job writes z as it was before the event (its left limit)
 * and the state update moves it on: the n-th activation of an increasing
 * counter outputs minimum + n - 1. */
#include "sources-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  RULE_INCREMENT = 1,
  RULE_DECREMENT = 2,
};

static const char *const rule_choices[] = { N_ ("Increment"), N_ ("Decrement"), NULL };

static const OrrParamSpec counter_params[] = {
  { "minimum", N_ ("Minimum"), "1",
    N_ ("The first value of an increasing counter, a whole number.") },
  { "maximum", N_ ("Maximum"), "1e9",
    N_ ("The largest value, a whole number above the minimum; the counter wraps around past it.") },
  { "rule", N_ ("Rule"), "1", N_ ("1: count up from the minimum; 2: count down from the maximum."),
    ORR_PARAM_CHOICE, rule_choices },
};

static gboolean
counter_configure (OrrConfig *config, GError **error)
{
  int minimum, maximum, rule;
  int ipar[3];
  double z0;

  if (!orr_config_get_int (config, "minimum", &minimum, error)
      || !orr_config_get_int (config, "maximum", &maximum, error)
      || !orr_param_get_int_range (config, "rule", RULE_INCREMENT, RULE_DECREMENT, &rule, error))
    return FALSE;
  if (maximum <= minimum)
    {
      orr_param_set_error (error, "maximum", "must be greater than the minimum (%d), not %d",
                           minimum, maximum);
      return FALSE;
    }

  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  ipar[0] = minimum;
  ipar[1] = maximum;
  ipar[2] = rule;
  orr_config_set_ipar (config, ipar, 3);
  z0 = rule == RULE_INCREMENT ? minimum : maximum;
  orr_config_set_discrete_states (config, 1, &z0);
  return TRUE;
}

static void
counter_simulate (OrrSimBlock *block, OrrJob job)
{
  double minimum = block->ipar[0];
  double maximum = block->ipar[1];
  double *z = block->z;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = z[0];
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt <= 0)
          break;
        if (block->ipar[2] == RULE_INCREMENT)
          z[0] = z[0] >= maximum ? minimum : z[0] + 1;
        else
          z[0] = z[0] <= minimum ? maximum : z[0] - 1;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_counter_class = {
  .name = "Counter",
  .palette = N_ ("Sources"),
  .label = N_ ("Counter"),
  .description = N_ ("Counts its activations up or down between a minimum and a maximum."),
  .icon_text = "n++",
  .params = counter_params,
  .n_params = G_N_ELEMENTS (counter_params),
  .configure = counter_configure,
  .simulate = counter_simulate,
};
