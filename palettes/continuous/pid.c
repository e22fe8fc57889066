/* pid.c: PID, the parallel controller Kp + Ki/s + Kd s/(1 + s/N), element
 * by element.
 *
 * Two states per element: the integral of the input, xi' = u, and the
 * input filtered by the derivative's first-order lag, w' = N (u - w). The
 * filtered derivative Kd s/(1 + s/N) = Kd N (1 - N/(s + N)) is then
 * Kd N (u - w), so
 *   y = Kp u + Ki xi + Kd N (u - w).
 * The input is feedthrough unless Kp and Kd are both zero (a pure
 * integral controller). The size of the input and output is that of the
 * initial integral state. */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  KP,
  KI,
  KD,
  FILTER,
  N_GAINS
};

static const OrrParamSpec pid_params[] = {
  { "P", N_ ("Proportional gain"), "1", N_ ("Kp.") },
  { "I", N_ ("Integral gain"), "0",
    N_ ("Ki: the output gains Ki times the integral of the input.") },
  { "D", N_ ("Derivative gain"), "0",
    N_ ("Kd: the output gains Kd times the filtered derivative.") },
  { "N", N_ ("Derivative filter"), "100",
    N_ ("N, positive: the derivative is filtered by 1/(1 + s/N), a lag of time constant 1/N.") },
  { "xi0", N_ ("Initial integral"), "0",
    N_ ("The integral state at the start time; its size is the size of the input and output.") },
  { "xd0", N_ ("Initial filter state"), "0",
    N_ ("The derivative filter's state w at the start time (the filtered input; the derivative "
        "term starts at Kd N (u - w)): a scalar or one value per element.") },
};

static gboolean
pid_configure (OrrConfig *config, GError **error)
{
  static const char *const names[N_GAINS] = { "P", "I", "D", "N" };
  double gains[N_GAINS];
  const double *xi0, *xd0;
  int rows, cols, n, dr, dc;
  g_autofree double *x0 = NULL;

  for (int k = 0; k < N_GAINS; k++)
    if (!orr_param_get_finite (config, names[k], &gains[k], error))
      return FALSE;
  if (!(gains[FILTER] > 0))
    {
      orr_param_set_error (error, "N", "must be positive, not %g", gains[FILTER]);
      return FALSE;
    }
  if (!orr_param_get_matrix (config, "xi0", &xi0, &rows, &cols, error)
      || !orr_param_get_matrix (config, "xd0", &xd0, &dr, &dc, error))
    return FALSE;
  n = rows * cols;
  if (dr * dc != 1 && dr * dc != n)
    {
      orr_param_set_error (error, "xd0",
                           "must be a scalar or have one value per element of xi0 (%d), not %dx%d",
                           n, dr, dc);
      return FALSE;
    }

  x0 = g_new (double, 2 * n);
  for (int i = 0; i < n; i++)
    {
      x0[i] = xi0[i];
      x0[n + i] = xd0[dr * dc == 1 ? 0 : i];
    }

  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, gains[KP] != 0 || gains[KD] != 0);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, 2 * n, x0, FALSE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_rpar (config, gains, N_GAINS);
  return TRUE;
}

static void
pid_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *k = block->rpar;
  int n = block->nx / 2;
  const double *u = orr_block_real_in (block, 0);
  const double *xi = block->x, *w = block->x + n;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean feedthrough = k[KP] != 0 || k[KD] != 0;

          for (int i = 0; i < n; i++)
            {
              y[i] = k[KI] * xi[i];
              /* A pure integral controller must not read u: it may not be
               * computed yet. */
              if (feedthrough)
                y[i] += k[KP] * u[i] + k[KD] * k[FILTER] * (u[i] - w[i]);
            }
        }
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < n; i++)
          {
            block->xd[i] = u[i];
            block->xd[n + i] = k[FILTER] * (u[i] - w[i]);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_pid_class = {
  .name = "PID",
  .palette = N_ ("Continuous"),
  .label = N_ ("PID controller"),
  .description = N_ ("A parallel PID controller Kp + Ki/s + Kd s/(1 + s/N)."),
  .icon_text = "PID",
  .params = pid_params,
  .n_params = G_N_ELEMENTS (pid_params),
  .configure = pid_configure,
  .simulate = pid_simulate,
};
