/* orr-mask-editor.c: the mask editor. One list row per mask parameter,
 * its fields laid out in columns under a header (size groups keep them
 * aligned). Every change re-checks every row, since a name is only wrong
 * next to another of the same name. Nothing reaches the model before
 * Apply, which writes the whole mask as one undoable step. */
#include "orr-mask-editor.h"

#include "orr-form-buttons.h"
#include "orr-param-row.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-evaluate.h>
#include <string.h>

enum
{
  COLUMN_NAME,
  COLUMN_LABEL,
  COLUMN_DEFAULT,
  COLUMN_KIND,
  COLUMN_CHOICES,
  COLUMN_TUNABLE,
  N_COLUMNS
};

typedef struct
{
  GtkWidget *row; /* the GtkListBoxRow */
  GtkWidget *name;
  GtkWidget *label;
  GtkWidget *default_expr;
  GtkWidget *kind;
  GtkWidget *choices;
  GtkWidget *tunable;
  GtkWidget *error;
} Row;

struct _OrrMaskEditor
{
  GtkWindow parent_instance;

  OrrModel *model;
  OrrBlock *super;
  OrrRegistry *registry;

  GPtrArray *rows; /* of Row*, in list order */
  GtkSizeGroup *columns[N_COLUMNS];
  GtkWidget *placeholder;
  /* template children (orr-mask-editor.ui) */
  GtkWidget *heading;
  GtkWidget *icon_text;
  GtkWidget *description;
  GtkWidget *header;
  GtkWidget *list;
  GtkWidget *remove_button;
  GtkWidget *up_button;
  GtkWidget *down_button;
  GtkWidget *proposal_message;
  GtkWidget *buttons; /* OrrFormButtons */
};

G_DEFINE_FINAL_TYPE (OrrMaskEditor, orr_mask_editor, GTK_TYPE_WINDOW)

static const char *const kind_labels[]
  = { N_ ("Expression"), N_ ("Choice"), N_ ("Check box"), NULL };

static int
row_index (OrrMaskEditor *self, Row *row)
{
  guint index;

  return g_ptr_array_find (self->rows, row, &index) ? (int)index : -1;
}

static Row *
selected_row (OrrMaskEditor *self)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list));

  return selected != NULL ? g_object_get_data (G_OBJECT (selected), "orr-mask-row") : NULL;
}

static char *
entry_text (GtkWidget *entry)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
}

/* "a, b ,c" -> { "a", "b", "c" }; NULL when there is none. */
static char **
parse_choices (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) choices = NULL;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (parts[i][0] != '\0')
        g_strv_builder_add (builder, parts[i]);
    }
  choices = g_strv_builder_end (builder);
  if (choices[0] == NULL)
    return NULL;
  return g_steal_pointer (&choices);
}

static OrrMaskParam *
row_to_param (Row *row)
{
  g_autofree char *name = entry_text (row->name);
  g_autofree char *label = entry_text (row->label);
  g_autofree char *default_expr = entry_text (row->default_expr);
  OrrMaskParam *param = orr_mask_param_new (name, label[0] != '\0' ? label : NULL, default_expr);

  param->kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->kind));
  if (param->kind == ORR_MASK_PARAM_CHOICE)
    param->choices = parse_choices (gtk_editable_get_text (GTK_EDITABLE (row->choices)));
  param->tunable = gtk_check_button_get_active (GTK_CHECK_BUTTON (row->tunable));
  return param;
}

/* ---- checking ---------------------------------------------------------------------- */

static void
mark (GtkWidget *input, gboolean wrong)
{
  if (wrong)
    gtk_widget_add_css_class (input, "error");
  else
    gtk_widget_remove_css_class (input, "error");
}

/* A name a script can assign and read back: an identifier that is neither
 * a word of the language (if, end...) nor a builtin (pi, sin...), which
 * the language's own free-variable analysis tells in one go. */
static const char *
name_problem (const char *name)
{
  g_auto (GStrv) read = NULL;

  if (name[0] == '\0')
    return _ ("A name is needed.");
  if (!g_ascii_isalpha (name[0]))
    return _ ("A name starts with a letter.");
  for (const char *c = name; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '_')
      return _ ("A name holds only letters, digits and _.");
  if (orr_expr_is_builtin (name))
    return _ ("This is the name of a builtin function or constant.");
  read = orr_expr_free_variables (name, NULL);
  if (read == NULL || read[0] == NULL || g_strcmp0 (read[0], name) != 0 || read[1] != NULL)
    return _ ("This is a word of the language.");
  return NULL;
}

static void
validate (OrrMaskEditor *self)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean valid = TRUE;
  Row *selected;
  int index;

  if (self->rows == NULL)
    return; /* disposed */
  selected = selected_row (self);
  index = selected != NULL ? row_index (self, selected) : -1;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = self->rows->pdata[i];
      g_autofree char *name = entry_text (row->name);
      g_autofree char *default_expr = entry_text (row->default_expr);
      g_autofree char *message = NULL;
      g_autoptr (GError) error = NULL;
      gboolean is_choice
        = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->kind)) == ORR_MASK_PARAM_CHOICE;
      g_auto (GStrv) choices = NULL;
      const char *problem = name_problem (name);

      if (problem == NULL && g_hash_table_contains (seen, name))
        problem = _ ("Another parameter has this name.");
      mark (row->name, problem != NULL);
      if (problem != NULL)
        message = g_strdup (problem);
      g_hash_table_add (seen, g_strdup (name));

      /* An empty default is allowed: the block then needs its own value. */
      if (default_expr[0] != '\0' && !orr_expr_check_syntax (default_expr, TRUE, &error))
        {
          const char *end = strchr (error->message, '\n');
          g_autofree char *first = end != NULL ? g_strndup (error->message, end - error->message)
                                               : g_strdup (error->message);

          mark (row->default_expr, TRUE);
          if (message == NULL)
            message = g_strdup_printf (_ ("Default: %s"), first);
        }
      else
        mark (row->default_expr, FALSE);

      gtk_widget_set_sensitive (row->choices, is_choice);
      /* an example only where one is wanted */
      gtk_entry_set_placeholder_text (GTK_ENTRY (row->choices),
                                      is_choice ? _ ("first, second") : NULL);
      choices = parse_choices (gtk_editable_get_text (GTK_EDITABLE (row->choices)));
      mark (row->choices, is_choice && choices == NULL);
      if (is_choice && choices == NULL && message == NULL)
        message = g_strdup (_ ("A choice needs its options, separated by commas."));

      gtk_label_set_text (GTK_LABEL (row->error), message != NULL ? message : "");
      gtk_widget_set_visible (row->error, message != NULL);
      valid = valid && message == NULL;
    }

  orr_form_buttons_set_valid (ORR_FORM_BUTTONS (self->buttons), valid);
  orr_form_buttons_show_error (ORR_FORM_BUTTONS (self->buttons), NULL);
  gtk_widget_set_sensitive (self->remove_button, index >= 0);
  gtk_widget_set_sensitive (self->up_button, index > 0);
  gtk_widget_set_sensitive (self->down_button, index >= 0 && index + 1 < (int)self->rows->len);
}

/* ---- rows ------------------------------------------------------------------------------ */

static void
row_focused (GtkEventControllerFocus *controller, OrrMaskEditor *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (row));
}

static GtkWidget *
column_entry (OrrMaskEditor *self, int column, int width, gboolean monospace,
              const char *placeholder, const char *accessible_label)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  if (monospace)
    gtk_widget_add_css_class (entry, "monospace");
  if (placeholder != NULL)
    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_label, -1);
  gtk_size_group_add_widget (self->columns[column], entry);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (validate), self);
  return entry;
}

static Row *
row_new (OrrMaskEditor *self)
{
  Row *row = g_new0 (Row, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *fields = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *tunable_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_autoptr (GtkStringList) kinds = gtk_string_list_new (NULL);

  for (guint i = 0; kind_labels[i] != NULL; i++)
    gtk_string_list_append (kinds, _ (kind_labels[i]));

  row->name = column_entry (self, COLUMN_NAME, 8, TRUE, NULL, _ ("Name"));
  row->label = column_entry (self, COLUMN_LABEL, 12, FALSE, NULL, _ ("Label"));
  row->default_expr = column_entry (self, COLUMN_DEFAULT, 10, TRUE, NULL, _ ("Default"));
  gtk_widget_set_hexpand (row->default_expr, TRUE);
  row->kind = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (kinds)), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->kind), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Kind"), -1);
  gtk_size_group_add_widget (self->columns[COLUMN_KIND], row->kind);
  g_signal_connect_swapped (row->kind, "notify::selected", G_CALLBACK (validate), self);
  row->choices = column_entry (self, COLUMN_CHOICES, 10, FALSE, NULL, _ ("Choices"));
  row->tunable = gtk_check_button_new ();
  gtk_widget_set_tooltip_text (row->tunable, _ ("May change while the simulation runs"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->tunable), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Tunable"), -1);
  gtk_widget_set_halign (row->tunable, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (row->tunable, TRUE);
  gtk_box_append (GTK_BOX (tunable_box), row->tunable);
  gtk_size_group_add_widget (self->columns[COLUMN_TUNABLE], tunable_box);

  gtk_box_append (GTK_BOX (fields), row->name);
  gtk_box_append (GTK_BOX (fields), row->label);
  gtk_box_append (GTK_BOX (fields), row->default_expr);
  gtk_box_append (GTK_BOX (fields), row->kind);
  gtk_box_append (GTK_BOX (fields), row->choices);
  gtk_box_append (GTK_BOX (fields), tunable_box);
  gtk_box_append (GTK_BOX (box), fields);

  row->error = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->error), 0.0);
  gtk_label_set_wrap (GTK_LABEL (row->error), TRUE);
  gtk_widget_add_css_class (row->error, "error");
  gtk_widget_add_css_class (row->error, "caption");
  gtk_widget_set_visible (row->error, FALSE);
  gtk_box_append (GTK_BOX (box), row->error);

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  row->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row->row), box);
  g_object_set_data (G_OBJECT (row->row), "orr-mask-row", row);
  g_signal_connect (focus, "enter", G_CALLBACK (row_focused), self);
  gtk_widget_add_controller (row->row, focus);
  return row;
}

static void
row_fill (Row *row, const OrrMaskParam *param)
{
  g_autofree char *choices = param->choices != NULL ? g_strjoinv (", ", param->choices) : NULL;

  gtk_editable_set_text (GTK_EDITABLE (row->name), param->name != NULL ? param->name : "");
  /* A label equal to the name says nothing more: leave it to the name. */
  gtk_editable_set_text (
    GTK_EDITABLE (row->label),
    param->label != NULL && g_strcmp0 (param->label, param->name) != 0 ? param->label : "");
  gtk_editable_set_text (GTK_EDITABLE (row->default_expr),
                         param->default_expr != NULL ? param->default_expr : "");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (row->kind), param->kind);
  gtk_editable_set_text (GTK_EDITABLE (row->choices), choices != NULL ? choices : "");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (row->tunable), param->tunable);
}

static Row *
append_row (OrrMaskEditor *self)
{
  Row *row = row_new (self);

  g_ptr_array_add (self->rows, row);
  gtk_list_box_append (GTK_LIST_BOX (self->list), row->row);
  return row;
}

guint
orr_mask_editor_add_param (OrrMaskEditor *self)
{
  Row *row;

  g_return_val_if_fail (ORR_IS_MASK_EDITOR (self), 0);

  row = append_row (self);
  gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (row->row));
  validate (self);
  return self->rows->len - 1;
}

void
orr_mask_editor_remove_param (OrrMaskEditor *self, guint index)
{
  Row *row;

  g_return_if_fail (ORR_IS_MASK_EDITOR (self));
  g_return_if_fail (index < self->rows->len);

  row = g_ptr_array_steal_index (self->rows, index);
  gtk_list_box_remove (GTK_LIST_BOX (self->list), row->row);
  g_free (row);
  if (self->rows->len > 0)
    {
      Row *next = self->rows->pdata[MIN (index, self->rows->len - 1)];
      gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (next->row));
    }
  validate (self);
}

void
orr_mask_editor_move_param (OrrMaskEditor *self, guint index, int delta)
{
  Row *row;
  int target;

  g_return_if_fail (ORR_IS_MASK_EDITOR (self));
  g_return_if_fail (index < self->rows->len);

  target = CLAMP ((int)index + delta, 0, (int)self->rows->len - 1);
  if (target == (int)index)
    return;
  row = g_ptr_array_steal_index (self->rows, index);
  g_ptr_array_insert (self->rows, target, row);
  /* the row keeps its widgets, and their focus, across the move */
  g_object_ref (row->row);
  gtk_list_box_remove (GTK_LIST_BOX (self->list), row->row);
  gtk_list_box_insert (GTK_LIST_BOX (self->list), row->row, target);
  g_object_unref (row->row);
  gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (row->row));
  validate (self);
}

static void
add_clicked (OrrMaskEditor *self)
{
  guint index = orr_mask_editor_add_param (self);
  Row *row = self->rows->pdata[index];

  gtk_widget_grab_focus (row->name);
}

static void
remove_clicked (OrrMaskEditor *self)
{
  Row *row = selected_row (self);

  if (row != NULL)
    orr_mask_editor_remove_param (self, row_index (self, row));
}

static void
up_clicked (OrrMaskEditor *self)
{
  Row *row = selected_row (self);

  if (row != NULL)
    orr_mask_editor_move_param (self, row_index (self, row), -1);
}

static void
down_clicked (OrrMaskEditor *self)
{
  Row *row = selected_row (self);

  if (row != NULL)
    orr_mask_editor_move_param (self, row_index (self, row), 1);
}

/* ---- proposing ----------------------------------------------------------------------------- */

guint
orr_mask_editor_propose (OrrMaskEditor *self)
{
  g_auto (GStrv) names = NULL;
  g_autoptr (OrrEvaluation) evaluation = NULL;
  g_autoptr (GStrvBuilder) added = g_strv_builder_new ();
  g_auto (GStrv) added_names = NULL;
  OrrScope *outer;
  guint n_added = 0;

  g_return_val_if_fail (ORR_IS_MASK_EDITOR (self), 0);

  names = orr_mask_propose_params (self->model, self->super, self->registry);
  /* The defaults: what the names are worth where the block stands now, so
   * that masking changes nothing until the user changes a value. */
  evaluation = orr_evaluate_model_with_registry (self->model, NULL, self->registry);
  outer = orr_evaluation_get_scope (evaluation, self->super->parent);

  for (guint i = 0; names[i] != NULL; i++)
    {
      OrrValue *value = outer != NULL ? orr_scope_lookup (outer, names[i]) : NULL;
      g_autofree char *shown = value != NULL ? orr_value_to_display (value) : NULL;
      OrrMaskParam *param;
      gboolean present = FALSE;
      Row *row;

      for (guint j = 0; j < self->rows->len && !present; j++)
        {
          g_autofree char *name = entry_text (((Row *)self->rows->pdata[j])->name);
          present = g_str_equal (name, names[i]);
        }
      if (present)
        continue;

      param = orr_mask_param_new (names[i], NULL, shown);
      row = append_row (self);
      row_fill (row, param);
      orr_mask_param_free (param);
      g_strv_builder_add (added, names[i]);
      n_added++;
    }

  added_names = g_strv_builder_end (added);
  if (n_added > 0)
    {
      g_autofree char *list = g_strjoinv (", ", added_names);
      g_autofree char *text = g_strdup_printf (_ ("Added %s, read by the blocks inside."), list);

      gtk_label_set_text (GTK_LABEL (self->proposal_message), text);
    }
  else if (names[0] != NULL)
    gtk_label_set_text (GTK_LABEL (self->proposal_message),
                        _ ("Every name the blocks inside read is a parameter already."));
  else
    gtk_label_set_text (GTK_LABEL (self->proposal_message),
                        _ ("The blocks inside read no names from outside."));
  gtk_widget_set_visible (self->proposal_message, TRUE);
  validate (self);
  return n_added;
}

/* ---- applying ------------------------------------------------------------------------------ */

static char *
description_text (OrrMaskEditor *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->description));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
}

static gboolean
mask_param_equal (const OrrMaskParam *a, const OrrMaskParam *b)
{
  guint n_a = a->choices ? g_strv_length (a->choices) : 0;
  guint n_b = b->choices ? g_strv_length (b->choices) : 0;

  if (g_strcmp0 (a->name, b->name) != 0 || g_strcmp0 (a->label, b->label) != 0
      || g_strcmp0 (a->default_expr, b->default_expr) != 0 || a->kind != b->kind
      || !a->tunable != !b->tunable || n_a != n_b)
    return FALSE;
  for (guint i = 0; i < n_a; i++)
    if (g_strcmp0 (a->choices[i], b->choices[i]) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
mask_equal (const OrrMask *a, const OrrMask *b)
{
  if (a == NULL || b == NULL || a->params->len != b->params->len
      || g_strcmp0 (a->icon_text, b->icon_text) != 0
      || g_strcmp0 (a->description, b->description) != 0)
    return FALSE;
  for (guint i = 0; i < a->params->len; i++)
    if (!mask_param_equal (a->params->pdata[i], b->params->pdata[i]))
      return FALSE;
  return TRUE;
}

/* The values the block holds for parameters mask does not have (all of
 * them when mask is NULL). */
static GPtrArray *
stale_values (OrrBlock *block, const OrrMask *mask)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < block->params->len; i++)
    {
      OrrParam *value = block->params->pdata[i];
      gboolean kept = FALSE;

      for (guint j = 0; mask != NULL && j < mask->params->len && !kept; j++)
        kept = g_str_equal (((OrrMaskParam *)mask->params->pdata[j])->name, value->name);
      if (!kept)
        g_ptr_array_add (names, g_strdup (value->name));
    }
  return names;
}

gboolean
orr_mask_editor_apply (OrrMaskEditor *self, GError **error)
{
  g_autoptr (OrrMask) mask = NULL;
  g_autoptr (GPtrArray) stale = NULL;
  g_autofree char *icon_text = NULL;
  g_autofree char *description = NULL;

  g_return_val_if_fail (ORR_IS_MASK_EDITOR (self), FALSE);

  validate (self);
  if (!orr_form_is_valid (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _ ("Some mask parameters are not valid."));
      return FALSE;
    }

  mask = orr_mask_new ();
  for (guint i = 0; i < self->rows->len; i++)
    g_ptr_array_add (mask->params, row_to_param (self->rows->pdata[i]));
  icon_text = entry_text (self->icon_text);
  description = description_text (self);
  if (icon_text[0] != '\0')
    mask->icon_text = g_steal_pointer (&icon_text);
  if (description[0] != '\0')
    mask->description = g_steal_pointer (&description);

  stale = stale_values (self->super, mask);
  if (mask_equal (mask, self->super->mask) && stale->len == 0)
    return TRUE;

  /* One undo step: the mask and the values it no longer has. */
  orr_model_begin (self->model, _ ("Edit Mask"));
  orr_model_set_mask (self->model, self->super, g_steal_pointer (&mask));
  for (guint i = 0; i < stale->len; i++)
    orr_model_set_param (self->model, self->super, stale->pdata[i], NULL);
  orr_model_commit (self->model);
  return TRUE;
}

void
orr_mask_editor_remove_mask (OrrMaskEditor *self)
{
  g_autoptr (GPtrArray) stale = NULL;

  g_return_if_fail (ORR_IS_MASK_EDITOR (self));

  stale = stale_values (self->super, NULL);
  if (self->super->mask != NULL || stale->len > 0)
    {
      orr_model_begin (self->model, _ ("Remove Mask"));
      orr_model_set_mask (self->model, self->super, NULL);
      for (guint i = 0; i < stale->len; i++)
        orr_model_set_param (self->model, self->super, stale->pdata[i], NULL);
      orr_model_commit (self->model);
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
model_changed (OrrMaskEditor *self, OrrChange *change)
{
  if (orr_model_find_block (self->model, self->super->id) != self->super)
    gtk_window_destroy (GTK_WINDOW (self));
}

/* ---- building ----------------------------------------------------------------------------------
 */

static GtkWidget *
column_heading (OrrMaskEditor *self, int column, const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_TUNABLE ? 0.5 : 0.0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_size_group_add_widget (self->columns[column], label);
  return label;
}

/* Fills the template for the super block: the mask's texts, the column
 * headings, a row a parameter, Remove Mask. */
static void
build (OrrMaskEditor *self)
{
  GtkWidget *remove_mask;
  g_autofree char *path = orr_block_get_path (self->super);
  g_autofree char *title = g_strdup_printf (_ ("Mask of “%s”"), path);
  const OrrMask *mask = self->super->mask;

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (GTK_LABEL (self->heading), title);
  if (mask != NULL && mask->icon_text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->icon_text), mask->icon_text);
  if (mask != NULL && mask->description != NULL)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->description)),
                              mask->description, -1);

  gtk_box_append (GTK_BOX (self->header), column_heading (self, COLUMN_NAME, _ ("Name")));
  gtk_box_append (GTK_BOX (self->header), column_heading (self, COLUMN_LABEL, _ ("Label")));
  gtk_box_append (GTK_BOX (self->header), column_heading (self, COLUMN_DEFAULT, _ ("Default")));
  gtk_widget_set_hexpand (gtk_widget_get_last_child (self->header), TRUE);
  gtk_box_append (GTK_BOX (self->header), column_heading (self, COLUMN_KIND, _ ("Kind")));
  gtk_box_append (GTK_BOX (self->header), column_heading (self, COLUMN_CHOICES, _ ("Choices")));
  gtk_box_append (GTK_BOX (self->header), column_heading (self, COLUMN_TUNABLE, _ ("Tunable")));

  self->placeholder
    = orr_form_caption_new (_ ("No parameters yet: add them, or let Propose find what the "
                               "blocks inside need."),
                            "dim-label");
  gtk_widget_set_margin_top (self->placeholder, 18);
  gtk_widget_set_margin_bottom (self->placeholder, 18);
  gtk_widget_set_margin_start (self->placeholder, 12);
  gtk_label_set_xalign (GTK_LABEL (self->placeholder), 0.5);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (self->list), self->placeholder);

  /* Remove Mask apart on the left: it is not a way to close the dialog
   * like the others. */
  remove_mask = gtk_button_new_with_mnemonic (_ ("_Remove Mask"));
  gtk_widget_add_css_class (remove_mask, "destructive-action");
  gtk_widget_set_sensitive (remove_mask, self->super->mask != NULL);
  g_signal_connect_swapped (remove_mask, "clicked", G_CALLBACK (orr_mask_editor_remove_mask), self);
  orr_form_buttons_add_start (ORR_FORM_BUTTONS (self->buttons), remove_mask);
  orr_form_buttons_attach (ORR_FORM_BUTTONS (self->buttons), GTK_WINDOW (self),
                           (OrrFormApplyFunc)orr_mask_editor_apply);

  for (guint i = 0; mask != NULL && i < mask->params->len; i++)
    row_fill (append_row (self), mask->params->pdata[i]);
}

GtkWindow *
orr_mask_editor_new (GtkWindow *parent, OrrModel *model, OrrBlock *super, OrrRegistry *registry)
{
  OrrMaskEditor *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (super != NULL && orr_block_is_super (super) && super->parent != NULL, NULL);

  self = g_object_new (ORR_TYPE_MASK_EDITOR, "transient-for", parent, "modal", parent != NULL,
                       "destroy-with-parent", TRUE, NULL);
  self->model = g_object_ref (model);
  self->super = orr_block_ref (super);
  self->registry = registry;
  build (self);
  validate (self);
  /* Start at the parameters, what one comes here for most. */
  if (self->rows->len > 0)
    gtk_widget_grab_focus (((Row *)self->rows->pdata[0])->name);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed), self, G_CONNECT_SWAPPED);
  return GTK_WINDOW (self);
}

guint
orr_mask_editor_get_n_params (OrrMaskEditor *self)
{
  g_return_val_if_fail (ORR_IS_MASK_EDITOR (self), 0);
  return self->rows->len;
}

void
orr_mask_editor_set_param (OrrMaskEditor *self, guint index, const OrrMaskParam *param)
{
  g_return_if_fail (ORR_IS_MASK_EDITOR (self));
  g_return_if_fail (index < self->rows->len);

  row_fill (self->rows->pdata[index], param);
  validate (self);
}

OrrMaskParam *
orr_mask_editor_dup_param (OrrMaskEditor *self, guint index)
{
  g_return_val_if_fail (ORR_IS_MASK_EDITOR (self), NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);

  return row_to_param (self->rows->pdata[index]);
}

const char *
orr_mask_editor_get_param_error (OrrMaskEditor *self, guint index)
{
  Row *row;

  g_return_val_if_fail (ORR_IS_MASK_EDITOR (self), NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);

  row = self->rows->pdata[index];
  return gtk_widget_get_visible (row->error) ? gtk_label_get_text (GTK_LABEL (row->error)) : NULL;
}

void
orr_mask_editor_set_icon_text (OrrMaskEditor *self, const char *text)
{
  g_return_if_fail (ORR_IS_MASK_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->icon_text), text != NULL ? text : "");
}

void
orr_mask_editor_set_description (OrrMaskEditor *self, const char *text)
{
  g_return_if_fail (ORR_IS_MASK_EDITOR (self));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->description)),
                            text != NULL ? text : "", -1);
}

static void
orr_mask_editor_dispose (GObject *object)
{
  OrrMaskEditor *self = ORR_MASK_EDITOR (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  /* Rows going away with the window must not re-check what is left. */
  if (self->list != NULL)
    g_signal_handlers_disconnect_by_data (self->list, self);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), ORR_TYPE_MASK_EDITOR);
  G_OBJECT_CLASS (orr_mask_editor_parent_class)->dispose (object);
}

static void
orr_mask_editor_finalize (GObject *object)
{
  OrrMaskEditor *self = ORR_MASK_EDITOR (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  for (int i = 0; i < N_COLUMNS; i++)
    g_clear_object (&self->columns[i]);
  g_clear_pointer (&self->super, orr_block_unref);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (orr_mask_editor_parent_class)->finalize (object);
}

static const OrrFormChild template_children[] = {
  ORR_FORM_CHILD (OrrMaskEditor, heading),
  ORR_FORM_CHILD (OrrMaskEditor, icon_text),
  ORR_FORM_CHILD (OrrMaskEditor, description),
  ORR_FORM_CHILD (OrrMaskEditor, header),
  ORR_FORM_CHILD (OrrMaskEditor, list),
  ORR_FORM_CHILD (OrrMaskEditor, remove_button),
  ORR_FORM_CHILD (OrrMaskEditor, up_button),
  ORR_FORM_CHILD (OrrMaskEditor, down_button),
  ORR_FORM_CHILD (OrrMaskEditor, proposal_message),
  ORR_FORM_CHILD (OrrMaskEditor, buttons),
};

static void
orr_mask_editor_class_init (OrrMaskEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_mask_editor_dispose;
  object_class->finalize = orr_mask_editor_finalize;
  orr_form_class_set_template (widget_class, "orr-mask-editor.ui", template_children,
                               G_N_ELEMENTS (template_children));
  gtk_widget_class_bind_template_callback (widget_class, validate);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked);
  gtk_widget_class_bind_template_callback (widget_class, up_clicked);
  gtk_widget_class_bind_template_callback (widget_class, down_clicked);
  gtk_widget_class_bind_template_callback (widget_class, orr_mask_editor_propose);
}

static void
orr_mask_editor_init (OrrMaskEditor *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < N_COLUMNS; i++)
    self->columns[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_widget_init_template (GTK_WIDGET (self));
}
