/* orr-quick-insert.h: the quick-insert popover of the canvas. Typing on
 * the canvas opens it at the pointer with what was typed; it lists every
 * block of every palette and library that matches, best first, and Enter
 * (or a click) picks one, which the window inserts where the popover
 * points. Up and Down move through the list while typing continues in
 * the entry; Escape closes. */
#pragma once

#include <gtk/gtk.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

/* ---- what the popover lists ---------------------------------------------------- */

/* One insertable block: a registry class, or (through
 * orr_quick_insert_set_extra_items) a block of a user library. Immutable. */
#define ORR_TYPE_QUICK_INSERT_ITEM (orr_quick_insert_item_get_type ())
G_DECLARE_FINAL_TYPE (OrrQuickInsertItem, orr_quick_insert_item, ORR, QUICK_INSERT_ITEM, GObject)

/* name: what "block-chosen" hands back (a class name, or whatever the
 * library code passes to the canvas to insert it); label: what the row
 * shows (NULL: the name); description: one sentence, searched and shown
 * under the label; keywords: more words to find it by (NULL-terminated,
 * may be NULL); source: the palette or library, shown dimmed and
 * searched like a keyword; icon_text: drawn in the row's small block. */
OrrQuickInsertItem *orr_quick_insert_item_new (const char *name, const char *label,
                                               const char *description, const char *const *keywords,
                                               const char *source, const char *icon_text);
const char *orr_quick_insert_item_get_name (OrrQuickInsertItem *self);
/* Never NULL: the label, else the name. */
const char *orr_quick_insert_item_get_label (OrrQuickInsertItem *self);
const char *orr_quick_insert_item_get_description (OrrQuickInsertItem *self);
const char *const *orr_quick_insert_item_get_keywords (OrrQuickInsertItem *self);
const char *orr_quick_insert_item_get_source (OrrQuickInsertItem *self);
const char *orr_quick_insert_item_get_icon_text (OrrQuickInsertItem *self);
/* How well item answers text as typed (0: not at all; higher is better):
 * the one ranking of quick insert and the palette browser's search. */
int orr_quick_insert_item_rank (OrrQuickInsertItem *item, const char *text);

/* ---- the popover ---------------------------------------------------------------- */

#define ORR_TYPE_QUICK_INSERT (orr_quick_insert_get_type ())
G_DECLARE_FINAL_TYPE (OrrQuickInsert, orr_quick_insert, ORR, QUICK_INSERT, GtkPopover)

/* Lists registry's classes (registry must outlive the popover). The
 * caller owns the returned widget (g_object_ref_sink it): it has no
 * parent until orr_quick_insert_popup_at. */
GtkWidget *orr_quick_insert_new (OrrRegistry *registry);

/* More blocks to search besides the registry's: a GListModel of
 * OrrQuickInsertItem (user libraries). The popover follows the model's
 * changes; NULL removes them. */
void orr_quick_insert_set_extra_items (OrrQuickInsert *self, GListModel *items);

/* Opens the popover pointing at (x, y), in parent_canvas's widget
 * coordinates, with initial_text (may be NULL) in the entry and the cursor
 * after it. The popover becomes parent_canvas's child until it is opened
 * on another widget or parent_canvas is destroyed. */
void orr_quick_insert_popup_at (OrrQuickInsert *self, GtkWidget *parent_canvas, double x, double y,
                                const char *initial_text);
/* Where the last orr_quick_insert_popup_at pointed, in the canvas's widget
 * coordinates: where the chosen block goes. */
void orr_quick_insert_get_point (OrrQuickInsert *self, double *x, double *y);

/* Signals:
 *   "block-chosen" (const char *name): Enter, or a click on a row; the
 *       popover has closed already. */

/* ---- for tests ------------------------------------------------------------------- */

/* Replaces the entry's text and updates the list at once (typing updates
 * it on every change too). */
void orr_quick_insert_set_text (OrrQuickInsert *self, const char *text);
/* The matches in display order: the best first; without text, every block
 * by label alphabetically. */
guint orr_quick_insert_get_n_matches (OrrQuickInsert *self);
const char *orr_quick_insert_get_match_name (OrrQuickInsert *self, guint index);
/* GTK_INVALID_LIST_POSITION when nothing matches. */
guint orr_quick_insert_get_selected (OrrQuickInsert *self);
/* What Up (-1) and Down (+1) do, also Page Up / Page Down (±one page):
 * moves the selection by delta, stopping at the first and last match. */
void orr_quick_insert_move_selection (OrrQuickInsert *self, int delta);
/* What Enter does: closes and emits "block-chosen" for the selected
 * match; FALSE (and nothing happens) when nothing matches. */
gboolean orr_quick_insert_activate (OrrQuickInsert *self);

G_END_DECLS
