/* select-output.c: SelectOutput, sends its input to the output chosen by
 * its activation: an event on activation input k copies the input to
 * output k, and every other output keeps the value it was last given (0
 * before). The mirror of SelectInput. When several come synchronously,
 * each activated output gets the input. Any element type; all ports share
 * it. */
#include "orr-block-params.h"
#include "routing-classes.h"
#include "routing-copy.h"

#include <glib/gi18n-lib.h>

/* nevprt has one bit per activation input; the compiler tells 31 apart. */
#define MAX_OUTPUTS 31

static const OrrParamSpec select_output_params[] = {
  { "outputs", N_ ("Number of outputs"), "2",
    N_ ("How many outputs to choose from, 1 to 31, each with its activation input.") },
};

static gboolean
select_output_configure (OrrConfig *config, GError **error)
{
  int outputs;

  if (!orr_param_get_int_range (config, "outputs", 1, MAX_OUTPUTS, &outputs, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  for (int i = 0; i < outputs; i++)
    orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_event_ports (config, outputs, 0);
  return TRUE;
}

static void
select_output_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job != ORR_JOB_OUTPUTS || block->nevprt <= 0)
    return;
  for (int k = 0; k < block->n_out && k < MAX_OUTPUTS; k++)
    if (block->nevprt & (1 << k))
      orr_routing_copy_port (block, k, 0);
}

const OrrBlockClass orr_select_output_class = {
  .name = "SelectOutput",
  .palette = N_ ("Routing"),
  .label = N_ ("Select output"),
  .description = N_ ("Copies its input to the output whose activation input is active; the others "
                     "hold."),
  .icon_text = "→Sel",
  .params = select_output_params,
  .n_params = G_N_ELEMENTS (select_output_params),
  .configure = select_output_configure,
  .simulate = select_output_simulate,
};
