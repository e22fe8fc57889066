/* orr-window-menus.c: the Edit menu of the header bar, the context menus
 * of the canvas and printing. The menus are models in orr-menus.ui whose
 * items name the window's actions; a right click on the canvas opens the
 * menu for what is under the pointer (a block, a link, a selection of
 * several items, the empty canvas) after the canvas has selected it, so
 * that the actions act on it. */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>

#define MENUS_RESOURCE "/org/orrery/Orrery/orr-menus.ui"

static GMenuModel *
menu_from_resource (const char *id)
{
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (MENUS_RESOURCE);

  return g_object_ref (G_MENU_MODEL (gtk_builder_get_object (builder, id)));
}

/* The menu for what the canvas has under (x, y), once its own gesture has
 * selected it: "block_menu", "link_menu", "selection_menu" or
 * "canvas_menu". */
const char *
_orr_window_context_menu_for (OrrWindow *self, double x, double y)
{
  OrrBlock *block;
  OrrLink *link;
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);
  g_autoptr (GPtrArray) links = orr_canvas_get_selected_links (self->canvas);

  orr_canvas_pick (self->canvas, x, y, &block, &link);
  if (block == NULL && link == NULL)
    return "canvas_menu";
  if (blocks->len + links->len > 1)
    return "selection_menu";
  return block != NULL ? "block_menu" : "link_menu";
}

static void
open_menu_at (OrrWindow *self, const char *id, double x, double y)
{
  g_autoptr (GMenuModel) model = menu_from_resource (id);
  GtkWidget *popover = g_object_get_data (G_OBJECT (self), "orr-context-menu");
  GdkRectangle at = { (int)x, (int)y, 1, 1 };

  if (popover == NULL)
    {
      popover = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (popover, GTK_WIDGET (self->canvas));
      gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
      gtk_widget_set_halign (popover, GTK_ALIGN_START);
      g_object_set_data (G_OBJECT (self), "orr-context-menu", popover);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (popover), model);
  g_object_set_data_full (G_OBJECT (popover), "orr-menu-id", g_strdup (id), g_free);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
context_pressed (GtkGestureClick *gesture, int n_press, double x, double y, OrrWindow *self)
{
  open_menu_at (self, _orr_window_context_menu_for (self, x, y), x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* Shift+F10 or the Menu key: the menu of the selection, at its first
 * block (or link), or the canvas's menu in the middle of the view. */
static void
context_menu_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);
  g_autoptr (GPtrArray) links = orr_canvas_get_selected_links (self->canvas);
  double x = gtk_widget_get_width (GTK_WIDGET (self->canvas)) / 2.0;
  double y = gtk_widget_get_height (GTK_WIDGET (self->canvas)) / 2.0;

  if (blocks->len > 0)
    {
      OrrBlock *block = g_ptr_array_index (blocks, 0);

      orr_canvas_model_to_widget (self->canvas, block->geometry.x + block->geometry.width / 2,
                                  block->geometry.y + block->geometry.height / 2, &x, &y);
    }
  else if (links->len > 0)
    {
      OrrLink *link = g_ptr_array_index (links, 0);
      OrrBlock *from = orr_model_find_block (self->model, link->from.block);

      /* near the link's source, where it leaves its block */
      if (from != NULL)
        orr_canvas_model_to_widget (self->canvas, from->geometry.x + from->geometry.width + 8,
                                    from->geometry.y + from->geometry.height / 2, &x, &y);
    }
  else
    orr_canvas_unselect_all (self->canvas);
  open_menu_at (self,
                blocks->len + links->len > 1 ? "selection_menu"
                : blocks->len == 1           ? "block_menu"
                : links->len == 1            ? "link_menu"
                                             : "canvas_menu",
                x, y);
}

/* ---- printing ------------------------------------------------------------------ */

static void
print_begin (GtkPrintOperation *operation, GtkPrintContext *context, gpointer data)
{
  gtk_print_operation_set_n_pages (operation, 1);
}

static void
print_draw_page (GtkPrintOperation *operation, GtkPrintContext *context, int page, OrrWindow *self)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);
  PangoLayout *layout = gtk_print_context_create_pango_layout (context);
  g_autofree char *title = orr_window_dup_title (self);
  int text_height = 0;

  /* the model's name over the diagram */
  pango_layout_set_text (layout, title != NULL ? title : "", -1);
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);

  cairo_translate (cr, 0, text_height + 12);
  orr_canvas_draw_fitted (self->canvas, cr, width, height - text_height - 12);
}

static void
print_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr (GError) error = NULL;
  GtkPrintOperationResult result;

  if (gtk_window_get_title (GTK_WINDOW (self)) != NULL)
    gtk_print_operation_set_job_name (operation, gtk_window_get_title (GTK_WINDOW (self)));
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "begin-print", G_CALLBACK (print_begin), NULL);
  g_signal_connect (operation, "draw-page", G_CALLBACK (print_draw_page), self);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                    GTK_WINDOW (self), &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    _orr_window_show_error (self, _ ("The diagram could not be printed"), error->message);
}

/* Writes the page as printed into a PDF, without a dialog: scripts and
 * tests see what the printer gets. */
static void
print_to_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr (GError) error = NULL;

  gtk_print_operation_set_export_filename (operation, g_variant_get_string (parameter, NULL));
  g_signal_connect (operation, "begin-print", G_CALLBACK (print_begin), NULL);
  g_signal_connect (operation, "draw-page", G_CALLBACK (print_draw_page), self);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, GTK_WINDOW (self),
                               &error)
      == GTK_PRINT_OPERATION_RESULT_ERROR)
    g_message ("print-to: %s", error->message);
}

static const GActionEntry menu_actions[] = {
  { "print", print_activated },
  { "context-menu", context_menu_activated },
  { "print-to", print_to_activated, "s" },
};

void
_orr_window_menus_init (OrrWindow *self)
{
  GtkGesture *gesture;
  g_autoptr (GMenuModel) edit = menu_from_resource ("edit_menu");

  g_action_map_add_action_entries (G_ACTION_MAP (self), menu_actions, G_N_ELEMENTS (menu_actions),
                                   self);
  gtk_menu_button_set_menu_model (self->edit_menu_button, edit);

  /* after the canvas's own click gesture, which selects what was clicked */
  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "released", G_CALLBACK (context_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), GTK_EVENT_CONTROLLER (gesture));
}

void
_orr_window_menus_dispose (OrrWindow *self)
{
  GtkWidget *popover = g_object_steal_data (G_OBJECT (self), "orr-context-menu");

  if (popover != NULL)
    gtk_widget_unparent (popover);
}
