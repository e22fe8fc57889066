/* automaton.c: Automaton, a hybrid automaton of M modes over N continuous
 * states (seed 000, ch. 17), solved as a DAE (the block is implicit: IDA).
 *
 * The dynamics live outside the block, in M subsystems that read its
 * second output [x; x'] and feed back input i = [F_i; Reset_i; Jump_i]
 * (2N + Z_i values): in mode i the block's residual is F_i(x', x, u)
 * (index 1), and when jump function j of the current mode crosses zero
 * from negative to positive, the automaton goes to the j-th target of
 * that mode and x is reset to Reset_k of the new mode k, computed by
 * subsystem k at the crossing. The first output is [current mode;
 * previous mode]; an optional activation output fires at each transition.
 *
 * The inputs are not feedthrough (the outputs are x, x' and the modes),
 * so the subsystems' loops through the block are no algebraic loops. The
 * current and previous modes are z; the surfaces are the current mode's
 * jump functions (a constant 1 for the slots it does not use). Targets
 * are an M x Zmax matrix whose row i lists mode i's targets, padded with
 * zeros. Xproperties (+1 differential, -1 algebraic per state and mode)
 * are checked and kept; the engine gives every state of an implicit block
 * to IDA alike, so algebraic states rely on IDA's consistent
 * initialisation. rpar = { x0 }, ipar = { M, N, Zmax, events, targets
 * (M x Zmax, column-major) }. */
#include "hybrid-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#define MAX_MODES 100

enum
{
  IPAR_M,
  IPAR_N,
  IPAR_ZMAX,
  IPAR_EVENTS,
  IPAR_TARGETS
};

static const OrrParamSpec automaton_params[] = {
  { "modes", N_ ("Number of modes"), "2", N_ ("M, the number of control modes, 1 to 100.") },
  { "targets", N_ ("Jump targets"), "[2; 1]",
    N_ ("One row per mode: the mode each of its jump functions leads to, in order, padded with "
        "zeros ([2 3; 1 0] for mode 1 jumping to 2 or 3 and mode 2 to 1).") },
  { "initial_mode", N_ ("Initial mode"), "1", N_ ("The mode at the start, 1 to M.") },
  { "x0", N_ ("Initial states"), "[0; 0]",
    N_ ("x at the start, a vector of the N continuous states.") },
  { "xproperties", N_ ("Xproperties"), "[1 1]",
    N_ ("+1 for a differential state, -1 for an algebraic one: a 1 x N row for every mode, or an "
        "M x N matrix.") },
  { "events", N_ ("Events at transitions"), "1",
    N_ ("1: an activation output that fires at each mode transition."), ORR_PARAM_CHECKBOX },
};

static gboolean
automaton_configure (OrrConfig *config, GError **error)
{
  const double *targets, *x0, *props;
  int m, tr, tc, n, xr, xc, pr, pc, initial;
  gboolean events;
  g_autofree int *ipar = NULL;
  double z0[2];

  if (!orr_param_get_int_range (config, "modes", 1, MAX_MODES, &m, error)
      || !orr_param_get_matrix (config, "targets", &targets, &tr, &tc, error)
      || !orr_param_get_int_range (config, "initial_mode", 1, m, &initial, error)
      || !orr_param_get_matrix (config, "x0", &x0, &xr, &xc, error)
      || !orr_param_get_matrix (config, "xproperties", &props, &pr, &pc, error)
      || !orr_param_get_flag (config, "events", &events, error))
    return FALSE;
  n = xr * xc;
  if (tr != m)
    {
      orr_param_set_error (error, "targets", "must have one row per mode (%d), not %d", m, tr);
      return FALSE;
    }
  if (pc != n || (pr != 1 && pr != m))
    {
      orr_param_set_error (error, "xproperties", "must be 1 x %d or %d x %d, not %dx%d", n, m, n,
                           pr, pc);
      return FALSE;
    }
  for (int i = 0; i < pr * pc; i++)
    if (props[i] != 1 && props[i] != -1)
      {
        orr_param_set_error (error, "xproperties", "must hold +1 or -1, not %g", props[i]);
        return FALSE;
      }
  for (int i = 0; i < n; i++)
    if (!isfinite (x0[i]))
      {
        orr_param_set_error (error, "x0", "must be finite, not %g", x0[i]);
        return FALSE;
      }

  ipar = g_new (int, IPAR_TARGETS + m * tc);
  ipar[IPAR_M] = m;
  ipar[IPAR_N] = n;
  ipar[IPAR_ZMAX] = tc;
  ipar[IPAR_EVENTS] = events;
  for (int i = 0; i < m; i++)
    {
      int z = 0;

      for (int j = 0; j < tc; j++)
        {
          double t = targets[i + j * tr];

          if (t != floor (t) || t < 0 || t > m || (t != 0 && z < j))
            {
              orr_param_set_error (error, "targets",
                                   "row %d must list modes 1 to %d, then zeros only, not %g", i + 1,
                                   m, t);
              return FALSE;
            }
          if (t != 0)
            z++;
          ipar[IPAR_TARGETS + i + j * m] = (int)t;
        }
      orr_config_add_input (config, 2 * n + z, 1, ORR_TYPE_DOUBLE, FALSE);
    }
  orr_config_add_output (config, 2, 1, ORR_TYPE_DOUBLE);
  orr_config_add_output (config, 2 * n, 1, ORR_TYPE_DOUBLE);
  orr_config_set_output_label (config, 0, "mode");
  orr_config_set_output_label (config, 1, "[x; x']");
  orr_config_set_states (config, n, x0, TRUE);
  orr_config_set_always_active (config, TRUE);
  z0[0] = z0[1] = initial;
  orr_config_set_discrete_states (config, 2, z0);
  if (tc > 0)
    orr_config_set_surfaces (config, tc, 0);
  orr_config_set_event_ports (config, 0, events ? 1 : 0);
  orr_config_set_ipar (config, ipar, IPAR_TARGETS + m * tc);
  return TRUE;
}

/* The number of jump functions of mode (1-based). */
static int
jumps_of (const OrrSimBlock *block, int mode)
{
  int m = block->ipar[IPAR_M], zmax = block->ipar[IPAR_ZMAX], z = 0;

  while (z < zmax && block->ipar[IPAR_TARGETS + (mode - 1) + z * m] != 0)
    z++;
  return z;
}

/* The mode the crossing leads to, or 0: the first jump function of the
 * current mode that crossed from negative to positive. */
static int
transition (const OrrSimBlock *block)
{
  int mode = (int)block->z[0], m = block->ipar[IPAR_M];

  if (block->nevprt >= 0 || block->jroot == NULL)
    return 0;
  for (int j = 0; j < jumps_of (block, mode) && j < block->ng; j++)
    if (block->jroot[j] > 0)
      return block->ipar[IPAR_TARGETS + (mode - 1) + j * m];
  return 0;
}

static void
automaton_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->ipar[IPAR_N], mode = (int)block->z[0];
  const double *u = mode >= 1 && mode <= block->n_in ? orr_block_real_in (block, mode - 1) : NULL;

  if (u == NULL)
    return;
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 1);

          orr_block_real_out (block, 0)[0] = block->z[0];
          orr_block_real_out (block, 0)[1] = block->z[1];
          for (int i = 0; i < n; i++)
            {
              y[i] = block->x[i];
              y[n + i] = block->xd[i];
            }
        }
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < n; i++)
          block->res[i] = u[i];
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        {
          int z = jumps_of (block, mode);

          for (int j = 0; j < block->ng; j++)
            block->g[j] = j < z ? u[2 * n + j] : 1.0;
        }
        break;

      case ORR_JOB_EVENTS:
        if (block->n_evout > 0 && transition (block) != 0)
          block->evout[0] = 0.0;
        break;

      case ORR_JOB_STATE_UPDATE:
        {
          int next = transition (block);
          const double *reset;

          if (next == 0)
            break;
          reset = orr_block_real_in (block, next - 1) + n;
          for (int i = 0; i < n; i++)
            block->x[i] = reset[i];
          block->z[1] = mode;
          block->z[0] = next;
        }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_automaton_class = {
  .name = "Automaton",
  .palette = N_ ("Hybrid"),
  .label = N_ ("Automaton"),
  .description = N_ ("A hybrid automaton: modes with their own DAE, jumps between them when a "
                     "jump function turns positive, and state resets."),
  .icon_text = "⟳ modes",
  .params = automaton_params,
  .n_params = G_N_ELEMENTS (automaton_params),
  .configure = automaton_configure,
  .simulate = automaton_simulate,
};
