/* selector.c: Selector, picks elements of its input by index.
 *
 * The input is any matrix and its elements are numbered column by column
 * from 1 (as u(:) numbers them); the output is the column vector of the
 * chosen elements, in the order given, repeats allowed. The input's size
 * comes from its link, so an index past its end can only be caught when
 * the run starts. Any element type. */
#include "routing-classes.h"
#include "routing-copy.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec selector_params[] = {
  { "indices", N_ ("Indices"), "1",
    N_ ("The elements to pass, numbered from 1 column by column, e.g. [3 1] for the third element "
        "then the first; the output has one element per index.") },
};

static gboolean
selector_configure (OrrConfig *config, GError **error)
{
  const double *indices;
  g_autofree int *ipar = NULL;
  int n;

  if (!orr_param_get_vector (config, "indices", &indices, &n, error))
    return FALSE;
  ipar = g_new (int, n);
  for (int i = 0; i < n; i++)
    {
      if (!(indices[i] >= 1 && indices[i] <= G_MAXINT) || indices[i] != floor (indices[i]))
        {
          orr_param_set_error (error, "indices",
                               "must hold whole numbers >= 1, but element %d is %g", i + 1,
                               indices[i]);
          return FALSE;
        }
      ipar[i] = (int)indices[i] - 1;
    }
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, n, 1, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, n);
  return TRUE;
}

static void
selector_simulate (OrrSimBlock *block, OrrJob job)
{
  int numel = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_INIT:
        for (int i = 0; i < block->n_ipar; i++)
          if (block->ipar[i] >= numel)
            {
              orr_block_error (block, "index %d is past the end of the input, which has %d %s",
                               block->ipar[i] + 1, numel, numel == 1 ? "element" : "elements");
              return;
            }
        break;

      case ORR_JOB_OUTPUTS:
        {
          gsize element = orr_type_element_size (block->in[0].type);
          const guint8 *u = block->in[0].data;
          guint8 *y = block->out[0].data;

          /* init refused indices past the end; never read past it. */
          for (int i = 0; i < block->n_ipar; i++)
            if (block->ipar[i] < numel)
              memcpy (y + i * element, u + (gsize)block->ipar[i] * element, element);
        }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_selector_class = {
  .name = "Selector",
  .palette = N_ ("Routing"),
  .label = N_ ("Selector"),
  .description = N_ ("Picks elements of its input by index into a column vector."),
  .icon_text = "u(i)",
  .params = selector_params,
  .n_params = G_N_ELEMENTS (selector_params),
  .configure = selector_configure,
  .simulate = selector_simulate,
};
