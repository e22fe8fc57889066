/* test-anim-draw.c: an Anim2D picture drawn from a log made by hand, read
 * back pixel by pixel: each kind of shape where its numbers put it, in the
 * colour its table row or its own columns give, the frame that holds at
 * the time asked for, and the snapshots (fainter, without the inputs of
 * negative kind). The area [0 4] x [0 2] in 400 x 200 pixels is 100
 * pixels a unit with no margin, so x = 100 X and y = 200 - 100 Y; only
 * pixels well inside a shape or well outside every one are read, where
 * anti-aliasing does not reach. No display needed. */
#include "orr-anim-draw.h"

#include <math.h>

#define WIDTH 400
#define HEIGHT 200

/* One sample: what, then a circle (x, y, r), a rectangle with its colour
 * (x, y, w, h, r, g, b), a segment (x1, y1, x2, y2) and a triangle (3 x 2,
 * column-major). */
static void
append (OrrSignalLog *log, double t, double what, const double circle[3], const double tri[6])
{
  double v[1 + 3 + 7 + 4 + 6] = { what };
  const double rect[] = { 2.5, 0.2, 1, 0.6, 1, 1, 0 };
  const double segment[] = { 0.2, 1.8, 1.8, 1.8 };

  memcpy (v + 1, circle, 3 * sizeof (double));
  memcpy (v + 4, rect, sizeof rect);
  memcpy (v + 11, segment, sizeof segment);
  memcpy (v + 15, tri, 6 * sizeof (double));
  orr_signal_log_append (log, &t, v, 1);
}

static OrrSignalLog *
make_log (void)
{
  OrrSignalLog *log = orr_signal_log_new (ORR_SIGNAL_LOG_SHAPES, "Anim", 1 + 3 + 7 + 4 + 6);
  int kinds[] = { 3, 104, 5, -1 }, rows[] = { 1, 1, 1, 3 }, cols[] = { 3, 7, 4, 2 };
  /* red, blue, green: circle 0 red, rectangle 1 its own yellow, segment
   * 2 green, triangle 3 red again (the table wraps) */
  double colors[] = { 1, 0, 0, 0, 0, 1, 0, 1, 0 };
  OrrSignalLogShapes shapes = { 4, kinds, rows, cols, { 0, 4, 0, 2 }, 100, 3, colors };
  const double c0[] = { 1, 1, 0.4 }, c1[] = { 0.6, 1.5, 0.3 }, c2[] = { 1.5, 1.0, 0.2 };
  const double t0[] = { 2.2, 3.8, 3.0, 1.2, 1.2, 1.9 };
  const double t2[] = { 0.2, 1.0, 0.6, 0.1, 0.1, 0.8 };

  orr_signal_log_set_shapes (log, &shapes);
  append (log, 0, 1, c0, t0);
  append (log, 1, 1, c1, t0);
  /* a snapshot only: the triangle elsewhere, left out (kind -1) */
  append (log, 1.5, 2, c2, t2);
  return log;
}

static cairo_surface_t *
render (OrrSignalLog *log, double t)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  const GdkRGBA black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };

  orr_anim_draw_render (log, t, cr, WIDTH, HEIGHT, &black, &white);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The pixel at plane coordinates (X, Y), as 0xRRGGBB. */
static guint32
pixel (cairo_surface_t *surface, double X, double Y)
{
  int x = (int)floor (100 * X), y = (int)floor (HEIGHT - 100 * Y);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 argb = *(const guint32 *)(data + y * cairo_image_surface_get_stride (surface) + 4 * x);

  return argb & 0xffffff;
}

static void
assert_color (cairo_surface_t *surface, double X, double Y, guint32 expected)
{
  guint32 got = pixel (surface, X, Y);

  if (got != expected)
    g_error ("at (%g, %g): 0x%06x, not 0x%06x", X, Y, got, expected);
}

/* Within 2 of each channel: a blend's rounding. */
static void
assert_near (cairo_surface_t *surface, double X, double Y, guint32 expected)
{
  guint32 got = pixel (surface, X, Y);

  for (int shift = 0; shift < 24; shift += 8)
    if (abs ((int)((got >> shift) & 0xff) - (int)((expected >> shift) & 0xff)) > 2)
      g_error ("at (%g, %g): 0x%06x, not about 0x%06x", X, Y, got, expected);
}

static void
test_shapes (void)
{
  g_autoptr (OrrSignalLog) log = make_log ();
  cairo_surface_t *at0 = render (log, 0.5), *at2 = render (log, 2);
  double scale, ox, oy;

  orr_anim_draw_transform (orr_signal_log_get_shapes (log), WIDTH, HEIGHT, &scale, &ox, &oy);
  g_assert_cmpfloat (scale, ==, 100);
  g_assert_cmpfloat (ox, ==, 0);
  g_assert_cmpfloat (oy, ==, 0);

  /* t = 0.5: the first frame */
  assert_color (at0, 1, 1, 0xff0000);      /* the circle's centre */
  assert_color (at0, 1.3, 1, 0xff0000);    /* inside, r = 0.4 */
  assert_color (at0, 1.5, 1, 0xffffff);    /* outside */
  assert_color (at0, 3, 0.5, 0xffff00);    /* the rectangle, its own colour */
  assert_color (at0, 2.4, 0.5, 0xffffff);  /* left of it */
  assert_color (at0, 3, 0.9, 0xffffff);    /* above it: y + h = 0.8 */
  assert_color (at0, 1, 1.8, 0x00ff00);    /* on the segment, 2 px wide */
  assert_color (at0, 1, 1.75, 0xffffff);   /* beside it */
  assert_color (at0, 3.0, 1.43, 0xff0000); /* the triangle, row 0 again */
  assert_color (at0, 2.3, 1.8, 0xffffff);  /* outside its slanted side */
  assert_color (at0, 1.5, 1.0, 0xffffff);  /* no snapshot yet */
  assert_color (at0, 0.6, 0.33, 0xffffff);

  /* t = 2: the frame of t = 1 (the last sample is a snapshot only), over
   * the snapshot's circle drawn at 55 %: 0xff blended 0.55 over white
   * gives 0xff, 0x73, 0x73 */
  assert_color (at2, 0.6, 1.5, 0xff0000);
  assert_color (at2, 1, 1, 0xffffff);
  assert_near (at2, 1.5, 1.0, 0xff7373);
  assert_color (at2, 0.6, 0.33, 0xffffff); /* the left-out triangle */
  assert_color (at2, 3.0, 1.43, 0xff0000);

  /* a new run in the same log forgets the old snapshots (sample 2 was
   * one), even once it holds more samples: four frames, the third with
   * the circle at (0.6, 1.5), the last back at (1, 1); nothing of the
   * third may show */
  {
    const double c0[] = { 1, 1, 0.4 }, c1[] = { 0.6, 1.5, 0.3 };
    const double t0[] = { 2.2, 3.8, 3.0, 1.2, 1.2, 1.9 };
    cairo_surface_t *again;

    orr_signal_log_clear (log);
    append (log, 0, 1, c0, t0);
    append (log, 0.25, 1, c0, t0);
    append (log, 0.5, 1, c1, t0);
    append (log, 1, 1, c0, t0);
    again = render (log, 2);
    assert_color (again, 0.6, 1.5, 0xffffff);
    assert_color (again, 1, 1, 0xff0000);
    cairo_surface_destroy (again);
  }
  if (g_getenv ("ORRERY_TEST_OUTDIR") != NULL)
    {
      g_autofree char *path
        = g_build_filename (g_getenv ("ORRERY_TEST_OUTDIR"), "anim-draw.png", NULL);
      cairo_surface_write_to_png (at2, path);
    }
  cairo_surface_destroy (at0);
  cairo_surface_destroy (at2);
}

/* A log whose shapes were never set, or whose samples are fewer values
 * than the shapes need, draws the background alone (no crash, no read
 * beyond the samples). */
static void
test_no_shapes (void)
{
  g_autoptr (OrrSignalLog) bare = orr_signal_log_new (ORR_SIGNAL_LOG_SHAPES, "Bare", 3);
  g_autoptr (OrrSignalLog) short_log = orr_signal_log_new (ORR_SIGNAL_LOG_SHAPES, "Short", 2);
  int kinds[] = { 3 }, rows[] = { 1 }, cols[] = { 3 };
  double colors[] = { 1, 0, 0 };
  OrrSignalLogShapes shapes = { 1, kinds, rows, cols, { 0, 4, 0, 2 }, 100, 1, colors };
  const double t = 0, v[] = { 1, 1, 1, 0.5 };
  cairo_surface_t *a, *b;

  orr_signal_log_append (bare, &t, v, 1);
  orr_signal_log_set_shapes (short_log, &shapes);
  orr_signal_log_append (short_log, &t, v, 1);
  a = render (bare, 1);
  b = render (short_log, 1);
  assert_color (a, 1, 1, 0xffffff);
  assert_color (b, 1, 1, 0xffffff);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/anim-draw/shapes", test_shapes);
  g_test_add_func ("/anim-draw/no-shapes", test_no_shapes);
  return g_test_run ();
}
