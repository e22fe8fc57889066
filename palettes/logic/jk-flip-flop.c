/* jk-flip-flop.c: JKFlipFlop, at a rising edge of the clock: J alone sets
 * Q, K alone resets it, J and K together toggle it, neither holds it.
 * Inputs J, clk, K (the order of the classic symbol); outputs Q and not Q
 * (flip-flop.h). */
#include "flip-flop.h"
#include "logic-classes.h"

#include <glib/gi18n-lib.h>

static const char *const jk_flip_flop_inputs[] = { "J", "clk", "K" };

static gboolean
jk_flip_flop_next (const gboolean *u, gboolean q, gboolean rose)
{
  gboolean j = u[0], k = u[2];

  if (!rose)
    return q;
  return j && k ? !q : j ? TRUE : k ? FALSE : q;
}

static const OrrFlipFlop jk_flip_flop_flip_flop = {
  .n_inputs = 3,
  .input_labels = jk_flip_flop_inputs,
  .clock = 1,
  .next = jk_flip_flop_next,
};

static const OrrParamSpec jk_flip_flop_params[] = {
  ORR_FLIP_FLOP_INIT_PARAM,
};

static gboolean
jk_flip_flop_configure (OrrConfig *config, GError **error)
{
  return orr_flip_flop_configure (config, &jk_flip_flop_flip_flop, error);
}

static void
jk_flip_flop_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_flip_flop_simulate (block, job, &jk_flip_flop_flip_flop);
}

const OrrBlockClass orr_jk_flip_flop_class = {
  .name = "JKFlipFlop",
  .palette = N_ ("Logic"),
  .label = N_ ("JK flip-flop"),
  .description
  = N_ ("At a rising edge of the clock: J sets Q, K resets it, both toggle it, neither holds it."),
  .icon_text = "JK FF",
  .params = jk_flip_flop_params,
  .n_params = G_N_ELEMENTS (jk_flip_flop_params),
  .configure = jk_flip_flop_configure,
  .simulate = jk_flip_flop_simulate,
};
