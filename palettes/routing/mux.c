/* mux.c: Mux, stacks its inputs into one column vector.
 *
 * The compiler resolves sizes by equality only, so an output whose length
 * is the sum of inherited input lengths cannot be declared. The lengths are
 * therefore a parameter, as in Xcos's MUX: [2 1 3] gives three inputs of
 * 2, 1 and 3 elements and an output of 6, and a scalar n gives n scalar
 * inputs. Any element type; all ports share it. */
#include "routing-classes.h"
#include "routing-copy.h"
#include "routing-params.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec mux_params[] = {
  { "inputs", N_ ("Input sizes"), "2",
    N_ (
      "A number n for n scalar inputs, or a vector giving the length of each input, e.g. [2 1 3]; "
      "the output is their concatenation.") },
};

static gboolean
mux_configure (OrrConfig *config, GError **error)
{
  g_autofree int *sizes = NULL;
  int n, total;

  if (!orr_routing_get_port_sizes (config, "inputs", &sizes, &n, &total, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    orr_config_add_input (config, sizes[i], 1, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, total, 1, ORR_TYPE_INHERIT);
  return TRUE;
}

static void
mux_simulate (OrrSimBlock *block, OrrJob job)
{
  guint8 *y;
  gsize element;

  if (job != ORR_JOB_OUTPUTS)
    return;
  y = block->out[0].data;
  element = orr_type_element_size (block->out[0].type);
  for (int k = 0; k < block->n_in; k++)
    {
      gsize bytes = (gsize)orr_block_in_numel (block, k) * element;

      memcpy (y, block->in[k].data, bytes);
      y += bytes;
    }
}

const OrrBlockClass orr_mux_class = {
  .name = "Mux",
  .palette = N_ ("Routing"),
  .label = N_ ("Mux"),
  .description = N_ ("Concatenates its inputs into one column vector."),
  .icon_text = "Mux",
  .params = mux_params,
  .n_params = G_N_ELEMENTS (mux_params),
  .configure = mux_configure,
  .simulate = mux_simulate,
};
