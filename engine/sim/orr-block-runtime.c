/* orr-block-runtime.c: the calls a block makes into the simulator while it
 * runs: errors, stop and restart requests, the base, work memory and
 * recording.
 *
 * DESIGN: owns what blocks ask of the run, sim->req (OrrSimRequests:
 * stop and restart requests, a repeated event, warnings, work memory,
 * step and left-limit hooks), and outputs and streams, sim->out (OrrSimOutputs: the
 * record function, the recorders and their streams, whose queues are
 * orr-stream.c's). The rest of the run reads these, or asks through
 * orr_sim_take_repeat(), orr_sim_run_step_hooks() and
 * orr_sim_run_left_limit_hooks().
 */

#include <math.h>
#include <string.h>

#include "orr-sim-private.h"

/* The longest a producer at its stream's limit sleeps before looking at the
 * stop request again (the reader wakes it as soon as there is room). */
#define FULL_STREAM_WAIT_US 5000

void
orr_block_error (OrrSimBlock *block, const char *format, ...)
{
  OrrSimulation *sim;
  g_autofree char *message = NULL;
  va_list args;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  orr_sim_fail (sim, ORR_SIM_ERROR_BLOCK, "%s: %s", block->path != NULL ? block->path : "?",
                message);
}

void
orr_block_request_stop (OrrSimBlock *block)
{
  OrrSimulation *sim;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  sim->req.block_stop = TRUE;
  orr_simulation_stop (sim);
}

void
orr_block_request_restart (OrrSimBlock *block)
{
  OrrSimulation *sim;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  /* The first End block to ask is the one named if the runs run out. */
  if (!sim->req.restart_requested)
    sim->req.restart_block = block->path;
  sim->req.restart_requested = TRUE;
  orr_simulation_stop (sim);
}

void
orr_block_set_base_value (OrrSimBlock *block, const char *name, OrrValue *value)
{
  OrrSimulation *sim;

  g_return_if_fail (block != NULL && block->sim != NULL);
  g_return_if_fail (name != NULL && value != NULL);

  /* A trial point may be rejected: nothing of it may outlive the run. */
  if (block->time->phase == ORR_PHASE_TRIAL)
    return;
  sim = block->sim;
  orr_base_set (sim->base, name, value);
}

OrrValue *
orr_block_get_base_value (OrrSimBlock *block, const char *name)
{
  OrrSimulation *sim;

  g_return_val_if_fail (block != NULL && block->sim != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  sim = block->sim;
  return orr_base_lookup (sim->base, name);
}

void
orr_block_request_repeat (OrrSimBlock *block)
{
  OrrSimulation *sim;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  if (sim->time.phase == ORR_PHASE_EVENT)
    sim->req.repeat_block = block->index;
}

gpointer
orr_block_alloc_work (OrrSimBlock *block, gsize size)
{
  OrrSimulation *sim;

  g_return_val_if_fail (block != NULL && block->sim != NULL, NULL);

  sim = block->sim;
  /* A second call replaces the first: the block asked for new memory. */
  g_free (sim->req.owned_work[block->index]);
  sim->req.owned_work[block->index] = g_malloc0 (MAX (size, 1));
  block->work = sim->req.owned_work[block->index];
  return block->work;
}

void
orr_block_warning (OrrSimBlock *block, const char *format, ...)
{
  OrrSimulation *sim;
  g_autofree char *message = NULL;
  const char *path;
  va_list args;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  path = block->path != NULL ? block->path : "?";
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (sim->req.message_func != NULL)
    sim->req.message_func (path, message, sim->req.message_data);
  else
    g_info ("%s: %s", path, message);
}

void
orr_simulation_set_message_func (OrrSimulation *sim, OrrMessageFunc func, gpointer user_data)
{
  g_return_if_fail (sim != NULL);

  sim->req.message_func = func;
  sim->req.message_data = user_data;
}

void
orr_block_set_step_hook (OrrSimBlock *block, OrrStepHook hook)
{
  OrrSimulation *sim;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  if (sim->req.step_hooks == NULL)
    {
      if (hook == NULL)
        return;
      sim->req.step_hooks = g_new0 (OrrStepHook, MAX (sim->program->n_blocks, 1));
    }
  sim->req.n_step_hooks += (hook != NULL) - (sim->req.step_hooks[block->index] != NULL);
  sim->req.step_hooks[block->index] = hook;
}

gboolean
orr_sim_run_step_hooks (OrrSimulation *sim)
{
  gboolean changed = FALSE;

  if (sim->req.n_step_hooks == 0)
    return TRUE;
  for (int b = 0; b < sim->program->n_blocks && !sim->failed; b++)
    if (sim->req.step_hooks[b] != NULL && sim->req.step_hooks[b](&sim->blocks[b]))
      changed = TRUE;
  if (changed)
    {
      /* the block changed what the solver integrates, or its outputs */
      orr_sim_request_restart (sim);
      orr_sim_mark_outputs_stale (sim);
    }
  return !sim->failed;
}

void
orr_block_set_left_limit_hook (OrrSimBlock *block, OrrLeftLimitHook hook)
{
  OrrSimulation *sim;

  g_return_if_fail (block != NULL && block->sim != NULL);

  sim = block->sim;
  if (sim->req.left_limit_hooks == NULL)
    {
      if (hook == NULL)
        return;
      sim->req.left_limit_hooks = g_new0 (OrrLeftLimitHook, MAX (sim->program->n_blocks, 1));
    }
  sim->req.n_left_limit_hooks += (hook != NULL) - (sim->req.left_limit_hooks[block->index] != NULL);
  sim->req.left_limit_hooks[block->index] = hook;
}

gboolean
orr_sim_run_left_limit_hooks (OrrSimulation *sim)
{
  if (sim->req.n_left_limit_hooks == 0)
    return TRUE;
  /* Several events at one time (a cascade, a crossing and the event it
   * programs): the left limit is the value before the first of them. */
  if (!isnan (sim->req.left_limit_time) && sim->time.t <= sim->req.left_limit_time)
    return TRUE;
  sim->req.left_limit_time = sim->time.t;
  /* (called in the event phase: between events, or at a located root) */
  for (int b = 0; b < sim->program->n_blocks && !sim->failed; b++)
    if (sim->req.left_limit_hooks[b] != NULL)
      {
        orr_sim_set_nevprt (sim, b, 0);
        sim->req.left_limit_hooks[b](&sim->blocks[b]);
      }
  return !sim->failed;
}

void
orr_sim_free_work (OrrSimulation *sim)
{
  if (sim->req.owned_work == NULL)
    return;
  for (int b = 0; b < sim->program->n_blocks; b++)
    {
      if (sim->req.owned_work[b] == NULL)
        continue;
      if (sim->blocks[b].work == sim->req.owned_work[b])
        sim->blocks[b].work = NULL;
      g_clear_pointer (&sim->req.owned_work[b], g_free);
    }
}

void
orr_sim_block_runtime_setup (OrrSimulation *sim)
{
  int n = MAX (sim->program->n_blocks, 1);

  sim->req.repeat_block = -1;
  sim->req.left_limit_time = NAN;
  sim->req.owned_work = g_new0 (gpointer, n);
  sim->out.recorders = g_new0 (OrrRecorder, n);
  sim->out.stream_wanted = g_new0 (gint, n);
}

void
orr_sim_block_runtime_free (OrrSimulation *sim)
{
  orr_sim_free_work (sim);
  g_clear_pointer (&sim->req.owned_work, g_free);
  g_clear_pointer (&sim->req.step_hooks, g_free);
  sim->req.n_step_hooks = 0;
  g_clear_pointer (&sim->req.left_limit_hooks, g_free);
  sim->req.n_left_limit_hooks = 0;
  if (sim->out.recorders != NULL)
    for (int b = 0; b < sim->program->n_blocks; b++)
      {
        orr_stream_free (sim->out.recorders[b].stream);
        g_free (sim->out.recorders[b].last);
      }
  g_clear_pointer (&sim->out.recorders, g_free);
  g_clear_pointer (&sim->out.stream_wanted, g_free);
}

int
orr_sim_take_repeat (OrrSimulation *sim)
{
  int asking = sim->req.repeat_block;

  sim->req.repeat_block = -1;
  return asking;
}

void
orr_simulation_set_record_func (OrrSimulation *sim, OrrRecordFunc func, gpointer user_data)
{
  g_return_if_fail (sim != NULL);

  sim->out.record_func = func;
  sim->out.record_data = user_data;
}

static OrrRecorder *
get_recorder (OrrSimulation *sim, int b, int n)
{
  OrrRecorder *recorder = &sim->out.recorders[b];

  if (recorder->stream == NULL)
    {
      OrrStream *stream;

      recorder->n_channels = n;
      recorder->last = g_new0 (double, MAX (n, 1) * 2);
      /* A reader may ask for the stream right now. We read its "wanted"
       * flag before publishing the stream, it sets the flag before reading
       * the pointer; both sequentially consistent, so at least one of us
       * sees the other and the reader is never lost. */
      stream = orr_stream_new (n, g_atomic_int_get (&sim->out.stream_wanted[b]) != 0);
      g_atomic_pointer_set (&recorder->stream, stream);
      g_atomic_int_inc (&sim->out.n_streams);
    }
  return recorder;
}

void
orr_block_record (OrrSimBlock *block, const double *values, int n)
{
  OrrSimulation *sim;
  OrrRecorder *recorder;
  double t;
  double *sample;
  int n_channels;

  g_return_if_fail (block != NULL && block->sim != NULL);
  g_return_if_fail (n >= 0 && (n == 0 || values != NULL));

  /* Trial points may be rejected: nothing of them may reach the user. */
  if (block->time->phase == ORR_PHASE_TRIAL)
    return;

  sim = block->sim;
  t = block->time->t;
  recorder = get_recorder (sim, block->index, n);
  n_channels = recorder->n_channels;

  /* A block must record the same number of values every time; if it does
   * not, the channels it skipped read NaN. */
  sample = recorder->last + n_channels;
  for (int i = 0; i < n_channels; i++)
    sample[i] = i < n ? values[i] : NAN;

  /* At an event the continuous outputs are evaluated more than once (left
   * limit, then after the restart); an identical repeat carries nothing. */
  if (recorder->has_last && recorder->last_t == t
      && memcmp (recorder->last, sample, sizeof (double) * n_channels) == 0)
    return;
  memcpy (recorder->last, sample, sizeof (double) * n_channels);
  recorder->last_t = t;
  recorder->has_last = TRUE;

  if (sim->out.record_func != NULL)
    sim->out.record_func (block->index, sim->out.record_seq, t, sample, n_channels,
                          sim->out.record_data);
  sim->out.record_seq++;

  /* A full stream waits for its reader; without a reader (nobody asked
   * for this stream) the sample is dropped, so batch runs never block. */
  while (!orr_stream_try_push (recorder->stream, t, sample, n_channels))
    {
      if (!orr_stream_has_reader (recorder->stream) || g_atomic_int_get (&sim->ctl.stop_requested))
        break;
      orr_stream_wait_room (recorder->stream, FULL_STREAM_WAIT_US);
    }
}

guint
orr_simulation_get_n_streams (OrrSimulation *sim)
{
  g_return_val_if_fail (sim != NULL, 0);

  return (guint)g_atomic_int_get (&sim->out.n_streams);
}

OrrStream *
orr_simulation_get_stream (OrrSimulation *sim, int block)
{
  OrrStream *stream;

  g_return_val_if_fail (sim != NULL, NULL);
  g_return_val_if_fail (block >= 0 && block < sim->program->n_blocks, NULL);

  /* Asking makes the caller a reader, even before the stream exists: from
   * then on a full ring waits for it instead of dropping samples. */
  g_atomic_int_set (&sim->out.stream_wanted[block], 1);
  stream = g_atomic_pointer_get (&sim->out.recorders[block].stream);
  if (stream != NULL)
    orr_stream_attach_reader (stream);
  return stream;
}
