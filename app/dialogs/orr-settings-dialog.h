/* orr-settings-dialog.h: the model's simulation settings (times, solver,
 * tolerances, steps, real-time factor) as plain numbers, each checked as
 * it is typed with the error under its field; Apply and OK stay
 * insensitive while any is wrong. Applying is one undoable step. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-model.h>

G_BEGIN_DECLS

#define ORR_TYPE_SETTINGS_DIALOG (orr_settings_dialog_get_type ())
G_DECLARE_FINAL_TYPE (OrrSettingsDialog, orr_settings_dialog, ORR, SETTINGS_DIALOG, GtkWindow)

/* parent may be NULL; model must outlive the dialog. */
GtkWindow *orr_settings_dialog_new (GtkWindow *parent, OrrModel *model);

/* The widgets, for tests and accessibility tools, by the OrrSettings
 * field name ("start_time", "final_time", "solver", "rtol", "atol",
 * "max_step", "initial_step", "zc_tolerance", "realtime_factor", "refine"):
 * a GtkEntry for numbers, a GtkDropDown for the solver, a GtkSpinButton for
 * the refine factor; the label that shows
 * its error (hidden when there is none). The Apply button and whether
 * every field is valid: orr_form_get_apply_button, orr_form_is_valid. */
GtkWidget *orr_settings_dialog_get_field (OrrSettingsDialog *self, const char *name);
GtkWidget *orr_settings_dialog_get_error_label (OrrSettingsDialog *self, const char *name);
/* Writes the settings to the model in one undoable step (none when
 * nothing changed). FALSE with an error while a field is wrong. */
gboolean orr_settings_dialog_apply (OrrSettingsDialog *self, GError **error);

G_END_DECLS
