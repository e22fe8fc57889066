/* test-mask-proposal.c: the names an auto-mask offers for a super block
 * (orr_mask_propose_params): what the blocks inside read, through nested
 * super blocks and the mask parameters of masked ones, less what the
 * contexts inside define, builtins and text parameters. The expected lists
 * are written out by hand from the models built here. */
#include <orrery/orr-evaluate.h>

/* A class with one expression and one text parameter: the text is taken as
 * typed, so the names it seems to read are nobody's business. */
static const OrrParamSpec script_params[] = {
  { "gain", "Gain", "1", NULL, ORR_PARAM_EXPRESSION },
  { "code", "Code", "''", NULL, ORR_PARAM_TEXT },
};

static const OrrBlockClass script_class = {
  .name = "Script",
  .palette = "Test",
  .label = "Script",
  .params = script_params,
  .n_params = G_N_ELEMENTS (script_params),
};

static OrrBlock *
add (OrrModel *model, OrrDiagram *diagram, const char *name, const char *expr)
{
  OrrBlock *b = orr_model_add_block (model, diagram, "Script", NULL);

  orr_model_set_param (model, b, name, expr);
  return b;
}

static void
assert_names (char **names, const char *const *expected)
{
  g_autofree char *got = g_strjoinv (",", names);
  g_autofree char *want = g_strjoinv (",", (char **)expected);

  g_assert_cmpstr (got, ==, want);
}

static void
test_nested (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *outer, *inner, *masked, *b;
  OrrMask *mask = orr_mask_new ();
  OrrMaskParam *p;
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) inner_names = NULL;
  /* K: model context, outside; a: read by outer's context before it
   * assigns it; c: twice; d, w: read inside inner; m: masked's mask; n:
   * inner's context defines it on one path only. Not L (outer's context),
   * M (inner's), pi, eps, true (builtins; the language has no e), hidden (text), hidden_too (a free
   * text), q, r (masked's own scope) nor nothing_read (a default the block overrides). */
  const char *expected[] = { "K", "a", "c", "d", "m", "n", "w", NULL };
  /* Seen from inner, outer's L is outside. */
  const char *expected_inner[] = { "L", "d", "n", "w", NULL };

  orr_registry_add (registry, &script_class);
  /* The model context defines K, but it is outside: a mask must provide it. */
  orr_model_set_context (model, root, "K = 1; a = 2;");
  outer = orr_model_add_super_block (model, root, NULL);
  /* L is defined inside outer; a is read before it is assigned. */
  orr_model_set_context (model, outer->child, "L = a * 2; a = 3;");
  add (model, outer->child, "gain", "K * L + a");
  /* used twice, listed once */
  add (model, outer->child, "gain", "c + pi");
  add (model, outer->child, "gain", "c * eps + true");

  inner = orr_model_add_super_block (model, outer->child, NULL);
  /* inner's context defines M and reads d; only on one path defines n. */
  orr_model_set_context (model, inner->child, "M = d;\nif d > 0\n  n = 1;\nend");
  add (model, inner->child, "gain", "M + L + w");
  b = add (model, inner->child, "gain", "sin(n) * 0 + 1");
  /* the text parameter reads "hidden" as written, but is never evaluated */
  orr_model_set_param (model, b, "code", "hidden + 1");
  /* a free text on the diagram reads nothing either */
  {
    OrrBlock *note = orr_model_add_block (model, inner->child, ORR_ANNOTATION_TYPE, NULL);

    orr_model_set_param (model, note, ORR_ANNOTATION_TEXT, "hidden_too = w * K");
  }

  /* A masked super block: only its mask parameters' expressions count
   * (the block's own value for one, the default for the other); what its
   * inside reads comes from its own mask. */
  masked = orr_model_add_super_block (model, outer->child, NULL);
  add (model, masked->child, "gain", "q + r");
  p = orr_mask_param_new ("q", "Q", "m * 2");
  g_ptr_array_add (mask->params, p);
  p = orr_mask_param_new ("r", "R", "nothing_read");
  g_ptr_array_add (mask->params, p);
  orr_model_set_mask (model, masked, mask);
  orr_model_set_param (model, masked, "r", "3");

  names = orr_mask_propose_params (model, outer, registry);
  assert_names (names, expected);
  inner_names = orr_mask_propose_params (model, inner, registry);
  assert_names (inner_names, expected_inner);
}

static void
test_text_params_need_registry (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *super = orr_model_add_super_block (model, orr_model_get_root (model), NULL);
  OrrBlock *b = add (model, super->child, "gain", "g");
  g_auto (GStrv) with = NULL;
  g_auto (GStrv) without = NULL;
  const char *only_g[] = { "g", NULL };
  const char *both[] = { "g", "hidden", NULL };

  orr_registry_add (registry, &script_class);
  orr_model_set_param (model, b, "code", "hidden");
  with = orr_mask_propose_params (model, super, registry);
  assert_names (with, only_g);
  /* Without the classes every parameter is an expression: the same model
   * then reads hidden, which shows the registry is what left it out. */
  without = orr_mask_propose_params (model, super, NULL);
  assert_names (without, both);
}

static void
test_defined_inside (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  OrrBlock *super = orr_model_add_super_block (model, orr_model_get_root (model), NULL);
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) empty = NULL;
  const char *expected[] = { "x", NULL };
  const char *none[] = { NULL };

  orr_model_set_context (model, super->child, "k = 2; % k is defined here\nfor i = 1:3\nend");
  add (model, super->child, "gain", "k * x");
  add (model, super->child, "gain", "[k 2*k]");
  names = orr_mask_propose_params (model, super, NULL);
  assert_names (names, expected);

  /* Nothing inside: nothing to propose. */
  super = orr_model_add_super_block (model, orr_model_get_root (model), NULL);
  empty = orr_mask_propose_params (model, super, NULL);
  assert_names (empty, none);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mask-proposal/nested", test_nested);
  g_test_add_func ("/mask-proposal/text-params", test_text_params_need_registry);
  g_test_add_func ("/mask-proposal/defined-inside", test_defined_inside);
  return g_test_run ();
}
