/* test-xcos.c: opening Xcos diagrams.
 *
 * - /xcos/examples imports every English example Debian's scilab-data
 *   ships and prints how many import with no placeholder and how many
 *   simulate; it fails below the counts reached when it was written, so
 *   that a regression shows.
 * - /xcos/curated/... runs examples across the palettes and checks what
 *   their scopes record against values derived by hand from the
 *   diagram's parameters: analytic solutions (sines, lags, ramps,
 *   integrals), event times from the clocks' periods and offsets, and,
 *   where no closed form exists, structural facts (bounds, switching
 *   rules). Scilab itself is not installed here, so nothing is compared
 *   with numbers recorded from Xcos; each check says what it derives.
 *   Orrery processes events at the final time (Xcos stops before them):
 *   counts that include the final time say so.
 * - /xcos/round-trip: an imported diagram saved as .orr and reloaded runs
 *   to the same samples, bit for bit.
 * - /xcos/bad/...: damaged archives, XML that is not Xcos, broken dialog
 *   values: clear messages naming the file and the block, no crash.
 * - /xcos/inline: a Scilab 6 style .xcos with inline values, a split, a
 *   context to translate and a block with no counterpart.
 */
#include "model-run.h"

#include <math.h>
#include <orrery/orr-io.h>
#include <orrery/orr-xcos.h>
#include <string.h>

#ifndef XCOS_EXAMPLES
#define XCOS_EXAMPLES "/usr/share/scilab/modules/xcos/examples"
#endif

/* What the English examples reached when this test was written. */
#define MIN_IMPORTED 114
#define MIN_SIMULATED 114

static char *
example_path (const char *relative)
{
  return g_build_filename (XCOS_EXAMPLES, relative, NULL);
}

static gboolean
have_examples (void)
{
  if (g_file_test (XCOS_EXAMPLES, G_FILE_TEST_IS_DIR))
    return TRUE;
  g_test_skip ("the Xcos examples are not installed (Debian package scilab-data)");
  return FALSE;
}

static OrrModel *
import (const char *relative, OrrXcosReport **report)
{
  g_autofree char *path = example_path (relative);
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_xcos_load_file (path, registry, report, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

/* Imports and runs an example that must map completely and run. */
static Run *
run_example (const char *relative)
{
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = import (relative, &report);
  Run *run;

  for (guint i = 0; i < report->placeholders->len; i++)
    g_test_message ("placeholder: %s", (const char *)g_ptr_array_index (report->placeholders, i));
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  return run;
}

/* ---- the table over every example ------------------------------------------ */

static void
collect (const char *dir, GPtrArray *files)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (strcmp (name, "fr_FR") != 0) /* the English examples */
            collect (path, files);
        }
      else if (orr_xcos_is_xcos_path (name))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

typedef struct
{
  OrrSimulation *sim;
  GError *error;
  gboolean ok;
  gint done;
} Runner;

static gpointer
run_thread (gpointer data)
{
  Runner *r = data;

  r->ok = orr_simulation_run (r->sim, &r->error);
  g_atomic_int_set (&r->done, 1);
  return NULL;
}

/* Compiles and runs model; a run that has not finished after 10 s of wall
 * time is stopped and does not count as simulated. Scilab's own examples
 * are trusted, as their user would: writec_f writes /tmp/writec_f.datas,
 * outside the model's folder, which an untrusted run refuses. */
static gboolean
try_run (OrrModel *model, char **why)
{
  static const RunSetup trusted = { .options = { .trust_native_code = TRUE } };
  g_autoptr (GError) error = NULL;
  OrrProgram *program = compile_model (model, &trusted, &error);
  Runner r = { 0 };
  GThread *thread;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  gboolean late = FALSE;

  if (program == NULL)
    {
      *why = g_strdup (error->message);
      return FALSE;
    }
  r.sim = orr_simulation_new (program);
  thread = g_thread_new ("xcos-example", run_thread, &r);
  while (!g_atomic_int_get (&r.done))
    {
      if (!late && g_get_monotonic_time () > deadline)
        {
          orr_simulation_stop (r.sim);
          late = TRUE;
        }
      g_usleep (2000);
    }
  g_thread_join (thread);
  if (late)
    *why = g_strdup ("not finished after 10 s: stopped");
  else if (!r.ok)
    *why = g_strdup (r.error->message);
  g_clear_error (&r.error);
  orr_simulation_free (r.sim);
  orr_program_free (program);
  return r.ok && !late;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

static void
test_examples (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (OrrRegistry) registry = NULL;
  guint imported = 0, simulated = 0;

  if (!have_examples ())
    return;
  registry = run_registry_new (NULL);
  collect (XCOS_EXAMPLES, files);
  g_ptr_array_sort (files, compare_paths);
  g_assert_cmpuint (files->len, >, 100);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrXcosReport) report = NULL;
      g_autoptr (OrrModel) model = orr_xcos_load_file (path, registry, &report, &error);
      g_autofree char *why = NULL;

      /* every example is an Xcos diagram: it must load, placeholders or not */
      g_assert_no_error (error);
      g_assert_nonnull (model);
      if (report->placeholders->len > 0)
        {
          g_autofree char *list = NULL;
          g_ptr_array_add (report->placeholders, NULL);
          list = g_strjoinv (", ", (char **)report->placeholders->pdata);
          g_test_message ("%s: placeholders: %s", path + strlen (XCOS_EXAMPLES) + 1, list);
          continue;
        }
      imported++;
      if (try_run (model, &why))
        simulated++;
      else
        g_test_message ("%s: does not run: %s", path + strlen (XCOS_EXAMPLES) + 1, why);
    }
  g_printerr ("# Xcos examples: %u; imported with no placeholder: %u (%.0f%%); simulated: %u "
              "(%.0f%%)\n",
              files->len, imported, 100.0 * imported / files->len, simulated,
              100.0 * simulated / files->len);
  g_assert_cmpuint (imported, >=, MIN_IMPORTED);
  g_assert_cmpuint (simulated, >=, MIN_SIMULATED);
}

/* ---- curated examples ----------------------------------------------------- */

/* Every sample of channel j of recording r against f(t), within tol. */
static void
check_channel (Recording *r, int j, double (*f) (double t), double tol)
{
  g_assert_cmpuint (r->t->len, >, 0);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), want = f (t), got = V (r, i, j);
      if (fabs (got - want) > tol)
        g_error ("at t = %.9g channel %d is %.12g, expected %.12g (tolerance %g)", t, j, got, want,
                 tol);
    }
}

/* Sample times: first, first + step, ... (count of them). */
static void
check_times (Recording *r, double first, double step, guint count)
{
  g_assert_cmpuint (r->t->len, ==, count);
  for (guint i = 0; i < count; i++)
    g_assert_cmpfloat_with_epsilon (T (r, i), first + i * step,
                                    1e-9 * (1 + fabs (first + i * step)));
}

static double
gensin (double t)
{
  return 1.2 * sin (2 * G_PI * t + G_PI / 2);
}

/* GENSIN_f(1.2, 2 pi, pi/2) into CSCOPE clocked every 0.01 s over [0, 5]:
 * the clock's events at 0.01 k, k = 0..500 (Xcos: ..499), the exact sine. */
static void
test_gensin (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/gensin_f_en_US.zcos");
  check_times (recording (run, "Scope1"), 0, 0.01, 501);
  check_channel (recording (run, "Scope1"), 0, gensin, 1e-9);
}

/* CLOCK_c(period 1, init 3) over [0, 10]: events at 3, 4, ... 10 (Xcos
 * stops before 10: 7 events). */
static void
test_clock (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/clock_c_en_US.zcos");
  check_times (recording (run, "EventScope1"), 3, 1, 8);
}

/* CLOCK_c(1, 1) into CEVENTSCOPE over [0, 30]: 1, 2, ... 30. */
static void
test_ceventscope (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/CEVENTSCOPE_Example.zcos");
  check_times (recording (run, "EventScope1"), 1, 1, 30);
}

/* EVTGEN_f(7) into EVTVARDLY with a delay input of 1: one event at 8. */
static void
test_evtgen (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/EVTGEN_f_Example.zcos");
  check_times (recording (run, "EventScope1"), 8, 0, 1);
}

/* EVTDLY_c(3, initial 0.1) fed back on itself clocks a scope: samples at
 * 0.1, 3.1, ... 27.1. */
static void
test_evtdly (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/EVTDLY_c_Example.zcos");
  check_times (recording (run, "MultiScope1"), 0.1, 3, 10);
}

/* Three CLOCK_c of period 4 (offsets 1, 2, 0) into CLKSOMV_f: the union,
 * 24 events on [0, 30], at every t = 4k + {0, 1, 2}. */
static void
test_clksomv (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/CLKSOMV_f_Example.zcos");
  r = recording (run, "EventScope1");
  g_assert_cmpuint (r->t->len, ==, 24);
  for (guint i = 0; i < r->t->len; i++)
    {
      double phase = fmod (T (r, i), 4);
      g_assert_true (fabs (phase) < 1e-9 || fabs (phase - 1) < 1e-9 || fabs (phase - 2) < 1e-9);
    }
}

/* freq_div(3, phase 0) of a 1 s clock: port 1 at 0, 3, ... 30 (11
 * events), port 2 (the clock itself) at 0, 1, ... 30 (31 events). */
static void
test_freq_div (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint n1 = 0, n2 = 0;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/en_US/freq_div_en_US.zcos");
  r = recording (run, "EventScope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      g_assert_cmpfloat_with_epsilon (t, round (t), 1e-9);
      if (V (r, i, 0) == 1)
        {
          g_assert_cmpint ((int)round (t) % 3, ==, 0);
          n1++;
        }
      else
        n2++;
    }
  g_assert_cmpuint (n1, ==, 11);
  g_assert_cmpuint (n2, ==, 31);
}

/* MFCLCK_f(period 1, n = 3) driven by a 1 s clock from 0: the k-th
 * activation (k from 0, at t = k) goes out after 1 s on output 2 when
 * k mod 3 = 2, on output 1 otherwise; output 2 also fires at the start.
 * Output 1: t = 1, 2, 4, 5 ... 29 (20 events); output 2: 0, 3 ... 30 (11,
 * the last at the final time, which Xcos leaves out). */
static void
test_mfclck (void)
{
  g_autoptr (Run) run = NULL;
  Recording *one, *two;
  guint k = 0;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/MFCLCK_f_Example.zcos");
  one = recording (run, "EventScope1");
  two = recording (run, "EventScope2");
  check_times (two, 0, 3, 11);
  g_assert_cmpuint (one->t->len, ==, 20);
  for (int t = 1; t <= 30; t++)
    if (t % 3 != 0)
      g_assert_cmpfloat_with_epsilon (T (one, k++), t, 1e-9);
}

/* MCLOCK_f with the context's basic_period = 2 and n = 5: output 2
 * every period from 0 (0, 2 ... 30: 16 events), output 1 every n-th
 * period and at the start (0, 10, 20, 30). */
static void
test_mclock (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/MCLOCK_f_Example.zcos");
  check_times (recording (run, "EventScope1"), 0, 10, 4);
  check_times (recording (run, "EventScope2"), 0, 2, 16);
}

/* IFTHEL_f driven by a clock (0.1 s from 0.1) with sin t as condition:
 * the "then" events are exactly the clock ticks where sin t > 0. */
static void
test_ifthel (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint expected = 0;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/IFTHEL_f_Example.zcos");
  r = recording (run, "EventScope1");
  for (int k = 1; k <= 300; k++)
    if (sin (0.1 * k) > 0)
      expected++;
  g_assert_cmpuint (r->t->len, ==, expected);
  for (guint i = 0; i < r->t->len; i++)
    {
      g_assert_cmpfloat (sin (T (r, i)), >, 0);
      g_assert_cmpfloat_with_epsilon (T (r, i) * 10, round (T (r, i) * 10), 1e-7);
    }
}

/* Counter(-4, 4, decrement) on a 1 s clock, sampled every 0.02 s: between
 * the k-th and (k+1)-th tick the output is 4 - (k mod 9). Samples at the
 * ticks themselves are left out: the two clocks are distinct sources, so
 * their order at equal times is not specified. */
static void
test_counter (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/counter_en_US.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      int k = (int)floor (t);
      if (fabs (t - round (t)) < 1e-6)
        continue;
      g_assert_cmpfloat (V (r, i, 0), ==, 4 - (k % 9));
      checked++;
    }
  g_assert_cmpuint (checked, >, 1000);
}

/* Modulo_Count(initial 2, base 5) on a 1 s clock, sampled every 0.01 s:
 * between the k-th and (k+1)-th tick (k from 0) it shows (2 + k) mod 5;
 * samples on the ticks are left out (distinct clocks). */
static void
test_modulo_count (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/modulo_count_en_US.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      if (fabs (t - round (t)) < 1e-6)
        continue;
      g_assert_cmpfloat (V (r, i, 0), ==, (2 + (int)floor (t)) % 5);
      checked++;
    }
  g_assert_cmpuint (checked, >, 1000);
}

static double
ramp (double t)
{
  return t > 1 ? 0.5 * (t - 1) : 0;
}

static double
ramp_lag (double t)
{
  double s = t - 1;
  return s > 0 ? 0.5 * (s - 1 + exp (-s)) : 0;
}

/* RAMP(0.5 from t = 1) and its lag 1/(s+1): 0.5 (s - 1 + e^-s), s = t - 1. */
static void
test_ramp (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/RAMP_en_US.zcos");
  check_channel (recording (run, "Scope1"), 0, ramp, 1e-9);
  check_channel (recording (run, "Scope1"), 1, ramp_lag, 1e-4);
}

static double
step (double t)
{
  return t < 1 ? 0.5 : 1.5;
}

static double
step_lag (double t)
{
  double y1 = 0.5 * (1 - exp (-1.0));
  return t < 1 ? 0.5 * (1 - exp (-t)) : 1.5 - (1.5 - y1) * exp (-(t - 1));
}

/* STEP_FUNCTION(1, 0.5 -> 1.5) and its lag 1/(s+1). */
static void
test_step (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/step_function_1_en_US.zcos");
  check_channel (recording (run, "Scope1"), 0, step, 1e-12);
  check_channel (recording (run, "Scope1"), 1, step_lag, 1e-4);
}

static double
saturated (double t)
{
  return CLAMP (sin (t), -1, 0.6);
}

/* SATURATION(0.6, -1) of sin t. */
static void
test_saturation (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("discontinuities_pal/SATURATION_Example.zcos");
  check_times (recording (run, "Scope1"), 0.1, 0.1, 300);
  check_channel (recording (run, "Scope1"), 0, saturated, 1e-9);
}

static double
dead (double t)
{
  double u = 2 * sin (1.25 * t);
  return u > 1 ? u - 1 : u < -1.5 ? u + 1.5 : 0;
}

static double
dead_input (double t)
{
  return 2 * sin (1.25 * t);
}

/* DEADBAND(1, -1.5) of 2 sin(1.25 t). */
static void
test_deadband (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("discontinuities_pal/en_US/deadband_en_US.zcos");
  check_channel (recording (run, "Scope1"), 0, dead, 1e-9);
  check_channel (recording (run, "Scope1"), 1, dead_input, 1e-9);
}

static double
abs_integral (double t)
{
  double k = floor (t / G_PI);
  return 2 * k + 1 - cos (t - k * G_PI);
}

static double
abs_sin (double t)
{
  return fabs (sin (t));
}

/* ABS_VALUE of sin t, integrated: 2k + 1 - cos(t - k pi), k = floor(t/pi).
 * The diagram's tolerances (rtol, atol 1e-6) bound the local error; over
 * 30 s and ten kinks the global error of the integral stays below 5e-4. */
static void
test_abs (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("mathoperations_pal/ABS_VALUE_Example.zcos");
  check_channel (recording (run, "Scope1"), 0, abs_integral, 5e-4);
  check_channel (recording (run, "Scope1"), 1, abs_sin, 1e-9);
}

static double
min_sin (double t)
{
  return MIN (sin (t), 0.2);
}

/* MIN_f of [sin t; 0.2]. */
static void
test_min (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("mathoperations_pal/MIN_f_Example.zcos");
  check_channel (recording (run, "Scope1"), 0, min_sin, 1e-9);
}

static double
switched (double t)
{
  return sin (t) > 0 ? -5 : 5;
}

/* SWITCH2_m (pass input 1 if u2 > 0) between -5 and 5 with u2 = sin t.
 * At t = 0 sin t is exactly on the threshold, so the strict rule picks
 * input 3 there; the control leaves the threshold at once and the switch
 * must follow (the solver reports no crossing for a surface that starts
 * at zero: the engine watches it). Every sample but the one at t = 0 is
 * the rule applied to sin t. */
static void
test_switch2 (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("signalrouting_pal/SWITCH2_m_Example.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      if (T (r, i) == 0)
        continue;
      g_assert_cmpfloat (V (r, i, 0), ==, switched (T (r, i)));
      checked++;
    }
  g_assert_cmpuint (checked, >, 100);
}

static double
sin_t (double t)
{
  return sin (t);
}

static double
delayed_sin (double t)
{
  return t >= 5 ? sin (t - 5) : 0;
}

/* TIME_DELAY(5, initial 0) of sin t, read with linear interpolation. */
static void
test_time_delay (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("continuous_pal/TIME_DELAY_Example.zcos");
  check_channel (recording (run, "Scope1"), 0, sin_t, 1e-9);
  check_channel (recording (run, "Scope1"), 1, delayed_sin, 2e-3);
}

static double
table_input (double t)
{
  return sin (2 * G_PI * t / 15);
}

static double
table_output (double t)
{
  static const double x[] = { -1, -0.5, 0, 0.5, 1 }, y[] = { -6, -6, 0, 0, 6 };
  double u = table_input (t);
  int i = 0;

  while (i < 3 && u > x[i + 1])
    i++;
  return y[i] + (y[i + 1] - y[i]) * (u - x[i]) / (x[i + 1] - x[i]);
}

/* INTRPLBLK_f over x = [-1 -0.5 0 0.5 1], y = [-6 -6 0 0 6] of
 * sin(2 pi t / 15): linear interpolation computed here. */
static void
test_intrplblk (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("lookuptables_pal/en_US/INTRPLBLK_f_en_US.zcos");
  check_channel (recording (run, "MultiScope1"), 0, table_output, 1e-9);
  check_channel (recording (run, "MultiScope1"), 1, table_input, 1e-9);
}

static double
one_minus_cos (double t)
{
  return 1 - cos (t);
}

/* INTEGRAL_m of sin t, rtol 1e-10: 1 - cos t. */
static void
test_ode (void)
{
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("solvers/ODE_Example.zcos");
  check_channel (recording (run, "Scope1"), 0, one_minus_cos, 1e-7);
}

static double
t_minus_15 (double t)
{
  return t - 15;
}

/* An integrator from -15 with input 1 into a zero crossing (+ to -): the
 * state t - 15 and one event at t = 15. */
static void
test_zero_crossing (void)
{
  g_autoptr (Run) run = NULL;
  Recording *e;

  if (!have_examples ())
    return;
  run = run_example ("solvers/with_ZeroCrossingSimple.zcos");
  check_channel (recording (run, "Scope1"), 0, t_minus_15, 1e-6);
  e = recording (run, "EventScope1");
  g_assert_cmpuint (e->t->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (T (e, 0), 15, 1e-6);
}

/* CLSS: x' = A x + B u, y = C x, A = [-2 -0.2; 10 0], B = [0.2; 0],
 * C = [0 1], x(0) = [0; 0.5], u a unit step at t = 1; checked against a
 * Runge-Kutta integration of the same system with a 1e-4 step. */
static void
test_clss (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  double x[2] = { 0, 0.5 }, t = 0, h = 1e-4;

  if (!have_examples ())
    return;
  run = run_example ("continuous_pal/CLSS_Example.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double target = T (r, i);
      while (t < target - 1e-12)
        {
          double dt = MIN (h, target - t);
          double u = t + dt / 2 >= 1 ? 1 : 0; /* the step never falls inside a step of h */
          double k[4][2], y[2];
          for (int s = 0; s < 4; s++)
            {
              double c = s == 0 ? 0 : s == 3 ? 1 : 0.5;
              for (int j = 0; j < 2; j++)
                y[j] = x[j] + (s ? c * dt * k[s - 1][j] : 0);
              k[s][0] = -2 * y[0] - 0.2 * y[1] + 0.2 * u;
              k[s][1] = 10 * y[0];
            }
          for (int j = 0; j < 2; j++)
            x[j] += dt / 6 * (k[0][j] + 2 * k[1][j] + 2 * k[2][j] + k[3][j]);
          t += dt;
        }
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), x[1], 1e-4);
    }
}

/* TCLSS with A = 1, B = 1, C = 1, x(0) = 0, its jump input fed back from
 * its own output (each jump keeps the state) and a unit step at t = 1:
 * x = e^(t-1) - 1 after the step, 0 before. */
static double
tclss (double t)
{
  return t > 1 ? exp (t - 1) - 1 : 0;
}

static void
test_tclss (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("continuous_pal/TCLSS_Example.zcos");
  r = recording (run, "Scope1");
  /* The example's clock jumps the state 100 times (every 0.05 s) and the
   * solver restarts at each jump: every restart's first step may err by
   * up to rtol (1e-6) of the state, and the errors add up and grow with
   * e^t, so 100 restarts x 1e-6 x (1 + x): 1e-4 relative, and 3e-4 leaves
   * room for how each restart's first step is chosen. (With rtol 1e-10
   * the run is within 3e-8 of the closed form.) */
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat_with_epsilon (V (r, i, 0), tclss (T (r, i)), 3e-4 * (1 + tclss (T (r, i))));
}

/* ENDBLK(15): the run ends at 15 s although the final time is 30; the
 * scope saw sin t up to then. */
static void
test_endblk (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("sinks_pal/ENDBLK_Example.zcos");
  r = recording (run, "Scope1");
  check_channel (r, 0, sin_t, 1e-9);
  g_assert_cmpfloat (T (r, r->t->len - 1), <=, 15 + 1e-9);
  g_assert_cmpfloat (T (r, r->t->len - 1), >=, 14.9 - 1e-9);
}

/* END_c(15) activated by a clock from 15: the same end. */
static void
test_end_c (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("sinks_pal/END_c_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpfloat (T (r, r->t->len - 1), <=, 15 + 1e-9);
  g_assert_cmpfloat (T (r, r->t->len - 1), >=, 14.9 - 1e-9);
}

/* SAWTOOTH_f reset by SampleCLK(2, offset 1), sampled by SampleCLK(0.02):
 * t before the first reset, then t minus the last reset time. */
static double
sawtooth (double t)
{
  return t < 1 ? t : t - (1 + 2 * floor ((t - 1) / 2));
}

static void
test_sawtooth (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/sawtooth_f_en_US.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      if (t > 1 - 1e-9 && fabs (fmod (t - 1, 2)) < 1e-6)
        continue; /* at a reset */
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), sawtooth (t), 1e-9);
    }
}

/* Three GENSQR_f of amplitude 1 switched by clocks of periods 10, 4 and
 * 0.5 (all from 0), sampled by the 0.5 s clock: after the k-th tick of
 * its clock (k from 0) a wave is 1 - 2 (k mod 2). */
static void
test_gensqr (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  static const double periods[] = { 10, 4, 0.5 };

  if (!have_examples ())
    return;
  run = run_example ("sources_pal/en_US/GENSQR_f_diagram_en_US.zcos");
  r = recording (run, "MultiScope1");
  g_assert_cmpint (r->n, ==, 3);
  for (guint i = 0; i < r->t->len; i++)
    for (int j = 0; j < 3; j++)
      {
        double t = T (r, i);
        double k = floor (t / periods[j] + 1e-9);
        if (j < 2 && fabs (t - k * periods[j]) < 1e-9)
          continue; /* a tick of another clock at the same time */
        g_assert_cmpfloat (V (r, i, j), ==, 1 - 2 * fmod (k, 2));
      }
}

/* HYSTHERESIS(1, -1, 1, -1) of 2 sin t, drawn by CSCOPXY: the output is
 * 1 or -1, 1 whenever the input is above 1 and -1 below -1. */
static void
test_hysteresis (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("discontinuities_pal/HYSTERESIS_Example.zcos");
  r = recording (run, "XYScope1");
  g_assert_cmpuint (r->t->len, >, 100);
  for (guint i = 0; i < r->t->len; i++)
    {
      double x = V (r, i, 0), y = V (r, i, 1);
      g_assert_cmpfloat_with_epsilon (x, 2 * sin (T (r, i)), 1e-9);
      g_assert_true (y == 1 || y == -1);
      if (x > 1 + 1e-9)
        g_assert_cmpfloat (y, ==, 1);
      if (x < -1 - 1e-9)
        g_assert_cmpfloat (y, ==, -1);
    }
}

/* INTEGRAL_m of t with limits +-1, reset every 0.2 s from 1.5: t^2 / 2
 * until the state reaches the upper limit at sqrt(2), and never outside
 * the limits. */
static void
test_integral_limits (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("continuous_pal/INTEGRAL_m_1_Example.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), x = V (r, i, 0);
      g_assert_cmpfloat (fabs (x), <=, 1 + 1e-6);
      if (t < G_SQRT2 - 1e-6)
        g_assert_cmpfloat_with_epsilon (x, t * t / 2, 1e-5);
      else if (t > G_SQRT2 + 1e-6 && t < 1.5 - 1e-9)
        g_assert_cmpfloat_with_epsilon (x, 1, 1e-5);
    }
}

/* ---- round trip ---------------------------------------------------------- */

static void
round_trip (const char *relative, const char *scope)
{
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = import (relative, &report);
  g_autoptr (Run) first = run_model_ok (model, NULL);
  g_autoptr (GError) error = NULL;
  gsize length;
  g_autofree char *data = orr_model_save_to_data (model, &length);
  g_autoptr (OrrModel) again = orr_model_load_data (data, length, "round-trip.orr", &error);
  g_autoptr (Run) second = NULL;
  Recording *a, *b;

  g_assert_no_error (error);
  second = run_model_ok (again, NULL);
  a = recording (first, scope);
  b = recording (second, scope);
  g_assert_cmpuint (a->t->len, ==, b->t->len);
  g_assert_cmpint (a->n, ==, b->n);
  g_assert_cmpmem (a->t->data, a->t->len * sizeof (double), b->t->data,
                   b->t->len * sizeof (double));
  g_assert_cmpmem (a->values->data, a->values->len * sizeof (double), b->values->data,
                   b->values->len * sizeof (double));
}

static void
test_round_trip (void)
{
  if (!have_examples ())
    return;
  round_trip ("mathoperations_pal/ABS_VALUE_Example.zcos", "Scope1");
  round_trip ("sources_pal/en_US/GENSQR_f_diagram_en_US.zcos", "MultiScope1");
  round_trip ("continuous_pal/CLSS_Example.zcos", "Scope1");
}

/* ---- bad input ------------------------------------------------------------ */

static void
expect_error (const char *data, gsize length, const char *name, const char *part)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model
    = orr_xcos_load_data ((const guint8 *)data, length, name, NULL, NULL, &error);

  g_assert_null (model);
  g_assert_error (error, ORR_XCOS_ERROR, error->code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, name));
  if (part != NULL)
    g_assert_nonnull (strstr (error->message, part));
}

static void
test_bad_archive (void)
{
  static const char junk[] = "PK\003\004 this is not a zip archive at all";

  expect_error (junk, sizeof junk - 1, "junk.zcos", NULL);
}

static void
test_bad_truncated (void)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!have_examples ())
    return;
  path = example_path ("sources_pal/en_US/gensin_f_en_US.zcos");
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  /* every cut of the archive fails cleanly or loads a whole model */
  for (gsize cut = 0; cut < length; cut += 97)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrModel) model
        = orr_xcos_load_data ((const guint8 *)contents, cut, "cut.zcos", NULL, NULL, &error);
      if (model == NULL)
        g_assert_nonnull (strstr (error->message, "cut.zcos"));
    }
}

static void
test_bad_not_xcos (void)
{
  static const char other[] = "<?xml version=\"1.0\"?><svg><g/></svg>";
  static const char text[] = "hello, world";

  expect_error (other, sizeof other - 1, "drawing.xcos", "XcosDiagram");
  expect_error (text, sizeof text - 1, "text.xcos", "XML");
}

/* A Scilab 6 style diagram with inline values: CONST_m -> SPLIT_f ->
 * GAINBLK_f and a CSCOPE-free sink, a context to translate, a block of no
 * counterpart, and (in the broken variant) a gain that is not an
 * expression. */
static const char inline_diagram[]
  = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"2.0\" solver=\"5\" integratorRelativeTolerance=\"1e-8\" "
    "realTimeScaling=\"2\">\n"
    " <Array as=\"context\" scilabClass=\"String[]\">\n"
    "  <add value=\"k = %pi/2; // a gain\"/>\n"
    "  <add value=\"v = [1 2 3]; r = 1:3;\"/>\n"
    "  <add value=\"if k &lt;&gt; 0 then disp(k), end\"/>\n"
    "  <add value=\"for j = 1:3 do\"/>\n"
    "  <add value=\"  v(j) = 2*j;\"/>\n"
    "  <add value=\"end\"/>\n"
    " </Array>\n"
    " <mxGraphModel as=\"model\"><root>\n"
    "  <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    "  <BasicBlock id=\"c\" parent=\"1\" interfaceFunctionName=\"CONST_m\" "
    "style=\"CONST_m;rotation=90;flip=true\">\n"
    "   <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data column=\"0\" line=\"0\" "
    "value=\"k\"/></ScilabString>\n"
    "   <mxGeometry as=\"geometry\" x=\"10\" y=\"20\" width=\"40\" height=\"30\"/>\n"
    "  </BasicBlock>\n"
    "  <ExplicitOutputPort id=\"c.o\" parent=\"c\" ordering=\"1\"/>\n"
    "  <SplitBlock id=\"s\" parent=\"1\" interfaceFunctionName=\"SPLIT_f\">\n"
    "   <mxGeometry as=\"geometry\" x=\"100\" y=\"40\" width=\"7\" height=\"7\"/>\n"
    "  </SplitBlock>\n"
    "  <ExplicitInputPort id=\"s.i\" parent=\"s\" ordering=\"1\"/>\n"
    "  <ExplicitOutputPort id=\"s.o1\" parent=\"s\" ordering=\"1\"/>\n"
    "  <ExplicitOutputPort id=\"s.o2\" parent=\"s\" ordering=\"2\"/>\n"
    "  <BasicBlock id=\"g\" parent=\"1\" interfaceFunctionName=\"GAINBLK_f\">\n"
    "   <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data column=\"0\" line=\"0\" "
    "value=\"@GAIN@\"/></ScilabString>\n"
    "   <mxGeometry as=\"geometry\" x=\"150\" y=\"20\" width=\"40\" height=\"40\"/>\n"
    "  </BasicBlock>\n"
    "  <ExplicitInputPort id=\"g.i\" parent=\"g\" ordering=\"1\"/>\n"
    "  <ExplicitOutputPort id=\"g.o\" parent=\"g\" ordering=\"1\"/>\n"
    "  <BasicBlock id=\"x\" parent=\"1\" interfaceFunctionName=\"PENDULUM_ANIM\">\n"
    "   <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data column=\"0\" line=\"0\" "
    "value=\"1\"/></ScilabString>\n"
    "  </BasicBlock>\n"
    "  <ExplicitInputPort id=\"x.i\" parent=\"x\" ordering=\"1\"/>\n"
    "  <ExplicitLink id=\"l1\" parent=\"1\" source=\"c.o\" target=\"s.i\"/>\n"
    "  <ExplicitLink id=\"l2\" parent=\"1\" source=\"s.o1\" target=\"g.i\">\n"
    "   <mxGeometry as=\"geometry\"><Array as=\"points\"><mxPoint x=\"120\" y=\"43\"/>"
    "</Array></mxGeometry>\n"
    "  </ExplicitLink>\n"
    "  <ExplicitLink id=\"l3\" parent=\"1\" source=\"x.i\" target=\"s.o2\"/>\n"
    "  <TextBlock id=\"t\" parent=\"1\" interfaceFunctionName=\"TEXT_f\" "
    "value=\"Gain &amp; constant\">\n"
    "   <mxGeometry as=\"geometry\" x=\"30\" y=\"90\" width=\"120\" height=\"20\"/>\n"
    "  </TextBlock>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static OrrModel *
load_inline (const char *gain, OrrXcosReport **report)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = g_strsplit (inline_diagram, "@GAIN@", 2);
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (GError) error = NULL;
  OrrModel *model;

  text = g_strconcat (parts[0], gain, parts[1], NULL);
  model = orr_xcos_load_data ((const guint8 *)text, strlen (text), "inline.xcos", registry, report,
                              &error);
  g_assert_no_error (error);
  return model;
}

static OrrBlock *
find_labelled (OrrModel *model, const char *label)
{
  OrrDiagram *root = orr_model_get_root (model);

  for (guint i = 0; i < root->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (root->blocks, i);
      if (g_strcmp0 (b->label, label) == 0)
        return b;
    }
  g_error ("no block %s", label);
  return NULL;
}

static gboolean
report_has (OrrXcosReport *report, const char *a, const char *b)
{
  for (guint i = 0; i < report->warnings->len; i++)
    {
      const char *w = g_ptr_array_index (report->warnings, i);
      if (strstr (w, a) != NULL && (b == NULL || strstr (w, b) != NULL))
        return TRUE;
    }
  return FALSE;
}

static void
test_inline (void)
{
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = load_inline ("2*k", &report);
  const OrrSettings *s = orr_model_get_settings (model);
  OrrBlock *c = find_labelled (model, "Constant1");
  OrrBlock *g = find_labelled (model, "Gain1");
  OrrDiagram *root = orr_model_get_root (model);
  const char *context = orr_model_get_context (model);
  g_auto (GStrv) placeholders = orr_xcos_list_placeholders (model);
  guint to_gain = 0, to_placeholder = 0;

  /* settings: solver 5 is Dormand-Prince, said in the report */
  g_assert_cmpfloat (s->final_time, ==, 2);
  g_assert_cmpfloat (s->rtol, ==, 1e-8);
  g_assert_cmpstr (s->solver, ==, "dormand-prince");
  g_assert_cmpfloat (s->realtime_factor, ==, 2);
  g_assert_true (report_has (report, "solver", "Dormand-Prince"));
  /* the context: translated lines, and the untranslatable one kept */
  g_assert_nonnull (strstr (context, "k = pi/2; // a gain"));
  g_assert_nonnull (strstr (context, "v = [1 2 3]; r = 1:3;"));
  g_assert_nonnull (strstr (context, "// (Xcos, not translated) if k <> 0 then disp(k), end"));
  g_assert_true (report_has (report, "context line 3", "disp"));
  /* a loop over several lines passes as a whole; Scilab's "do" goes */
  g_assert_nonnull (strstr (context, "for j = 1:3 \n  v(j) = 2*j;\nend"));
  g_assert_false (report_has (report, "context line 4", NULL));
  g_assert_false (report_has (report, "context line 5", NULL));
  /* blocks, parameters, geometry */
  g_assert_cmpstr (c->type, ==, "Constant");
  g_assert_cmpstr (orr_block_get_param (c, "value"), ==, "k");
  g_assert_cmpfloat (c->geometry.x, ==, 10);
  g_assert_cmpfloat (c->geometry.height, ==, 30);
  g_assert_cmpint (c->rotation, ==, 90);
  g_assert_true (c->flip);
  g_assert_cmpstr (orr_block_get_param (g, "gain"), ==, "2*k");
  /* the TEXT_f annotation: a free text where it stood, with its text */
  {
    OrrBlock *note = NULL;

    for (guint i = 0; i < root->blocks->len; i++)
      if (orr_block_is_annotation (root->blocks->pdata[i]))
        note = root->blocks->pdata[i];
    g_assert_nonnull (note);
    g_assert_cmpstr (orr_block_get_param (note, ORR_ANNOTATION_TEXT), ==, "Gain & constant");
    g_assert_cmpfloat (note->geometry.x, ==, 30);
    g_assert_cmpfloat (note->geometry.y, ==, 90);
    g_assert_cmpfloat (note->geometry.width, ==, 120);
    g_assert_false (report_has (report, "annotation", NULL));
  }
  /* the split is gone: the constant feeds both blocks directly */
  for (guint i = 0; i < root->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (root->links, i);
      g_assert_cmpstr (l->from.block, ==, c->id);
      if (strcmp (l->to.block, g->id) == 0)
        {
          to_gain++;
          /* the route goes through the split's place */
          g_assert_cmpuint (l->points->len, ==, 2);
        }
      else
        to_placeholder++;
    }
  g_assert_cmpuint (to_gain, ==, 1);
  g_assert_cmpuint (to_placeholder, ==, 1);
  /* the block with no counterpart: kept, named, and the model refuses to run */
  g_assert_cmpuint (g_strv_length (placeholders), ==, 1);
  g_assert_cmpstr (placeholders[0], ==, "PENDULUM_ANIM1");
  g_assert_cmpuint (report->placeholders->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (report->placeholders, 0), "PENDULUM_ANIM"));
  {
    g_autoptr (GError) error = NULL;
    OrrProgram *program = compile_model (model, NULL, &error);
    g_assert_null (program);
    g_assert_nonnull (strstr (error->message, "Xcos.PENDULUM_ANIM"));
  }
}

/* A gain that is not an expression: the import goes on, the report and
 * the compiler name the block. */
static void
test_bad_exprs (void)
{
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = load_inline ("2*(k", &report);
  g_autoptr (GError) error = NULL;
  OrrProgram *program;

  g_assert_true (report_has (report, "Gain1", "GAINBLK_f"));
  program = compile_model (model, NULL, &error);
  g_assert_null (program);
  g_test_message ("%s", error->message);
}

/* A masked super block (DSUPER) with its mask as Scilab keeps it,
 * list(values, list(names, [title; labels], types)): a constant 2 into a
 * gain K inside, K = 3 given by the mask; the display outside shows 6. */
static const char masked_diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"1.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <SuperBlock id=\"m\" parent=\"1\" interfaceFunctionName=\"DSUPER\">\n"
    "  <ScilabList as=\"exprs\">\n"
    "   <ScilabString height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"3\"/></ScilabString>\n"
    "   <ScilabList>\n"
    "    <ScilabString height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"K\"/></ScilabString>\n"
    "    <ScilabString height=\"2\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"Scaled constant\"/><data line=\"1\" column=\"0\" value=\"Gain\"/>"
    "</ScilabString>\n"
    "    <ScilabList><ScilabString height=\"1\" width=\"1\"><data line=\"0\" "
    "column=\"0\" value=\"vec\"/></ScilabString></ScilabList>\n"
    "   </ScilabList>\n"
    "  </ScilabList>\n"
    "  <mxGeometry as=\"geometry\" x=\"10\" y=\"10\" width=\"40\" height=\"40\"/>\n"
    "  <SuperBlockDiagram as=\"child\"><mxGraphModel><root>\n"
    "   <mxCell id=\"i0\"/><mxCell id=\"i1\" parent=\"i0\"/>\n"
    "   <BasicBlock id=\"c\" parent=\"i1\" interfaceFunctionName=\"CONST_m\">\n"
    "    <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    "   <ExplicitOutputPort id=\"c.o\" parent=\"c\" ordering=\"1\"/>\n"
    "   <BasicBlock id=\"g\" parent=\"i1\" interfaceFunctionName=\"GAINBLK_f\">\n"
    "    <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"K\"/></ScilabString></BasicBlock>\n"
    "   <ExplicitInputPort id=\"g.i\" parent=\"g\" ordering=\"1\"/>\n"
    "   <ExplicitOutputPort id=\"g.o\" parent=\"g\" ordering=\"1\"/>\n"
    "   <ExplicitOutBlock id=\"o\" parent=\"i1\" interfaceFunctionName=\"OUT_f\">\n"
    "    <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></ExplicitOutBlock>\n"
    "   <ExplicitInputPort id=\"o.i\" parent=\"o\" ordering=\"1\"/>\n"
    "   <ExplicitLink id=\"il1\" parent=\"i1\" source=\"c.o\" target=\"g.i\"/>\n"
    "   <ExplicitLink id=\"il2\" parent=\"i1\" source=\"g.o\" target=\"o.i\"/>\n"
    "  </root></mxGraphModel></SuperBlockDiagram>\n"
    " </SuperBlock>\n"
    " <ExplicitOutputPort id=\"m.o\" parent=\"m\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" "
    "column=\"0\" value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data "
    "line=\"4\" column=\"0\" value=\"8\"/><data line=\"5\" column=\"0\" value=\"2\"/>"
    "<data line=\"6\" column=\"0\" value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d.i\" parent=\"d\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"l\" parent=\"1\" source=\"m.o\" target=\"d.i\"/>\n"
    "</root></mxGraphModel></XcosDiagram>\n";

static void
test_masked (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model
    = orr_xcos_load_data ((const guint8 *)masked_diagram, strlen (masked_diagram), "masked.xcos",
                          registry, &report, &error);
  OrrBlock *super;
  OrrMaskParam *k;
  g_autoptr (Run) run = NULL;
  Recording *r;

  g_assert_no_error (error);
  super = find_labelled (model, "Super1");
  g_assert_nonnull (super->mask);
  g_assert_cmpuint (super->mask->params->len, ==, 1);
  k = g_ptr_array_index (super->mask->params, 0);
  g_assert_cmpstr (k->name, ==, "K");
  g_assert_cmpstr (k->label, ==, "Gain");
  g_assert_cmpstr (orr_block_get_param (super, "K"), ==, "3");
  g_assert_cmpuint (orr_block_get_port_count (super, ORR_PORT_OUT), ==, 1);
  run = run_model_ok (model, NULL);
  r = recording (run, "Display1");
  g_assert_cmpuint (r->t->len, >, 0);
  g_assert_cmpfloat (V (r, r->t->len - 1, 0), ==, 6);
}

/* LOGIC with three int8 inputs 1, 0 and int8(253) = -3 and a table
 * whose row k (from 0) is the binary of k, least significant bit first:
 * the outputs are the bits Xcos reads, input 1 as bit 0 and true only when
 * positive, so (1, 0, 0). Read the other way round, or with -3 true, they
 * would not be. Also checks that int8(253) wraps as in Scilab. */
static const char logic_diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"1.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"c1\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"int8(1)\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"c1.o\" parent=\"c1\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c2\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"int8(0)\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"c2.o\" parent=\"c2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c3\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"int8(253)\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"c3.o\" parent=\"c3\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"l\" parent=\"1\" interfaceFunctionName=\"LOGIC\">\n"
    "  <ScilabString as=\"exprs\" height=\"2\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[0 0 0;1 0 0;0 1 0;1 1 0;0 0 1;1 0 1;0 1 1;1 1 1]\"/>"
    "<data line=\"1\" column=\"0\" value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"l.i1\" parent=\"l\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"l.i2\" parent=\"l\" ordering=\"2\"/>\n"
    " <ExplicitInputPort id=\"l.i3\" parent=\"l\" ordering=\"3\"/>\n"
    " <ExplicitOutputPort id=\"l.o1\" parent=\"l\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"l.o2\" parent=\"l\" ordering=\"2\"/>\n"
    " <ExplicitOutputPort id=\"l.o3\" parent=\"l\" ordering=\"3\"/>\n"
    " <BasicBlock id=\"m\" parent=\"1\" interfaceFunctionName=\"MUX\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"4\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"m.i1\" parent=\"m\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"m.i2\" parent=\"m\" ordering=\"2\"/>\n"
    " <ExplicitInputPort id=\"m.i3\" parent=\"m\" ordering=\"3\"/>\n"
    " <ExplicitInputPort id=\"m.i4\" parent=\"m\" ordering=\"4\"/>\n"
    " <ExplicitOutputPort id=\"m.o\" parent=\"m\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"v\" parent=\"1\" interfaceFunctionName=\"CONVERT\">\n"
    "  <ScilabString as=\"exprs\" height=\"3\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"5\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" "
    "column=\"0\" value=\"0\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"v.i\" parent=\"v\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"v.o\" parent=\"v\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[4 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" "
    "column=\"0\" value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data "
    "line=\"4\" column=\"0\" value=\"8\"/><data line=\"5\" column=\"0\" value=\"2\"/>"
    "<data line=\"6\" column=\"0\" value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d.i\" parent=\"d\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"k1\" parent=\"1\" source=\"c1.o\" target=\"l.i1\"/>\n"
    " <ExplicitLink id=\"k2\" parent=\"1\" source=\"c2.o\" target=\"l.i2\"/>\n"
    " <ExplicitLink id=\"k3\" parent=\"1\" source=\"c3.o\" target=\"l.i3\"/>\n"
    " <ExplicitLink id=\"k4\" parent=\"1\" source=\"l.o1\" target=\"m.i1\"/>\n"
    " <ExplicitLink id=\"k5\" parent=\"1\" source=\"l.o2\" target=\"m.i2\"/>\n"
    " <ExplicitLink id=\"k6\" parent=\"1\" source=\"l.o3\" target=\"m.i3\"/>\n"
    " <ExplicitLink id=\"k7\" parent=\"1\" source=\"c3.o\" target=\"m.i4\"/>\n"
    " <ExplicitLink id=\"k8\" parent=\"1\" source=\"m.o\" target=\"v.i\"/>\n"
    " <ExplicitLink id=\"k9\" parent=\"1\" source=\"v.o\" target=\"d.i\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static void
test_logic (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (Run) run = NULL;
  Recording *r;

  model = orr_xcos_load_data ((const guint8 *)logic_diagram, strlen (logic_diagram), "logic.xcos",
                              registry, &report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  r = recording (run, "Display1");
  g_assert_cmpuint (r->t->len, >, 0);
  g_assert_cmpfloat (V (r, r->t->len - 1, 0), ==, 1);
  g_assert_cmpfloat (V (r, r->t->len - 1, 1), ==, 0);
  g_assert_cmpfloat (V (r, r->t->len - 1, 2), ==, 0);
  g_assert_cmpfloat (V (r, r->t->len - 1, 3), ==, -3);
}

/* Every sample of the Display at path: the elements of want (constants
 * through integer blocks, so exact). */
static void
check_display (const char *example, const double *want, int n)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  run = run_example (example);
  r = recording (run, "Display1");
  g_assert_cmpuint (r->t->len, >, 0);
  for (guint i = 0; i < r->t->len; i++)
    for (int j = 0; j < n; j++)
      g_assert_cmpfloat (V (r, i, j), ==, want[j]);
}

/* The integer palette's examples, from Scilab's integer semantics:
 * int8(215) wraps to 215 - 256 = -41 (CONVERT: int8 -> int16 -> double);
 * int8(37) = 0b00100101 with bit 5 cleared is 5 (BITCLEAR), with bit 7
 * set 0b10100101 = 165, as int8 165 - 256 = -91 (BITSET); uint8(37)'s
 * upper half moved down is 0b0010 = 2, its lower half 0b0101 = 5
 * (EXTRACTBITS). */
static void
test_integer (void)
{
  static const double convert[] = { -41 }, bitclear[] = { 5 }, bitset[] = { -91 },
                      extract[] = { 2, 5 };

  if (!have_examples ())
    return;
  check_display ("integer_pal/en_US/CONVERT_en_US.zcos", convert, 1);
  check_display ("integer_pal/en_US/BITCLEAR_en_US.zcos", bitclear, 1);
  check_display ("integer_pal/en_US/BITSET_en_US.zcos", bitset, 1);
  check_display ("integer_pal/en_US/EXTRACTBITS_en_US.zcos", extract, 2);
}

/* Three JK flip-flops with J = K = 1 (toggling) chained as a ripple
 * counter, the first clocked by GENSQR_f on a 1 s SampleCLK: the square
 * wave is +1 on [0, 1), -1 on [1, 2) ..., so it falls at t = 1, 3, 5 ...
 * and JKFLIPFLOP acts on a falling clock. The bits Q1 + 2 Q2 + 4 Q3 count
 * the falling edges: floor((t + 1) / 2) mod 8. Samples on whole seconds
 * (where the clock and the scope's events coincide) are left out. */
static void
test_jkflipflop (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("integer_pal/en_US/JKFLIPFLOP_en_US.zcos");
  r = recording (run, "MultiScope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      int want = (int)floor ((t + 1) / 2) % 8;

      if (fabs (t - round (t)) < 1e-6)
        continue;
      g_assert_cmpfloat (V (r, i, 0) + 2 * V (r, i, 1) + 4 * V (r, i, 2), ==, want);
      checked++;
    }
  g_assert_cmpuint (checked, >, 900);
}

/* DELAY_f (step 0.5, first event at 1, a register of ten zeros) on sin t:
 * at each of its events t_k = 1 + 0.5 k the output becomes the input ten
 * events earlier, sin(t_k - 5), or 0 while t_k - 5 < 1. The scope samples
 * every 0.1 s from 0.1 (another clock): samples on the events are left
 * out. */
static double
delayed_sine (double t)
{
  double tk = 1 + 0.5 * floor ((t - 1) / 0.5);

  return t < 1 || tk - 5 < 1 ? 0 : sin (tk - 5);
}

static void
test_delay_f (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("discrete_pal/en_US/DELAY_f_1_en_US.zcos");
  r = recording (run, "MultiScope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);

      if (fabs (t * 2 - round (t * 2)) < 1e-6)
        continue;
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), delayed_sine (t), 1e-9);
      g_assert_cmpfloat_with_epsilon (V (r, i, 1), sin (t), 1e-9);
      checked++;
    }
  g_assert_cmpuint (checked, >, 200);
}

/* PID_3: a step at t = 1 into e = r - 0.5 y, u = PID(1, 1, 1) of e, the
 * plant y = 5/(s + 0.001) u. With an ideal derivative the closed loop is
 * Y/R = 5 (s^2 + s + 1) / (3.5 s^2 + 2.501 s + 2.5): y jumps to 5/3.5 at
 * t = 1 and tends to 2 as 2 + e^(a tau) (B cos(w tau) + C sin(w tau)),
 * tau = t - 1, with a +- i w the roots of the denominator, B = 5/3.5 - 2,
 * and C from the initial slope, lim s (sY - y(0+)) = 5*0.999/3.5^2.
 * Orrery's PID filters the derivative with a 1 ms lag (N = 1000): 2e-3
 * allows for it. Before the step y is 0. */
static double
pid3_closed_loop (double t)
{
  double tau = t - 1, a = -2.501 / 7, w = sqrt (35 - 2.501 * 2.501) / 7;
  double b = 5 / 3.5 - 2, slope = 5 * 0.999 / (3.5 * 3.5), c = (slope - a * b) / w;

  if (tau <= 0)
    return 0;
  return 2 + exp (a * tau) * (b * cos (w * tau) + c * sin (w * tau));
}

static void
test_pid3 (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("continuous_pal/PID_3_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      if (fabs (t - 1) < 1e-9)
        continue; /* the sample at the step itself: before or after it */
      if (fabs (V (r, i, 0) - pid3_closed_loop (t)) > 2e-3)
        g_error ("at t = %g y is %.9g, expected %.9g (tolerance 2e-3)", t, V (r, i, 0),
                 pid3_closed_loop (t));
    }
}

/* ---- matrix blocks, sizes from the links ---------------------------------- */

static double
f_sin (double t)
{
  return sin (t);
}

static double
f_third (double t)
{
  return t / 3;
}

static double
f_sin_plus_t (double t)
{
  return sin (t) + t;
}

/* MATCATH of sin(t) (GENSIN_f, 1 rad/s) and t/3 (TIME_f through a gain
 * of 1/3) gives [sin(t), t/3], transposed by MATTRAN into the scope's two
 * channels, sampled by a 0.1 s clock from 0.1: 300 samples on [0.1, 30]. */
static void
test_matcath (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/MATCATH_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpuint (r->t->len, ==, 300);
  check_times (r, 0.1, 0.1, 300);
  check_channel (r, 0, f_sin, 1e-6);
  check_channel (r, 1, f_third, 1e-9);
}

/* MATDET of [tan(t) 0; 0 cos(t)], built by two MATCATV and a MATCATH from
 * TANBLK_f, COSBLK_f and a constant 0: tan(t) cos(t) = sin(t). The
 * diagram's context line A = [t 0; 1 1] reads a t nothing defines: it is
 * kept as a comment, so that the model runs. */
static void
test_matdet (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/MATDET_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  check_channel (r, 0, f_sin, 1e-9);
}

/* MATDIAG of MATCATV([sin(t); t]) is [sin(t) 0; 0 t]; MATSUM of all its
 * elements: sin(t) + t. */
static void
test_matdiag (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/MATDIAG_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  check_channel (r, 0, f_sin_plus_t, 1e-6);
}

/* SampleCLK(3) and SampleCLK(2) into ANDLOG_f: +1 when both fire (t = 0,
 * 6, 12 ...), -1 when only one does (2, 3, 4, 8 ...); the value holds
 * between events. A 1 s clock samples it: at a whole second t the last
 * event was at the largest multiple of 2 or 3 at or below t. */
static void
test_andlog (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/ANDLOG_f_Example.zcos");
  r = recording (run, "Scope1");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      int k = (int)floor (t + 1e-9);

      while (k % 2 != 0 && k % 3 != 0)
        k--;
      g_assert_cmpfloat (V (r, i, 0), ==, k % 6 == 0 ? 1 : -1);
      checked++;
    }
  g_assert_cmpuint (checked, >, 20);
}

/* CUMSUM down the columns of MATCATV([sin(t); t]) is [sin(t); sin(t) + t];
 * EXTRACT of its element (2, 1) gives sin(t) + t. */
static void
test_cumsum (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/CUMSUM_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  check_channel (r, 0, f_sin_plus_t, 1e-9);
}

/* ---- the third pass: M_freq, DELAYV_f, WRITEAU_f, RFILE_f, scifunc ------- */

/* Event times of a recording, against want (n of them), within 1e-9. */
static void
check_event_times (Recording *r, const double *want, guint n)
{
  g_assert_cmpuint (r->t->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (T (r, i), want[i], 1e-9);
}

/* M_freq([2 3], [0 0]) activated by CLOCK_c(1, 0), not by its own
 * outputs. From mfrequ_clk and m_frequ: the ticks of the two clocks over
 * one period of 6 are 0 (both: output 3), 2 (1), 3 (2), 4 (1), 6 (3);
 * the block fires output 3 at 0 by itself, and each activation programs
 * the next tick of that list, counted from the one before, on its output,
 * replacing an event still pending there (Scilab 6's agenda). The clock
 * activates it at 0, 1, 2 ..., so it programs 2 (out 1) at 0, 3 (out 2)
 * at 1, 4 (out 1) at 2, 6 (out 3) at 3, then 8, 9, 10, 12 ... at 4, 5,
 * 6, 7 ...: it runs ahead of time by half a tick a second, and every
 * event programmed from t = 4 on is replaced before it comes, but 9 on
 * output 2, programmed at 5 and replaced only at 9 (by 15, at 9 when the
 * event at 9 has already fired: the event programmed first comes first).
 * Output 1: 2, 4; output 2: 3, 9; output 3: 0, 6. */
static void
test_m_freq (void)
{
  static const double one[] = { 2, 4 }, two[] = { 3, 9 }, three[] = { 0, 6 };
  g_autoptr (Run) run = NULL;

  if (!have_examples ())
    return;
  run = run_example ("events_pal/M_freq_Example.zcos");
  check_event_times (recording (run, "EventScope1"), one, G_N_ELEMENTS (one));
  check_event_times (recording (run, "EventScope2"), two, G_N_ELEMENTS (two));
  check_event_times (recording (run, "EventScope3"), three, G_N_ELEMENTS (three));
}

/* M_freq as it is meant to be used: its three outputs summed back into
 * its activation input (CLKSOM_f), periods [2; 3], offsets [0; 1]. Clock
 * 1 ticks at 0, 2, 4 ..., clock 2 at 1, 4, 7 ...; they coincide where
 * t = 0 (mod 2) and t = 1 (mod 3), at 4, 10, 16. Over [0, 20]: output 1
 * (clock 1 alone) at 0, 2, 6, 8, 12, 14, 18, 20; output 2 (clock 2
 * alone) at 1, 7, 13, 19; output 3 (both) at 4, 10, 16. */
#define SCOPE_EXPRS                                                                                \
  "  <ScilabString as=\"exprs\" height=\"6\" width=\"1\"><data line=\"0\" column=\"0\" "           \
  "value=\"1\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "         \
  "value=\"-1\"/><data line=\"3\" column=\"0\" value=\"[]\"/><data line=\"4\" column=\"0\" "       \
  "value=\"[600;400]\"/><data line=\"5\" column=\"0\" value=\"30\"/></ScilabString>"
static const char m_freq_diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"20.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"f\" parent=\"1\" interfaceFunctionName=\"M_freq\">\n"
    "  <ScilabString as=\"exprs\" height=\"2\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[2;3]\"/><data line=\"1\" column=\"0\" value=\"[0;1]\"/></ScilabString>"
    "</BasicBlock>\n"
    " <ControlPort id=\"f.ei\" parent=\"f\" ordering=\"1\"/>\n"
    " <CommandPort id=\"f.e1\" parent=\"f\" ordering=\"1\"/>\n"
    " <CommandPort id=\"f.e2\" parent=\"f\" ordering=\"2\"/>\n"
    " <CommandPort id=\"f.e3\" parent=\"f\" ordering=\"3\"/>\n"
    " <BasicBlock id=\"s\" parent=\"1\" interfaceFunctionName=\"CLKSOM_f\"/>\n"
    " <ControlPort id=\"s.i1\" parent=\"s\" ordering=\"1\"/>\n"
    " <ControlPort id=\"s.i2\" parent=\"s\" ordering=\"2\"/>\n"
    " <ControlPort id=\"s.i3\" parent=\"s\" ordering=\"3\"/>\n"
    " <CommandPort id=\"s.o\" parent=\"s\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c1\" parent=\"1\" interfaceFunctionName=\"CEVENTSCOPE\">\n" SCOPE_EXPRS
    "</BasicBlock>\n"
    " <ControlPort id=\"c1.i\" parent=\"c1\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c2\" parent=\"1\" interfaceFunctionName=\"CEVENTSCOPE\">\n" SCOPE_EXPRS
    "</BasicBlock>\n"
    " <ControlPort id=\"c2.i\" parent=\"c2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c3\" parent=\"1\" interfaceFunctionName=\"CEVENTSCOPE\">\n" SCOPE_EXPRS
    "</BasicBlock>\n"
    " <ControlPort id=\"c3.i\" parent=\"c3\" ordering=\"1\"/>\n"
    " <CommandControlLink id=\"k1\" parent=\"1\" source=\"f.e1\" target=\"s.i1\"/>\n"
    " <CommandControlLink id=\"k2\" parent=\"1\" source=\"f.e2\" target=\"s.i2\"/>\n"
    " <CommandControlLink id=\"k3\" parent=\"1\" source=\"f.e3\" target=\"s.i3\"/>\n"
    " <CommandControlLink id=\"k4\" parent=\"1\" source=\"s.o\" target=\"f.ei\"/>\n"
    " <CommandControlLink id=\"k5\" parent=\"1\" source=\"f.e1\" target=\"c1.i\"/>\n"
    " <CommandControlLink id=\"k6\" parent=\"1\" source=\"f.e2\" target=\"c2.i\"/>\n"
    " <CommandControlLink id=\"k7\" parent=\"1\" source=\"f.e3\" target=\"c3.i\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static void
test_m_freq_fed_back (void)
{
  static const double one[] = { 0, 2, 6, 8, 12, 14, 18, 20 }, two[] = { 1, 7, 13, 19 },
                      three[] = { 4, 10, 16 };
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (Run) run = NULL;

  model = orr_xcos_load_data ((const guint8 *)m_freq_diagram, strlen (m_freq_diagram),
                              "m_freq.xcos", registry, &report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  check_event_times (recording (run, "EventScope1"), one, G_N_ELEMENTS (one));
  check_event_times (recording (run, "EventScope2"), two, G_N_ELEMENTS (two));
  check_event_times (recording (run, "EventScope3"), three, G_N_ELEMENTS (three));
}

/* DELAYV_f (max delay 1, a register of 1024 zeros) delays sin(1.256 t)
 * by GENSQR_f's +-2 (a 2 pi clock from 0): +2 on [0, 2 pi), -2 on
 * [2 pi, 4 pi) ... A delay of 2 is clamped to the register (Xcos: 1021
 * samples of 1/1024 s and the time since the last, 0.997 to 0.998 s;
 * Orrery: the maximum delay, 1 s), a negative one is no delay, and the
 * register's zeros come out while t < 1. Channel 2 of the scope (clocked
 * every 0.1 s from 0.1) is then 0, sin(1.256 (t - 1)) or sin(1.256 t);
 * the two clamps differ by at most 0.003 s, so Xcos's values are within
 * 1.256 * 0.003 < 4e-3 of these: checked within 5e-3 (Orrery's own
 * error, its linear reading of the past, is far below). Samples within 0.05 s of a
 * switch of the delay are left out (which side they take depends on the
 * order of two events at the same time). */
static void
test_delayv (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint checked = 0;

  if (!have_examples ())
    return;
  run = run_example ("discrete_pal/en_US/DELAYV_f_en_US.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), phase = fmod (t, 2 * G_PI), want;
      gboolean delayed = ((int)floor (t / (2 * G_PI))) % 2 == 0;

      if (phase < 0.05 || phase > 2 * G_PI - 0.05)
        continue;
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), sin (1.256 * t), 1e-9);
      want = !delayed ? sin (1.256 * t) : t < 1 ? 0 : sin (1.256 * (t - 1));
      if (fabs (V (r, i, 1) - want) > 5e-3)
        g_error ("at t = %g the delayed sine is %.9g, expected %.9g", t, V (r, i, 1), want);
      checked++;
    }
  g_assert_cmpuint (checked, >, 280);
}

/* WRITEAU_f on sin t + 440, clocked every 0.1 s from 0.1 over [0, 1000]:
 * the samples recorded as 'audio' are sin(0.1 k) + 440, k = 1 .. 10000
 * (the last at the final time, which Xcos leaves out). */
static void
test_writeau (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("sinks_pal/WRITEAU_f_Example.zcos");
  r = recording (run, "WRITEAU_f1/audio");
  g_assert_cmpuint (r->t->len, ==, 10000);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = 0.1 * (i + 1);
      g_assert_cmpfloat_with_epsilon (T (r, i), t, 1e-9 * t);
      g_assert_cmpfloat_with_epsilon (V (r, i, 0), sin (T (r, i)) + 440, 1e-9);
    }
}

/* RFILE_f reads rfile_f.txt (times, then the two columns it outputs,
 * written with e10.3: from 10 s on, three digits repeat each time on
 * three rows) at its own events, at the record times; the scope it
 * clocks records each record's values. The file is read here with
 * g_ascii_strtod: the scope must show every distinct time once, with the values
 * of the last row of that time (Xcos reads the rows of a repeated time in
 * turn at one instant, and the last one stays). */
static void
test_rfile (void)
{
  g_autofree char *path = example_path ("sources_pal/en_US/rfile_f.txt");
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GArray) t = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      double v[3];
      const char *c = lines[i];
      char *end;
      int got = 0;

      while (got < 3)
        {
          v[got] = g_ascii_strtod (c, &end);
          if (end == c)
            break;
          c = end;
          got++;
        }
      /* the run ends at 30 s: the record at 30 comes too late for Xcos,
       * which stops before events at the final time, and for the zero
       * crossing that makes Orrery's event there */
      if (got < 3 || v[0] >= 30)
        continue;
      double x = v[0], y = v[1], z = v[2];
      if (t->len > 0 && g_array_index (t, double, t->len - 1) == x)
        {
          g_array_index (a, double, a->len - 1) = y;
          g_array_index (b, double, b->len - 1) = z;
          continue;
        }
      g_array_append_val (t, x);
      g_array_append_val (a, y);
      g_array_append_val (b, z);
    }
  g_assert_cmpuint (t->len, >, 600);
  run = run_example ("sources_pal/en_US/rfile_f_en_US.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, t->len);
  for (guint i = 0; i < r->t->len; i++)
    {
      g_assert_cmpfloat_with_epsilon (T (r, i), g_array_index (t, double, i), 1e-9);
      g_assert_cmpfloat (V (r, i, 0), ==, g_array_index (a, double, i));
      g_assert_cmpfloat (V (r, i, 1), ==, g_array_index (b, double, i));
    }
}

/* scifunc_block_m_en_US: y1 = max(matrix(u1, 1, 6)) of [1 2 3; 4 5 6] is
 * 6; y2 = u2 before t = 22, u2/2 after, with u2 = 5 (9.4 > t) sin 2t +
 * sat(5 sin 2t, -2, 2) (not 5 (9.4 > t)); the scope (every 0.01 s) shows
 * y1 y2. Samples within 0.02 s of 9.4 and 22 are left out. */
static double
scifunc_expected (double t)
{
  double g = 5.0 * (9.4 > t);
  double s = g * sin (2 * t) + fmax (-2, fmin (2, 5 * sin (2 * t))) * (g == 0);

  return 6 * (t < 22 ? s : s / 2);
}

static void
test_scifunc (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("userdefinedfunctions_pal/en_US/scifunc_block_m_en_US.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 4001);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);

      if (fabs (t - 9.4) < 0.02 || fabs (t - 22) < 0.02)
        continue;
      if (fabs (V (r, i, 0) - scifunc_expected (t)) > 1e-9)
        g_error ("at t = %g the scope shows %.12g, expected %.12g", t, V (r, i, 0),
                 scifunc_expected (t));
    }
}

/* EXPRESSION.zcos: a scifunc_block_m's y1 = u1(1) + u1(2) - u1(3) and
 * EXPRESSION blocks of the same formula (on a vector input, u1 + u2 - u3
 * and u1*u2 ...) plotted together: the scifunc's channel equals the
 * EXPRESSION's beside it at every sample. */
static void
test_expression_scifunc (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("mathoperations_pal/EXPRESSION.zcos");
  r = recording (run, "MultiScope1");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint i = 0; i < r->t->len; i++)
    for (int j = 1; j < 5; j++)
      g_assert_cmpfloat_with_epsilon (V (r, i, j), V (r, i, 0), 1e-12);
}

/* Scilab code the formulas cannot hold keeps the block a placeholder,
 * with the reason; if ... else ... end on an output becomes .if. */
static const char scifunc_diagram_head[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"1.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"f\" parent=\"1\" interfaceFunctionName=\"scifunc_block_m\">\n"
    "  <ScilabList as=\"exprs\"><ScilabString height=\"9\" width=\"1\">"
    "<data line=\"0\" column=\"0\" value=\"[1,1]\"/><data line=\"1\" column=\"0\" value=\"[1,1]\"/>"
    "<data line=\"2\" column=\"0\" value=\"[]\"/><data line=\"3\" column=\"0\" value=\"[]\"/>"
    "<data line=\"4\" column=\"0\" value=\"[]\"/><data line=\"5\" column=\"0\" value=\"[]\"/>"
    "<data line=\"6\" column=\"0\" value=\"[2 3]\"/><data line=\"7\" column=\"0\" value=\"[]\"/>"
    "<data line=\"8\" column=\"0\" value=\"0\"/></ScilabString>"
    "<ScilabList><ScilabString height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" value=\"";
static const char scifunc_diagram_tail[]
  = "\"/></ScilabString></ScilabList></ScilabList></BasicBlock>\n"
    " <ExplicitInputPort id=\"f.i\" parent=\"f\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"f.o\" parent=\"f\" ordering=\"1\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static OrrBlock *
scifunc_import (const char *code, OrrXcosReport **report)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = g_strconcat (scifunc_diagram_head, code, scifunc_diagram_tail, NULL);
  OrrModel *model = orr_xcos_load_data ((const guint8 *)xml, strlen (xml), "scifunc.xcos", registry,
                                        report, &error);
  OrrBlock *block;

  g_assert_no_error (error);
  block = orr_diagram_find_block (orr_model_get_root (model), "b1");
  g_assert_nonnull (block);
  orr_block_ref (block);
  g_object_unref (model);
  return block;
}

static void
test_scifunc_inline (void)
{
  static const struct
  {
    const char *code;
    const char *outputs; /* NULL: refused, and why contains this */
    const char *why;
  } cases[] = {
    { "y1 = rpar(1)*u1 + sin(t);", "p(1)*u1 + sin(t)", NULL },
    { "if u1 &gt; 0 then y1 = u1; else y1 = -u1; end",
      ".if (u1 &gt; 0) .then (u1) .else (-u1) .end", NULL },
    { "y1 = 0; if t &lt; rpar(2) then y1 = 1; end", ".if (t &lt; p(2)) .then (1) .else (0) .end",
      NULL },
    { "for k = 1:3, y1 = k; end", NULL, "for k" },
    { "y1 = x(1);", NULL, "x()" },
    { "y1 = u2;", NULL, "reads u2" },
    { "y1 = foo(u1);", NULL, "foo" },
    { "if u1 &gt; 0 then y1 = 1; end", NULL, "one branch" },
    { "y2 = u1;", NULL, "sets y2" },
    { "z = 3;", NULL, "not an assignment" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (OrrXcosReport) report = NULL;
      OrrBlock *block = scifunc_import (cases[i].code, &report);

      g_test_message ("%s", cases[i].code);
      if (cases[i].outputs != NULL)
        {
          g_autofree char *want = g_strdup (cases[i].outputs);
          GString *unescaped = g_string_new (want);

          g_string_replace (unescaped, "&gt;", ">", 0);
          g_string_replace (unescaped, "&lt;", "<", 0);
          g_assert_cmpuint (report->placeholders->len, ==, 0);
          g_assert_cmpstr (block->type, ==, "ExprCustomBlock");
          g_assert_cmpstr (orr_block_get_param (block, "outputs"), ==, unescaped->str);
          g_assert_cmpstr (orr_block_get_param (block, "parameters"), ==, "[2 3]");
          g_string_free (unescaped, TRUE);
        }
      else
        {
          gboolean found = FALSE;

          g_assert_cmpuint (report->placeholders->len, ==, 1);
          g_assert_cmpstr (block->type, ==, "Xcos.scifunc_block_m");
          for (guint k = 0; k < report->warnings->len; k++)
            if (strstr (g_ptr_array_index (report->warnings, k), cases[i].why) != NULL)
              found = TRUE;
          g_assert_true (found);
        }
      orr_block_unref (block);
    }
}

/* FROMWS_c reading a signal the diagram's context defines as Scilab
 * does, V = struct('time', T, 'values', Y): T = 0, 1 ... 4 and Y = T.^2,
 * played back linearly (method 1) into TOWS_c; between the points the
 * chords of t^2: at t = 2.5, (4 + 9)/2 = 6.5; after 4, 16 held. Without
 * the context line, the block stays a placeholder that says why. */
static const char fromws_head[] = "<?xml version=\"1.0\"?>\n"
                                  "<XcosDiagram finalIntegrationTime=\"5.0\">\n"
                                  " <Array as=\"context\" scilabClass=\"String[]\">\n";
static const char fromws_tail[]
  = " </Array>\n"
    " <mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"w\" parent=\"1\" interfaceFunctionName=\"FROMWS_c\">\n"
    "  <ScilabString as=\"exprs\" height=\"4\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"V\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"0\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"w.o\" parent=\"w\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"s\" parent=\"1\" interfaceFunctionName=\"TOWS_c\">\n"
    "  <ScilabString as=\"exprs\" height=\"3\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"128\"/><data line=\"1\" column=\"0\" value=\"y\"/><data line=\"2\" column=\"0\" "
    "value=\"0\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"s.i\" parent=\"s\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"k1\" parent=\"1\" source=\"w.o\" target=\"s.i\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static void
test_fromws (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrXcosReport) report2 = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *with = g_strconcat (
    fromws_head, "  <add value=\"T = (0:4)'; V = struct('time', T, 'values', T.^2);\"/>\n",
    fromws_tail, NULL);
  g_autofree char *without
    = g_strconcat (fromws_head, "  <add value=\"T = 1;\"/>\n", fromws_tail, NULL);
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrModel) model2 = NULL;
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint seen = 0;

  model = orr_xcos_load_data ((const guint8 *)with, strlen (with), "fromws.xcos", registry, &report,
                              &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  r = recording (run, "SignalOut1");
  g_assert_cmpuint (r->t->len, >, 5);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), k = floor (t);
      double want = t >= 4 ? 16 : k * k + (t - k) * ((k + 1) * (k + 1) - k * k);

      g_assert_cmpfloat_with_epsilon (V (r, i, 0), want, 1e-9);
      seen += fabs (t - 2.5) < 0.5;
    }
  g_assert_cmpuint (seen, >, 0);

  model2 = orr_xcos_load_data ((const guint8 *)without, strlen (without), "fromws.xcos", registry,
                               &report2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report2->placeholders->len, ==, 1);
  {
    gboolean found = FALSE;
    for (guint k = 0; k < report2->warnings->len; k++)
      found |= strstr (g_ptr_array_index (report2->warnings, k), "context does not define") != NULL;
    g_assert_true (found);
  }
}

/* A scifunc_block_m with no input whose output is sin(t) (Xcos: always
 * active): the block must follow the time, not be computed once. */
static const char scifunc_time_diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"1.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"f\" parent=\"1\" interfaceFunctionName=\"scifunc_block_m\">\n"
    "  <ScilabList as=\"exprs\"><ScilabString height=\"9\" width=\"1\"><data line=\"0\" "
    "column=\"0\" value=\"[]\"/><data line=\"1\" column=\"0\" value=\"[1,1]\"/><data line=\"2\" "
    "column=\"0\" value=\"[]\"/><data line=\"3\" column=\"0\" value=\"[]\"/><data line=\"4\" "
    "column=\"0\" value=\"[]\"/><data line=\"5\" column=\"0\" value=\"[]\"/><data line=\"6\" "
    "column=\"0\" value=\"[]\"/><data line=\"7\" column=\"0\" value=\"[]\"/><data line=\"8\" "
    "column=\"0\" value=\"1\"/></ScilabString><ScilabList><ScilabString height=\"1\" "
    "width=\"1\"><data line=\"0\" column=\"0\" value=\"y1 = "
    "sin(t)\"/></ScilabString></ScilabList></ScilabList></BasicBlock>\n"
    " <ExplicitOutputPort id=\"f.o\" parent=\"f\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"s\" parent=\"1\" interfaceFunctionName=\"TOWS_c\">\n"
    "  <ScilabString as=\"exprs\" height=\"3\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"128\"/><data line=\"1\" column=\"0\" value=\"y\"/><data line=\"2\" column=\"0\" "
    "value=\"0\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"s.i\" parent=\"s\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"k1\" parent=\"1\" source=\"f.o\" target=\"s.i\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static void
test_scifunc_time (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (Run) run = NULL;
  Recording *r;

  model = orr_xcos_load_data ((const guint8 *)scifunc_time_diagram, strlen (scifunc_time_diagram),
                              "scifunc-time.xcos", registry, &report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  r = recording (run, "SignalOut1");
  g_assert_cmpuint (r->t->len, >, 10);
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 1);
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat_with_epsilon (V (r, i, 0), sin (T (r, i)), 1e-12);
}

/* ---- matrix functions and plots with no direct counterpart ------------------ */

static double
f_t (double t)
{
  return t;
}

static double
f_cos (double t)
{
  return cos (t);
}

/* The recording of the only block under the super block at prefix (the
 * sink inside a mapped BARXY or CANIMXY3D). */
static Recording *
recording_under (Run *run, const char *prefix)
{
  GHashTableIter iter;
  gpointer key, value;
  Recording *found = NULL;
  g_autofree char *start = g_strconcat (prefix, "/", NULL);

  g_hash_table_iter_init (&iter, run->recordings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, start))
      {
        g_assert_null (found);
        found = value;
      }
  g_assert_nonnull (found);
  return found;
}

/* MATEIG of [sin(t) 0; 0 t]: a symmetric matrix, whose eigenvalues Xcos
 * (LAPACK dsyev) gives in ascending order, sin(t) then t for t > 0. */
static void
test_mateig (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/MATEIG_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpuint (r->t->len, ==, 300);
  check_channel (r, 0, f_sin, 1e-9);
  check_channel (r, 1, f_t, 1e-9);
}

/* MATEXPM of M = [0 a; b 0], a = sin(t), b = sqrt(t), then the sum of the
 * elements. M^2 = ab I, so with w = sqrt(ab) (real, ab >= 0) e^M =
 * cosh(w) I + sinh(w)/w M, and with w = sqrt(-ab) (ab < 0) cos(w) I +
 * sin(w)/w M: the sum is 2 cosh(w) + (a + b) sinh(w)/w, or its cos/sin
 * form. */
static double
expm_sum (double t)
{
  double a = sin (t), b = sqrt (t), c = a * b;
  double w = sqrt (fabs (c));

  if (w < 1e-8)
    return 2 + a + b;
  if (c > 0)
    return 2 * cosh (w) + (a + b) * sinh (w) / w;
  return 2 * cos (w) + (a + b) * sin (w) / w;
}

static void
test_matexpm (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/MATEXPM_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i), want = expm_sum (t);

      if (fabs (V (r, i, 0) - want) > 1e-12 * (1 + fabs (want)))
        g_error ("at t = %g the sum of expm is %.15g, expected %.15g", t, V (r, i, 0), want);
    }
}

/* MATBKSL of A = tan(t) and B = sin(t): x = sin(t)/tan(t) = cos(t). At
 * t = 0 A is 0, singular: Xcos's least-squares solution is 0 and the run
 * goes on (Orrery's '\' stopped it there). */
static void
test_matbksl (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("matrix_pal/MATBKSL_Example.zcos");
  r = recording (run, "Scope1");
  g_assert_cmpuint (r->t->len, ==, 300);
  check_channel (r, 0, f_cos, 1e-9);
}

/* CMAT3D_Example: MATLU of the constant A = [1 2 3; 5 9 7; 12 -8 4] into
 * two CMAT3D (here Displays). U (output 1) is upper triangular, L (output
 * 2) unit lower triangular with multipliers at most 1, and L U = P A for
 * the row order partial pivoting picks: 12 first, then of the rows left
 * after elimination (0, 2 + 8/12, ...) and (0, 9 + 8*5/12, ...) the
 * second, row 2 of A. */
static void
test_matlu (void)
{
  static const double a[] = { 1, 5, 12, 2, 9, -8, 3, 7, 4 };
  static const int order[] = { 2, 1, 0 };
  g_autoptr (Run) run = NULL;
  Recording *ru, *rl;
  double u[9], l[9];

  if (!have_examples ())
    return;
  run = run_example ("sinks_pal/CMAT3D_Example.zcos");
  ru = recording (run, "Display1");
  rl = recording (run, "Display2");
  g_assert_cmpint (ru->n, ==, 9);
  g_assert_cmpint (rl->n, ==, 9);
  for (int k = 0; k < 9; k++)
    {
      u[k] = V (ru, ru->t->len - 1, k);
      l[k] = V (rl, rl->t->len - 1, k);
    }
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpfloat (l[i + 3 * i], ==, 1);
      for (int j = 0; j < 3; j++)
        {
          double lu = 0;

          if (i > j)
            g_assert_cmpfloat (u[i + 3 * j], ==, 0);
          if (i < j)
            g_assert_cmpfloat (l[i + 3 * j], ==, 0);
          g_assert_cmpfloat (fabs (l[i + 3 * j]), <=, 1);
          for (int k = 0; k < 3; k++)
            lu += l[i + 3 * k] * u[k + 3 * j];
          g_assert_cmpfloat_with_epsilon (lu, a[order[i] + 3 * j], 1e-13);
        }
    }
  /* the pivots by hand: 12, 9 + 8*5/12, and what is left of row 1 */
  g_assert_cmpfloat_with_epsilon (u[0], 12, 1e-15);
  g_assert_cmpfloat_with_epsilon (u[4], 9 + 8.0 * 5 / 12, 1e-13);
}

/* BARXY of x = [0; cos(t)] and y = [0; sin(t)]: one bar from the origin
 * to (cos t, sin t), a clock hand; Anim2D records { what, x1, y1, x2, y2 }
 * at each of the 0.1 s clock's events. */
static void
test_barxy (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("sinks_pal/BARXY_Example.zcos");
  r = recording_under (run, "BARXY1");
  g_assert_cmpint (r->n, ==, 5);
  check_times (r, 0.1, 0.1, 300);
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);

      g_assert_cmpfloat (V (r, i, 1), ==, 0);
      g_assert_cmpfloat (V (r, i, 2), ==, 0);
      g_assert_cmpfloat_with_epsilon (V (r, i, 3), cos (t), 1e-9);
      g_assert_cmpfloat_with_epsilon (V (r, i, 4), sin (t), 1e-9);
    }
}

/* CANIMXY3D of (cos t, sin t, z): its (x, y) projection is the unit
 * circle, at the angle t. */
static void
test_canimxy3d (void)
{
  g_autoptr (Run) run = NULL;
  Recording *r;

  if (!have_examples ())
    return;
  run = run_example ("sinks_pal/CANIMXY3D_Example.zcos");
  r = recording_under (run, "CANIMXY3D1");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpuint (r->t->len, >, 1000);
  check_channel (r, 0, f_cos, 1e-9);
  check_channel (r, 1, f_sin, 1e-9);
}

/* An inline diagram of the matrix blocks no example uses: SUBMAT, MATRESH
 * and MATPINV of A = [1 2; 3 4; 5 6], MATZREIM and MATMAGPHI both ways (z =
 * 1 + 2i is joined from its parts: Orrery's Constant is real).
 * pinv(A) = (A'A)^-1 A' = [56 -44; -44 35]/24 * [1 3 5; 2 4 6], worked by
 * hand: [-4/3 -1/3 2/3; 13/12 1/3 -5/12]. */
static const char matrix_ops_diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"1.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"a\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 2; 3 4; 5 6]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"a.o1\" parent=\"a\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"sub\" parent=\"1\" interfaceFunctionName=\"SUBMAT\">\n"
    "  <ScilabString as=\"exprs\" height=\"6\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/><data line=\"1\" column=\"0\" value=\"2\"/><data line=\"2\" column=\"0\" "
    "value=\"3\"/><data line=\"3\" column=\"0\" value=\"1\"/><data line=\"4\" column=\"0\" "
    "value=\"2\"/><data line=\"5\" column=\"0\" value=\"[3 2]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"sub.i1\" parent=\"sub\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"sub.o1\" parent=\"sub\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d1\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data line=\"4\" column=\"0\" "
    "value=\"10\"/><data line=\"5\" column=\"0\" value=\"2\"/><data line=\"6\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d1.i1\" parent=\"d1\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"res\" parent=\"1\" interfaceFunctionName=\"MATRESH\">\n"
    "  <ScilabString as=\"exprs\" height=\"3\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/><data line=\"1\" column=\"0\" value=\"[3 2]\"/><data line=\"2\" column=\"0\" "
    "value=\"[2 3]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"res.i1\" parent=\"res\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"res.o1\" parent=\"res\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d2\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data line=\"4\" column=\"0\" "
    "value=\"10\"/><data line=\"5\" column=\"0\" value=\"2\"/><data line=\"6\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d2.i1\" parent=\"d2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"pin\" parent=\"1\" interfaceFunctionName=\"MATPINV\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"pin.i1\" parent=\"pin\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"pin.o1\" parent=\"pin\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d3\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data line=\"4\" column=\"0\" "
    "value=\"10\"/><data line=\"5\" column=\"0\" value=\"2\"/><data line=\"6\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d3.i1\" parent=\"d3\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"z1\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"z1.o1\" parent=\"z1\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"z2\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"z2.o1\" parent=\"z2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"z\" parent=\"1\" interfaceFunctionName=\"MATZREIM\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"z.i1\" parent=\"z\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"z.i2\" parent=\"z\" ordering=\"2\"/>\n"
    " <ExplicitOutputPort id=\"z.o1\" parent=\"z\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"kz1\" parent=\"1\" source=\"z1.o1\" target=\"z.i1\"/>\n"
    " <ExplicitLink id=\"kz2\" parent=\"1\" source=\"z2.o1\" target=\"z.i2\"/>\n"
    " <BasicBlock id=\"ri\" parent=\"1\" interfaceFunctionName=\"MATZREIM\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"ri.i1\" parent=\"ri\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"ri.o1\" parent=\"ri\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"ri.o2\" parent=\"ri\" ordering=\"2\"/>\n"
    " <BasicBlock id=\"mp\" parent=\"1\" interfaceFunctionName=\"MATMAGPHI\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"mp.i1\" parent=\"mp\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"mp.o1\" parent=\"mp\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"mp.o2\" parent=\"mp\" ordering=\"2\"/>\n"
    " <BasicBlock id=\"m\" parent=\"1\" interfaceFunctionName=\"MUX\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"4\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"m.i1\" parent=\"m\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"m.i2\" parent=\"m\" ordering=\"2\"/>\n"
    " <ExplicitInputPort id=\"m.i3\" parent=\"m\" ordering=\"3\"/>\n"
    " <ExplicitInputPort id=\"m.i4\" parent=\"m\" ordering=\"4\"/>\n"
    " <ExplicitOutputPort id=\"m.o1\" parent=\"m\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d4\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data line=\"4\" column=\"0\" "
    "value=\"10\"/><data line=\"5\" column=\"0\" value=\"2\"/><data line=\"6\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d4.i1\" parent=\"d4\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c3\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"3\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"c3.o1\" parent=\"c3\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c4\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"4\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"c4.o1\" parent=\"c4\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"j1\" parent=\"1\" interfaceFunctionName=\"MATZREIM\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"j1.i1\" parent=\"j1\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"j1.i2\" parent=\"j1\" ordering=\"2\"/>\n"
    " <ExplicitOutputPort id=\"j1.o1\" parent=\"j1\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"mp2\" parent=\"1\" interfaceFunctionName=\"MATMAGPHI\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"mp2.i1\" parent=\"mp2\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"mp2.o1\" parent=\"mp2\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"mp2.o2\" parent=\"mp2\" ordering=\"2\"/>\n"
    " <BasicBlock id=\"c2\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"c2.o1\" parent=\"c2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"cp\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"%pi/2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"cp.o1\" parent=\"cp\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"j2\" parent=\"1\" interfaceFunctionName=\"MATMAGPHI\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"j2.i1\" parent=\"j2\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"j2.i2\" parent=\"j2\" ordering=\"2\"/>\n"
    " <ExplicitOutputPort id=\"j2.o1\" parent=\"j2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"ri2\" parent=\"1\" interfaceFunctionName=\"MATZREIM\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"ri2.i1\" parent=\"ri2\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"ri2.o1\" parent=\"ri2\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"ri2.o2\" parent=\"ri2\" ordering=\"2\"/>\n"
    " <BasicBlock id=\"m2\" parent=\"1\" interfaceFunctionName=\"MUX\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"4\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"m2.i1\" parent=\"m2\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"m2.i2\" parent=\"m2\" ordering=\"2\"/>\n"
    " <ExplicitInputPort id=\"m2.i3\" parent=\"m2\" ordering=\"3\"/>\n"
    " <ExplicitInputPort id=\"m2.i4\" parent=\"m2\" ordering=\"4\"/>\n"
    " <ExplicitOutputPort id=\"m2.o1\" parent=\"m2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d5\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"7\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"1\"/><data line=\"4\" column=\"0\" "
    "value=\"10\"/><data line=\"5\" column=\"0\" value=\"2\"/><data line=\"6\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d5.i1\" parent=\"d5\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"k1\" parent=\"1\" source=\"a.o1\" target=\"sub.i1\"/>\n"
    " <ExplicitLink id=\"k2\" parent=\"1\" source=\"sub.o1\" target=\"d1.i1\"/>\n"
    " <ExplicitLink id=\"k3\" parent=\"1\" source=\"a.o1\" target=\"res.i1\"/>\n"
    " <ExplicitLink id=\"k4\" parent=\"1\" source=\"res.o1\" target=\"d2.i1\"/>\n"
    " <ExplicitLink id=\"k5\" parent=\"1\" source=\"a.o1\" target=\"pin.i1\"/>\n"
    " <ExplicitLink id=\"k6\" parent=\"1\" source=\"pin.o1\" target=\"d3.i1\"/>\n"
    " <ExplicitLink id=\"k7\" parent=\"1\" source=\"z.o1\" target=\"ri.i1\"/>\n"
    " <ExplicitLink id=\"k8\" parent=\"1\" source=\"z.o1\" target=\"mp.i1\"/>\n"
    " <ExplicitLink id=\"k9\" parent=\"1\" source=\"ri.o1\" target=\"m.i1\"/>\n"
    " <ExplicitLink id=\"k10\" parent=\"1\" source=\"ri.o2\" target=\"m.i2\"/>\n"
    " <ExplicitLink id=\"k11\" parent=\"1\" source=\"mp.o1\" target=\"m.i3\"/>\n"
    " <ExplicitLink id=\"k12\" parent=\"1\" source=\"mp.o2\" target=\"m.i4\"/>\n"
    " <ExplicitLink id=\"k13\" parent=\"1\" source=\"m.o1\" target=\"d4.i1\"/>\n"
    " <ExplicitLink id=\"k14\" parent=\"1\" source=\"c3.o1\" target=\"j1.i1\"/>\n"
    " <ExplicitLink id=\"k15\" parent=\"1\" source=\"c4.o1\" target=\"j1.i2\"/>\n"
    " <ExplicitLink id=\"k16\" parent=\"1\" source=\"j1.o1\" target=\"mp2.i1\"/>\n"
    " <ExplicitLink id=\"k17\" parent=\"1\" source=\"c2.o1\" target=\"j2.i1\"/>\n"
    " <ExplicitLink id=\"k18\" parent=\"1\" source=\"cp.o1\" target=\"j2.i2\"/>\n"
    " <ExplicitLink id=\"k19\" parent=\"1\" source=\"j2.o1\" target=\"ri2.i1\"/>\n"
    " <ExplicitLink id=\"k20\" parent=\"1\" source=\"mp2.o1\" target=\"m2.i1\"/>\n"
    " <ExplicitLink id=\"k21\" parent=\"1\" source=\"mp2.o2\" target=\"m2.i2\"/>\n"
    " <ExplicitLink id=\"k22\" parent=\"1\" source=\"ri2.o1\" target=\"m2.i3\"/>\n"
    " <ExplicitLink id=\"k23\" parent=\"1\" source=\"ri2.o2\" target=\"m2.i4\"/>\n"
    " <ExplicitLink id=\"k24\" parent=\"1\" source=\"m2.o1\" target=\"d5.i1\"/>\n"
    /* MATEIG of [1 -2; 2 1] (eigenvalues 1 +- 2i) into MATZREIM (complex in)
     * and into AFFICH_m, whose input Xcos declares real */
    " <BasicBlock id=\"e\" parent=\"1\" interfaceFunctionName=\"CONST_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 -2; 2 1]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"e.o1\" parent=\"e\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"eig\" parent=\"1\" interfaceFunctionName=\"MATEIG\">\n"
    "  <ScilabString as=\"exprs\" height=\"2\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/><data line=\"1\" column=\"0\" value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"eig.i1\" parent=\"eig\" ordering=\"1\" "
    "dataType=\"REAL_MATRIX\"/>\n"
    " <ExplicitOutputPort id=\"eig.o1\" parent=\"eig\" ordering=\"1\" "
    "dataType=\"COMPLEX_MATRIX\"/>\n"
    " <BasicBlock id=\"ez\" parent=\"1\" interfaceFunctionName=\"MATZREIM\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"ez.i1\" parent=\"ez\" ordering=\"1\" "
    "dataType=\"COMPLEX_MATRIX\"/>\n"
    " <ExplicitOutputPort id=\"ez.o1\" parent=\"ez\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"ez.o2\" parent=\"ez\" ordering=\"2\"/>\n"
    " <BasicBlock id=\"d6\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d6.i1\" parent=\"d6\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d7\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d7.i1\" parent=\"d7\" ordering=\"1\" "
    "dataType=\"REAL_MATRIX\"/>\n"
    " <BasicBlock id=\"d8\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d8.i1\" parent=\"d8\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"ke1\" parent=\"1\" source=\"e.o1\" target=\"eig.i1\"/>\n"
    " <ExplicitLink id=\"ke2\" parent=\"1\" source=\"eig.o1\" target=\"ez.i1\"/>\n"
    " <ExplicitLink id=\"ke3\" parent=\"1\" source=\"ez.o1\" target=\"d6.i1\"/>\n"
    " <ExplicitLink id=\"ke4\" parent=\"1\" source=\"ez.o2\" target=\"d8.i1\"/>\n"
    " <ExplicitLink id=\"ke6\" parent=\"1\" source=\"eig.o1\" target=\"d7.i1\"/>\n"
    /* MATZCONJ of 3 + 4i (j1): 3 - 4i, split by MATZREIM into Display9 */
    " <BasicBlock id=\"cj\" parent=\"1\" interfaceFunctionName=\"MATZCONJ\">\n"
    "  <ScilabString as=\"exprs\" height=\"0\" width=\"0\"/></BasicBlock>\n"
    " <ExplicitInputPort id=\"cj.i1\" parent=\"cj\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"cj.o1\" parent=\"cj\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"cz\" parent=\"1\" interfaceFunctionName=\"MATZREIM\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"cz.i1\" parent=\"cz\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"cz.o1\" parent=\"cz\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"cz.o2\" parent=\"cz\" ordering=\"2\"/>\n"
    " <BasicBlock id=\"cm\" parent=\"1\" interfaceFunctionName=\"MUX\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"cm.i1\" parent=\"cm\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"cm.i2\" parent=\"cm\" ordering=\"2\"/>\n"
    " <ExplicitOutputPort id=\"cm.o1\" parent=\"cm\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d9\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d9.i1\" parent=\"d9\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"kc1\" parent=\"1\" source=\"j1.o1\" target=\"cj.i1\"/>\n"
    " <ExplicitLink id=\"kc2\" parent=\"1\" source=\"cj.o1\" target=\"cz.i1\"/>\n"
    " <ExplicitLink id=\"kc3\" parent=\"1\" source=\"cz.o1\" target=\"cm.i1\"/>\n"
    " <ExplicitLink id=\"kc4\" parent=\"1\" source=\"cz.o2\" target=\"cm.i2\"/>\n"
    " <ExplicitLink id=\"kc5\" parent=\"1\" source=\"cm.o1\" target=\"d9.i1\"/>\n"
    /* MATSING of A = [1 2; 3 4; 5 6] into Display10 */
    " <BasicBlock id=\"sv\" parent=\"1\" interfaceFunctionName=\"MATSING\">\n"
    "  <ScilabString as=\"exprs\" height=\"2\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/><data line=\"1\" column=\"0\" value=\"1\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"sv.i1\" parent=\"sv\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"sv.o1\" parent=\"sv\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"d10\" parent=\"1\" interfaceFunctionName=\"AFFICH_m\">\n"
    "  <ScilabString as=\"exprs\" height=\"1\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"[1 1]\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"d10.i1\" parent=\"d10\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"ks1\" parent=\"1\" source=\"a.o1\" target=\"sv.i1\"/>\n"
    " <ExplicitLink id=\"ks2\" parent=\"1\" source=\"sv.o1\" target=\"d10.i1\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static void
check_last (Run *run, const char *display, const double *want, int n, double tol)
{
  Recording *r = recording (run, display);

  g_assert_cmpint (r->n, ==, n);
  for (int j = 0; j < n; j++)
    if (!(fabs (V (r, r->t->len - 1, j) - want[j]) <= tol))
      g_error ("%s[%d] is %.17g, expected %.17g (tolerance %g)", display, j + 1,
               V (r, r->t->len - 1, j), want[j], tol);
}

static void
test_matrix_ops (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (Run) run = NULL;
  /* column-major */
  static const double sub[] = { 3, 5, 4, 6 };
  static const double resh[] = { 1, 3, 5, 2, 4, 6 };
  static const double pinv[] = { -4.0 / 3, 13.0 / 12, -1.0 / 3, 1.0 / 3, 2.0 / 3, -5.0 / 12 };
  const double parts[] = { 1, 2, sqrt (5), atan2 (2, 1) };
  const double joined[] = { 5, atan2 (4, 3), 0, 2 };

  model = orr_xcos_load_data ((const guint8 *)matrix_ops_diagram, strlen (matrix_ops_diagram),
                              "matrix-ops.xcos", registry, &report, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < report->placeholders->len; i++)
    g_test_message ("placeholder: %s", (const char *)g_ptr_array_index (report->placeholders, i));
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  check_last (run, "Display1", sub, 4, 0);
  check_last (run, "Display2", resh, 6, 0);
  check_last (run, "Display3", pinv, 6, 1e-14);
  check_last (run, "Display4", parts, 4, 1e-15);
  check_last (run, "Display5", joined, 4, 1e-15);
  /* MATEIG's complex eigenvalues whole through MATZREIM (Display6: real
   * parts, Display8: imaginary parts, a conjugate pair in LAPACK's
   * order), their real parts where an input Xcos declares real reads them
   * (Display7, through an inserted ComplexToRealImag) */
  {
    const double eig_real[] = { 1, 1 };
    Recording *im = recording (run, "Display8");
    double a = V (im, im->t->len - 1, 0), b = V (im, im->t->len - 1, 1);

    check_last (run, "Display6", eig_real, 2, 1e-14);
    check_last (run, "Display7", eig_real, 2, 1e-14);
    g_assert_cmpfloat_with_epsilon (fabs (a), 2, 1e-14);
    g_assert_cmpfloat_with_epsilon (a + b, 0, 1e-14);
    g_assert_true (report_has (report, "Display7", "real part"));
  }
  {
    const double conjugate[] = { 3, -4 };

    check_last (run, "Display9", conjugate, 2, 0);
  }
  {
    /* the square roots of the eigenvalues of A'A = [35 44; 44 56]:
     * (91 +- sqrt(21^2 + 4*44^2))/2 */
    const double singular[] = { sqrt ((91 + sqrt (8185.0)) / 2), sqrt ((91 - sqrt (8185.0)) / 2) };

    check_last (run, "Display10", singular, 2, 1e-13);
  }
}

/* CSCOPXY3D, which no example uses, of (cos t, sin t, t): its (x, y)
 * projection is the unit circle at the angle t. */
static const char scope3d_diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"7.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"t1\" parent=\"1\" interfaceFunctionName=\"TIME_f\">\n"
    "  <ScilabString as=\"exprs\" height=\"0\" width=\"1\"></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"t1.o1\" parent=\"t1\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"t2\" parent=\"1\" interfaceFunctionName=\"TIME_f\">\n"
    "  <ScilabString as=\"exprs\" height=\"0\" width=\"1\"></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"t2.o1\" parent=\"t2\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"t3\" parent=\"1\" interfaceFunctionName=\"TIME_f\">\n"
    "  <ScilabString as=\"exprs\" height=\"0\" width=\"1\"></ScilabString></BasicBlock>\n"
    " <ExplicitOutputPort id=\"t3.o1\" parent=\"t3\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"c\" parent=\"1\" interfaceFunctionName=\"COSBLK_f\">\n"
    "  <ScilabString as=\"exprs\" height=\"0\" width=\"1\"></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"c.i1\" parent=\"c\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"c.o1\" parent=\"c\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"s\" parent=\"1\" interfaceFunctionName=\"SINBLK_f\">\n"
    "  <ScilabString as=\"exprs\" height=\"0\" width=\"1\"></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"s.i1\" parent=\"s\" ordering=\"1\"/>\n"
    " <ExplicitOutputPort id=\"s.o1\" parent=\"s\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"p\" parent=\"1\" interfaceFunctionName=\"CSCOPXY3D\">\n"
    "  <ScilabString as=\"exprs\" height=\"11\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"1\"/><data line=\"1\" column=\"0\" value=\"1\"/><data line=\"2\" column=\"0\" "
    "value=\"1\"/><data line=\"3\" column=\"0\" value=\"-1\"/><data line=\"4\" column=\"0\" "
    "value=\"[]\"/><data line=\"5\" column=\"0\" value=\"[]\"/><data line=\"6\" column=\"0\" "
    "value=\"[-2 2]\"/><data line=\"7\" column=\"0\" value=\"[-2 2]\"/><data line=\"8\" "
    "column=\"0\" value=\"[-2 2]\"/><data line=\"9\" column=\"0\" value=\"[50 280]\"/><data "
    "line=\"10\" column=\"0\" value=\"1000\"/></ScilabString></BasicBlock>\n"
    " <ExplicitInputPort id=\"p.i1\" parent=\"p\" ordering=\"1\"/>\n"
    " <ExplicitInputPort id=\"p.i2\" parent=\"p\" ordering=\"2\"/>\n"
    " <ExplicitInputPort id=\"p.i3\" parent=\"p\" ordering=\"3\"/>\n"
    " <ExplicitLink id=\"k1\" parent=\"1\" source=\"t1.o1\" target=\"c.i1\"/>\n"
    " <ExplicitLink id=\"k2\" parent=\"1\" source=\"t2.o1\" target=\"s.i1\"/>\n"
    " <ExplicitLink id=\"k3\" parent=\"1\" source=\"c.o1\" target=\"p.i1\"/>\n"
    " <ExplicitLink id=\"k4\" parent=\"1\" source=\"s.o1\" target=\"p.i2\"/>\n"
    " <ExplicitLink id=\"k5\" parent=\"1\" source=\"t3.o1\" target=\"p.i3\"/>\n"
    " </root></mxGraphModel>\n"
    "</XcosDiagram>\n";

static void
test_cscopxy3d (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (Run) run = NULL;
  Recording *r;

  model = orr_xcos_load_data ((const guint8 *)scope3d_diagram, strlen (scope3d_diagram),
                              "scope3d.xcos", registry, &report, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->placeholders->len, ==, 0);
  run = run_model_ok (model, NULL);
  r = recording_under (run, "CSCOPXY3D1");
  g_assert_cmpint (r->n, ==, 2);
  g_assert_cmpuint (r->t->len, >, 10);
  g_assert_cmpfloat_with_epsilon (T (r, r->t->len - 1), 7, 1e-9);
  check_channel (r, 0, f_cos, 1e-9);
  check_channel (r, 1, f_sin, 1e-9);
}

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *name;
    GTestFunc func;
  } curated[] = {
    { "gensin", test_gensin },
    { "clock", test_clock },
    { "ceventscope", test_ceventscope },
    { "evtgen", test_evtgen },
    { "evtdly", test_evtdly },
    { "clksomv", test_clksomv },
    { "freq-div", test_freq_div },
    { "ifthel", test_ifthel },
    { "mfclck", test_mfclck },
    { "mclock", test_mclock },
    { "counter", test_counter },
    { "modulo-count", test_modulo_count },
    { "ramp", test_ramp },
    { "step", test_step },
    { "saturation", test_saturation },
    { "deadband", test_deadband },
    { "abs", test_abs },
    { "min", test_min },
    { "switch2", test_switch2 },
    { "time-delay", test_time_delay },
    { "intrplblk", test_intrplblk },
    { "ode", test_ode },
    { "zero-crossing", test_zero_crossing },
    { "clss", test_clss },
    { "tclss", test_tclss },
    { "endblk", test_endblk },
    { "end-c", test_end_c },
    { "sawtooth", test_sawtooth },
    { "gensqr", test_gensqr },
    { "hysteresis", test_hysteresis },
    { "integral-limits", test_integral_limits },
    { "integer", test_integer },
    { "jkflipflop", test_jkflipflop },
    { "delay-f", test_delay_f },
    { "andlog", test_andlog },
    { "matcath", test_matcath },
    { "pid3", test_pid3 },
    { "matdet", test_matdet },
    { "matdiag", test_matdiag },
    { "cumsum", test_cumsum },
    { "mateig", test_mateig },
    { "matexpm", test_matexpm },
    { "matbksl", test_matbksl },
    { "matlu", test_matlu },
    { "barxy", test_barxy },
    { "canimxy3d", test_canimxy3d },
    { "matrix-ops", test_matrix_ops },
    { "cscopxy3d", test_cscopxy3d },
    { "m-freq", test_m_freq },
    { "delayv", test_delayv },
    { "writeau", test_writeau },
    { "rfile", test_rfile },
    { "scifunc", test_scifunc },
    { "expression-scifunc", test_expression_scifunc },
  };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xcos/examples", test_examples);
  for (guint i = 0; i < G_N_ELEMENTS (curated); i++)
    {
      g_autofree char *path = g_strdup_printf ("/xcos/curated/%s", curated[i].name);
      g_test_add_func (path, curated[i].func);
    }
  g_test_add_func ("/xcos/round-trip", test_round_trip);
  g_test_add_func ("/xcos/bad/archive", test_bad_archive);
  g_test_add_func ("/xcos/bad/truncated", test_bad_truncated);
  g_test_add_func ("/xcos/bad/not-xcos", test_bad_not_xcos);
  g_test_add_func ("/xcos/bad/exprs", test_bad_exprs);
  g_test_add_func ("/xcos/inline", test_inline);
  g_test_add_func ("/xcos/masked", test_masked);
  g_test_add_func ("/xcos/logic", test_logic);
  g_test_add_func ("/xcos/m-freq-fed-back", test_m_freq_fed_back);
  g_test_add_func ("/xcos/scifunc", test_scifunc_inline);
  g_test_add_func ("/xcos/fromws", test_fromws);
  g_test_add_func ("/xcos/scifunc-time", test_scifunc_time);
  return g_test_run ();
}
