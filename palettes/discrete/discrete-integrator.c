/* discrete-integrator.c: DiscreteIntegrator, the integral of the input
 * times a gain, one step of the sample time per activation.
 *
 * The state z is the initial value plus K Ts times the sum of the inputs
 * of the activations before this one; the three methods differ only in how
 * much of the current input the output adds:
 *   forward Euler   y[k] = z[k]                   (the input is not feedthrough)
 *   backward Euler  y[k] = z[k] + K Ts u[k]       so y[k] = y[k-1] + K Ts u[k]
 *   trapezoidal     y[k] = z[k] + K Ts u[k] / 2   so y[k] = y[k-1] + K Ts (u[k] + u[k-1]) / 2
 * and every activation then adds K Ts u[k] to z. The sample time is a
 * parameter, not read from the clock, so the block also integrates on an
 * irregular activation. */
#include "discrete-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  METHOD_FORWARD = 1,
  METHOD_BACKWARD = 2,
  METHOD_TRAPEZOIDAL = 3,
};

static const char *const method_choices[]
  = { N_ ("Forward Euler"), N_ ("Backward Euler"), N_ ("Trapezoidal"), NULL };

static const OrrParamSpec discrete_integrator_params[] = {
  { "method", N_ ("Method"), "1", N_ ("1: forward Euler, 2: backward Euler, 3: trapezoidal."),
    ORR_PARAM_CHOICE, method_choices },
  { "gain", N_ ("Gain"), "1", N_ ("K: the output integrates K times the input.") },
  { "Ts", N_ ("Sample time"), "0.1",
    N_ ("The integration step, in seconds, positive: normally the "
        "period of the clock that activates the block.") },
  { "x0", N_ ("Initial state"), "0",
    N_ ("The state at the start; its size is the size of the input and output.") },
};

static gboolean
discrete_integrator_configure (OrrConfig *config, GError **error)
{
  const double *x0;
  int rows, cols, method;
  double gain, ts, rpar[2];

  if (!orr_param_get_int_range (config, "method", METHOD_FORWARD, METHOD_TRAPEZOIDAL, &method,
                                error)
      || !orr_param_get_finite (config, "gain", &gain, error)
      || !orr_param_get_finite (config, "Ts", &ts, error)
      || !orr_param_get_matrix (config, "x0", &x0, &rows, &cols, error))
    return FALSE;
  if (!(ts > 0))
    {
      orr_param_set_error (error, "Ts", "must be positive, not %g", ts);
      return FALSE;
    }

  /* rpar = { K Ts, the share of the current input in the output } */
  rpar[0] = gain * ts;
  rpar[1] = method == METHOD_FORWARD ? 0.0 : method == METHOD_BACKWARD ? 1.0 : 0.5;
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, method != METHOD_FORWARD);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, rows * cols, x0);
  orr_config_set_rpar (config, rpar, 2);
  return TRUE;
}

static void
discrete_integrator_simulate (OrrSimBlock *block, OrrJob job)
{
  double step = block->rpar[0], share = block->rpar[1];
  const double *u = orr_block_real_in (block, 0);
  int n = block->nz;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < n; i++)
          {
            double y = block->z[i];

            /* forward Euler must not read u: it may not be computed yet */
            if (share != 0.0)
              y += share * step * u[i];
            orr_block_real_out (block, 0)[i] = y;
          }
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          for (int i = 0; i < n; i++)
            block->z[i] += step * u[i];
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_discrete_integrator_class = {
  .name = "DiscreteIntegrator",
  .palette = N_ ("Discrete"),
  .label = N_ ("Discrete integrator"),
  .description
  = N_ ("Integrates its input in discrete time by forward Euler, backward Euler or the "
        "trapezoidal rule."),
  .icon_text = "KTs/(z-1)",
  .params = discrete_integrator_params,
  .n_params = G_N_ELEMENTS (discrete_integrator_params),
  .configure = discrete_integrator_configure,
  .simulate = discrete_integrator_simulate,
};
