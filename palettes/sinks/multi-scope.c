/* multi-scope.c: MultiScope, several plots over one time axis (Xcos's
 * CMSCOPE): input k is drawn in plot k, one above the other, each with
 * its own value range, all scrolling together.
 *
 * It records like Scope: every accepted call one sample, the inputs
 * concatenated in port order, nothing at a solver's trial point; by
 * default inherited, or clocked with one activation input. The window
 * splits the sample into plots by the inputs' sizes. rpar = { refresh,
 * ymin 1, ymax 1, ymin 2, ymax 2 ... }, ipar = { buffer }. */
#include "sinks-classes.h"
#include "sinks-params.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static const char *const activation_choices[]
  = { N_ ("Inherited from its inputs"), N_ ("Clocked: one activation input"), NULL };

static const OrrParamSpec multi_scope_params[] = {
  { "inputs", N_ ("Number of plots"), "2",
    N_ ("How many inputs, each drawn in a plot of its own, one above the other; every element "
        "of an input is one curve of its plot.") },
  { "ymin", N_ ("Y minima"), "-1",
    N_ ("The bottom of each plot's value axis: one per plot, or one for all.") },
  { "ymax", N_ ("Y maxima"), "1",
    N_ ("The top of each plot's value axis, above its minimum: one per plot, or one for all.") },
  { "refresh", N_ ("Refresh period"), "10",
    N_ ("The width of the time axis the plots share, in seconds.") },
  { "buffer", N_ ("Buffer size"), "10000",
    N_ ("How many samples the window keeps for drawing, at least 2.") },
  { "activation", N_ ("Activation"), "1",
    N_ ("1: record whenever the inputs change (inherited); 2: add an activation input and record "
        "only at its events."),
    ORR_PARAM_CHOICE, activation_choices },
};

static gboolean
multi_scope_configure (OrrConfig *config, GError **error)
{
  const double *ymin, *ymax;
  int inputs, n_min, n_max, buffer, activation;
  double refresh;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error)
      || !orr_param_get_vector (config, "ymin", &ymin, &n_min, error)
      || !orr_param_get_vector (config, "ymax", &ymax, &n_max, error)
      || !orr_param_get_finite (config, "refresh", &refresh, error)
      || !orr_param_get_int_range (config, "buffer", 2, ORR_SINKS_MAX_BUFFER, &buffer, error)
      || !orr_param_get_int_range (config, "activation", 1, 2, &activation, error))
    return FALSE;
  if (n_min != 1 && n_min != inputs)
    {
      orr_param_set_error (error, "ymin", "has %d elements: give one, or one per plot (%d)", n_min,
                           inputs);
      return FALSE;
    }
  if (n_max != 1 && n_max != inputs)
    {
      orr_param_set_error (error, "ymax", "has %d elements: give one, or one per plot (%d)", n_max,
                           inputs);
      return FALSE;
    }
  if (!(refresh > 0))
    {
      orr_param_set_error (error, "refresh", "must be positive, not %g", refresh);
      return FALSE;
    }
  rpar = g_new (double, 1 + 2 * inputs);
  rpar[0] = refresh;
  for (int k = 0; k < inputs; k++)
    {
      double lo = ymin[n_min == 1 ? 0 : k], hi = ymax[n_max == 1 ? 0 : k];

      if (!isfinite (lo))
        {
          orr_param_set_error (error, "ymin", "must be finite, not %g (plot %d)", lo, k + 1);
          return FALSE;
        }
      if (!isfinite (hi) || !(hi > lo))
        {
          orr_param_set_error (error, "ymax", "must be finite and above %g, not %g (plot %d)", lo,
                               hi, k + 1);
          return FALSE;
        }
      rpar[1 + 2 * k] = lo;
      rpar[2 + 2 * k] = hi;
      /* feedthrough so that the scope runs after the blocks it shows */
      orr_config_add_input (config, -(k + 1), 1, ORR_TYPE_DOUBLE, TRUE);
    }
  if (activation == 2)
    orr_config_set_event_ports (config, 1, 0);
  orr_config_set_rpar (config, rpar, 1 + 2 * inputs);
  orr_config_set_ipar (config, &buffer, 1);
  return TRUE;
}

const OrrBlockClass orr_multi_scope_class = {
  .name = "MultiScope",
  .palette = N_ ("Sinks"),
  .label = N_ ("Multi-axis scope"),
  .description = N_ ("Plots each input against time in a plot of its own, all on one time axis."),
  .icon_text = "Scopes",
  .keywords = "cmscope subplots axes plot graph oscilloscope",
  .params = multi_scope_params,
  .n_params = G_N_ELEMENTS (multi_scope_params),
  .configure = multi_scope_configure,
  .simulate = orr_scope_simulate, /* records like a Scope; the view differs */
};
