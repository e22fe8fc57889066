/* bench-canvas.c: how fast the canvas draws a large diagram. A generated
 * 5,000-block diagram (rows of Gain/Sum chains, each Sum also fed from the
 * row above) is drawn through the canvas's own render path (spatial index
 * query, then the painter) into a 1280x800 image, at several zoom factors
 * centred on the diagram. Prints the median frame time and the number of
 * items drawn per zoom, and the cost of a hit test. Fails only when
 * something is wrong (nothing drawn, hit test missing a block), never
 * because it is slow. Needs a display (xvfb-run). */
#include "orr-canvas-private.h"
#include "orr-palettes.h"

#include <gtk/gtk.h>

#define VIEW_WIDTH 1280
#define VIEW_HEIGHT 800
#define COLUMNS 50
#define ROWS 100
#define PITCH_X 80.0
#define PITCH_Y 80.0
#define FRAMES 15

static OrrModel *
generate (void)
{
  OrrModel *model = orr_model_new ();
  OrrDiagram *root = orr_model_get_root (model);
  g_autoptr (GPtrArray) blocks = g_ptr_array_new ();

  orr_model_begin (model, "generate");
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLUMNS; c++)
      {
        gboolean sum = c % 2 == 1;
        OrrRect g = { c * PITCH_X, r * PITCH_Y, 40, 40 };
        OrrBlock *block = orr_model_add_block (model, root, sum ? "Sum" : "Gain", &g);
        g_autofree char *label = g_strdup_printf ("%s%d_%d", sum ? "S" : "G", r, c);
        orr_model_set_block_label (model, block, label);
        orr_model_set_port_count (model, block, ORR_PORT_IN, sum ? 2 : 1);
        orr_model_set_port_count (model, block, ORR_PORT_OUT, 1);
        g_ptr_array_add (blocks, block);
      }
  for (int r = 0; r < ROWS; r++)
    for (int c = 1; c < COLUMNS; c++)
      {
        OrrBlock *prev = g_ptr_array_index (blocks, r * COLUMNS + c - 1);
        OrrBlock *block = g_ptr_array_index (blocks, r * COLUMNS + c);
        OrrEndpoint from = { prev->id, ORR_PORT_OUT, 1 }, to = { block->id, ORR_PORT_IN, 1 };
        g_assert_nonnull (orr_model_connect (model, root, &from, &to, NULL));
        if (c % 2 == 1 && r > 0)
          {
            OrrBlock *above = g_ptr_array_index (blocks, (r - 1) * COLUMNS + c - 1);
            OrrEndpoint from2 = { above->id, ORR_PORT_OUT, 1 };
            OrrEndpoint to2 = { block->id, ORR_PORT_IN, 2 };
            g_assert_nonnull (orr_model_connect (model, root, &from2, &to2, NULL));
          }
      }
  orr_model_commit (model);
  orr_model_clear_history (model);
  return model;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrModel) model = NULL;
  const double zooms[] = { 0.1, 0.5, 1.0, 2.0 };
  GtkWidget *window;
  OrrCanvas *canvas;
  cairo_surface_t *surface;
  cairo_t *cr;
  OrrDiagram *root;
  double cx = COLUMNS * PITCH_X / 2, cy = ROWS * PITCH_Y / 2;
  gint64 t0;
  int failures = 0;

  gtk_init ();
  orr_palettes_register_standard (registry);
  t0 = g_get_monotonic_time ();
  model = generate ();
  root = orr_model_get_root (model);
  g_print ("generated %u blocks, %u links in %.0f ms\n", root->blocks->len, root->links->len,
           (g_get_monotonic_time () - t0) / 1000.0);

  canvas = ORR_CANVAS (orr_canvas_new ());
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), VIEW_WIDTH, VIEW_HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  t0 = g_get_monotonic_time ();
  orr_canvas_set_model (canvas, model, registry);
  g_print ("indexed in %.0f ms\n", (g_get_monotonic_time () - t0) / 1000.0);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_WIDTH, VIEW_HEIGHT);
  cr = cairo_create (surface);
  g_print ("%-6s %12s %12s %8s\n", "zoom", "first (ms)", "median (ms)", "items");
  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      double times[FRAMES], first;
      guint drawn = 0;

      orr_canvas_set_view (canvas, zooms[z], VIEW_WIDTH / 2.0 - cx * zooms[z],
                           VIEW_HEIGHT / 2.0 - cy * zooms[z]);
      for (int i = 0; i < FRAMES; i++)
        {
          gint64 start;
          cairo_save (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_paint (cr);
          cairo_restore (cr);
          start = g_get_monotonic_time ();
          drawn = orr_canvas_render (canvas, cr, VIEW_WIDTH, VIEW_HEIGHT);
          cairo_surface_flush (surface);
          times[i] = (g_get_monotonic_time () - start) / 1000.0;
        }
      first = times[0];
      qsort (times, FRAMES, sizeof (double), compare_doubles);
      g_print ("%-6.1f %12.2f %12.2f %8u\n", zooms[z], first, times[FRAMES / 2], drawn);
      if (drawn == 0)
        {
          g_printerr ("nothing drawn at zoom %g\n", zooms[z]);
          failures++;
        }
    }

  /* hit tests: every block centre must find its block */
  {
    guint misses = 0;
    t0 = g_get_monotonic_time ();
    for (guint i = 0; i < root->blocks->len; i++)
      {
        OrrBlock *block = g_ptr_array_index (root->blocks, i);
        OrrCanvasHit hit;
        orr_canvas_hit_test (canvas, block->geometry.x + 20, block->geometry.y + 20, &hit);
        if (hit.block != block)
          misses++;
      }
    g_print ("hit test: %.2f us per query, %u misses\n",
             (g_get_monotonic_time () - t0) / (double)root->blocks->len, misses);
    failures += misses > 0;
  }

  /* moving one block: what a drag step costs, index update included */
  {
    OrrBlock *block = g_ptr_array_index (root->blocks, COLUMNS * ROWS / 2 + 3);
    t0 = g_get_monotonic_time ();
    orr_model_begin (model, "move");
    for (int i = 0; i < 100; i++)
      orr_model_move_block (model, block, block->geometry.x + (i % 2 ? 10 : -10),
                            block->geometry.y);
    orr_model_commit (model);
    g_print ("drag step: %.2f us per move\n", (g_get_monotonic_time () - t0) / 100.0);
  }

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  gtk_window_destroy (GTK_WINDOW (window));
  return failures > 0 ? 1 : 0;
}
