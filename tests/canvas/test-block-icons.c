/* test-block-icons.c: the block pictures as the canvas draws them, each
 * at two zooms, against reference PNGs reviewed by eye
 * (tests/canvas/icons/). A picture may differ from its reference by
 * anti-aliasing: the test fails when more than 0.5 % of the pixels differ
 * by more than 64 (of 255) in a channel, or the mean difference passes 3.
 *
 * To make the references again after a deliberate change of a picture:
 *   ORRERY_UPDATE_ICON_REFERENCES=1 build/tests/canvas/test-block-icons
 * then look at every PNG in tests/canvas/icons/ before committing them.
 *
 * Needs no display: the painter draws into Cairo image surfaces. */
#include <orr-block-icons.h>
#include <orr-canvas-geometry.h>
#include <orr-canvas-painter.h>
#include <orrery/orr-editor.h>
#include <orr-palettes.h>

#include <math.h>

#define REFERENCES ORR_SOURCE_ROOT "/tests/canvas/icons"
#define MARGIN 16.0

typedef struct
{
  const char *name; /* of the reference */
  const char *type;
  const char *param, *value; /* a parameter to set, or NULL */
  int rotation;
} Case;

static const Case cases[] = {
  { "gain", "Gain", "gain", "2.5", 0 },
  { "gain-rotated", "Gain", "gain", "-0.9", 180 },
  { "sum", "Sum", "signs", "[1 -1 1]", 0 },
  { "mux", "Mux", NULL, NULL, 0 },
  { "switch", "Switch", NULL, NULL, 0 },
  { "scope", "Scope", NULL, NULL, 0 },
  { "sample-clock", "SampleClock", "period", "0.01", 0 },
  { "step", "Step", NULL, NULL, 0 },
  { "saturation", "Saturation", NULL, NULL, 0 },
  { "transfer-function", "TransferFunction", "den", "[1 2 1]", 0 },
  { "integrator", "Integrator", NULL, NULL, 0 },
  { "constant", "Constant", NULL, NULL, 0 }, /* no picture: the framed text */
};

static OrrRegistry *registry;

/* The class's text for the block: what the canvas asks the class for
 * (here the parameter as typed, or the icon text). */
static const char *
block_text (gpointer data, OrrBlock *block, gboolean want_text, gboolean *known)
{
  const Case *c = data;
  *known = TRUE;
  if (c->param != NULL && g_str_equal (c->type, "Gain"))
    return c->value;
  return orr_registry_lookup (registry, block->type)->icon_text;
}

static cairo_surface_t *
render (const Case *c, double zoom)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (GError) error = NULL;
  OrrBlock *block;
  OrrCanvasPainter painter = { 0 };
  GdkRGBA black = { 0, 0, 0, 1 };
  cairo_surface_t *surface;
  cairo_t *cr;
  OrrRect frame;

  block = orr_editor_add_block (model, orr_model_get_root (model), registry, c->type,
                                &(OrrRect){ MARGIN, MARGIN, 0, 0 }, &error);
  g_assert_no_error (error);
  if (c->param != NULL)
    {
      const char *names[] = { c->param, NULL }, *exprs[] = { c->value, NULL };
      g_assert_true (orr_editor_set_params (model, registry, block, names, exprs, "set", &error));
    }
  if (c->rotation != 0)
    orr_model_set_block_orientation (model, block, c->rotation, FALSE);
  orr_canvas_block_frame (block, &frame);

  surface
    = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int)ceil ((frame.width + 2 * MARGIN) * zoom),
                                  (int)ceil ((frame.height + 2 * MARGIN) * zoom));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, zoom, zoom);
  orr_canvas_palette_init (&painter.palette, &black);
  painter.zoom = zoom;
  painter.registry = registry;
  painter.block_text = block_text;
  painter.block_text_data = (gpointer)c;
  orr_canvas_painter_init (&painter, cr);
  orr_canvas_paint_block (&painter, cr, block);
  orr_canvas_painter_clear (&painter);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
compare (cairo_surface_t *got, const char *path)
{
  cairo_surface_t *want = cairo_image_surface_create_from_png (path);
  int width = cairo_image_surface_get_width (got), height = cairo_image_surface_get_height (got);
  int stride_got = cairo_image_surface_get_stride (got);
  int stride_want;
  const unsigned char *a = cairo_image_surface_get_data (got), *b;
  guint64 total = 0;
  int differing = 0;

  if (cairo_surface_status (want) != CAIRO_STATUS_SUCCESS)
    g_error ("no reference %s (see the top of this file to make it)", path);
  cairo_surface_flush (want);
  g_assert_cmpint (cairo_image_surface_get_width (want), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (want), ==, height);
  b = cairo_image_surface_get_data (want);
  stride_want = cairo_image_surface_get_stride (want);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const unsigned char *p = a + y * stride_got + 4 * x, *q = b + y * stride_want + 4 * x;
        int worst = 0;

        for (int k = 0; k < 3; k++)
          {
            int d = abs ((int)p[k] - (int)q[k]);
            total += d;
            worst = MAX (worst, d);
          }
        differing += worst > 64;
      }
  cairo_surface_destroy (want);
  g_test_message ("%s: %d pixels differ, mean difference %.3f", path, differing,
                  total / (3.0 * width * height));
  g_assert_cmpfloat (differing, <=, 0.005 * width * height);
  g_assert_cmpfloat (total / (3.0 * width * height), <, 3.0);
}

static void
test_icon (gconstpointer data)
{
  const Case *c = data;
  const double zooms[] = { 1.0, 2.5 };

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      cairo_surface_t *got = render (c, zooms[z]);
      g_autofree char *path = g_strdup_printf ("%s/%s-%g.png", REFERENCES, c->name, zooms[z]);

      if (g_getenv ("ORRERY_UPDATE_ICON_REFERENCES") != NULL)
        g_assert_cmpint (cairo_surface_write_to_png (got, path), ==, CAIRO_STATUS_SUCCESS);
      else
        compare (got, path);
      cairo_surface_destroy (got);
    }
}

/* A picture differs from another class's: a Gain is not drawn like a
 * Constant (the complaint that started the pictures). */
static void
test_gain_is_not_a_box (void)
{
  cairo_surface_t *gain = render (&cases[0], 1.0);
  const unsigned char *data = cairo_image_surface_get_data (gain);
  int stride = cairo_image_surface_get_stride (gain);
  /* the frame's top-right corner: inside a box's outline, outside the
   * triangle, which leaves the corners white */
  int x = (int)(MARGIN + 40 - 2), y = (int)(MARGIN + 2);
  const unsigned char *p = data + y * stride + 4 * x;

  g_assert_cmpint (p[0], >, 200);
  g_assert_cmpint (p[1], >, 200);
  g_assert_cmpint (p[2], >, 200);
  cairo_surface_destroy (gain);
  g_assert_true (orr_block_icon_has_picture ("Gain", NULL));
  g_assert_false (orr_block_icon_has_picture ("Constant", NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  registry = orr_registry_new ();
  orr_palettes_register_standard (registry);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/block-icons/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_icon);
    }
  g_test_add_func ("/block-icons/gain-is-not-a-box", test_gain_is_not_a_box);
  return g_test_run ();
}
