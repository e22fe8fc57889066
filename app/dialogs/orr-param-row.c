/* orr-param-row.c: one field of a form. See orr-param-row.h. The row is
 * built from its template (orr-param-row.ui); the dialog gives the input. */
#include "orr-param-row.h"

struct _OrrParamRow
{
  GtkWidget parent_instance;

  GtkWidget *label;
  GtkWidget *column;
  GtkWidget *error_label;
  GtkWidget *help_label;
  GtkWidget *input;
};

G_DEFINE_FINAL_TYPE (OrrParamRow, orr_param_row, GTK_TYPE_WIDGET)

GtkWidget *
orr_form_caption_new (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Wide enough at its narrowest that a window, which sizes itself for
   * its children's minimum width, does not start out tall and empty. */
  gtk_label_set_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_widget_add_css_class (label, css_class);
  gtk_widget_add_css_class (label, "caption");
  return label;
}

void
orr_form_show_error (GtkWidget *label, GtkWidget *input, const char *message)
{
  gtk_label_set_text (GTK_LABEL (label), message != NULL ? message : "");
  gtk_widget_set_visible (label, message != NULL);
  if (input == NULL)
    return;
  if (message != NULL)
    gtk_widget_add_css_class (input, "error");
  else
    gtk_widget_remove_css_class (input, "error");
}

GtkWidget *
orr_param_row_new (const char *mnemonic, GtkWidget *input, const char *help, GtkSizeGroup *labels)
{
  OrrParamRow *self = g_object_new (ORR_TYPE_PARAM_ROW, NULL);

  g_return_val_if_fail (GTK_IS_WIDGET (input), NULL);

  gtk_label_set_text_with_mnemonic (GTK_LABEL (self->label), mnemonic);
  gtk_label_set_mnemonic_widget (GTK_LABEL (self->label), input);
  if (labels != NULL)
    gtk_size_group_add_widget (labels, self->label);
  /* held: a dialog may move it into a wrapper (orr_param_row_set_input_widget) */
  self->input = g_object_ref_sink (input);
  gtk_widget_set_hexpand (input, TRUE);
  gtk_box_prepend (GTK_BOX (self->column), input);
  gtk_label_set_text (GTK_LABEL (self->help_label), help != NULL ? help : "");
  gtk_widget_set_visible (self->help_label, help != NULL && *help != '\0');
  gtk_accessible_update_relation (GTK_ACCESSIBLE (input), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->label, NULL, -1);
  if (help != NULL && *help != '\0')
    gtk_accessible_update_relation (GTK_ACCESSIBLE (input), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                    self->help_label, NULL, -1);
  return GTK_WIDGET (self);
}

void
orr_param_row_set_input_widget (OrrParamRow *self, GtkWidget *widget)
{
  g_return_if_fail (ORR_IS_PARAM_ROW (self));

  if (gtk_widget_get_parent (self->input) == self->column)
    gtk_box_remove (GTK_BOX (self->column), self->input);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_box_prepend (GTK_BOX (self->column), widget);
}

void
orr_param_row_set_help (OrrParamRow *self, const char *help)
{
  g_return_if_fail (ORR_IS_PARAM_ROW (self));
  gtk_label_set_text (GTK_LABEL (self->help_label), help != NULL ? help : "");
  gtk_widget_set_visible (self->help_label, help != NULL && *help != '\0');
}

GtkWidget *
orr_param_row_get_input (OrrParamRow *self)
{
  g_return_val_if_fail (ORR_IS_PARAM_ROW (self), NULL);
  return self->input;
}

GtkWidget *
orr_param_row_get_label (OrrParamRow *self)
{
  g_return_val_if_fail (ORR_IS_PARAM_ROW (self), NULL);
  return self->label;
}

GtkWidget *
orr_param_row_get_error_label (OrrParamRow *self)
{
  g_return_val_if_fail (ORR_IS_PARAM_ROW (self), NULL);
  return self->error_label;
}

void
orr_param_row_set_error (OrrParamRow *self, const char *message)
{
  g_return_if_fail (ORR_IS_PARAM_ROW (self));
  orr_form_show_error (self->error_label, self->input, message);
}

static void
orr_param_row_dispose (GObject *object)
{
  OrrParamRow *self = ORR_PARAM_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ORR_TYPE_PARAM_ROW);
  g_clear_object (&self->input);
  G_OBJECT_CLASS (orr_param_row_parent_class)->dispose (object);
}

static void
orr_param_row_class_init (OrrParamRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_param_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/orrery/Orrery/orr-param-row.ui");
  gtk_widget_class_bind_template_child (widget_class, OrrParamRow, label);
  gtk_widget_class_bind_template_child (widget_class, OrrParamRow, column);
  gtk_widget_class_bind_template_child (widget_class, OrrParamRow, error_label);
  gtk_widget_class_bind_template_child (widget_class, OrrParamRow, help_label);
}

static void
orr_param_row_init (OrrParamRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              12);
}
