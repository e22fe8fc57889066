/* derivative.c: Derivative, y ~ du/dt, element by element.
 *
 * As Xcos's and Activate's Derivative, the slope is the difference
 * quotient of the input over the last two accepted points,
 * (u(t1) - u(t0)) / (t1 - t0), and 0 until there are two. Only accepted
 * points (initialisation, events, the solver's accepted steps) enter the
 * history: a trial point that the solver may still reject must leave no
 * trace, so at trial points the block repeats the slope of the last two
 * accepted points. A second call at the same time (an event right after a
 * step, say) replaces the newest point, so that a jump of the input at an
 * event counts with its value after the event. */
#include "continuous-classes.h"

#include <string.h>
#include <glib/gi18n-lib.h>

typedef struct
{
  int count; /* accepted points kept: 0, 1 or 2 */
  double t_old, t_new;
  double *u_old, *u_new; /* n values each, after the struct */
} History;

static gboolean
derivative_configure (OrrConfig *config, GError **error)
{
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
remember (History *h, double t, const double *u, int n)
{
  if (h->count > 0 && t == h->t_new)
    {
      memcpy (h->u_new, u, n * sizeof (double));
      return;
    }
  if (h->count > 0)
    {
      double *spare = h->u_old;

      h->t_old = h->t_new;
      h->u_old = h->u_new;
      h->u_new = spare;
      h->count = 2;
    }
  else
    h->count = 1;
  h->t_new = t;
  memcpy (h->u_new, u, n * sizeof (double));
}

static void
derivative_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_in_numel (block, 0);
  History *h = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        h = orr_block_alloc_work (block, sizeof (History) + 2 * n * sizeof (double));
        h->u_old = (double *)(h + 1);
        h->u_new = h->u_old + n;
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);

          if (h == NULL)
            break;
          if (!orr_block_in_try_phase (block))
            remember (h, orr_block_get_time (block), orr_block_real_in (block, 0), n);
          for (int i = 0; i < n; i++)
            y[i] = h->count == 2 ? (h->u_new[i] - h->u_old[i]) / (h->t_new - h->t_old) : 0.0;
        }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_derivative_class = {
  .name = "Derivative",
  .palette = N_ ("Continuous"),
  .label = N_ ("Derivative"),
  .description = N_ ("The time derivative of its input, from the last two accepted points."),
  .icon_text = "du/dt",
  .params = NULL,
  .n_params = 0,
  .configure = derivative_configure,
  .simulate = derivative_simulate,
};
