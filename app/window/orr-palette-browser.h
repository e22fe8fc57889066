/* orr-palette-browser.h: the side pane listing the block classes of a
 * registry palette by palette, then the blocks of the installed user
 * libraries (library, its palettes, their blocks), with a search entry.
 * Blocks are dragged onto the canvas (a G_TYPE_STRING
 * "orrery-block:<ClassName>"; library blocks an
 * ORR_TYPE_PALETTE_LIBRARY_DRAG) or activated (double click, Enter),
 * which emits "block-activated". */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-library.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

#define ORR_TYPE_PALETTE_BROWSER (orr_palette_browser_get_type ())
G_DECLARE_FINAL_TYPE (OrrPaletteBrowser, orr_palette_browser, ORR, PALETTE_BROWSER, GtkWidget)

/* registry may be NULL (set it later); it must outlive the browser. */
GtkWidget *orr_palette_browser_new (OrrRegistry *registry);
/* Lists registry's classes: palettes in the order their first class was
 * registered (orr_palettes_register_standard goes palette by palette, in
 * the order of palette.xml), each palette's blocks in registration order. */
void orr_palette_browser_set_registry (OrrPaletteBrowser *self, OrrRegistry *registry);

/* The name a library block goes by in this browser and in quick insert:
 * "library:<key>:<path>" ("library:mech:mechanics/Ball"). */
#define ORR_PALETTE_LIBRARY_PREFIX "library:"

/* A library block drags as this boxed string (its name above), not as a
 * G_TYPE_STRING: the canvas takes strings for standard classes only, and
 * the window places a library block as a reference. */
#define ORR_TYPE_PALETTE_LIBRARY_DRAG (orr_palette_library_drag_get_type ())
GType orr_palette_library_drag_get_type (void);

/* Lists the blocks of set's libraries after the standard palettes: one
 * entry per library ("Mechanics 1.2"; of several versions of a library,
 * the highest, which is what its blocks are placed from), its palettes (library.xml's order)
 * under it, their blocks under those, each with the library's icon for it
 * or the drawn block icon. Call again when the set changed; NULL removes
 * them. set is read now, not kept. */
void orr_palette_browser_set_libraries (OrrPaletteBrowser *self, OrrLibrarySet *set);

/* What the search entry holds. Every word must occur (ignoring case) in a
 * block's class name, label or description for the block to show. */
void orr_palette_browser_set_search_text (OrrPaletteBrowser *self, const char *text);
const char *orr_palette_browser_get_search_text (OrrPaletteBrowser *self);

/* What the filter leaves, in display order (expanded or not): class names
 * (library blocks by their "library:" name), and top-level entries
 * (standard palettes, "Name version" of libraries). Free with
 * g_strfreev(). */
char **orr_palette_browser_get_matching_blocks (OrrPaletteBrowser *self);
char **orr_palette_browser_get_matching_palettes (OrrPaletteBrowser *self);

/* The rows the list shows now, indented two spaces a level: "Palette",
 * "  ClassName"; "Mechanics 1.0", "  Palette", "    library:mech:Ball"
 * (for tests and debugging). */
char **orr_palette_browser_get_rows (OrrPaletteBrowser *self);

/* Signals:
 *   "block-activated" (const char *name): double click or Enter on a
 *       block (a class name, or a library block's "library:" name); the
 *       window inserts it at the centre of the canvas. */

/* Draws a block's icon as the canvas shows the block, in small: a framed
 * box with its icon text, taken from the area's "icon-text" data. A draw
 * function for GtkDrawingArea, shared by the lists that show blocks. */
void orr_palette_draw_block_icon (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                  gpointer user_data);

G_END_DECLS
