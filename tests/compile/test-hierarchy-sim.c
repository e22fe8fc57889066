/* test-hierarchy-sim.c: super blocks seen by the compiler and the
 * simulator. Grouping and expanding leave simulation results unchanged
 * (the bouncing ball, a sample clock); the "done when": a flat
 * bouncing ball grouped into a masked Ball with parameters g and e, used
 * twice with different values, saved, reopened and simulated, each ball
 * hitting the ground at its analytic impact times; nested scopes,
 * shadowing, and evaluation errors that say where a name was looked for. */
#include "model-run.h"

#include <orrery/orr-evaluate.h>
#include <orrery/orr-io.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static OrrModel *
load_model_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "models", name, NULL);
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);
  g_assert_no_error (error);
  return model;
}

static OrrBlock *
by_label (OrrDiagram *d, const char *label)
{
  for (guint i = 0; i < d->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (d->blocks, i);
      if (g_strcmp0 (b->label, label) == 0)
        return b;
    }
  g_assert_not_reached ();
}

static OrrBlock *
group (OrrModel *model, const char *const *labels, const char *super_label)
{
  g_autoptr (GPtrArray) selection = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  OrrBlock *super;

  for (guint i = 0; labels[i] != NULL; i++)
    g_ptr_array_add (selection, by_label (orr_model_get_root (model), labels[i]));
  super = orr_model_group (model, (OrrBlock *const *)selection->pdata, selection->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (super);
  if (super_label != NULL)
    orr_model_set_block_label (model, super, super_label);
  return super;
}

/* The two recordings hold the same samples: as many, at the same times and
 * with the same values within tol. The blocks run in the same order after
 * flattening, so the difference is rounding at most. */
static void
assert_same_recording (Recording *a, Recording *b, double tol)
{
  g_assert_cmpint (a->n, ==, b->n);
  g_assert_cmpuint (a->t->len, ==, b->t->len);
  for (guint i = 0; i < a->t->len; i++)
    {
      g_assert_cmpfloat_with_epsilon (T (a, i), T (b, i), tol);
      for (int j = 0; j < a->n; j++)
        g_assert_cmpfloat_with_epsilon (V (a, i, j), V (b, i, j),
                                        tol * MAX (1, fabs (V (a, i, j))));
    }
}

/* ---- results unchanged ----------------------------------------------------- */

static void
test_bouncing_ball_unchanged (void)
{
  const char *physics[] = { "Gravity", "Velocity", "Height", "Impact", "Restitution", NULL };
  g_autoptr (OrrModel) flat = load_model_file ("bouncing-ball.orr");
  g_autoptr (OrrModel) model = load_model_file ("bouncing-ball.orr");
  g_autoptr (Run) before = NULL;
  g_autoptr (Run) grouped = NULL;
  g_autoptr (Run) expanded = NULL;
  g_autoptr (GError) error = NULL;
  OrrBlock *super;

  /* over [0, 10]: four impacts (1.43, 4.00, 6.31, 8.39 s; the fifth is at
   * 10.27), away from the accumulation point */
  set_final_time (flat, 10);
  set_final_time (model, 10);
  before = run_model_ok (flat, NULL);
  g_assert_cmpuint (recording (before, "Impacts")->t->len, ==, 4);

  super = group (model, physics, "Ball");
  grouped = run_model_ok (model, NULL);
  assert_same_recording (recording (before, "Impacts"), recording (grouped, "Impacts"), 1e-9);
  assert_same_recording (recording (before, "Trajectory"), recording (grouped, "Trajectory"), 1e-9);

  g_assert_true (orr_model_expand (model, super, NULL, &error));
  g_assert_no_error (error);
  expanded = run_model_ok (model, NULL);
  assert_same_recording (recording (before, "Impacts"), recording (expanded, "Impacts"), 1e-9);
  assert_same_recording (recording (before, "Trajectory"), recording (expanded, "Trajectory"),
                         1e-9);
}

/* Activation links across the boundary: the clock outside, the counter
 * inside; then the clock inside and the scope outside. */
static void
test_sample_clock_unchanged (void)
{
  const char *count[] = { "Count", NULL };
  const char *clock_and_count[] = { "Clock", "Count", NULL };
  const char *const *selections[] = { count, clock_and_count };

  for (guint s = 0; s < G_N_ELEMENTS (selections); s++)
    {
      g_autoptr (OrrModel) model = load_model_file ("sample-clock-count.orr");
      g_autoptr (Run) before = run_model_ok (model, NULL);
      g_autoptr (Run) grouped = NULL;
      g_autoptr (Run) expanded = NULL;
      g_autoptr (GError) error = NULL;
      OrrBlock *super = group (model, selections[s], NULL);
      Recording *r;

      /* SampleClock(0.1) over [0, 10]: counts 1..101 at k/10 */
      r = recording (before, "Counts");
      g_assert_cmpuint (r->t->len, ==, 101);
      for (guint k = 0; k < r->t->len; k++)
        {
          g_assert_cmpfloat_with_epsilon (T (r, k), k * 0.1, 1e-9);
          g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
        }
      grouped = run_model_ok (model, NULL);
      assert_same_recording (r, recording (grouped, "Counts"), 1e-12);
      g_assert_true (orr_model_expand (model, super, NULL, &error));
      g_assert_no_error (error);
      expanded = run_model_ok (model, NULL);
      assert_same_recording (r, recording (expanded, "Counts"), 1e-12);
    }
}

/* ---- two balls ------------------------------------------------------------------ */

static OrrBlock *
place (OrrModel *model, OrrBlock *b, double x, double y)
{
  OrrRect r = { x, y, 40, 40 };
  orr_model_set_block_geometry (model, b, &r);
  return b;
}

/* The flat bouncing ball of the example, built through the model API, with
 * its impacts counted into a scope labelled scope_label. */
static void
build_flat_ball (OrrModel *model, const char *scope_label)
{
  OrrBlock *gravity, *velocity, *height, *impact, *restitution, *bounces, *scope;

  gravity = place (model, add_block (model, "Constant", "Gravity", 0, 1, 0, 0, "value", "-g", NULL),
                   40, 100);
  velocity = place (
    model, add_block (model, "Integrator", "Velocity", 2, 1, 1, 0, "x0", "0", "reinit", "1", NULL),
    140, 100);
  height = place (
    model, add_block (model, "Integrator", "Height", 1, 1, 0, 0, "x0", "h0", "reinit", "0", NULL),
    260, 100);
  impact = place (model, add_block (model, "ZeroCrossDown", "Impact", 1, 0, 0, 1, NULL), 380, 20);
  restitution = place (
    model, add_block (model, "Gain", "Restitution", 1, 1, 0, 0, "gain", "-e", NULL), 260, 200);
  bounces = place (model,
                   add_block (model, "Counter", "Bounces", 0, 1, 1, 0, "minimum", "1", "maximum",
                              "1000000", "rule", "1", NULL),
                   480, 20);
  scope = place (model, add_block (model, "Scope", scope_label, 1, 0, 0, 0, "inputs", "1", NULL),
                 580, 20);
  link_data (model, gravity, 1, velocity, 1);
  link_data (model, velocity, 1, height, 1);
  link_data (model, height, 1, impact, 1);
  link_data (model, velocity, 1, restitution, 1);
  link_data (model, restitution, 1, velocity, 2);
  link_event (model, impact, 1, velocity, 1);
  link_event (model, impact, 1, bounces, 1);
  link_data (model, bounces, 1, scope, 1);
}

/* A ball dropped at rest from h0 under gravity g, each impact keeping the
 * fraction e of the speed: it first lands at t1 = sqrt(2 h0 / g) with speed
 * v1 = g t1; after impact k it leaves at e^k v1 and flies 2 e^k v1 / g, so
 * t_{k+1} = t_k + 2 e^k v1 / g. Writes the impacts before t_end. */
static guint
analytic_impacts (double g, double e, double h0, double t_end, double *t, guint max)
{
  double t1 = sqrt (2 * h0 / g), v1 = g * t1, tk = t1, ek = 1;
  guint n = 0;

  while (tk < t_end && n < max)
    {
      t[n++] = tk;
      ek *= e;
      tk += 2 * ek * v1 / g;
    }
  return n;
}

static void
check_impacts (Run *run, const char *scope, double g, double e, double h0, double t_end)
{
  double expected[64], later[64];
  guint n = analytic_impacts (g, e, h0, t_end, expected, G_N_ELEMENTS (expected));
  guint n_later = analytic_impacts (g, e, h0, t_end + 100, later, G_N_ELEMENTS (later));
  Recording *r = recording (run, scope);

  g_test_message ("%s: %u impacts expected, %u recorded", scope, n, r->t->len);
  /* no impact falls within 1e-3 of t_end: the count is not a matter of
   * rounding */
  g_assert_cmpfloat (expected[n - 1], <, t_end - 1e-3);
  g_assert_cmpuint (n_later, >, n);
  g_assert_cmpfloat (later[n], >, t_end + 1e-3);
  g_assert_cmpuint (r->t->len, ==, n);
  for (guint k = 0; k < n; k++)
    {
      g_test_message ("%s impact %u: %.9f, analytic %.9f", scope, k + 1, T (r, k), expected[k]);
      /* rtol 1e-10 on the state, the crossing located to the solver's
       * default time tolerance, errors adding up over the bounces: about
       * 1e-9 seen, 1e-7 allowed */
      g_assert_cmpfloat_with_epsilon (T (r, k), expected[k], 1e-7);
      g_assert_cmpfloat (V (r, k, 0), ==, k + 1);
    }
}

static void
test_two_balls (void)
{
  const char *physics[] = { "Gravity", "Velocity", "Height", "Impact", "Restitution", NULL };
  g_autoptr (OrrModel) model = new_precise_model (10, 0);
  g_autoptr (OrrModel) reopened = NULL;
  g_autoptr (Run) flat_run = NULL;
  g_autoptr (Run) run = NULL;
  g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *fragment = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *earth, *moon, *moon_bounces, *moon_scope;
  OrrMask *mask;
  gsize length;

  /* the flat model first, as the example has it */
  orr_model_set_context (model, root, "g = 9.81; h0 = 10; e = 0.8;");
  build_flat_ball (model, "Earth impacts");
  flat_run = run_model_ok (model, NULL);
  check_impacts (flat_run, "Earth impacts", 9.81, 0.8, 10, 10);

  /* Ctrl+G on the physics, then a mask asking for g and e; the drop
   * height comes from the ball's own context */
  earth = group (model, physics, "Earth ball");
  g_assert_cmpuint (orr_block_get_port_count (earth, ORR_PORT_EVENT_OUT), ==, 1);
  mask = orr_mask_new ();
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gravity (m/s^2)", "9.81"));
  g_ptr_array_add (mask->params, orr_mask_param_new ("e", "Restitution", "0.9"));
  orr_model_set_mask (model, earth, mask);
  orr_model_set_context (model, earth->child, "h0 = 10;  % drop height, m");
  /* the model context now says something else: the mask must win */
  orr_model_set_context (model, root, "g = 3.71; h0 = 1; e = 0.1;");

  /* copy and paste for the second ball, with its own counter and scope */
  fragment = orr_fragment_serialize (&earth, 1, &length);
  g_assert_true (orr_fragment_paste (model, root, fragment, length, 0, 300, pasted, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pasted->len, ==, 1);
  moon = g_ptr_array_index (pasted, 0);
  g_assert_cmpstr (moon->id, !=, earth->id);
  orr_model_set_block_label (model, moon, "Moon ball");
  moon_bounces = place (model,
                        add_block (model, "Counter", "Moon bounces", 0, 1, 1, 0, "minimum", "1",
                                   "maximum", "1000000", "rule", "1", NULL),
                        480, 320);
  moon_scope = place (
    model, add_block (model, "Scope", "Moon impacts", 1, 0, 0, 0, "inputs", "1", NULL), 580, 320);
  link_event (model, moon, 1, moon_bounces, 1);
  link_data (model, moon_bounces, 1, moon_scope, 1);

  orr_model_set_param (model, earth, "g", "9.81");
  orr_model_set_param (model, earth, "e", "0.8");
  orr_model_set_param (model, moon, "g", "1.62");
  orr_model_set_param (model, moon, "e", "0.5");

  /* save, reopen, simulate */
  dir = g_dir_make_tmp ("orrery-two-balls-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "two-balls.orr", NULL);
  g_assert_true (orr_model_save_file (model, path, &error));
  g_assert_no_error (error);
  reopened = orr_model_load_file (path, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
  g_assert_nonnull (by_label (orr_model_get_root (reopened), "Moon ball")->mask);

  run = run_model_ok (reopened, NULL);
  /* Earth: t1 = 1.42784, then +2.28460, +1.82768, ...: seven before 10 s.
   * Moon: t1 = 3.51364, then +3.51364, +1.75682, +0.87841: four. */
  check_impacts (run, "Earth impacts", 9.81, 0.8, 10, 10);
  check_impacts (run, "Moon impacts", 1.62, 0.5, 10, 10);
}

/* ---- scopes -------------------------------------------------------------------- */

static OrrBlock *
gain (OrrModel *model, OrrDiagram *d, const char *label, const char *expr)
{
  return add_block_in (model, d, "Gain", label, 1, 1, 0, 0, "gain", expr, NULL);
}

static double
value_of (OrrEvaluation *e, OrrBlock *b, const char *name)
{
  OrrValue *v = orr_evaluation_get_param (e, b, name);
  g_assert_nonnull (v);
  return orr_value_get_real (v, 0);
}

static const OrrProblem *
problem_at (OrrEvaluation *e, const char *where)
{
  for (guint i = 0; i < orr_evaluation_get_n_problems (e); i++)
    if (strcmp (orr_evaluation_get_problem (e, i)->where, where) == 0)
      return orr_evaluation_get_problem (e, i);
  return NULL;
}

/* A mask parameter named like a model context variable wins inside; an
 * unmasked super block inside a masked one sees the mask's names through
 * its context; an unmasked one at the top sees the model context. */
static void
test_nested_scopes (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *ball, *inner, *plant, *b_outer, *b_mask, *b_inner, *b_plant;
  OrrMask *mask = orr_mask_new ();
  g_autoptr (OrrEvaluation) e = NULL;

  orr_model_set_context (model, root, "g = 3.71; a = 2;");
  ball = add_block_in (model, root, NULL, "Ball", 0, 0, 0, 0, NULL);
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gravity", "9.81"));
  orr_model_set_mask (model, ball, mask);
  orr_model_set_param (model, ball, "g", "a * 5"); /* evaluated outside: 10 */
  b_mask = gain (model, ball->child, "UsesG", "g");
  inner = add_block_in (model, ball->child, NULL, "Inner", 0, 0, 0, 0, NULL);
  orr_model_set_context (model, inner->child, "k = 2 * g;");
  b_inner = gain (model, inner->child, "UsesK", "k + g");
  plant = add_block_in (model, root, NULL, "Plant", 0, 0, 0, 0, NULL);
  orr_model_set_context (model, plant->child, "b = a + 1;");
  b_plant = gain (model, plant->child, "UsesB", "b * g");
  b_outer = gain (model, root, "Outer", "g");

  e = orr_evaluate_model (model, NULL);
  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 0);
  g_assert_cmpfloat (value_of (e, b_outer, "gain"), ==, 3.71);
  g_assert_cmpfloat (value_of (e, b_mask, "gain"), ==, 10);
  g_assert_cmpfloat (value_of (e, b_inner, "gain"), ==, 30); /* k = 20, g = 10 */
  g_assert_cmpfloat_with_epsilon (value_of (e, b_plant, "gain"), 3 * 3.71, 1e-12);
}

/* Each message names the missing names and every scope searched, innermost
 * first; the expression's own message (with its caret) follows. */
static void
test_scope_errors (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *ball, *broken, *inner, *plant, *motor, *broken_context;
  OrrMask *mask = orr_mask_new ();
  g_autoptr (OrrEvaluation) e = NULL;
  const OrrProblem *p;

  orr_model_set_context (model, root, "g0 = 9.81; h0 = 10;");
  ball = add_block_in (model, root, NULL, "Ball", 0, 0, 0, 0, NULL);
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gravity", "9.81"));
  g_ptr_array_add (mask->params, orr_mask_param_new ("e", "Restitution", "0.9"));
  orr_model_set_mask (model, ball, mask);
  broken = add_block_in (model, root, NULL, "Broken", 0, 0, 0, 0, NULL);
  orr_model_set_mask (model, broken, orr_mask_copy (ball->mask));
  orr_model_set_param (model, broken, "e", "e0"); /* nowhere */
  add_block_in (model, ball->child, "Integrator", "Height", 1, 1, 0, 0, "x0", "h0", NULL);
  inner = add_block_in (model, ball->child, NULL, "Inner", 0, 0, 0, 0, NULL);
  orr_model_set_context (model, inner->child, "k = 2;");
  gain (model, inner->child, "Gain1", "k * q + r");

  plant = add_block_in (model, root, NULL, "Plant", 0, 0, 0, 0, NULL);
  orr_model_set_context (model, plant->child, "b = 1;");
  motor = add_block_in (model, plant->child, NULL, "Motor", 0, 0, 0, 0, NULL);
  gain (model, motor->child, "Gain2", "J");
  gain (model, root, "Top", "2 * (1 + ");
  broken_context = add_block_in (model, root, NULL, "Drive", 0, 0, 0, 0, NULL);
  orr_model_set_context (model, broken_context->child, "c = 1;\nd = c + zz;");

  e = orr_evaluate_model (model, NULL);
  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 6);

  /* the mask parameter is evaluated outside the ball */
  p = problem_at (e, "Broken, mask parameter 'e'");
  g_assert_nonnull (p);
  g_assert_true (g_str_has_prefix (p->message, "'e0' is not defined (looked in: model context)\n"));
  /* the mask is a wall: h0 of the model context is not seen */
  p = problem_at (e, "Ball/Height, parameter 'x0'");
  g_assert_nonnull (p);
  g_assert_true (g_str_has_prefix (p->message, "'h0' is not defined (looked in: mask of Ball)\n"));
  g_assert_nonnull (strstr (p->message, "undefined variable 'h0'"));
  p = problem_at (e, "Ball/Inner/Gain1, parameter 'gain'");
  g_assert_nonnull (p);
  g_assert_true (g_str_has_prefix (
    p->message, "'q', 'r' are not defined (looked in: context of Ball/Inner, mask of Ball)\n"));
  /* a blank context is no scope worth naming */
  p = problem_at (e, "Plant/Motor/Gain2, parameter 'gain'");
  g_assert_nonnull (p);
  g_assert_true (g_str_has_prefix (
    p->message, "'J' is not defined (looked in: context of Plant, model context)\n"));
  /* a context counts as a scope of its own diagram */
  p = problem_at (e, "Drive (context)");
  g_assert_nonnull (p);
  g_assert_true (g_str_has_prefix (
    p->message, "'zz' is not defined (looked in: context of Drive, model context)\n"));
  /* other errors keep their own message */
  p = problem_at (e, "Top, parameter 'gain'");
  g_assert_nonnull (p);
  g_assert_null (strstr (p->message, "looked in"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hierarchy-sim/unchanged/bouncing-ball", test_bouncing_ball_unchanged);
  g_test_add_func ("/hierarchy-sim/unchanged/sample-clock", test_sample_clock_unchanged);
  g_test_add_func ("/hierarchy-sim/two-balls", test_two_balls);
  g_test_add_func ("/hierarchy-sim/nested-scopes", test_nested_scopes);
  g_test_add_func ("/hierarchy-sim/scope-errors", test_scope_errors);
  return g_test_run ();
}
