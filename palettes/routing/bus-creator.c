/* bus-creator.c: BusCreator, makes a bus of its inputs (docs/buses.md).
 *
 * Input k goes into the bus under the k-th name; a bus input nests, so
 * that 'motor.speed' reaches into it later. The compiler works out the
 * bus and its length; at run time the block only stacks its inputs into
 * one column, as Mux does. Doubles only. */
#include "bus-names.h"
#include "routing-classes.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec bus_creator_params[] = {
  { "names", N_ ("Signal names"), "'a, b'",
    N_ ("The names of the inputs in the bus, in order, as a text in quotes: 'position, speed'. "
        "There are as many inputs as names.") },
};

static gboolean
bus_creator_configure (OrrConfig *config, GError **error)
{
  g_auto (GStrv) names = NULL;
  int n;

  if (!orr_bus_get_names (config, "names", FALSE, &names, &n, error))
    return FALSE;
  /* any size each: the bus records what the links bring */
  for (int k = 0; k < n; k++)
    {
      orr_config_add_input (config, -(2 * k + 1), -(2 * k + 2), ORR_TYPE_DOUBLE, TRUE);
      orr_config_set_input_label (config, k, names[k]);
    }
  orr_config_add_output (config, -(2 * n + 1), 1, ORR_TYPE_DOUBLE);
  orr_config_set_bus_creator (config, (const char *const *)names, n);
  return TRUE;
}

static void
bus_creator_simulate (OrrSimBlock *block, OrrJob job)
{
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  y = orr_block_real_out (block, 0);
  for (int k = 0; k < block->n_in; k++)
    {
      int numel = orr_block_in_numel (block, k);

      memcpy (y, orr_block_real_in (block, k), numel * sizeof (double));
      y += numel;
    }
}

const OrrBlockClass orr_bus_creator_class = {
  .name = "BusCreator",
  .palette = N_ ("Routing"),
  .label = N_ ("Bus creator"),
  .description = N_ ("Carries its inputs, named, on one link: a bus."),
  .icon_text = "Bus",
  .keywords = "bus structure signals names",
  .params = bus_creator_params,
  .n_params = G_N_ELEMENTS (bus_creator_params),
  .configure = bus_creator_configure,
  .simulate = bus_creator_simulate,
};
