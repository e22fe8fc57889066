/* test-study-optimize.c: a study's <optimize> against known optima.
 *  - A proportional loop y' = K (1 - y), y(0) = 0: y(1) = 1 - exp(-K), so
 *    y(1) = 0.9 at K = ln 10; each of NLopt's three methods must find it.
 *  - A PI controller on 1/(s + 1) tuned for the integral of the squared
 *    error plus a penalty on the largest control effort: no closed form,
 *    so the optimiser's answer is checked against a fine grid sweep of
 *    the same study (it must do at least as well as the grid's best
 *    point, and lie within two grid steps of it). */
#include "model-run.h"

#include <math.h>
#include <orrery/orr-io.h>
#include <orrery/orr-study.h>

static char *
temp_dir (void)
{
  char *dir = g_dir_make_tmp ("orrery-optimize-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return dir;
}

static void
save_model (OrrModel *model, const char *dir, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (orr_model_save_file (model, path, &error));
  g_assert_no_error (error);
}

static OrrRegistry *
registry (void)
{
  OrrRegistry *r = orr_registry_new ();

  orr_palettes_register_standard (r);
  return r;
}

static OrrStudy *
study (const char *text, const char *dir)
{
  g_autoptr (GError) error = NULL;
  OrrStudy *s = orr_study_load_from_data (text, -1, dir, &error);

  g_assert_no_error (error);
  return s;
}

static void
test_proportional (gconstpointer data)
{
  const char *algorithm = data;
  g_autofree char *dir = temp_dir ();
  g_autoptr (OrrModel) model = new_precise_model (1.0, 0);
  OrrBlock *r = add_block (model, "Constant", "Reference", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *loop
    = add_block (model, "TransferFunction", "Loop", 1, 1, 0, 0, "num", "K", "den", "[1 K]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autofree char *text = NULL;
  g_autoptr (OrrStudy) s = NULL;
  g_autoptr (OrrRegistry) reg = registry ();
  g_autoptr (OrrStudyOptimum) optimum = NULL;
  g_autoptr (GError) error = NULL;

  orr_model_set_context (model, orr_model_get_root (model), "K = 1;");
  link_data (model, r, 1, loop, 1);
  link_data (model, loop, 1, scope, 1);
  save_model (model, dir, "loop.orr");
  text = g_strconcat ("<study version='1' model='loop.orr'>"
                      "<vary name='K' kind='range' from='0.1' to='10' count='2' start='1'/>"
                      "<metric name='y1' signal='Out' expr='y(end)'/>"
                      "<optimize algorithm='",
                      algorithm,
                      "' objective='(y1 - 0.9)^2' tolerance='1e-10' max-evaluations='300'/>"
                      "</study>",
                      NULL);
  s = study (text, dir);
  optimum = orr_study_optimize (s, reg, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (optimum->n_values, ==, 1);
  /* y(1) is exact to about 1e-9 (rtol 1e-10): K to 1e-6 */
  g_assert_cmpfloat_with_epsilon (optimum->values[0], log (10), 1e-6);
  g_assert_cmpfloat (optimum->objective, <, 1e-12);
  g_assert_cmpuint (optimum->evaluations, <=, 300);
  orr_remove_tree (dir);
}

static OrrModel *
pi_model (void)
{
  OrrModel *model = new_precise_model (5.0, 0);
  OrrBlock *r = add_block (model, "Constant", "Reference", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *e = add_block (model, "Sum", "Error", 2, 1, 0, 0, "signs", "[1 -1]", NULL);
  OrrBlock *p = add_block (model, "Gain", "P", 1, 1, 0, 0, "gain", "Kp", NULL);
  OrrBlock *i = add_block (model, "Integrator", "I", 1, 1, 0, 0, NULL);
  OrrBlock *ki = add_block (model, "Gain", "KI", 1, 1, 0, 0, "gain", "Ki", NULL);
  OrrBlock *u = add_block (model, "Sum", "U", 2, 1, 0, 0, NULL);
  OrrBlock *g
    = add_block (model, "TransferFunction", "Plant", 1, 1, 0, 0, "num", "1", "den", "[1 1]", NULL);
  OrrBlock *sq = add_block (model, "Product", "Square", 2, 1, 0, 0, NULL);
  OrrBlock *c = add_block (model, "Integrator", "ISE", 1, 1, 0, 0, NULL);
  OrrBlock *cost = add_block (model, "Scope", "Cost", 1, 0, 0, 0, NULL);
  OrrBlock *effort = add_block (model, "Scope", "Effort", 1, 0, 0, 0, NULL);

  orr_model_set_context (model, orr_model_get_root (model), "Kp = 1; Ki = 1;");
  link_data (model, r, 1, e, 1);
  link_data (model, g, 1, e, 2);
  link_data (model, e, 1, p, 1);
  link_data (model, e, 1, i, 1);
  link_data (model, i, 1, ki, 1);
  link_data (model, p, 1, u, 1);
  link_data (model, ki, 1, u, 2);
  link_data (model, u, 1, g, 1);
  link_data (model, e, 1, sq, 1);
  link_data (model, e, 1, sq, 2);
  link_data (model, sq, 1, c, 1);
  link_data (model, c, 1, cost, 1);
  link_data (model, u, 1, effort, 1);
  return model;
}

#define PI_METRICS                                                                                 \
  "<metric name='ise' signal='Cost' expr='y(end)'/>"                                               \
  "<metric name='umax' signal='Effort' expr='max(y)'/>"                                            \
  "<metric name='J' expr='ise + 0.05 * umax^2'/>"

static void
test_pi_against_grid (gconstpointer data)
{
  const char *algorithm = data;
  g_autofree char *dir = temp_dir ();
  g_autoptr (OrrModel) model = pi_model ();
  g_autoptr (OrrStudy) grid = NULL;
  g_autoptr (OrrStudy) search = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  g_autoptr (OrrRegistry) reg = registry ();
  g_autoptr (OrrStudyOptimum) optimum = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  double best = HUGE_VAL, best_kp = 0, best_ki = 0;

  save_model (model, dir, "pi.orr");
  /* the grid: Kp in steps of 0.1, Ki in steps of 0.2 */
  grid
    = study ("<study version='1' model='pi.orr' results='grid'>"
             "<vary name='Kp' kind='range' from='0.8' to='2.4' count='17'/>"
             "<vary name='Ki' kind='range' from='1.4' to='4.6' count='17'/>" PI_METRICS "</study>",
             dir);
  plan = orr_study_make_plan (grid, &error);
  g_assert_no_error (error);
  g_assert_true (orr_study_run (grid, plan, reg, 0, G_MAXUINT, 0, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < orr_study_plan_get_n_runs (plan); i++)
    {
      g_autoptr (OrrStudyRow) row = orr_study_read_row (grid, i, &error);

      g_assert_no_error (error);
      g_assert_cmpint (row->status, ==, ORR_STUDY_RUN_OK);
      if (row->metrics[2] < best)
        {
          best = row->metrics[2];
          best_kp = row->params[0];
          best_ki = row->params[1];
        }
    }
  /* an interior optimum: not on the grid's edge */
  g_assert_cmpfloat (best_kp, >, 0.8);
  g_assert_cmpfloat (best_kp, <, 2.4);
  g_assert_cmpfloat (best_ki, >, 1.4);
  g_assert_cmpfloat (best_ki, <, 4.6);

  text = g_strconcat (
    "<study version='1' model='pi.orr' results='search'>"
    "<vary name='Kp' kind='uniform' min='0' max='5' start='1'/>"
    "<vary name='Ki' kind='uniform' min='0' max='8' start='1'/>" PI_METRICS "<optimize algorithm='",
    algorithm, "' objective='J' tolerance='1e-6' max-evaluations='400'/></study>", NULL);
  search = study (text, dir);
  optimum = orr_study_optimize (search, reg, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s: J = %.9f at Kp = %.5f, Ki = %.5f in %u evaluations; grid best %.9f at "
                  "(%.1f, %.1f)",
                  algorithm, optimum->objective, optimum->values[0], optimum->values[1],
                  optimum->evaluations, best, best_kp, best_ki);
  g_assert_cmpfloat (optimum->objective, <=, best + 1e-9);
  g_assert_cmpfloat (fabs (optimum->values[0] - best_kp), <=, 2 * 0.1);
  g_assert_cmpfloat (fabs (optimum->values[1] - best_ki), <=, 2 * 0.2);
  orr_remove_tree (dir);
}

/* Mistakes are refused before any run. */
static void
test_refused (void)
{
  const struct
  {
    const char *text, *message;
  } cases[] = {
    { "<study version='1' model='m.orr'><vary name='x' kind='list' values='1 2'/>"
      "<optimize algorithm='bobyqa' objective='x'/></study>",
      "ranges or uniform" },
    { "<study version='1' model='m.orr'><vary name='x' kind='uniform' min='0' max='1'/>"
      "<optimize algorithm='bobyqa' objective='x'><constraint expr='x - 1'/></optimize></study>",
      "only COBYLA" },
    { "<study version='1' model='m.orr'/>", "no <optimize>" },
  };
  g_autoptr (OrrRegistry) reg = registry ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (OrrStudy) s = study (cases[i].text, ".");
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrStudyOptimum) o = orr_study_optimize (s, reg, NULL, NULL, NULL, &error);

      g_assert_null (o);
      g_assert_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/optimize/proportional/bobyqa", "bobyqa", test_proportional);
  g_test_add_data_func ("/optimize/proportional/cobyla", "cobyla", test_proportional);
  g_test_add_data_func ("/optimize/proportional/nelder-mead", "nelder-mead", test_proportional);
  g_test_add_data_func ("/optimize/pi-against-grid/bobyqa", "bobyqa", test_pi_against_grid);
  g_test_add_data_func ("/optimize/pi-against-grid/nelder-mead", "nelder-mead",
                        test_pi_against_grid);
  g_test_add_func ("/optimize/refused", test_refused);
  return g_test_run ();
}
