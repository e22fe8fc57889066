/* test-math-models.c: the Math palette's blocks in small simulated models,
 * for what only shows over time: the kinks and jumps of Saturation,
 * DeadZone, MinMax, Sign, Abs, Rounding and RelationalOperator located by
 * their surfaces, so that integrals of their outputs come out as the
 * analytic values; formulas and matrix blocks wired to each other; a
 * singular matrix stopping a run. The input is an exact sine written by a
 * test block (no integration error of its own). Expected values are worked
 * out by hand in each test; tolerances are stated. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <math.h>
#include <string.h>

/* ---- an exact sine: y = amplitude * sin(t + phase) ----------------------- */

static const OrrParamSpec test_sine_params[] = {
  { "amplitude", "Amplitude", "1", "amplitude" },
  { "phase", "Phase", "0", "phase (rad)" },
};

static gboolean
test_sine_configure (OrrConfig *config, GError **error)
{
  double p[2];

  if (!orr_config_get_double (config, "amplitude", &p[0], error)
      || !orr_config_get_double (config, "phase", &p[1], error))
    return FALSE;
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_rpar (config, p, 2);
  return TRUE;
}

static void
test_sine_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0]
      = block->rpar[0] * sin (orr_block_get_time (block) + block->rpar[1]);
}

static const OrrBlockClass test_sine_class = {
  .name = "TestSine",
  .palette = "Tests",
  .label = "sin",
  .description = "exact sine",
  .icon_text = "sin",
  .params = test_sine_params,
  .n_params = G_N_ELEMENTS (test_sine_params),
  .configure = test_sine_configure,
  .simulate = test_sine_simulate,
};

/* ---- running models (as tests/oracles/test-oracles.c does) ------------------- */

typedef struct
{
  int n;
  GArray *t;
  GArray *values;
} Recording;

typedef struct
{
  OrrProgram *program;
  GHashTable *recordings; /* block path -> Recording* */
  OrrSimStats stats;
  GError *error;
  gboolean ok;
} Run;

static void
recording_free (Recording *r)
{
  g_array_unref (r->t);
  g_array_unref (r->values);
  g_free (r);
}

static void
run_free (Run *run)
{
  orr_program_free (run->program);
  g_hash_table_unref (run->recordings);
  g_clear_error (&run->error);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Run *run = data;
  const char *path = run->program->blocks[block].path;
  Recording *r = g_hash_table_lookup (run->recordings, path);

  if (r == NULL)
    {
      r = g_new0 (Recording, 1);
      r->n = n;
      r->t = g_array_new (FALSE, FALSE, sizeof (double));
      r->values = g_array_new (FALSE, FALSE, sizeof (double));
      g_hash_table_insert (run->recordings, (gpointer)path, r);
    }
  g_assert_cmpint (n, ==, r->n);
  g_array_append_val (r->t, t);
  g_array_append_vals (r->values, values, n);
}

static Run *
run_model (OrrModel *model)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Run *run = g_new0 (Run, 1);

  orr_palettes_register_standard (registry);
  orr_registry_add (registry, &test_sine_class);
  run->recordings
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)recording_free);
  run->program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (run->program);
  orr_simulation_set_record_func (sim, on_record, run);
  run->ok = orr_simulation_run (sim, &run->error);
  run->stats = *orr_simulation_get_stats (sim);
  if (!run->ok)
    g_test_message ("run failed: %s", run->error->message);
  return run;
}

static Recording *
recording (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);

  if (r == NULL)
    g_error ("%s recorded nothing", path);
  return r;
}

#define T(r, i) g_array_index ((r)->t, double, (i))
#define V(r, i, j) g_array_index ((r)->values, double, (i) * (r)->n + (j))

static OrrBlock *
add (OrrModel *model, const char *type, const char *label, int in, int out)
{
  OrrBlock *b = orr_model_add_block (model, orr_model_get_root (model), type, NULL);

  orr_model_set_block_label (model, b, label);
  orr_model_set_port_count (model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (model, b, ORR_PORT_OUT, out);
  return b;
}

/* Output 1 of a into input port of b. */
static void
wire_to (OrrModel *model, OrrBlock *a, OrrBlock *b, guint port)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, port };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &from, &to, &error));
  g_assert_no_error (error);
}

static void
wire (OrrModel *model, OrrBlock *a, OrrBlock *b)
{
  wire_to (model, a, b, 1);
}

/* Final time and tight tolerances, so that 1e-6 on an integral measures
 * the located kinks, not the solver. */
static OrrModel *
new_model (double final)
{
  OrrModel *model = orr_model_new ();
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.final_time = final;
  s.rtol = 1e-10;
  s.atol = 1e-12;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
  return model;
}

static OrrBlock *
add_sine (OrrModel *model, const char *label, const char *amplitude, const char *phase)
{
  OrrBlock *b = add (model, "TestSine", label, 0, 1);

  orr_model_set_param (model, b, "amplitude", amplitude);
  orr_model_set_param (model, b, "phase", phase);
  return b;
}

/* block -> Integrator "Area" -> Scope "AreaScope"; returns the integral at
 * the final time. */
static double
integral_of (OrrModel *model, OrrBlock *block, Run **out)
{
  OrrBlock *area = add (model, "Integrator", "Area", 1, 1);
  OrrBlock *scope = add (model, "Scope", "AreaScope", 1, 0);
  Recording *r;
  Run *run;

  wire (model, block, area);
  wire (model, area, scope);
  run = run_model (model);
  g_assert_true (run->ok);
  r = recording (run, "AreaScope");
  g_assert_cmpfloat (T (r, r->t->len - 1), ==, orr_model_get_settings (model)->final_time);
  *out = run;
  return V (r, r->t->len - 1, 0);
}

/* ---- the tests ------------------------------------------------------------------- */

/* sat(sin t) between -0.25 and 0.5 over [0, 2 pi]. The first half clips at
 * 0.5 on [pi/6, 5pi/6]: 2 (1 - cos(pi/6)) + 0.5 * 2pi/3 = 2 - sqrt 3 + pi/3.
 * The second half clips at -0.25 on [pi + a, 2pi - a], a = asin 0.25:
 * 2 (cos a - 1) - 0.25 (pi - 2a). Four crossings, each located (1e-6 on
 * the integral). */
static void
test_saturation_integral (void)
{
  g_autoptr (OrrModel) model = new_model (2 * G_PI);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *sat = add (model, "Saturation", "Sat", 1, 1);
  g_autoptr (Run) run = NULL;
  double a = asin (0.25);
  double expected = 2 - sqrt (3) + G_PI / 3 + 2 * (cos (a) - 1) - 0.25 * (G_PI - 2 * a);
  double got;

  orr_model_set_param (model, sat, "upper", "0.5");
  orr_model_set_param (model, sat, "lower", "-0.25");
  wire (model, sine, sat);
  got = integral_of (model, sat, &run);
  g_test_message ("integral %.12f, expected %.12f, %" G_GUINT64_FORMAT " crossings", got, expected,
                  run->stats.zero_crossings);
  g_assert_cmpfloat_with_epsilon (got, expected, 1e-6);
  g_assert_cmpuint (run->stats.zero_crossings, ==, 4);
}

/* DeadZone [-0.5, 0.5] of sin t over [0, pi]: sin t - 0.5 on [pi/6, 5pi/6],
 * so 2 cos(pi/6) - 0.5 * 2pi/3 = sqrt 3 - pi/3 (1e-6). */
static void
test_dead_zone_integral (void)
{
  g_autoptr (OrrModel) model = new_model (G_PI);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *dz = add (model, "DeadZone", "Dead", 1, 1);
  g_autoptr (Run) run = NULL;
  double got;

  orr_model_set_param (model, dz, "upper", "0.5");
  orr_model_set_param (model, dz, "lower", "-0.5");
  wire (model, sine, dz);
  got = integral_of (model, dz, &run);
  g_assert_cmpfloat_with_epsilon (got, sqrt (3) - G_PI / 3, 1e-6);
  g_assert_cmpuint (run->stats.zero_crossings, >=, 2);
}

/* max(sin t, cos t) over [0, 2 pi]: cos up to pi/4, sin up to 5pi/4, cos
 * after: sqrt2/2 + sqrt2 + sqrt2/2 = 2 sqrt 2 (1e-6); min is the rest of
 * sin + cos, whose integral is 0: -2 sqrt 2. */
static void
test_min_max_integral (void)
{
  for (int want_max = 0; want_max <= 1; want_max++)
    {
      g_autoptr (OrrModel) model = new_model (2 * G_PI);
      OrrBlock *sine = add_sine (model, "Sine", "1", "0");
      OrrBlock *cosine = add_sine (model, "Cosine", "1", "pi/2");
      OrrBlock *mm = add (model, "MinMax", "MinMax", 2, 1);
      g_autoptr (Run) run = NULL;
      double got;

      orr_model_set_param (model, mm, "function", want_max ? "2" : "1");
      orr_model_set_param (model, mm, "inputs", "2");
      wire_to (model, sine, mm, 1);
      wire_to (model, cosine, mm, 2);
      got = integral_of (model, mm, &run);
      g_assert_cmpfloat_with_epsilon (got, (want_max ? 2 : -2) * sqrt (2), 1e-6);
      g_assert_cmpuint (run->stats.zero_crossings, ==, 2);
    }
}

/* Sign of +-sin t over [0, 4]: pi - (4 - pi) = 2 pi - 4, or its opposite
 * (1e-6). The sine starts exactly at 0, so the mode is undecided at first:
 * a mode guessed from u = 0 would hold the wrong sign until pi. */
static void
test_sign_integral (void)
{
  for (int k = 0; k < 2; k++)
    {
      g_autoptr (OrrModel) model = new_model (4);
      OrrBlock *sine = add_sine (model, "Sine", k == 0 ? "1" : "-1", "0");
      OrrBlock *sign = add (model, "Sign", "Sign", 1, 1);
      g_autoptr (Run) run = NULL;
      double got;

      wire (model, sine, sign);
      got = integral_of (model, sign, &run);
      g_test_message ("sign of %s sin: %.12f", k == 0 ? "+" : "-", got);
      g_assert_cmpfloat_with_epsilon (got, (k == 0 ? 1 : -1) * (2 * G_PI - 4), 1e-6);
    }
}

/* |-sin t| over [0, 4]: 2 + (1 - cos(4 - pi)) = 3 + cos 4 (1e-6): Abs too
 * starts from u = 0 and must not guess the sign there. */
static void
test_abs_from_zero (void)
{
  g_autoptr (OrrModel) model = new_model (4);
  OrrBlock *sine = add_sine (model, "Sine", "-1", "0");
  OrrBlock *abs_block = add (model, "Abs", "Abs", 1, 1);
  g_autoptr (Run) run = NULL;
  double got;

  wire (model, sine, abs_block);
  got = integral_of (model, abs_block, &run);
  g_test_message ("|-sin|: %.12f, expected %.12f", got, 3 + cos (4.0));
  g_assert_cmpfloat_with_epsilon (got, 3 + cos (4.0), 1e-6);
}

/* floor(3 sin t) over [0, pi]: 1 on [asin 1/3, asin 2/3] and 2 on
 * [asin 2/3, pi/2], twice by symmetry (it touches 3 only at pi/2):
 * 2 (asin 2/3 - asin 1/3) + 4 (pi/2 - asin 2/3) (1e-6). It starts at
 * floor(0), on a boundary. */
static void
test_rounding_integral (void)
{
  g_autoptr (OrrModel) model = new_model (G_PI);
  OrrBlock *sine = add_sine (model, "Sine", "3", "0");
  OrrBlock *fl = add (model, "Rounding", "Floor", 1, 1);
  g_autoptr (Run) run = NULL;
  double expected = 2 * (asin (2.0 / 3) - asin (1.0 / 3)) + 4 * (G_PI / 2 - asin (2.0 / 3));
  double got;

  orr_model_set_param (model, fl, "function", "1");
  wire (model, sine, fl);
  got = integral_of (model, fl, &run);
  g_test_message ("floor(3 sin): %.12f, expected %.12f", got, expected);
  g_assert_cmpfloat_with_epsilon (got, expected, 1e-6);
}

/* sin t > 0.5 over [0, pi]: the output switches to 1 at pi/6 and back to 0
 * at 5pi/6. The first sample that reads 1, and the first that reads 0
 * again, are at those instants (1e-8): the solver stopped there. The
 * integral is the time spent true, 2pi/3 (1e-8). */
static void
test_relational_switching (void)
{
  g_autoptr (OrrModel) model = new_model (G_PI);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *half = add (model, "Constant", "Half", 0, 1);
  OrrBlock *gt = add (model, "RelationalOperator", "Above", 2, 1);
  OrrBlock *scope = add (model, "Scope", "Switch", 1, 0);
  g_autoptr (Run) run = NULL;
  Recording *r;
  double got, on = -1, off = -1;

  orr_model_set_param (model, half, "value", "0.5");
  orr_model_set_param (model, gt, "operator", "5");
  wire_to (model, sine, gt, 1);
  wire_to (model, half, gt, 2);
  wire (model, gt, scope);
  got = integral_of (model, gt, &run);
  r = recording (run, "Switch");
  for (guint i = 0; i < r->t->len; i++)
    {
      if (on < 0 && V (r, i, 0) == 1)
        on = T (r, i);
      else if (on >= 0 && off < 0 && V (r, i, 0) == 0)
        off = T (r, i);
    }
  g_test_message ("on at %.12f, off at %.12f, integral %.12f", on, off, got);
  g_assert_cmpfloat_with_epsilon (on, G_PI / 6, 1e-8);
  g_assert_cmpfloat_with_epsilon (off, 5 * G_PI / 6, 1e-8);
  g_assert_cmpfloat_with_epsilon (got, 2 * G_PI / 3, 1e-8);
}

/* Formulas in a model: MathExpression u1^2 + p(1) of sin t over [0, pi] is
 * pi/2 + p(1) pi; MatrixExpression .if u1 > 0 .then u1 .else 0 .end over
 * [0, 2pi] is 2 (1e-6 both). */
static void
test_expressions_in_model (void)
{
  g_autoptr (OrrModel) model = new_model (G_PI);
  g_autoptr (OrrModel) model2 = new_model (2 * G_PI);
  OrrBlock *sine = add_sine (model, "Sine", "1", "0");
  OrrBlock *sine2 = add_sine (model2, "Sine", "1", "0");
  OrrBlock *fx = add (model, "MathExpression", "Formula", 1, 1);
  OrrBlock *mx = add (model2, "MatrixExpression", "Positive", 1, 1);
  g_autoptr (Run) run = NULL, run2 = NULL;

  orr_model_set_param (model, fx, "inputs", "1");
  orr_model_set_param (model, fx, "expression", "'u1^2 + p(1)'");
  orr_model_set_param (model, fx, "parameters", "0.25");
  wire (model, sine, fx);
  g_assert_cmpfloat_with_epsilon (integral_of (model, fx, &run), G_PI / 2 + 0.25 * G_PI, 1e-6);

  orr_model_set_param (model2, mx, "sizes", "[1 1]");
  orr_model_set_param (model2, mx, "expression", "'.if u1 > 0 .then u1 .else 0 .end'");
  wire (model2, sine2, mx);
  g_assert_cmpfloat_with_epsilon (integral_of (model2, mx, &run2), 2, 1e-6);
}

/* Constant A (2x3) -> Transpose (3x2); MatrixMultiply A * A' = [14 32; 32
 * 77], flattened by a MatrixExpression u1(:) for the scope: the compiler
 * resolves the placeholders n x m, m x p through the chain. */
static void
test_matrix_chain (void)
{
  g_autoptr (OrrModel) model = new_model (1);
  OrrBlock *a = add (model, "Constant", "A", 0, 1);
  OrrBlock *tr = add (model, "Transpose", "T", 1, 1);
  OrrBlock *mul = add (model, "MatrixMultiply", "Mul", 2, 1);
  OrrBlock *flat = add (model, "MatrixExpression", "Flat", 1, 1);
  OrrBlock *clock = add (model, "SampleClock", "Clock", 0, 0);
  OrrBlock *scope = add (model, "Scope", "Scope", 1, 0);
  const double expected[] = { 14, 32, 32, 77 };
  g_autoptr (Run) run = NULL;
  Recording *r;

  orr_model_set_param (model, a, "value", "[1 2 3; 4 5 6]");
  orr_model_set_param (model, flat, "sizes", "[2 2]");
  orr_model_set_param (model, flat, "expression", "'u1(:)'");
  orr_model_set_param (model, clock, "period", "0.5");
  orr_model_set_param (model, scope, "activation", "2");
  orr_model_set_port_count (model, clock, ORR_PORT_EVENT_OUT, 1);
  orr_model_set_port_count (model, scope, ORR_PORT_EVENT_IN, 1);
  wire (model, a, tr);
  wire_to (model, a, mul, 1);
  wire_to (model, tr, mul, 2);
  wire (model, mul, flat);
  wire (model, flat, scope);
  {
    OrrEndpoint from = { clock->id, ORR_PORT_EVENT_OUT, 1 },
                to = { scope->id, ORR_PORT_EVENT_IN, 1 };

    g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &from, &to, NULL));
  }
  run = run_model (model);
  g_assert_true (run->ok);
  r = recording (run, "Scope");
  g_assert_cmpint (r->n, ==, 4);
  g_assert_cmpuint (r->t->len, ==, 3);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat (V (r, 0, k), ==, expected[k]);
}

/* A singular matrix into Inverse stops the run with an error that names
 * the block. */
static void
test_inverse_singular (void)
{
  g_autoptr (OrrModel) model = new_model (1);
  OrrBlock *a = add (model, "Constant", "A", 0, 1);
  OrrBlock *inv = add (model, "Inverse", "Invert", 1, 1);
  OrrBlock *flat = add (model, "MatrixExpression", "Flat", 1, 1);
  OrrBlock *scope = add (model, "Scope", "Scope", 1, 0);
  g_autoptr (Run) run = NULL;

  orr_model_set_param (model, a, "value", "[1 2; 2 4]");
  orr_model_set_param (model, flat, "sizes", "[2 2]");
  orr_model_set_param (model, flat, "expression", "'u1(:)'");
  wire (model, a, inv);
  wire (model, inv, flat);
  wire (model, flat, scope);
  run = run_model (model);
  g_assert_false (run->ok);
  g_assert_error (run->error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
  g_assert_nonnull (strstr (run->error->message, "Invert"));
  g_assert_nonnull (strstr (run->error->message, "singular"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/math-models/saturation", test_saturation_integral);
  g_test_add_func ("/math-models/dead-zone", test_dead_zone_integral);
  g_test_add_func ("/math-models/min-max", test_min_max_integral);
  g_test_add_func ("/math-models/sign", test_sign_integral);
  g_test_add_func ("/math-models/abs-from-zero", test_abs_from_zero);
  g_test_add_func ("/math-models/rounding", test_rounding_integral);
  g_test_add_func ("/math-models/relational", test_relational_switching);
  g_test_add_func ("/math-models/expressions", test_expressions_in_model);
  g_test_add_func ("/math-models/matrix-chain", test_matrix_chain);
  g_test_add_func ("/math-models/inverse-singular", test_inverse_singular);
  return g_test_run ();
}
