/* orr-context-editor.c: a diagram's context script, edited with line
 * numbers and checked as it is typed.
 *
 * Checking runs the script for real, in the scope the compiler would give
 * it: a fresh root scope for the model context; for a super block, a child
 * of the scope of the diagram around it, or, when it is masked, a scope of
 * its mask parameters only. Those outer scopes come from one evaluation of
 * the model, kept until the model changes, so typing only costs a run of
 * the script itself. Where the scopes around have errors, the names they
 * define are unknown and only the syntax is checked. */
#include "orr-context-editor.h"

#include "orr-form-buttons.h"
#include "orr-param-row.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-evaluate.h>
#include <string.h>

/* Long enough that a word typed at a normal pace is not judged letter by
 * letter, short enough to feel immediate. */
#define EVALUATE_DELAY_MS 300

struct _OrrContextEditor
{
  GtkWindow parent_instance;

  OrrModel *model;
  OrrDiagram *diagram;
  OrrBlock *owner; /* the super block, NULL for the model context */
  OrrRegistry *registry;
  OrrEvaluation *evaluation; /* for the scopes around; NULL until needed, or stale */

  GtkWidget *view;
  GtkTextBuffer *buffer;
  GtkTextTag *error_tag;
  GtkWidget *gutter;
  GtkWidget *message;
  GtkWidget *apply_button;
  guint evaluate_source;
  int error_line; /* from 1; 0: none */
};

G_DEFINE_FINAL_TYPE (OrrContextEditor, orr_context_editor, GTK_TYPE_WINDOW)

static char *
get_text (OrrContextEditor *self)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  return gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
}

/* ---- the scope the script runs in ------------------------------------------------ */

/* A new scope for one run; NULL when the scopes around have errors. */
static OrrScope *
run_scope (OrrContextEditor *self)
{
  OrrScope *outer;

  if (self->owner == NULL)
    return orr_scope_new (NULL);

  if (self->evaluation == NULL)
    self->evaluation = orr_evaluate_model_with_registry (self->model, NULL, self->registry);
  outer = orr_evaluation_get_scope (self->evaluation, self->owner->parent);
  if (outer == NULL)
    return NULL;
  if (self->owner->mask != NULL)
    {
      g_autoptr (OrrScope) scope = orr_scope_new (NULL);

      /* The mask's values as the evaluation computed them in outer. */
      for (guint i = 0; i < self->owner->mask->params->len; i++)
        {
          OrrMaskParam *p = g_ptr_array_index (self->owner->mask->params, i);
          OrrValue *value = orr_evaluation_get_param (self->evaluation, self->owner, p->name);

          if (value == NULL)
            return NULL;
          orr_scope_set (scope, p->name, value);
        }
      return g_steal_pointer (&scope);
    }
  return orr_scope_new (outer);
}

/* ---- checking --------------------------------------------------------------------- */

static void
show_message (OrrContextEditor *self, const char *text, const char *css_class, const char *tooltip)
{
  const char *classes[] = { "error", "warning", "dim-label" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (self->message, classes[i]);
  gtk_widget_add_css_class (self->message, css_class);
  gtk_label_set_text (GTK_LABEL (self->message), text);
  gtk_widget_set_tooltip_text (self->message, tooltip);
}

static void
mark_error_line (OrrContextEditor *self, int line)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  gtk_text_buffer_remove_tag (self->buffer, self->error_tag, &start, &end);
  self->error_line = line;
  if (line > 0)
    {
      gtk_text_buffer_get_iter_at_line (self->buffer, &start, line - 1);
      end = start;
      if (!gtk_text_iter_ends_line (&end))
        gtk_text_iter_forward_to_line_end (&end);
      gtk_text_buffer_apply_tag (self->buffer, self->error_tag, &start, &end);
    }
  gtk_widget_queue_draw (self->gutter);
}

/* The language's message starts "line L, column C: what", then shows the
 * source line and a caret: here the line is marked in the text instead. */
static char *
first_line (const char *message)
{
  const char *end = strchr (message, '\n');
  char *line = end != NULL ? g_strndup (message, end - message) : g_strdup (message);

  line[0] = g_ascii_toupper (line[0]);
  return line;
}

gboolean
orr_context_editor_evaluate (OrrContextEditor *self)
{
  g_autofree char *text = NULL;
  g_autoptr (OrrScope) scope = NULL;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (ORR_IS_CONTEXT_EDITOR (self), FALSE);

  g_clear_handle_id (&self->evaluate_source, g_source_remove);
  text = get_text (self);
  scope = run_scope (self);
  if (scope != NULL)
    ok = orr_script_run (text, scope, &error);
  else
    ok = orr_expr_check_syntax (text, FALSE, &error);

  if (!ok)
    {
      int line = 0, column = 0;
      g_autofree char *shown = first_line (error->message);

      if (!orr_expr_error_location (error, &line, &column))
        line = 0;
      mark_error_line (self, line);
      show_message (self, shown, "error", error->message);
      return FALSE;
    }

  mark_error_line (self, 0);
  if (scope == NULL)
    {
      show_message (self,
                    _ ("The contexts or the mask around this one have errors: the names they "
                       "define are unknown, so only the syntax is checked."),
                    "warning", NULL);
      return TRUE;
    }
  else
    {
      g_auto (GStrv) names = orr_scope_list_local (scope);
      g_autoptr (GStrvBuilder) shown = g_strv_builder_new ();
      g_auto (GStrv) visible = NULL;
      g_autofree char *list = NULL;
      g_autofree char *line = NULL;

      for (guint i = 0; names[i] != NULL; i++)
        if (!orr_scope_name_is_hidden (names[i]))
          g_strv_builder_add (shown, names[i]);
      visible = g_strv_builder_end (shown);
      list = g_strjoinv (", ", visible);
      line = visible[0] != NULL ? g_strdup_printf (_ ("Defines %s."), list)
                                : g_strdup (_ ("Defines no names."));
      show_message (self, line, "dim-label", NULL);
    }
  return TRUE;
}

static gboolean
evaluate_later_cb (gpointer data)
{
  OrrContextEditor *self = data;

  self->evaluate_source = 0;
  orr_context_editor_evaluate (self);
  return G_SOURCE_REMOVE;
}

static void
buffer_changed (OrrContextEditor *self)
{
  g_clear_handle_id (&self->evaluate_source, g_source_remove);
  self->evaluate_source = g_timeout_add (EVALUATE_DELAY_MS, evaluate_later_cb, self);
  gtk_widget_queue_resize (self->gutter);
  gtk_widget_queue_draw (self->gutter);
}

/* ---- the gutter ------------------------------------------------------------------------ */

static int
digits_for (int n)
{
  int digits = 1;

  while (n >= 10)
    {
      n /= 10;
      digits++;
    }
  return MAX (digits, 2);
}

static void
update_gutter_width (OrrContextEditor *self)
{
  int digits = digits_for (gtk_text_buffer_get_line_count (self->buffer));
  g_autofree char *sample = g_strnfill (digits, '0');
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (self->gutter, sample);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->gutter), width + 16);
}

static void
draw_gutter (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  OrrContextEditor *self = data;
  GtkTextView *view = GTK_TEXT_VIEW (self->view);
  GdkRectangle visible;
  GtkTextIter iter;
  GdkRGBA color;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_line_at_y (view, &iter, visible.y, NULL);

  for (;;)
    {
      int y, line_height, window_y, text_width, text_height;
      int number = gtk_text_iter_get_line (&iter) + 1;
      g_autofree char *text = g_strdup_printf ("%d", number);
      g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), text);

      gtk_text_view_get_line_yrange (view, &iter, &y, &line_height);
      if (y > visible.y + visible.height)
        break;
      gtk_text_view_buffer_to_window_coords (view, GTK_TEXT_WINDOW_LEFT, 0, y, NULL, &window_y);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);

      if (number == self->error_line)
        {
          /* the same red as the theme's errors, as a band and the number */
          cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.18);
          cairo_rectangle (cr, 0, window_y, width, line_height);
          cairo_fill (cr);
          cairo_set_source_rgba (cr, 0.75, 0.11, 0.16, 1.0);
        }
      else
        cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha * 0.5);
      cairo_move_to (cr, width - 8 - text_width, window_y);
      pango_cairo_show_layout (cr, layout);

      if (!gtk_text_iter_forward_line (&iter))
        break;
    }
}

/* ---- applying and following the model --------------------------------------------------- */

void
orr_context_editor_apply (OrrContextEditor *self)
{
  g_autofree char *text = NULL;

  g_return_if_fail (ORR_IS_CONTEXT_EDITOR (self));

  text = get_text (self);
  orr_model_set_context (self->model, self->diagram, text);
  gtk_text_buffer_set_modified (self->buffer, FALSE);
}

/* Apply and OK of the form's buttons: a context is taken as written, its
 * errors are shown while typing but do not stop it. */
static gboolean
form_apply (OrrContextEditor *self, GError **error)
{
  orr_context_editor_apply (self);
  return TRUE;
}

static void
model_changed (OrrContextEditor *self, OrrChange *change)
{
  /* Anything may change the scopes around: evaluate the model again when
   * they are next needed. */
  g_clear_pointer (&self->evaluation, orr_evaluation_free);

  if (self->owner != NULL && orr_model_find_block (self->model, self->owner->id) != self->owner)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  /* Undo or redo of this context: show it, unless the user has typed
   * something of their own since. */
  if (change->kind == ORR_CHANGE_CONTEXT_CHANGED && change->diagram == self->diagram
      && !gtk_text_buffer_get_modified (self->buffer))
    {
      g_autofree char *text = get_text (self);

      if (g_strcmp0 (text, self->diagram->context) != 0)
        {
          gtk_text_buffer_set_text (self->buffer, self->diagram->context, -1);
          gtk_text_buffer_set_modified (self->buffer, FALSE);
        }
    }
}

/* ---- building ------------------------------------------------------------------------------ */

static char *
scope_explanation (OrrContextEditor *self)
{
  if (self->owner == NULL)
    return g_strdup (_ ("Runs first, before any parameter is evaluated. The names it assigns are "
                        "seen by every block and super block of the model."));
  if (self->owner->mask != NULL)
    return g_strdup (_ ("Runs in the mask’s own scope: it sees the mask parameters and nothing "
                        "from outside. The names it assigns are seen by the blocks inside."));
  return g_strdup (_ ("Runs in the scope of the diagram around it. The names it assigns are seen "
                      "by the blocks inside and stay inside."));
}

static void
build (OrrContextEditor *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading;
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *buttons = g_object_new (ORR_TYPE_FORM_BUTTONS, NULL);
  GtkWidget *text_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *title = NULL;
  g_autofree char *explanation = scope_explanation (self);

  if (self->owner != NULL)
    {
      g_autofree char *path = orr_block_get_path (self->owner);
      title = g_strdup_printf (_ ("Context of “%s”"), path);
    }
  else
    title = g_strdup (_ ("Model Context"));
  gtk_window_set_title (GTK_WINDOW (self), title);

  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);

  heading = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (heading), 0.0);
  gtk_widget_add_css_class (heading, "title-4");
  gtk_box_append (GTK_BOX (content), heading);
  gtk_box_append (GTK_BOX (content), orr_form_caption_new (explanation, "dim-label"));

  self->view = gtk_text_view_new ();
  self->buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view));
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (self->view), TRUE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->view), 8);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (self->view), FALSE);
  self->error_tag = gtk_text_buffer_create_tag (
    self->buffer, "error", "underline", PANGO_UNDERLINE_ERROR, "underline-rgba",
    &(GdkRGBA){ 0.88, 0.11, 0.14, 1.0 }, "paragraph-background-rgba",
    &(GdkRGBA){ 0.88, 0.11, 0.14, 0.10 }, NULL);
  gtk_text_buffer_set_text (self->buffer, self->diagram->context, -1);
  gtk_text_buffer_set_modified (self->buffer, FALSE);

  self->gutter = gtk_drawing_area_new ();
  gtk_widget_add_css_class (self->gutter, "monospace");
  gtk_widget_add_css_class (self->gutter, "orr-line-numbers");
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->gutter), draw_gutter, self, NULL);
  gtk_text_view_set_gutter (GTK_TEXT_VIEW (self->view), GTK_TEXT_WINDOW_LEFT, self->gutter);
  update_gutter_width (self);
  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (update_gutter_width), self);
  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (buffer_changed), self);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->view);
  /* the scrolled window's adjustment, which replaced the view's own */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                           "value-changed", G_CALLBACK (gtk_widget_queue_draw), self->gutter,
                           G_CONNECT_SWAPPED);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 280);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 520);
  gtk_widget_add_css_class (scrolled, "frame");
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (text_box), scrolled);

  self->message = orr_form_caption_new (NULL, "dim-label");
  gtk_label_set_selectable (GTK_LABEL (self->message), TRUE);
  gtk_box_append (GTK_BOX (text_box), self->message);
  gtk_box_append (GTK_BOX (content), text_box);

  gtk_box_append (GTK_BOX (content), buttons);
  orr_form_buttons_attach (ORR_FORM_BUTTONS (buttons), GTK_WINDOW (self),
                           (OrrFormApplyFunc)form_apply);
  self->apply_button = orr_form_get_apply_button (self);

  gtk_window_set_child (GTK_WINDOW (self), content);
}

GtkWindow *
orr_context_editor_new (GtkWindow *parent, OrrModel *model, OrrDiagram *diagram,
                        OrrRegistry *registry)
{
  OrrContextEditor *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);
  g_return_val_if_fail (diagram != NULL && diagram->model == model, NULL);

  self
    = g_object_new (ORR_TYPE_CONTEXT_EDITOR, "transient-for", parent, "modal", parent != NULL,
                    "destroy-with-parent", TRUE, "default-width", 640, "default-height", 480, NULL);
  self->model = g_object_ref (model);
  self->diagram = diagram;
  self->owner = diagram->owner != NULL ? orr_block_ref (diagram->owner) : NULL;
  self->registry = registry;

  build (self);
  orr_context_editor_evaluate (self);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed), self, G_CONNECT_SWAPPED);
  gtk_widget_grab_focus (self->view);
  return GTK_WINDOW (self);
}

GtkWidget *
orr_context_editor_get_text_view (OrrContextEditor *self)
{
  g_return_val_if_fail (ORR_IS_CONTEXT_EDITOR (self), NULL);
  return self->view;
}

GtkWidget *
orr_context_editor_get_message_label (OrrContextEditor *self)
{
  g_return_val_if_fail (ORR_IS_CONTEXT_EDITOR (self), NULL);
  return self->message;
}

GtkWidget *
orr_context_editor_get_apply_button (OrrContextEditor *self)
{
  g_return_val_if_fail (ORR_IS_CONTEXT_EDITOR (self), NULL);
  return self->apply_button;
}

int
orr_context_editor_get_error_line (OrrContextEditor *self)
{
  g_return_val_if_fail (ORR_IS_CONTEXT_EDITOR (self), 0);
  return self->error_line;
}

static void
orr_context_editor_dispose (GObject *object)
{
  OrrContextEditor *self = ORR_CONTEXT_EDITOR (object);

  g_clear_handle_id (&self->evaluate_source, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  G_OBJECT_CLASS (orr_context_editor_parent_class)->dispose (object);
}

static void
orr_context_editor_finalize (GObject *object)
{
  OrrContextEditor *self = ORR_CONTEXT_EDITOR (object);

  g_clear_pointer (&self->evaluation, orr_evaluation_free);
  g_clear_pointer (&self->owner, orr_block_unref);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (orr_context_editor_parent_class)->finalize (object);
}

static void
orr_context_editor_class_init (OrrContextEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_context_editor_dispose;
  object_class->finalize = orr_context_editor_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
orr_context_editor_init (OrrContextEditor *self)
{
}
