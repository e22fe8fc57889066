/* orr-linearize-dialog.c: the Linearize… dialog (orr-linearize-dialog.h),
 * from the GtkBuilder template orr-linearize-dialog.ui. The analysis runs
 * on the main thread: a small model linearizes in milliseconds, and the
 * dialog stays up to show what went wrong otherwise. */
#include "orr-linearize-dialog.h"

#include "orr-analysis-window.h"
#include "orr-trust-store.h"
#include "orr-window.h"

#include <glib/gi18n.h>
#include <math.h>

struct _OrrLinearizeDialog
{
  GtkWindow parent_instance;

  OrrModel *model;
  OrrRegistry *registry;
  GtkEntry *block_entry, *inputs_entry, *outputs_entry, *time_entry, *trim_entry, *set_entry;
  GtkLabel *message_label;
};

G_DEFINE_FINAL_TYPE (OrrLinearizeDialog, orr_linearize_dialog, GTK_TYPE_WINDOW)

static const char *
text_of (GtkEntry *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

static gboolean
parse_ports (const char *text, GArray *ports)
{
  g_auto (GStrv) parts = g_strsplit_set (text, ", ", -1);

  for (int i = 0; parts[i] != NULL; i++)
    {
      gint64 v;
      int p;

      if (parts[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_signed (parts[i], 10, 1, 999, &v, NULL))
        return FALSE;
      p = (int)v;
      g_array_append_val (ports, p);
    }
  return TRUE;
}

static void
show_message (OrrLinearizeDialog *self, const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

GtkWindow *
orr_linearize_dialog_run (OrrLinearizeDialog *self)
{
  g_autoptr (GArray) inputs = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) outputs = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLinearModel) lm = NULL;
  g_autoptr (OrrScope) at_trim = NULL;
  g_autoptr (OrrScope) overrides = NULL;
  g_auto (GStrv) vars = NULL;
  g_autofree char *block = g_strstrip (g_strdup (text_of (self->block_entry)));
  g_autofree char *model_path = NULL;
  const char *time_text = text_of (self->time_entry);
  OrrLinearizeOptions options;
  OrrAnalysisWindow *window;

  if (!parse_ports (text_of (self->inputs_entry), inputs)
      || !parse_ports (text_of (self->outputs_entry), outputs))
    {
      show_message (self, _ ("Ports are numbers from 1, such as 1, 2."));
      return NULL;
    }
  /* context values for the analysis, as orrery-sim's --set and the last
   * argument of linearize() give them: pinned over the model's context */
  if (text_of (self->set_entry)[0] != '\0')
    {
      g_autoptr (OrrScope) values = orr_scope_new (NULL);
      g_auto (GStrv) names = NULL;

      if (!orr_script_run (text_of (self->set_entry), values, &error))
        {
          g_autofree char *message = g_strdup_printf (_ ("Context values: %s"), error->message);

          show_message (self, message);
          return NULL;
        }
      overrides = orr_scope_new (NULL);
      names = orr_scope_list_local (values);
      for (int i = 0; names[i] != NULL; i++)
        orr_scope_pin (overrides, names[i], orr_scope_lookup (values, names[i]));
    }
  orr_linearize_options_init (&options);
  /* the model's folder and, if the user trusted its native code for a run,
   * that trust (orr-trust-store.h) */
  {
    GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
    GFile *file = ORR_IS_WINDOW (parent) ? orr_window_get_file (ORR_WINDOW (parent)) : NULL;

    model_path = file != NULL ? g_file_get_path (file) : NULL;
    options.compile_options.model_path = model_path;
    options.compile_options.trust_native_code
      = orr_trust_store_covers (self->model, self->registry, model_path);
  }
  if (time_text[0] != '\0')
    {
      char *end = NULL;

      options.at_time = g_ascii_strtod (time_text, &end);
      if (end == time_text || *end != '\0' || !isfinite (options.at_time))
        {
          show_message (self, _ ("The operating time is a number of seconds."));
          return NULL;
        }
    }
  vars = g_strsplit_set (text_of (self->trim_entry), ", ", -1);
  {
    int k = 0;

    for (int i = 0; vars[i] != NULL; i++)
      if (vars[i][0] != '\0')
        vars[k++] = vars[i];
      else
        g_free (vars[i]);
    vars[k] = NULL;
  }
  if (vars[0] != NULL)
    {
      g_autoptr (OrrTrimResult) result = NULL;
      OrrTrimOptions trim;

      orr_trim_options_init (&trim);
      trim.block = block;
      trim.compile_options = options.compile_options;
      trim.vars = (const char *const *)vars;
      trim.inputs = inputs->len > 0 ? (const int *)inputs->data : NULL;
      trim.n_inputs = inputs->len;
      trim.overrides = overrides;
      result = orr_trim (self->model, self->registry, &trim, &error);
      if (result == NULL)
        {
          show_message (self, error->message);
          return NULL;
        }
      at_trim = orr_trim_result_to_scope (result, overrides);
    }
  options.block = block;
  options.inputs = inputs->len > 0 ? (const int *)inputs->data : NULL;
  options.n_inputs = inputs->len;
  options.outputs = outputs->len > 0 ? (const int *)outputs->data : NULL;
  options.n_outputs = outputs->len;
  options.overrides = at_trim != NULL ? at_trim : overrides;
  lm = orr_linearize (self->model, self->registry, &options, &error);
  if (lm == NULL)
    {
      show_message (self, error->message);
      return NULL;
    }
  window = orr_analysis_window_new (gtk_window_get_transient_for (GTK_WINDOW (self)), lm,
                                    block[0] != '\0' ? block : _ ("the model"));
  gtk_window_present (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (self));
  return GTK_WINDOW (window);
}

static void
linearize_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  orr_linearize_dialog_run (ORR_LINEARIZE_DIALOG (widget));
}

static void
orr_linearize_dialog_finalize (GObject *object)
{
  OrrLinearizeDialog *self = ORR_LINEARIZE_DIALOG (object);

  g_clear_object (&self->model);
  G_OBJECT_CLASS (orr_linearize_dialog_parent_class)->finalize (object);
}

static void
orr_linearize_dialog_class_init (OrrLinearizeDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = orr_linearize_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/orrery/Orrery/orr-linearize-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, block_entry);
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, inputs_entry);
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, outputs_entry);
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, time_entry);
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, trim_entry);
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, set_entry);
  gtk_widget_class_bind_template_child (widget_class, OrrLinearizeDialog, message_label);
  gtk_widget_class_install_action (widget_class, "dialog.linearize", NULL, linearize_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* What went wrong was about the fields as they were: editing one clears it. */
static void
field_changed (OrrLinearizeDialog *self)
{
  show_message (self, NULL);
}

static void
orr_linearize_dialog_init (OrrLinearizeDialog *self)
{
  GtkEntry *entries[6];

  gtk_widget_init_template (GTK_WIDGET (self));
  entries[0] = self->block_entry;
  entries[1] = self->inputs_entry;
  entries[2] = self->outputs_entry;
  entries[3] = self->time_entry;
  entries[4] = self->trim_entry;
  entries[5] = self->set_entry;
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    g_signal_connect_swapped (entries[i], "changed", G_CALLBACK (field_changed), self);
  gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
}

OrrLinearizeDialog *
orr_linearize_dialog_new (GtkWindow *parent, OrrModel *model, OrrRegistry *registry,
                          const char *block_path)
{
  OrrLinearizeDialog *self = g_object_new (ORR_TYPE_LINEARIZE_DIALOG, NULL);

  self->model = g_object_ref (model);
  self->registry = registry;
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  gtk_editable_set_text (GTK_EDITABLE (self->block_entry), block_path != NULL ? block_path : "");
  return self;
}
