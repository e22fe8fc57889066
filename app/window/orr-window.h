/* orr-window.h: one editor window on one model: header bar, palette
 * browser, canvas and status line. Its commands are the GActions of
 * orr-window-actions.c. */
#pragma once

#include "orr-application.h"

#include <orr-canvas.h>

G_BEGIN_DECLS

#define ORR_TYPE_WINDOW (orr_window_get_type ())
G_DECLARE_FINAL_TYPE (OrrWindow, orr_window, ORR, WINDOW, GtkApplicationWindow)

/* file: where model was loaded from, NULL for a new model. */
OrrWindow *orr_window_new (OrrApplication *application, OrrModel *model, GFile *file);
/* An Xcos diagram (.zcos, .xcos) imported into a new window as an unsaved
 * model, its import report in the problems list (orr-window-xcos.c). NULL
 * with error if it cannot be read. */
GtkWindow *_orr_window_open_xcos (OrrApplication *application, GFile *file, GError **error);

OrrModel *orr_window_get_model (OrrWindow *self);
OrrCanvas *orr_window_get_canvas (OrrWindow *self);
/* NULL until the model has been saved once. */
GFile *orr_window_get_file (OrrWindow *self);
/* The question asked before a model's native code first runs (win.run
 * opens it, win.trust-run answers yes), or NULL when none is open. */
GtkWindow *orr_window_get_trust_dialog (OrrWindow *self);
/* A new model nobody has edited: opening a file may replace the window. */
gboolean orr_window_is_pristine (OrrWindow *self);

/* Saves atomically to file, which becomes the window's file. */
gboolean orr_window_save_to (OrrWindow *self, GFile *file, GError **error);

/* The answers of the unsaved-changes question (a GtkMessageDialog
 * transient for the window). */
#define ORR_WINDOW_RESPONSE_CANCEL GTK_RESPONSE_CANCEL
#define ORR_WINDOW_RESPONSE_DISCARD GTK_RESPONSE_CLOSE
#define ORR_WINDOW_RESPONSE_SAVE GTK_RESPONSE_ACCEPT

/* Asks what to do with unsaved changes (Save, Discard, Cancel). Finishes
 * with TRUE when the window may close: nothing was unsaved, it was saved,
 * or the changes were discarded. */
void orr_window_confirm_close_async (OrrWindow *self, GCancellable *cancellable,
                                     GAsyncReadyCallback callback, gpointer user_data);
gboolean orr_window_confirm_close_finish (OrrWindow *self, GAsyncResult *result, GError **error);
/* Closes without asking again (after orr_window_confirm_close_async). */
void orr_window_close_confirmed (OrrWindow *self);

/* The last message of the status line ("Saved", an error...). */
void orr_window_show_message (OrrWindow *self, const char *message);
/* The status line's last message; after a failed save, the whole of it
 * (title, file and reason), for tests. */
const char *orr_window_get_message (OrrWindow *self);

/* Renders the whole window, header bar included, into a PNG. */
gboolean orr_window_screenshot (OrrWindow *self, const char *path, GError **error);

/* Opens the parameter dialog of block. */
/* Opens the block's dialog and returns it (owned by GTK). */
GtkWindow *orr_window_edit_block (OrrWindow *self, OrrBlock *block);
/* The model's name as the title shows it ("Untitled", "ball.orr"). */
char *orr_window_dup_title (OrrWindow *self);

G_END_DECLS
