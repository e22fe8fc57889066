/* test-hierarchy-dialogs.c: the mask editor (building a mask of each kind
 * of parameter in one undoable step, refusing bad names, proposing what
 * the inside reads), the context editor (the error marked at its line,
 * scopes as the compiler has them, evaluation after a pause in typing)
 * and the settings dialog (values applied exactly, final time after
 * start). Every expected value is written out by hand from the models
 * built here. Needs a display (xvfb-run). */
#include "app-test-util.h"
#include "orr-context-editor.h"
#include "orr-form-buttons.h"
#include "orr-mask-editor.h"
#include "orr-settings-dialog.h"

#include <orrery/orr-editor.h>
#include <orr-palettes.h>
#include <orrery/orr-evaluate.h>
#include <orrery/orr-solvers.h>
#include <string.h>

typedef struct
{
  OrrRegistry *registry;
  OrrModel *model;
  OrrBlock *super; /* "Plant", holding a Gain of K*tau + a and one of w */
} Fixture;

static OrrBlock *
add_gain (Fixture *f, OrrDiagram *diagram, const char *gain)
{
  g_autoptr (GError) error = NULL;
  OrrRect where = { 100, 100, 0, 0 };
  OrrBlock *block = orr_editor_add_block (f->model, diagram, f->registry, "Gain", &where, &error);

  g_assert_no_error (error);
  orr_model_set_param (f->model, block, "gain", gain);
  return block;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  OrrRect where = { 200, 100, 80, 60 };

  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->model = orr_model_new ();
  orr_model_set_context (f->model, orr_model_get_root (f->model), "K = 5;\ntau = 0.2;");
  f->super = orr_model_add_super_block (f->model, orr_model_get_root (f->model), &where);
  orr_model_set_block_label (f->model, f->super, "Plant");
  orr_model_set_context (f->model, f->super->child, "a = 1;");
  add_gain (f, f->super->child, "K*tau + a");
  add_gain (f, f->super->child, "w");
  orr_model_clear_history (f->model);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->model);
  g_clear_pointer (&f->registry, orr_registry_free);
}

static void
wait_for_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* ---- mask editor ----------------------------------------------------------------- */

static void
set_row (OrrMaskEditor *editor, guint index, const char *name, const char *label,
         const char *default_expr, OrrMaskParamKind kind, const char *const *choices,
         gboolean tunable)
{
  OrrMaskParam *param = orr_mask_param_new (name, label, default_expr);

  param->kind = kind;
  param->choices = g_strdupv ((char **)choices);
  param->tunable = tunable;
  orr_mask_editor_set_param (editor, index, param);
  orr_mask_param_free (param);
}

static void
assert_param (const OrrMaskParam *p, const char *name, const char *label, const char *default_expr,
              OrrMaskParamKind kind, const char *choices, gboolean tunable)
{
  g_autofree char *joined = p->choices != NULL ? g_strjoinv ("|", p->choices) : NULL;

  g_assert_cmpstr (p->name, ==, name);
  g_assert_cmpstr (p->label, ==, label);
  g_assert_cmpstr (p->default_expr, ==, default_expr);
  g_assert_cmpint (p->kind, ==, kind);
  g_assert_cmpstr (joined, ==, choices);
  g_assert_cmpint (p->tunable, ==, tunable);
}

static void
test_mask_build (Fixture *f, gconstpointer data)
{
  OrrMaskEditor *editor
    = ORR_MASK_EDITOR (orr_mask_editor_new (NULL, f->model, f->super, f->registry));
  const char *modes[] = { "Fast", "Slow", "Exact", NULL };
  OrrMaskParam *moved;

  g_assert_cmpuint (orr_mask_editor_get_n_params (editor), ==, 0);
  g_assert_cmpuint (orr_mask_editor_add_param (editor), ==, 0);
  set_row (editor, 0, "gain", "Gain", "2*K", ORR_MASK_PARAM_EXPRESSION, NULL, TRUE);
  g_assert_cmpuint (orr_mask_editor_add_param (editor), ==, 1);
  set_row (editor, 1, "mode", "Mode", "2", ORR_MASK_PARAM_CHOICE, modes, FALSE);
  g_assert_cmpuint (orr_mask_editor_add_param (editor), ==, 2);
  set_row (editor, 2, "limit", "Limit the output", "1", ORR_MASK_PARAM_CHECKBOX, NULL, FALSE);
  orr_mask_editor_set_icon_text (editor, "PID");
  orr_mask_editor_set_description (editor, "A controller.");
  g_assert_true (orr_form_is_valid (editor));
  g_assert_true (gtk_widget_get_sensitive (orr_form_get_apply_button (editor)));

  /* Moving: limit up above mode, then back down. */
  orr_mask_editor_move_param (editor, 2, -1);
  moved = orr_mask_editor_dup_param (editor, 1);
  g_assert_cmpstr (moved->name, ==, "limit");
  orr_mask_param_free (moved);
  orr_mask_editor_move_param (editor, 1, 1);
  moved = orr_mask_editor_dup_param (editor, 2);
  g_assert_cmpstr (moved->name, ==, "limit");
  orr_mask_param_free (moved);
  /* and a row added then removed leaves nothing behind */
  orr_mask_editor_add_param (editor);
  orr_mask_editor_remove_param (editor, 3);
  g_assert_cmpuint (orr_mask_editor_get_n_params (editor), ==, 3);

  app_test_keep_picture (GTK_WINDOW (editor), "mask-editor");
  g_assert_false (orr_model_can_undo (f->model));
  g_signal_emit_by_name (orr_form_get_apply_button (editor), "clicked");

  g_assert_nonnull (f->super->mask);
  g_assert_cmpuint (f->super->mask->params->len, ==, 3);
  assert_param (f->super->mask->params->pdata[0], "gain", "Gain", "2*K", ORR_MASK_PARAM_EXPRESSION,
                NULL, TRUE);
  assert_param (f->super->mask->params->pdata[1], "mode", "Mode", "2", ORR_MASK_PARAM_CHOICE,
                "Fast|Slow|Exact", FALSE);
  assert_param (f->super->mask->params->pdata[2], "limit", "Limit the output", "1",
                ORR_MASK_PARAM_CHECKBOX, NULL, FALSE);
  g_assert_cmpstr (f->super->mask->icon_text, ==, "PID");
  g_assert_cmpstr (f->super->mask->description, ==, "A controller.");

  /* One step: one undo unmasks, and nothing is left to undo. */
  g_assert_true (orr_model_undo (f->model));
  g_assert_null (f->super->mask);
  g_assert_false (orr_model_can_undo (f->model));
  g_assert_true (orr_model_redo (f->model));
  g_assert_cmpuint (f->super->mask->params->len, ==, 3);

  /* Applying again with nothing changed records nothing. */
  g_assert_true (orr_mask_editor_apply (editor, NULL));
  g_assert_true (orr_model_undo (f->model));
  g_assert_false (orr_model_can_undo (f->model));
  g_assert_true (orr_model_redo (f->model));
  gtk_window_destroy (GTK_WINDOW (editor));

  /* A value the block holds for a parameter the mask drops goes with it,
   * in the same step. */
  orr_model_set_param (f->model, f->super, "gain", "3");
  orr_model_clear_history (f->model);
  editor = ORR_MASK_EDITOR (orr_mask_editor_new (NULL, f->model, f->super, f->registry));
  g_assert_cmpuint (orr_mask_editor_get_n_params (editor), ==, 3);
  orr_mask_editor_remove_param (editor, 0);
  g_assert_true (orr_mask_editor_apply (editor, NULL));
  g_assert_cmpuint (f->super->mask->params->len, ==, 2);
  g_assert_null (orr_block_get_param (f->super, "gain"));
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (f->super->mask->params->len, ==, 3);
  g_assert_cmpstr (orr_block_get_param (f->super, "gain"), ==, "3");
  g_assert_false (orr_model_can_undo (f->model));

  /* Remove Mask: one step, and the editor closes. */
  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *)&editor);
  orr_mask_editor_remove_mask (editor);
  g_assert_null (editor);
  g_assert_null (f->super->mask);
  g_assert_null (orr_block_get_param (f->super, "gain"));
  g_assert_true (orr_model_undo (f->model));
  g_assert_nonnull (f->super->mask);
  g_assert_false (orr_model_can_undo (f->model));
}

static void
assert_row_error (OrrMaskEditor *editor, guint index, const char *mentions)
{
  const char *error = orr_mask_editor_get_param_error (editor, index);

  g_assert_nonnull (error);
  if (mentions != NULL && strstr (error, mentions) == NULL)
    g_error ("the error “%s” does not mention “%s”", error, mentions);
  g_assert_false (orr_form_is_valid (editor));
  g_assert_false (gtk_widget_get_sensitive (orr_form_get_apply_button (editor)));
}

static void
test_mask_invalid (Fixture *f, gconstpointer data)
{
  OrrMaskEditor *editor
    = ORR_MASK_EDITOR (orr_mask_editor_new (NULL, f->model, f->super, f->registry));
  g_autoptr (GError) error = NULL;
  const char *none[] = { NULL };
  const char *one[] = { "Only", NULL };

  orr_mask_editor_add_param (editor);
  assert_row_error (editor, 0, "needed");
  set_row (editor, 0, "2x", NULL, "1", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  assert_row_error (editor, 0, "letter");
  set_row (editor, 0, "gain rate", NULL, "1", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  assert_row_error (editor, 0, "letters, digits");
  set_row (editor, 0, "end", NULL, "1", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  assert_row_error (editor, 0, "word");
  set_row (editor, 0, "pi", NULL, "1", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  assert_row_error (editor, 0, "builtin");
  set_row (editor, 0, "k2", NULL, "1", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  g_assert_null (orr_mask_editor_get_param_error (editor, 0));
  g_assert_true (orr_form_is_valid (editor));

  /* The second of two equal names is the one marked. */
  orr_mask_editor_add_param (editor);
  set_row (editor, 1, "k2", NULL, "2", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  g_assert_null (orr_mask_editor_get_param_error (editor, 0));
  assert_row_error (editor, 1, "name");
  /* a default that does not parse, a choice without options */
  set_row (editor, 1, "k3", NULL, "(1 +", ORR_MASK_PARAM_EXPRESSION, NULL, FALSE);
  assert_row_error (editor, 1, "Default");
  set_row (editor, 1, "k3", NULL, "1", ORR_MASK_PARAM_CHOICE, none, FALSE);
  assert_row_error (editor, 1, "options");
  app_test_keep_picture (GTK_WINDOW (editor), "mask-editor-error");

  /* Refused, and the model is untouched. */
  g_assert_false (orr_mask_editor_apply (editor, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_null (f->super->mask);
  g_assert_false (orr_model_can_undo (f->model));

  set_row (editor, 1, "k3", NULL, "1", ORR_MASK_PARAM_CHOICE, one, FALSE);
  g_assert_true (orr_form_is_valid (editor));
  g_assert_true (orr_mask_editor_apply (editor, NULL));
  g_assert_cmpuint (f->super->mask->params->len, ==, 2);
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
test_mask_propose (Fixture *f, gconstpointer data)
{
  OrrMaskEditor *editor
    = ORR_MASK_EDITOR (orr_mask_editor_new (NULL, f->model, f->super, f->registry));
  OrrMaskParam *p;
  g_autoptr (OrrValue) value = NULL;

  /* Plant reads K and tau (model context) and w (nowhere); a is its own.
   * tau is in the list already, so K and w are added, sorted. */
  orr_mask_editor_add_param (editor);
  set_row (editor, 0, "tau", "Time constant", "0.5", ORR_MASK_PARAM_EXPRESSION, NULL, TRUE);
  g_assert_cmpuint (orr_mask_editor_propose (editor), ==, 2);
  g_assert_cmpuint (orr_mask_editor_get_n_params (editor), ==, 3);

  p = orr_mask_editor_dup_param (editor, 0);
  assert_param (p, "tau", "Time constant", "0.5", ORR_MASK_PARAM_EXPRESSION, NULL, TRUE);
  orr_mask_param_free (p);
  /* K's default is what it is worth outside, 5 */
  p = orr_mask_editor_dup_param (editor, 1);
  g_assert_cmpstr (p->name, ==, "K");
  value = orr_expr_evaluate (p->default_expr, NULL, NULL);
  g_assert_nonnull (value);
  g_assert_true (orr_value_is_scalar (value));
  g_assert_cmpfloat (orr_value_get_real (value, 0), ==, 5.0);
  orr_mask_param_free (p);
  /* w has no value outside: left empty for the user */
  p = orr_mask_editor_dup_param (editor, 2);
  g_assert_cmpstr (p->name, ==, "w");
  g_assert_cmpstr (p->default_expr, ==, "");
  orr_mask_param_free (p);
  g_assert_true (orr_form_is_valid (editor));

  /* Again: nothing new. */
  g_assert_cmpuint (orr_mask_editor_propose (editor), ==, 0);
  app_test_keep_picture (GTK_WINDOW (editor), "mask-editor-proposed");
  gtk_window_destroy (GTK_WINDOW (editor));
}

/* ---- context editor -------------------------------------------------------------- */

/* The lines (from 1) the "error" tag covers: first and last. */
static void
tagged_lines (GtkTextView *view, int *first, int *last)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "error");
  GtkTextIter iter;

  g_assert_nonnull (tag);
  *first = *last = 0;
  gtk_text_buffer_get_start_iter (buffer, &iter);
  if (!gtk_text_iter_has_tag (&iter, tag) && !gtk_text_iter_forward_to_tag_toggle (&iter, tag))
    return;
  *first = gtk_text_iter_get_line (&iter) + 1;
  g_assert_true (gtk_text_iter_forward_to_tag_toggle (&iter, tag));
  /* the toggle off is at the end of the last tagged character's line */
  *last = gtk_text_iter_get_line (&iter) + 1;
}

static void
set_text (OrrContextEditor *editor, const char *text)
{
  GtkTextView *view = GTK_TEXT_VIEW (orr_context_editor_get_text_view (editor));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
}

static const char *
message_of (OrrContextEditor *editor)
{
  return gtk_label_get_text (GTK_LABEL (orr_context_editor_get_message_label (editor)));
}

static void
test_context_error_line (Fixture *f, gconstpointer data)
{
  OrrContextEditor *editor
    = ORR_CONTEXT_EDITOR (orr_context_editor_new (NULL, f->model, f->super->child, f->registry));
  GtkTextView *view = GTK_TEXT_VIEW (orr_context_editor_get_text_view (editor));
  GtkWidget *message = orr_context_editor_get_message_label (editor);
  int first, last;
  gint64 deadline;

  /* The context as it is runs: a is defined. */
  g_assert_cmpint (orr_context_editor_get_error_line (editor), ==, 0);
  tagged_lines (view, &first, &last);
  g_assert_cmpint (first, ==, 0);
  g_assert_cmpstr (message_of (editor), ==, "Defines a.");

  /* K comes from the model context; undefined_name from nowhere, on line 3. */
  set_text (editor, "b = K * 2;\n% a comment\nc = b + undefined_name;\nd = 4;");
  g_assert_false (orr_context_editor_evaluate (editor));
  g_assert_cmpint (orr_context_editor_get_error_line (editor), ==, 3);
  tagged_lines (view, &first, &last);
  g_assert_cmpint (first, ==, 3);
  g_assert_cmpint (last, ==, 3);
  g_assert_true (gtk_widget_has_css_class (message, "error"));
  g_assert_nonnull (strstr (message_of (editor), "undefined_name"));
  g_assert_true (g_str_has_prefix (message_of (editor), "Line 3"));
  app_test_keep_picture (GTK_WINDOW (editor), "context-editor-error");

  /* After a pause in typing it evaluates by itself: a syntax error on
   * line 2, then none. */
  set_text (editor, "b = 1;\nc = (b + ;");
  deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  while (orr_context_editor_get_error_line (editor) != 2 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  tagged_lines (view, &first, &last);
  g_assert_cmpint (first, ==, 2);
  set_text (editor, "b = 1;\nc = (b + K);");
  deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  while (orr_context_editor_get_error_line (editor) != 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  tagged_lines (view, &first, &last);
  g_assert_cmpint (first, ==, 0);
  g_assert_cmpstr (message_of (editor), ==, "Defines b, c.");
  g_assert_false (gtk_widget_has_css_class (message, "error"));

  /* Apply: one step; undo brings the old script back into the editor. */
  orr_context_editor_apply (editor);
  g_assert_cmpstr (f->super->child->context, ==, "b = 1;\nc = (b + K);");
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpstr (f->super->child->context, ==, "a = 1;");
  g_assert_false (orr_model_can_undo (f->model));
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
    GtkTextIter start, end;
    g_autofree char *text = NULL;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    g_assert_cmpstr (text, ==, "a = 1;");
  }
  gtk_window_destroy (GTK_WINDOW (editor));
  wait_for_idle ();
}

/* A long script scrolled down: the gutter's numbers must follow the text.
 * Only the marking is asserted; the picture shows the numbers. */
static void
test_context_long (Fixture *f, gconstpointer data)
{
  OrrContextEditor *editor = ORR_CONTEXT_EDITOR (
    orr_context_editor_new (NULL, f->model, orr_model_get_root (f->model), f->registry));
  GtkTextView *view = GTK_TEXT_VIEW (orr_context_editor_get_text_view (editor));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  g_autoptr (GString) script = g_string_new (NULL);
  GtkTextIter iter;
  int first, last;

  for (int i = 1; i <= 60; i++)
    g_string_append_printf (script, i == 45 ? "x%d = x%d + ;\n" : "x%d = %d;\n", i, i - 1);
  set_text (editor, script->str);
  g_assert_false (orr_context_editor_evaluate (editor));
  tagged_lines (view, &first, &last);
  g_assert_cmpint (first, ==, 45);
  g_assert_cmpint (last, ==, 45);

  gtk_window_present (GTK_WINDOW (editor));
  app_test_keep_picture_of (GTK_WIDGET (editor), "context-editor-long");
  gtk_text_buffer_get_iter_at_line (buffer, &iter, 44);
  gtk_text_view_scroll_to_iter (view, &iter, 0.0, TRUE, 0.0, 0.5);
  app_test_keep_picture_of (GTK_WIDGET (editor), "context-editor-long");
  gtk_window_destroy (GTK_WINDOW (editor));
  wait_for_idle ();
}

static void
test_context_scopes (Fixture *f, gconstpointer data)
{
  OrrMask *mask = orr_mask_new ();
  OrrContextEditor *editor;

  /* The model context runs in a root scope of its own: tau is not yet
   * defined on line 1. */
  editor = ORR_CONTEXT_EDITOR (
    orr_context_editor_new (NULL, f->model, orr_model_get_root (f->model), f->registry));
  g_assert_cmpstr (message_of (editor), ==, "Defines K, tau.");
  set_text (editor, "x = tau;\ntau = 1;");
  g_assert_false (orr_context_editor_evaluate (editor));
  g_assert_cmpint (orr_context_editor_get_error_line (editor), ==, 1);
  gtk_window_destroy (GTK_WINDOW (editor));

  /* Masked, Plant sees its mask parameter g and nothing from outside: not
   * K, although the model context defines it. */
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gain", "K"));
  orr_model_set_mask (f->model, f->super, mask);
  editor
    = ORR_CONTEXT_EDITOR (orr_context_editor_new (NULL, f->model, f->super->child, f->registry));
  set_text (editor, "z = g * 2;");
  g_assert_true (orr_context_editor_evaluate (editor));
  set_text (editor, "z = g * 2;\ny = K;");
  g_assert_false (orr_context_editor_evaluate (editor));
  g_assert_cmpint (orr_context_editor_get_error_line (editor), ==, 2);

  /* When the scopes around have errors, only the syntax is judged. */
  orr_model_set_context (f->model, orr_model_get_root (f->model), "K = ;");
  set_text (editor, "y = K;");
  g_assert_true (orr_context_editor_evaluate (editor));
  g_assert_true (
    gtk_widget_has_css_class (orr_context_editor_get_message_label (editor), "warning"));
  set_text (editor, "y = (K;");
  g_assert_false (orr_context_editor_evaluate (editor));
  g_assert_cmpint (orr_context_editor_get_error_line (editor), ==, 1);

  /* The editor of a super block closes when the block goes. */
  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *)&editor);
  orr_model_remove_block (f->model, f->super);
  g_assert_null (editor);
  wait_for_idle ();
}

/* ---- settings dialog -------------------------------------------------------------- */

static void
type_setting (OrrSettingsDialog *dialog, const char *name, const char *text)
{
  GtkWidget *entry = orr_settings_dialog_get_field (dialog, name);

  g_assert_true (GTK_IS_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
assert_setting_error (OrrSettingsDialog *dialog, const char *name, const char *mentions)
{
  GtkWidget *label = orr_settings_dialog_get_error_label (dialog, name);
  const char *text = gtk_label_get_text (GTK_LABEL (label));

  g_assert_true (gtk_widget_get_visible (label));
  if (mentions != NULL && strstr (text, mentions) == NULL)
    g_error ("the error “%s” does not mention “%s”", text, mentions);
  g_assert_false (orr_form_is_valid (dialog));
  g_assert_false (gtk_widget_get_sensitive (orr_form_get_apply_button (dialog)));
}

static double
shown_number (OrrSettingsDialog *dialog, const char *name)
{
  const char *text
    = gtk_editable_get_text (GTK_EDITABLE (orr_settings_dialog_get_field (dialog, name)));
  char *end;
  double value = g_ascii_strtod (text, &end);

  g_assert_cmpint (*end, ==, '\0');
  return value;
}

static void
test_settings (Fixture *f, gconstpointer data)
{
  OrrSettingsDialog *dialog = ORR_SETTINGS_DIALOG (orr_settings_dialog_new (NULL, f->model));
  const OrrSettings *settings;
  guint n_solvers, dormand_prince = G_MAXUINT;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  g_autoptr (GError) error = NULL;

  /* The model's defaults, shown exactly (orr_settings_init_default). */
  g_assert_cmpfloat (shown_number (dialog, "start_time"), ==, 0.0);
  g_assert_cmpfloat (shown_number (dialog, "final_time"), ==, 10.0);
  g_assert_cmpfloat (shown_number (dialog, "rtol"), ==, 1e-6);
  g_assert_cmpfloat (shown_number (dialog, "atol"), ==, 1e-8);
  g_assert_cmpuint (
    gtk_drop_down_get_selected (GTK_DROP_DOWN (orr_settings_dialog_get_field (dialog, "solver"))),
    ==, 0);
  g_assert_cmpstr (solvers[0].name, ==, "auto");
  g_assert_true (orr_form_is_valid (dialog));

  /* The final time must come after the start. */
  type_setting (dialog, "start_time", "1");
  type_setting (dialog, "final_time", "0.5");
  assert_setting_error (dialog, "final_time", "after the start");
  type_setting (dialog, "final_time", "1");
  assert_setting_error (dialog, "final_time", "after the start");
  g_assert_false (orr_settings_dialog_apply (dialog, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_false (orr_model_can_undo (f->model));
  g_assert_cmpfloat (orr_model_get_settings (f->model)->start_time, ==, 0.0);
  app_test_keep_picture (GTK_WINDOW (dialog), "settings-dialog-error");

  /* Tolerances are positive; steps and the factor not negative; numbers. */
  type_setting (dialog, "final_time", "20");
  g_assert_true (orr_form_is_valid (dialog));
  type_setting (dialog, "rtol", "0");
  assert_setting_error (dialog, "rtol", "greater than 0");
  type_setting (dialog, "rtol", "1e-5");
  type_setting (dialog, "atol", "-1e-7");
  assert_setting_error (dialog, "atol", "greater than 0");
  type_setting (dialog, "atol", "1e-7");
  type_setting (dialog, "realtime_factor", "-2");
  assert_setting_error (dialog, "realtime_factor", "negative");
  type_setting (dialog, "realtime_factor", "fast");
  assert_setting_error (dialog, "realtime_factor", "Not a number");
  type_setting (dialog, "realtime_factor", "");
  assert_setting_error (dialog, "realtime_factor", "needed");
  type_setting (dialog, "realtime_factor", "inf");
  assert_setting_error (dialog, "realtime_factor", "finite");
  type_setting (dialog, "realtime_factor", "2");
  /* A run until stopped: an infinite final time, but never before the
   * start. */
  type_setting (dialog, "final_time", "inf");
  g_assert_true (orr_form_is_valid (dialog));
  type_setting (dialog, "final_time", "-inf");
  assert_setting_error (dialog, "final_time", NULL);
  type_setting (dialog, "final_time", "20");
  type_setting (dialog, "start_time", "0.5");
  type_setting (dialog, "max_step", "0.01");
  type_setting (dialog, "initial_step", "1e-4");
  type_setting (dialog, "zc_tolerance", "1e-9");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (orr_settings_dialog_get_field (dialog, "refine")), 8);
  g_assert_false (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (orr_settings_dialog_get_field (dialog, "solve_loops"))));
  gtk_check_button_set_active (
    GTK_CHECK_BUTTON (orr_settings_dialog_get_field (dialog, "solve_loops")), TRUE);
  for (guint i = 0; i < n_solvers; i++)
    if (g_str_equal (solvers[i].name, "dormand-prince"))
      dormand_prince = i;
  g_assert_cmpuint (dormand_prince, <, n_solvers);

  /* A fixed-step solver takes the maximum step as its step: no limit is
   * no step. */
  for (guint i = 0; i < n_solvers; i++)
    if (g_str_equal (solvers[i].name, "rk4"))
      {
        g_assert_true (solvers[i].fixed_step);
        gtk_drop_down_set_selected (
          GTK_DROP_DOWN (orr_settings_dialog_get_field (dialog, "solver")), i);
      }
  type_setting (dialog, "max_step", "-1");
  assert_setting_error (dialog, "max_step", "fixed-step");
  type_setting (dialog, "max_step", "0.01");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (orr_settings_dialog_get_field (dialog, "solver")),
                              dormand_prince);
  g_assert_true (orr_form_is_valid (dialog));
  app_test_keep_picture (GTK_WINDOW (dialog), "settings-dialog");

  g_signal_emit_by_name (orr_form_get_apply_button (dialog), "clicked");
  settings = orr_model_get_settings (f->model);
  /* C's strtod is correctly rounded: the typed text and the literal are
   * the same double. */
  g_assert_cmpfloat (settings->start_time, ==, 0.5);
  g_assert_cmpfloat (settings->final_time, ==, 20.0);
  g_assert_cmpstr (settings->solver, ==, "dormand-prince");
  g_assert_cmpfloat (settings->rtol, ==, 1e-5);
  g_assert_cmpfloat (settings->atol, ==, 1e-7);
  g_assert_cmpfloat (settings->max_step, ==, 0.01);
  g_assert_cmpfloat (settings->initial_step, ==, 1e-4);
  g_assert_cmpfloat (settings->zc_tolerance, ==, 1e-9);
  g_assert_cmpfloat (settings->realtime_factor, ==, 2.0);
  g_assert_cmpuint (settings->refine, ==, 8);
  g_assert_true (settings->solve_loops);

  /* One step back to the defaults. */
  g_assert_true (orr_model_undo (f->model));
  settings = orr_model_get_settings (f->model);
  g_assert_cmpfloat (settings->final_time, ==, 10.0);
  g_assert_cmpstr (settings->solver, ==, "auto");
  g_assert_cmpfloat (settings->realtime_factor, ==, 0.0);
  g_assert_cmpuint (settings->refine, <=, 1);
  g_assert_false (orr_model_can_undo (f->model));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/hierarchy-dialogs/mask/build", Fixture, NULL, fixture_set_up, test_mask_build,
              fixture_tear_down);
  g_test_add ("/hierarchy-dialogs/mask/invalid", Fixture, NULL, fixture_set_up, test_mask_invalid,
              fixture_tear_down);
  g_test_add ("/hierarchy-dialogs/mask/propose", Fixture, NULL, fixture_set_up, test_mask_propose,
              fixture_tear_down);
  g_test_add ("/hierarchy-dialogs/context/error-line", Fixture, NULL, fixture_set_up,
              test_context_error_line, fixture_tear_down);
  g_test_add ("/hierarchy-dialogs/context/long", Fixture, NULL, fixture_set_up, test_context_long,
              fixture_tear_down);
  g_test_add ("/hierarchy-dialogs/context/scopes", Fixture, NULL, fixture_set_up,
              test_context_scopes, fixture_tear_down);
  g_test_add ("/hierarchy-dialogs/settings", Fixture, NULL, fixture_set_up, test_settings,
              fixture_tear_down);
  return g_test_run ();
}
