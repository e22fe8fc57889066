/* orr-window-arrange.c: aligning and distributing the selected blocks.
 * win.align (s: "left", "right", "top", "bottom", "center", "middle")
 * lines their edges or centres up on the selection's own bounds;
 * win.distribute (s: "horizontal", "vertical") spaces their centres
 * evenly between the first and the last. One undo step each. */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static double
centre_x (OrrBlock *b)
{
  return b->geometry.x + b->geometry.width / 2;
}

static double
centre_y (OrrBlock *b)
{
  return b->geometry.y + b->geometry.height / 2;
}

static void
align_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *how = g_variant_get_string (parameter, NULL);
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  if (blocks == NULL || blocks->len < 2)
    return;
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (blocks, i);

      x0 = MIN (x0, b->geometry.x);
      y0 = MIN (y0, b->geometry.y);
      x1 = MAX (x1, b->geometry.x + b->geometry.width);
      y1 = MAX (y1, b->geometry.y + b->geometry.height);
    }
  orr_model_begin (self->model, _ ("Align"));
  for (guint i = 0; i < blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (blocks, i);
      double x = b->geometry.x, y = b->geometry.y;

      if (strcmp (how, "left") == 0)
        x = x0;
      else if (strcmp (how, "right") == 0)
        x = x1 - b->geometry.width;
      else if (strcmp (how, "top") == 0)
        y = y0;
      else if (strcmp (how, "bottom") == 0)
        y = y1 - b->geometry.height;
      else if (strcmp (how, "center") == 0)
        x = (x0 + x1) / 2 - b->geometry.width / 2;
      else if (strcmp (how, "middle") == 0)
        y = (y0 + y1) / 2 - b->geometry.height / 2;
      if (x != b->geometry.x || y != b->geometry.y)
        orr_model_move_block (self->model, b, x, y);
    }
  orr_model_commit (self->model);
}

static int
compare_x (gconstpointer a, gconstpointer b)
{
  double d = centre_x (*(OrrBlock **)a) - centre_x (*(OrrBlock **)b);
  return d < 0 ? -1 : d > 0;
}

static int
compare_y (gconstpointer a, gconstpointer b)
{
  double d = centre_y (*(OrrBlock **)a) - centre_y (*(OrrBlock **)b);
  return d < 0 ? -1 : d > 0;
}

static void
distribute_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  gboolean horizontal = strcmp (g_variant_get_string (parameter, NULL), "horizontal") == 0;
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);
  double first, last;
  guint n;

  if (blocks == NULL || blocks->len < 3)
    return;
  n = blocks->len;
  g_ptr_array_sort (blocks, horizontal ? compare_x : compare_y);
  first = horizontal ? centre_x (blocks->pdata[0]) : centre_y (blocks->pdata[0]);
  last = horizontal ? centre_x (blocks->pdata[n - 1]) : centre_y (blocks->pdata[n - 1]);
  orr_model_begin (self->model, _ ("Distribute"));
  for (guint i = 1; i + 1 < n; i++)
    {
      OrrBlock *b = g_ptr_array_index (blocks, i);
      double c = first + (last - first) * i / (n - 1);

      if (horizontal)
        orr_model_move_block (self->model, b, c - b->geometry.width / 2, b->geometry.y);
      else
        orr_model_move_block (self->model, b, b->geometry.x, c - b->geometry.height / 2);
    }
  orr_model_commit (self->model);
}

static const GActionEntry arrange_actions[] = {
  { "align", align_activated, "s" },
  { "distribute", distribute_activated, "s" },
};

void
_orr_window_arrange_init (OrrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), arrange_actions,
                                   G_N_ELEMENTS (arrange_actions), self);
}

void
_orr_window_arrange_update (OrrWindow *self, GPtrArray *selected_blocks)
{
  guint n = selected_blocks != NULL ? selected_blocks->len : 0;

  _orr_window_set_enabled (self, "align", n >= 2);
  _orr_window_set_enabled (self, "distribute", n >= 3);
}
