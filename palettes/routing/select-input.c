/* select-input.c: SelectInput, copies the input by which it was last
 * activated.
 *
 * The block has one activation per data input: either inherited, one
 * hidden activation input per regular input (ORR_INHERIT_PER_INPUT), so
 * input k is selected whenever the block driving it runs, or drawn, one
 * activation input per data input. When several come synchronously the
 * highest-numbered one wins, as in Scicos. The selection is kept in z so
 * that the output keeps copying the same input when the block is called
 * without an activation of its own (at initialisation, in continuous
 * time). Any element type; all ports share it. */
#include "routing-classes.h"
#include "routing-copy.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  ACTIVATION_INHERITED = 1,
  ACTIVATION_EXPLICIT = 2,
};

/* nevprt has one bit per activation input; the compiler tells 31 apart. */
#define MAX_INPUTS 31

static const char *const activation_choices[]
  = { N_ ("Inherited from each input"), N_ ("One activation input per data input"), NULL };

static const OrrParamSpec select_input_params[] = {
  { "inputs", N_ ("Number of inputs"), "2", N_ ("How many data inputs to choose from, 1 to 31.") },
  { "activation", N_ ("Activation"), "1",
    N_ ("1: input k is selected whenever the block driving it runs; 2: the block gets one "
        "activation input per data input, and an event on activation input k selects input k."),
    ORR_PARAM_CHOICE, activation_choices },
};

static gboolean
select_input_configure (OrrConfig *config, GError **error)
{
  int inputs, activation;
  const double z0 = 1; /* input 1 until something else is selected */

  if (!orr_param_get_int_range (config, "inputs", 1, MAX_INPUTS, &inputs, error)
      || !orr_param_get_int_range (config, "activation", ACTIVATION_INHERITED, ACTIVATION_EXPLICIT,
                                   &activation, error))
    return FALSE;
  for (int i = 0; i < inputs; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  if (activation == ACTIVATION_EXPLICIT)
    orr_config_set_event_ports (config, inputs, 0);
  else
    orr_config_set_inheritance (config, ORR_INHERIT_PER_INPUT);
  orr_config_set_discrete_states (config, 1, &z0);
  return TRUE;
}

/* The 0-based input this call selects: the highest activated one, or the
 * one selected before when the call brings no activation bits. */
static int
selected_input (const OrrSimBlock *block)
{
  int k = (int)block->z[0] - 1;

  if (block->nevprt > 0)
    for (int i = 0; i < block->n_in && i < MAX_INPUTS; i++)
      if (block->nevprt & (1 << i))
        k = i;
  return CLAMP (k, 0, block->n_in - 1);
}

static void
select_input_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_routing_copy_port (block, 0, selected_input (block));
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          block->z[0] = selected_input (block) + 1;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_select_input_class = {
  .name = "SelectInput",
  .palette = N_ ("Routing"),
  .label = N_ ("Select input"),
  .description = N_ ("Copies the input whose activation came last."),
  .icon_text = "Sel",
  .params = select_input_params,
  .n_params = G_N_ELEMENTS (select_input_params),
  .configure = select_input_configure,
  .simulate = select_input_simulate,
};
