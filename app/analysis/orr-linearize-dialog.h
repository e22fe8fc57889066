/* orr-linearize-dialog.h: the Linearize… dialog: which super block,
 * which ports, which operating point; on Linearize it runs the analysis
 * and opens a Linear Analysis window, or says in the dialog what failed. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-analysis.h>

G_BEGIN_DECLS

#define ORR_TYPE_LINEARIZE_DIALOG (orr_linearize_dialog_get_type ())
G_DECLARE_FINAL_TYPE (OrrLinearizeDialog, orr_linearize_dialog, ORR, LINEARIZE_DIALOG, GtkWindow)

/* block_path: the super block to propose, or NULL (the whole model). */
OrrLinearizeDialog *orr_linearize_dialog_new (GtkWindow *parent, OrrModel *model,
                                              OrrRegistry *registry, const char *block_path);
/* What the Linearize button does; the Linear Analysis window it opened,
 * or NULL (the message is in the dialog). For tests. */
GtkWindow *orr_linearize_dialog_run (OrrLinearizeDialog *self);

G_END_DECLS
