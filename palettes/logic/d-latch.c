/* d-latch.c: DLatch, level-triggered: Q follows D while C is true and
 * keeps its last value while C is false. Inputs D, C; outputs Q and not Q
 * (flip-flop.h). */
#include "flip-flop.h"
#include "logic-classes.h"

#include <glib/gi18n-lib.h>

static const char *const d_latch_inputs[] = { "D", "C" };

static gboolean
d_latch_next (const gboolean *u, gboolean q, gboolean rose)
{
  (void)rose;
  return u[1] ? u[0] : q;
}

static const OrrFlipFlop d_latch_flip_flop = {
  .n_inputs = 2,
  .input_labels = d_latch_inputs,
  .clock = -1,
  .next = d_latch_next,
};

static const OrrParamSpec d_latch_params[] = {
  ORR_FLIP_FLOP_INIT_PARAM,
};

static gboolean
d_latch_configure (OrrConfig *config, GError **error)
{
  return orr_flip_flop_configure (config, &d_latch_flip_flop, error);
}

static void
d_latch_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_flip_flop_simulate (block, job, &d_latch_flip_flop);
}

const OrrBlockClass orr_d_latch_class = {
  .name = "DLatch",
  .palette = N_ ("Logic"),
  .label = N_ ("D latch"),
  .description
  = N_ ("Q follows D while the enable input C is true and holds its last value while C is false."),
  .icon_text = "D L",
  .params = d_latch_params,
  .n_params = G_N_ELEMENTS (d_latch_params),
  .configure = d_latch_configure,
  .simulate = d_latch_simulate,
};
