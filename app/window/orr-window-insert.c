/* orr-window-insert.c: putting blocks on the canvas by name. Typing on
 * the canvas (a letter or a digit, no Ctrl or Alt) opens a search popover
 * at the pointer with what was typed; Enter or a click puts the chosen
 * block there: a standard block, or a block of an installed library,
 * placed as a reference to it. Also the win.quick-insert action (Ctrl+I),
 * at the pointer or the canvas's middle. The palette browser's blocks,
 * activated or dropped on the canvas, go through the same function. */
#include "orr-window-private.h"

#include "orr-quick-insert.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static void
pointer_moved (GtkEventControllerMotion *motion, double x, double y, OrrWindow *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
}

static void
pointer_left (GtkEventControllerMotion *motion, OrrWindow *self)
{
  self->pointer_inside = FALSE;
}

/* Library blocks are offered as "library:<key>:<path>", as in the palette
 * browser. */
#define LIBRARY_PREFIX ORR_PALETTE_LIBRARY_PREFIX

/* Every block of the installed libraries, for the search. */
static GListModel *
library_items (OrrWindow *self)
{
  OrrLibrarySet *set = _orr_window_get_library_set (self);
  GPtrArray *libraries = set != NULL ? orr_library_set_get_libraries (set) : NULL;
  GListStore *items = g_list_store_new (ORR_TYPE_QUICK_INSERT_ITEM);

  for (guint i = 0; libraries != NULL && i < libraries->len; i++)
    {
      OrrLibrary *library = g_ptr_array_index (libraries, i);
      g_auto (GStrv) paths = NULL;

      /* of a library's versions, the one its blocks are placed from */
      if (orr_library_set_lookup (set, orr_library_get_key (library)) != library)
        continue;
      paths = orr_library_list_blocks (library);
      for (guint j = 0; paths[j] != NULL; j++)
        {
          g_autoptr (OrrBlock) block = orr_library_load_block (library, paths[j], NULL);
          g_autofree char *name
            = g_strconcat (LIBRARY_PREFIX, orr_library_get_key (library), ":", paths[j], NULL);
          g_auto (GStrv) words = g_strsplit (paths[j], "/", -1);
          const char *leaf
            = strrchr (paths[j], '/') != NULL ? strrchr (paths[j], '/') + 1 : paths[j];
          g_autoptr (OrrQuickInsertItem) item = NULL;

          if (block == NULL)
            continue;
          item = orr_quick_insert_item_new (
            name, leaf, block->mask != NULL ? block->mask->description : NULL,
            (const char *const *)words, orr_library_get_name (library),
            block->mask != NULL && block->mask->icon_text != NULL ? block->mask->icon_text : leaf);
          g_list_store_append (items, item);
        }
    }
  return G_LIST_MODEL (items);
}

static OrrBlock *
place_library_block (OrrWindow *self, const char *name, double mx, double my, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (name + strlen (LIBRARY_PREFIX), ":", 2);
  OrrLibrarySet *set = _orr_window_get_library_set (self);
  OrrLibrary *library;
  OrrBlock *block;
  OrrRect frame;

  library = set != NULL && parts[0] != NULL ? orr_library_set_lookup (set, parts[0]) : NULL;
  if (library == NULL || parts[1] == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("No installed library has “%s”"),
                   name + strlen (LIBRARY_PREFIX));
      return NULL;
    }
  orr_model_begin (self->model, _ ("Add Library Block"));
  block = orr_library_place_block (library, parts[1], self->model,
                                   orr_canvas_get_diagram (self->canvas), mx, my, error);
  if (block == NULL)
    {
      orr_model_rollback (self->model);
      return NULL;
    }
  /* centred where the search pointed, as the standard blocks are */
  frame = block->geometry;
  orr_model_move_block (self->model, block, mx - frame.width / 2, my - frame.height / 2);
  orr_model_commit (self->model);
  orr_canvas_select_block (self->canvas, block, FALSE);
  return block;
}

OrrBlock *
_orr_window_insert_named (OrrWindow *self, const char *name, double mx, double my, GError **error)
{
  if (!g_str_has_prefix (name, LIBRARY_PREFIX))
    return orr_canvas_insert_block (self->canvas, name, mx, my, error);
  if (isnan (mx) || isnan (my))
    orr_canvas_widget_to_model (self->canvas,
                                gtk_widget_get_width (GTK_WIDGET (self->canvas)) / 2.0,
                                gtk_widget_get_height (GTK_WIDGET (self->canvas)) / 2.0, &mx, &my);
  return place_library_block (self, name, mx, my, error);
}

static void
block_chosen (OrrWindow *self, const char *type)
{
  g_autoptr (GError) error = NULL;
  double x, y, mx, my;

  orr_quick_insert_get_point (ORR_QUICK_INSERT (self->quick_insert), &x, &y);
  orr_canvas_widget_to_model (self->canvas, x, y, &mx, &my);
  if (_orr_window_insert_named (self, type, mx, my, &error) == NULL)
    orr_window_show_message (self, error->message);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/* A library block from the palette browser; the canvas takes the
 * standard ones itself. */
static gboolean
library_block_dropped (GtkDropTarget *target, const GValue *value, double x, double y,
                       OrrWindow *self)
{
  g_autoptr (GError) error = NULL;
  const char *name = g_value_get_boxed (value);
  double mx, my;

  if (name == NULL)
    return FALSE;
  orr_canvas_widget_to_model (self->canvas, x, y, &mx, &my);
  if (_orr_window_insert_named (self, name, mx, my, &error) == NULL)
    {
      orr_window_show_message (self, error->message);
      return FALSE;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  return TRUE;
}

static void
open_quick_insert (OrrWindow *self, const char *text)
{
  double x = self->pointer_x, y = self->pointer_y;

  if (self->quick_insert == NULL)
    {
      self->quick_insert = g_object_ref_sink (orr_quick_insert_new (self->registry));
      g_signal_connect_object (self->quick_insert, "block-chosen", G_CALLBACK (block_chosen), self,
                               G_CONNECT_SWAPPED);
    }
  /* the libraries may have changed since: offer what they hold now */
  {
    g_autoptr (GListModel) items = library_items (self);

    orr_quick_insert_set_extra_items (ORR_QUICK_INSERT (self->quick_insert), items);
  }
  if (!self->pointer_inside)
    {
      x = gtk_widget_get_width (GTK_WIDGET (self->canvas)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self->canvas)) / 2.0;
    }
  orr_quick_insert_popup_at (ORR_QUICK_INSERT (self->quick_insert), GTK_WIDGET (self->canvas), x, y,
                             text);
}

static gboolean
canvas_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                    OrrWindow *self)
{
  gunichar c = gdk_keyval_to_unicode (keyval);
  char text[8] = { 0 };

  /* the canvas and the shortcuts had their turn: what is left and
   * prints starts a search */
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0 || c == 0
      || !g_unichar_isalnum (c))
    return FALSE;
  g_unichar_to_utf8 (c, text);
  open_quick_insert (self, text);
  return TRUE;
}

static void
quick_insert_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  open_quick_insert (ORR_WINDOW (user_data), "");
}

static const GActionEntry insert_actions[] = {
  { "quick-insert", quick_insert_activated },
};

void
_orr_window_insert_init (OrrWindow *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkDropTarget *drop = gtk_drop_target_new (ORR_TYPE_PALETTE_LIBRARY_DRAG, GDK_ACTION_COPY);

  g_signal_connect (motion, "motion", G_CALLBACK (pointer_moved), self);
  g_signal_connect (motion, "enter", G_CALLBACK (pointer_moved), self);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), motion);

  /* after the canvas's own keys (arrows, Escape...) */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (canvas_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), keys);

  g_signal_connect (drop, "drop", G_CALLBACK (library_block_dropped), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), GTK_EVENT_CONTROLLER (drop));

  g_action_map_add_action_entries (G_ACTION_MAP (self), insert_actions,
                                   G_N_ELEMENTS (insert_actions), self);
}

void
_orr_window_insert_dispose (OrrWindow *self)
{
  if (self->quick_insert != NULL)
    {
      gtk_popover_popdown (GTK_POPOVER (self->quick_insert));
      g_clear_object (&self->quick_insert);
    }
}
