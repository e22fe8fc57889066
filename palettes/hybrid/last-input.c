/* last-input.c: LastInput, the last value of the input, of any type and
 * size (bytes copied).
 *
 * With external activation (an activation input), each event outputs the
 * input's left limit at the event's time: its value just before anything
 * acting at that time made it jump (a continuous signal reset by the
 * event, a discrete one updated by it). The simulator hands the block
 * that value through its left-limit hook (orr_block_set_left_limit_hook),
 * called before the first event of each time; the outputs job copies it.
 * The input is no feedthrough, so a loop through a LastInput is no
 * algebraic loop: the way to re-initialise an Integrator from its own
 * value before the jump.
 *
 * Without external activation the block inherits its activation and
 * outputs the input of its previous activation: at an inherited event,
 * the left limit again (a discrete signal's left limit at its own event
 * is its value of the previous one); for a continuous input, its value at
 * the previous accepted solver step (kept by the step hook), a signal
 * that depends on the solver's steps, hence not recommended. */
#include "hybrid-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec last_input_params[] = {
  { "external", N_ ("External activation"), "1",
    N_ ("1: an activation input; each event outputs the input just before the event (its left "
        "limit). 0: the block inherits its activation and outputs the input of its previous "
        "activation or accepted solver step (not recommended for continuous signals)."),
    ORR_PARAM_CHECKBOX },
};

/* The block's memory: the input's bytes at its left limit and at the
 * last two accepted steps. */
typedef struct
{
  gsize bytes;
  guint8 *left;  /* the left limit at the latest event time */
  double t_last; /* time of last[]; -infinity: none yet */
  guint8 *last;  /* the input at the accepted step t_last */
  guint8 *prev;  /* the input at the accepted step before */
  guint8 data[];
} LastInputWork;

static gboolean
last_input_configure (OrrConfig *config, GError **error)
{
  gboolean external;

  if (!orr_param_get_flag (config, "external", &external, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, FALSE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_event_ports (config, external ? 1 : 0, 0);
  orr_config_set_ipar (config, (int[]){ external }, 1);
  return TRUE;
}

static LastInputWork *
work_of (OrrSimBlock *block)
{
  return block->work;
}

/* Before the events of a new time: the input's left limit. */
static void
take_left_limit (OrrSimBlock *block)
{
  LastInputWork *w = work_of (block);

  memcpy (w->left, block->in[0].data, w->bytes);
}

/* After an accepted step: the value kept so far becomes the previous
 * one (a second call at the same time only replaces the newest). */
static gboolean
step_done (OrrSimBlock *block)
{
  LastInputWork *w = work_of (block);
  double t = orr_block_get_time (block);

  if (t > w->t_last)
    {
      memcpy (w->prev, w->last, w->bytes);
      w->t_last = t;
    }
  memcpy (w->last, block->in[0].data, w->bytes);
  /* the output until the next point is the value of this one, as the
   * outputs job computes it: nothing for the solver to restart for */
  return FALSE;
}

static void
last_input_init (OrrSimBlock *block)
{
  gsize bytes = (gsize)orr_block_out_numel (block, 0) * orr_type_element_size (block->out[0].type);
  LastInputWork *w = orr_block_alloc_work (block, sizeof (LastInputWork) + 3 * bytes);

  w->bytes = bytes;
  w->left = w->data;
  w->t_last = -INFINITY;
  w->last = w->data + bytes;
  w->prev = w->data + 2 * bytes;
  orr_block_set_left_limit_hook (block, take_left_limit);
  if (!block->ipar[0])
    orr_block_set_step_hook (block, step_done);
}

static void
last_input_simulate (OrrSimBlock *block, OrrJob job)
{
  LastInputWork *w = work_of (block);
  gboolean external = block->ipar[0];

  switch (job)
    {
      case ORR_JOB_INIT:
        last_input_init (block);
        break;

      case ORR_JOB_OUTPUTS:
        if (block->nevprt > 0)
          memcpy (block->out[0].data, w->left, w->bytes);
        else if (!external && !orr_block_is_exit_init (block))
          {
            /* Continuously active: strictly after the newest accepted
             * step, that step's input; at its own time, the one before.
             * Zeros until the first step. */
            double t = orr_block_get_time (block);

            memcpy (block->out[0].data, t > w->t_last ? w->last : w->prev, w->bytes);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_last_input_class = {
  .name = "LastInput",
  .palette = N_ ("Hybrid"),
  .label = N_ ("Last input"),
  .description = N_ ("At each event, the input just before the event (its left limit): "
                     "re-initialises a state from its value before the jump."),
  .icon_text = "u(t⁻)",
  .params = last_input_params,
  .n_params = G_N_ELEMENTS (last_input_params),
  .configure = last_input_configure,
  .simulate = last_input_simulate,
  .keywords = "left limit previous value reinit memory",
};
