/* demux.c: Demux, splits a column vector into consecutive pieces.
 *
 * The reverse of Mux, with the lengths given the same way: [2 1 3] splits
 * an input of 6 elements into outputs of 2, 1 and 3, and a scalar n splits
 * n elements into n scalars. Any element type; all ports share it. */
#include "routing-classes.h"
#include "routing-copy.h"
#include "routing-params.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec demux_params[] = {
  { "outputs", N_ ("Output sizes"), "2",
    N_ ("A number n to split n elements into n scalar outputs, or a vector giving the length of "
        "each output, e.g. [2 1 3]; the input has their total length.") },
};

static gboolean
demux_configure (OrrConfig *config, GError **error)
{
  g_autofree int *sizes = NULL;
  int n, total;

  if (!orr_routing_get_port_sizes (config, "outputs", &sizes, &n, &total, error))
    return FALSE;
  orr_config_add_input (config, total, 1, ORR_TYPE_INHERIT, TRUE);
  for (int i = 0; i < n; i++)
    orr_config_add_output (config, sizes[i], 1, ORR_TYPE_INHERIT);
  return TRUE;
}

static void
demux_simulate (OrrSimBlock *block, OrrJob job)
{
  const guint8 *u;
  gsize element;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = block->in[0].data;
  element = orr_type_element_size (block->in[0].type);
  for (int k = 0; k < block->n_out; k++)
    {
      gsize bytes = (gsize)orr_block_out_numel (block, k) * element;

      memcpy (block->out[k].data, u, bytes);
      u += bytes;
    }
}

const OrrBlockClass orr_demux_class = {
  .name = "Demux",
  .palette = N_ ("Routing"),
  .label = N_ ("Demux"),
  .description = N_ ("Splits a column vector into consecutive pieces."),
  .icon_text = "Demux",
  .params = demux_params,
  .n_params = G_N_ELEMENTS (demux_params),
  .configure = demux_configure,
  .simulate = demux_simulate,
};
