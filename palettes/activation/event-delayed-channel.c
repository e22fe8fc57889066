/* event-delayed-channel.c: EventDelayedChannel, delays every activation by
 * a fixed time without losing any.
 *
 * An activation output holds one pending event, which is why EventDelay
 * loses events when they come faster than its delay. This block keeps the
 * times still to come in a queue in its work memory and lets the output
 * hold only the earliest. For that it must hear its own output fire:
 * activation input 2 receives the block's own output (the compiler adds
 * that link, as for EventClock; drawing it by hand is harmless). When it
 * fires the block drops the head of the queue and programs the next time.
 *
 * The delay is the same for every event, so times enter the queue in
 * increasing order and a ring buffer (first in, first out) is enough. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

/* 80 MB of pending times: far more than any channel should hold. */
#define MAX_CAPACITY 10000000

enum
{
  INPUT_EVENTS = 1 << 0,   /* activation input 1: events to delay */
  INPUT_FEEDBACK = 1 << 1, /* activation input 2: the block's own output */
};

typedef struct
{
  int capacity;
  int head;  /* index of the earliest time */
  int count; /* times waiting */
  double times[];
} Queue;

static const OrrParamSpec event_delayed_channel_params[] = {
  { "delay", N_ ("Delay"), "1", N_ ("The time between an activation and its output event, > 0.") },
  { "capacity", N_ ("Capacity"), "1000",
    N_ ("How many events may wait in the channel at once, up to 10000000; one more stops the "
        "simulation with an error.") },
};

static gboolean
event_delayed_channel_configure (OrrConfig *config, GError **error)
{
  double delay;
  int capacity;

  if (!orr_param_get_finite (config, "delay", &delay, error)
      || !orr_param_get_int_range (config, "capacity", 1, MAX_CAPACITY, &capacity, error))
    return FALSE;
  /* A zero delay would re-fire at the same time forever in a loop. */
  if (delay <= 0)
    {
      orr_param_set_error (error, "delay", "must be positive, not %g", delay);
      return FALSE;
    }
  /* input 1 takes the events to delay; its own output comes back as a
   * hidden input, bit 2, to move to the next queued time */
  orr_config_set_event_ports (config, 1, 1);
  orr_config_set_self_activation (config, 0);
  orr_config_set_rpar (config, &delay, 1);
  orr_config_set_ipar (config, &capacity, 1);
  orr_param_label_from (config, "delay");
  return TRUE;
}

static double
queue_head (const Queue *q)
{
  return q->times[q->head];
}

static void
event_delayed_channel_simulate (OrrSimBlock *block, OrrJob job)
{
  Queue *q = block->work;
  double t = orr_block_get_time (block);
  gboolean head_changed = FALSE;

  switch (job)
    {
      case ORR_JOB_INIT:
        q = g_malloc0 (sizeof (Queue)
                       + (gsize)CLAMP (block->ipar[0], 1, MAX_CAPACITY) * sizeof (double));
        q->capacity = CLAMP (block->ipar[0], 1, MAX_CAPACITY);
        block->work = q;
        break;

      case ORR_JOB_EVENTS:
        if (q == NULL || orr_block_is_exit_init (block) || block->nevprt <= 0)
          break;
        /* The output fired: exactly one event, the head, has gone. */
        if ((block->nevprt & INPUT_FEEDBACK) && q->count > 0)
          {
            q->head = (q->head + 1) % q->capacity;
            q->count--;
            head_changed = TRUE;
          }
        if (block->nevprt & INPUT_EVENTS)
          {
            if (q->count == q->capacity)
              {
                orr_block_error (block,
                                 "more than %d events are waiting in the channel; raise its "
                                 "capacity",
                                 q->capacity);
                return;
              }
            q->times[(q->head + q->count) % q->capacity] = t + block->rpar[0];
            q->count++;
            head_changed |= q->count == 1;
          }
        /* Reprogram only when the earliest time changed: programming the
         * same time again would move the event behind others at that
         * time. */
        if (head_changed && q->count > 0)
          block->evout[0] = MAX (0.0, queue_head (q) - t);
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_event_delayed_channel_class = {
  .name = "EventDelayedChannel",
  .palette = N_ ("Activation"),
  .label = N_ ("Event delayed channel"),
  .description = N_ ("Delays every activation by a fixed time, keeping all of them when they come "
                     "faster than the delay; its output is fed back to its second activation input "
                     "automatically."),
  .icon_text = "Δt…",
  .params = event_delayed_channel_params,
  .n_params = G_N_ELEMENTS (event_delayed_channel_params),
  .configure = event_delayed_channel_configure,
  .simulate = event_delayed_channel_simulate,
};
