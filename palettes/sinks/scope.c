/* scope.c: Scope, records its inputs for plotting.
 *
 * Each input is a column vector of its own length (distinct placeholders
 * -1, -2 ... so that the inputs do not have to agree). Every accepted call
 * records one sample: the inputs concatenated, in port order. Trial points
 * of the solver are skipped, since they may be thrown away.
 *
 * By default the scope inherits its activation, so it records whenever
 * the blocks it shows run (every accepted solver point in continuous
 * time). Clocked, it gets one activation input and records only at its
 * events. The axis range, time window and buffer size are for the window
 * that draws the streams; they do not change what is recorded, and are
 * kept in rpar = { ymin, ymax, refresh } and ipar = { buffer }. */
#include "sinks-classes.h"
#include "sinks-params.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  ACTIVATION_INHERITED = 1,
  ACTIVATION_CLOCKED = 2,
};

static const char *const activation_choices[]
  = { N_ ("Inherited from its inputs"), N_ ("Clocked: one activation input"), NULL };

static const OrrParamSpec scope_params[] = {
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many inputs; each is a vector, and every element becomes one curve.") },
  { "ymin", N_ ("Y minimum"), "-1", N_ ("The bottom of the value axis when the window opens.") },
  { "ymax", N_ ("Y maximum"), "1", N_ ("The top of the value axis, above the minimum.") },
  { "refresh", N_ ("Refresh period"), "10",
    N_ ("The width of the time axis, in seconds: the plot scrolls by this much when the curves "
        "reach its right edge.") },
  { "buffer", N_ ("Buffer size"), "10000",
    N_ ("How many samples the window keeps for drawing, at least 2; older ones scroll away.") },
  { "activation", N_ ("Activation"), "1",
    N_ ("1: record whenever the inputs change (inherited); 2: add an activation input and record "
        "only at its events."),
    ORR_PARAM_CHOICE, activation_choices },
  { "ylabel", N_ ("Y label"), "''",
    N_ ("The title of the value axis, with its unit, as a text in quotes: 'Height (m)'. "
        "'' for none.") },
};

static gboolean
scope_configure (OrrConfig *config, GError **error)
{
  int inputs, buffer, activation;
  double rpar[3]; /* ymin, ymax, refresh */

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error)
      || !orr_sinks_get_range (config, "ymin", "ymax", &rpar[0], &rpar[1], error)
      || !orr_param_get_finite (config, "refresh", &rpar[2], error)
      || !orr_param_get_int_range (config, "buffer", 2, ORR_SINKS_MAX_BUFFER, &buffer, error)
      || !orr_param_get_int_range (config, "activation", ACTIVATION_INHERITED, ACTIVATION_CLOCKED,
                                   &activation, error))
    return FALSE;
  if (!(rpar[2] > 0))
    {
      orr_param_set_error (error, "refresh", "must be positive, not %g", rpar[2]);
      return FALSE;
    }
  /* Feedthrough so that the scope runs after the blocks it shows. */
  for (int i = 0; i < inputs; i++)
    orr_config_add_input (config, -(i + 1), 1, ORR_TYPE_DOUBLE, TRUE);
  if (activation == ACTIVATION_CLOCKED)
    orr_config_set_event_ports (config, 1, 0);
  orr_config_set_rpar (config, rpar, 3);
  orr_config_set_ipar (config, &buffer, 1);
  return TRUE;
}

void
orr_scope_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        /* Room to concatenate the inputs without allocating per sample. */
        if (block->n_in > 1)
          block->work = g_new0 (double, orr_sinks_inputs_numel (block));
        break;

      case ORR_JOB_OUTPUTS:
        if (orr_block_in_try_phase (block))
          break;
        if (block->n_in == 1)
          orr_block_record (block, orr_block_real_in (block, 0), orr_block_in_numel (block, 0));
        else if (block->work != NULL)
          orr_block_record (block, block->work, orr_sinks_gather_inputs (block, block->work));
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_scope_class = {
  .name = "Scope",
  .palette = N_ ("Sinks"),
  .label = N_ ("Scope"),
  .description = N_ ("Plots its inputs against time."),
  .icon_text = "Scope",
  .keywords = "plot graph oscilloscope chart display",
  .params = scope_params,
  .n_params = G_N_ELEMENTS (scope_params),
  .configure = scope_configure,
  .simulate = orr_scope_simulate,
};
