/* test-recording.c: the engine's recording of sink signals (orr-recording.h)
 * against values known in closed form, its CSV form read back, and a
 * signal wider than a 32-bit count of a chunk's values can hold. */
#include "model-run.h"

#include <orrery/orr-recording.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  OrrProgram *program;
  OrrRecording *recording;
} Recorded;

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
  Runner *runner = data;

  runner->ok = orr_simulation_run (runner->sim, &runner->error);
  g_atomic_int_set (&runner->done, 1);
  return NULL;
}

/* Compiles model and runs it to its end on a thread of its own while this
 * one drains, as orrery-sim and scripts do (a reader that waits for the
 * end would hold up a run whose queues fill). */
static Recorded
record (OrrModel *model)
{
  g_autoptr (GError) error = NULL;
  Recorded r = { 0 };
  Runner runner = { 0 };
  GThread *thread;

  r.program = compile_model (model, NULL, &error);
  g_assert_no_error (error);
  runner.sim = orr_simulation_new (r.program);
  r.recording = orr_recording_new (runner.sim, r.program);
  thread = g_thread_new ("run", run_thread, &runner);
  while (!g_atomic_int_get (&runner.done))
    {
      g_assert_true (orr_recording_drain (r.recording, 4, &error));
      g_usleep (1000);
    }
  g_thread_join (thread);
  g_assert_no_error (runner.error);
  g_assert_true (runner.ok);
  g_assert_true (orr_recording_finish (r.recording, &error));
  g_assert_no_error (error);
  orr_simulation_free (runner.sim);
  return r;
}

static void
recorded_clear (Recorded *r)
{
  orr_recording_unref (r->recording);
  orr_program_free (r->program);
}

/* x' = 1, x(0) = 0 on [0, 2], and a constant [3; -4] in a second scope:
 * every sample of the first is x = t, every one of the second the
 * constant, and the recording outlives its program. */
static void
test_values (void)
{
  g_autoptr (OrrModel) model = new_precise_model (2.0, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *x = add_block (model, "Integrator", "X", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  OrrBlock *pair = add_block (model, "Constant", "Pair", 0, 1, 0, 0, "value", "[3; -4]", NULL);
  OrrBlock *wide = add_block (model, "Scope", "Wide", 1, 0, 0, 0, NULL);
  Recorded r;
  int s, w;
  const double *t, *v;
  gsize n;

  link_data (model, one, 1, x, 1);
  link_data (model, x, 1, scope, 1);
  link_data (model, pair, 1, wide, 1);
  r = record (model);
  orr_program_free (g_steal_pointer (&r.program));

  g_assert_cmpuint (orr_recording_get_n_signals (r.recording), ==, 2);
  s = orr_recording_find (r.recording, "Scope");
  w = orr_recording_find (r.recording, "Wide");
  g_assert_cmpint (s, >=, 0);
  g_assert_cmpint (w, >=, 0);
  g_assert_cmpint (orr_recording_find (r.recording, "X"), ==, -1);
  g_assert_cmpstr (orr_recording_get_class_name (r.recording, s), ==, "Scope");
  g_assert_cmpuint (orr_recording_get_n_channels (r.recording, s), ==, 1);
  g_assert_cmpuint (orr_recording_get_n_channels (r.recording, w), ==, 2);

  n = orr_recording_get_n_samples (r.recording, s);
  t = orr_recording_get_times (r.recording, s);
  v = orr_recording_get_values (r.recording, s);
  g_assert_cmpuint (n, >, 10);
  g_assert_cmpfloat_with_epsilon (t[0], 0.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (t[n - 1], 2.0, 1e-12);
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0)
        g_assert_cmpfloat (t[i], >, t[i - 1]);
      g_assert_cmpfloat_with_epsilon (v[i], t[i], 1e-9);
    }
  n = orr_recording_get_n_samples (r.recording, w);
  v = orr_recording_get_values (r.recording, w);
  g_assert_cmpuint (n, >=, 1);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpfloat (v[2 * i], ==, 3.0);
      g_assert_cmpfloat (v[2 * i + 1], ==, -4.0);
    }
  {
    g_autofree char *name = orr_recording_dup_channel_name (r.recording, w, 1);
    g_assert_cmpstr (name, ==, "Wide[2]");
  }
  orr_recording_unref (r.recording);
}

/* The CSV holds every sample once, each number as written (%.17g reads
 * back to the same double), rows in time order, other signals' cells empty. */
static void
test_csv (void)
{
  g_autoptr (OrrModel) model = new_precise_model (1.0, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, "value", "1", NULL);
  OrrBlock *x = add_block (model, "Integrator", "X", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  OrrBlock *pair
    = add_block (model, "Constant", "Pair", 0, 1, 0, 0, "value", "[0.1; 1e-300]", NULL);
  OrrBlock *wide = add_block (model, "Scope", "Wide", 1, 0, 0, 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_auto (GStrv) lines = NULL;
  Recorded r;
  gsize rows = 0, expected;
  double last = -1;

  link_data (model, one, 1, x, 1);
  link_data (model, x, 1, scope, 1);
  link_data (model, pair, 1, wide, 1);
  r = record (model);
  g_assert_true (orr_recording_write_csv (r.recording, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  lines = g_strsplit (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)), "\n", -1);

  g_assert_cmpstr (lines[0], ==, "time,Scope[1],Wide[1],Wide[2]");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);
      double t = g_ascii_strtod (cells[0], NULL);

      g_assert_cmpuint (g_strv_length (cells), ==, 4);
      g_assert_cmpfloat (t, >=, last);
      last = t;
      if (cells[1][0] != '\0')
        {
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[1], NULL), t, 1e-9);
          g_assert_cmpstr (cells[2], ==, "");
        }
      else
        {
          g_assert_cmpfloat (g_ascii_strtod (cells[2], NULL), ==, 0.1);
          g_assert_cmpfloat (g_ascii_strtod (cells[3], NULL), ==, 1e-300);
        }
      rows++;
    }
  expected
    = orr_recording_get_n_samples (r.recording, 0) + orr_recording_get_n_samples (r.recording, 1);
  g_assert_cmpuint (rows, ==, expected);
  recorded_clear (&r);
}

/* 2^20 + 1 values per sample: a chunk of rows counted in 32 bits would
 * have wrapped (4096 rows x 2^20 doubles); every value arrives. */
static void
test_wide_signal (void)
{
  g_autoptr (OrrModel) model = new_precise_model (0.01, 0);
  OrrBlock *zeros
    = add_block (model, "Constant", "Zeros", 0, 1, 0, 0, "value", "zeros(2^20 + 1, 1) + 7", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  Recorded r;
  const double *v;
  gsize n;

  link_data (model, zeros, 1, scope, 1);
  r = record (model);
  g_assert_cmpuint (orr_recording_get_n_channels (r.recording, 0), ==, (1u << 20) + 1);
  n = orr_recording_get_n_samples (r.recording, 0);
  g_assert_cmpuint (n, >=, 1);
  v = orr_recording_get_values (r.recording, 0);
  for (gsize i = 0; i < n * ((1u << 20) + 1); i++)
    if (v[i] != 7.0)
      g_error ("value %" G_GSIZE_FORMAT " is %g, not 7", i, v[i]);
  recorded_clear (&r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/recording/values", test_values);
  g_test_add_func ("/recording/csv", test_csv);
  g_test_add_func ("/recording/wide-signal", test_wide_signal);
  return g_test_run ();
}
