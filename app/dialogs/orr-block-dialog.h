/* orr-block-dialog.h: the parameter dialog of one block. One field per
 * parameter of its class, each checked as the user types (evaluated in
 * the scope the block's diagram gives it, then configured), with the error
 * under the field; Apply and OK stay insensitive while any field is wrong.
 * Applying is one undoable step, and ports follow (Mux inputs, Sum signs). */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_TYPE_BLOCK_DIALOG (orr_block_dialog_get_type ())
G_DECLARE_FINAL_TYPE (OrrBlockDialog, orr_block_dialog, ORR, BLOCK_DIALOG, GtkWindow)

/* parent may be NULL; model and registry must outlive the dialog. The
 * dialog closes itself when block leaves the model. */
OrrBlockDialog *orr_block_dialog_new (GtkWindow *parent, OrrModel *model, OrrRegistry *registry,
                                      OrrBlock *block);

OrrBlock *orr_block_dialog_get_block (OrrBlockDialog *self);

/* The widgets, for tests and accessibility tools: the input of parameter
 * name (NULL: the block's name entry): a GtkEntry for expressions, a
 * GtkDropDown for choices, a GtkCheckButton for check boxes, a GtkTextView
 * for text; the label that shows its error (hidden when there is none,
 * NULL for the name, which cannot be wrong). The Apply and Help buttons
 * and whether every field is valid: orr_form_get_apply_button,
 * orr_form_get_help_button, orr_form_is_valid (orr-form-buttons.h). */
GtkWidget *orr_block_dialog_get_field (OrrBlockDialog *self, const char *name);
GtkWidget *orr_block_dialog_get_error_label (OrrBlockDialog *self, const char *name);
/* Writes what changed to the model, in one undoable step. */
gboolean orr_block_dialog_apply (OrrBlockDialog *self, GError **error);

G_END_DECLS
