/* orr-window-hierarchy.c: super blocks in an editor window. The canvas
 * shows one diagram at a time; the window enters super blocks (double
 * click, Alt+Down), leaves them (Escape, Alt+Up, the breadcrumb), and
 * holds the commands that work on the hierarchy: group into a super block,
 * expand one, edit a mask, look under it, edit a context, the model's
 * settings. Every one is a GAction of the "win" group. */
#include "orr-window-private.h"

#include "orr-block-dialog.h"
#include "orr-context-editor.h"
#include "orr-mask-editor.h"
#include "orr-settings-dialog.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-editor.h>

/* The one selected block, or NULL. */

static const char *
block_name (OrrBlock *block)
{
  return block->label != NULL && *block->label != '\0' ? block->label : block->id;
}

/* Still part of the model: every super block above it is in a diagram. */
static gboolean
diagram_attached (OrrWindow *self, OrrDiagram *diagram)
{
  while (diagram != NULL && diagram->owner != NULL)
    diagram = diagram->owner->parent;
  return diagram != NULL && diagram == orr_model_get_root (self->model);
}

/* ---- the breadcrumb ------------------------------------------------------------ */

static void
crumb_clicked (GtkButton *button, OrrWindow *self)
{
  OrrDiagram *diagram = g_object_get_data (G_OBJECT (button), "orr-diagram");

  if (diagram != NULL && diagram_attached (self, diagram))
    _orr_window_show_diagram (self, diagram);
}

void
_orr_window_rebuild_breadcrumb (OrrWindow *self)
{
  GtkWidget *child;
  OrrDiagram *diagram = orr_canvas_get_diagram (self->canvas);
  g_autoptr (GPtrArray) levels = g_ptr_array_new ();

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breadcrumb_box))) != NULL)
    gtk_box_remove (self->breadcrumb_box, child);

  for (OrrDiagram *d = diagram; d != NULL; d = d->owner != NULL ? d->owner->parent : NULL)
    g_ptr_array_insert (levels, 0, d);

  for (guint i = 0; i < levels->len; i++)
    {
      OrrDiagram *d = g_ptr_array_index (levels, i);
      gboolean current = i + 1 == levels->len;
      g_autofree char *root_name = NULL;
      const char *text;
      GtkWidget *crumb;

      if (d->owner == NULL)
        {
          g_autofree char *title = orr_window_dup_title (self);
          root_name = g_strdup (title);
          text = root_name;
        }
      else
        text = block_name (d->owner);

      if (i > 0)
        {
          GtkWidget *separator = gtk_label_new ("›");
          gtk_widget_add_css_class (separator, "dim-label");
          gtk_box_append (self->breadcrumb_box, separator);
        }
      if (current)
        {
          crumb = gtk_label_new (text);
          gtk_widget_add_css_class (crumb, "orr-crumb-current");
        }
      else
        {
          crumb = gtk_button_new_with_label (text);
          gtk_button_set_has_frame (GTK_BUTTON (crumb), FALSE);
          g_object_set_data (G_OBJECT (crumb), "orr-diagram", d);
          g_signal_connect (crumb, "clicked", G_CALLBACK (crumb_clicked), self);
          gtk_widget_set_tooltip_text (crumb, _ ("Go to this level"));
        }
      gtk_box_append (self->breadcrumb_box, crumb);
    }
}

void
_orr_window_show_diagram (OrrWindow *self, OrrDiagram *diagram)
{
  g_return_if_fail (ORR_IS_WINDOW (self));

  if (diagram == NULL || !diagram_attached (self, diagram))
    diagram = orr_model_get_root (self->model);
  if (diagram != orr_canvas_get_diagram (self->canvas))
    {
      orr_canvas_cancel_drag (self->canvas);
      orr_canvas_set_diagram (self->canvas, diagram);
      orr_canvas_zoom_fit (self->canvas);
    }
  _orr_window_rebuild_breadcrumb (self);
  _orr_window_actions_update (self);
}

void
_orr_window_show_blocks (OrrWindow *self, const char *const *block_ids)
{
  OrrBlock *first;

  g_return_if_fail (ORR_IS_WINDOW (self));

  first = block_ids != NULL && block_ids[0] != NULL
            ? orr_model_find_block (self->model, block_ids[0])
            : NULL;
  orr_canvas_set_highlighted (self->canvas, block_ids);
  if (first == NULL || first->parent == NULL)
    return;
  _orr_window_show_diagram (self, first->parent);
  orr_canvas_unselect_all (self->canvas);
  {
    OrrRect around = first->geometry;

    for (guint i = 0; block_ids[i] != NULL; i++)
      {
        OrrBlock *block = orr_model_find_block (self->model, block_ids[i]);

        if (block == NULL || block->parent != first->parent)
          continue;
        orr_canvas_select_block (self->canvas, block, TRUE);
        {
          double x1 = MAX (around.x + around.width, block->geometry.x + block->geometry.width);
          double y1 = MAX (around.y + around.height, block->geometry.y + block->geometry.height);

          around.x = MIN (around.x, block->geometry.x);
          around.y = MIN (around.y, block->geometry.y);
          around.width = x1 - around.x;
          around.height = y1 - around.y;
        }
      }
    orr_canvas_show_rect (self->canvas, &around);
  }
}

void
_orr_window_hierarchy_model_changed (OrrWindow *self, OrrChange *change)
{
  OrrDiagram *shown = orr_canvas_get_diagram (self->canvas);

  if (shown != NULL && !diagram_attached (self, shown))
    {
      /* The super block we were in went (deleted, or its grouping undone):
       * the nearest level still in the model. */
      OrrDiagram *d = shown;

      while (d != NULL && !diagram_attached (self, d))
        d = d->owner != NULL ? d->owner->parent : NULL;
      _orr_window_show_diagram (self, d);
      return;
    }
  if (change->kind == ORR_CHANGE_BLOCK_CHANGED && change->block != NULL
      && change->block->child != NULL)
    _orr_window_rebuild_breadcrumb (self); /* a super block above may have been renamed */
}

void
_orr_window_activate_block (OrrWindow *self, OrrBlock *block)
{
  if (orr_block_is_super (block) && block->mask == NULL)
    _orr_window_show_diagram (self, block->child);
  else if (_orr_window_toggle_switch (self, block))
    ;
  else
    orr_window_edit_block (self, block);
}

/* ---- actions -------------------------------------------------------------------- */

static void
go_up_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrDiagram *diagram = orr_canvas_get_diagram (self->canvas);
  OrrBlock *owner = diagram != NULL ? diagram->owner : NULL;

  if (owner == NULL)
    return;
  _orr_window_show_diagram (self, owner->parent);
  orr_canvas_select_block (self->canvas, owner, FALSE);
}

static void
go_to_top_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  _orr_window_show_diagram (self, orr_model_get_root (self->model));
}

/* Enters the selected super block, masked or not ("look under mask"). */
static void
enter_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrBlock *block = _orr_window_get_single_selected (self);

  if (block != NULL && orr_block_is_super (block))
    _orr_window_show_diagram (self, block->child);
}

static void
group_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autoptr (GPtrArray) blocks = orr_canvas_get_selected_blocks (self->canvas);
  g_autoptr (GError) error = NULL;
  OrrBlock *super;

  if (blocks == NULL || blocks->len == 0)
    return;
  orr_canvas_cancel_drag (self->canvas);
  super = orr_model_group (self->model, (OrrBlock *const *)blocks->pdata, blocks->len, &error);
  if (super == NULL)
    {
      _orr_window_show_error (self, _ ("Could not make a super block"), error->message);
      return;
    }
  orr_canvas_select_block (self->canvas, super, FALSE);
  orr_window_show_message (self, _ ("Grouped into a super block; double-click it to open it"));
}

static void
expand_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrBlock *block = _orr_window_get_single_selected (self);
  g_autoptr (GPtrArray) inlined = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GError) error = NULL;

  if (block == NULL || !orr_block_is_super (block))
    return;
  orr_canvas_cancel_drag (self->canvas);
  if (!orr_model_expand (self->model, block, inlined, &error))
    {
      _orr_window_show_error (self, _ ("Could not expand the super block"), error->message);
      return;
    }
  orr_canvas_unselect_all (self->canvas);
  for (guint i = 0; i < inlined->len; i++)
    orr_canvas_select_block (self->canvas, g_ptr_array_index (inlined, i), TRUE);
}

static void
edit_mask_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  OrrBlock *block = _orr_window_get_single_selected (self);
  GtkWindow *editor;

  if (block == NULL || !orr_block_is_super (block))
    return;
  editor = orr_mask_editor_new (GTK_WINDOW (self), self->model, block, self->registry);
  gtk_window_present (editor);
}

static void
present_context_editor (OrrWindow *self, OrrDiagram *diagram)
{
  GtkWindow *editor
    = orr_context_editor_new (GTK_WINDOW (self), self->model, diagram, self->registry);

  gtk_window_present (editor);
}

/* The context of the diagram shown: the model's at the top, a super
 * block's inside one. */
static void
edit_context_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  present_context_editor (self, orr_canvas_get_diagram (self->canvas));
}

static void
model_context_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  present_context_editor (self, orr_model_get_root (self->model));
}

static void
model_settings_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);

  gtk_window_present (orr_settings_dialog_new (GTK_WINDOW (self), self->model));
}

/* For scripts and tests: show the inside of the super block with this id
 * ("" for the top level). */
static void
show_diagram_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *id = g_variant_get_string (parameter, NULL);
  OrrBlock *block = *id != '\0' ? orr_model_find_block (self->model, id) : NULL;

  if (*id != '\0' && (block == NULL || !orr_block_is_super (block)))
    {
      g_message ("show-diagram: no super block “%s”", id);
      return;
    }
  _orr_window_show_diagram (self, block != NULL ? block->child : orr_model_get_root (self->model));
}

static const GActionEntry hierarchy_actions[] = {
  { "go-up", go_up_activated },
  { "go-to-top", go_to_top_activated },
  { "enter", enter_activated },
  { "group", group_activated },
  { "expand", expand_activated },
  { "edit-mask", edit_mask_activated },
  { "edit-context", edit_context_activated },
  { "model-context", model_context_activated },
  { "model-settings", model_settings_activated },
  { "show-diagram", show_diagram_activated, "s" },
};

void
_orr_window_hierarchy_init (OrrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), hierarchy_actions,
                                   G_N_ELEMENTS (hierarchy_actions), self);
}

void
_orr_window_hierarchy_update (OrrWindow *self, GPtrArray *selected_blocks)
{
  OrrDiagram *diagram = orr_canvas_get_diagram (self->canvas);
  OrrBlock *single = selected_blocks != NULL && selected_blocks->len == 1
                       ? g_ptr_array_index (selected_blocks, 0)
                       : NULL;
  gboolean super = single != NULL && orr_block_is_super (single);

  _orr_window_set_enabled (self, "go-up", diagram != NULL && diagram->owner != NULL);
  _orr_window_set_enabled (self, "go-to-top", diagram != NULL && diagram->owner != NULL);
  _orr_window_set_enabled (self, "enter", super);
  _orr_window_set_enabled (self, "group", selected_blocks != NULL && selected_blocks->len > 0);
  _orr_window_set_enabled (self, "expand", super && single->mask == NULL);
  _orr_window_set_enabled (self, "edit-mask", super);
}
