/* bus-selector.c: BusSelector (the seed's BusExtractor), takes named
 * signals out of a bus (docs/buses.md).
 *
 * Output k is the element the k-th name gives ('speed', or 'motor.speed'
 * inside a nested bus; a nested bus itself comes out as a bus). The
 * compiler finds each in the bus that comes in and leaves in ipar its
 * offset and length: at run time the block copies those slices. */
#include "bus-names.h"
#include "routing-classes.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec bus_selector_params[] = {
  { "names", N_ ("Signals to take"), "'a'",
    N_ ("The names of the bus's signals to take out, one output each, as a text in quotes: "
        "'speed, motor.current' (a dot reaches into a nested bus).") },
};

static gboolean
bus_selector_configure (OrrConfig *config, GError **error)
{
  g_auto (GStrv) names = NULL;
  int n;

  if (!orr_bus_get_names (config, "names", TRUE, &names, &n, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  for (int k = 0; k < n; k++)
    {
      orr_config_add_output (config, -(2 * k + 3), -(2 * k + 4), ORR_TYPE_DOUBLE);
      orr_config_set_output_label (config, k, names[k]);
    }
  orr_config_set_bus_selector (config, (const char *const *)names, n);
  return TRUE;
}

static void
bus_selector_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  /* ipar: offset and length per output, from the compiler */
  for (int k = 0; k < block->n_out && 2 * k + 1 < block->n_ipar; k++)
    memcpy (orr_block_real_out (block, k), u + block->ipar[2 * k],
            block->ipar[2 * k + 1] * sizeof (double));
}

const OrrBlockClass orr_bus_selector_class = {
  .name = "BusSelector",
  .palette = N_ ("Routing"),
  .label = N_ ("Bus selector"),
  .description = N_ ("Takes signals out of a bus by their names."),
  .icon_text = "Bus ▸",
  .keywords = "bus extractor selector structure signals names",
  .params = bus_selector_params,
  .n_params = G_N_ELEMENTS (bus_selector_params),
  .configure = bus_selector_configure,
  .simulate = bus_selector_simulate,
};
