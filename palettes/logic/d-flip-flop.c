/* d-flip-flop.c: DFlipFlop, Q := D at a rising edge of the clock while the
 * enable input is true; Q holds otherwise. Inputs D, en, clk; outputs Q
 * and not Q (flip-flop.h: inherited activation, edges between
 * activations). */
#include "flip-flop.h"
#include "logic-classes.h"

#include <glib/gi18n-lib.h>

static const char *const d_flip_flop_inputs[] = { "D", "en", "clk" };

static gboolean
d_flip_flop_next (const gboolean *u, gboolean q, gboolean rose)
{
  return rose && u[1] ? u[0] : q;
}

static const OrrFlipFlop d_flip_flop_flip_flop = {
  .n_inputs = 3,
  .input_labels = d_flip_flop_inputs,
  .clock = 2,
  .next = d_flip_flop_next,
};

static const OrrParamSpec d_flip_flop_params[] = {
  ORR_FLIP_FLOP_INIT_PARAM,
};

static gboolean
d_flip_flop_configure (OrrConfig *config, GError **error)
{
  return orr_flip_flop_configure (config, &d_flip_flop_flip_flop, error);
}

static void
d_flip_flop_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_flip_flop_simulate (block, job, &d_flip_flop_flip_flop);
}

const OrrBlockClass orr_d_flip_flop_class = {
  .name = "DFlipFlop",
  .palette = N_ ("Logic"),
  .label = N_ ("D flip-flop"),
  .description = N_ (
    "Q takes the value of D when the clock rises while enable is true, and holds it otherwise."),
  .icon_text = "D FF",
  .params = d_flip_flop_params,
  .n_params = G_N_ELEMENTS (d_flip_flop_params),
  .configure = d_flip_flop_configure,
  .simulate = d_flip_flop_simulate,
};
