/* test-discrete-models.c: the Discrete palette's blocks in real
 * simulations, driven by SampleClocks: left limits at each tick, the exact
 * zero-order-hold discretisation of SampledData, and the compiler refusing
 * a SampledData on a clock of another period. Built with the model API,
 * compiled with the standard palettes and run by tests/common/model-run.h
 * (a separate program from the harness tests, whose linker tricks divert
 * orr_block_record). Tolerances are stated with each check. */
#include "model-run.h"
#include "test-sine.h"

#include <math.h>
#include <string.h>

/* The standard blocks and an exact sine source. */
static const OrrBlockClass *const test_classes[] = { &test_sine_class, NULL };
static const RunSetup setup = { .classes = test_classes };

/* ---- the blocks over time ------------------------------------------------------- */

/* A SampledData block for x' = -x + u, y = x on a 0.1 s clock, with a unit
 * step: the discrete pole is e^-0.1, so at t = kT the output is exactly
 * 1 - e^(-0.1 k), to 1e-12, at each of the 101 ticks of [0, 10]. */
static void
test_sampled_data_step (void)
{
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  OrrBlock *step = add_block (model, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *plant = add_block (model, "SampledData", "Plant", 1, 1, 1, 0, "A", "-1", "B", "1", "C",
                               "1", "D", "0", "period", "0.1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_data (model, step, 1, plant, 1);
  link_event (model, clock, 1, plant, 1);
  link_data (model, plant, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 101);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.1 * k, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 1 - exp (-0.1 * k), 1e-12);
    }
}

/* The same block on a 0.2 s clock does not compile, and the message names
 * it. */
static void
test_sampled_data_wrong_clock (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = NULL;
  OrrBlock *step = add_block (model, "Constant", "Step", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.2", NULL);
  OrrBlock *plant = add_block (model, "SampledData", "Plant", 1, 1, 1, 0, "period", "0.1", NULL);

  link_data (model, step, 1, plant, 1);
  link_event (model, clock, 1, plant, 1);
  program = compile_model (model, &setup, &error);
  g_assert_null (program);
  g_assert_error (error, ORR_COMPILE_ERROR, ORR_COMPILE_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Plant"));
}

/* A Counter (1, 2, 3 ...) through a DiscreteDelay with initial value 7, on
 * one 0.1 s clock: at tick k the delay shows the counter of tick k - 1,
 * that is k, and 7 at the first tick (left limits, exactly). */
static void
test_discrete_delay_counter (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *delay = add_block (model, "DiscreteDelay", "Delay", 1, 1, 1, 0, "init", "7", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, counter, 1);
  link_event (model, clock, 1, delay, 1);
  link_data (model, counter, 1, delay, 1);
  link_data (model, delay, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    g_assert_cmpfloat (V (r, k, 0), ==, k == 0 ? 7 : k);
}

/* A loop closed through the unit delay is no algebraic loop:
 * y[k] = 0.5 y[k-1] + 1 from y = 0 (Gain, Sum, DiscreteDelay) gives
 * 2 (1 - 0.5^k), to 1e-15, and DiscreteTransferFunction 1/(z - 0.5) on a
 * unit step gives the same sequence. */
static void
test_discrete_loop (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *delay = add_block (model, "DiscreteDelay", "Delay", 1, 1, 1, 0, NULL);
  OrrBlock *half = add_block (model, "Gain", "Half", 1, 1, 0, 0, "gain", "0.5", NULL);
  OrrBlock *tf = add_block (model, "DiscreteTransferFunction", "TF", 1, 1, 1, 0, "num", "1", "den",
                            "[1 -0.5]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  link_event (model, clock, 1, delay, 1);
  link_event (model, clock, 1, tf, 1);
  link_data (model, delay, 1, half, 1);
  link_data (model, half, 1, sum, 1);
  link_data (model, one, 1, sum, 2);
  link_data (model, sum, 1, delay, 1);
  link_data (model, one, 1, tf, 1);
  link_data (model, delay, 1, scope, 1);
  link_data (model, tf, 1, scope, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 2 * (1 - pow (0.5, k)), 1e-15);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), 2 * (1 - pow (0.5, k)), 1e-15);
    }
}

/* sin t sampled every 0.25 s and held: the held value at tick k is
 * sin (0.25 k) exactly; a DiscreteIntegrator (forward Euler, Ts = 0.25) of
 * the same samples adds 0.25 sin (0.25 i) for i < k (1e-14). */
static void
test_sample_hold_integrate (void)
{
  g_autoptr (OrrModel) model = new_precise_model (5, 0);
  OrrBlock *sine = add_block (model, "TestSine", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *hold = add_block (model, "SampleHold", "Hold", 1, 1, 1, 0, NULL);
  OrrBlock *integral
    = add_block (model, "DiscreteIntegrator", "Sum", 1, 1, 1, 0, "Ts", "0.25", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 2, 0, 0, 0, "inputs", "2", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double sum = 0;

  link_data (model, sine, 1, hold, 1);
  link_event (model, clock, 1, hold, 1);
  link_data (model, hold, 1, integral, 1);
  link_event (model, clock, 1, integral, 1);
  link_data (model, hold, 1, scope, 1);
  link_data (model, integral, 1, scope, 2);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpuint (r->t->len, ==, 21);
  for (guint k = 0; k < r->t->len; k++)
    {
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), sin (0.25 * k), 1e-15);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), sum, 1e-14);
      sum += 0.25 * sin (0.25 * k);
    }
}

/* Memory, ShiftRegister and Accumulator inherit the 0.1 s clock of a
 * Counter u(k) = k + 1 at tick k = 0 .. 10:
 * - a loop y = u + 0.5 Memory(y), which without the Memory is an
 *   algebraic loop: y(k) = k + 1 + 0.5 y(k - 1), from y(-1) = 0;
 * - the register (3 stages from zeros): element i is u(k - 1 - i), 0
 *   before the start;
 * - the running sum from 5: 5 + (k + 1)(k + 2) / 2.
 * Exact but for the loop (1e-12, its sums round). */
static void
test_inherited_memories (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1, 0);
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, "period", "0.1", NULL);
  OrrBlock *counter = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *sum = add_block (model, "Sum", "Sum", 2, 1, 0, 0, "signs", "[1 1]", NULL);
  OrrBlock *memory = add_block (model, "Memory", "Memory", 1, 1, 0, 0, NULL);
  OrrBlock *half = add_block (model, "Gain", "Half", 1, 1, 0, 0, "gain", "0.5", NULL);
  OrrBlock *shift
    = add_block (model, "ShiftRegister", "Shift", 1, 1, 0, 0, "init", "zeros(3, 1)", NULL);
  OrrBlock *acc = add_block (model, "Accumulator", "Acc", 1, 1, 0, 0, "x0", "5", NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 3, 1, 0, 0, "inputs", "[1 3 1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double y = 0;

  link_event (model, clock, 1, counter, 1);
  link_data (model, counter, 1, sum, 1);
  link_data (model, half, 1, sum, 2);
  link_data (model, sum, 1, memory, 1);
  link_data (model, memory, 1, half, 1);
  link_data (model, counter, 1, shift, 1);
  link_data (model, counter, 1, acc, 1);
  link_data (model, sum, 1, mux, 1);
  link_data (model, shift, 1, mux, 2);
  link_data (model, acc, 1, mux, 3);
  link_data (model, mux, 1, scope, 1);
  run = run_model_ok (model, &setup);
  r = recording (run, "Out");
  g_assert_cmpint (r->n, ==, 5);
  g_assert_cmpuint (r->t->len, ==, 11);
  for (guint k = 0; k < r->t->len; k++)
    {
      y = k + 1 + 0.5 * y;
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), y, 1e-12);
      for (int i = 0; i < 3; i++)
        g_assert_cmpfloat (V (r, k, 1 + i), ==, (int)k - 1 - i >= 0 ? (double)k - i : 0);
      g_assert_cmpfloat (V (r, k, 4), ==, 5 + (k + 1) * (k + 2) / 2.0);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discrete/sampled-data/step", test_sampled_data_step);
  g_test_add_func ("/discrete/sampled-data/wrong-clock", test_sampled_data_wrong_clock);
  g_test_add_func ("/discrete/discrete-delay/counter", test_discrete_delay_counter);
  g_test_add_func ("/discrete/loop", test_discrete_loop);
  g_test_add_func ("/discrete/inherited-memories", test_inherited_memories);
  g_test_add_func ("/discrete/sample-hold/integrate", test_sample_hold_integrate);

  return g_test_run ();
}
