/* orr-scope-view.c: the scope widget. See orr-scope-view.h.
 *
 * The view only decides what range to show; orr-scope-draw.c draws it.
 * Each gesture is its own event controller (scroll zooms, drag pans or
 * rubber-bands, motion moves the cursor, double click resets), and every
 * one of them ends in orr_scope_view_set_visible (), so any zoom or pan
 * stops following the run in one place. */
#include "orr-scope-view.h"

#include "orr-scope-draw.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>

#define EXPORT_WIDTH 960
#define EXPORT_HEIGHT 480
/* a drag shorter than this is a click, not a pan */
#define DRAG_THRESHOLD 3.0
#define ZOOM_STEP 1.2

struct _OrrScopeView
{
  GtkWidget parent_instance;

  OrrSignalLog *log;
  OrrScopeDraw draw;

  gboolean follow, autoscale, grid, show_title;
  char *y_label;
  double window;
  /* the fixed ranges: the block's parameters until set_y_range () */
  gboolean has_fixed_x;
  double fixed_x0, fixed_x1, fixed_y0, fixed_y1;
  /* while not following: the time (XY: x) range shown */
  double t0, t1;
  /* after a zoom of the values: the value range shown */
  gboolean y_zoomed;
  double y0, y1;

  /* a drag in progress: what was shown when it began */
  gboolean dragging, banding;
  double drag_t0, drag_t1, drag_y0, drag_y1;
  double drag_x, drag_y;
  double pointer_x, pointer_y;
};

G_DEFINE_FINAL_TYPE (OrrScopeView, orr_scope_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_FOLLOW,
  PROP_AUTOSCALE,
  PROP_GRID,
  PROP_WINDOW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- what is shown ---------------------------------------------------------- */

static void
compute_visible (OrrScopeView *self, double *t0, double *t1, double *y0, double *y1)
{
  OrrSignalLogKind kind = orr_signal_log_get_kind (self->log);
  double x_auto0 = NAN, x_auto1 = NAN, y_auto0 = NAN, y_auto1 = NAN;

  if (kind == ORR_SIGNAL_LOG_XY)
    {
      gboolean found
        = orr_scope_draw_autoscale (self->log, 0, 0, &x_auto0, &x_auto1, &y_auto0, &y_auto1);
      if (!self->follow)
        *t0 = self->t0, *t1 = self->t1;
      else if (self->autoscale && found && isfinite (x_auto0))
        *t0 = x_auto0, *t1 = x_auto1;
      else if (self->has_fixed_x)
        *t0 = self->fixed_x0, *t1 = self->fixed_x1;
      else
        *t0 = -1, *t1 = 1;
      if (self->y_zoomed)
        *y0 = self->y0, *y1 = self->y1;
      else if (self->autoscale && found)
        *y0 = y_auto0, *y1 = y_auto1;
      else
        *y0 = self->fixed_y0, *y1 = self->fixed_y1;
      return;
    }

  if (!self->follow)
    {
      *t0 = self->t0;
      *t1 = self->t1;
    }
  else
    {
      guint64 n = orr_signal_log_get_n_samples (self->log);
      double start, final, last;

      orr_signal_log_get_time_span (self->log, &start, &final);
      last = n > 0 ? orr_signal_log_get_t (self->log, n - 1) : start;
      if (self->window > 0)
        {
          /* the window fills from the start, then slides */
          *t1 = MAX (last, start + self->window);
          *t0 = *t1 - self->window;
        }
      else
        {
          *t0 = start;
          *t1 = MAX (final, last);
        }
    }
  if (!(*t1 > *t0))
    *t1 = *t0 + 1;

  if (self->y_zoomed)
    {
      *y0 = self->y0;
      *y1 = self->y1;
    }
  else if ((self->autoscale || kind == ORR_SIGNAL_LOG_EVENTS)
           && orr_scope_draw_autoscale (self->log, *t0, *t1, NULL, NULL, y0, y1))
    ;
  else if (kind == ORR_SIGNAL_LOG_EVENTS)
    {
      *y0 = 0.5;
      *y1 = orr_signal_log_get_n_channels (self->log) + 0.5;
    }
  else
    {
      *y0 = self->fixed_y0;
      *y1 = self->fixed_y1;
    }
}

void
orr_scope_view_get_visible (OrrScopeView *self, double *t0, double *t1, double *y0, double *y1)
{
  double v[4];

  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  compute_visible (self, &v[0], &v[1], &v[2], &v[3]);
  if (t0 != NULL)
    *t0 = v[0];
  if (t1 != NULL)
    *t1 = v[1];
  if (y0 != NULL)
    *y0 = v[2];
  if (y1 != NULL)
    *y1 = v[3];
}

void
orr_scope_view_set_visible (OrrScopeView *self, double t0, double t1, double y0, double y1)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  g_return_if_fail (t1 > t0 && y1 > y0);
  self->t0 = t0;
  self->t1 = t1;
  self->y0 = y0;
  self->y1 = y1;
  self->y_zoomed = TRUE;
  if (self->follow)
    {
      self->follow = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOW]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
orr_scope_view_set_follow (OrrScopeView *self, gboolean follow)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  follow = !!follow;
  if (follow == self->follow)
    return;
  if (!follow)
    {
      /* freeze what is shown now */
      double y0, y1;
      compute_visible (self, &self->t0, &self->t1, &y0, &y1);
    }
  else
    self->y_zoomed = FALSE; /* live again: the values fit the run, not the old zoom */
  self->follow = follow;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOW]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
orr_scope_view_get_follow (OrrScopeView *self)
{
  g_return_val_if_fail (ORR_IS_SCOPE_VIEW (self), FALSE);
  return self->follow;
}

void
orr_scope_view_set_window (OrrScopeView *self, double seconds)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  g_return_if_fail (seconds >= 0);
  if (self->window == seconds)
    return;
  self->window = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINDOW]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
orr_scope_view_set_autoscale (OrrScopeView *self, gboolean autoscale)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  autoscale = !!autoscale;
  /* choosing a scale undoes a zoom of the values, or it would not show */
  self->y_zoomed = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (autoscale == self->autoscale)
    return;
  self->autoscale = autoscale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSCALE]);
}

gboolean
orr_scope_view_get_autoscale (OrrScopeView *self)
{
  g_return_val_if_fail (ORR_IS_SCOPE_VIEW (self), FALSE);
  return self->autoscale;
}

void
orr_scope_view_set_y_range (OrrScopeView *self, double ymin, double ymax)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  g_return_if_fail (ymax > ymin);
  self->fixed_y0 = ymin;
  self->fixed_y1 = ymax;
  orr_scope_view_set_autoscale (self, FALSE);
}

void
orr_scope_view_set_grid (OrrScopeView *self, gboolean grid)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  grid = !!grid;
  if (grid == self->grid)
    return;
  self->grid = grid;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRID]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
orr_scope_view_get_grid (OrrScopeView *self)
{
  g_return_val_if_fail (ORR_IS_SCOPE_VIEW (self), FALSE);
  return self->grid;
}

void
orr_scope_view_set_y_label (OrrScopeView *self, const char *label)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  g_free (self->y_label);
  self->y_label = label != NULL && *label != '\0' ? g_strdup (label) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
orr_scope_view_set_show_title (OrrScopeView *self, gboolean show_title)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  self->show_title = !!show_title;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The ranges of the block's parameters, as when the view was made. */
static void
load_hint (OrrScopeView *self)
{
  double x0, x1, y0, y1;

  if (orr_signal_log_get_hint_range (self->log, &x0, &x1, &y0, &y1) && y1 > y0)
    {
      self->fixed_y0 = y0;
      self->fixed_y1 = y1;
      self->has_fixed_x = x1 > x0;
      self->fixed_x0 = x0;
      self->fixed_x1 = x1;
    }
  else
    {
      self->fixed_y0 = -1;
      self->fixed_y1 = 1;
      self->has_fixed_x = FALSE;
    }
}

void
orr_scope_view_reset_view (OrrScopeView *self)
{
  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  load_hint (self);
  self->y_zoomed = FALSE;
  orr_scope_view_set_follow (self, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

OrrSignalLog *
orr_scope_view_get_log (OrrScopeView *self)
{
  g_return_val_if_fail (ORR_IS_SCOPE_VIEW (self), NULL);
  return self->log;
}

char *
orr_scope_view_describe_at (OrrScopeView *self, double t)
{
  g_return_val_if_fail (ORR_IS_SCOPE_VIEW (self), NULL);
  return orr_scope_draw_describe (self->log, t);
}

/* ---- drawing ---------------------------------------------------------------- */

static void
prepare (OrrScopeView *self)
{
  compute_visible (self, &self->draw.x0, &self->draw.x1, &self->draw.y0, &self->draw.y1);
  self->draw.grid = self->grid;
  self->draw.autoscale = self->autoscale;
}

static void
orr_scope_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OrrScopeView *self = ORR_SCOPE_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  prepare (self);
#if GTK_CHECK_VERSION(4, 10, 0)
  gtk_widget_get_color (widget, &self->draw.foreground);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &self->draw.foreground);
#endif
  self->draw.background = (GdkRGBA){ 0, 0, 0, 0 };
  self->draw.title = self->show_title;
  self->draw.y_label = self->y_label;
  self->draw.scale = gtk_widget_get_scale_factor (widget);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  orr_scope_draw_render (&self->draw, cr, width, height);
  cairo_destroy (cr);
}

void
orr_scope_view_draw (OrrScopeView *self, cairo_t *cr, int width, int height)
{
  OrrScopeDraw paper;

  g_return_if_fail (ORR_IS_SCOPE_VIEW (self));
  prepare (self);
  /* the screen's scratch stays with the screen: paper gets its own */
  paper = self->draw;
  paper.columns = NULL;
  paper.n_columns = 0;
  paper.layout = NULL;
  paper.layer = NULL;
  paper.transposed = NULL;
  paper.n_transposed = 0;
  paper.foreground = (GdkRGBA){ 0.13, 0.13, 0.13, 1 };
  paper.background = (GdkRGBA){ 1, 1, 1, 1 };
  paper.title = TRUE;
  paper.cursor_x = NAN;
  paper.band = FALSE;
  paper.scale = 1;
  orr_scope_draw_render (&paper, cr, width, height);
  orr_scope_draw_clear (&paper);
}

static gboolean
check_status (cairo_status_t status, const char *path, GError **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Could not write “%s”: %s"), path,
               cairo_status_to_string (status));
  return FALSE;
}

gboolean
orr_scope_view_export (OrrScopeView *self, const char *path, GError **error)
{
  g_autofree char *lower = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  int width, height;

  g_return_val_if_fail (ORR_IS_SCOPE_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || width <= 0 || height <= 0)
    {
      width = EXPORT_WIDTH;
      height = EXPORT_HEIGHT;
    }
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  else if (g_str_has_suffix (lower, ".svg"))
    surface = cairo_svg_surface_create (path, width, height);
  else if (g_str_has_suffix (lower, ".pdf"))
    surface = cairo_pdf_surface_create (path, width, height);
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("Cannot export the scope “%s” to “%s”: the name must end in .png, .svg "
                      "or .pdf"),
                   orr_signal_log_get_title (self->log), path);
      return FALSE;
    }
  if (!check_status (cairo_surface_status (surface), path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cr = cairo_create (surface);
  orr_scope_view_draw (self, cr, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && g_str_has_suffix (lower, ".png"))
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return check_status (status, path, error);
}

/* ---- interaction ------------------------------------------------------------ */

/* Pixel to data, with the plot area of the last frame. */
static double
data_x (OrrScopeView *self, double px, double t0, double t1)
{
  return t0 + (px - self->draw.plot_x) / MAX (self->draw.plot_width, 1) * (t1 - t0);
}

static double
data_y (OrrScopeView *self, double py, double y0, double y1)
{
  return y0
         + (self->draw.plot_y + self->draw.plot_height - py) / MAX (self->draw.plot_height, 1)
             * (y1 - y0);
}

static gboolean
scrolled (GtkEventControllerScroll *controller, double dx, double dy, OrrScopeView *self)
{
  GdkModifierType state
    = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double factor = pow (ZOOM_STEP, dy), t0, t1, y0, y1;

  if (dy == 0)
    return FALSE;
  orr_scope_view_get_visible (self, &t0, &t1, &y0, &y1);
  if (state & GDK_CONTROL_MASK)
    {
      double y = data_y (self, self->pointer_y, y0, y1);
      y0 = y - (y - y0) * factor;
      y1 = y + (y1 - y) * factor;
    }
  else
    {
      double t = data_x (self, self->pointer_x, t0, t1);
      t0 = t - (t - t0) * factor;
      t1 = t + (t1 - t) * factor;
    }
  orr_scope_view_set_visible (self, t0, t1, y0, y1);
  return TRUE;
}

static void
drag_begun (GtkGestureDrag *gesture, double x, double y, OrrScopeView *self)
{
  GdkModifierType state
    = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  orr_scope_view_get_visible (self, &self->drag_t0, &self->drag_t1, &self->drag_y0, &self->drag_y1);
  self->drag_x = x;
  self->drag_y = y;
  self->dragging = FALSE;
  self->banding = (state & GDK_SHIFT_MASK) != 0;
}

static void
drag_updated (GtkGestureDrag *gesture, double dx, double dy, OrrScopeView *self)
{
  if (!self->dragging && hypot (dx, dy) < DRAG_THRESHOLD)
    return;
  self->dragging = TRUE;
  if (self->banding)
    {
      self->draw.band = TRUE;
      self->draw.band_x0 = self->drag_x;
      self->draw.band_y0 = self->drag_y;
      self->draw.band_x1 = self->drag_x + dx;
      self->draw.band_y1 = self->drag_y + dy;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  {
    double ddt = -dx / MAX (self->draw.plot_width, 1) * (self->drag_t1 - self->drag_t0);
    double ddy = dy / MAX (self->draw.plot_height, 1) * (self->drag_y1 - self->drag_y0);

    orr_scope_view_set_visible (self, self->drag_t0 + ddt, self->drag_t1 + ddt, self->drag_y0 + ddy,
                                self->drag_y1 + ddy);
  }
}

static void
drag_ended (GtkGestureDrag *gesture, double dx, double dy, OrrScopeView *self)
{
  if (self->banding && self->dragging)
    {
      double xa = data_x (self, self->drag_x, self->drag_t0, self->drag_t1);
      double xb = data_x (self, self->drag_x + dx, self->drag_t0, self->drag_t1);
      double ya = data_y (self, self->drag_y, self->drag_y0, self->drag_y1);
      double yb = data_y (self, self->drag_y + dy, self->drag_y0, self->drag_y1);

      self->draw.band = FALSE;
      /* a flat band zooms time only, a thin one values only */
      if (fabs (dx) < 4)
        xa = self->drag_t0, xb = self->drag_t1;
      if (fabs (dy) < 4)
        ya = self->drag_y0, yb = self->drag_y1;
      if (fabs (dx) >= 4 || fabs (dy) >= 4)
        orr_scope_view_set_visible (self, MIN (xa, xb), MAX (xa, xb), MIN (ya, yb), MAX (ya, yb));
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  self->dragging = self->banding = FALSE;
}

static void
pointer_moved (GtkEventControllerMotion *controller, double x, double y, OrrScopeView *self)
{
  double t0, t1;

  self->pointer_x = x;
  self->pointer_y = y;
  if (x >= self->draw.plot_x && x <= self->draw.plot_x + self->draw.plot_width
      && y >= self->draw.plot_y && y <= self->draw.plot_y + self->draw.plot_height)
    {
      orr_scope_view_get_visible (self, &t0, &t1, NULL, NULL);
      self->draw.cursor_x = data_x (self, x, t0, t1);
    }
  else
    self->draw.cursor_x = NAN;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pointer_left (GtkEventControllerMotion *controller, OrrScopeView *self)
{
  self->draw.cursor_x = NAN;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
clicked (GtkGestureClick *gesture, int n_press, double x, double y, OrrScopeView *self)
{
  if (n_press == 2)
    orr_scope_view_reset_view (self);
}

/* ---- the class -------------------------------------------------------------- */

static void
orr_scope_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                        int *natural, int *minimum_baseline, int *natural_baseline)
{
  OrrSignalLog *log = ORR_SCOPE_VIEW (widget)->log;
  const OrrSignalLogShapes *shapes
    = log != NULL && orr_signal_log_get_kind (log) == ORR_SIGNAL_LOG_SHAPES
        ? orr_signal_log_get_shapes (log)
        : NULL;

  /* an animation asks for its area times its zoom, within reason */
  if (shapes != NULL)
    {
      double extent = orientation == GTK_ORIENTATION_HORIZONTAL ? shapes->area[1] - shapes->area[0]
                                                                : shapes->area[3] - shapes->area[2];

      *minimum = 140;
      *natural = (int)CLAMP (extent * shapes->zoom, 140, 900);
    }
  else if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      /* several plots: each about as tall as a plot of its own */
      guint n = ORR_SCOPE_VIEW (widget)->log != NULL
                  ? orr_signal_log_get_n_axes (ORR_SCOPE_VIEW (widget)->log)
                  : 1;

      *minimum = 140 + 70 * (MIN (n, 8) - 1);
      *natural = 240 + 160 * (MIN (n, 8) - 1);
    }
}

static void
orr_scope_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OrrScopeView *self = ORR_SCOPE_VIEW (object);

  switch (prop_id)
    {
      case PROP_FOLLOW:
        g_value_set_boolean (value, self->follow);
        break;
      case PROP_AUTOSCALE:
        g_value_set_boolean (value, self->autoscale);
        break;
      case PROP_GRID:
        g_value_set_boolean (value, self->grid);
        break;
      case PROP_WINDOW:
        g_value_set_double (value, self->window);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_scope_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  OrrScopeView *self = ORR_SCOPE_VIEW (object);

  switch (prop_id)
    {
      case PROP_FOLLOW:
        orr_scope_view_set_follow (self, g_value_get_boolean (value));
        break;
      case PROP_AUTOSCALE:
        orr_scope_view_set_autoscale (self, g_value_get_boolean (value));
        break;
      case PROP_GRID:
        orr_scope_view_set_grid (self, g_value_get_boolean (value));
        break;
      case PROP_WINDOW:
        orr_scope_view_set_window (self, g_value_get_double (value));
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
orr_scope_view_dispose (GObject *object)
{
  OrrScopeView *self = ORR_SCOPE_VIEW (object);

  orr_scope_draw_clear (&self->draw);
  g_clear_object (&self->log);
  g_clear_pointer (&self->y_label, g_free);
  G_OBJECT_CLASS (orr_scope_view_parent_class)->dispose (object);
}

static void
orr_scope_view_class_init (OrrScopeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_scope_view_dispose;
  object_class->get_property = orr_scope_view_get_property;
  object_class->set_property = orr_scope_view_set_property;
  widget_class->snapshot = orr_scope_view_snapshot;
  widget_class->measure = orr_scope_view_measure;

  properties[PROP_FOLLOW]
    = g_param_spec_boolean ("follow", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTOSCALE]
    = g_param_spec_boolean ("autoscale", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GRID] = g_param_spec_boolean (
    "grid", NULL, NULL, TRUE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINDOW]
    = g_param_spec_double ("window", NULL, NULL, 0, G_MAXDOUBLE, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "scope");
  /* a plot is a picture to assistive technologies; its owner names it */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
orr_scope_view_init (OrrScopeView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *scroll, *motion;
  GtkGesture *drag, *click;

  self->follow = TRUE;
  self->grid = TRUE;
  self->show_title = TRUE;

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (widget, scroll);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begun), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_updated), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_ended), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (clicked), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (pointer_moved), self);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_left), self);
  gtk_widget_add_controller (widget, motion);
}

GtkWidget *
orr_scope_view_new (OrrSignalLog *log)
{
  OrrScopeView *self;

  g_return_val_if_fail (ORR_IS_SIGNAL_LOG (log), NULL);
  self = g_object_new (ORR_TYPE_SCOPE_VIEW, NULL);
  self->log = g_object_ref (log);
  orr_scope_draw_init (&self->draw, log);
  load_hint (self);
  /* the block's own range wins until the user asks for autoscale */
  self->autoscale = !orr_signal_log_get_hint_range (log, NULL, NULL, NULL, NULL);
  /* queue_draw coalesces: however often the run appends, one redraw a frame */
  g_signal_connect_object (log, "appended", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (log, "cleared", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
