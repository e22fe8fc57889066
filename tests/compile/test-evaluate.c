/* test-evaluate.c: contexts and parameters in nested scopes
 * (SEMANTICS.md section 8): model context, unmasked and masked super
 * blocks, command-line overrides, and how problems are reported. */
#include <orrery/orr-evaluate.h>

#include <math.h>
#include <string.h>

static OrrBlock *
block_with_param (OrrModel *model, OrrDiagram *diagram, const char *label, const char *name,
                  const char *expr)
{
  OrrBlock *b = orr_model_add_block (model, diagram, "Gain", NULL);
  orr_model_set_block_label (model, b, label);
  orr_model_set_param (model, b, name, expr);
  return b;
}

static double
param (OrrEvaluation *e, OrrBlock *b, const char *name)
{
  OrrValue *v = orr_evaluation_get_param (e, b, name);
  g_assert_nonnull (v);
  g_assert_true (orr_value_is_scalar (v));
  return orr_value_get_real (v, 0);
}

static const OrrProblem *
find_problem (OrrEvaluation *e, const char *where)
{
  for (guint i = 0; i < orr_evaluation_get_n_problems (e); i++)
    if (strcmp (orr_evaluation_get_problem (e, i)->where, where) == 0)
      return orr_evaluation_get_problem (e, i);
  return NULL;
}

static void
test_nested_scopes (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *top, *leak, *plant, *inner, *shadow;
  g_autoptr (OrrEvaluation) e = NULL;
  const OrrProblem *p;

  orr_model_set_context (model, root, "K = 2;\ntau = 0.5;");
  top = block_with_param (model, root, "Top", "gain", "K * 2");
  plant = orr_model_add_super_block (model, root, NULL);
  orr_model_set_block_label (model, plant, "Plant");
  orr_model_set_context (model, plant->child, "L = K + 1; tau = 4;");
  inner = block_with_param (model, plant->child, "Inner", "gain", "L * tau");
  /* the super block's assignments stay inside it */
  leak = block_with_param (model, root, "Leak", "gain", "L");
  shadow = block_with_param (model, root, "Shadow", "gain", "tau");

  e = orr_evaluate_model (model, NULL);
  g_assert_cmpfloat (param (e, top, "gain"), ==, 4.0);
  g_assert_cmpfloat (param (e, inner, "gain"), ==, 12.0); /* L = 3, inner tau = 4 */
  g_assert_cmpfloat (param (e, shadow, "gain"), ==, 0.5);
  g_assert_null (orr_evaluation_get_param (e, leak, "gain"));

  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 1);
  p = find_problem (e, "Leak, parameter 'gain'");
  g_assert_nonnull (p);
  g_assert_cmpstr (p->block_id, ==, leak->id);
  g_assert_nonnull (strstr (p->message, "L"));
  g_assert_nonnull (orr_evaluation_get_scope (e, plant->child));
}

static void
test_masked_scope (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *pid, *uses_mask, *uses_default, *uses_outer, *uses_context;
  OrrMask *mask = orr_mask_new ();
  g_autoptr (OrrEvaluation) e = NULL;

  orr_model_set_context (model, root, "K = 3;");
  pid = orr_model_add_super_block (model, root, NULL);
  orr_model_set_block_label (model, pid, "PID");
  g_ptr_array_add (mask->params, orr_mask_param_new ("Kp", "Proportional gain", "1"));
  g_ptr_array_add (mask->params, orr_mask_param_new ("Ti", "Integral time", "0.25"));
  orr_model_set_mask (model, pid, mask);
  /* the instance sets Kp from the parent's scope; Ti keeps its default */
  orr_model_set_param (model, pid, "Kp", "K * 10");
  orr_model_set_context (model, pid->child, "Ki = Kp / Ti;");

  uses_mask = block_with_param (model, pid->child, "P", "gain", "Kp");
  uses_default = block_with_param (model, pid->child, "T", "gain", "Ti");
  uses_context = block_with_param (model, pid->child, "I", "gain", "Ki");
  /* a masked block does not see the names outside it */
  uses_outer = block_with_param (model, pid->child, "Outer", "gain", "K");

  e = orr_evaluate_model (model, NULL);
  g_assert_cmpfloat (param (e, pid, "Kp"), ==, 30.0);
  g_assert_cmpfloat (param (e, uses_mask, "gain"), ==, 30.0);
  g_assert_cmpfloat (param (e, uses_default, "gain"), ==, 0.25);
  g_assert_cmpfloat (param (e, uses_context, "gain"), ==, 120.0);
  g_assert_null (orr_evaluation_get_param (e, uses_outer, "gain"));
  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 1);
  g_assert_nonnull (find_problem (e, "PID/Outer, parameter 'gain'"));
}

static void
test_bad_mask_parameter (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *sb;
  OrrMask *mask = orr_mask_new ();
  g_autoptr (OrrEvaluation) e = NULL;

  sb = orr_model_add_super_block (model, root, NULL);
  orr_model_set_block_label (model, sb, "Motor");
  g_ptr_array_add (mask->params, orr_mask_param_new ("J", "Inertia", "1"));
  orr_model_set_mask (model, sb, mask);
  orr_model_set_param (model, sb, "J", "nope + 1");
  block_with_param (model, sb->child, "Inner", "gain", "J");

  e = orr_evaluate_model (model, NULL);
  /* the cause only: the inner block is not evaluated in a broken scope */
  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 1);
  g_assert_nonnull (find_problem (e, "Motor, mask parameter 'J'"));
}

static void
test_overrides_win (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  g_autoptr (OrrScope) overrides = orr_scope_new (NULL);
  g_autoptr (OrrValue) five = orr_value_new_double (5);
  g_autoptr (OrrEvaluation) plain = NULL;
  g_autoptr (OrrEvaluation) overridden = NULL;
  OrrBlock *g;

  orr_model_set_context (model, root, "K = 2;\nG = K * 3;");
  g = block_with_param (model, root, "G", "gain", "G");
  plain = orr_evaluate_model (model, NULL);
  g_assert_cmpfloat (param (plain, g, "gain"), ==, 6.0);

  orr_scope_set (overrides, "K", five);
  overridden = orr_evaluate_model (model, overrides);
  g_assert_cmpuint (orr_evaluation_get_n_problems (overridden), ==, 0);
  g_assert_cmpfloat (param (overridden, g, "gain"), ==, 15.0);
}

static void
test_context_errors (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *sb;
  g_autoptr (OrrEvaluation) e = NULL;
  g_autoptr (OrrEvaluation) e2 = NULL;
  g_autoptr (GError) error = NULL;
  const OrrProblem *p;
  int line = 0, column = 0;

  /* a broken super block context: reported once, with its position */
  sb = orr_model_add_super_block (model, root, NULL);
  orr_model_set_block_label (model, sb, "Plant");
  orr_model_set_context (model, sb->child, "a = 1;\nb = (a + ;");
  block_with_param (model, sb->child, "Inner", "gain", "b");
  block_with_param (model, root, "Fine", "gain", "1");

  e = orr_evaluate_model (model, NULL);
  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 1);
  p = find_problem (e, "Plant (context)");
  g_assert_nonnull (p);
  g_assert_nonnull (strstr (p->message, "line 2"));
  g_assert_false (orr_evaluation_check (e, &error));
  g_assert_error (error, ORR_EVALUATE_ERROR, ORR_EVALUATE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "Plant (context): line 2"));
  g_clear_error (&error);

  /* a broken model context stops everything below it */
  orr_model_set_context (model, root, "x = [1 2\n");
  e2 = orr_evaluate_model (model, NULL);
  g_assert_cmpuint (orr_evaluation_get_n_problems (e2), ==, 1);
  p = find_problem (e2, "model context");
  g_assert_nonnull (p);
  g_assert_null (p->block_id);
  {
    /* the message keeps the language's position and caret */
    GError positioned = { ORR_EXPR_ERROR, ORR_EXPR_ERROR_SYNTAX, p->message };
    g_assert_true (orr_expr_error_location (&positioned, &line, &column));
    g_assert_cmpint (line, >=, 1);
    g_assert_nonnull (strchr (p->message, '^'));
  }
}

static void
test_all_problems_listed (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  g_autoptr (OrrEvaluation) e = NULL;
  g_autoptr (GError) error = NULL;

  for (int i = 0; i < 25; i++)
    {
      g_autofree char *label = g_strdup_printf ("G%d", i);
      block_with_param (model, root, label, "gain", "missing_name");
    }
  block_with_param (model, root, "Good", "gain", "[1 2; 3 4]");
  e = orr_evaluate_model (model, NULL);
  g_assert_cmpuint (orr_evaluation_get_n_problems (e), ==, 25);
  g_assert_cmpuint (orr_evaluation_get_n_params (e), ==, 1);
  g_assert_false (orr_evaluation_check (e, &error));
  g_assert_nonnull (strstr (error->message, "G0, parameter 'gain'"));
  g_assert_nonnull (strstr (error->message, "and 5 more problems"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/evaluate/nested-scopes", test_nested_scopes);
  g_test_add_func ("/evaluate/masked-scope", test_masked_scope);
  g_test_add_func ("/evaluate/bad-mask-parameter", test_bad_mask_parameter);
  g_test_add_func ("/evaluate/overrides-win", test_overrides_win);
  g_test_add_func ("/evaluate/context-errors", test_context_errors);
  g_test_add_func ("/evaluate/all-problems-listed", test_all_problems_listed);
  return g_test_run ();
}
