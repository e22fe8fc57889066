/* sr-flip-flop.c: SRFlipFlop, level-triggered: S sets Q, R resets it,
 * neither holds it; with both true, reset wins (Q = 0), so that the
 * forbidden input of the classic circuit has a defined answer. Inputs S,
 * R; outputs Q and not Q (flip-flop.h). */
#include "flip-flop.h"
#include "logic-classes.h"

#include <glib/gi18n-lib.h>

static const char *const sr_flip_flop_inputs[] = { "S", "R" };

static gboolean
sr_flip_flop_next (const gboolean *u, gboolean q, gboolean rose)
{
  (void)rose;
  return u[1] ? FALSE : u[0] ? TRUE : q;
}

static const OrrFlipFlop sr_flip_flop_flip_flop = {
  .n_inputs = 2,
  .input_labels = sr_flip_flop_inputs,
  .clock = -1,
  .next = sr_flip_flop_next,
};

static const OrrParamSpec sr_flip_flop_params[] = {
  ORR_FLIP_FLOP_INIT_PARAM,
};

static gboolean
sr_flip_flop_configure (OrrConfig *config, GError **error)
{
  return orr_flip_flop_configure (config, &sr_flip_flop_flip_flop, error);
}

static void
sr_flip_flop_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_flip_flop_simulate (block, job, &sr_flip_flop_flip_flop);
}

const OrrBlockClass orr_sr_flip_flop_class = {
  .name = "SRFlipFlop",
  .palette = N_ ("Logic"),
  .label = N_ ("SR flip-flop"),
  .description = N_ ("S sets Q, R resets it (R wins when both are true), neither holds it."),
  .icon_text = "SR FF",
  .params = sr_flip_flop_params,
  .n_params = G_N_ELEMENTS (sr_flip_flop_params),
  .configure = sr_flip_flop_configure,
  .simulate = sr_flip_flop_simulate,
};
