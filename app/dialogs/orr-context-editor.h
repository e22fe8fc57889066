/* orr-context-editor.h: the editor of a diagram's context script (the
 * model's or a super block's): monospace, line numbers in a gutter, and
 * the script evaluated a moment after each change in the scope the
 * compiler will give it, its error marked at its line with the message
 * under the text. Applying is one undoable step. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_TYPE_CONTEXT_EDITOR (orr_context_editor_get_type ())
G_DECLARE_FINAL_TYPE (OrrContextEditor, orr_context_editor, ORR, CONTEXT_EDITOR, GtkWindow)

/* parent may be NULL; diagram is the model's root or a super block's
 * child; model and registry must outlive the editor, which closes itself
 * when the super block leaves the model. */
GtkWindow *orr_context_editor_new (GtkWindow *parent, OrrModel *model, OrrDiagram *diagram,
                                   OrrRegistry *registry);

/* The widgets, for tests and accessibility tools: the script's text view
 * (its buffer has an "error" tag on the line of the error), the label under
 * it that shows the error or the names the script defines, and the Apply
 * button. */
GtkWidget *orr_context_editor_get_text_view (OrrContextEditor *self);
GtkWidget *orr_context_editor_get_message_label (OrrContextEditor *self);
GtkWidget *orr_context_editor_get_apply_button (OrrContextEditor *self);

/* Evaluates now instead of after the pause in typing; TRUE when the
 * script ran (or, where the scopes around it have errors, parsed). */
gboolean orr_context_editor_evaluate (OrrContextEditor *self);
/* The line (from 1) of the error the editor marks, 0 when none. */
int orr_context_editor_get_error_line (OrrContextEditor *self);
/* Writes the script to the diagram in one undoable step. */
void orr_context_editor_apply (OrrContextEditor *self);

G_END_DECLS
