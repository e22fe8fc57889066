/* test-block-dialog.c: the parameter dialog checks each field as it is
 * typed (syntax, names of the diagram's context, the block's own rules),
 * keeps Apply insensitive while anything is wrong, and applies in one
 * undoable step after which the ports follow (Mux inputs). Needs a display
 * (xvfb-run). */
#include "app-test-util.h"
#include "orr-block-dialog.h"
#include "orr-form-buttons.h"

#include <orrery/orr-editor.h>
#include <orr-palettes.h>
#include <string.h>

typedef struct
{
  OrrRegistry *registry;
  OrrModel *model;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->model = orr_model_new ();
  /* The model context defines k, which parameters may use. */
  orr_model_set_context (f->model, orr_model_get_root (f->model), "k = 4;");
  orr_model_clear_history (f->model);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->model);
  g_clear_pointer (&f->registry, orr_registry_free);
}

static OrrBlock *
add_block (Fixture *f, const char *type)
{
  g_autoptr (GError) error = NULL;
  OrrRect where = { 100, 100, 0, 0 };
  OrrBlock *block = orr_editor_add_block (f->model, orr_model_get_root (f->model), f->registry,
                                          type, &where, &error);

  g_assert_no_error (error);
  g_assert_nonnull (block);
  return block;
}

static void
type_into (OrrBlockDialog *dialog, const char *param, const char *text)
{
  GtkWidget *entry = orr_block_dialog_get_field (dialog, param);

  g_assert_true (GTK_IS_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
assert_error_shown (OrrBlockDialog *dialog, const char *param, const char *mentions)
{
  GtkWidget *label = orr_block_dialog_get_error_label (dialog, param);
  const char *text = gtk_label_get_text (GTK_LABEL (label));

  g_assert_true (gtk_widget_get_visible (label));
  g_assert_cmpstr (text, !=, "");
  if (mentions != NULL && strstr (text, mentions) == NULL)
    g_error ("the error “%s” does not mention “%s”", text, mentions);
  g_assert_false (gtk_widget_get_sensitive (orr_form_get_apply_button (dialog)));
  g_assert_false (orr_form_is_valid (dialog));
}

static void
assert_no_error (OrrBlockDialog *dialog, const char *param)
{
  g_assert_false (gtk_widget_get_visible (orr_block_dialog_get_error_label (dialog, param)));
  g_assert_true (gtk_widget_get_sensitive (orr_form_get_apply_button (dialog)));
}

static void
click_apply (OrrBlockDialog *dialog)
{
  g_signal_emit_by_name (orr_form_get_apply_button (dialog), "clicked");
}

static void
test_mux (Fixture *f, gconstpointer data)
{
  OrrBlock *mux = add_block (f, "Mux");
  const OrrBlockClass *klass = orr_registry_lookup (f->registry, "Mux");
  OrrBlockDialog *dialog;
  GtkWidget *entry;
  g_autofree char *first_label = NULL;

  orr_model_clear_history (f->model);
  /* A Mux starts with its default, two scalar inputs. */
  g_assert_cmpstr (klass->params[0].name, ==, "inputs");
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 2);

  dialog = orr_block_dialog_new (NULL, f->model, f->registry, mux);
  entry = orr_block_dialog_get_field (dialog, "inputs");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, klass->params[0].default_expr);
  assert_no_error (dialog, "inputs");

  type_into (dialog, "inputs", "[1 2");
  assert_error_shown (dialog, "inputs", NULL);
  type_into (dialog, "inputs", "q + 1");
  assert_error_shown (dialog, "inputs", "q");
  app_test_keep_picture (GTK_WINDOW (dialog), "block-dialog-mux-error");
  /* Evaluates, but no Mux has zero inputs: the block's own rule. */
  type_into (dialog, "inputs", "0");
  assert_error_shown (dialog, "inputs", "inputs");
  /* Apply refuses while wrong, and nothing changes. */
  g_assert_false (orr_block_dialog_apply (dialog, NULL));
  g_assert_false (orr_model_can_undo (f->model));

  /* k comes from the model context: sizes [2 1 3], three inputs. */
  type_into (dialog, "inputs", "[2 1 k-1]");
  assert_no_error (dialog, "inputs");
  click_apply (dialog);
  g_assert_cmpstr (orr_block_get_param (mux, "inputs"), ==, "[2 1 k-1]");
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 3);
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_OUT), ==, 1);
  g_assert_true (orr_model_can_undo (f->model));

  /* Name and parameter in one go, undone in one step. The name entry
   * shows the block's label as it was. */
  first_label = g_strdup (mux->label);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (orr_block_dialog_get_field (dialog, NULL))),
                   ==, first_label != NULL ? first_label : "");
  gtk_editable_set_text (GTK_EDITABLE (orr_block_dialog_get_field (dialog, NULL)), "Bus");
  type_into (dialog, "inputs", "k");
  click_apply (dialog);
  g_assert_cmpstr (mux->label, ==, "Bus");
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 4);

  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpstr (mux->label, ==, first_label);
  g_assert_cmpstr (orr_block_get_param (mux, "inputs"), ==, "[2 1 k-1]");
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 3);
  g_assert_true (orr_model_undo (f->model));
  g_assert_cmpuint (orr_block_get_port_count (mux, ORR_PORT_IN), ==, 2);
  g_assert_false (orr_model_can_undo (f->model));

  /* Applying with nothing changed records nothing. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  dialog = orr_block_dialog_new (NULL, f->model, f->registry, mux);
  g_assert_true (orr_block_dialog_apply (dialog, NULL));
  g_assert_false (orr_model_can_undo (f->model));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_gain (Fixture *f, gconstpointer data)
{
  OrrBlock *gain = add_block (f, "Gain");
  OrrBlockDialog *dialog = orr_block_dialog_new (NULL, f->model, f->registry, gain);

  type_into (dialog, "gain", "k*");
  assert_error_shown (dialog, "gain", NULL);
  type_into (dialog, "gain", "nope*2");
  assert_error_shown (dialog, "gain", "nope");
  type_into (dialog, "gain", "k*2");
  assert_no_error (dialog, "gain");
  g_assert_true (orr_block_dialog_apply (dialog, NULL));
  g_assert_cmpstr (orr_block_get_param (gain, "gain"), ==, "k*2");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_choice_and_check (Fixture *f, gconstpointer data)
{
  OrrBlock *rounding = add_block (f, "Rounding");
  OrrBlock *expression = add_block (f, "CCustomBlock");
  const OrrBlockClass *klass = orr_registry_lookup (f->registry, "Rounding");
  OrrBlockDialog *dialog = orr_block_dialog_new (NULL, f->model, f->registry, rounding);
  const OrrParamSpec *choice = NULL, *check = NULL;
  GtkWidget *widget;

  for (int i = 0; i < klass->n_params; i++)
    {
      if (klass->params[i].kind == ORR_PARAM_CHOICE && choice == NULL)
        choice = &klass->params[i];
      if (klass->params[i].kind == ORR_PARAM_CHECKBOX && check == NULL)
        check = &klass->params[i];
    }
  g_assert_nonnull (choice);
  g_assert_nonnull (check);

  widget = orr_block_dialog_get_field (dialog, choice->name);
  g_assert_true (GTK_IS_DROP_DOWN (widget));
  /* choices are 1-based in the model, 0-based in the drop-down */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 2);

  widget = orr_block_dialog_get_field (dialog, check->name);
  g_assert_true (GTK_IS_CHECK_BUTTON (widget));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget),
                               !gtk_check_button_get_active (GTK_CHECK_BUTTON (widget)));

  g_assert_true (orr_block_dialog_apply (dialog, NULL));
  g_assert_cmpstr (orr_block_get_param (rounding, choice->name), ==, "3");
  g_assert_cmpstr (orr_block_get_param (rounding, check->name), ==,
                   g_str_equal (check->default_expr, "1") ? "0" : "1");
  app_test_keep_picture (GTK_WINDOW (dialog), "block-dialog-rounding");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A block with a text parameter, for the picture. */
  dialog = orr_block_dialog_new (NULL, f->model, f->registry, expression);
  app_test_keep_picture (GTK_WINDOW (dialog), "block-dialog-ccustom");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_closes_with_block (Fixture *f, gconstpointer data)
{
  OrrBlock *gain = add_block (f, "Gain");
  OrrBlockDialog *dialog = orr_block_dialog_new (NULL, f->model, f->registry, gain);

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *)&dialog);
  /* Undoing the insertion removes the block the dialog edits. */
  g_assert_true (orr_model_undo (f->model));
  g_assert_null (dialog);
}

/* A masked super block's dialog is its mask: one field per mask parameter
 * with its label and kind, checked in the scope around the block (k of
 * the model context is known, names inside are not), applied as the
 * block's parameters in one undo step. */
static void
test_masked_block (Fixture *f, gconstpointer data)
{
  OrrBlock *ball = add_block (f, "SuperBlock");
  OrrMask *mask = orr_mask_new ();
  OrrMaskParam *g = orr_mask_param_new ("g", "Gravity (m/s²)", "9.81");
  OrrMaskParam *e = orr_mask_param_new ("e", "Restitution", "0.8");
  OrrMaskParam *drag = orr_mask_param_new ("drag", "With air drag", "0");
  OrrBlockDialog *dialog;
  GtkWidget *widget;

  drag->kind = ORR_MASK_PARAM_CHECKBOX;
  g_ptr_array_add (mask->params, g);
  g_ptr_array_add (mask->params, e);
  g_ptr_array_add (mask->params, drag);
  orr_model_set_context (f->model, ball->child, "inner = 2;");
  orr_model_set_mask (f->model, ball, mask);
  orr_model_clear_history (f->model);

  dialog = orr_block_dialog_new (NULL, f->model, f->registry, ball);
  g_assert_true (GTK_IS_ENTRY (orr_block_dialog_get_field (dialog, "g")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (orr_block_dialog_get_field (dialog, "g"))),
                   ==, "9.81");
  widget = orr_block_dialog_get_field (dialog, "drag");
  g_assert_true (GTK_IS_CHECK_BUTTON (widget));

  type_into (dialog, "e", "inner / 4");
  assert_error_shown (dialog, "e", "inner");
  type_into (dialog, "e", "k / 8");
  assert_no_error (dialog, "e");
  type_into (dialog, "g", "1.62");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), TRUE);
  g_assert_true (orr_block_dialog_apply (dialog, NULL));
  app_test_keep_picture (GTK_WINDOW (dialog), "block-dialog-masked");
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_cmpstr (orr_block_get_param (ball, "g"), ==, "1.62");
  g_assert_cmpstr (orr_block_get_param (ball, "e"), ==, "k / 8");
  g_assert_cmpstr (orr_block_get_param (ball, "drag"), ==, "1");
  g_assert_true (orr_model_undo (f->model));
  g_assert_null (orr_block_get_param (ball, "g"));
  g_assert_null (orr_block_get_param (ball, "e"));
  g_assert_false (orr_model_can_undo (f->model));
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/block-dialog/mux", Fixture, NULL, fixture_set_up, test_mux, fixture_tear_down);
  g_test_add ("/block-dialog/gain", Fixture, NULL, fixture_set_up, test_gain, fixture_tear_down);
  g_test_add ("/block-dialog/choice-and-check", Fixture, NULL, fixture_set_up,
              test_choice_and_check, fixture_tear_down);
  g_test_add ("/block-dialog/masked-block", Fixture, NULL, fixture_set_up, test_masked_block,
              fixture_tear_down);
  g_test_add ("/block-dialog/closes-with-block", Fixture, NULL, fixture_set_up,
              test_closes_with_block, fixture_tear_down);
  return g_test_run ();
}
