/* transport-delay.c: TransportDelay, y(t) = u(t - T), and the initial
 * output while t - T is before the start time.
 *
 * The input's past is kept at accepted points only, never at a solver's
 * trial points, and read back by interpolation (delay-history.h). Because
 * the output at t needs only the input up to t - T, the input is not
 * feedthrough when T > 0, so a delay breaks an algebraic loop; the input
 * read by the outputs job may then be the one of the previous evaluation,
 * which the next evaluation at the same time corrects (a point at the
 * time of the newest one replaces it).
 *
 * The switch from the initial output to the delayed input at start + T is
 * a jump: a surface t - start - T stops the solver there, and a mode keeps
 * the initial output on every trial point until then. */
#include "continuous-classes.h"
#include "delay-history.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_BEFORE = 1, /* t - T before the start: the initial output */
  MODE_AFTER = 2,  /* the delayed input */
};

static const char *const method_choices[] = { N_ ("Linear"), N_ ("Cubic Hermite"), NULL };

static const OrrParamSpec transport_delay_params[] = {
  { "delay", N_ ("Delay"), "1",
    N_ ("T, in seconds, at least 0: the output is the input of T seconds ago.") },
  { "init", N_ ("Initial output"), "0",
    N_ ("The output until T seconds have passed: a scalar for every element, or a matrix that "
        "fixes the size of the input and output.") },
  { "buffer_size", N_ ("Buffer size"), "1024",
    N_ (
      "How many past points are kept; enough to cover the delay at the solver's smallest steps.") },
  { "method", N_ ("Interpolation"), "2",
    N_ ("How the input is read between kept points: 1 linear, 2 cubic Hermite."), ORR_PARAM_CHOICE,
    method_choices },
};

static gboolean
transport_delay_configure (OrrConfig *config, GError **error)
{
  const double *init;
  int rows, cols, numel, ipar[2];
  double delay;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_finite (config, "delay", &delay, error)
      || !orr_param_get_matrix (config, "init", &init, &rows, &cols, error)
      || !orr_param_get_int_range (config, "buffer_size", 2, 10000000, &ipar[0], error)
      || !orr_param_get_int_range (config, "method", ORR_DELAY_LINEAR, ORR_DELAY_HERMITE, &ipar[1],
                                   error))
    return FALSE;
  if (delay < 0)
    {
      orr_param_set_error (error, "delay", "must not be negative, not %g", delay);
      return FALSE;
    }

  numel = rows * cols;
  if (numel == 1)
    {
      /* a scalar initial output serves an input of any size */
      rows = -1;
      cols = -2;
    }
  /* Without delay the block is a wire: its output reads its input. */
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, delay == 0);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  if (delay > 0)
    {
      orr_config_set_always_active (config, TRUE);
      orr_config_set_surfaces (config, 1, 1);
    }

  rpar = g_new (double, 1 + numel);
  rpar[0] = delay;
  memcpy (rpar + 1, init, sizeof (double) * numel);
  orr_config_set_rpar (config, rpar, 1 + numel);
  orr_config_set_ipar (config, ipar, 2);
  return TRUE;
}

static void
delayed_output (OrrSimBlock *block, OrrDelayHistory *history, double delay)
{
  int n = orr_block_out_numel (block, 0);
  double *y = orr_block_real_out (block, 0);
  double t = orr_block_get_time (block);
  int mode;

  if (orr_block_modes_fixed (block))
    mode = block->mode[0];
  else
    mode = t - delay >= block->time->start_time ? MODE_AFTER : MODE_BEFORE;

  if (mode != MODE_AFTER)
    {
      const double *init = block->rpar + 1;
      gboolean scalar = block->n_rpar == 2;

      for (int i = 0; i < n; i++)
        y[i] = init[scalar ? 0 : i];
      return;
    }
  if (!orr_delay_history_eval (history, t - delay, block->ipar[1], y))
    orr_block_error (block,
                     "the input's past, %d points, does not reach back to t = %g s; increase "
                     "'buffer_size'",
                     history->capacity, t - delay);
}

static void
transport_delay_simulate (OrrSimBlock *block, OrrJob job)
{
  double delay = block->rpar[0];
  OrrDelayHistory *history = block->work;

  if (delay == 0)
    {
      if (job == ORR_JOB_OUTPUTS)
        memcpy (orr_block_real_out (block, 0), orr_block_real_in (block, 0),
                orr_block_in_numel (block, 0) * sizeof (double));
      return;
    }

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = orr_delay_history_new (orr_block_in_numel (block, 0), block->ipar[0]);
        break;

      case ORR_JOB_OUTPUTS:
        if (history == NULL)
          break;
        if (!orr_block_in_try_phase (block))
          orr_delay_history_add (history, orr_block_get_time (block), orr_block_real_in (block, 0));
        delayed_output (block, history, delay);
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        block->g[0] = orr_block_get_time (block) - block->time->start_time - delay;
        if (!orr_block_modes_fixed (block))
          block->mode[0] = block->g[0] >= 0 ? MODE_AFTER : MODE_BEFORE;
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, orr_delay_history_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_transport_delay_class = {
  .name = "TransportDelay",
  .palette = N_ ("Continuous"),
  .label = N_ ("Transport delay"),
  .description = N_ ("Delays its input by a fixed time, interpolating between past points."),
  .icon_text = "e^-sT",
  .params = transport_delay_params,
  .n_params = G_N_ELEMENTS (transport_delay_params),
  .configure = transport_delay_configure,
  .simulate = transport_delay_simulate,
};
