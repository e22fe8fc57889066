/* orr-window-private.h: what orr-window.c and orr-window-actions.c share.
 * Not for anything else in the app. */
#pragma once

#include "orr-application.h"
#include "orr-drafts.h"
#include "orr-palette-browser.h"
#include "orr-window.h"

#include <orrery/orr-evaluate.h>

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
  OrrDraft *draft; /* autosaves the model while it has unsaved changes */

  /* template children */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkMenuButton *primary_menu_button;
  GtkMenuButton *edit_menu_button;
  GtkPaned *paned;
  OrrPaletteBrowser *palette_browser;
  OrrCanvas *canvas;
  GtkLabel *status_label;
  GtkBox *breadcrumb_box;
  GtkInfoBar *info_bar;
  GtkLabel *info_label;
  GtkPaned *scopes_paned;
  GtkPaned *problems_paned;
  GtkScrolledWindow *problems_scroller;
  GtkListBox *problems_list;
  GtkScrolledWindow *scopes_scroller;
  GtkMenuButton *pace_button;
  GtkBox *run_status_box;
  GtkLabel *run_time_label;
  GtkProgressBar *run_progress;

  /* orr-window-run.c */
  struct _OrrRunController *runner; /* NULL until the first run */
  GtkWindow *trust_dialog;          /* the trust question while it is open */
  char *trust_digest;               /* what it asks about (orr_trust_digest) */
  GtkWidget *scopes_pane;
  gint64 run_started_us;
  int scopes_width; /* the pane's width the user left in the last run; 0: none yet */

  /* orr-window-loading.c */
  GHashTable *loading_keys;              /* block id -> its parameters when last loaded or queued */
  GQueue loading_queue;                  /* of block ids (char*) waiting for the worker */
  struct _OrrWindowLoadJob *loading_job; /* the block on the worker, or NULL */
  GCancellable *loading_cancellable;     /* Stop cancels it */
  guint loading_timer;                   /* follows the worker in the header bar */

  /* orr-window-insert.c */
  GtkWidget *quick_insert; /* created on first use */
  double pointer_x, pointer_y;
  gboolean pointer_inside;
};

void _orr_window_actions_init (OrrWindow *self);
/* app/analysis/orr-window-analysis.c: Linearize… */
void _orr_window_analysis_init (OrrWindow *self);
/* app/study/orr-window-study.c: New Study… */
void _orr_window_study_init (OrrWindow *self);
/* Shared by the window's files: enables the "win" action name; the one
 * selected block (NULL for none or several); the application's user
 * libraries (NULL outside an OrrApplication). */
void _orr_window_set_enabled (OrrWindow *self, const char *name, gboolean enabled);
OrrBlock *_orr_window_get_single_selected (OrrWindow *self);
OrrLibrarySet *_orr_window_get_library_set (OrrWindow *self);
/* Enables what the model's history, its saved state and the selection
 * allow. */
void _orr_window_actions_update (OrrWindow *self);
void _orr_window_show_error (OrrWindow *self, const char *primary, const char *secondary);
/* A failed save: the file's name in the title, the path and reason below. */
void _orr_window_show_save_error (OrrWindow *self, GFile *file, const GError *error);

/* The Save As chooser; finishes with TRUE when the model was saved. */
void _orr_window_save_as_async (OrrWindow *self, GAsyncReadyCallback callback, gpointer user_data);
gboolean _orr_window_save_as_finish (OrrWindow *self, GAsyncResult *result);

/* orr-window-hierarchy.c: super blocks: entering and leaving them, the
 * breadcrumb, grouping, expanding, masks, contexts and settings. */
void _orr_window_hierarchy_init (OrrWindow *self);
void _orr_window_hierarchy_update (OrrWindow *self, GPtrArray *selected_blocks);
/* The breadcrumb again: after a level change, a rename, or a save that
 * named the model. */
void _orr_window_rebuild_breadcrumb (OrrWindow *self);
/* After a model change: leaves a diagram that is no longer in the model
 * (its super block was deleted, or undone) and refreshes the breadcrumb. */
void _orr_window_hierarchy_model_changed (OrrWindow *self, OrrChange *change);
/* Shows diagram in the canvas (a super block's inside, or the root). */
void _orr_window_show_diagram (OrrWindow *self, OrrDiagram *diagram);
/* Shows the diagram holding these blocks, selects and highlights them. */
void _orr_window_show_blocks (OrrWindow *self, const char *const *block_ids);
/* A double-click on a block: enters a plain super block, opens the
 * parameters of anything else (a masked block shows its mask's). */
void _orr_window_activate_block (OrrWindow *self, OrrBlock *block);
gboolean _orr_window_toggle_switch (OrrWindow *self, OrrBlock *block);

/* orr-window-run.c: running the model from the window: Run, Pause,
 * Stop, pacing, progress in the header bar, scopes beside the canvas,
 * Display values on it, tunable parameters sent to the running
 * simulation, errors to the problems list. */
void _orr_window_run_init (OrrWindow *self);
void _orr_window_run_update (OrrWindow *self);
void _orr_window_run_model_changed (OrrWindow *self, OrrChange *change);
void _orr_window_run_dispose (OrrWindow *self);
/* The header bar's run time and progress as the last run left them. */
void _orr_window_run_show_progress (OrrWindow *self);

/* orr-window-loading.c: blocks whose class configures slowly (an FMU
 * block unpacks its FMU) are configured on a worker, with progress in
 * the header bar; Stop cancels. */
typedef struct _OrrWindowLoadJob OrrWindowLoadJob;
void _orr_window_loading_init (OrrWindow *self);
/* Queues every such block of the model (the window has its model). */
void _orr_window_loading_start (OrrWindow *self);
void _orr_window_loading_model_changed (OrrWindow *self, OrrChange *change);
gboolean _orr_window_loading_active (OrrWindow *self);
/* Stops the loading; FALSE when there was none. */
gboolean _orr_window_loading_cancel (OrrWindow *self);
void _orr_window_loading_dispose (OrrWindow *self);

/* orr-window-insert.c: quick insert, by typing on the canvas. */
void _orr_window_insert_init (OrrWindow *self);
/* Puts the block called name at (mx, my) in model coordinates (NAN: the
 * middle of the view) and selects it: a standard class, or a library
 * block "library:<key>:<path>" placed as a reference, in one undo step.
 * What quick insert and the palette browser both do. */
OrrBlock *_orr_window_insert_named (OrrWindow *self, const char *name, double mx, double my,
                                    GError **error);
void _orr_window_insert_dispose (OrrWindow *self);

/* orr-window-library.c: saving blocks to libraries, updating from them. */
void _orr_window_library_init (OrrWindow *self);
void _orr_window_library_update (OrrWindow *self, GPtrArray *selected_blocks);
/* Once the window has its application: the palette browser lists the
 * installed libraries, and lists them again whenever they change. */
void _orr_window_library_attach (OrrWindow *self);

/* orr-window-menus.c: the Edit menu, the canvas's context menus and
 * printing (win.print, win.print-to). */
void _orr_window_menus_init (OrrWindow *self);
void _orr_window_menus_dispose (OrrWindow *self);
/* Which menu of orr-menus.ui a right click at (x, y) on the canvas opens. */
const char *_orr_window_context_menu_for (OrrWindow *self, double x, double y);

/* orr-window-arrange.c: win.align and win.distribute on the selection. */
void _orr_window_arrange_init (OrrWindow *self);
void _orr_window_arrange_update (OrrWindow *self, GPtrArray *selected_blocks);

/* orr-window-problems.c: the info bar and the problems list. */
/* Shows message in the info bar and problems (OrrProblem*, may be NULL or
 * empty) in the list under the canvas; NULL message hides both. */
void _orr_window_show_problems (OrrWindow *self, const char *message, GPtrArray *problems);
/* Appends a message a block reported while running, as a warning row. */
void _orr_window_add_warning (OrrWindow *self, const OrrProblem *problem);
/* The template's callbacks for the info bar and the list. */
void _orr_window_info_bar_response (OrrWindow *self, int response);
void _orr_window_problem_activated (OrrWindow *self, GtkListBoxRow *row);

G_END_DECLS
