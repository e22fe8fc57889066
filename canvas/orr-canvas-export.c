/* orr-canvas-export.c: the whole shown diagram as a PNG, SVG or PDF file,
 * drawn by the same painter as the screen, in the light palette that
 * suits paper and documents, without selection or hover. */
#include "orr-canvas-private.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>

#define EXPORT_MARGIN 20.0
/* A PNG is drawn at twice the model size, unless that makes it huge. */
#define PNG_MAX_SCALE 2.0
#define PNG_MAX_PIXELS 8192.0

static void
paint_everything (OrrCanvas *self, cairo_t *cr, const OrrRect *extent, double scale)
{
  OrrCanvasPainter painter;
  OrrDiagram *diagram = self->diagram;

  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -extent->x, -extent->y);
  orr_canvas_init_painter (self, &painter, cr, TRUE);
  /* every detail: an exported picture is read up close */
  painter.zoom = MAX (scale, 1.0);
  orr_canvas_paint_links (&painter, cr, (OrrLink *const *)diagram->links->pdata,
                          diagram->links->len);
  orr_canvas_paint_blocks (&painter, cr, (OrrBlock *const *)diagram->blocks->pdata,
                           diagram->blocks->len);
  orr_canvas_painter_clear (&painter);
  cairo_restore (cr);
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

/* What an exported or printed picture covers: the diagram's items, the
 * names under the blocks, and a margin. */
static void
picture_extent (OrrCanvas *canvas, OrrRect *extent)
{
  if (canvas->diagram == NULL || !orr_canvas_index_get_extent (canvas->index, extent))
    *extent = (OrrRect){ 0, 0, 0, 0 };
  /* names hang under the blocks and may be wider than them: about 6
   * units a character at the names' size is a safe bound */
  extent->height += 14;
  for (guint i = 0; canvas->diagram != NULL && i < canvas->diagram->blocks->len; i++)
    {
      OrrBlock *block = g_ptr_array_index (canvas->diagram->blocks, i);
      OrrRect frame, name;

      if (block->label == NULL)
        continue;
      orr_canvas_block_frame (block, &frame);
      name.width = 6.0 * g_utf8_strlen (block->label, -1);
      name.x = frame.x + frame.width / 2 - name.width / 2;
      name.y = frame.y + frame.height;
      name.height = 24;
      orr_canvas_rect_union (extent, &name);
    }
  extent->x -= EXPORT_MARGIN;
  extent->y -= EXPORT_MARGIN;
  extent->width += 2 * EXPORT_MARGIN;
  extent->height += 2 * EXPORT_MARGIN;
}

void
orr_canvas_draw_fitted (OrrCanvas *canvas, cairo_t *cr, double width, double height)
{
  OrrRect extent;
  double scale;

  g_return_if_fail (ORR_IS_CANVAS (canvas));

  picture_extent (canvas, &extent);
  if (canvas->diagram == NULL || extent.width <= 0 || extent.height <= 0)
    return;
  /* never larger than the model's own size: a single block is not blown
   * up to a page */
  scale = MIN (1.0, MIN (width / extent.width, height / extent.height));
  cairo_save (cr);
  cairo_translate (cr, (width - extent.width * scale) / 2, 0);
  paint_everything (canvas, cr, &extent, scale);
  cairo_restore (cr);
}

gboolean
orr_canvas_export (OrrCanvas *canvas, const char *path, OrrCanvasExportFormat format,
                   GError **error)
{
  OrrRect extent;
  OrrCanvasPalette palette;
  GdkRGBA black = { 0, 0, 0, 1 };
  cairo_surface_t *surface = NULL;
  cairo_t *cr;
  cairo_status_t status;
  double scale = 1.0, width, height;

  g_return_val_if_fail (ORR_IS_CANVAS (canvas), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  picture_extent (canvas, &extent);
  width = ceil (extent.width);
  height = ceil (extent.height);
  orr_canvas_palette_init (&palette, &black);

  switch (format)
    {
      case ORR_CANVAS_EXPORT_PNG:
        scale = MIN (PNG_MAX_SCALE, PNG_MAX_PIXELS / MAX (width, height));
        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (width * scale),
                                              (int)ceil (height * scale));
        break;
      case ORR_CANVAS_EXPORT_SVG:
        surface = cairo_svg_surface_create (path, width, height);
        break;
      case ORR_CANVAS_EXPORT_PDF:
        surface = cairo_pdf_surface_create (path, width, height);
        break;
      default:
        g_return_val_if_reached (FALSE);
    }
  if (!check_status (cairo_surface_status (surface), path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }

  cr = cairo_create (surface);
  cairo_set_source_rgba (cr, palette.background.red, palette.background.green,
                         palette.background.blue, 1);
  cairo_paint (cr);
  if (canvas->diagram != NULL)
    paint_everything (canvas, cr, &extent, scale);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && format == ORR_CANVAS_EXPORT_PNG)
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return check_status (status, path, error);
}
