/* orr-form-buttons.h: the foot of every form dialog (block parameters,
 * mask, settings), written once: a line for an error no field owns, an
 * optional Help button that opens a page of the manual, room on the left
 * for a dialog's own button (Remove Mask), and Cancel, Apply and OK. Apply
 * and OK run the dialog's apply function; both wait while the form is not
 * valid. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ORR_TYPE_FORM_BUTTONS (orr_form_buttons_get_type ())
G_DECLARE_FINAL_TYPE (OrrFormButtons, orr_form_buttons, ORR, FORM_BUTTONS, GtkWidget)

/* What a dialog's Apply does: FALSE with an error when the form is wrong. */
typedef gboolean (*OrrFormApplyFunc) (gpointer dialog, GError **error);

/* Ties the buttons to their dialog: Apply and OK call apply (OK then
 * closes the dialog), Cancel closes it, OK is its default widget. */
void orr_form_buttons_attach (OrrFormButtons *self, GtkWindow *dialog, OrrFormApplyFunc apply);
/* Apply and OK become sensitive only while the form is valid. */
void orr_form_buttons_set_valid (OrrFormButtons *self, gboolean valid);
/* The error under the form, hidden when message is NULL. */
void orr_form_buttons_show_error (OrrFormButtons *self, const char *message);
/* Shows a Help button opening that page of the manual ("block-Gain",
 * through the application's help-page action), or hides it (NULL). */
void orr_form_buttons_set_help_page (OrrFormButtons *self, const char *page);
/* A dialog's own button, on the left apart from the closing ones. */
void orr_form_buttons_add_start (OrrFormButtons *self, GtkWidget *widget);
/* What OK does: applies and closes when the form is valid (an entry's
 * Enter). */
void orr_form_buttons_activate_ok (OrrFormButtons *self);

/* A form dialog's class: its template (a resource of the app, by name:
 * "orr-block-dialog.ui"), the children bound to the instance struct by
 * name, Escape to close; the widget types the templates use are made
 * known. */
typedef struct
{
  const char *name;
  gssize offset;
} OrrFormChild;
#define ORR_FORM_CHILD(Type, member)                                                               \
  {                                                                                                \
#member, G_STRUCT_OFFSET(Type, member)                                                         \
  }
void orr_form_class_set_template (GtkWidgetClass *widget_class, const char *ui,
                                  const OrrFormChild *children, guint n_children);

/* For any dialog with form buttons (the tests, the window): its buttons,
 * its Apply button and whether its form is valid. */
OrrFormButtons *orr_form_buttons_of (gpointer dialog);
GtkWidget *orr_form_get_apply_button (gpointer dialog);
GtkWidget *orr_form_get_help_button (gpointer dialog);
gboolean orr_form_is_valid (gpointer dialog);

G_END_DECLS
