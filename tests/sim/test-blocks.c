/* test-blocks.c: block classes for the simulator tests.
 *
 * Blocks find the observer of their simulation in a table keyed by the
 * simulation, so that simulations on several threads log separately.
 */

#include <math.h>

#include "test-blocks.h"

static GMutex observers_lock;
static GHashTable *observers;

TestObserver *
test_observer_new (OrrSimulation *sim)
{
  TestObserver *observer = g_new0 (TestObserver, 1);

  observer->sim = sim;
  observer->calls = g_array_new (FALSE, TRUE, sizeof (TestCall));
  g_mutex_lock (&observers_lock);
  if (observers == NULL)
    observers = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (observers, sim, observer);
  g_mutex_unlock (&observers_lock);
  return observer;
}

void
test_observer_free (TestObserver *observer)
{
  g_mutex_lock (&observers_lock);
  g_hash_table_remove (observers, observer->sim);
  g_mutex_unlock (&observers_lock);
  g_array_unref (observer->calls);
  g_free (observer);
}

GArray *
test_observer_calls (TestObserver *observer, int b, OrrJob job)
{
  GArray *result = g_array_new (FALSE, TRUE, sizeof (TestCall));

  for (guint i = 0; i < observer->calls->len; i++)
    {
      TestCall *call = &g_array_index (observer->calls, TestCall, i);

      if (call->block == b && call->job == job)
        g_array_append_val (result, *call);
    }
  return result;
}

static TestObserver *
find_observer (OrrSimBlock *block)
{
  TestObserver *observer;

  g_mutex_lock (&observers_lock);
  observer = observers != NULL ? g_hash_table_lookup (observers, block->sim) : NULL;
  g_mutex_unlock (&observers_lock);
  return observer;
}

static void
note (OrrSimBlock *block, OrrJob job, double v0, double v1, int info)
{
  TestObserver *observer = find_observer (block);
  TestCall call;

  if (observer == NULL)
    return;
  if (job == ORR_JOB_INIT)
    observer->initialised[block->index]++;
  if (job == ORR_JOB_TERMINATE)
    observer->terminated[block->index]++;
  if (observer->quiet)
    return;
  if (block->time->phase == ORR_PHASE_TRIAL)
    {
      observer->trial_calls++;
      return;
    }
  call.block = block->index;
  call.job = job;
  call.phase = block->time->phase;
  call.nevprt = block->nevprt;
  call.t = block->time->t;
  call.value[0] = v0;
  call.value[1] = v1;
  call.info = info;
  g_array_append_val (observer->calls, call);
}

static double
input (OrrSimBlock *block, int port)
{
  return port < block->n_in ? orr_block_real_in (block, port)[0] : NAN;
}

/* ---- continuous blocks ---------------------------------------------------- */

static void
decay_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->x[0], 0, 0);
  switch (job)
    {
      case ORR_JOB_DERIVATIVES:
        block->xd[0] = -block->x[0];
        break;
      case ORR_JOB_OUTPUTS:
        if (block->n_out > 0)
          orr_block_real_out (block, 0)[0] = block->x[0];
        break;
      default:
        break;
    }
}

const OrrBlockClass test_decay_class = { .name = "TestDecay", .simulate = decay_simulate };

static void
oracle_outputs (OrrSimBlock *block)
{
  for (int i = 0; i < MIN (block->n_out, 2); i++)
    orr_block_real_out (block, i)[0] = block->x[i];
}

static void
oracle_f (const double *x, double *f)
{
  f[0] = -x[0] + x[0] * x[1];
  f[1] = 2 * x[0] - 3 * x[1];
}

static void
oracle_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->x[0], block->x[1], 0);
  if (job == ORR_JOB_DERIVATIVES)
    oracle_f (block->x, block->xd);
  else if (job == ORR_JOB_OUTPUTS)
    oracle_outputs (block);
}

const OrrBlockClass test_oracle_class = { .name = "TestOracle", .simulate = oracle_simulate };

static void
oracle_implicit_simulate (OrrSimBlock *block, OrrJob job)
{
  double f[2];

  note (block, job, block->x[0], block->x[1], 0);
  if (job == ORR_JOB_DERIVATIVES)
    {
      /* The block reads x' from xd and writes F = x' - f(x). */
      oracle_f (block->x, f);
      block->res[0] = block->xd[0] - f[0];
      block->res[1] = block->xd[1] - f[1];
    }
  else if (job == ORR_JOB_OUTPUTS)
    oracle_outputs (block);
}

const OrrBlockClass test_oracle_implicit_class
  = { .name = "TestOracleImplicit", .simulate = oracle_implicit_simulate };

static void
oracle_jacobian_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_JACOBIAN)
    {
      /* d(x')/dx, column-major. */
      block->jacobian[0] = -1 + block->x[1];
      block->jacobian[1] = 2;
      block->jacobian[2] = block->x[0];
      block->jacobian[3] = -3;
      note (block, job, 0, 0, 0);
      return;
    }
  oracle_simulate (block, job);
}

const OrrBlockClass test_oracle_jacobian_class
  = { .name = "TestOracleJacobian", .simulate = oracle_jacobian_simulate };

static void
ball_simulate (OrrSimBlock *block, OrrJob job)
{
  double *x = block->x;
  int info = 0;

  switch (job)
    {
      case ORR_JOB_DERIVATIVES:
        block->xd[0] = x[1];
        block->xd[1] = -9.81;
        break;
      case ORR_JOB_OUTPUTS:
        if (block->n_out > 0)
          orr_block_real_out (block, 0)[0] = x[0];
        break;
      case ORR_JOB_ZERO_CROSSINGS:
        block->g[0] = x[0];
        if (block->ng > 1)
          block->g[1] = x[1];
        break;
      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt != -1)
          break;
        if (block->ng > 1 && block->jroot[1] != 0)
          info |= 2;
        if (block->jroot[0] < 0)
          info |= 1;
        note (block, job, x[0], x[1], info);
        if (info & 1)
          {
            /* As in the seed's block: the ball is on the ground (unless
             * rpar[0] is 0: then it stays where the solver found it). */
            if (block->n_rpar == 0 || block->rpar[0] != 0)
              x[0] = 0.0;
            x[1] = -0.9 * x[1];
          }
        return;
      default:
        break;
    }
  note (block, job, x[0], x[1], 0);
}

const OrrBlockClass test_ball_class = { .name = "TestBall", .simulate = ball_simulate };

static void
chain_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->nx;

  if (job == ORR_JOB_DERIVATIVES)
    {
      block->xd[0] = 1.0 - block->x[0];
      for (int i = 1; i < n; i++)
        block->xd[i] = block->x[i - 1] - block->x[i];
    }
  else if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = block->x[n - 1];
  if (job != ORR_JOB_DERIVATIVES)
    note (block, job, block->x[n - 1], 0, 0);
}

const OrrBlockClass test_chain_class = { .name = "TestChain", .simulate = chain_simulate };

static void
sine_crossing_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, 0, 0, 0);
  if (job == ORR_JOB_ZERO_CROSSINGS)
    block->g[0] = sin (orr_block_get_time (block));
  else if (job == ORR_JOB_EVENTS && orr_block_is_zero_crossing_event (block))
    block->evout[0] = 0.0;
}

const OrrBlockClass test_sine_crossing_class
  = { .name = "TestSineCrossing", .simulate = sine_crossing_simulate };

/* ---- event blocks ---------------------------------------------------------- */

static void
generator_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, 0, 0, 0);
  if (job != ORR_JOB_EVENTS)
    return;
  if (orr_block_is_exit_init (block))
    block->evout[0] = block->rpar[0] - orr_block_get_time (block);
  else if (block->n_rpar > 1)
    block->evout[0] = block->rpar[1];
}

const OrrBlockClass test_generator_class
  = { .name = "TestGenerator", .simulate = generator_simulate };

static void
delay_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, 0, 0, 0);
  if (job == ORR_JOB_EVENTS && !orr_block_is_exit_init (block))
    block->evout[0] = block->rpar[0];
}

const OrrBlockClass test_delay_class = { .name = "TestDelay", .simulate = delay_simulate };

static void
logger_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, input (block, 0), input (block, 1), 0);
  if (job == ORR_JOB_EVENTS && !orr_block_is_exit_init (block) && block->n_rpar > 0)
    block->evout[0] = block->rpar[0];
}

const OrrBlockClass test_logger_class = { .name = "TestLogger", .simulate = logger_simulate };

static void
counter_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->z[0], 0, 0);
  if (job == ORR_JOB_OUTPUTS && block->n_out > 0)
    orr_block_real_out (block, 0)[0] = block->z[0];
  else if (job == ORR_JOB_STATE_UPDATE)
    block->z[0] += 1;
}

const OrrBlockClass test_counter_class = { .name = "TestCounter", .simulate = counter_simulate };

static void
flip_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->z[0], 0, 0);
  if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = fmod (block->z[0], 2.0) == 0 ? 1.0 : -1.0;
  else if (job == ORR_JOB_STATE_UPDATE)
    block->z[0] += 1;
}

const OrrBlockClass test_flip_class = { .name = "TestFlip", .simulate = flip_simulate };

static void
error_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, 0, 0, 0);
  if (job == ORR_JOB_INIT)
    orr_block_alloc_work (block, 128); /* must be freed by the simulator */
  if (job == ORR_JOB_OUTPUTS && orr_block_get_time (block) >= block->rpar[0])
    orr_block_error (block, "boom at t = %g", orr_block_get_time (block));
}

const OrrBlockClass test_error_class = { .name = "TestError", .simulate = error_simulate };

static void
sink_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, input (block, 0), 0, 0);
  if (job == ORR_JOB_OUTPUTS)
    {
      double values[2] = { input (block, 0), (double)block->time->phase };

      orr_block_record (block, values, 2);
    }
}

const OrrBlockClass test_sink_class = { .name = "TestSink", .simulate = sink_simulate };

static void
dae_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->x[0], block->x[1], 0);
  if (job == ORR_JOB_DERIVATIVES)
    {
      block->res[0] = block->xd[0] + block->x[0] - block->x[1];
      block->res[1] = block->x[1] - cos (orr_block_get_time (block));
    }
  else if (job == ORR_JOB_OUTPUTS)
    oracle_outputs (block);
}

const OrrBlockClass test_dae_class = { .name = "TestDae", .simulate = dae_simulate };

static void
blowup_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->x[0], 0, 0);
  if (job == ORR_JOB_DERIVATIVES)
    block->xd[0] = block->x[0] * block->x[0];
}

const OrrBlockClass test_blowup_class = { .name = "TestBlowup", .simulate = blowup_simulate };

static void
jump_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, block->x[0], 0, 0);
  if (job == ORR_JOB_DERIVATIVES)
    block->xd[0] = 0;
  else if (job == ORR_JOB_STATE_UPDATE)
    block->x[0] = block->rpar[0];
}

const OrrBlockClass test_jump_class = { .name = "TestJump", .simulate = jump_simulate };

static void
end_simulate (OrrSimBlock *block, OrrJob job)
{
  note (block, job, 0, 0, 0);
  if (job == ORR_JOB_OUTPUTS && orr_block_get_time (block) >= block->rpar[0])
    orr_block_request_stop (block);
}

const OrrBlockClass test_end_class = { .name = "TestEnd", .simulate = end_simulate };

const OrrBlockClass test_conditional_class = { .name = "TestConditional", .simulate = NULL };
