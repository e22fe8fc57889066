/* test-run-controller.c: the run controller without a display. Runs the
 * bouncing ball to the end and checks the Scope's log against the
 * analytic trajectory; pauses, resumes and stops runs; and checks that
 * compile and run errors name the blocks involved, and that edits made
 * after Run do not reach the running snapshot. */
#include "orr-run-controller.h"

#include <orr-palettes.h>
#include <orrery/orr-io.h>

#include <math.h>
#include <string.h>

/* SEMANTICS.md section 9: h' = v, v' = -g, (h, v)(0) = (h0, 0), v+ = -e v-
 * at h = 0. The example uses these. */
#define G 9.81
#define H0 10.0
#define E 0.9
#define FINAL 20.0

typedef struct
{
  OrrRegistry *registry;
  OrrRunController *ctl;
  GMainLoop *loop;
  GThread *main_thread;
  guint n_finished;
  OrrRunState finished_state;
  guint n_logs_added;
  gboolean off_main_thread; /* a signal came on another thread */
} Fixture;

static void
on_finished (OrrRunController *ctl, OrrRunState state, Fixture *f)
{
  f->n_finished++;
  f->finished_state = state;
  if (g_thread_self () != f->main_thread)
    f->off_main_thread = TRUE;
  g_main_loop_quit (f->loop);
}

static void
on_log_added (OrrRunController *ctl, OrrSignalLog *log, Fixture *f)
{
  f->n_logs_added++;
  if (g_thread_self () != f->main_thread)
    f->off_main_thread = TRUE;
}

static void
on_notify (GObject *object, GParamSpec *pspec, Fixture *f)
{
  if (g_thread_self () != f->main_thread)
    f->off_main_thread = TRUE;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->ctl = orr_run_controller_new (f->registry);
  f->loop = g_main_loop_new (NULL, FALSE);
  f->main_thread = g_thread_self ();
  g_signal_connect (f->ctl, "finished", G_CALLBACK (on_finished), f);
  g_signal_connect (f->ctl, "log-added", G_CALLBACK (on_log_added), f);
  g_signal_connect (f->ctl, "notify", G_CALLBACK (on_notify), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_assert_false (f->off_main_thread);
  g_clear_object (&f->ctl);
  g_main_loop_unref (f->loop);
  orr_registry_free (f->registry);
}

static gboolean
on_too_long (gpointer data)
{
  g_error ("the run did not finish within the test's time limit");
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until "finished" (at most 60 s). */
static void
run_until_finished (Fixture *f)
{
  guint guard = g_timeout_add_seconds (60, on_too_long, NULL);

  if (f->n_finished == 0)
    g_main_loop_run (f->loop);
  g_source_remove (guard);
}

static gboolean
on_spin_done (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* Lets the main loop run for ms milliseconds (drains, notifications). */
static void
spin (Fixture *f, guint ms)
{
  g_timeout_add (ms, on_spin_done, f->loop);
  g_main_loop_run (f->loop);
}

static OrrModel *
load_example (const char *name)
{
  g_autofree char *path = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", name, NULL);
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);

  g_assert_no_error (error);
  return model;
}

static OrrModel *
load_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_data (text, strlen (text), "test model", &error);

  g_assert_no_error (error);
  return model;
}

/* ---- the bouncing ball, analytically ------------------------------------ */

/* Impact times t_1 < t_2 < ... before FINAL: the first after a free fall
 * from H0, then flights of 2 u_k / g with u_k = e^k g t_1. */
static guint
impact_times (double *times, guint max)
{
  double t1 = sqrt (2 * H0 / G), t = t1, u = G * t1;
  guint n = 0;

  while (t < FINAL && n < max)
    {
      times[n++] = t;
      u *= E;
      t += 2 * u / G;
    }
  return n;
}

static void
exact_state (double t, const double *impacts, guint n_impacts, double *h, double *v)
{
  double t0 = 0, u = 0, h_start = H0;

  for (guint k = 0; k < n_impacts && impacts[k] <= t; k++)
    {
      t0 = impacts[k];
      u = pow (E, k + 1) * G * impacts[0];
      h_start = 0;
    }
  *h = h_start + u * (t - t0) - 0.5 * G * (t - t0) * (t - t0);
  *v = u - G * (t - t0);
}

/* The Scope (b6) records height and velocity at every accepted solver
 * point, and twice at each impact (before and after the velocity jump).
 * Checks: the impacts found in the log (an upward jump of v at one time)
 * are the analytic ones to 1e-4 s (SEMANTICS.md section 9), and every
 * sample further than 1e-3 s from an impact is on the analytic trajectory
 * to 1e-4 m and 1e-4 m/s (the solver runs with rtol 1e-8, atol 1e-10). */
static void
check_bouncing_ball_log (OrrSignalLog *log)
{
  double impacts[64];
  guint n_impacts = impact_times (impacts, G_N_ELEMENTS (impacts));
  guint64 n = orr_signal_log_get_n_samples (log);
  guint found = 0;
  double worst_h = 0, worst_v = 0;

  g_assert_cmpuint (n_impacts, ==, 13);
  g_assert_cmpuint (n, >, 100);
  g_assert_cmpfloat_with_epsilon (orr_signal_log_get_t (log, 0), 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (orr_signal_log_get_value (log, 0, 0), H0, 1e-12);
  g_assert_cmpfloat_with_epsilon (orr_signal_log_get_value (log, 0, 1), 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (orr_signal_log_get_t (log, n - 1), FINAL, 1e-9);

  for (guint64 i = 0; i < n; i++)
    {
      double t = orr_signal_log_get_t (log, i);
      double h = orr_signal_log_get_value (log, i, 0);
      double v = orr_signal_log_get_value (log, i, 1);
      double he, ve, nearest = G_MAXDOUBLE;

      if (i > 0)
        g_assert_cmpfloat (t, >=, orr_signal_log_get_t (log, i - 1));
      if (i > 0 && t == orr_signal_log_get_t (log, i - 1)
          && v > orr_signal_log_get_value (log, i - 1, 1))
        {
          g_assert_cmpuint (found, <, n_impacts);
          g_assert_cmpfloat (fabs (t - impacts[found]), <, 1e-4);
          /* v+ = -e v- */
          g_assert_cmpfloat (fabs (v + E * orr_signal_log_get_value (log, i - 1, 1)), <, 1e-9);
          found++;
        }
      for (guint k = 0; k < n_impacts; k++)
        nearest = MIN (nearest, fabs (t - impacts[k]));
      if (nearest < 1e-3)
        continue;
      exact_state (t, impacts, n_impacts, &he, &ve);
      worst_h = MAX (worst_h, fabs (h - he));
      worst_v = MAX (worst_v, fabs (v - ve));
    }
  g_test_message ("%" G_GUINT64_FORMAT " samples, %u impacts; largest errors: h %.3g m, v %.3g m/s",
                  n, found, worst_h, worst_v);
  g_assert_cmpuint (found, ==, n_impacts);
  g_assert_cmpfloat (worst_h, <, 1e-4);
  g_assert_cmpfloat (worst_v, <, 1e-4);
}

static void
test_bouncing_ball (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_example ("bouncing-ball.orr");
  g_autoptr (GError) error = NULL;
  GListModel *logs = orr_run_controller_get_logs (f->ctl);
  g_autoptr (OrrSignalLog) log = NULL;
  double x0, x1, y0, y1;

  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_IDLE);
  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_COMPILING);
  /* a second start while running is refused */
  g_assert_false (orr_run_controller_start (f->ctl, model, FALSE, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);

  run_until_finished (f);
  g_assert_cmpuint (f->n_finished, ==, 1);
  g_assert_cmpint (f->finished_state, ==, ORR_RUN_FINISHED);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);
  g_assert_null (orr_run_controller_get_error (f->ctl));
  g_assert_cmpuint (orr_run_controller_get_problems (f->ctl)->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (orr_run_controller_get_time (f->ctl), FINAL, 1e-9);
  g_assert_cmpfloat_with_epsilon (orr_run_controller_get_fraction (f->ctl), 1.0, 1e-12);
  g_assert_cmpuint (orr_run_controller_get_run_number (f->ctl), ==, 1);

  /* one recording block, the Scope b6 "Height and speed" */
  g_assert_cmpuint (g_list_model_get_n_items (logs), ==, 1);
  g_assert_cmpuint (f->n_logs_added, ==, 1);
  log = g_list_model_get_item (logs, 0);
  g_assert_true (orr_run_controller_find_log (f->ctl, "b6") == log);
  g_assert_cmpstr (orr_run_controller_get_log_block_id (f->ctl, log), ==, "b6");
  g_assert_cmpint (orr_signal_log_get_kind (log), ==, ORR_SIGNAL_LOG_TIME);
  g_assert_cmpstr (orr_signal_log_get_title (log), ==, "Height and speed");
  g_assert_cmpuint (orr_signal_log_get_n_channels (log), ==, 2);
  orr_signal_log_get_time_span (log, &x0, &x1);
  g_assert_cmpfloat (x0, ==, 0.0);
  g_assert_cmpfloat (x1, ==, FINAL);
  /* the Scope's defaults: ymin -1, ymax 1, a 10 s window */
  g_assert_true (orr_signal_log_get_hint_range (log, &x0, &x1, &y0, &y1));
  g_assert_cmpfloat (x0, ==, 0.0);
  g_assert_cmpfloat (x1, ==, 10.0);
  g_assert_cmpfloat (y0, ==, -1.0);
  g_assert_cmpfloat (y1, ==, 1.0);

  check_bouncing_ball_log (log);

  /* Run again: a fresh log in place of the first, as complete */
  f->n_finished = 0;
  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (logs), ==, 0);
  g_assert_null (orr_run_controller_find_log (f->ctl, "b6"));
  run_until_finished (f);
  g_assert_cmpint (f->finished_state, ==, ORR_RUN_FINISHED);
  g_assert_cmpuint (g_list_model_get_n_items (logs), ==, 1);
  g_assert_true (orr_run_controller_find_log (f->ctl, "b6") != log);
  check_bouncing_ball_log (orr_run_controller_find_log (f->ctl, "b6"));
  /* the first run's log, still held here, is untouched */
  g_assert_cmpfloat (orr_signal_log_get_t (log, orr_signal_log_get_n_samples (log) - 1), ==, FINAL);
}

/* Edits right after Run change the model, not the snapshot being run:
 * h0 = 5 and the Scope removed, yet the log starts at 10 m and is whole. */
static void
test_edits_after_start (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_example ("bouncing-ball.orr");
  g_autoptr (GError) error = NULL;
  OrrSignalLog *log;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  g_assert_no_error (error);
  orr_model_set_context (model, orr_model_get_root (model), "g = 9.81; h0 = 5; e = 0.5;");
  orr_model_remove_block (model, orr_model_find_block (model, "b6"));
  g_assert_null (orr_model_find_block (model, "b6"));

  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);
  log = orr_run_controller_find_log (f->ctl, "b6");
  g_assert_nonnull (log);
  check_bouncing_ball_log (log);
}

/* Paused before the simulation even starts: simulated time stays at the
 * start and nothing is recorded for 200 ms; after Continue the run ends
 * as if never paused. */
static void
test_pause_at_start (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_example ("bouncing-ball.orr");
  g_autoptr (GError) error = NULL;
  OrrSignalLog *log;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  orr_run_controller_pause (f->ctl);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_PAUSED);
  spin (f, 200);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_PAUSED);
  g_assert_cmpuint (f->n_finished, ==, 0);
  g_assert_cmpfloat (orr_run_controller_get_time (f->ctl), ==, 0.0);
  log = orr_run_controller_find_log (f->ctl, "b6");
  /* at most the initial sample */
  g_assert_true (log == NULL || orr_signal_log_get_n_samples (log) <= 1);

  orr_run_controller_resume (f->ctl);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), !=, ORR_RUN_PAUSED);
  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);
  check_bouncing_ball_log (orr_run_controller_find_log (f->ctl, "b6"));
}

/* A run that would take forever: a 10 kHz clock counting into a Scope up
 * to t = 1e9 s. */
static const char long_model[]
  = "<orrery version=\"1.0\">"
    "<settings start=\"0\" final=\"1e9\" solver=\"auto\" rtol=\"1e-06\" atol=\"1e-08\" "
    "max-step=\"0\"/>"
    "<diagram>"
    "<block id=\"c\" type=\"SampleClock\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<param name=\"period\">1e-4</param>"
    "<ports event-out=\"1\"/></block>"
    "<block id=\"n\" type=\"Counter\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
    "<ports out=\"1\" event-in=\"1\"/></block>"
    "<block id=\"s\" type=\"Scope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><label>Count</label>"
    "<ports in=\"1\"/></block>"
    "<link id=\"l1\" kind=\"activation\" from=\"c\" from-port=\"1\" to=\"n\" to-port=\"1\"/>"
    "<link id=\"l2\" kind=\"regular\" from=\"n\" from-port=\"1\" to=\"s\" to-port=\"1\"/>"
    "</diagram></orrery>";

/* Spins until simulated time has passed t (at most 10 s). */
static void
spin_until_time (Fixture *f, double t)
{
  gint64 give_up = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (orr_run_controller_get_time (f->ctl) <= t)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
      spin (f, 5);
    }
}

/* The stop deadline is 100 ms from the call to the worker's end (issue 7);
 * wait() returns when the worker has ended. */
static void
stop_and_time (Fixture *f)
{
  gint64 before = g_get_monotonic_time ();
  gint64 took;

  orr_run_controller_stop (f->ctl);
  orr_run_controller_wait (f->ctl);
  took = g_get_monotonic_time () - before;
  g_test_message ("stopped in %.1f ms", took / 1000.0);
  g_assert_cmpint (took, <, 100 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_STOPPED);
  g_assert_cmpuint (f->n_finished, ==, 1);
  g_assert_cmpint (f->finished_state, ==, ORR_RUN_STOPPED);
  g_assert_null (orr_run_controller_get_error (f->ctl));
}

/* The Count log holds 1, 2, 3, ... at t = 0, 1e-4, 2e-4, ...: nothing was
 * dropped or reordered on the way through the stream. */
static void
check_count_log (OrrSignalLog *log)
{
  guint64 n = orr_signal_log_get_n_samples (log);

  g_assert_cmpuint (n, >, 0);
  for (guint64 i = 0; i < n; i++)
    {
      g_assert_cmpfloat (orr_signal_log_get_value (log, i, 0), ==, (double)(i + 1));
      g_assert_cmpfloat (fabs (orr_signal_log_get_t (log, i) - i * 1e-4), <=, 1e-9 * (i + 1));
    }
}

static void
test_stop_long_run (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_text (long_model);
  g_autoptr (GError) error = NULL;
  OrrSignalLog *log;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  g_assert_no_error (error);
  spin_until_time (f, 1.0);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_RUNNING);
  g_assert_cmpfloat (orr_run_controller_get_fraction (f->ctl), <, 1e-6);
  stop_and_time (f);

  log = orr_run_controller_find_log (f->ctl, "s");
  g_assert_nonnull (log);
  check_count_log (log);
  /* what was recorded reaches where the run stopped */
  g_assert_cmpfloat (orr_signal_log_get_t (log, orr_signal_log_get_n_samples (log) - 1), >, 1.0);
  g_assert_cmpfloat (orr_run_controller_get_time (f->ctl), >, 1.0);
}

/* Pause in the middle of a run: time stands still for 200 ms, moves again
 * after Continue; a paused run stops as fast as a running one. */
static void
test_pause_resume_stop (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_text (long_model);
  g_autoptr (GError) error = NULL;
  double paused_at;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  spin_until_time (f, 0.5);
  orr_run_controller_pause (f->ctl);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_PAUSED);
  /* the simulation pauses within milliseconds: let it get there */
  spin (f, 50);
  paused_at = orr_run_controller_get_time (f->ctl);
  spin (f, 200);
  g_assert_cmpfloat (orr_run_controller_get_time (f->ctl), ==, paused_at);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_PAUSED);

  orr_run_controller_resume (f->ctl);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_RUNNING);
  spin_until_time (f, paused_at);

  orr_run_controller_pause (f->ctl);
  spin (f, 20);
  stop_and_time (f);
  check_count_log (orr_run_controller_find_log (f->ctl, "s"));
}

/* Gain -> Sum -> Gain with no state: an algebraic loop, reported with both
 * blocks. */
static void
test_algebraic_loop (Fixture *f, gconstpointer data)
{
  static const char text[]
    = "<orrery version=\"1.0\"><diagram>"
      "<block id=\"k\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports out=\"1\"/></block>"
      "<block id=\"sum\" type=\"Sum\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><label>Add</label>"
      "<ports in=\"2\" out=\"1\"/></block>"
      "<block id=\"gain\" type=\"Gain\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<label>Twice</label><param name=\"gain\">2</param>"
      "<ports in=\"1\" out=\"1\"/></block>"
      "<block id=\"show\" type=\"Display\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\"/></block>"
      "<link id=\"l1\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"sum\" to-port=\"1\"/>"
      "<link id=\"l2\" kind=\"regular\" from=\"sum\" from-port=\"1\" to=\"gain\" to-port=\"1\"/>"
      "<link id=\"l3\" kind=\"regular\" from=\"gain\" from-port=\"1\" to=\"sum\" to-port=\"2\"/>"
      "<link id=\"l4\" kind=\"regular\" from=\"gain\" from-port=\"1\" to=\"show\" to-port=\"1\"/>"
      "</diagram></orrery>";
  g_autoptr (OrrModel) model = load_text (text);
  g_autoptr (GError) error = NULL;
  GPtrArray *problems;
  gboolean named_both = FALSE;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FAILED);
  g_assert_cmpint (f->finished_state, ==, ORR_RUN_FAILED);
  g_assert_nonnull (orr_run_controller_get_error (f->ctl));
  problems = orr_run_controller_get_problems (f->ctl);
  g_assert_cmpuint (problems->len, >=, 1);
  for (guint i = 0; i < problems->len; i++)
    {
      const OrrProblem *p = g_ptr_array_index (problems, i);

      g_test_message ("%s: %s", p->where, p->message);
      if (p->block_ids != NULL && g_strv_contains ((const char *const *)p->block_ids, "sum")
          && g_strv_contains ((const char *const *)p->block_ids, "gain"))
        named_both = TRUE;
    }
  g_assert_true (named_both);
  /* nothing ran, so nothing was recorded */
  g_assert_cmpuint (g_list_model_get_n_items (orr_run_controller_get_logs (f->ctl)), ==, 0);
}

/* A parameter that does not parse: the problem is that block's. */
static void
test_bad_parameter (Fixture *f, gconstpointer data)
{
  static const char text[]
    = "<orrery version=\"1.0\"><diagram>"
      "<block id=\"k\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<label>Source</label><param name=\"value\">1 +</param>"
      "<ports out=\"1\"/></block>"
      "<block id=\"show\" type=\"Display\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\"/></block>"
      "<link id=\"l1\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"show\" to-port=\"1\"/>"
      "</diagram></orrery>";
  g_autoptr (OrrModel) model = load_text (text);
  g_autoptr (GError) error = NULL;
  GPtrArray *problems;
  const OrrProblem *p;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FAILED);
  problems = orr_run_controller_get_problems (f->ctl);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (p->block_id, ==, "k");
  g_assert_nonnull (strstr (p->where, "Source"));
  g_assert_nonnull (strstr (p->where, "value"));
  g_assert_nonnull (strstr (orr_run_controller_get_error (f->ctl), "Source"));
}

/* A block's own error while running: a counter (1, 2, 3 at t = 0, 1, 2)
 * minus 3 into Inverse, singular at t = 2. FAILED, the message starts
 * with the block's path, and what the Scope recorded before stays. */
static void
test_run_error (Fixture *f, gconstpointer data)
{
  static const char text[]
    = "<orrery version=\"1.0\">"
      "<settings start=\"0\" final=\"10\" solver=\"auto\" rtol=\"1e-06\" atol=\"1e-08\" "
      "max-step=\"0\"/><diagram>"
      "<block id=\"c\" type=\"SampleClock\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"period\">1</param>"
      "<ports event-out=\"1\"/></block>"
      "<block id=\"n\" type=\"Counter\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports out=\"1\" event-in=\"1\"/></block>"
      "<block id=\"b\" type=\"Bias\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"bias\">-3</param>"
      "<ports in=\"1\" out=\"1\"/></block>"
      "<block id=\"inv\" type=\"Inverse\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<label>Invert</label><ports in=\"1\" out=\"1\"/></block>"
      "<block id=\"show\" type=\"Display\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\"/></block>"
      "<block id=\"s\" type=\"Scope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><ports in=\"1\"/>"
      "</block>"
      "<link id=\"l1\" kind=\"activation\" from=\"c\" from-port=\"1\" to=\"n\" to-port=\"1\"/>"
      "<link id=\"l2\" kind=\"regular\" from=\"n\" from-port=\"1\" to=\"b\" to-port=\"1\"/>"
      "<link id=\"l3\" kind=\"regular\" from=\"b\" from-port=\"1\" to=\"inv\" to-port=\"1\"/>"
      "<link id=\"l4\" kind=\"regular\" from=\"inv\" from-port=\"1\" to=\"show\" to-port=\"1\"/>"
      "<link id=\"l5\" kind=\"regular\" from=\"n\" from-port=\"1\" to=\"s\" to-port=\"1\"/>"
      "</diagram></orrery>";
  g_autoptr (OrrModel) model = load_text (text);
  g_autoptr (GError) error = NULL;
  OrrSignalLog *log;
  const char *message;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FAILED);
  message = orr_run_controller_get_error (f->ctl);
  g_test_message ("%s", message);
  g_assert_true (g_str_has_prefix (message, "Invert"));
  g_assert_nonnull (strstr (message, "t = 2"));
  g_assert_cmpuint (orr_run_controller_get_problems (f->ctl)->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (orr_run_controller_get_time (f->ctl), 2.0, 1e-12);

  log = orr_run_controller_find_log (f->ctl, "s");
  g_assert_nonnull (log);
  g_assert_cmpuint (orr_signal_log_get_n_samples (log), >=, 2);
  g_assert_cmpuint (orr_signal_log_get_n_samples (log), <=, 3);
  for (guint i = 0; i < orr_signal_log_get_n_samples (log); i++)
    {
      g_assert_cmpfloat (orr_signal_log_get_t (log, i), ==, (double)i);
      g_assert_cmpfloat (orr_signal_log_get_value (log, i, 0), ==, i + 1.0);
    }
}

/* End restarts: three runs (the End block restarts while __counter__ < 3),
 * each evaluated afresh. The logs are the same objects across the runs,
 * cleared at each: they end up holding the third run only. Also the other
 * recording blocks: an XYScope's x1 x2 y1 y2 become pairs (x1, y1, x2,
 * y2), an EventScope logs the number of the input that fired. */
static void
test_restarts_and_kinds (Fixture *f, gconstpointer data)
{
  static const char text[]
    = "<orrery version=\"1.0\">"
      "<settings start=\"0\" final=\"10\" solver=\"auto\" rtol=\"1e-06\" atol=\"1e-08\" "
      "max-step=\"0\"/><diagram>"
      "<context>n = __counter__;</context>"
      "<block id=\"k\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"value\">n</param>"
      "<ports out=\"1\"/></block>"
      "<block id=\"show\" type=\"Display\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<label>Run</label><ports in=\"1\"/></block>"
      "<block id=\"x\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"value\">[1; 2]</param>"
      "<ports out=\"1\"/></block>"
      "<block id=\"y\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"value\">[10; 20] * n</param>"
      "<ports out=\"1\"/></block>"
      "<block id=\"xy\" type=\"XYScope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"xmin\">0</param>"
      "<param name=\"xmax\">3</param><param name=\"ymin\">-5</param>"
      "<param name=\"ymax\">70</param><ports in=\"2\"/></block>"
      "<block id=\"c\" type=\"SampleClock\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"period\">0.25</param>"
      "<ports event-out=\"1\"/></block>"
      "<block id=\"ev\" type=\"EventScope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"inputs\">2</param>"
      "<ports event-in=\"2\"/></block>"
      "<block id=\"end\" type=\"End\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"action\">1 + (n &lt; 3)</param>"
      "<param name=\"time\">1</param><ports event-in=\"1\"/></block>"
      "<link id=\"l1\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"show\" to-port=\"1\"/>"
      "<link id=\"l2\" kind=\"regular\" from=\"x\" from-port=\"1\" to=\"xy\" to-port=\"1\"/>"
      "<link id=\"l3\" kind=\"regular\" from=\"y\" from-port=\"1\" to=\"xy\" to-port=\"2\"/>"
      "<link id=\"l4\" kind=\"activation\" from=\"c\" from-port=\"1\" to=\"ev\" to-port=\"2\"/>"
      "</diagram></orrery>";
  g_autoptr (OrrModel) model = load_text (text);
  g_autoptr (GError) error = NULL;
  OrrSignalLog *show, *xy, *ev;
  double x0, x1, y0, y1;
  guint64 n;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  run_until_finished (f);
  g_assert_cmpstr (orr_run_controller_get_error (f->ctl), ==, NULL);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);
  g_assert_cmpuint (orr_run_controller_get_run_number (f->ctl), ==, 3);
  g_assert_cmpfloat_with_epsilon (orr_run_controller_get_time (f->ctl), 1.0, 1e-12);
  g_assert_cmpuint (g_list_model_get_n_items (orr_run_controller_get_logs (f->ctl)), ==, 3);
  g_assert_cmpuint (f->n_logs_added, ==, 3);

  /* the constant n, recorded in the third run only */
  show = orr_run_controller_find_log (f->ctl, "show");
  g_assert_nonnull (show);
  g_assert_cmpint (orr_signal_log_get_kind (show), ==, ORR_SIGNAL_LOG_TIME);
  g_assert_cmpstr (orr_signal_log_get_title (show), ==, "Run");
  g_assert_cmpuint (orr_signal_log_get_n_samples (show), >=, 1);
  for (guint64 i = 0; i < orr_signal_log_get_n_samples (show); i++)
    g_assert_cmpfloat (orr_signal_log_get_value (show, i, 0), ==, 3.0);

  xy = orr_run_controller_find_log (f->ctl, "xy");
  g_assert_nonnull (xy);
  g_assert_cmpint (orr_signal_log_get_kind (xy), ==, ORR_SIGNAL_LOG_XY);
  g_assert_cmpuint (orr_signal_log_get_n_channels (xy), ==, 4);
  g_assert_cmpstr (orr_signal_log_get_channel_name (xy, 0), ==, "x1");
  g_assert_cmpstr (orr_signal_log_get_channel_name (xy, 3), ==, "y2");
  g_assert_true (orr_signal_log_get_hint_range (xy, &x0, &x1, &y0, &y1));
  g_assert_cmpfloat (x0, ==, 0.0);
  g_assert_cmpfloat (x1, ==, 3.0);
  g_assert_cmpfloat (y0, ==, -5.0);
  g_assert_cmpfloat (y1, ==, 70.0);
  g_assert_cmpuint (orr_signal_log_get_n_samples (xy), >=, 1);
  for (guint64 i = 0; i < orr_signal_log_get_n_samples (xy); i++)
    {
      g_assert_cmpfloat (orr_signal_log_get_value (xy, i, 0), ==, 1.0);
      g_assert_cmpfloat (orr_signal_log_get_value (xy, i, 1), ==, 30.0);
      g_assert_cmpfloat (orr_signal_log_get_value (xy, i, 2), ==, 2.0);
      g_assert_cmpfloat (orr_signal_log_get_value (xy, i, 3), ==, 60.0);
    }

  /* the clock on input 2 ticks at 0, 0.25, ... up to the end at t = 1 */
  ev = orr_run_controller_find_log (f->ctl, "ev");
  g_assert_nonnull (ev);
  g_assert_cmpint (orr_signal_log_get_kind (ev), ==, ORR_SIGNAL_LOG_EVENTS);
  g_assert_true (orr_signal_log_get_hint_range (ev, &x0, &x1, &y0, &y1));
  g_assert_cmpfloat (y0, ==, 0.5);
  g_assert_cmpfloat (y1, ==, 2.5);
  n = orr_signal_log_get_n_samples (ev);
  g_assert_cmpuint (n, >=, 4);
  g_assert_cmpuint (n, <=, 5);
  for (guint64 i = 0; i < n; i++)
    {
      g_assert_cmpfloat (orr_signal_log_get_t (ev, i), ==, 0.25 * i);
      g_assert_cmpfloat (orr_signal_log_get_value (ev, i, 0), ==, 2.0);
    }
}

/* The pendulum swing-up example's MultiScope (b4) and Anim2D (b11) reach
 * the app as their logs: three plots of one channel each with the
 * block's ranges; the animation's shapes as the block declares them (a
 * segment, a circle), one frame per 0.04 s clock tick over [0, 40] (1001),
 * the rod ending where the bob is, both on the unit circle, radius 0.12. */
static void
test_multi_scope_and_animation (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_example ("pendulum-swing-up.orr");
  g_autoptr (GError) error = NULL;
  const OrrSignalLogShapes *shapes;
  OrrSignalLog *plots, *anim;
  guint first, count;
  double lo, hi;

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);

  plots = orr_run_controller_find_log (f->ctl, "b4");
  g_assert_nonnull (plots);
  g_assert_cmpint (orr_signal_log_get_kind (plots), ==, ORR_SIGNAL_LOG_TIME);
  g_assert_cmpuint (orr_signal_log_get_n_axes (plots), ==, 3);
  orr_signal_log_get_axis (plots, 0, &first, &count, &lo, &hi);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpfloat (lo, ==, 0.5);
  g_assert_cmpfloat (hi, ==, 4.5);
  orr_signal_log_get_axis (plots, 2, &first, &count, &lo, &hi);
  g_assert_cmpuint (first, ==, 2);
  g_assert_cmpfloat (lo, ==, -2);
  g_assert_cmpfloat (hi, ==, 2);

  anim = orr_run_controller_find_log (f->ctl, "b11");
  g_assert_nonnull (anim);
  g_assert_cmpint (orr_signal_log_get_kind (anim), ==, ORR_SIGNAL_LOG_SHAPES);
  shapes = orr_signal_log_get_shapes (anim);
  g_assert_nonnull (shapes);
  g_assert_cmpuint (shapes->n_inputs, ==, 2);
  g_assert_cmpint (shapes->kinds[0], ==, 5);
  g_assert_cmpint (shapes->kinds[1], ==, 3);
  g_assert_cmpint (shapes->rows[0] * shapes->cols[0], ==, 4);
  g_assert_cmpint (shapes->rows[1] * shapes->cols[1], ==, 3);
  g_assert_cmpfloat (shapes->area[0], ==, -1.3);
  g_assert_cmpfloat (shapes->area[3], ==, 1.3);
  g_assert_cmpfloat (shapes->zoom, ==, 120);
  g_assert_cmpuint (shapes->n_colors, ==, 2);
  g_assert_cmpuint (orr_signal_log_get_n_channels (anim), ==, 1 + 4 + 3);
  g_assert_cmpuint (orr_signal_log_get_n_samples (anim), ==, 1001);
  for (guint64 i = 0; i < orr_signal_log_get_n_samples (anim); i++)
    {
      double x = orr_signal_log_get_value (anim, i, 3), y = orr_signal_log_get_value (anim, i, 4);

      g_assert_cmpfloat_with_epsilon (orr_signal_log_get_t (anim, i), 0.04 * i, 1e-9);
      g_assert_cmpfloat (orr_signal_log_get_value (anim, i, 0), ==, 1);
      g_assert_cmpfloat (orr_signal_log_get_value (anim, i, 1), ==, 0);
      g_assert_cmpfloat_with_epsilon (x * x + y * y, 1, 1e-12);
      g_assert_cmpfloat (orr_signal_log_get_value (anim, i, 5), ==, x);
      g_assert_cmpfloat (orr_signal_log_get_value (anim, i, 6), ==, y);
      g_assert_cmpfloat (orr_signal_log_get_value (anim, i, 7), ==, 0.12);
    }
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* The pacing is stored until the engine takes it (see
 * apply_realtime_factor in orr-run-controller.c): kept across starts,
 * notified once per change. */
static void
test_realtime_factor (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_example ("bouncing-ball.orr");
  guint notified = 0;
  double factor = -1;

  g_signal_connect (f->ctl, "notify::realtime-factor", G_CALLBACK (count_notify), &notified);
  g_assert_cmpfloat (orr_run_controller_get_realtime_factor (f->ctl), ==, 0.0);
  orr_run_controller_set_realtime_factor (f->ctl, 2.5);
  orr_run_controller_set_realtime_factor (f->ctl, 2.5);
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (f->ctl, "realtime-factor", &factor, NULL);
  g_assert_cmpfloat (factor, ==, 2.5);

  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, NULL));
  g_assert_cmpfloat (orr_run_controller_get_realtime_factor (f->ctl), ==, 2.5);
  orr_run_controller_set_realtime_factor (f->ctl, 0);
  g_assert_cmpuint (notified, ==, 2);
  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);
  g_assert_cmpfloat (orr_run_controller_get_realtime_factor (f->ctl), ==, 0.0);
}

static void
drop_controller (OrrRunController *ctl, OrrRunState state, Fixture *f)
{
  g_clear_object (&f->ctl);
}

/* A window may drop the controller as soon as its run is over, from the
 * "finished" handler itself; and a controller dropped while running
 * stops its worker. Run under valgrind, these show a use after free. */
static void
test_drop_controller (Fixture *f, gconstpointer data)
{
  g_autoptr (OrrModel) model = load_example ("bouncing-ball.orr");
  g_autoptr (OrrModel) long_run = load_text (long_model);
  g_autoptr (OrrRunController) other = orr_run_controller_new (f->registry);

  g_signal_connect (f->ctl, "finished", G_CALLBACK (drop_controller), f);
  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, NULL));
  run_until_finished (f);
  g_assert_null (f->ctl);

  g_assert_true (orr_run_controller_start (other, long_run, FALSE, NULL));
  while (orr_run_controller_get_state (other) != ORR_RUN_RUNNING)
    spin (f, 5);
  spin (f, 20);
  /* the last reference stops the worker and waits for it */
  g_clear_object (&other);
}

/* A tunable parameter changed while the model runs: Constant 1 into an
 * Integrator, paced at 4x real time over [0, 4]. Once the scope has
 * passed t = 1, the edited model (Constant 3) goes to the simulation.
 * The integral rises with slope 1 before the change and 3 after it
 * (every pair of samples on either side, 1e-6), continuously; a change
 * of structure (another input count on the scope) is refused with a
 * message, and the run goes on. */
static void
test_retune (Fixture *f, gconstpointer data)
{
  static const char text[]
    = "<orrery version=\"1.0\">"
      "<settings start=\"0\" final=\"4\" solver=\"auto\" rtol=\"1e-08\" atol=\"1e-10\" "
      "max-step=\"0.01\"/><diagram>"
      "<block id=\"k\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<param name=\"value\">1</param><ports out=\"1\"/></block>"
      "<block id=\"i\" type=\"Integrator\" x=\"0\" y=\"0\" width=\"40\" height=\"40\">"
      "<ports in=\"1\" out=\"1\"/></block>"
      "<block id=\"s\" type=\"Scope\" x=\"0\" y=\"0\" width=\"40\" height=\"40\"><ports in=\"1\"/>"
      "</block>"
      "<link id=\"l1\" kind=\"regular\" from=\"k\" from-port=\"1\" to=\"i\" to-port=\"1\"/>"
      "<link id=\"l2\" kind=\"regular\" from=\"i\" from-port=\"1\" to=\"s\" to-port=\"1\"/>"
      "</diagram></orrery>";
  g_autoptr (OrrModel) model = load_text (text);
  g_autoptr (GError) error = NULL;
  OrrSignalLog *log = NULL;
  OrrBlock *constant = orr_model_find_block (model, "k");
  double switched = NAN;
  guint before = 0, after = 0;

  orr_run_controller_set_realtime_factor (f->ctl, 4);
  g_assert_true (orr_run_controller_start (f->ctl, model, FALSE, &error));
  while (log == NULL || orr_signal_log_get_n_samples (log) == 0
         || orr_signal_log_get_t (log, orr_signal_log_get_n_samples (log) - 1) < 1)
    {
      g_assert_cmpint (orr_run_controller_get_state (f->ctl), <=, ORR_RUN_PAUSED);
      spin (f, 10);
      log = orr_run_controller_find_log (f->ctl, "s");
    }
  orr_model_set_param (model, constant, "value", "3");
  g_assert_true (orr_run_controller_retune (f->ctl, model, &error));
  g_assert_no_error (error);

  /* the Scope with two inputs is another structure */
  orr_model_set_param (model, orr_model_find_block (model, "s"), "inputs", "2");
  orr_model_set_port_count (model, orr_model_find_block (model, "s"), ORR_PORT_IN, 2);
  g_assert_false (orr_run_controller_retune (f->ctl, model, &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);

  run_until_finished (f);
  g_assert_cmpint (orr_run_controller_get_state (f->ctl), ==, ORR_RUN_FINISHED);
  for (guint64 i = 1; i < orr_signal_log_get_n_samples (log); i++)
    {
      double t0 = orr_signal_log_get_t (log, i - 1), t1 = orr_signal_log_get_t (log, i);
      double slope;

      if (t1 - t0 < 1e-6)
        continue;
      slope = (orr_signal_log_get_value (log, i, 0) - orr_signal_log_get_value (log, i - 1, 0))
              / (t1 - t0);
      if (fabs (slope - 1) < 1e-6)
        {
          g_assert_true (isnan (switched)); /* no slope 1 after the change */
          before++;
        }
      else
        {
          g_assert_cmpfloat_with_epsilon (slope, 3, 1e-6);
          if (isnan (switched))
            switched = t0;
          after++;
        }
    }
  g_test_message ("slope 1 over %u steps, 3 over %u from t = %g", before, after, switched);
  g_assert_cmpuint (before, >, 10);
  g_assert_cmpuint (after, >, 10);
  g_assert_cmpfloat (switched, >=, 1);
  /* the end: 1 * switched + 3 * (4 - switched) */
  g_assert_cmpfloat_with_epsilon (
    orr_signal_log_get_value (log, orr_signal_log_get_n_samples (log) - 1, 0),
    switched + 3 * (4 - switched), 1e-6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/run-controller/bouncing-ball", test_bouncing_ball);
  ADD ("/run-controller/edits-after-start", test_edits_after_start);
  ADD ("/run-controller/pause-at-start", test_pause_at_start);
  ADD ("/run-controller/stop-long-run", test_stop_long_run);
  ADD ("/run-controller/pause-resume-stop", test_pause_resume_stop);
  ADD ("/run-controller/algebraic-loop", test_algebraic_loop);
  ADD ("/run-controller/bad-parameter", test_bad_parameter);
  ADD ("/run-controller/run-error", test_run_error);
  ADD ("/run-controller/restarts-and-kinds", test_restarts_and_kinds);
  ADD ("/run-controller/realtime-factor", test_realtime_factor);
  ADD ("/run-controller/drop-controller", test_drop_controller);
  ADD ("/run-controller/retune", test_retune);
  ADD ("/run-controller/multi-scope-and-animation", test_multi_scope_and_animation);
#undef ADD

  return g_test_run ();
}
