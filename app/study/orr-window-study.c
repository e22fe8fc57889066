/* orr-window-study.c: the window's New Study… action (win.new-study,
 * Ctrl+Shift+Y): the study window for this model's file. */
#include "orr-window-private.h"

#include "orr-study-dialog.h"

static void
new_study_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrStudyDialog *dialog
    = orr_study_dialog_new (GTK_WINDOW (self), self->model, self->file, self->registry);

  gtk_window_present (GTK_WINDOW (dialog));
}

static const GActionEntry study_actions[] = {
  { "new-study", new_study_activated },
};

void
_orr_window_study_init (OrrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), study_actions, G_N_ELEMENTS (study_actions),
                                   self);
}
