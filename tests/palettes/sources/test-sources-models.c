/* test-sources-models.c: the Sources palette's blocks in small simulated
 * models, for what only shows over time: jumps and edges located exactly
 * by the blocks' surfaces (checked through integrals and recorded levels),
 * reproducible random sequences and their statistics, signals from tables
 * and files. Expected values are analytic; tolerances are stated. */
#include "model-run.h"
#include "sources-test-helpers.h"

#include <orrery/orr-runs.h>

#include <hdf5.h>
#include <matio.h>
#include <string.h>

/* Step at t = 1 from 0 to 1 into an Integrator over [0, 3]: 2 at t = 3.
 * The step's surface stops the solver at the jump, so the kink of the
 * integral is exact and so is the result (1e-9). */
/* The models write their files (ToCSV, ToMat) into the test's temporary
 * folder by absolute name: trusted, as the user's own models would be
 * (the untrusted rule is tested in tests/cli/test-cli-trust.c). */
static const RunSetup trusted = { .options = { .trust_native_code = TRUE } };

static void
test_model_step_integral (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *step = add_block (model, "Step", "Step", 0, 1, 0, 0, NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  guint last;

  orr_model_set_param (model, step, "step_time", "1");
  orr_model_set_param (model, step, "initial", "0");
  orr_model_set_param (model, step, "final", "1");
  link_data (model, step, 1, area, 1);
  link_data (model, area, 1, scope, 1);
  set_final_time (model, 3);

  run = run_model (model, &trusted);
  g_assert_true (run->ok);
  r = recording (run, "Scope");
  last = r->t->len - 1;
  g_test_message ("x(3) = %.15f", V (r, last, 0));
  g_assert_cmpfloat (T (r, last), ==, 3);
  g_assert_cmpfloat_with_epsilon (V (r, last, 0), 2, 1e-9);
  /* and along the way x = max (0, t - 1) */
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat_with_epsilon (V (r, i, 0), MAX (0, T (r, i) - 1), 1e-9);
}

/* SquareWave of period 0.4, duty 50 %, over [0, 2]: every change of level
 * the scope sees happens at an edge, a multiple of 0.2 (within 1e-9), all
 * ten edges of [0, 2] are seen (the run covers the closed interval, so the
 * one at the final time too), and the first sample after each
 * edge shows the new level. The wave's integral over whole periods is 0,
 * which it is only if the edges are exact (1e-9). */
static void
test_model_square_wave_edges (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *wave = add_block (model, "SquareWave", "Wave", 0, 1, 0, 0, NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *levels = add_block (model, "Scope", "Levels", 1, 0, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r, *a;
  int edges = 0;

  orr_model_set_param (model, wave, "period", "0.4");
  orr_model_set_param (model, wave, "duty", "50");
  link_data (model, wave, 1, area, 1);
  link_data (model, wave, 1, levels, 1);
  link_data (model, area, 1, scope, 1);
  set_final_time (model, 2);

  run = run_model (model, &trusted);
  g_assert_true (run->ok);
  r = recording (run, "Levels");
  g_assert_cmpfloat (V (r, 0, 0), ==, 1);
  for (guint i = 1; i < r->t->len; i++)
    {
      double t = T (r, i), previous = T (r, i - 1);

      if (V (r, i, 0) == V (r, i - 1, 0))
        continue;
      edges++;
      g_test_message ("level %g -> %g between %.12f and %.12f", V (r, i - 1, 0), V (r, i, 0),
                      previous, t);
      g_assert_cmpfloat_with_epsilon (t, 0.2 * round (t / 0.2), 1e-9);
      /* rising at multiples of the period, falling half-way */
      g_assert_cmpfloat (V (r, i, 0), ==, ((int)round (t / 0.2)) % 2 == 0 ? 1 : -1);
    }
  g_assert_cmpint (edges, ==, 10);
  g_assert_cmpuint (run->stats.zero_crossings, >=, 9);

  a = recording (run, "Scope");
  g_assert_cmpfloat (T (a, a->t->len - 1), ==, 2);
  g_assert_cmpfloat_with_epsilon (V (a, a->t->len - 1, 0), 0, 1e-9);
}

/* A SampleClock (1 ms) drives RandomNormal(1, 0.5^2) over [0, 9.999]:
 * 10000 samples. Twice with the same seed the recorded sequences are the
 * same; the mean and standard deviation are within 3 standard errors of
 * 1 and 0.5. */
static Run *
run_random_normal (const char *seed)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *clock = add_block (model, "SampleClock", "Clock", 0, 0, 0, 1, NULL);
  OrrBlock *random = add_block (model, "RandomNormal", "Noise", 0, 1, 1, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Samples", 1, 0, 0, 0, NULL);

  orr_model_set_param (model, clock, "period", "0.001");
  orr_model_set_param (model, clock, "offset", "0");
  orr_model_set_param (model, random, "mean", "1");
  orr_model_set_param (model, random, "deviation", "0.5");
  orr_model_set_param (model, random, "seed", seed);
  link_event (model, clock, 1, random, 1);
  link_data (model, random, 1, scope, 1);
  set_final_time (model, 9.9995);
  return run_model (model, &trusted);
}

static void
test_model_random_normal (void)
{
  g_autoptr (Run) first = run_random_normal ("1234");
  g_autoptr (Run) second = run_random_normal ("1234");
  g_autoptr (Run) other = run_random_normal ("99");
  Recording *a, *b, *c;
  double mean, sd;
  const int n = 10000;

  g_assert_true (first->ok && second->ok && other->ok);
  a = recording (first, "Samples");
  b = recording (second, "Samples");
  c = recording (other, "Samples");
  g_assert_cmpuint (a->t->len, ==, n);
  g_assert_cmpuint (b->t->len, ==, n);
  g_assert_cmpmem (a->values->data, n * sizeof (double), b->values->data, n * sizeof (double));
  g_assert_false (memcmp (a->values->data, c->values->data, n * sizeof (double)) == 0);

  moments ((const double *)a->values->data, n, 1, &mean, &sd);
  g_test_message ("mean %.5f, sd %.5f", mean, sd);
  g_assert_cmpfloat (fabs (mean - 1), <, 3 * 0.5 / sqrt (n));
  g_assert_cmpfloat (fabs (sd - 0.5), <, 3 * 0.5 / sqrt (2.0 * n));
}

/* SignalGenerator, linear through (0, 0) (1, 2) (3, 6) (6, 12): the ramp
 * y = 2 t exactly at every recorded point (1e-12), and its integral t^2
 * at t = 5 (1e-8, with the solver's tolerances tightened to 1e-10 and
 * 1e-12: unlike a step, a ramp is not integrated exactly by the solver's
 * first low-order steps after each breakpoint). */
static void
test_model_signal_generator_ramp (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *signal = add_block (model, "SignalGenerator", "Signal", 0, 1, 0, 0, NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *values = add_block (model, "Scope", "Values", 1, 0, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r, *a;

  orr_model_set_param (model, signal, "times", "[0 1 3 6]");
  orr_model_set_param (model, signal, "values", "[0 2 6 12]");
  orr_model_set_param (model, signal, "method", "2");
  link_data (model, signal, 1, area, 1);
  link_data (model, signal, 1, values, 1);
  link_data (model, area, 1, scope, 1);
  set_final_time (model, 5);
  set_tolerances (model, 1e-10, 1e-12);

  run = run_model (model, &trusted);
  g_assert_true (run->ok);
  r = recording (run, "Values");
  g_assert_cmpuint (r->t->len, >, 10);
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat_with_epsilon (V (r, i, 0), 2 * T (r, i), 1e-12);
  a = recording (run, "Scope");
  g_assert_cmpfloat (T (a, a->t->len - 1), ==, 5);
  g_assert_cmpfloat_with_epsilon (V (a, a->t->len - 1, 0), 25, 1e-8);
}

/* FromCSV on a file written here: held steps 1, 3, -2 from t = 0, 1, 2.5
 * integrate to 1 + 3 * 1.5 - 2 * 0.5 = 4.5 at t = 3 (exact thanks to the
 * surfaces, 1e-9); the linear column (0, 2, 2 at 0, 1, 2.5) is recorded
 * as 2 min (t, 1). */
static void
test_model_from_csv (void)
{
  g_autoptr (TempFile) file = temp_csv ("time,step,ramp\n0,1,0\n1,3,2\n2.5,-2,2\n");
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autofree char *quoted = g_strdup_printf ("'%s'", file->path);
  OrrBlock *held = add_block (model, "FromCSV", "Held", 0, 1, 0, 0, NULL);
  OrrBlock *ramp = add_block (model, "FromCSV", "Ramp", 0, 1, 0, 0, NULL);
  OrrBlock *area = add_block (model, "Integrator", "Area", 1, 1, 0, 0, NULL);
  OrrBlock *values = add_block (model, "Scope", "Values", 1, 0, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r, *a;

  orr_model_set_param (model, held, "file", quoted);
  orr_model_set_param (model, held, "columns", "2");
  orr_model_set_param (model, held, "method", "1");
  orr_model_set_param (model, ramp, "file", quoted);
  orr_model_set_param (model, ramp, "columns", "3");
  orr_model_set_param (model, ramp, "method", "2");
  link_data (model, held, 1, area, 1);
  link_data (model, area, 1, scope, 1);
  link_data (model, ramp, 1, values, 1);
  set_final_time (model, 3);

  run = run_model (model, &trusted);
  g_assert_true (run->ok);
  a = recording (run, "Scope");
  g_assert_cmpfloat (T (a, a->t->len - 1), ==, 3);
  g_assert_cmpfloat_with_epsilon (V (a, a->t->len - 1, 0), 4.5, 1e-9);
  r = recording (run, "Values");
  for (guint i = 0; i < r->t->len; i++)
    g_assert_cmpfloat_with_epsilon (V (r, i, 0), 2 * MIN (T (r, i), 1), 1e-12);
}

/* A missing file stops the run before it starts, naming the file. */
static void
test_model_from_csv_missing (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *csv = add_block (model, "FromCSV", "Data", 0, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  orr_model_set_param (model, csv, "file", "'/nonexistent/missing.csv'");
  link_data (model, csv, 1, scope, 1);
  run = run_model (model, &trusted);
  g_assert_false (run->ok);
  g_assert_nonnull (strstr (run->error->message, "/nonexistent/missing.csv"));
}

/* The trapezoid written out here with fmod, independently of the block's
 * pieces. */
static double
trapezoid (double t, double a, double r, double w, double f, double p, double s, double o)
{
  double tau;

  if (t < s)
    return o;
  tau = fmod (t - s, p);
  if (tau < r)
    return o + a * tau / r;
  if (tau < r + w)
    return o + a;
  if (tau < r + w + f)
    return o + a - a * (tau - r - w) / f;
  return o;
}

/* Trapezoid (2, rise 1, plateau 1, fall 0.5, period 4, from 0.5, offset
 * -1) and RampSaturate (height 3 over 2 s from t = 1, offset 1) over
 * [0, 9], each into an Integrator. The outputs match the closed forms at
 * every recorded point (1e-9), the plateau is reached exactly, and the
 * integrals are the areas worked out by hand: -0.5 before the start,
 * -0.5 per period, -0.25 for the half rise of the last half second:
 * -1.75; and 1 + 5 + 4 * 6 = 30 for the ramp. The integrals are exact
 * only if the corners are located (1e-8). */
static void
test_model_trapezoid_ramp_saturate (void)
{
  g_autoptr (OrrModel) model = new_precise_model (9, 0);
  OrrBlock *trap
    = add_block (model, "Trapezoid", "Trap", 0, 1, 0, 0, "amplitude", "2", "rising", "1", "width",
                 "1", "falling", "0.5", "period", "4", "start", "0.5", "offset", "-1", NULL);
  OrrBlock *ramp = add_block (model, "RampSaturate", "Ramp", 0, 1, 0, 0, "height", "3", "duration",
                              "2", "offset", "1", "start", "1", NULL);
  OrrBlock *a1 = add_block (model, "Integrator", "A1", 1, 1, 0, 0, NULL);
  OrrBlock *a2 = add_block (model, "Integrator", "A2", 1, 1, 0, 0, NULL);
  OrrBlock *mux = add_block (model, "Mux", "Mux", 4, 1, 0, 0, "inputs", "4", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Out", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double top = -10;
  guint last;

  link_data (model, trap, 1, a1, 1);
  link_data (model, ramp, 1, a2, 1);
  link_data (model, trap, 1, mux, 1);
  link_data (model, ramp, 1, mux, 2);
  link_data (model, a1, 1, mux, 3);
  link_data (model, a2, 1, mux, 4);
  link_data (model, mux, 1, scope, 1);
  run = run_model_ok (model, &trusted);
  r = recording (run, "Out");
  for (guint i = 0; i < r->t->len; i++)
    {
      double t = T (r, i);
      double ramp_value = t < 1 ? 1 : t < 3 ? 1 + 1.5 * (t - 1) : 4;

      g_assert_cmpfloat_with_epsilon (V (r, i, 0), trapezoid (t, 2, 1, 1, 0.5, 4, 0.5, -1), 1e-9);
      g_assert_cmpfloat_with_epsilon (V (r, i, 1), ramp_value, 1e-9);
      top = MAX (top, V (r, i, 0));
    }
  g_assert_cmpfloat (top, ==, 1);
  last = r->t->len - 1;
  g_assert_cmpfloat (T (r, last), ==, 9);
  g_assert_cmpfloat_with_epsilon (V (r, last, 2), -1.75, 1e-8);
  g_assert_cmpfloat_with_epsilon (V (r, last, 3), 30, 1e-8);
}

/* ToMat then FromMat, bit for bit. Model A sends sin(3t) + t/7 (values
 * that print badly) to a ToMat and a Scope over [0, 2]: the MAT file,
 * read back through matio, holds exactly the scope's times and values.
 * Model B plays the file back through FromMat, held, into a Scope: its
 * surfaces stop the solver at every time of the file, and it shows every
 * value of the file in turn, the same bits, each from its time on. */
static void
test_model_mat_round_trip (void)
{
  g_autoptr (TempFile) file = temp_csv ("");
  g_autofree char *quoted = g_strdup_printf ("'%s'", file->path);
  g_autoptr (OrrModel) a = orr_model_new ();
  g_autoptr (OrrModel) b = orr_model_new ();
  OrrBlock *sine = add_block (a, "SineWave", "Sine", 0, 1, 0, 0, NULL);
  OrrBlock *time = add_block (a, "Time", "Time", 0, 1, 0, 0, NULL);
  OrrBlock *gain = add_block (a, "Gain", "Slope", 1, 1, 0, 0, NULL);
  OrrBlock *sum = add_block (a, "Sum", "Sum", 2, 1, 0, 0, NULL);
  OrrBlock *to = add_block (a, "ToMat", "Writer", 1, 0, 0, 0, NULL);
  OrrBlock *scope = add_block (a, "Scope", "Scope", 1, 0, 0, 0, NULL);
  OrrBlock *from = add_block (b, "FromMat", "Reader", 0, 1, 0, 0, NULL);
  OrrBlock *back = add_block (b, "Scope", "Back", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run_a = NULL, run_b = NULL;
  Recording *r, *rb;
  mat_t *mat;
  matvar_t *var;
  const double *data;
  guint n, found = 0, j = 0;

  orr_model_set_param (a, sine, "frequency", "3");
  orr_model_set_param (a, gain, "gain", "1/7");
  orr_model_set_param (a, to, "file", quoted);
  orr_model_set_param (a, to, "variable", "'y'");
  link_data (a, sine, 1, sum, 1);
  link_data (a, time, 1, gain, 1);
  link_data (a, gain, 1, sum, 2);
  link_data (a, sum, 1, to, 1);
  link_data (a, sum, 1, scope, 1);
  set_final_time (a, 2);
  run_a = run_model_ok (a, &trusted);
  r = recording (run_a, "Scope");
  n = r->t->len;
  g_assert_cmpuint (n, >, 20);

  mat = Mat_Open (file->path, MAT_ACC_RDONLY);
  g_assert_nonnull (mat);
  var = Mat_VarRead (mat, "y");
  g_assert_nonnull (var);
  g_assert_cmpint (var->class_type, ==, MAT_C_DOUBLE);
  g_assert_cmpuint (var->dims[0], ==, n);
  g_assert_cmpuint (var->dims[1], ==, 2);
  data = var->data;
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpmem (&data[i], sizeof (double), &T (r, i), sizeof (double));
      g_assert_cmpmem (&data[n + i], sizeof (double), &V (r, i, 0), sizeof (double));
    }

  orr_model_set_param (b, from, "file", quoted);
  orr_model_set_param (b, from, "variable", "'y'");
  orr_model_set_param (b, from, "method", "1");
  link_data (b, from, 1, back, 1);
  set_final_time (b, 2.5); /* past the last time, so the last value shows */
  run_b = run_model_ok (b, &trusted);
  rb = recording (run_b, "Back");
  /* B shows the file's values, bit for bit, each in turn, none skipped
   * and nothing else; value j appears within 1e-9 of its time t_j (the
   * solver's root location: at t_j itself the left limit may still show
   * value j - 1) */
  for (guint i = 0; i < rb->t->len; i++)
    {
      const double *v = &V (rb, i, 0);

      if (memcmp (v, &data[n + j], sizeof (double)) == 0)
        continue;
      g_assert_cmpuint (j + 1, <, n);
      j++;
      if (memcmp (v, &data[n + j], sizeof (double)) != 0)
        g_error ("at %.17g B shows %.17g; the file's rows %u and %u hold %.17g and %.17g",
                 T (rb, i), *v, j - 1, j, data[n + j - 1], data[n + j]);
      g_assert_cmpfloat (T (rb, i), >=, data[j]);
      g_assert_cmpfloat (T (rb, i) - data[j], <=, 1e-9);
      found++;
    }
  g_test_message ("%u of the file's %u values seen in turn", found + 1, n);
  g_assert_cmpuint (j, ==, n - 1);
  Mat_VarFree (var);
  Mat_Close (mat);
}

/* FromHDF and FromText over time: a data set written here with the HDF5
 * C API and a text file with the same table (t, u) = (0, 0), (1, 2),
 * (3, 2), (4, -1), each linear into an Integrator over [0, 4]: the
 * trapezoids add up to 1 + 4 + 0.5 = 5.5 (1e-8 with rtol 1e-10, the solver's
 * error accumulated over the run; the
 * surfaces stop the solver at the corners). */
static void
test_model_hdf_text_integral (void)
{
  g_autoptr (TempFile) text = temp_csv ("t u\n0 0\n1 2\n3 2\n4 -1\n");
  g_autofree char *h5 = g_build_filename (text->dir, "table.h5", NULL);
  g_autofree char *quoted_h5 = g_strdup_printf ("'%s'", h5);
  g_autofree char *quoted_text = g_strdup_printf ("'%s'", text->path);
  const double rows[] = { 0, 0, 1, 2, 3, 2, 4, -1 };
  hsize_t dims[2] = { 4, 2 };
  hid_t f = H5Fcreate (h5, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  hid_t space = H5Screate_simple (2, dims, NULL);
  hid_t set = H5Dcreate2 (f, "/u", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  g_autoptr (OrrModel) model = new_precise_model (4, 0);
  OrrBlock *hdf = add_block (model, "FromHDF", "Hdf", 0, 1, 0, 0, NULL);
  OrrBlock *txt = add_block (model, "FromText", "Text", 0, 1, 0, 0, NULL);
  OrrBlock *ih = add_block (model, "Integrator", "AreaH", 1, 1, 0, 0, NULL);
  OrrBlock *it = add_block (model, "Integrator", "AreaT", 1, 1, 0, 0, NULL);
  OrrBlock *sh = add_block (model, "Scope", "H", 1, 0, 0, 0, NULL);
  OrrBlock *st = add_block (model, "Scope", "Tx", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;
  Recording *r;

  g_assert_cmpint (H5Dwrite (set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows), >=, 0);
  H5Dclose (set);
  H5Sclose (space);
  H5Fclose (f);

  orr_model_set_param (model, hdf, "file", quoted_h5);
  orr_model_set_param (model, hdf, "dataset", "'/u'");
  orr_model_set_param (model, txt, "file", quoted_text);
  link_data (model, hdf, 1, ih, 1);
  link_data (model, txt, 1, it, 1);
  link_data (model, ih, 1, sh, 1);
  link_data (model, it, 1, st, 1);
  run = run_model_ok (model, &trusted);
  r = recording (run, "H");
  g_test_message ("HDF: %.15f", V (r, r->t->len - 1, 0));
  g_assert_cmpfloat_with_epsilon (V (r, r->t->len - 1, 0), 5.5, 1e-8);
  r = recording (run, "Tx");
  g_test_message ("text: %.15f", V (r, r->t->len - 1, 0));
  g_assert_cmpfloat_with_epsilon (V (r, r->t->len - 1, 0), 5.5, 1e-8);
  g_remove (h5);
}

/* A file that is not a MAT file stops the run, naming the block and the
 * file. */
static void
test_model_from_mat_bad (void)
{
  g_autoptr (TempFile) file = temp_csv ("not,a,mat,file\n");
  g_autofree char *quoted = g_strdup_printf ("'%s'", file->path);
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *mat = add_block (model, "FromMat", "Data", 0, 1, 0, 0, NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  g_autoptr (Run) run = NULL;

  orr_model_set_param (model, mat, "file", quoted);
  link_data (model, mat, 1, scope, 1);
  run = run_model (model, &trusted);
  g_assert_false (run->ok);
  g_test_message ("%s", run->error->message);
  g_assert_nonnull (strstr (run->error->message, file->path));
  g_assert_nonnull (strstr (run->error->message, "Data"));
}

/* SignalOut then SignalIn across two runs: run 1 sends sin(3t) to a
 * SignalOut 'y', which leaves the samples in the base at the end; an End
 * restarts at t = 2; run 2 plays GetFromBase('y') back through SignalIn,
 * held, into a SignalOut 'back'. What 'back' stored shows run 1's values,
 * bit for bit, each in turn from its time on, none skipped but the last
 * (at t = 2, where run 2 ends too: a held value switches just after its
 * time). In the first run SignalIn plays the default [0 0; 1 0]. */
/* Keeps what run 1's SignalOut 'y' left in the base (run 2 replaces it
 * with its own samples, at run 2's times). */
static void
keep_first_y (OrrRuns *runs, guint run, OrrSimulation *sim, const OrrProgram *program,
              gpointer user_data)
{
  OrrValue **first = user_data;

  if (run == 1)
    *first = orr_base_lookup (orr_simulation_get_base (sim), "y");
}

static void
test_model_signal_in_out (void)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (NULL);
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *sine = add_block (model, "SineWave", "Sine", 0, 1, 0, 0, "frequency", "3", NULL);
  OrrBlock *out = add_block (model, "SignalOut", "Out", 1, 0, 0, 0, "name", "'y'", NULL);
  OrrBlock *in = add_block (model, "SignalIn", "In", 0, 1, 0, 0, "method", "1", NULL);
  OrrBlock *back = add_block (model, "SignalOut", "Back", 1, 0, 0, 0, "name", "'back'", NULL);
  g_autoptr (OrrRuns) runs = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrValue) y = NULL;
  g_autoptr (OrrValue) b = NULL;
  gsize n, m;
  guint j = 0;

  add_block (model, "End", "Again", 0, 0, 1, 0, "action", "act", "time", "2", NULL);
  orr_model_set_context (model, orr_model_get_root (model),
                         "if __counter__ == 1\n  act = 2;\nelse\n  act = 1;\nend");
  link_data (model, sine, 1, out, 1);
  link_data (model, in, 1, back, 1);
  set_final_time (model, 5);
  runs = orr_runs_new (model, registry, NULL, NULL);
  orr_runs_set_callbacks (runs, NULL, keep_first_y, &y);
  g_assert_true (orr_runs_execute (runs, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_runs_get_count (runs), ==, 2);

  b = orr_base_lookup (orr_runs_get_base (runs), "back");
  g_assert_nonnull (y);
  g_assert_nonnull (b);
  n = orr_value_rows (y);
  m = orr_value_rows (b);
  g_assert_cmpuint (orr_value_cols (y), ==, 2);
  g_assert_cmpuint (orr_value_cols (b), ==, 2);
  g_assert_cmpuint (n, >, 20);
  /* run 1's y is sin(3t) at its times */
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat (orr_value_get_real (y, n + i), ==, sin (3 * orr_value_get_real (y, i)));
  for (gsize i = 0; i < m; i++)
    {
      double t = orr_value_get_real (b, i), v = orr_value_get_real (b, m + i);
      double want = orr_value_get_real (y, n + j);

      if (memcmp (&v, &want, sizeof v) == 0)
        continue;
      g_assert_cmpuint (j + 1, <, n);
      j++;
      want = orr_value_get_real (y, n + j);
      if (memcmp (&v, &want, sizeof v) != 0)
        g_error ("at %.17g 'back' shows %.17g; y's rows %u and %u hold %.17g and %.17g", t, v,
                 j - 1, j, orr_value_get_real (y, n + j - 1), want);
      g_assert_cmpfloat (t, >=, orr_value_get_real (y, j));
      g_assert_cmpfloat (t - orr_value_get_real (y, j), <=, 1e-9);
    }
  g_test_message ("'back' showed %u of y's %zu values in turn", j + 1, n);
  g_assert_cmpuint (j, ==, n - 2);
  g_assert_cmpfloat (orr_value_get_real (y, n - 1), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sources/model/step-integral", test_model_step_integral);
  g_test_add_func ("/sources/model/trapezoid-ramp-saturate", test_model_trapezoid_ramp_saturate);
  g_test_add_func ("/sources/model/square-wave-edges", test_model_square_wave_edges);
  g_test_add_func ("/sources/model/random-normal", test_model_random_normal);
  g_test_add_func ("/sources/model/signal-generator-ramp", test_model_signal_generator_ramp);
  g_test_add_func ("/sources/model/from-csv", test_model_from_csv);
  g_test_add_func ("/sources/model/from-csv-missing", test_model_from_csv_missing);
  g_test_add_func ("/sources/model/mat-round-trip", test_model_mat_round_trip);
  g_test_add_func ("/sources/model/hdf-text-integral", test_model_hdf_text_integral);
  g_test_add_func ("/sources/model/from-mat-bad", test_model_from_mat_bad);
  g_test_add_func ("/sources/model/signal-in-out", test_model_signal_in_out);
  return g_test_run ();
}
