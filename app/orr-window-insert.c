/* orr-window-insert.c: quick insert. Typing on the canvas (a letter or a
 * digit, no Ctrl or Alt) opens a search popover at the pointer with what
 * was typed; Enter or a click puts the chosen block there. Also the
 * win.quick-insert action (Ctrl+I), at the pointer or the canvas's
 * middle. */
#include "orr-window-private.h"

#include "orr-quick-insert.h"

#include <glib/gi18n-lib.h>

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

static void
block_chosen (OrrWindow *self, const char *type)
{
  g_autoptr (GError) error = NULL;
  double x, y, mx, my;

  orr_quick_insert_get_point (ORR_QUICK_INSERT (self->quick_insert), &x, &y);
  orr_canvas_widget_to_model (self->canvas, x, y, &mx, &my);
  if (orr_canvas_insert_block (self->canvas, type, mx, my, &error) == NULL)
    orr_window_show_message (self, error->message);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
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
  if (!self->pointer_inside)
    {
      x = gtk_widget_get_width (GTK_WIDGET (self->canvas)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self->canvas)) / 2.0;
    }
  orr_quick_insert_popup_at (ORR_QUICK_INSERT (self->quick_insert), GTK_WIDGET (self->canvas), x,
                             y, text);
}

static gboolean
canvas_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode,
                    GdkModifierType state, OrrWindow *self)
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

  g_signal_connect (motion, "motion", G_CALLBACK (pointer_moved), self);
  g_signal_connect (motion, "enter", G_CALLBACK (pointer_moved), self);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), motion);

  /* after the canvas's own keys (arrows, Escape...) */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (canvas_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), keys);

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
