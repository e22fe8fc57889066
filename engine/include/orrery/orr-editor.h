/* orr-editor.h: editing steps the canvas and the dialogs share, which
 * need the block classes and not only the model: adding a block with its
 * class's defaults, and bringing a block's ports in line with its
 * parameters (Mux inputs, Sum signs). No GTK here. */
#pragma once

#include <orrery/orr-interface.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

/* Adds a block of class type at geometry (width or height 0: the default
 * size for its ports), with its ports from the class's interface for the
 * default parameters, in one undoable step. NULL with error for an
 * unknown class. */
OrrBlock *orr_editor_add_block (OrrModel *model, OrrDiagram *diagram, OrrRegistry *registry,
                                const char *type, const OrrRect *geometry, GError **error);

/* Evaluates block's parameters in the scope its diagram gives it (model
 * and super-block contexts, masks) and sets its port counts to what its
 * class's configure declares, inside the current transaction. FALSE with
 * an error naming the parameter when they do not evaluate: the ports are
 * then left as they are. Super blocks: ports follow their port blocks. */
gboolean orr_editor_sync_ports (OrrModel *model, OrrRegistry *registry, OrrBlock *block,
                                GError **error);

/* What orr_editor_sync_ports does once it has the interface: block's port
 * counts and the port names the class gives, from an interface computed
 * elsewhere (on a worker, for a class with slow_configure). Changes the
 * model (in an undoable step named "Update Ports") only where it differs;
 * TRUE when it changed something. */
gboolean orr_editor_apply_interface (OrrModel *model, OrrBlock *block,
                                     const OrrBlockInterface *iface);

/* Sets several parameters and syncs the ports in one undoable step named
 * description; names and exprs are NULL-terminated, parallel. On error
 * nothing changes. */
/* After blocks were removed from diagram: when it is a super block's
 * inside, numbers its port blocks again without gaps and makes the super
 * block's ports follow, in the current transaction. FALSE when there was
 * nothing to do or the ports could not follow. */
gboolean orr_editor_after_removal (OrrModel *model, OrrRegistry *registry, OrrDiagram *diagram);

gboolean orr_editor_set_params (OrrModel *model, OrrRegistry *registry, OrrBlock *block,
                                const char *const *names, const char *const *exprs,
                                const char *description, GError **error);

G_END_DECLS
