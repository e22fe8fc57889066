/* orr-window-private.h: what orr-window.c and orr-window-actions.c share.
 * Not for anything else in the app. */
#pragma once

#include "orr-drafts.h"
#include "orr-palette-browser.h"
#include "orr-window.h"

G_BEGIN_DECLS

struct _OrrWindow
{
  GtkApplicationWindow parent_instance;

  OrrModel *model;
  GFile *file;           /* NULL until saved */
  OrrRegistry *registry; /* the application's */
  char *message;         /* the status line's last message */
  GtkWindow *confirm;    /* the unsaved-changes question while it is open */
  gboolean close_confirmed;
  OrrDraft *draft;       /* autosaves the model while it has unsaved changes */

  /* template children */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkMenuButton *primary_menu_button;
  GtkPaned *paned;
  OrrPaletteBrowser *palette_browser;
  OrrCanvas *canvas;
  GtkLabel *status_label;
};

void _orr_window_actions_init (OrrWindow *self);
/* Enables what the model's history, its saved state and the selection
 * allow. */
void _orr_window_actions_update (OrrWindow *self);
void _orr_window_show_error (OrrWindow *self, const char *primary, const char *secondary);

/* The Save As chooser; finishes with TRUE when the model was saved. */
void _orr_window_save_as_async (OrrWindow *self, GAsyncReadyCallback callback, gpointer user_data);
gboolean _orr_window_save_as_finish (OrrWindow *self, GAsyncResult *result);

G_END_DECLS
