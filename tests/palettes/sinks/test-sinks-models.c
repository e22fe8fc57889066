/* test-sinks-models.c: the Sinks palette's blocks inside real runs: small
 * models built with the model API, compiled with the standard blocks and
 * simulated; what they record against values worked out by hand. */
#include "model-run.h"

#include <orrery/orr-runs.h>

#include <math.h>

/* A clocked Scope on a 0.25 s clock showing t (an integrator of 1) over
 * [0, 1]: five samples, at 0, 0.25 ... 1, each equal to its time (1e-9,
 * the integrator is exact for a constant input up to the solver's
 * rounding); an inherited one beside it records at every solver point. */
static void
test_scope_clocked (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *time = add_block (model, "Integrator", "Time", 1, 1, 0, 0, NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *clocked = add_block (model, "Scope", "Clocked", 1, 0, 1, 0, "activation", "2", NULL);
  OrrBlock *free = add_block (model, "Scope", "Free", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_data (model, one, 1, time, 1);
  link_data (model, time, 1, clocked, 1);
  link_data (model, time, 1, free, 1);
  link_event (model, sc, 1, clocked, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Clocked");
  g_assert_cmpuint (r->t->len, ==, 5);
  for (guint k = 0; k < 5; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.25 * k, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 0.25 * k, 1e-9);
    }
  g_assert_cmpuint (n_samples (run, "Free"), >, 5);
}

/* EventScope with an EventGenerate(0.5) on input 1 and a 1 s SampleClock
 * on input 2 over [0, 2]: (0, 2), (0.5, 1), (1, 2), (2, 2). */
static void
test_event_scope (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *once = add_block (model, "EventGenerate", "Once", 0, 0, 0, 1, "time", "0.5", NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "1", NULL);
  OrrBlock *scope = add_block (model, "EventScope", "Events", 0, 0, 2, 0, "inputs", "2", NULL);
  const double times[] = { 0, 0.5, 1, 2 }, ports[] = { 2, 1, 2, 2 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 2);
  link_event (model, once, 1, scope, 1);
  link_event (model, sc, 1, scope, 2);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Events");
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (times));
  for (guint k = 0; k < G_N_ELEMENTS (times); k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), times[k], 1e-12);
      g_assert_cmpfloat (V (r, k, 0), ==, ports[k]);
    }
}

/* XYScope of (cos t, sin t) from the oscillator x1' = -x2, x2' = x1:
 * every recorded pair lies on the unit circle (1e-6 with rtol 1e-9);
 * Display and SignalOut record the 2-vector (x1, x2) at the same points. */
static void
test_xy_display_signal_out (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *x1 = add_block (model, "Integrator", "X1", 1, 1, 0, 0, "x0", "1", NULL);
  OrrBlock *x2 = add_block (model, "Integrator", "X2", 1, 1, 0, 0, "x0", "0", NULL);
  OrrBlock *minus = add_block (model, "Gain", "Minus", 1, 1, 0, 0, "gain", "-1", NULL);
  OrrBlock *xy = add_block (model, "XYScope", "Circle", 2, 0, 0, 0, NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 2, 1, 0, 0, "inputs", "2", NULL);
  OrrBlock *display = add_block (model, "Display", "Display", 1, 0, 0, 0, NULL);
  OrrBlock *out = add_block (model, "SignalOut", "Out", 1, 0, 0, 0, "name", "'state'", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r, *d, *o;

  set_final_time (model, 2 * G_PI);
  set_tolerances (model, 1e-9, 1e-12);
  link_data (model, x2, 1, minus, 1);
  link_data (model, minus, 1, x1, 1);
  link_data (model, x1, 1, x2, 1);
  link_data (model, x1, 1, xy, 1);
  link_data (model, x2, 1, xy, 2);
  link_data (model, x1, 1, mux, 1);
  link_data (model, x2, 1, mux, 2);
  link_data (model, mux, 1, display, 1);
  link_data (model, mux, 1, out, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "Circle");
  d = recording (run, "Display");
  o = recording (run, "Out");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpuint (r->t->len, >, 10);
  g_assert_cmpuint (d->t->len, ==, r->t->len);
  g_assert_cmpuint (o->t->len, ==, r->t->len);
  for (guint i = 0; i < r->t->len; i++)
    {
      double x = V (r, i, 0), y = V (r, i, 1);

      g_assert_cmpfloat_with_epsilon (x * x + y * y, 1, 1e-6);
      g_assert_cmpfloat_with_epsilon (x, cos (T (r, i)), 1e-6);
      g_assert_cmpfloat (V (d, i, 0), ==, x);
      g_assert_cmpfloat (V (o, i, 1), ==, y);
    }
}

/* A clocked MultiScope of t and -3 t (Time and a Gain) on a 0.25 s clock
 * over [0, 1]: five samples at 0, 0.25 ... 1 of (t, -3 t), exact (Time
 * is exact, the gain's product rounds once: 1e-15). */
static void
test_multi_scope (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *time = add_block (model, "Time", "T", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (model, "Gain", "G", 1, 1, 0, 0, "gain", "-3", NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *scope = add_block (model, "MultiScope", "Plots", 2, 0, 1, 0, "activation", "2", "ymin",
                               "[0 -3]", "ymax", "[1 0]", NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 1);
  link_data (model, time, 1, gain, 1);
  link_data (model, time, 1, scope, 1);
  link_data (model, gain, 1, scope, 2);
  link_event (model, sc, 1, scope, 1);
  run = run_model (model, NULL);
  g_assert_true (run->ok);
  r = recording (run, "Plots");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpuint (r->t->len, ==, 5);
  for (guint k = 0; k < 5; k++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, k), 0.25 * k, 1e-12);
      g_assert_cmpfloat_with_epsilon (V (r, k, 0), 0.25 * k, 1e-15);
      g_assert_cmpfloat_with_epsilon (V (r, k, 1), -0.75 * k, 1e-15);
    }
}

/* Anim2D showing a circle of radius 0.25 at (cos t, sin t), from the
 * oscillator x1' = -x2, x2' = x1 through a Mux and a Transpose (a 1 x 3
 * row), moved by a 0.5 s SampleClock on its first activation input and
 * frozen once by EventGenerate(0.75) on its second: over [0, 2] six
 * samples, at 0, 0.5, 0.75, 1, 1.5 and 2, the third a snapshot (2), the
 * others moves (1), each holding the circle where it is then (1e-6). */
static void
test_anim2d (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *x1 = add_block (model, "Integrator", "X1", 1, 1, 0, 0, "x0", "1", NULL);
  OrrBlock *x2 = add_block (model, "Integrator", "X2", 1, 1, 0, 0, "x0", "0", NULL);
  OrrBlock *minus = add_block (model, "Gain", "Minus", 1, 1, 0, 0, "gain", "-1", NULL);
  OrrBlock *radius = add_block (model, "Constant", "R", 0, 1, 0, 0, "value", "0.25", NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 3, 1, 0, 0, "inputs", "3", NULL);
  OrrBlock *row = add_block (model, "Transpose", "Row", 1, 1, 0, 0, NULL);
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.5", NULL);
  OrrBlock *once = add_block (model, "EventGenerate", "Once", 0, 0, 0, 1, "time", "0.75", NULL);
  OrrBlock *anim = add_block (model, "Anim2D", "Anim", 1, 0, 2, 0, "geometry", "[-2 2 -2 2]", NULL);
  const double times[] = { 0, 0.5, 0.75, 1, 1.5, 2 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  set_final_time (model, 2);
  set_tolerances (model, 1e-9, 1e-12);
  link_data (model, x2, 1, minus, 1);
  link_data (model, minus, 1, x1, 1);
  link_data (model, x1, 1, x2, 1);
  link_data (model, x1, 1, mux, 1);
  link_data (model, x2, 1, mux, 2);
  link_data (model, radius, 1, mux, 3);
  link_data (model, mux, 1, row, 1);
  link_data (model, row, 1, anim, 1);
  link_event (model, sc, 1, anim, 1);
  link_event (model, once, 1, anim, 2);
  run = run_model (model, NULL);
  g_assert_true (run->ok);

  r = recording (run, "Anim");
  g_assert_cmpint (r->n, ==, 4);
  g_assert_cmpuint (r->t->len, ==, G_N_ELEMENTS (times));
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double t = times[i];

      g_assert_cmpfloat_with_epsilon (T (r, i), t, 1e-12);
      g_assert_cmpfloat (V (r, i, 0), ==, i == 2 ? 2 : 1);
      g_assert_cmpfloat_with_epsilon (V (r, i, 1), cos (t), 1e-6);
      g_assert_cmpfloat_with_epsilon (V (r, i, 2), sin (t), 1e-6);
      g_assert_cmpfloat (V (r, i, 3), ==, 0.25);
    }
}

/* ToBase in one run (driven by orr-runs.h, whose base the test reads
 * afterwards). Over [0, 1]: a Counter on a 0.25 s clock stored at each
 * activation ends at its fifth value, 5 (ticks 0, 0.25 ... 1); t from an
 * integrator of 1, stored at the end, is 1, as is the same stored at each
 * accepted point (the last is the final time), to the solver's rounding. */
static void
test_to_base (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sc = add_block (model, "SampleClock", "SC", 0, 0, 0, 1, "period", "0.25", NULL);
  OrrBlock *count = add_block (model, "Counter", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *ticks
    = add_block (model, "ToBase", "Ticks", 1, 0, 0, 0, "name", "'ticks'", "when", "1", NULL);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *time = add_block (model, "Integrator", "Time", 1, 1, 0, 0, NULL);
  OrrBlock *last = add_block (model, "ToBase", "Last", 1, 0, 0, 0, "name", "'t_end'", NULL);
  OrrBlock *each
    = add_block (model, "ToBase", "Each", 1, 0, 0, 0, "name", "'t_each'", "when", "1", NULL);
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrValue) n = NULL, t_end = NULL, t_each = NULL;
  g_auto (GStrv) names = NULL;

  set_final_time (model, 1);
  link_event (model, sc, 1, count, 1);
  link_data (model, count, 1, ticks, 1);
  link_data (model, one, 1, time, 1);
  link_data (model, time, 1, last, 1);
  link_data (model, time, 1, each, 1);
  g_assert_true (orr_runs_execute (runs, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 1);

  names = orr_base_list (orr_runs_get_base (runs));
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  n = orr_base_lookup (orr_runs_get_base (runs), "ticks");
  t_end = orr_base_lookup (orr_runs_get_base (runs), "t_end");
  t_each = orr_base_lookup (orr_runs_get_base (runs), "t_each");
  g_assert_cmpfloat (orr_value_get_real (n, 0), ==, 5);
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (t_end, 0), 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (t_each, 0), 1, 1e-9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sinks-models/scope-clocked", test_scope_clocked);
  g_test_add_func ("/sinks-models/event-scope", test_event_scope);
  g_test_add_func ("/sinks-models/xy-display-signal-out", test_xy_display_signal_out);
  g_test_add_func ("/sinks-models/to-base", test_to_base);
  g_test_add_func ("/sinks-models/multi-scope", test_multi_scope);
  g_test_add_func ("/sinks-models/anim2d", test_anim2d);
  return g_test_run ();
}
