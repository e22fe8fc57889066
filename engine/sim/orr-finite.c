/* orr-finite.c: a NaN or an infinity on a block's real output is an error
 * named where it appears (issue 10), not later where it reaches a state,
 * or never when it only goes to a scope.
 *
 * Only outputs computed at accepted points are checked: at events,
 * initialisation and the solver's accepted steps. A solver's trial points
 * may explore states the solution never takes (a step that will be
 * rejected), so a NaN there is the solver's business. The check sums each
 * output (NaN and infinities survive a sum, which vectorises) and looks
 * element by element only when the sum is not finite, which also keeps
 * two huge finite values that overflow the sum from being reported.
 *
 * Every non-finite value is an error, also one a Constant outputs on
 * purpose: an infinite signal cannot be plotted, integrated or compared
 * in a useful way, so it is almost always a mistake in the model.
 *
 * DESIGN: owns no state of its own: it checks block outputs for NaN and
 * infinities and reports through the core (orr_sim_fail).
 */

#include <math.h>

#include "orr-sim-private.h"

static G_GNUC_NO_INLINE gboolean
report (OrrSimulation *sim, int b, int port, const double *v, gsize n)
{
  const char *path = sim->program->blocks[b].path;

  for (gsize i = 0; i < n; i++)
    if (!isfinite (v[i]))
      {
        orr_sim_fail (sim, ORR_SIM_ERROR_NUMERIC, "%s: output %d became %s at t = %.10g s",
                      path != NULL ? path : "?", port + 1, isnan (v[i]) ? "NaN" : "infinite",
                      sim->time.t);
        return FALSE;
      }
  return TRUE; /* finite values whose sum overflowed */
}

static inline gboolean
check_block (OrrSimulation *sim, const OrrSimBlock *block)
{
  for (int k = 0; k < block->n_out; k++)
    {
      const OrrPortBuffer *port = &block->out[k];
      const double *v = port->data;
      gsize n = (gsize)port->rows * port->cols;
      double sum = 0;

      if (port->type == ORR_TYPE_COMPLEX)
        n *= 2;
      else if (port->type != ORR_TYPE_DOUBLE)
        continue;
      for (gsize i = 0; i < n; i++)
        sum += v[i];
      if (G_UNLIKELY (!isfinite (sum)) && !report (sim, block->index, k, v, n))
        return FALSE;
    }
  return TRUE;
}

gboolean
orr_sim_check_outputs_finite (OrrSimulation *sim, const OrrSimBlock *block)
{
  return check_block (sim, block);
}

gboolean
orr_sim_check_calls_finite (OrrSimulation *sim, const OrrCallList *list)
{
  for (int i = 0; i < list->n; i++)
    if (!check_block (sim, list->calls[i].block))
      return FALSE;
  return TRUE;
}

gboolean
orr_sim_check_list_finite (OrrSimulation *sim, const OrrActivationList *list)
{
  const OrrProgram *program = sim->program;

  for (int i = 0; i < list->n; i++)
    {
      int b = list->items[i].block;

      if (orr_sim_callable (program->blocks[b].kind) && !check_block (sim, &sim->blocks[b]))
        return FALSE;
    }
  return TRUE;
}
