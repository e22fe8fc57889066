/* test-end-restart.c: End set to restart, run after run (orr-runs.h): the
 * run counter __counter__, values passed between runs through ToBase and
 * GetFromBase, and the end of the loop, against counts and values worked
 * out by hand.
 *
 * The models are files in tests/models, loaded as a user's would be. */
#include "model-run.h"

#include <orrery/orr-io.h>
#include <orrery/orr-runs.h>

#include <math.h>
#include <string.h>

static OrrModel *
load_model (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "models", name, NULL);
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);

  g_assert_no_error (error);
  return model;
}

/* What each run's base held for 'p' once the run ended (NaN: nothing). */
static void
note_p (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program, gpointer user_data)
{
  GArray *stored = user_data;
  g_autoptr (OrrValue) p = orr_base_lookup (orr_simulation_get_base (sim), "p");
  double value = p != NULL ? orr_value_get_real (p, 0) : NAN;

  g_assert_cmpuint (stored->len + 1, ==, run);
  g_array_append_val (stored, value);
}

/* ---- Newton's method, one iteration per run ------------------------------------ */

/* tests/models/newton-restart.orr: the context takes p = 1 in the first
 * run, else p = GetFromBase('p'); a MathExpression computes one Newton
 * step on f(p) = p^2 - 2, pnew = p - f(p)/(2p), a ToBase stores it as 'p'
 * at the end of the run, and at t = 0 an End restarts the model while
 * |f(p)| > 1e-12, another End stops it otherwise.
 *
 * By hand, in exact arithmetic, the iterates from 1 are the fractions a/b
 * with a^2 - 2 b^2 = 1 (so f(a/b) = 1/b^2), converging to +sqrt(2) since
 * the start is positive:
 *   run 1: p = 1,           f = -1           -> restart, stores 3/2
 *   run 2: p = 3/2,         f = 1/4          -> restart, stores 17/12
 *   run 3: p = 17/12,       f = 1/144        -> restart, stores 577/408
 *   run 4: p = 577/408,     f = 1/408^2      = 6.0e-6  -> restart, stores 665857/470832
 *   run 5: p = 665857/470832, f = 1/470832^2 = 4.5e-12 -> restart,
 *          stores 886731088897/627013566048
 *   run 6: p = 886731088897/627013566048, f = 2.5e-24 (in doubles, a
 *          rounding of about 4e-16) <= 1e-12 -> stop.
 * Six runs; the p of the last run, and what it stores, are sqrt(2) to
 * about 1e-24 exactly, so to rounding in doubles. The margins: run 5's
 * |f| is 4.5 times the threshold, run 6's far below it. */
static void
test_newton (void)
{
  const double stored_exact[] = {
    3.0 / 2,
    17.0 / 12,
    577.0 / 408,
    665857.0 / 470832,
    886731088897.0 / 627013566048,
    886731088897.0 / 627013566048, /* the last stores sqrt(2) again, to rounding */
  };
  g_autoptr (OrrModel) model = load_model ("newton-restart.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (GArray) stored = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrValue) p = NULL;

  orr_runs_set_callbacks (runs, NULL, note_p, stored);
  g_assert_true (orr_runs_execute (runs, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (orr_runs_get_count (runs), ==, 6);
  g_assert_cmpuint (stored->len, ==, 6);
  for (guint k = 0; k < stored->len; k++)
    {
      g_test_message ("run %u stored p = %.17g", k + 1, g_array_index (stored, double, k));
      g_assert_cmpfloat_with_epsilon (g_array_index (stored, double, k), stored_exact[k], 1e-15);
    }
  /* the final p: what the last run stored, and what it ran with */
  p = orr_base_lookup (orr_runs_get_base (runs), "p");
  g_assert_nonnull (p);
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (p, 0), sqrt (2), 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (stored, double, 4), sqrt (2), 1e-12);
  /* the last run ended at t = 0 by the stopping End, not a restart */
  g_assert_true (orr_runs_get_stats (runs)->stopped);
  g_assert_false (orr_runs_get_stats (runs)->restart);
  g_assert_cmpfloat (orr_runs_get_stats (runs)->final_time, ==, 0);
}

/* The same model evaluated as the first run sees it: __counter__ = 1 is
 * pinned (the context cannot change it) and the base is empty. */
static void
test_first_run_scope (void)
{
  g_autoptr (OrrModel) model = load_model ("newton-restart.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (OrrScope) first = orr_runs_new_overrides (runs, 1);
  g_autoptr (OrrScope) third = orr_runs_new_overrides (runs, 3);
  g_autoptr (OrrEvaluation) evaluation = NULL;
  g_autoptr (GError) error = NULL;
  OrrScope *root;

  evaluation = orr_evaluate_model_with_registry (model, first, registry);
  g_assert_true (orr_evaluation_check (evaluation, &error));
  root = orr_evaluation_get_scope (evaluation, orr_model_get_root (model));
  g_assert_cmpfloat (orr_value_get_real (orr_scope_lookup (root, ORR_RUNS_COUNTER), 0), ==, 1);
  g_assert_true (orr_scope_is_pinned (root, ORR_RUNS_COUNTER));
  g_assert_cmpfloat (orr_value_get_real (orr_scope_lookup (root, "p"), 0), ==, 1);
  g_clear_pointer (&evaluation, orr_evaluation_free);

  /* a third run with nothing in the base: GetFromBase says so, by name */
  evaluation = orr_evaluate_model_with_registry (model, third, registry);
  g_assert_false (orr_evaluation_check (evaluation, &error));
  g_assert_nonnull (strstr (error->message, "GetFromBase: 'p' is not in the base"));
}

/* ---- the end of the loop ---------------------------------------------------------- */

/* tests/models/restart-forever.orr restarts every run at t = 0. With at
 * most 5 runs, the fifth asks for a sixth: an error naming the End block,
 * after exactly 5 runs. */
static void
test_max_runs (void)
{
  g_autoptr (OrrModel) model = load_model ("restart-forever.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (orr_runs_get_max_runs (runs), ==, ORR_RUNS_DEFAULT_MAX);
  orr_runs_set_max_runs (runs, 5);
  g_assert_false (orr_runs_execute (runs, NULL, &error));
  g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RUNS);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Forever asked for run 6"));
  g_assert_nonnull (strstr (error->message, "at most 5 runs"));
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 5);
}

/* The default, 1000: the model runs 1000 times, then fails. */
static void
test_max_runs_default (void)
{
  g_autoptr (OrrModel) model = load_model ("restart-forever.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (orr_runs_execute (runs, NULL, &error));
  g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_RUNS);
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 1000);
}

/* A stop from another thread's point of view (here: when run 3 starts)
 * ends that run and starts no other; it is no error. */
static void
stop_at_third (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
               gpointer user_data)
{
  if (run == 3)
    orr_runs_stop (runs);
}

static void
test_stop (void)
{
  g_autoptr (OrrModel) model = load_model ("restart-forever.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (GError) error = NULL;

  orr_runs_set_callbacks (runs, stop_at_third, NULL, NULL);
  g_assert_true (orr_runs_execute (runs, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 3);
}

/* Built here: an InitialEvent into an End that restarts and into one
 * that stops, in the same event. The stop wins: one run. And an End that
 * restarts only while __counter__ < 4, through an IfThenElse on a
 * Constant of value __counter__ < 4: four runs, the run's number counting
 * 1, 2, 3, 4. */
static void
test_stop_wins_and_counter (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (GError) error = NULL;

  {
    g_autoptr (OrrModel) model = orr_model_new ();
    OrrBlock *start = add_block (model, "InitialEvent", "Start", 0, 0, 0, 1, NULL);
    OrrBlock *again = add_block (model, "End", "Again", 0, 0, 1, 0, "action", "2", NULL);
    OrrBlock *done = add_block (model, "End", "Done", 0, 0, 1, 0, "action", "1", NULL);
    g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);

    link_event (model, start, 1, again, 1);
    link_event (model, start, 1, done, 1);
    g_assert_true (orr_runs_execute (runs, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (orr_runs_get_count (runs), ==, 1);
  }
  {
    g_autoptr (OrrModel) model = orr_model_new ();
    OrrBlock *start = add_block (model, "InitialEvent", "Start", 0, 0, 0, 1, NULL);
    OrrBlock *more
      = add_block (model, "Constant", "More", 0, 1, 0, 0, "value", "__counter__ < 4", NULL);
    OrrBlock *check = add_block (model, "IfThenElse", "Check", 1, 0, 1, 2, NULL);
    OrrBlock *again = add_block (model, "End", "Again", 0, 0, 1, 0, "action", "2", NULL);
    OrrBlock *number
      = add_block (model, "Constant", "Number", 0, 1, 0, 0, "value", "__counter__", NULL);
    OrrBlock *store = add_block (model, "ToBase", "Store", 1, 0, 0, 0, "name", "'n'", NULL);
    g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
    g_autoptr (OrrValue) n = NULL;

    link_event (model, start, 1, check, 1);
    link_data (model, more, 1, check, 1);
    link_event (model, check, 1, again, 1);
    link_data (model, number, 1, store, 1);
    g_assert_true (orr_runs_execute (runs, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (orr_runs_get_count (runs), ==, 4);
    n = orr_base_lookup (orr_runs_get_base (runs), "n");
    g_assert_cmpfloat (orr_value_get_real (n, 0), ==, 4);
  }
}

/* A run that does not compile stops the loop with its problems, and the
 * error says which run. Here the second run reads a name nobody stored. */
static void
test_failing_run (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *start = add_block (model, "InitialEvent", "Start", 0, 0, 0, 1, NULL);
  OrrBlock *again = add_block (model, "End", "Again", 0, 0, 1, 0, "action", "2", NULL);
  g_autoptr (OrrRuns) runs = NULL;
  g_autoptr (GPtrArray) problems
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  g_autoptr (GError) error = NULL;

  /* the default serves the first run; the second finds no 'missing' */
  orr_model_set_context (model, orr_model_get_root (model),
                         "if __counter__ == 1\n  q = GetFromBase('q', 0);\nelse\n"
                         "  q = GetFromBase('missing');\nend");
  add_block (model, "Constant", "Guess", 0, 1, 0, 0, "value", "q", NULL);
  link_event (model, start, 1, again, 1);
  runs = orr_runs_new (model, registry, NULL, NULL);
  g_assert_false (orr_runs_execute (runs, problems, &error));
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 2);
  g_assert_true (g_str_has_prefix (error->message, "run 2: "));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (((OrrProblem *)problems->pdata[0])->where, ==, "model context");
  g_assert_nonnull (
    strstr (((OrrProblem *)problems->pdata[0])->message, "'missing' is not in the base"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/end-restart/newton", test_newton);
  g_test_add_func ("/end-restart/first-run-scope", test_first_run_scope);
  g_test_add_func ("/end-restart/max-runs", test_max_runs);
  g_test_add_func ("/end-restart/max-runs-default", test_max_runs_default);
  g_test_add_func ("/end-restart/stop", test_stop);
  g_test_add_func ("/end-restart/stop-wins-and-counter", test_stop_wins_and_counter);
  g_test_add_func ("/end-restart/failing-run", test_failing_run);
  return g_test_run ();
}
