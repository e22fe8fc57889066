/* bus-assignment.c: BusAssignment, replaces named signals of a bus
 * (docs/buses.md).
 *
 * Output 1 is the bus of input 1 with the k-th named element replaced by
 * input k + 1, of that element's size. The compiler leaves in ipar each
 * element's offset and length. */
#include "bus-names.h"
#include "routing-classes.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec bus_assignment_params[] = {
  { "names", N_ ("Signals to replace"), "'a'",
    N_ ("The names of the bus's signals to replace, as a text in quotes: 'speed, motor.current'; "
        "each gets an input after the bus's, of its size.") },
};

static gboolean
bus_assignment_configure (OrrConfig *config, GError **error)
{
  g_auto (GStrv) names = NULL;
  int n;

  if (!orr_bus_get_names (config, "names", TRUE, &names, &n, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_input_label (config, 0, "bus");
  for (int k = 0; k < n; k++)
    {
      orr_config_add_input (config, -(2 * k + 3), -(2 * k + 4), ORR_TYPE_DOUBLE, TRUE);
      orr_config_set_input_label (config, k + 1, names[k]);
    }
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_bus_assignment (config, (const char *const *)names, n);
  return TRUE;
}

static void
bus_assignment_simulate (OrrSimBlock *block, OrrJob job)
{
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  y = orr_block_real_out (block, 0);
  memcpy (y, orr_block_real_in (block, 0), orr_block_out_numel (block, 0) * sizeof (double));
  for (int k = 1; k < block->n_in && 2 * k - 1 < block->n_ipar; k++)
    memcpy (y + block->ipar[2 * (k - 1)], orr_block_real_in (block, k),
            block->ipar[2 * (k - 1) + 1] * sizeof (double));
}

const OrrBlockClass orr_bus_assignment_class = {
  .name = "BusAssignment",
  .palette = N_ ("Routing"),
  .label = N_ ("Bus assignment"),
  .description = N_ ("Replaces signals of a bus, by their names, with its other inputs."),
  .icon_text = "Bus ←",
  .keywords = "bus assign replace structure signals names",
  .params = bus_assignment_params,
  .n_params = G_N_ELEMENTS (bus_assignment_params),
  .configure = bus_assignment_configure,
  .simulate = bus_assignment_simulate,
};
