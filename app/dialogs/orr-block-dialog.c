/* orr-block-dialog.c: the parameter dialog of a block, built from its
 * class's parameter specs. Every change re-checks every field: each
 * expression is evaluated in the scope the block's diagram gives it (model
 * and super-block contexts), and when they all evaluate the class's
 * configure runs on them, which catches what only the block knows (Mux
 * sizes that are not positive integers...). Errors show in red under their
 * field, and Apply waits until there are none.
 *
 * A class with extra parameters (the FMU block: one per parameter of the
 * FMU its file names) gets a second section after its own fields. It is
 * rebuilt whenever the class's own fields change to values for which the
 * class lists other extra parameters (another FMU file), keeping what the
 * user typed for parameters of the same name; while the own fields are
 * wrong (a file that is not an FMU) the section stays as it was and the
 * class's message shows under the faulty field. */
#include "orr-block-dialog.h"

#include "orr-form-buttons.h"
#include "orr-param-row.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-editor.h>
#include <orrery/orr-evaluate.h>
#include <orrery/orr-extra-params.h>
#include <orrery/orr-interface.h>
#include <string.h>

typedef struct
{
  const OrrParamSpec *spec; /* NULL: a parameter the block's class does not declare */
  char *name;
  OrrParamKind kind;
  GtkWidget *input;
  GtkWidget *error_label;
  char *shown;    /* the value as the dialog first showed it (or last applied it) */
  gboolean extra; /* in the extra parameters' section */
} Field;

struct _OrrBlockDialog
{
  GtkWindow parent_instance;

  OrrModel *model;
  OrrRegistry *registry;
  OrrBlock *block;
  const OrrBlockClass *klass; /* NULL for super blocks and unknown types */
  OrrEvaluation *evaluation;
  OrrScope *scope; /* where the block's parameters evaluate; NULL if not reached */

  GPtrArray *fields; /* of Field */
  /* A masked super block: its mask's parameters as specs (strings owned
   * here, a copy of the mask as it was when the dialog opened). */
  OrrParamSpec *mask_specs;
  int n_mask_specs;
  /* template children (orr-block-dialog.ui) */
  GtkWidget *heading;
  GtkWidget *description;
  GtkWidget *form; /* the Name row, then one OrrParamRow a parameter */
  GtkWidget *name_label;
  GtkWidget *name_entry;
  GtkWidget *context_warning;
  GtkWidget *buttons; /* OrrFormButtons */

  /* extra parameters (OrrBlockClass.extra_params) */
  GtkWidget *extra_box; /* the section: heading and rows; hidden when empty */
  gboolean has_extras;  /* the class lists extra parameters */
  gboolean annotation;  /* a free text (orr_block_is_annotation) */
  char *extra_key;      /* the own fields' texts the section was built for */
  GStrv extra_names;    /* the names the section lists */
  GStrv opened_extras;  /* the extra parameters when the dialog opened */
  GtkSizeGroup *labels; /* the labels of both sections, one column wide */
  gboolean rebuilding;
};

G_DEFINE_FINAL_TYPE (OrrBlockDialog, orr_block_dialog, GTK_TYPE_WINDOW)

static void
field_free (Field *field)
{
  g_free (field->name);
  g_free (field->shown);
  g_free (field);
}

static char *
field_get_text (Field *field)
{
  switch (field->kind)
    {
      case ORR_PARAM_CHOICE:
        return g_strdup_printf ("%u",
                                gtk_drop_down_get_selected (GTK_DROP_DOWN (field->input)) + 1);

      case ORR_PARAM_CHECKBOX:
        return g_strdup (gtk_check_button_get_active (GTK_CHECK_BUTTON (field->input)) ? "1" : "0");

      case ORR_PARAM_TEXT:
        {
          GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->input));
          GtkTextIter start, end;

          gtk_text_buffer_get_bounds (buffer, &start, &end);
          return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
        }

      case ORR_PARAM_EXPRESSION:
      default:
        return g_strdup (gtk_editable_get_text (GTK_EDITABLE (field->input)));
    }
}

static Field *
find_field (OrrBlockDialog *self, const char *name)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];

      if (g_str_equal (field->name, name))
        return field;
    }
  return NULL;
}

/* ---- checking ----------------------------------------------------------------- */

/* The parameter language says where an error is ("line 1, column 4: ...",
 * then the source line and a caret). In a one-line field the line number
 * says nothing, and the source is right above. */
static char *
short_message (const char *message, const char *text)
{
  const char *end = strchr (message, '\n');
  g_autofree char *first = end != NULL ? g_strndup (message, end - message) : g_strdup (message);

  if (strchr (text, '\n') == NULL && g_str_has_prefix (first, "line 1, "))
    {
      char *rest = g_strdup (first + strlen ("line 1, "));
      rest[0] = g_ascii_toupper (rest[0]);
      return rest;
    }
  return g_steal_pointer (&first);
}

/* Which field a configure error is about: the standard blocks name the
 * parameter in quotes ("parameter 'inputs' must be ..."). */
static Field *
field_named_in (OrrBlockDialog *self, const char *message)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      g_autofree char *quoted = g_strdup_printf ("'%s'", field->name);

      if (strstr (message, quoted) != NULL)
        return field;
    }
  return NULL;
}

/* A block with the dialog's values, own fields only or all of them. */
static OrrBlock *
probe_new (OrrBlockDialog *self, gboolean with_extras)
{
  OrrBlock *probe = orr_block_new (self->block->id, self->block->type);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      g_autofree char *text = NULL;

      if (field->extra && !with_extras)
        continue;
      text = field_get_text (field);
      orr_block_add_param (probe, field->name, text);
    }
  return probe;
}

static void update_extras (OrrBlockDialog *self);

static void
validate (OrrBlockDialog *self)
{
  gboolean valid = TRUE;
  g_autoptr (OrrBlock) probe = NULL;

  if (self->rebuilding)
    return; /* the new section's fields are being filled in */
  update_extras (self);
  orr_form_buttons_show_error (ORR_FORM_BUTTONS (self->buttons), NULL);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      g_autofree char *text = field_get_text (field);
      g_autoptr (GError) error = NULL;
      g_autofree char *stripped = g_strstrip (g_strdup (text));
      OrrValue *value;

      orr_form_show_error (field->error_label, field->input, NULL);
      if (field->kind == ORR_PARAM_TEXT)
        continue; /* taken as typed */
      if (stripped[0] == '\0')
        {
          orr_form_show_error (field->error_label, field->input, _ ("A value is needed."));
          valid = FALSE;
          continue;
        }
      value = orr_expr_evaluate (text, self->scope, &error);
      if (value == NULL)
        {
          g_autofree char *message = short_message (error->message, text);

          orr_form_show_error (field->error_label, field->input, message);
          gtk_widget_set_tooltip_text (field->error_label, error->message);
          valid = FALSE;
          continue;
        }
      orr_value_unref (value);
    }

  /* Every expression evaluates: let the class judge the values, as the
   * compiler will. */
  if (valid && self->klass != NULL && self->klass->configure != NULL)
    {
      g_autoptr (OrrBlockInterface) interface = NULL;
      g_autoptr (GError) error = NULL;

      probe = probe_new (self, TRUE);
      interface = orr_block_class_interface (self->klass, probe, self->scope, &error);
      if (interface == NULL)
        {
          Field *field = field_named_in (self, error->message);
          g_autofree char *message = short_message (error->message, "");

          if (field != NULL)
            orr_form_show_error (field->error_label, field->input, message);
          else
            orr_form_buttons_show_error (ORR_FORM_BUTTONS (self->buttons), message);
          valid = FALSE;
        }
    }

  orr_form_buttons_set_valid (ORR_FORM_BUTTONS (self->buttons), valid);
}

/* ---- applying ------------------------------------------------------------------ */

/* The extra parameters the block set for what its own parameters were
 * (another FMU's) mean nothing now. */
static gboolean
is_stale_extra (OrrBlockDialog *self, const char *name)
{
  return orr_block_get_param (self->block, name) != NULL && find_field (self, name) == NULL;
}

static gboolean
has_stale_extras (OrrBlockDialog *self)
{
  for (guint i = 0; self->opened_extras != NULL && self->opened_extras[i] != NULL; i++)
    if (is_stale_extra (self, self->opened_extras[i]))
      return TRUE;
  return FALSE;
}

static void
remove_stale_extras (OrrBlockDialog *self)
{
  for (guint i = 0; self->opened_extras != NULL && self->opened_extras[i] != NULL; i++)
    if (is_stale_extra (self, self->opened_extras[i]))
      orr_model_set_param (self->model, self->block, self->opened_extras[i], NULL);
}

gboolean
orr_block_dialog_apply (OrrBlockDialog *self, GError **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) exprs = g_ptr_array_new_with_free_func (g_free);
  const char *typed_label;
  g_autofree char *label = NULL;
  gboolean label_changed;

  g_return_val_if_fail (ORR_IS_BLOCK_DIALOG (self), FALSE);

  validate (self);
  if (!orr_form_is_valid (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _ ("Some parameters are not valid."));
      return FALSE;
    }

  /* Only what the user changed: a parameter written as a name ("mode")
   * stays a name when its drop-down was left alone. */
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      char *text = field_get_text (field);

      if (g_strcmp0 (text, field->shown) != 0)
        {
          g_ptr_array_add (names, field->name);
          g_ptr_array_add (exprs, text);
        }
      else
        g_free (text);
    }
  g_ptr_array_add (names, NULL);
  g_ptr_array_add (exprs, NULL);

  typed_label = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  label = g_strstrip (g_strdup (typed_label));
  if (label[0] == '\0')
    g_clear_pointer (&label, g_free);
  label_changed = g_strcmp0 (label, self->block->label) != 0;

  if (names->len == 1 && !label_changed && !has_stale_extras (self))
    return TRUE;

  /* One undo step for the whole dialog: name and parameters together. */
  orr_model_begin (self->model, _ ("Edit Block"));
  if (label_changed)
    orr_model_set_block_label (self->model, self->block, label);
  remove_stale_extras (self);
  if (names->len > 1
      && !orr_editor_set_params (self->model, self->registry, self->block,
                                 (const char *const *)names->pdata,
                                 (const char *const *)exprs->pdata, _ ("Edit Block"), error))
    {
      orr_model_rollback (self->model);
      return FALSE;
    }
  orr_model_commit (self->model);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];

      g_free (field->shown);
      field->shown = field_get_text (field);
    }
  return TRUE;
}

static void
entry_activated (OrrBlockDialog *self)
{
  orr_form_buttons_activate_ok (ORR_FORM_BUTTONS (self->buttons));
}

/* Undoing the block's creation, or deleting it elsewhere, leaves nothing to
 * edit. */
static void
model_changed (OrrBlockDialog *self, OrrChange *change)
{
  if (orr_model_find_block (self->model, self->block->id) != self->block)
    gtk_window_destroy (GTK_WINDOW (self));
}

/* ---- building ------------------------------------------------------------------- */

/* The drop-down's starting choice: the 1-based index the parameter holds,
 * written as a number or as an expression of the context. */
static guint
initial_choice (OrrBlockDialog *self, const char *expr, guint n_choices)
{
  guint64 index;
  g_autoptr (GError) error = NULL;
  OrrValue *value;
  guint chosen = 0;

  if (g_ascii_string_to_unsigned (expr, 10, 1, n_choices, &index, NULL))
    return (guint)index - 1;
  value = orr_expr_evaluate (expr, self->scope, &error);
  if (value != NULL && orr_value_is_scalar (value))
    {
      double v = orr_value_get_real (value, 0);

      if (v >= 1 && v <= n_choices && v == (guint)v)
        chosen = (guint)v - 1;
    }
  g_clear_pointer (&value, orr_value_unref);
  return chosen;
}

static gboolean
initial_check (OrrBlockDialog *self, const char *expr)
{
  g_autoptr (GError) error = NULL;
  OrrValue *value = orr_expr_evaluate (expr, self->scope, &error);
  gboolean active = FALSE;

  if (value != NULL && orr_value_is_scalar (value))
    active = orr_value_get_real (value, 0) != 0;
  g_clear_pointer (&value, orr_value_unref);
  return active;
}

/* A class's labels, help and choices are English in the palettes, marked
 * with N_(), and translated here; a mask's are the user's own words and
 * shown as typed. "" stays "" (gettext would give the catalogue's header). */
static const char *
class_text (OrrBlockDialog *self, const char *text)
{
  if (self->klass == NULL || text == NULL || text[0] == '\0')
    return text;
  return g_dgettext (GETTEXT_PACKAGE, text);
}

/* Writes a chosen file into the field as a string expression: quoted,
 * with quotes in the path doubled. */
static void
file_chosen (GtkNativeDialog *chooser, int response, GtkWidget *entry)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        {
          g_auto (GStrv) parts = g_strsplit (path, "'", -1);
          g_autofree char *doubled = g_strjoinv ("''", parts);
          g_autofree char *expr = g_strdup_printf ("'%s'", doubled);

          gtk_editable_set_text (GTK_EDITABLE (entry), expr);
        }
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_file (GtkWidget *button, GtkWidget *entry)
{
  GtkRoot *root = gtk_widget_get_root (button);
  GtkFileChooserNative *chooser
    = gtk_file_chooser_native_new (_ ("Choose an FMU"), GTK_WINDOW (root),
                                   GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  g_autoptr (GtkFileFilter) fmus = gtk_file_filter_new ();

  gtk_file_filter_set_name (fmus, _ ("FMUs (*.fmu)"));
  gtk_file_filter_add_pattern (fmus, "*.fmu");
  gtk_file_filter_add_pattern (fmus, "*.FMU");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), fmus);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (file_chosen), entry);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The class's "file" parameter, when its extra parameters come from a
 * file (the FMU block): typed, or chosen. */
static gboolean
is_chosen_file (OrrBlockDialog *self, const char *name)
{
  return self->klass != NULL && self->klass->extra_params != NULL && strcmp (name, "file") == 0;
}

/* A check box's help as a sentence: the classes write it for the value
 * ("1: add a second input...; 0: decide at every point"), the dialog
 * shows a box that is on or off. */
static char *
checkbox_help (const char *help)
{
  g_autoptr (GString) text = NULL;
  const char *rest = help;

  if (help == NULL)
    return NULL;
  if (g_str_has_prefix (rest, "1:") || g_str_has_prefix (rest, "1 :"))
    rest = strchr (rest, ':') + 1;
  while (*rest == ' ' || *rest == '\xc2' || *rest == '\xa0')
    rest++;
  text = g_string_new (rest);
  if (text->len > 0 && g_ascii_islower (text->str[0]))
    text->str[0] = g_ascii_toupper (text->str[0]);
  g_string_replace (text, "; 0: ", _ ("; off: "), 1);
  g_string_replace (text, " ; 0 : ", _ ("; off: "), 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static Field *
add_field (OrrBlockDialog *self, GtkBox *box, const OrrParamSpec *spec, const char *name,
           const char *current)
{
  Field *field = g_new0 (Field, 1);
  GtkWidget *param_row, *wrapper = NULL;
  const char *help = spec != NULL ? class_text (self, spec->help) : NULL;
  g_autofree char *sentence = NULL;
  g_autoptr (GString) mnemonic = NULL;

  field->spec = spec;
  field->name = g_strdup (name);
  field->kind = spec != NULL ? spec->kind : ORR_PARAM_EXPRESSION;
  /* A choice without its labels can only be typed. */
  if (field->kind == ORR_PARAM_CHOICE && (spec->choices == NULL || spec->choices[0] == NULL))
    field->kind = ORR_PARAM_EXPRESSION;

  switch (field->kind)
    {
      case ORR_PARAM_CHOICE:
        {
          guint n = g_strv_length ((char **)spec->choices);
          g_autofree const char **shown = g_new0 (const char *, n + 1);

          for (guint i = 0; i < n; i++)
            shown[i] = class_text (self, spec->choices[i]);
          field->input = gtk_drop_down_new_from_strings (shown);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (field->input),
                                      initial_choice (self, current, n));
          g_signal_connect_swapped (field->input, "notify::selected", G_CALLBACK (validate), self);
          break;
        }

      case ORR_PARAM_CHECKBOX:
        field->input = gtk_check_button_new ();
        gtk_check_button_set_active (GTK_CHECK_BUTTON (field->input),
                                     initial_check (self, current));
        g_signal_connect_swapped (field->input, "toggled", G_CALLBACK (validate), self);
        /* the classes write the help for the value: "1: add a second input" */
        sentence = checkbox_help (help);
        help = sentence;
        break;

      case ORR_PARAM_TEXT:
        {
          GtkTextBuffer *buffer;

          field->input = gtk_text_view_new ();
          gtk_text_view_set_monospace (GTK_TEXT_VIEW (field->input), TRUE);
          gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (field->input), GTK_WRAP_WORD_CHAR);
          gtk_text_view_set_top_margin (GTK_TEXT_VIEW (field->input), 4);
          gtk_text_view_set_left_margin (GTK_TEXT_VIEW (field->input), 4);
          buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->input));
          gtk_text_buffer_set_text (buffer, current, -1);
          g_signal_connect_swapped (buffer, "changed", G_CALLBACK (validate), self);
          wrapper = gtk_scrolled_window_new ();
          gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (wrapper), 120);
          gtk_widget_add_css_class (wrapper, "frame");
          break;
        }

      case ORR_PARAM_EXPRESSION:
      default:
        field->input = gtk_entry_new ();
        gtk_editable_set_text (GTK_EDITABLE (field->input), current);
        gtk_widget_add_css_class (field->input, "monospace");
        g_signal_connect_swapped (field->input, "changed", G_CALLBACK (validate), self);
        g_signal_connect_swapped (field->input, "activate", G_CALLBACK (entry_activated), self);
        break;
    }

  /* the row's label is a mnemonic: a parameter's own name keeps its "_" */
  mnemonic
    = g_string_new (spec != NULL && spec->label != NULL ? class_text (self, spec->label) : name);
  g_string_replace (mnemonic, "_", "__", 0);
  param_row = orr_param_row_new (mnemonic->str, field->input, help, self->labels);
  gtk_widget_set_tooltip_text (orr_param_row_get_label (ORR_PARAM_ROW (param_row)), name);
  if (wrapper != NULL)
    {
      orr_param_row_set_input_widget (ORR_PARAM_ROW (param_row), wrapper);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (wrapper), field->input);
    }
  else if (is_chosen_file (self, name) && field->kind == ORR_PARAM_EXPRESSION)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *choose = gtk_button_new_with_mnemonic (_ ("C_hoose…"));

      gtk_widget_set_valign (choose, GTK_ALIGN_START);
      g_signal_connect (choose, "clicked", G_CALLBACK (choose_file), field->input);
      orr_param_row_set_input_widget (ORR_PARAM_ROW (param_row), line);
      gtk_box_append (GTK_BOX (line), field->input);
      gtk_box_append (GTK_BOX (line), choose);
    }
  gtk_widget_set_tooltip_text (field->input, help);
  field->error_label = orr_param_row_get_error_label (ORR_PARAM_ROW (param_row));

  field->shown = field_get_text (field);
  g_ptr_array_add (self->fields, field);

  gtk_box_append (box, param_row);
  return field;
}

/* ---- extra parameters ------------------------------------------------------- */

static char *
own_fields_key (OrrBlockDialog *self)
{
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      g_autofree char *text = NULL;

      if (field->extra)
        continue;
      text = field_get_text (field);
      g_string_append (key, text);
      g_string_append_c (key, '\x1f');
    }
  return g_string_free (key, FALSE);
}

static gboolean
same_names (GStrv names, GPtrArray *params)
{
  if (names == NULL || g_strv_length (names) != params->len)
    return FALSE;
  for (guint i = 0; i < params->len; i++)
    if (strcmp (names[i], ((OrrExtraParam *)params->pdata[i])->name) != 0)
      return FALSE;
  return TRUE;
}

/* The section's heading: the name the class shows in the block (the
 * FMU's model name), else a plain one. */
static char *
extras_heading (OrrBlockDialog *self, OrrBlock *probe)
{
  g_autoptr (OrrBlockInterface) iface
    = orr_block_class_interface (self->klass, probe, self->scope, NULL);

  if (iface != NULL && iface->label != NULL)
    return g_strdup_printf (_ ("Parameters of “%s”"), iface->label);
  return g_strdup (_ ("More parameters"));
}

static void
rebuild_extras (OrrBlockDialog *self, OrrBlock *probe, GPtrArray *params)
{
  g_autoptr (GHashTable) typed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GtkWidget *rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading;
  GtkWidget *child;
  g_autofree char *title = NULL;

  /* what the user typed in the old section */
  for (guint i = self->fields->len; i-- > 0;)
    {
      Field *field = self->fields->pdata[i];
      g_autofree char *text = NULL;

      if (!field->extra)
        continue;
      text = field_get_text (field);
      if (g_strcmp0 (text, field->shown) != 0)
        g_hash_table_insert (typed, g_strdup (field->name), g_steal_pointer (&text));
      g_ptr_array_remove_index (self->fields, i);
    }
  while ((child = gtk_widget_get_first_child (self->extra_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->extra_box), child);

  title = extras_heading (self, probe);
  heading = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (heading), 0.0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (self->extra_box), heading);
  gtk_box_append (GTK_BOX (self->extra_box), rows);

  self->rebuilding = TRUE;
  for (guint i = 0; i < params->len; i++)
    {
      const OrrExtraParam *param = params->pdata[i];
      OrrParamSpec spec = { .name = param->name,
                            .label = param->label,
                            .default_expr = param->default_expr,
                            .help = param->help,
                            .kind = ORR_PARAM_EXPRESSION };
      const char *set = orr_block_get_param (self->block, param->name);
      const char *current = set != NULL ? set : param->default_expr;
      const char *kept = g_hash_table_lookup (typed, param->name);
      Field *field = add_field (self, GTK_BOX (rows), &spec, param->name, current);

      field->spec = NULL; /* spec lives on this stack */
      field->extra = TRUE;
      if (kept != NULL)
        gtk_editable_set_text (GTK_EDITABLE (field->input), kept);
    }
  self->rebuilding = FALSE;
  gtk_widget_set_visible (self->extra_box, params->len > 0);

  g_strfreev (self->extra_names);
  self->extra_names = g_new0 (char *, params->len + 1);
  for (guint i = 0; i < params->len; i++)
    self->extra_names[i] = g_strdup (((OrrExtraParam *)params->pdata[i])->name);
}

/* Asks the class for its extra parameters when the own fields changed. */
static void
update_extras (OrrBlockDialog *self)
{
  g_autofree char *key = NULL;
  g_autoptr (OrrBlock) probe = NULL;
  g_autoptr (GPtrArray) params = NULL;

  if (!self->has_extras)
    return;
  key = own_fields_key (self);
  if (g_strcmp0 (key, self->extra_key) == 0)
    return;
  g_free (self->extra_key);
  self->extra_key = g_steal_pointer (&key);

  probe = probe_new (self, FALSE);
  params = orr_block_class_extra_params (self->klass, probe, self->scope, NULL);
  if (params == NULL || same_names (self->extra_names, params))
    return; /* wrong own fields show their error; the section waits */
  rebuild_extras (self, probe, params);
}

/* Fills the template for the block: headings, one row a parameter. */
static void
build (OrrBlockDialog *self)
{
  g_autofree char *title = NULL;
  g_autofree char *help_page = NULL;
  g_autofree char *unknown = NULL;
  const char *shown_name = self->block->label != NULL ? self->block->label : self->block->id;
  const char *description = NULL;
  GtkBox *form = GTK_BOX (self->form);

  title = g_strdup_printf (_ ("Parameters of “%s”"), shown_name);
  gtk_window_set_title (GTK_WINDOW (self), title);

  if (self->klass != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->heading), self->klass->label != NULL
                                                       ? class_text (self, self->klass->label)
                                                       : self->klass->name);
      if (self->klass->description != NULL)
        description = class_text (self, self->klass->description);
      /* the manual has a page per block class (help/C/block-NAME.page) */
      help_page = g_strdup_printf ("block-%s", self->klass->name);
    }
  else if (self->annotation)
    {
      gtk_window_set_title (GTK_WINDOW (self), _ ("Text on the Diagram"));
      gtk_label_set_text (GTK_LABEL (self->heading), _ ("Text"));
      description = _ ("A note on the diagram: it takes no part in the simulation.");
      /* a text has no name of its own */
      gtk_widget_set_visible (gtk_widget_get_parent (self->name_entry), FALSE);
    }
  else if (self->mask_specs != NULL || (orr_block_is_super (self->block) && self->block->mask))
    {
      const OrrMask *mask = self->block->mask;

      gtk_label_set_text (GTK_LABEL (self->heading), shown_name);
      description = mask->description != NULL && *mask->description != '\0' ? mask->description
                                                                            : _ ("Masked block");
    }
  else
    {
      gtk_widget_set_visible (self->heading, FALSE);
      if (!orr_block_is_super (self->block))
        unknown = g_strdup_printf (_ ("Orrery knows no block of type “%s”; its "
                                      "parameters are kept as they are."),
                                   self->block->type);
      description = unknown != NULL ? unknown : _ ("Super block");
    }
  gtk_label_set_text (GTK_LABEL (self->description), description);
  gtk_widget_set_visible (self->description, description != NULL);
  orr_form_buttons_set_help_page (ORR_FORM_BUTTONS (self->buttons), help_page);

  gtk_size_group_add_widget (self->labels, self->name_label);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry),
                         self->block->label != NULL ? self->block->label : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->name_entry), self->block->id);

  if (self->klass != NULL)
    {
      for (int i = 0; i < self->klass->n_params; i++)
        {
          const OrrParamSpec *spec = &self->klass->params[i];
          const char *current = orr_block_get_param (self->block, spec->name);

          if (current == NULL)
            current = spec->default_expr != NULL ? spec->default_expr : "";
          add_field (self, form, spec, spec->name, current);
        }
    }
  else if (self->mask_specs != NULL)
    {
      for (int i = 0; i < self->n_mask_specs; i++)
        {
          const OrrParamSpec *spec = &self->mask_specs[i];
          const char *current = orr_block_get_param (self->block, spec->name);

          if (current == NULL)
            current = spec->default_expr != NULL ? spec->default_expr : "";
          add_field (self, form, spec, spec->name, current);
        }
    }
  else if (!orr_block_is_super (self->block))
    {
      for (guint i = 0; i < self->block->params->len; i++)
        {
          OrrParam *param = self->block->params->pdata[i];
          add_field (self, form, NULL, param->name, param->expr);
        }
    }

  if (self->klass != NULL && self->klass->extra_params != NULL)
    {
      self->has_extras = TRUE;
      update_extras (self);
      self->opened_extras = g_strdupv (self->extra_names);
    }
  gtk_widget_set_visible (self->context_warning, self->scope == NULL);
  orr_form_buttons_attach (ORR_FORM_BUTTONS (self->buttons), GTK_WINDOW (self),
                           (OrrFormApplyFunc)orr_block_dialog_apply);
}

OrrBlockDialog *
orr_block_dialog_new (GtkWindow *parent, OrrModel *model, OrrRegistry *registry, OrrBlock *block)
{
  OrrBlockDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (block != NULL && block->parent != NULL, NULL);

  self = g_object_new (ORR_TYPE_BLOCK_DIALOG, "transient-for", parent, "modal", parent != NULL,
                       "destroy-with-parent", TRUE, NULL);
  self->model = g_object_ref (model);
  self->registry = registry;
  self->block = orr_block_ref (block);
  self->klass = orr_block_is_super (block) ? NULL : orr_registry_lookup (registry, block->type);
  if (orr_block_is_annotation (block))
    {
      /* one field: the text, taken as typed */
      self->n_mask_specs = 1;
      self->mask_specs = g_new0 (OrrParamSpec, 1);
      self->mask_specs[0].name = g_strdup (ORR_ANNOTATION_TEXT);
      self->mask_specs[0].label = g_strdup (_ ("Text"));
      self->mask_specs[0].default_expr = g_strdup ("");
      self->mask_specs[0].kind = ORR_PARAM_TEXT;
      self->annotation = TRUE;
    }
  else if (orr_block_is_super (block) && block->mask != NULL && block->mask->params->len > 0)
    {
      GPtrArray *params = block->mask->params;

      self->n_mask_specs = (int)params->len;
      self->mask_specs = g_new0 (OrrParamSpec, params->len);
      for (guint i = 0; i < params->len; i++)
        {
          const OrrMaskParam *mp = g_ptr_array_index (params, i);
          OrrParamSpec *spec = &self->mask_specs[i];

          spec->name = g_strdup (mp->name);
          spec->label = g_strdup (mp->label != NULL && *mp->label != '\0' ? mp->label : mp->name);
          spec->default_expr = g_strdup (mp->default_expr);
          spec->kind = mp->kind == ORR_MASK_PARAM_CHOICE     ? ORR_PARAM_CHOICE
                       : mp->kind == ORR_MASK_PARAM_CHECKBOX ? ORR_PARAM_CHECKBOX
                                                             : ORR_PARAM_EXPRESSION;
          spec->choices = (const char *const *)g_strdupv (mp->choices);
          spec->tunable = mp->tunable;
        }
    }

  /* The scope the block's parameters see: the model context and the
   * contexts (and masks) of the super blocks around it, as the compiler
   * will evaluate them. */
  self->evaluation = orr_evaluate_model_with_registry (model, NULL, registry);
  self->scope = orr_evaluation_get_scope (self->evaluation, block->parent);
  if (self->scope != NULL)
    orr_scope_ref (self->scope);

  build (self);
  validate (self);
  if (self->annotation && self->fields->len > 0)
    gtk_widget_grab_focus (((Field *)self->fields->pdata[0])->input);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed), self, G_CONNECT_SWAPPED);
  return self;
}

OrrBlock *
orr_block_dialog_get_block (OrrBlockDialog *self)
{
  g_return_val_if_fail (ORR_IS_BLOCK_DIALOG (self), NULL);
  return self->block;
}

GtkWidget *
orr_block_dialog_get_field (OrrBlockDialog *self, const char *name)
{
  Field *field;

  g_return_val_if_fail (ORR_IS_BLOCK_DIALOG (self), NULL);

  if (name == NULL)
    return self->name_entry;
  field = find_field (self, name);
  return field != NULL ? field->input : NULL;
}

GtkWidget *
orr_block_dialog_get_error_label (OrrBlockDialog *self, const char *name)
{
  Field *field;

  g_return_val_if_fail (ORR_IS_BLOCK_DIALOG (self), NULL);

  if (name == NULL)
    return NULL; /* a name cannot be wrong */
  field = find_field (self, name);
  return field != NULL ? field->error_label : NULL;
}

static void
orr_block_dialog_dispose (GObject *object)
{
  OrrBlockDialog *self = ORR_BLOCK_DIALOG (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  gtk_widget_dispose_template (GTK_WIDGET (object), ORR_TYPE_BLOCK_DIALOG);
  G_OBJECT_CLASS (orr_block_dialog_parent_class)->dispose (object);
}

static void
orr_block_dialog_finalize (GObject *object)
{
  OrrBlockDialog *self = ORR_BLOCK_DIALOG (object);

  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_free (self->extra_key);
  g_clear_object (&self->labels);
  g_strfreev (self->extra_names);
  g_strfreev (self->opened_extras);
  for (int i = 0; i < self->n_mask_specs; i++)
    {
      g_free ((char *)self->mask_specs[i].name);
      g_free ((char *)self->mask_specs[i].label);
      g_free ((char *)self->mask_specs[i].default_expr);
      g_strfreev ((char **)self->mask_specs[i].choices);
    }
  g_free (self->mask_specs);
  g_clear_pointer (&self->scope, orr_scope_unref);
  g_clear_pointer (&self->evaluation, orr_evaluation_free);
  g_clear_pointer (&self->block, orr_block_unref);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (orr_block_dialog_parent_class)->finalize (object);
}

static const OrrFormChild template_children[] = {
  ORR_FORM_CHILD (OrrBlockDialog, heading),
  ORR_FORM_CHILD (OrrBlockDialog, description),
  ORR_FORM_CHILD (OrrBlockDialog, form),
  ORR_FORM_CHILD (OrrBlockDialog, name_label),
  ORR_FORM_CHILD (OrrBlockDialog, name_entry),
  ORR_FORM_CHILD (OrrBlockDialog, extra_box),
  ORR_FORM_CHILD (OrrBlockDialog, context_warning),
  ORR_FORM_CHILD (OrrBlockDialog, buttons),
};

static void
orr_block_dialog_class_init (OrrBlockDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_block_dialog_dispose;
  object_class->finalize = orr_block_dialog_finalize;

  orr_form_class_set_template (widget_class, "orr-block-dialog.ui", template_children,
                               G_N_ELEMENTS (template_children));
  gtk_widget_class_bind_template_callback (widget_class, entry_activated);
}

static void
orr_block_dialog_init (OrrBlockDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->fields = g_ptr_array_new_with_free_func ((GDestroyNotify)field_free);
  self->labels = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}
