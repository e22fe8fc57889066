/* orr-study-dialog.h: the New Study window: one or two context variables
 * and their values, a metric, then the study run on every core with its
 * progress and Stop in the header bar, a table of the finished runs and a
 * plot of the metric against the first variable; or the results of a
 * saved study (.orrs) opened again. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_TYPE_STUDY_DIALOG (orr_study_dialog_get_type ())
G_DECLARE_FINAL_TYPE (OrrStudyDialog, orr_study_dialog, ORR, STUDY_DIALOG, GtkWindow)

/* file: the model's file (the study runs what is saved there), or NULL
 * when the model was never saved (the window then says so). */
OrrStudyDialog *orr_study_dialog_new (GtkWindow *parent, OrrModel *model, GFile *file,
                                      OrrRegistry *registry);
/* Shows the runs of the study file at path (for tests and Open Results). */
gboolean orr_study_dialog_open (OrrStudyDialog *self, const char *path, GError **error);
/* How many runs the table shows. For tests. */
guint orr_study_dialog_get_n_done (OrrStudyDialog *self);

G_END_DECLS
