/* test-study.c: studies (orr-study.h) against values known independently:
 * the plans' designs (grid order, Latin hypercube strata, the normal
 * quantile), the bouncing ball's impact series over a sweep of its
 * restitution, a Monte Carlo of a lag whose time constant is normal
 * against the mean and spread integrated here by quadrature, failed runs
 * kept as rows, resuming, and the results files. */
#include "model-run.h"

#include <glib/gstdio.h>
#include <math.h>
#include <orrery/orr-io.h>
#include <orrery/orr-study.h>

static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("orrery-study-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static OrrStudy *
study_from_text (const char *text, const char *dir)
{
  g_autoptr (GError) error = NULL;
  OrrStudy *study = orr_study_load_from_data (text, -1, dir, &error);

  g_assert_no_error (error);
  return study;
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

static void
run_all (OrrStudy *study, OrrStudyPlan *plan, guint threads)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrRegistry) reg = registry ();

  g_assert_true (orr_study_run (study, plan, reg, 0, G_MAXUINT, threads, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* ---- plans -------------------------------------------------------------- */

/* The first variable changes slowest; ranges end exactly on their bounds;
 * log ranges are geometric. */
static void
test_grid (void)
{
  g_autoptr (OrrStudy) s
    = study_from_text ("<study version='1' model='m.orr'>"
                       "<vary name='a' kind='list' values='3 1'/>"
                       "<vary name='b' kind='range' from='0.1' to='0.3' count='3'/>"
                       "<vary name='c' kind='range' from='1' to='100' count='3' scale='log'/>"
                       "</study>",
                       ".");
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrStudyPlan) plan = orr_study_make_plan (s, &error);
  const double b[] = { 0.1, 0.2, 0.3 }, c[] = { 1, 10, 100 };

  g_assert_no_error (error);
  g_assert_cmpuint (orr_study_plan_get_n_runs (plan), ==, 18);
  g_assert_cmpstr (orr_study_plan_get_name (plan, 2), ==, "c");
  for (guint i = 0; i < 18; i++)
    {
      g_assert_cmpfloat (orr_study_plan_get_value (plan, i, 0), ==, i < 9 ? 3 : 1);
      g_assert_cmpfloat_with_epsilon (orr_study_plan_get_value (plan, i, 1), b[(i / 3) % 3], 1e-15);
      g_assert_cmpfloat_with_epsilon (orr_study_plan_get_value (plan, i, 2), c[i % 3], 1e-12);
    }
  g_assert_cmpfloat (orr_study_plan_get_value (plan, 2, 1), ==, 0.1);
  g_assert_cmpfloat (orr_study_plan_get_value (plan, 8, 1), ==, 0.3);
  g_assert_cmpfloat (orr_study_plan_get_value (plan, 2, 2), ==, 100);
}

/* Each variable puts exactly one sample in each of n equal-probability
 * strata: uniform strata by value, normal strata through the normal CDF
 * (erfc here, independent of the quantile the plan uses). */
static void
test_latin_hypercube (void)
{
  enum
  {
    N = 200
  };
  g_autoptr (OrrStudy) s
    = study_from_text ("<study version='1' model='m.orr' design='lhs' samples='200' seed='42'>"
                       "<vary name='u' kind='uniform' min='2' max='4'/>"
                       "<vary name='z' kind='normal' mean='1' sd='0.5'/>"
                       "<vary name='w' kind='log-uniform' min='0.01' max='1'/>"
                       "</study>",
                       ".");
  g_autoptr (OrrStudyPlan) plan = orr_study_make_plan (s, NULL);
  gboolean seen[3][N] = { { 0 } };

  g_assert_nonnull (plan);
  g_assert_cmpuint (orr_study_plan_get_n_runs (plan), ==, N);
  for (guint i = 0; i < N; i++)
    {
      double u = (orr_study_plan_get_value (plan, i, 0) - 2) / 2;
      double z = orr_study_plan_get_value (plan, i, 1);
      double p = 0.5 * erfc (-(z - 1) / 0.5 / G_SQRT2);
      double w
        = (log (orr_study_plan_get_value (plan, i, 2)) - log (0.01)) / (log (1) - log (0.01));
      double q[3] = { u, p, w };

      for (int j = 0; j < 3; j++)
        {
          int stratum = (int)floor (q[j] * N);

          g_assert_cmpint (stratum, >=, 0);
          g_assert_cmpint (stratum, <, N);
          g_assert_false (seen[j][stratum]);
          seen[j][stratum] = TRUE;
        }
    }
}

/* A seed gives the same draws again; another seed others. The normal
 * quantile behind the draws: Phi^-1(0.975) = 1.959963984540054 and
 * Phi^-1(1e-10) = -6.361340902404056 (tables), checked through a one-run
 * LHS whose only stratum is (0, 1): not testable that way, so through
 * the sample: a Monte Carlo of 4000 normal draws has mean and spread
 * within 4 standard errors of the asked-for ones. */
static void
test_random (void)
{
#define RANDOM_STUDY(seed)                                                                         \
  "<study version='1' model='m.orr' design='random' samples='4000' seed='" seed "'>"               \
  "<vary name='x' kind='normal' mean='3' sd='2'/></study>"
  const char *one = RANDOM_STUDY ("7");
  const char *two = RANDOM_STUDY ("8");
  g_autoptr (OrrStudy) a = study_from_text (one, ".");
  g_autoptr (OrrStudy) b = study_from_text (one, ".");
  g_autoptr (OrrStudy) c = study_from_text (two, ".");
  g_autoptr (OrrStudyPlan) pa = orr_study_make_plan (a, NULL);
  g_autoptr (OrrStudyPlan) pb = orr_study_make_plan (b, NULL);
  g_autoptr (OrrStudyPlan) pc = orr_study_make_plan (c, NULL);
  double sum = 0, sum2 = 0, mean, sd;
  guint same = 0;

  for (guint i = 0; i < 4000; i++)
    {
      double x = orr_study_plan_get_value (pa, i, 0);

      g_assert_cmpfloat (x, ==, orr_study_plan_get_value (pb, i, 0));
      same += x == orr_study_plan_get_value (pc, i, 0);
      sum += x;
      sum2 += x * x;
    }
  g_assert_cmpuint (same, ==, 0);
  mean = sum / 4000;
  sd = sqrt ((sum2 - 4000 * mean * mean) / 3999);
  g_assert_cmpfloat (fabs (mean - 3), <, 4 * 2 / sqrt (4000));
  g_assert_cmpfloat (fabs (sd - 2), <, 4 * 2 / sqrt (2 * 3999));
}

/* Mistakes in a study file are refused with a message saying where. */
static void
test_bad_files (void)
{
  const struct
  {
    const char *text, *message;
  } cases[] = {
    { "<study version='1'/>", "needs the model" },
    { "<study version='2' model='m.orr'/>", "version" },
    { "<model version='1'/>", "not a study" },
    { "<study version='1' model='m.orr'><vary name='1x' kind='list' values='1'/></study>",
      "variable name" },
    { "<study version='1' model='m.orr'><vary name='x' kind='list' values='1 two'/></study>",
      "two" },
    { "<study version='1' model='m.orr'><vary name='x' kind='range' from='0' to='1'/></study>",
      "count" },
    { "<study version='1' model='m.orr'><vary name='x' kind='gauss' mean='0' sd='1'/></study>",
      "gauss" },
    { "<study version='1' model='m.orr'><vary name='x' kind='normal' mean='0'/></study>", "sd" },
    { "<study version='1' model='m.orr'><metric name='m'/></study>", "expression" },
    { "<study version='1' model='m.orr'><oops/></study>", "oops" },
    { "<!DOCTYPE study [<!ENTITY a 'b'>]><study version='1' model='&a;'/>", "document type" },
    { "<study version='1' model='m.orr'", "line" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrStudy) s = orr_study_load_from_data (cases[i].text, -1, ".", &error);

      g_assert_null (s);
      g_assert_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_FILE);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: '%s' does not mention '%s'", i, error->message, cases[i].message);
    }
  /* well-formed, but not a plan */
  {
    g_autoptr (OrrStudy) s = study_from_text (
      "<study version='1' model='m.orr'><vary name='x' kind='normal' mean='0' sd='1'/></study>",
      ".");
    g_autoptr (GError) error = NULL;
    g_autoptr (OrrStudyPlan) plan = orr_study_make_plan (s, &error);

    g_assert_null (plan);
    g_assert_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "lhs or random"));
  }
}

/* Writing what was read gives the same bytes (the canonical form). */
static void
test_canonical (void)
{
  g_autoptr (OrrStudy) s
    = study_from_text ("<study  model='ball.orr' version='1' design='lhs' seed='9' samples='10' "
                       "signals='true' final-time='2.5'>\n"
                       "<metric name='m' signal='Scope' expr='max(y) &lt; 2'/>"
                       "<vary name='a' kind='log-uniform' max='1' min='0.1'/>"
                       "<vary name='b' kind='list' values='0.1, 0.2'/></study>",
                       ".");
  g_autofree char *once = orr_study_to_data (s, NULL);
  g_autoptr (OrrStudy) again = study_from_text (once, ".");
  g_autofree char *twice = orr_study_to_data (again, NULL);

  g_assert_cmpstr (once, ==, twice);
  g_assert_nonnull (strstr (once, "values=\"0.1 0.2\""));
  g_assert_nonnull (strstr (once, "expr=\"max(y) &lt; 2\""));
}

/* ---- running ------------------------------------------------------------- */

/* A ball dropped from h0 with restitution e: impacts at t1 = sqrt(2 h0/g),
 * then every 2 e^k t1 later, accumulating at t1 (1 + e) / (1 - e) (Zeno:
 * the simulator stops there with an error). Over 7.5 s, e from 0.7 to
 * 0.95 gives three impacts before that: 6.72 s at most, Zeno at 8.09 s
 * at the least. */
static OrrModel *
ball_model (void)
{
  OrrModel *model = new_precise_model (8.0, 0);
  OrrBlock *g = add_block (model, "Constant", "Gravity", 0, 1, 0, 0, "value", "-9.81", NULL);
  OrrBlock *v = add_block (model, "Integrator", "Velocity", 2, 1, 1, 0, "reinit", "1", NULL);
  OrrBlock *h = add_block (model, "Integrator", "Height", 1, 1, 0, 0, "x0", "h0", NULL);
  OrrBlock *z = add_block (model, "ZeroCrossDown", "Impact", 1, 0, 0, 1, NULL);
  OrrBlock *k = add_block (model, "Gain", "Restitution", 1, 1, 0, 0, "gain", "-e", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Ball", 2, 0, 0, 0, "inputs", "2", NULL);

  orr_model_set_context (model, orr_model_get_root (model), "h0 = 10; e = 0.9;");
  link_data (model, g, 1, v, 1);
  link_data (model, v, 1, h, 1);
  link_data (model, h, 1, z, 1);
  link_data (model, v, 1, k, 1);
  link_data (model, k, 1, v, 2);
  link_event (model, z, 1, v, 1);
  link_data (model, h, 1, scope, 1);
  link_data (model, v, 1, scope, 2);
  return model;
}

static void
test_ball_sweep (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (OrrModel) model = ball_model ();
  g_autoptr (OrrStudy) s = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  double t1 = sqrt (2 * 10 / 9.81);

  save_model (model, dir, "ball.orr");
  /* an impact is where the speed turns from negative to positive */
  s = study_from_text ("<study version='1' model='ball.orr' design='grid' final-time='7.5'>"
                       "<vary name='e' kind='range' from='0.7' to='0.95' count='50'/>"
                       "<metric name='n' signal='Ball' expr='length(t)'/>"
                       "<metric name='t1' signal='Ball' expr='k = find(y(2:end,2) &gt; 0 &amp; "
                       "y(1:end-1,2) &lt;= 0); t1 = t(k(1)+1)'/>"
                       "<metric name='t2' signal='Ball' expr='k = find(y(2:end,2) &gt; 0 &amp; "
                       "y(1:end-1,2) &lt;= 0); t2 = t(k(2)+1)'/>"
                       "<metric name='t3' signal='Ball' expr='k = find(y(2:end,2) &gt; 0 &amp; "
                       "y(1:end-1,2) &lt;= 0); t3 = t(k(3)+1)'/>"
                       "<metric name='gap' expr='t3 - t2'/>"
                       "</study>",
                       dir);
  plan = orr_study_make_plan (s, &error);
  g_assert_no_error (error);
  run_all (s, plan, 2);
  g_assert_cmpuint (orr_study_count_done (s, plan), ==, 50);
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr (OrrStudyRow) row = orr_study_read_row (s, i, &error);
      double e = orr_study_plan_get_value (plan, i, 0);

      g_assert_no_error (error);
      g_assert_cmpstr (row->message, ==, "");
      g_assert_cmpint (row->status, ==, ORR_STUDY_RUN_OK);
      g_assert_cmpfloat (row->params[0], ==, e);
      /* the model's own tolerances are 1e-10 relative: 1e-6 s is generous */
      g_assert_cmpfloat_with_epsilon (row->metrics[1], t1, 1e-6);
      g_assert_cmpfloat_with_epsilon (row->metrics[2], t1 + 2 * e * t1, 1e-6);
      g_assert_cmpfloat_with_epsilon (row->metrics[3], t1 + 2 * e * t1 + 2 * e * e * t1, 1e-6);
      g_assert_cmpfloat_with_epsilon (row->metrics[4], 2 * e * e * t1, 1e-6);
    }
  g_assert_true (orr_study_gather (s, plan, NULL, NULL, &error));
  g_assert_no_error (error);
  {
    g_autofree char *csv_path = g_build_filename (dir, "study.results", "results.csv", NULL);
    g_autofree char *csv = NULL;
    g_auto (GStrv) lines = NULL;

    g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
    lines = g_strsplit (csv, "\n", -1);
    g_assert_cmpstr (lines[0], ==, "run,status,e,n,t1,t2,t3,gap,message");
    g_assert_cmpuint (g_strv_length (lines), ==, 52); /* 50 rows, header, final newline */
    g_assert_true (g_str_has_prefix (lines[1], "0,ok,0.7,"));
    g_assert_true (g_str_has_prefix (lines[50], "49,ok,0.95,"));
  }
  orr_remove_tree (dir);
}

/* y' = (1 - y) / T, y(0) = 0: y(1) = 1 - exp(-1/T). With T normal (mean
 * 1, sd 0.1), the mean and spread of y(1) come from quadrature of the
 * normal density here; 400 seeded runs must fall within 4 standard
 * errors, and a second run of the study gives the same table. */
static void
test_monte_carlo_lag (void)
{
  enum
  {
    N = 400
  };
  g_autofree char *dir = temp_dir ();
  g_autoptr (OrrModel) model = new_precise_model (1.0, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *lag
    = add_block (model, "TransferFunction", "Lag", 1, 1, 0, 0, "num", "1", "den", "[T 1]", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (OrrStudy) s = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  double m1 = 0, m2 = 0, w = 0, mean = 0, mean2 = 0, sd, sample_sd;
  g_autofree char *first = NULL, *second = NULL;
  g_autofree char *csv = NULL;

  orr_model_set_context (model, orr_model_get_root (model), "T = 1;");
  link_data (model, one, 1, lag, 1);
  link_data (model, lag, 1, scope, 1);
  save_model (model, dir, "lag.orr");
  s = study_from_text (
    "<study version='1' model='lag.orr' design='random' samples='400' seed='2024'>"
    "<vary name='T' kind='normal' mean='1' sd='0.1'/>"
    "<metric name='y1' signal='Out' expr='y(end)'/>"
    "</study>",
    dir);
  plan = orr_study_make_plan (s, &error);
  g_assert_no_error (error);
  run_all (s, plan, 0);
  g_assert_true (orr_study_gather (s, plan, NULL, NULL, &error));
  g_assert_no_error (error);
  csv = g_build_filename (dir, "study.results", "results.csv", NULL);
  g_assert_true (g_file_get_contents (csv, &first, NULL, NULL));

  /* E[f(T)] and E[f(T)^2] by the trapezoid rule over +-8 sd */
  for (int k = -8000; k <= 8000; k++)
    {
      double z = k / 1000.0, T = 1 + 0.1 * z, density = exp (-z * z / 2), f = 1 - exp (-1 / T);

      m1 += density * f;
      m2 += density * f * f;
      w += density;
    }
  m1 /= w;
  m2 /= w;
  sd = sqrt (m2 - m1 * m1);
  for (guint i = 0; i < N; i++)
    {
      g_autoptr (OrrStudyRow) row = orr_study_read_row (s, i, &error);
      double T = row->params[0];

      g_assert_cmpint (row->status, ==, ORR_STUDY_RUN_OK);
      /* each run against its own closed form */
      g_assert_cmpfloat_with_epsilon (row->metrics[0], 1 - exp (-1 / T), 1e-7);
      mean += row->metrics[0];
      mean2 += row->metrics[0] * row->metrics[0];
    }
  mean /= N;
  sample_sd = sqrt ((mean2 - N * mean * mean) / (N - 1));
  g_assert_cmpfloat (fabs (mean - m1), <, 4 * sd / sqrt (N));
  g_assert_cmpfloat (fabs (sample_sd - sd), <, 4 * sd / sqrt (2.0 * (N - 1)));

  /* seeded: the same study again, from nothing, gives the same table */
  {
    g_autofree char *results = g_build_filename (dir, "study.results", NULL);
    orr_remove_tree (results);
  }
  run_all (s, plan, 1);
  g_assert_true (orr_study_gather (s, plan, NULL, NULL, &error));
  g_assert_true (g_file_get_contents (csv, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);
  orr_remove_tree (dir);
}

typedef struct
{
  guint calls;
  guint failed;
} Count;

static void
count_progress (guint run, OrrStudyRunStatus status, const char *message, guint done, guint total,
                gpointer data)
{
  Count *c = data;

  c->calls++;
  c->failed += status == ORR_STUDY_RUN_FAILED;
}

/* A run whose parameter makes the model invalid (a 2x2 gain on a scalar
 * signal) is a row with the compiler's message naming the block; the
 * others go on. Then a resume: after runs 0..1 only, the full run does
 * only the rest. */
static void
test_failed_run_and_resume (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (OrrModel) model = new_precise_model (1.0, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *gain
    = add_block (model, "Gain", "Amplifier", 1, 1, 0, 0, "gain", "k * ones(n, n)", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (OrrStudy) s = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  g_autoptr (OrrRegistry) reg = registry ();
  g_autoptr (GError) error = NULL;
  Count first = { 0 }, rest = { 0 };

  orr_model_set_context (model, orr_model_get_root (model), "k = 1; n = 1;");
  link_data (model, one, 1, gain, 1);
  link_data (model, gain, 1, scope, 1);
  save_model (model, dir, "gain.orr");
  s = study_from_text ("<study version='1' model='gain.orr'>"
                       "<vary name='n' kind='list' values='1 2 1'/>"
                       "<vary name='k' kind='list' values='2 3'/>"
                       "<metric name='out' signal='Out' expr='y(end)'/>"
                       "</study>",
                       dir);
  plan = orr_study_make_plan (s, &error);
  g_assert_no_error (error);

  g_assert_true (orr_study_run (s, plan, reg, 0, 1, 1, count_progress, &first, NULL, &error));
  g_assert_cmpuint (first.calls, ==, 2);
  g_assert_cmpuint (orr_study_count_done (s, plan), ==, 2);
  g_assert_false (orr_study_gather (s, plan, NULL, NULL, &error));
  g_assert_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS);
  g_assert_nonnull (strstr (error->message, "4 of 6 runs are not done"));
  g_clear_error (&error);

  g_assert_true (
    orr_study_run (s, plan, reg, 0, G_MAXUINT, 2, count_progress, &rest, NULL, &error));
  g_assert_cmpuint (rest.calls, ==, 4);
  g_assert_cmpuint (rest.failed, ==, 2);
  for (guint i = 0; i < 6; i++)
    {
      g_autoptr (OrrStudyRow) row = orr_study_read_row (s, i, &error);
      gboolean bad = i == 2 || i == 3;

      g_assert_no_error (error);
      g_assert_cmpint (row->status, ==, bad ? ORR_STUDY_RUN_FAILED : ORR_STUDY_RUN_OK);
      if (bad)
        {
          g_assert_nonnull (strstr (row->message, "Amplifier"));
          g_assert_true (isnan (row->metrics[0]));
        }
      else
        g_assert_cmpfloat (row->metrics[0], ==, i % 2 ? 3 : 2);
    }
  g_assert_true (orr_study_gather (s, plan, NULL, NULL, &error));
  g_assert_no_error (error);
  orr_remove_tree (dir);
}

/* The model missing, or not a regular file: the study does not start. */
static void
test_bad_model (void)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (OrrStudy) s = study_from_text ("<study version='1' model='nowhere.orr'/>", dir);
  g_autoptr (OrrStudyPlan) plan = orr_study_make_plan (s, NULL);
  g_autoptr (OrrRegistry) reg = registry ();
  g_autoptr (GError) error = NULL;

  g_assert_false (orr_study_run (s, plan, reg, 0, G_MAXUINT, 1, NULL, NULL, NULL, &error));
  g_assert_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_MODEL);
  g_assert_nonnull (strstr (error->message, "nowhere.orr"));
  orr_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/study/plan/grid", test_grid);
  g_test_add_func ("/study/plan/latin-hypercube", test_latin_hypercube);
  g_test_add_func ("/study/plan/random", test_random);
  g_test_add_func ("/study/file/bad", test_bad_files);
  g_test_add_func ("/study/file/canonical", test_canonical);
  g_test_add_func ("/study/run/ball-sweep", test_ball_sweep);
  g_test_add_func ("/study/run/monte-carlo-lag", test_monte_carlo_lag);
  g_test_add_func ("/study/run/failed-and-resume", test_failed_run_and_resume);
  g_test_add_func ("/study/run/bad-model", test_bad_model);
  return g_test_run ();
}
