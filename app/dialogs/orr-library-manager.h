/* orr-library-manager.h: the library manager window. It lists the
 * libraries of an OrrLibrarySet (name, version, key, locked), shows the
 * selected one's description and blocks, and adds folders, removes
 * libraries from the list (never from disk), creates libraries, locks
 * and unlocks them and makes new versions; removes blocks and edits the
 * library's palettes (groups, their order, which block is in which). Refusals from the engine are
 * shown in the window, word for word. "libraries-changed" is emitted
 * whenever the set changes, so the application can keep the folders in
 * its settings and refresh its palettes. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-library.h>

G_BEGIN_DECLS

#define ORR_TYPE_LIBRARY_MANAGER (orr_library_manager_get_type ())
G_DECLARE_FINAL_TYPE (OrrLibraryManager, orr_library_manager, ORR, LIBRARY_MANAGER, GtkWindow)

/* parent may be NULL; set must outlive the window. The window edits the
 * set: libraries it adds, creates or versions are added to it, and
 * Remove takes them out of it. */
GtkWindow *orr_library_manager_new (GtkWindow *parent, OrrLibrarySet *set);

/* The folders of the listed libraries, in list order: what the
 * application keeps in its settings. */
char **orr_library_manager_dup_folders (OrrLibraryManager *self);

/* For tests and accessibility tools: what the buttons do, without their
 * file choosers and prompts. Each shows its outcome (or refusal) in the
 * window's message line, and returns FALSE with error when refused. */
guint orr_library_manager_get_n_rows (OrrLibraryManager *self);
void orr_library_manager_select_row (OrrLibraryManager *self, guint index);
/* Row index of the list as shown: "name\nVersion X.Y · key", and a third
 * line "Locked" for a locked library. */
char *orr_library_manager_dup_row_text (OrrLibraryManager *self, guint index);
/* The selected library, NULL when none (owned by the set). */
OrrLibrary *orr_library_manager_get_selected (OrrLibraryManager *self);
/* The number of rows in the selected library's block list. */
guint orr_library_manager_get_n_block_rows (OrrLibraryManager *self);
/* Row index of the block list: "path\ndescription" as shown. */
char *orr_library_manager_dup_block_row_text (OrrLibraryManager *self, guint index);
/* Add Folder… once a folder is chosen: the library in dir, or those in
 * its subfolders; ones already listed are not added twice. How many
 * were added. */
guint orr_library_manager_add_folder (OrrLibraryManager *self, const char *dir);
/* Remove: takes the selected library out of the list and the set. */
void orr_library_manager_remove_selected (OrrLibraryManager *self);
/* The Lock/Unlock button on the selected library. */
gboolean orr_library_manager_toggle_lock (OrrLibraryManager *self, GError **error);
/* Create… once name and folder are given: a new library in dir, listed
 * and selected. */
gboolean orr_library_manager_create_library (OrrLibraryManager *self, const char *dir,
                                             const char *name, GError **error);
/* New Version… once the version is given: copies the selected library to
 * the sibling folder "<dir>-<version>" and makes that copy the new
 * version, checked against the highest locked library of the same key
 * (the release it succeeds). A refused copy is deleted again. */
gboolean orr_library_manager_new_version (OrrLibraryManager *self, const char *version,
                                          GError **error);
/* The palette list: "Palette" rows, each followed by its blocks' rows
 * "  path". Selecting a block's row there also selects it in the block
 * list. */
guint orr_library_manager_get_n_palette_rows (OrrLibraryManager *self);
char *orr_library_manager_dup_palette_row_text (OrrLibraryManager *self, guint index);
void orr_library_manager_select_palette_row (OrrLibraryManager *self, guint index);
void orr_library_manager_select_block_row (OrrLibraryManager *self, guint index);

/* The commands on the selected library, also window actions with keys:
 *   manager.remove-block     Delete        asks first; a locked library refuses at once
 *   manager.add-to-palette   Ctrl+P        the selected block into the selected palette
 *                                          (else the last one)
 *   manager.new-palette      Ctrl+N        asks for its name
 *   manager.rename-palette   F2            the selected palette, asks for its name
 *   manager.delete-palette   Shift+Delete  its blocks stay in the library
 *   manager.move-up/down     Alt+Up/Down   a palette among palettes; a block in its
 *                                          palette, and past either end into the next
 * What they do once confirmed (FALSE and error when the library refuses,
 * its message shown in the window): */
gboolean orr_library_manager_remove_block (OrrLibraryManager *self, const char *path,
                                           GError **error);
gboolean orr_library_manager_add_to_palette (OrrLibraryManager *self, GError **error);
gboolean orr_library_manager_add_palette (OrrLibraryManager *self, const char *name,
                                          GError **error);
gboolean orr_library_manager_rename_palette (OrrLibraryManager *self, const char *name,
                                             GError **error);
gboolean orr_library_manager_delete_palette (OrrLibraryManager *self, GError **error);
/* delta -1 (up) or 1 (down); the moved row stays selected. */
gboolean orr_library_manager_move_selected (OrrLibraryManager *self, int delta, GError **error);

/* The message line's text, "" when it is hidden. */
const char *orr_library_manager_get_message (OrrLibraryManager *self);

G_END_DECLS
