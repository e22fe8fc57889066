/* multiport-switch.c: MultiportSwitch, the control input picks one of n data
 * inputs.
 *
 * Input 1 is the control, a real scalar: round(u1), clamped to the data
 * inputs, chooses which of inputs 2 ... n + 1 the output copies (counting
 * the data inputs from 1, or from 0). The choice jumps when the control
 * crosses a half-integer, so with zero crossings on the chosen input is a
 * mode, held during an integration interval, and two surfaces watch the
 * control leave the interval of values that choose that input: g1 = u1 -
 * lower end, g2 = upper end - u1, both positive inside (a constant 1 on an
 * open side). Data inputs and output are any matrices of one size and one
 * element type. */
#include "routing-classes.h"
#include "routing-copy.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  INDEXING_ONE = 1,
  INDEXING_ZERO = 2,
};

static const char *const indexing_choices[] = { N_ ("From 1"), N_ ("From 0"), NULL };

static const OrrParamSpec multiport_switch_params[] = {
  { "inputs", N_ ("Number of data inputs"), "2",
    N_ ("How many data inputs to choose from; they follow the control input.") },
  { "indexing", N_ ("Data inputs numbered"), "1",
    N_ ("1: a control of 1 picks the first data input; 2: a control of 0 picks it."),
    ORR_PARAM_CHOICE, indexing_choices },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate the times the control changes the choice and hold the choice between them, for "
        "an accurate variable-step integration; 0: decide at every point."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
multiport_switch_configure (OrrConfig *config, GError **error)
{
  int inputs, indexing;
  gboolean zero_crossing;

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error)
      || !orr_param_get_int_range (config, "indexing", INDEXING_ONE, INDEXING_ZERO, &indexing,
                                   error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  for (int i = 0; i < inputs; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  if (zero_crossing)
    orr_config_set_surfaces (config, 2, 1);
  orr_config_set_ipar (config, &indexing, 1);
  return TRUE;
}

/* The data input (1-based among the data inputs) the control picks. */
static int
choose (const OrrSimBlock *block, double control)
{
  int n = block->n_in - 1;
  double r;

  if (isnan (control))
    return 1;
  r = round (control) + (block->ipar[0] == INDEXING_ZERO ? 1 : 0);
  return (int)CLAMP (r, 1.0, (double)n);
}

static void
multiport_switch_simulate (OrrSimBlock *block, OrrJob job)
{
  double control = orr_block_real_in (block, 0)[0];
  gboolean use_mode = block->nmode > 0 && orr_block_modes_fixed (block);
  int k = use_mode ? block->mode[0] : choose (block, control);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_routing_copy_port (block, 0, CLAMP (k, 1, block->n_in - 1));
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = k;
        if (block->ng >= 2)
          {
            /* The control values that pick data input k, in the user's
             * numbering: [k' - 0.5, k' + 0.5), open at the ends. */
            double shift = block->ipar[0] == INDEXING_ZERO ? 1 : 0;
            double centre = k - shift;

            block->g[0] = k > 1 ? control - (centre - 0.5) : 1.0;
            block->g[1] = k < block->n_in - 1 ? (centre + 0.5) - control : 1.0;
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_multiport_switch_class = {
  .name = "MultiportSwitch",
  .palette = N_ ("Routing"),
  .label = N_ ("Multiport switch"),
  .description = N_ ("Copies the data input chosen by the rounded control input."),
  .icon_text = "⋔",
  .params = multiport_switch_params,
  .n_params = G_N_ELEMENTS (multiport_switch_params),
  .configure = multiport_switch_configure,
  .simulate = multiport_switch_simulate,
};
