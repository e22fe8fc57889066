/* test-bobyqa-opt.c: BobyqaOpt tuning a model from inside, one cost
 * evaluation per run (End restarts), against a closed-form optimum; and a
 * model that does not feed the point back, which must fail with a
 * message, not converge to something wrong.
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

/* tests/models/bobyqa-restart.orr: two lags y' = K (1 - y) from 0, so
 * y(1) = 1 - exp(-K); the cost (y1(1) - 0.9)^2 + (y2(1) - 0.5)^2 is 0
 * exactly at K1 = ln 10 = 2.302585..., K2 = ln 2 = 0.693147..., inside the
 * bounds [0.1, 10]. Near the optimum dy/dK = exp(-K) is 0.1 and 0.5, and
 * the runs' tolerances (rtol 1e-10, atol 1e-12) put y(1) within about
 * 1e-10, so K within about 1e-9; the search stops at steps of 1e-9. The
 * margin asked, 1e-6, is far above both and far below any wrong answer. */
static void
test_two_lags (void)
{
  g_autoptr (OrrModel) model = load_model ("bobyqa-restart.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = orr_runs_new (model, registry, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrValue) p = NULL, best = NULL, record = NULL;
  guint count;

  g_assert_true (orr_runs_execute (runs, NULL, &error));
  g_assert_no_error (error);
  count = orr_runs_get_count (runs);
  g_test_message ("%u runs", count);

  p = orr_base_lookup (orr_runs_get_base (runs), "p");
  best = orr_base_lookup (orr_runs_get_base (runs), "best");
  g_assert_nonnull (p);
  g_assert_nonnull (best);
  g_test_message ("p = [%.12g; %.12g], best cost %g", orr_value_get_real (p, 0),
                  orr_value_get_real (p, 1), orr_value_get_real (best, 0));
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (p, 0), log (10), 1e-6);
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (p, 1), log (2), 1e-6);
  /* the cost there: (0.1 * dK1)^2 + (0.5 * dK2)^2, below 1e-12 */
  g_assert_cmpfloat (orr_value_get_real (best, 0), >=, 0);
  g_assert_cmpfloat (orr_value_get_real (best, 0), <, 1e-12);

  /* one recorded evaluation per run, every run but the last one a
   * restart: the last run ended by the stopping End at t = 1 */
  record = orr_base_lookup (orr_runs_get_base (runs), "BobyqaOpt:Optimizer");
  g_assert_nonnull (record);
  g_assert_cmpuint (orr_value_rows (record), ==, 3);
  g_assert_cmpuint (orr_value_cols (record), ==, count);
  g_assert_cmpfloat (orr_value_get_real (record, 0), ==, 1); /* the start */
  g_assert_cmpfloat (orr_value_get_real (record, 1), ==, 1);
  g_assert_true (orr_runs_get_stats (runs)->stopped);
  g_assert_false (orr_runs_get_stats (runs)->restart);
  g_assert_cmpfloat (orr_runs_get_stats (runs)->final_time, ==, 1);
  /* more than a handful, fewer than the block's limit of 200 */
  g_assert_cmpuint (count, >, 5);
  g_assert_cmpuint (count, <, 200);
}

/* The same model with the point not fed back (the context always gives
 * [1; 1]): the second run's point is not the one the block asked for, and
 * the runs stop with a message naming the block and the cure. */
static void
test_not_fed_back (void)
{
  g_autoptr (OrrModel) model = load_model ("bobyqa-restart.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = NULL;
  g_autoptr (GError) error = NULL;
  OrrDiagram *root = orr_model_get_root (model);

  orr_model_set_context (model, root, "p = [1; 1];");
  runs = orr_runs_new (model, registry, NULL, NULL);
  g_assert_false (orr_runs_execute (runs, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Optimizer"));
  g_assert_nonnull (strstr (error->message, "feed output 1 back"));
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 2);
}

/* "Compute max instead of min" on the negated cost finds the same
 * optimum: the block hands NLopt the cost as it is and asks for a
 * maximum, rather than negating anything itself. */
static void
test_maximize (void)
{
  g_autoptr (OrrModel) model = load_model ("bobyqa-restart.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrValue) p = NULL, best = NULL;

  orr_model_set_param (model, orr_model_find_block (model, "b5"), "expression",
                       "'-((u1 - 0.9)^2 + (u2 - 0.5)^2)'");
  orr_model_set_param (model, orr_model_find_block (model, "b6"), "maximize", "1");
  runs = orr_runs_new (model, registry, NULL, NULL);
  g_assert_true (orr_runs_execute (runs, NULL, &error));
  g_assert_no_error (error);
  p = orr_base_lookup (orr_runs_get_base (runs), "p");
  best = orr_base_lookup (orr_runs_get_base (runs), "best");
  g_test_message ("%u runs, p = [%.12g; %.12g], best %g", orr_runs_get_count (runs),
                  orr_value_get_real (p, 0), orr_value_get_real (p, 1),
                  orr_value_get_real (best, 0));
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (p, 0), log (10), 1e-6);
  g_assert_cmpfloat_with_epsilon (orr_value_get_real (p, 1), log (2), 1e-6);
  g_assert_cmpfloat (orr_value_get_real (best, 0), <=, 0);
  g_assert_cmpfloat (orr_value_get_real (best, 0), >, -1e-12);
}

/* A start outside the bounds is refused with the bounds in the message. */
static void
test_start_outside (void)
{
  g_autoptr (OrrModel) model = load_model ("bobyqa-restart.orr");
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrRuns) runs = NULL;
  g_autoptr (GError) error = NULL;

  orr_model_set_context (model, orr_model_get_root (model), "p = [20; 1];");
  runs = orr_runs_new (model, registry, NULL, NULL);
  g_assert_false (orr_runs_execute (runs, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "outside its bounds [0.1, 10]"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/palettes/optimization/bobyqa/two-lags", test_two_lags);
  g_test_add_func ("/palettes/optimization/bobyqa/maximize", test_maximize);
  g_test_add_func ("/palettes/optimization/bobyqa/not-fed-back", test_not_fed_back);
  g_test_add_func ("/palettes/optimization/bobyqa/start-outside", test_start_outside);
  return g_test_run ();
}
