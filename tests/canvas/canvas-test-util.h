/* canvas-test-util.h: a canvas in a window of known size, with the
 * standard blocks, and pointer gestures replayed through the canvas's
 * tool entry points (the code its gesture controllers call). */
#pragma once

#include "orr-canvas-private.h"
#include <orrery/orr-editor.h>
#include "orr-palettes.h"

#include <gtk/gtk.h>
#include <math.h>

#define WINDOW_WIDTH 800
#define WINDOW_HEIGHT 600

typedef struct
{
  GtkWidget *window;
  OrrCanvas *canvas;
  OrrModel *model;
  OrrRegistry *registry;
} Fixture;

static inline void
wait_until_allocated (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || !gtk_widget_get_mapped (widget))
         && g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

static inline void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->model = orr_model_new ();
  f->canvas = ORR_CANVAS (orr_canvas_new ());
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), WINDOW_WIDTH, WINDOW_HEIGHT);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->canvas));
  gtk_window_present (GTK_WINDOW (f->window));
  orr_canvas_set_model (f->canvas, f->model, f->registry);
  wait_until_allocated (GTK_WIDGET (f->canvas));
  /* model coordinates are widget pixels unless a test says otherwise */
  orr_canvas_set_view (f->canvas, 1.0, 0, 0);
}

static inline void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->model);
  orr_registry_free (f->registry);
}

/* A press, a few motion steps and a release, as a user's drag. */
static inline void
drag (Fixture *f, double x0, double y0, double x1, double y1, GdkModifierType modifiers)
{
  orr_canvas_test_press (f->canvas, GDK_BUTTON_PRIMARY, x0, y0, modifiers);
  for (int i = 1; i <= 4; i++)
    orr_canvas_test_motion (f->canvas, x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4, modifiers);
  orr_canvas_test_release (f->canvas, GDK_BUTTON_PRIMARY, x1, y1, modifiers);
}

static inline void
click (Fixture *f, double x, double y, GdkModifierType modifiers)
{
  orr_canvas_test_press (f->canvas, GDK_BUTTON_PRIMARY, x, y, modifiers);
  orr_canvas_test_release (f->canvas, GDK_BUTTON_PRIMARY, x, y, modifiers);
}

static inline OrrBlock *
add_block (Fixture *f, const char *type, double cx, double cy)
{
  g_autoptr (GError) error = NULL;
  OrrBlock *block = orr_canvas_insert_block (f->canvas, type, cx, cy, &error);

  g_assert_no_error (error);
  g_assert_nonnull (block);
  return block;
}

/* The middle of a port's triangle, in widget pixels. */
static inline void
port_point (Fixture *f, OrrBlock *block, OrrPortKind kind, guint port, double *wx, double *wy)
{
  OrrCanvasPort p;

  g_assert_true (orr_canvas_block_port (block, kind, port, &p));
  orr_canvas_model_to_widget (f->canvas, (p.base.x + p.anchor.x) / 2, (p.base.y + p.anchor.y) / 2,
                              wx, wy);
}

static inline void
drag_port_to_port (Fixture *f, OrrBlock *a, OrrPortKind ka, OrrBlock *b, OrrPortKind kb)
{
  double x0, y0, x1, y1;

  port_point (f, a, ka, 1, &x0, &y0);
  port_point (f, b, kb, 1, &x1, &y1);
  drag (f, x0, y0, x1, y1, 0);
}

static inline guint
n_links (Fixture *f)
{
  return orr_model_get_root (f->model)->links->len;
}

static inline guint
n_blocks (Fixture *f)
{
  return orr_model_get_root (f->model)->blocks->len;
}
