/* orr-application.h: the Orrery editor application. One OrrWindow per
 * model; the application owns what windows share (the block registry, the
 * list of recent files) and the commands that do not belong to a window
 * (new, open, quit, about). */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-library.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_APPLICATION_ID "org.orrery.Orrery"

#define ORR_TYPE_APPLICATION (orr_application_get_type ())
G_DECLARE_FINAL_TYPE (OrrApplication, orr_application, ORR, APPLICATION, GtkApplication)

OrrApplication *orr_application_new (void);

/* The block classes every window edits with; lives as long as the
 * application. */
OrrRegistry *orr_application_get_registry (OrrApplication *self);
/* The user libraries: the folders kept in the settings ("libraries") and
 * $XDG_DATA_HOME/orrery/libraries. */
OrrLibrarySet *orr_application_get_library_set (OrrApplication *self);
/* Says that the library set or a library in it changed (emits
 * "libraries-changed"): every window's palette browser lists them
 * again. */
void orr_application_libraries_changed (OrrApplication *self);

/* Presents the window already showing file, or opens file in a window of
 * its own (taking over an untouched empty window). An error is shown to
 * the user; NULL then. */
GtkWindow *orr_application_open_file (OrrApplication *self, GFile *file);
/* A window on a new, empty model. */
GtkWindow *orr_application_new_window (OrrApplication *self);

/* "Open Recent": one item per recent .orr file, activating app.open-path. */
GMenuModel *orr_application_get_recent_menu (OrrApplication *self);
void orr_application_note_recent (OrrApplication *self, GFile *file);

/* Opens the manual at page ("block-Gain"), or at its start when NULL. */
void orr_application_show_help (OrrApplication *self, const char *page);

G_END_DECLS
