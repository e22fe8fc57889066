/* orr-mask-editor.h: the editor of a super block's mask: its parameters
 * (name, label, default expression, kind, choices, tunable), icon text
 * and description. "Propose" adds the names the blocks inside read from
 * outside (orr_mask_propose_params), with the values they have there now
 * as defaults. Names are checked as they are typed; Apply writes the mask
 * in one undoable step, "Remove Mask" unmasks the block. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_TYPE_MASK_EDITOR (orr_mask_editor_get_type ())
G_DECLARE_FINAL_TYPE (OrrMaskEditor, orr_mask_editor, ORR, MASK_EDITOR, GtkWindow)

/* parent may be NULL; super is a super block in model; model and registry
 * must outlive the editor, which closes itself when super leaves the
 * model. */
GtkWindow *orr_mask_editor_new (GtkWindow *parent, OrrModel *model, OrrBlock *super,
                                OrrRegistry *registry);

/* For tests and accessibility tools: the rows of the parameter list, read
 * and written through their widgets, as the user would. */
guint orr_mask_editor_get_n_params (OrrMaskEditor *self);
/* Appends an empty row; its index. */
guint orr_mask_editor_add_param (OrrMaskEditor *self);
void orr_mask_editor_remove_param (OrrMaskEditor *self, guint index);
/* Moves a row up (delta < 0) or down, as far as the list goes. */
void orr_mask_editor_move_param (OrrMaskEditor *self, guint index, int delta);
/* Fills row index's fields from param (label NULL: empty). */
void orr_mask_editor_set_param (OrrMaskEditor *self, guint index, const OrrMaskParam *param);
/* What row index's fields hold, as a mask parameter would take it. */
OrrMaskParam *orr_mask_editor_dup_param (OrrMaskEditor *self, guint index);
/* The error shown under row index, NULL when there is none. */
const char *orr_mask_editor_get_param_error (OrrMaskEditor *self, guint index);
void orr_mask_editor_set_icon_text (OrrMaskEditor *self, const char *text);
void orr_mask_editor_set_description (OrrMaskEditor *self, const char *text);

/* What the Propose button does: appends a row per proposed name not in
 * the list yet; how many it added. */
guint orr_mask_editor_propose (OrrMaskEditor *self);
/* Writes the mask in one undoable step (values the block holds for
 * parameters no longer in the mask go with it). */
gboolean orr_mask_editor_apply (OrrMaskEditor *self, GError **error);
/* Unmasks the block in one undoable step and closes the editor. */
void orr_mask_editor_remove_mask (OrrMaskEditor *self);

G_END_DECLS
