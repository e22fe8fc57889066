/* test-canvas-view.c: the view transform (zoom about the pointer, fit,
 * pan), the spatial index against brute force on random diagrams, edits
 * made outside the canvas, super block levels, and export to PNG, SVG and
 * PDF. */
#include "canvas-test-util.h"

#include <glib/gstdio.h>
#include <orrery/orr-io.h>

static void
test_zoom_keeps_pointer (Fixture *f, gconstpointer data)
{
  double mx, my, mx2, my2, wx, wy;

  orr_canvas_set_view (f->canvas, 1.0, 13, 7);
  orr_canvas_test_motion (f->canvas, 300, 200, 0);
  orr_canvas_widget_to_model (f->canvas, 300, 200, &mx, &my);
  g_assert_cmpfloat_with_epsilon (mx, 287, 1e-9);
  g_assert_cmpfloat_with_epsilon (my, 193, 1e-9);

  /* ctrl + wheel up zooms in about the pointer */
  orr_canvas_test_scroll (f->canvas, 0, -1, GDK_CONTROL_MASK);
  g_assert_cmpfloat (orr_canvas_get_zoom (f->canvas), >, 1.0);
  orr_canvas_widget_to_model (f->canvas, 300, 200, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);
  orr_canvas_test_scroll (f->canvas, 0, 3, GDK_CONTROL_MASK);
  g_assert_cmpfloat (orr_canvas_get_zoom (f->canvas), <, 1.0);
  orr_canvas_widget_to_model (f->canvas, 300, 200, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);

  /* set_zoom about another point */
  orr_canvas_widget_to_model (f->canvas, 100, 50, &mx, &my);
  orr_canvas_set_zoom (f->canvas, 2.5, 100, 50);
  g_assert_cmpfloat (orr_canvas_get_zoom (f->canvas), ==, 2.5);
  orr_canvas_model_to_widget (f->canvas, mx, my, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 50, 1e-9);
  /* and the two maps are inverse */
  orr_canvas_widget_to_model (f->canvas, 321.5, 77.25, &mx, &my);
  orr_canvas_model_to_widget (f->canvas, mx, my, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 321.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 77.25, 1e-9);

  /* zoom in and out by steps from the centre, which stays */
  orr_canvas_widget_to_model (f->canvas, WINDOW_WIDTH / 2.0, WINDOW_HEIGHT / 2.0, &mx, &my);
  orr_canvas_zoom_out (f->canvas);
  g_assert_cmpfloat_with_epsilon (orr_canvas_get_zoom (f->canvas), 2.0, 1e-9);
  orr_canvas_zoom_in (f->canvas);
  g_assert_cmpfloat_with_epsilon (orr_canvas_get_zoom (f->canvas), 2.5, 1e-9);
  orr_canvas_widget_to_model (f->canvas, WINDOW_WIDTH / 2.0, WINDOW_HEIGHT / 2.0, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);
}

static void
test_pan (Fixture *f, gconstpointer data)
{
  double wx0, wy0, wx, wy;

  orr_canvas_model_to_widget (f->canvas, 0, 0, &wx0, &wy0);
  /* middle drag moves the picture with the pointer */
  orr_canvas_test_press (f->canvas, GDK_BUTTON_MIDDLE, 100, 100, 0);
  orr_canvas_test_motion (f->canvas, 130, 90, 0);
  orr_canvas_test_motion (f->canvas, 150, 130, 0);
  orr_canvas_test_release (f->canvas, GDK_BUTTON_MIDDLE, 150, 130, 0);
  orr_canvas_model_to_widget (f->canvas, 0, 0, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx - wx0, 50, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy - wy0, 30, 1e-9);
  /* a plain wheel scrolls the picture: down shows what is below */
  orr_canvas_test_scroll (f->canvas, 0, 1, 0);
  orr_canvas_model_to_widget (f->canvas, 0, 0, &wx0, &wy0);
  g_assert_cmpfloat (wy0, <, wy);
  g_assert_cmpfloat_with_epsilon (wx0, wx, 1e-9);
  g_assert_cmpfloat_with_epsilon (orr_canvas_get_zoom (f->canvas), 1.0, 1e-9);
}

static void
test_zoom_fit (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  const double centres[][2] = { { -500, -300 }, { 900, 700 }, { 2000, -100 }, { 40, 40 } };
  int w = gtk_widget_get_width (GTK_WIDGET (f->canvas));
  int h = gtk_widget_get_height (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < G_N_ELEMENTS (centres); i++)
    add_block (f, "Gain", centres[i][0], centres[i][1]);
  orr_canvas_zoom_fit (f->canvas);
  for (guint i = 0; i < root->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (root->blocks, i);
      double x0, y0, x1, y1;
      orr_canvas_model_to_widget (f->canvas, block->geometry.x, block->geometry.y, &x0, &y0);
      orr_canvas_model_to_widget (f->canvas, block->geometry.x + block->geometry.width,
                                  block->geometry.y + block->geometry.height, &x1, &y1);
      g_assert_cmpfloat (x0, >=, 0);
      g_assert_cmpfloat (y0, >=, 0);
      g_assert_cmpfloat (x1, <=, w);
      g_assert_cmpfloat (y1, <=, h);
    }
  /* the fit is tight on one axis: the extent spans most of the width */
  {
    double left, right, dummy;
    orr_canvas_model_to_widget (f->canvas, -520, 0, &left, &dummy);
    orr_canvas_model_to_widget (f->canvas, 2020, 0, &right, &dummy);
    g_assert_cmpfloat (right - left, >, 0.8 * w);
  }

  /* a small diagram is not blown up past its natural size */
  while (root->blocks->len > 1)
    orr_model_remove_block (f->model, g_ptr_array_index (root->blocks, 0));
  orr_canvas_zoom_fit (f->canvas);
  g_assert_cmpfloat (orr_canvas_get_zoom (f->canvas), ==, 1.0);
}

/* The topmost block whose frame holds the point, by walking the model. */
static OrrBlock *
brute_block_at (OrrDiagram *diagram, double x, double y)
{
  for (guint i = diagram->blocks->len; i-- > 0;)
    {
      OrrBlock *block = g_ptr_array_index (diagram->blocks, i);
      OrrRect frame;
      orr_canvas_block_frame (block, &frame);
      if (x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height)
        return block;
    }
  return NULL;
}

static void
check_against_brute_force (Fixture *f, GRand *rand)
{
  OrrDiagram *root = orr_model_get_root (f->model);

  g_assert_cmpuint (orr_canvas_index_get_n_items (orr_canvas_get_index (f->canvas)), ==,
                    root->blocks->len + root->links->len);
  for (int i = 0; i < 3000; i++)
    {
      double x = g_rand_double_range (rand, -200, 4200), y = g_rand_double_range (rand, -200, 3200);
      g_assert_true (orr_canvas_block_at (f->canvas, x, y) == brute_block_at (root, x, y));
    }
  for (int i = 0; i < 200; i++)
    {
      OrrRect r = { g_rand_double_range (rand, -200, 4000), g_rand_double_range (rand, -200, 3000),
                    g_rand_double_range (rand, 0, 800), g_rand_double_range (rand, 0, 800) };
      g_autoptr (GPtrArray) found = g_ptr_array_new ();
      guint expected = 0;
      orr_canvas_blocks_in_rect (f->canvas, &r, found);
      for (guint k = 0; k < root->blocks->len; k++)
        {
          OrrBlock *block = g_ptr_array_index (root->blocks, k);
          OrrRect frame;
          orr_canvas_block_frame (block, &frame);
          if (frame.x >= r.x && frame.y >= r.y && frame.x + frame.width <= r.x + r.width
              && frame.y + frame.height <= r.y + r.height)
            {
              expected++;
              g_assert_true (g_ptr_array_find (found, block, NULL));
            }
        }
      g_assert_cmpuint (found->len, ==, expected);
    }
}

static void
test_index_matches_brute_force (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);
  const char *types[] = { "Gain", "Sum", "Mux", "Integrator" };

  orr_model_begin (f->model, "random");
  for (int i = 0; i < 600; i++)
    {
      OrrRect g = { g_rand_double_range (rand, 0, 4000), g_rand_double_range (rand, 0, 3000),
                    g_rand_double_range (rand, 10, 120), g_rand_double_range (rand, 10, 120) };
      OrrBlock *block = orr_editor_add_block (f->model, root, f->registry,
                                              types[g_rand_int_range (rand, 0, 4)], &g, NULL);
      if (g_rand_boolean (rand))
        orr_model_set_block_orientation (f->model, block, 90 * g_rand_int_range (rand, 0, 4),
                                         g_rand_boolean (rand));
    }
  for (int i = 0; i < 300; i++)
    {
      OrrBlock *a = g_ptr_array_index (root->blocks, g_rand_int_range (rand, 0, 600));
      OrrBlock *b = g_ptr_array_index (root->blocks, g_rand_int_range (rand, 0, 600));
      OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, 1 };
      orr_model_connect (f->model, root, &from, &to, NULL);
    }
  orr_model_commit (f->model);
  check_against_brute_force (f, rand);

  /* incremental updates: moves, removals, undo of both */
  orr_model_begin (f->model, "moves");
  for (int i = 0; i < 200; i++)
    {
      OrrBlock *block
        = g_ptr_array_index (root->blocks, g_rand_int_range (rand, 0, root->blocks->len));
      orr_model_move_block (f->model, block, g_rand_double_range (rand, -100, 5000),
                            g_rand_double_range (rand, -100, 4000));
    }
  orr_model_commit (f->model);
  check_against_brute_force (f, rand);
  orr_model_begin (f->model, "removals");
  for (int i = 0; i < 100; i++)
    orr_model_remove_block (
      f->model, g_ptr_array_index (root->blocks, g_rand_int_range (rand, 0, root->blocks->len)));
  orr_model_commit (f->model);
  check_against_brute_force (f, rand);
  g_assert_true (orr_model_undo (f->model));
  check_against_brute_force (f, rand);
  g_assert_true (orr_model_undo (f->model));
  check_against_brute_force (f, rand);
}

static void
test_outside_edits_and_levels (Fixture *f, gconstpointer data)
{
  OrrDiagram *root = orr_model_get_root (f->model);
  OrrRect g = { 100, 100, 60, 60 };
  OrrBlock *super = orr_model_add_super_block (f->model, root, &g);
  OrrBlock *inner;
  OrrRect gi = { 10, 10, 40, 40 };

  g_assert_true (orr_canvas_block_at (f->canvas, 130, 130) == super);
  /* a move made elsewhere (a dialog, a script) reaches the index */
  orr_model_move_block (f->model, super, 400, 300);
  g_assert_null (orr_canvas_block_at (f->canvas, 130, 130));
  g_assert_true (orr_canvas_block_at (f->canvas, 430, 330) == super);

  orr_canvas_set_diagram (f->canvas, super->child);
  g_assert_true (orr_canvas_get_diagram (f->canvas) == super->child);
  inner = orr_model_add_block (f->model, super->child, "Gain", &gi);
  orr_canvas_set_view (f->canvas, 1, 0, 0);
  g_assert_true (orr_canvas_block_at (f->canvas, 30, 30) == inner);
  /* changes on other levels are not this level's items */
  orr_model_add_block (f->model, root, "Gain", &gi);
  g_assert_true (orr_canvas_block_at (f->canvas, 30, 30) == inner);

  /* a block of a type this build does not know is still there to pick,
   * draw and export */
  {
    OrrRect gu = { 200, 200, 40, 40 };
    g_autofree char *dir = g_dir_make_tmp ("orr-canvas-unknown-XXXXXX", NULL);
    g_autofree char *png = g_build_filename (dir, "unknown.png", NULL);
    g_autoptr (GError) error = NULL;
    OrrBlock *mystery = orr_model_add_block (f->model, super->child, "NoSuchType", &gu);
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 300);
    cairo_t *cr = cairo_create (surface);
    g_assert_true (orr_canvas_block_at (f->canvas, 220, 220) == mystery);
    g_assert_cmpuint (orr_canvas_render (f->canvas, cr, 300, 300), ==, 2);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
    g_assert_true (orr_canvas_export (f->canvas, png, ORR_CANVAS_EXPORT_PNG, &error));
    g_assert_no_error (error);
    g_unlink (png);
    g_rmdir (dir);
  }

  /* removing the super block shown takes the view back to the root */
  orr_model_remove_block (f->model, super);
  g_assert_true (orr_canvas_get_diagram (f->canvas) == root);
}

static gboolean
file_starts_with (const char *path, const char *magic, gsize magic_len, gsize min_size)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, min_size);
  return memcmp (contents, magic, magic_len) == 0;
}

static void
test_export (Fixture *f, gconstpointer data)
{
  g_autofree char *example
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "bouncing-ball.orr", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (example, &error);
  g_autofree char *dir = g_dir_make_tmp ("orr-canvas-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "diagram.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "diagram.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "diagram.pdf", NULL);
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  int width, height, ink = 0, red = 0;
  const char *keep = g_getenv ("ORR_CANVAS_KEEP_EXPORT");

  g_assert_no_error (error);
  orr_canvas_set_model (f->canvas, model, f->registry);
  /* something selected must not show in an export */
  orr_canvas_select_all (f->canvas);

  g_assert_true (orr_canvas_export (f->canvas, png, ORR_CANVAS_EXPORT_PNG, &error));
  g_assert_no_error (error);
  g_assert_true (orr_canvas_export (f->canvas, svg, ORR_CANVAS_EXPORT_SVG, &error));
  g_assert_no_error (error);
  g_assert_true (orr_canvas_export (f->canvas, pdf, ORR_CANVAS_EXPORT_PDF, &error));
  g_assert_no_error (error);

  g_assert_true (file_starts_with (png, "\x89PNG\r\n\x1a\n", 8, 2000));
  g_assert_true (file_starts_with (svg, "<?xml", 5, 2000));
  g_assert_true (file_starts_with (pdf, "%PDF-", 5, 2000));

  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  /* the diagram spans about 420 x 250 model units, drawn at twice that */
  g_assert_cmpint (width, >, 600);
  g_assert_cmpint (height, >, 300);
  pixels = g_malloc ((gsize)width * height * 4);
  gdk_texture_download (texture, pixels, width * 4);
  for (int i = 0; i < width * height; i++)
    {
      /* GDK_MEMORY_DEFAULT: B G R A on little endian */
      guchar b = pixels[4 * i], g = pixels[4 * i + 1], r = pixels[4 * i + 2];
      if (r < 200 || g < 200 || b < 200)
        ink++;
      if (r > 150 && g < 90 && b < 90)
        red++; /* the activation link and ports */
    }
  g_assert_cmpint (ink, >, 2000);
  g_assert_cmpint (red, >, 100);
  /* the corner is page, not ink */
  g_assert_cmpint (pixels[0], ==, 255);
  g_assert_cmpint (pixels[2], ==, 255);

  /* an unwritable path is an error, not a crash */
  g_assert_false (
    orr_canvas_export (f->canvas, "/nonexistent-dir/x.png", ORR_CANVAS_EXPORT_PNG, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  if (keep != NULL)
    {
      g_autofree char *kept = g_build_filename (keep, "bouncing-ball.png", NULL);
      g_autofree char *contents = NULL;
      gsize length;
      g_file_get_contents (png, &contents, &length, NULL);
      g_file_set_contents (kept, contents, length, NULL);
    }
  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
  orr_canvas_set_model (f->canvas, f->model, f->registry);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func)                                                                            \
  g_test_add ("/canvas/view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("zoom-keeps-pointer", test_zoom_keeps_pointer);
  ADD ("pan", test_pan);
  ADD ("zoom-fit", test_zoom_fit);
  ADD ("index-brute-force", test_index_matches_brute_force);
  ADD ("outside-edits-and-levels", test_outside_edits_and_levels);
  ADD ("export", test_export);
#undef ADD
  return g_test_run ();
}
