/* orr-form-buttons.c: the foot of a form dialog. See orr-form-buttons.h;
 * the widgets come from orr-form-buttons.ui. */
#include "orr-form-buttons.h"

#include "orr-param-row.h"

#define FORM_BUTTONS_KEY "orr-form-buttons"

struct _OrrFormButtons
{
  GtkWidget parent_instance;

  GtkWidget *error_label;
  GtkWidget *help_button;
  GtkWidget *start_box;
  GtkWidget *apply_button;
  GtkWidget *ok_button;

  GtkWindow *dialog; /* not held: the buttons live inside it */
  OrrFormApplyFunc apply;
  gboolean valid;
  char *help_page;
};

G_DEFINE_FINAL_TYPE (OrrFormButtons, orr_form_buttons, GTK_TYPE_WIDGET)

void
orr_form_buttons_attach (OrrFormButtons *self, GtkWindow *dialog, OrrFormApplyFunc apply)
{
  g_return_if_fail (ORR_IS_FORM_BUTTONS (self));
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  self->dialog = dialog;
  self->apply = apply;
  g_object_set_data (G_OBJECT (dialog), FORM_BUTTONS_KEY, self);
  gtk_window_set_default_widget (dialog, self->ok_button);
}

void
orr_form_buttons_set_valid (OrrFormButtons *self, gboolean valid)
{
  g_return_if_fail (ORR_IS_FORM_BUTTONS (self));

  self->valid = valid;
  gtk_widget_set_sensitive (self->apply_button, valid);
  gtk_widget_set_sensitive (self->ok_button, valid);
}

void
orr_form_buttons_show_error (OrrFormButtons *self, const char *message)
{
  g_return_if_fail (ORR_IS_FORM_BUTTONS (self));

  gtk_label_set_text (GTK_LABEL (self->error_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->error_label, message != NULL);
}

void
orr_form_buttons_set_help_page (OrrFormButtons *self, const char *page)
{
  g_return_if_fail (ORR_IS_FORM_BUTTONS (self));

  g_free (self->help_page);
  self->help_page = g_strdup (page);
  gtk_widget_set_visible (self->help_button, page != NULL);
}

void
orr_form_buttons_add_start (OrrFormButtons *self, GtkWidget *widget)
{
  g_return_if_fail (ORR_IS_FORM_BUTTONS (self));
  gtk_box_append (GTK_BOX (self->start_box), widget);
}

static gboolean
apply (OrrFormButtons *self)
{
  g_autoptr (GError) error = NULL;

  if (self->dialog == NULL || self->apply == NULL)
    return FALSE;
  if (!self->apply (self->dialog, &error))
    {
      orr_form_buttons_show_error (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
apply_clicked (OrrFormButtons *self)
{
  apply (self);
}

void
orr_form_buttons_activate_ok (OrrFormButtons *self)
{
  g_return_if_fail (ORR_IS_FORM_BUTTONS (self));

  if (self->valid && apply (self))
    gtk_window_destroy (self->dialog);
}

/* A dialog is not one of the application's windows (it has no app.
 * actions of its own): the application's help-page action is asked
 * directly. */
static void
help_clicked (OrrFormButtons *self)
{
  GApplication *app = g_application_get_default ();

  if (app != NULL && self->help_page != NULL
      && g_action_group_has_action (G_ACTION_GROUP (app), "help-page"))
    g_action_group_activate_action (G_ACTION_GROUP (app), "help-page",
                                    g_variant_new_string (self->help_page));
}

static void
cancel_clicked (OrrFormButtons *self)
{
  if (self->dialog != NULL)
    gtk_window_destroy (self->dialog);
}

void
orr_form_class_set_template (GtkWidgetClass *widget_class, const char *ui,
                             const OrrFormChild *children, guint n_children)
{
  g_autofree char *resource = g_strconcat ("/org/orrery/Orrery/", ui, NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  g_type_ensure (ORR_TYPE_FORM_BUTTONS);
  g_type_ensure (ORR_TYPE_PARAM_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, resource);
  for (guint i = 0; i < n_children; i++)
    gtk_widget_class_bind_template_child_full (widget_class, children[i].name, FALSE,
                                               children[i].offset);
}

OrrFormButtons *
orr_form_buttons_of (gpointer dialog)
{
  g_return_val_if_fail (GTK_IS_WINDOW (dialog), NULL);
  return g_object_get_data (G_OBJECT (dialog), FORM_BUTTONS_KEY);
}

GtkWidget *
orr_form_get_apply_button (gpointer dialog)
{
  OrrFormButtons *self = orr_form_buttons_of (dialog);

  return self != NULL ? self->apply_button : NULL;
}

GtkWidget *
orr_form_get_help_button (gpointer dialog)
{
  OrrFormButtons *self = orr_form_buttons_of (dialog);

  return self != NULL ? self->help_button : NULL;
}

gboolean
orr_form_is_valid (gpointer dialog)
{
  OrrFormButtons *self = orr_form_buttons_of (dialog);

  return self != NULL && self->valid;
}

static void
orr_form_buttons_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), ORR_TYPE_FORM_BUTTONS);
  /* the box of the buttons has no name in the template */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (orr_form_buttons_parent_class)->dispose (object);
}

static void
orr_form_buttons_finalize (GObject *object)
{
  g_free (ORR_FORM_BUTTONS (object)->help_page);
  G_OBJECT_CLASS (orr_form_buttons_parent_class)->finalize (object);
}

static void
orr_form_buttons_class_init (OrrFormButtonsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = orr_form_buttons_dispose;
  G_OBJECT_CLASS (klass)->finalize = orr_form_buttons_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/orrery/Orrery/orr-form-buttons.ui");
  gtk_widget_class_bind_template_child (widget_class, OrrFormButtons, error_label);
  gtk_widget_class_bind_template_child (widget_class, OrrFormButtons, help_button);
  gtk_widget_class_bind_template_child (widget_class, OrrFormButtons, start_box);
  gtk_widget_class_bind_template_child (widget_class, OrrFormButtons, apply_button);
  gtk_widget_class_bind_template_child (widget_class, OrrFormButtons, ok_button);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, help_clicked);
  gtk_widget_class_bind_template_callback (widget_class, orr_form_buttons_activate_ok);
}

static void
orr_form_buttons_init (OrrFormButtons *self)
{
  self->valid = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
}
