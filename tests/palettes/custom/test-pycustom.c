/* test-pycustom.c: PyCustomBlock compiled and simulated for real, its
 * Python code run by the embedded interpreter (Debian's libpython3, not
 * whatever python3 is on PATH): a first-order lag against its closed
 * form, a discrete counter, the refusal without trust (before any of the
 * code runs), Python exceptions and wrong results reported under the
 * block's path, and parameter mistakes naming the parameter. */
#include "model-run.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

static const RunSetup trusted = { .options.trust_native_code = TRUE };

/* y' = (u - y) / T with T in rpar, y = x. */
static const char lag_code[] = "import math\n"
                               "\n"
                               "def lag(job, b):\n"
                               "    T = b.rpar[0]\n"
                               "    if job == 'derivatives':\n"
                               "        b.xd[0] = (b.u[0][0] - b.x[0]) / T\n"
                               "    elif job == 'outputs':\n"
                               "        b.y[0][0] = b.x[0]\n";

static OrrBlock *
add_python (OrrModel *model, const char *label, const char *code, const char *function)
{
  OrrBlock *b = add_block (model, "PyCustomBlock", label, 1, 1, 0, 0, NULL);
  g_autofree char *quoted = g_strdup_printf ("'%s'", function);

  orr_model_set_param (model, b, "source", code);
  orr_model_set_param (model, b, "function", quoted);
  orr_model_set_param (model, b, "in_sizes", "[1 1]");
  orr_model_set_param (model, b, "out_sizes", "[1 1]");
  return b;
}

/* A unit step into the lag with T = 0.5, x(0) = 0, over [0, 3]: the
 * recorded output is 1 - exp(-t/T) within 1e-7 (rtol 1e-10). */
static OrrModel *
lag_model_with (const char *code, const char *param, const char *value)
{
  OrrModel *model = new_precise_model (3, 0);
  OrrBlock *one = add_block (model, "Constant", "One", 0, 1, 0, 0, NULL);
  OrrBlock *lag = add_python (model, "Lag", code, "lag");
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);

  orr_model_set_param (model, one, "value", "1");
  orr_model_set_param (model, lag, "x0", "0");
  orr_model_set_param (model, lag, "rpar", "0.5");
  orr_model_set_param (model, lag, "feedthrough", "0");
  link_data (model, one, 1, lag, 1);
  link_data (model, lag, 1, scope, 1);
  if (param != NULL)
    orr_model_set_param (model, lag, param, value);
  return model;
}

static OrrModel *
lag_model (const char *code)
{
  return lag_model_with (code, NULL, NULL);
}

static void
test_lag (void)
{
  g_autoptr (OrrModel) model = lag_model (lag_code);
  g_autoptr (Run) run = run_model_ok (model, &trusted);
  Recording *r = recording (run, "Scope");
  double worst = 0;

  g_assert_cmpuint (r->t->len, >, 10);
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 3);
  for (guint i = 0; i < r->t->len; i++)
    worst = MAX (worst, fabs (V (r, i, 0) - (1 - exp (-T (r, i) / 0.5))));
  g_test_message ("largest error against 1 - exp(-t/T): %.3g over %u points", worst, r->t->len);
  g_assert_cmpfloat (worst, <, 1e-7);
}

/* A SampleClock (period 0.25 from 0) drives a counter kept in z: at each
 * tick the outputs job shows z, then the update job adds 1, so tick k
 * (at t = k/4) shows k, 8 at t = 2; b.work keeps a Python list across
 * calls, as long as the count at the end (the terminate job asserts it). */
static void
test_discrete_counter (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, NULL);
  OrrBlock *count = add_block (model, "PyCustomBlock", "Count", 0, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  orr_model_set_param (model, clock, "period", "0.25");
  orr_model_set_param (model, clock, "offset", "0");
  orr_model_set_param (model, count, "source",
                       "def count(job, b):\n"
                       "    if job == 'init':\n"
                       "        b.work = []\n"
                       "    elif job == 'update':\n"
                       "        b.z[0] += 1\n"
                       "        b.work.append(b.t)\n"
                       "    elif job == 'outputs':\n"
                       "        b.y[0] = [b.z[0] + 0 * len(b.work)]\n"
                       "    elif job == 'terminate':\n"
                       "        assert len(b.work) == b.z[0], (len(b.work), b.z)\n");
  orr_model_set_param (model, count, "function", "'count'");
  orr_model_set_param (model, count, "in_sizes", "[]");
  orr_model_set_param (model, count, "out_sizes", "[1 1]");
  orr_model_set_param (model, count, "event_inputs", "1");
  orr_model_set_param (model, count, "z0", "0");
  link_event (model, clock, 1, count, 1);
  link_data (model, count, 1, scope, 1);
  set_final_time (model, 2);
  run = run_model_ok (model, &trusted);
  r = recording (run, "Scope");
  /* outputs come before the update at a tick: tick k shows k */
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat (V (r, i, 0), ==, floor (T (r, i) / 0.25 + 1e-9));
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, 2);
  g_assert_cmpfloat (V (r, r->t->len - 1, 0), ==, 8);
}

/* Without trust, compiling fails with CCustomBlock's kind of message,
 * and the code's top level, which would write a file, never runs. */
static void
test_untrusted (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-pycustom-XXXXXX", NULL);
  g_autofree char *marker = g_build_filename (dir, "ran", NULL);
  g_autofree char *code = g_strdup_printf ("open('%s', 'w').write('x')\n%s", marker, lag_code);
  g_autoptr (OrrModel) model = lag_model (code);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrProgram) program = compile_model (model, NULL, &error);

  g_assert_null (program);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Lag"));
  g_assert_nonnull (strstr (error->message, "contains Python code (PyCustomBlock); trust the "
                                            "model to run it (orrery-sim --trust)"));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));

  /* trusted, the same model runs, and so does its top level */
  {
    g_autoptr (Run) run = run_model_ok (model, &trusted);
    g_assert_nonnull (run);
    g_assert_true (g_file_test (marker, G_FILE_TEST_EXISTS));
  }
  g_remove (marker);
  g_rmdir (dir);
}

/* An exception in the code stops the run with the block's path, the
 * job, the exception and the line it came from. */
static void
test_exception (void)
{
  g_autoptr (OrrModel) model = lag_model ("def lag(job, b):\n"
                                          "    if job == 'derivatives':\n"
                                          "        b.xd[0] = (b.u[0][0] - b.x[0]) / b.rpar[0]\n"
                                          "    elif job == 'outputs':\n"
                                          "        if b.t > 1:\n"
                                          "            raise ValueError('too late: t = %g' % b.t)\n"
                                          "        b.y[0][0] = b.x[0]\n");
  g_autoptr (Run) run = run_model (model, &trusted);

  g_assert_false (run->ok);
  g_test_message ("%s", run->error->message);
  g_assert_true (g_str_has_prefix (run->error->message, "Lag"));
  g_assert_nonnull (strstr (run->error->message, "'outputs' job"));
  g_assert_nonnull (strstr (run->error->message, "ValueError: too late: t = 1"));
  g_assert_nonnull (strstr (run->error->message, "line 6"));
}

/* Results of the wrong shape are reported, naming b's field. */
static void
test_wrong_results (void)
{
  const struct
  {
    const char *code;
    const char *expected;
  } cases[] = {
    { "def lag(job, b):\n    if job == 'outputs':\n        b.y[0] = [1, 2]\n",
      "b.y[0] must hold 1 numbers, not 2" },
    { "def lag(job, b):\n    if job == 'outputs':\n        b.y = 3\n", "b.y must be a list" },
    { "def lag(job, b):\n    if job == 'outputs':\n        b.y[0] = ['a']\n",
      "b.y[0][0] is not a number" },
    { "def lag(job, b):\n    if job == 'derivatives':\n        del b.xd\n", "b.xd is missing" },
    { "def other(job, b):\n    pass\n", "defines no function 'lag'" },
    { "import no_such_module_here\n", "ModuleNotFoundError" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (OrrModel) model = lag_model (cases[i].code);
      g_autoptr (Run) run = run_model (model, &trusted);

      g_assert_false (run->ok);
      g_test_message ("%s", run->error->message);
      g_assert_true (g_str_has_prefix (run->error->message, "Lag"));
      g_assert_nonnull (strstr (run->error->message, cases[i].expected));
    }
}

/* Parameter mistakes name the parameter; a syntax error is found when the
 * trusted model compiles, with its line. */
static void
test_parameter_errors (void)
{
  const struct
  {
    const char *param;
    const char *value;
    const char *expected;
  } cases[] = {
    { "function", "'2x'", "parameter 'function'" },
    { "function", "3", "parameter 'function'" },
    { "source", "  \n\t ", "parameter 'source'" },
    { "source", "def lag(job, b):\n    return (\n", "line 2" },
    { "in_sizes", "[1 2 3]", "parameter 'in_sizes'" },
    { "feedthrough", "2", "parameter 'feedthrough'" },
    { "x0", "[1 2; 3 4]", "parameter 'x0'" },
    { "rpar", "[1 NaN]", "parameter 'rpar'" },
    { "event_inputs", "-1", "parameter 'event_inputs'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (OrrModel) model = lag_model_with (lag_code, cases[i].param, cases[i].value);
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrProgram) program = NULL;

      program = compile_model (model, &trusted, &error);
      g_assert_null (program);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].expected));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pycustom/lag", test_lag);
  g_test_add_func ("/pycustom/discrete-counter", test_discrete_counter);
  g_test_add_func ("/pycustom/untrusted", test_untrusted);
  g_test_add_func ("/pycustom/exception", test_exception);
  g_test_add_func ("/pycustom/wrong-results", test_wrong_results);
  g_test_add_func ("/pycustom/parameter-errors", test_parameter_errors);
  return g_test_run ();
}
