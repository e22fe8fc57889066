/* orr-canvas-painter.c: Cairo drawing of blocks (frame, icon text, name,
 * ports), links, selection handles and tool feedback. Line widths are in
 * model units but never thinner than one device pixel; small details are
 * left out when the zoom makes them unreadable, which is also what keeps a
 * 5,000-block diagram fast when it is all on screen. */
#include "orr-canvas-painter.h"

#include <glib/gi18n-lib.h>

#include "orr-block-icons.h"
#include "orr-canvas-geometry.h"

#include <math.h>
#include <pango/pangocairo.h>

/* Below these zoom factors text, then ports, are not drawn. */
#define LOD_NAMES 0.6
#define LOD_TEXT 0.4
#define LOD_PORTS 0.2
/* Laid-out texts kept at most, past which the cache starts again. */
#define LAYOUT_CACHE_MAX 10000
#define ICON_FONT_SIZE 11.0
#define NAME_FONT_SIZE 9.0
#define HANDLE_SIZE 6.0

static void
set_color (cairo_t *cr, const GdkRGBA *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static void
set_color_alpha (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

void
orr_canvas_palette_init (OrrCanvasPalette *palette, const GdkRGBA *foreground)
{
  double luminance
    = 0.2126 * foreground->red + 0.7152 * foreground->green + 0.0722 * foreground->blue;
  gboolean dark = luminance > 0.5; /* light text: a dark theme */

  palette->foreground = *foreground;
  palette->foreground.alpha = 1;
  if (dark)
    {
      palette->background = (GdkRGBA){ 0.14, 0.14, 0.15, 1 };
      palette->block_fill = (GdkRGBA){ 0.22, 0.22, 0.24, 1 };
      palette->accent = (GdkRGBA){ 0.47, 0.68, 0.93, 1 };
      palette->activation = (GdkRGBA){ 1.0, 0.48, 0.39, 1 };
      palette->problem = (GdkRGBA){ 0.96, 0.76, 0.07, 1 };
    }
  else
    {
      palette->background = (GdkRGBA){ 1, 1, 1, 1 };
      palette->block_fill = (GdkRGBA){ 1, 1, 1, 1 };
      palette->accent = (GdkRGBA){ 0.21, 0.52, 0.89, 1 };
      palette->activation = (GdkRGBA){ 0.82, 0.09, 0.13, 1 };
      palette->problem = (GdkRGBA){ 0.90, 0.52, 0.0, 1 };
    }
}

static void
set_font_options (PangoContext *context)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  /* texts are drawn at every zoom: metrics must scale, not snap */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
}

PangoContext *
orr_canvas_painter_create_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());

  set_font_options (context);
  return context;
}

/* The laid-out text, from the cache when there is one. */
static PangoLayout *
get_layout (OrrCanvasPainter *painter, const PangoFontDescription *font, const char *text)
{
  g_autofree char *key = NULL;
  PangoLayout *layout;

  if (painter->layout_cache == NULL || painter->cache_context == NULL)
    {
      pango_layout_set_font_description (painter->layout, font);
      pango_layout_set_text (painter->layout, text, -1);
      return painter->layout;
    }
  key = g_strconcat (font == painter->icon_font ? "i" : "n", text, NULL);
  layout = g_hash_table_lookup (painter->layout_cache, key);
  if (layout == NULL)
    {
      if (g_hash_table_size (painter->layout_cache) >= LAYOUT_CACHE_MAX)
        g_hash_table_remove_all (painter->layout_cache);
      layout = pango_layout_new (painter->cache_context);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, text, -1);
      g_hash_table_insert (painter->layout_cache, g_steal_pointer (&key), layout);
    }
  return layout;
}

void
orr_canvas_painter_init (OrrCanvasPainter *painter, cairo_t *cr)
{
  painter->layout = pango_cairo_create_layout (cr);
  painter->icon_font = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (painter->icon_font, ICON_FONT_SIZE * PANGO_SCALE);
  painter->name_font = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (painter->name_font, NAME_FONT_SIZE * PANGO_SCALE);
  set_font_options (pango_layout_get_context (painter->layout));
  /* the view transform is set before the painter and stays for the
   * frame: one update serves every text */
  pango_cairo_update_layout (cr, painter->layout);
  painter->route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
}

void
orr_canvas_painter_clear (OrrCanvasPainter *painter)
{
  g_clear_object (&painter->layout);
  g_clear_pointer (&painter->icon_font, pango_font_description_free);
  g_clear_pointer (&painter->name_font, pango_font_description_free);
  g_clear_pointer (&painter->route, g_array_unref);
}

static double
line_width (OrrCanvasPainter *painter, double model_width)
{
  return MAX (model_width, 1.0 / painter->zoom);
}

/* Text centred on cx, its top at top (or its middle, centre_vertically),
 * shrunk to fit max_width. */
static void
show_text (OrrCanvasPainter *painter, cairo_t *cr, const char *text,
           const PangoFontDescription *font, double cx, double top, double max_width,
           gboolean centre_vertically)
{
  PangoLayout *layout = get_layout (painter, font, text);
  int w, h;
  double scale = 1;

  pango_layout_get_size (layout, &w, &h);
  if (w <= 0)
    return;
  if (w / (double)PANGO_SCALE > max_width && max_width > 0)
    scale = MAX (max_width / (w / (double)PANGO_SCALE), 0.5);
  cairo_save (cr);
  cairo_translate (cr, cx, top);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, -w / (2.0 * PANGO_SCALE), centre_vertically ? -h / (2.0 * PANGO_SCALE) : 0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A name under a block, on a patch of page so that a link passing
 * behind it does not cross the letters. */
static void
show_name (OrrCanvasPainter *painter, cairo_t *cr, const char *text, double cx, double top,
           double max_width)
{
  PangoLayout *layout = get_layout (painter, painter->name_font, text);
  int w, h;
  double scale = 1, width;

  pango_layout_get_size (layout, &w, &h);
  if (w <= 0)
    return;
  if (w / (double)PANGO_SCALE > max_width && max_width > 0)
    scale = MAX (max_width / (w / (double)PANGO_SCALE), 0.5);
  width = w * scale / PANGO_SCALE;
  cairo_rectangle (cr, cx - width / 2 - 1, top + 1, width + 2, h * scale / PANGO_SCALE - 2);
  set_color_alpha (cr, &painter->palette.background, 0.85);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_translate (cr, cx, top);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, -w / (2.0 * PANGO_SCALE), 0);
  set_color_alpha (cr, &painter->palette.foreground, 0.85);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
port_triangle (cairo_t *cr, const OrrCanvasPort *port, gboolean inward)
{
  double half = ORR_CANVAS_PORT_SIZE * 0.45;
  double px = -port->dy, py = port->dx; /* across the port */
  const OrrPoint *tip = inward ? &port->base : &port->anchor;
  const OrrPoint *back = inward ? &port->anchor : &port->base;

  cairo_move_to (cr, tip->x, tip->y);
  cairo_line_to (cr, back->x + px * half, back->y + py * half);
  cairo_line_to (cr, back->x - px * half, back->y - py * half);
  cairo_close_path (cr);
}

/* Adds the triangles of a block's ports, regular or activation ones, to
 * the current path. */
static void
add_ports (cairo_t *cr, OrrBlock *block, gboolean event)
{
  OrrPortKind kinds[2]
    = { event ? ORR_PORT_EVENT_IN : ORR_PORT_IN, event ? ORR_PORT_EVENT_OUT : ORR_PORT_OUT };

  for (int k = 0; k < 2; k++)
    {
      guint n = orr_block_get_port_count (block, kinds[k]);
      for (guint i = 1; i <= n; i++)
        {
          OrrCanvasPort port;
          if (orr_canvas_block_port (block, kinds[k], i, &port))
            port_triangle (cr, &port, k == 0);
        }
    }
}

/* Data ports that no link reaches (an input that reads 0), drawn in the
 * problem colour with a ring around them, over the plain triangles. */
static void
paint_open_ports (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block)
{
  OrrModel *model = block->parent != NULL ? block->parent->model : NULL;
  const OrrPortKind kinds[2] = { ORR_PORT_IN, ORR_PORT_OUT };
  gboolean any = FALSE;

  if (model == NULL || !painter->mark_open_ports)
    return;
  for (int k = 0; k < 2; k++)
    {
      guint n = orr_block_get_port_count (block, kinds[k]);

      for (guint i = 1; i <= n; i++)
        {
          OrrCanvasPort port;

          if (orr_model_port_is_linked (model, block, kinds[k], i)
              || !orr_canvas_block_port (block, kinds[k], i, &port))
            continue;
          port_triangle (cr, &port, k == 0);
          set_color (cr, &painter->palette.problem);
          cairo_fill (cr);
          cairo_new_sub_path (cr);
          cairo_arc (cr, port.anchor.x, port.anchor.y, ORR_CANVAS_PORT_SIZE * 0.55, 0, 2 * G_PI);
          any = TRUE;
        }
    }
  if (any)
    {
      set_color (cr, &painter->palette.problem);
      cairo_set_line_width (cr, line_width (painter, 1.0));
      cairo_stroke (cr);
    }
}

static void
paint_ports (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block)
{
  add_ports (cr, block, FALSE);
  set_color (cr, &painter->palette.foreground);
  cairo_fill (cr);
  add_ports (cr, block, TRUE);
  set_color (cr, &painter->palette.activation);
  cairo_fill (cr);
  paint_open_ports (painter, cr, block);
}

/* The names of a block's ports (a super block's, from its port blocks)
 * inside the frame, against their port: left-aligned at a port on the
 * left, right-aligned on the right, centred at the top and bottom. */
/* How far into the frame the names of the ports on its left and on its
 * right side reach, as paint_port_labels draws them (0 for a side with no
 * named port). */
static void
side_label_extents (OrrCanvasPainter *painter, OrrBlock *block, const OrrRect *frame, double *left,
                    double *right)
{
  *left = *right = 0;
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    {
      GPtrArray *ports = block->ports[kind];

      for (guint i = 0; ports != NULL && i < ports->len; i++)
        {
          OrrPort *p = g_ptr_array_index (ports, i);
          OrrCanvasPort port;
          int w, h;
          double width;

          if (p == NULL || p->label == NULL || *p->label == '\0'
              || !orr_canvas_block_port (block, kind, i + 1, &port) || fabs (port.dx) <= 0.5)
            continue;
          pango_layout_get_size (get_layout (painter, painter->name_font, p->label), &w, &h);
          width = w / (double)PANGO_SCALE;
          if (width > frame->width / 2 - 3)
            width *= MAX ((frame->width / 2 - 3) / width, 0.5);
          if (port.dx < 0)
            *left = MAX (*left, width + 3);
          else
            *right = MAX (*right, width + 3);
        }
    }
}

static void
paint_port_labels (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block, const OrrRect *frame)
{
  set_color_alpha (cr, &painter->palette.foreground, 0.75);
  for (OrrPortKind kind = 0; kind < ORR_N_PORT_KINDS; kind++)
    {
      GPtrArray *ports = block->ports[kind];

      for (guint i = 0; ports != NULL && i < ports->len; i++)
        {
          OrrPort *p = g_ptr_array_index (ports, i);
          OrrCanvasPort port;
          PangoLayout *layout;
          int w, h;
          double x, y, width, height, scale = 1;

          if (p == NULL || p->label == NULL || *p->label == '\0'
              || !orr_canvas_block_port (block, kind, i + 1, &port))
            continue;
          layout = get_layout (painter, painter->name_font, p->label);
          pango_layout_get_size (layout, &w, &h);
          width = w / (double)PANGO_SCALE;
          height = h / (double)PANGO_SCALE;
          /* at most half the block across, so labels of both sides fit */
          if (fabs (port.dx) > 0.5 && width > frame->width / 2 - 3)
            scale = MAX ((frame->width / 2 - 3) / width, 0.5);
          width *= scale;
          height *= scale;
          if (port.dx < -0.5)
            x = port.base.x + 3;
          else if (port.dx > 0.5)
            x = port.base.x - 3 - width;
          else
            x = port.base.x - width / 2;
          if (port.dy < -0.5)
            y = port.base.y + 2;
          else if (port.dy > 0.5)
            y = port.base.y - 2 - height;
          else
            y = port.base.y - height / 2;
          cairo_save (cr);
          cairo_translate (cr, x, y);
          cairo_scale (cr, scale, scale);
          cairo_move_to (cr, 0, 0);
          pango_cairo_show_layout (cr, layout);
          cairo_restore (cr);
        }
    }
}

static void
rounded_rect (cairo_t *cr, const OrrRect *r, double radius)
{
  radius = MIN (radius, MIN (r->width, r->height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, r->x + r->width - radius, r->y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, r->x + r->width - radius, r->y + r->height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, r->x + radius, r->y + r->height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, r->x + radius, r->y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static PangoLayout *
icon_layout (gpointer data, const char *text)
{
  OrrCanvasPainter *painter = data;
  return get_layout (painter, painter->icon_font, text);
}

static void
icon_style (OrrCanvasPainter *painter, OrrBlockIconStyle *style, const GdkRGBA *outline,
            double outline_width)
{
  style->foreground = painter->palette.foreground;
  style->fill = painter->palette.block_fill;
  style->outline = *outline;
  style->line = line_width (painter, 1.0);
  style->outline_width = line_width (painter, outline_width);
  style->layout = painter->layout;
  style->font = painter->icon_font;
  style->registry = painter->registry;
  style->layout_for = icon_layout;
  style->layout_data = painter;
}

/* The block's picture (when its class has one that keeps the frame) or
 * its icon text, then its name. A shape that replaces the frame was drawn
 * with the frame. */
static void
paint_texts (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block, const OrrRect *frame,
             const char *text, gboolean known)
{
  gboolean replaces = FALSE, name_inside = TRUE;
  gboolean annotated = text != NULL && painter->block_annotated != NULL
                       && painter->block_annotated (painter->block_text_data, block);

  if (!annotated && !orr_block_is_super (block)
      && orr_block_icon_has_picture (block->type, &replaces))
    {
      if (!replaces)
        {
          OrrBlockIconStyle style;

          icon_style (painter, &style, &painter->palette.foreground, 1.2);
          orr_block_icon_draw (cr, &style, block->type, block, frame, text);
        }
    }
  else if (text != NULL && *text != '\0')
    {
      /* in the room between the side ports' names, when it fits there at
       * 80 % of its size at least; else a super block's name goes under
       * the block and other texts take the whole frame */
      double left, right, room;
      int w, h;

      side_label_extents (painter, block, frame, &left, &right);
      room = frame->width - 6 - left - right;
      pango_layout_get_size (get_layout (painter, painter->icon_font, text), &w, &h);
      set_color (cr, known ? &painter->palette.foreground : &painter->palette.problem);
      if (left + right <= 0 || w / (double)PANGO_SCALE * 0.8 <= room)
        show_text (painter, cr, text, painter->icon_font, frame->x + 3 + left + room / 2,
                   frame->y + frame->height / 2, room, TRUE);
      else if (g_strcmp0 (text, block->label) == 0)
        name_inside = FALSE;
      else
        show_text (painter, cr, text, painter->icon_font, frame->x + frame->width / 2,
                   frame->y + frame->height / 2, frame->width - 6, TRUE);
    }
  /* a super block already shows its name inside */
  if (block->label != NULL && *block->label != '\0'
      && (g_strcmp0 (text, block->label) != 0 || !name_inside) && painter->zoom >= LOD_NAMES)
    {
      /* the name goes under the block, past any port on that side */
      double top = frame->y + frame->height + 1;
      OrrPortKind kinds[] = { ORR_PORT_EVENT_OUT, ORR_PORT_OUT, ORR_PORT_IN, ORR_PORT_EVENT_IN };
      OrrCanvasPort port;
      for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
        if (orr_canvas_block_port (block, kinds[i], 1, &port) && port.dy > 0.5)
          top = frame->y + frame->height + ORR_CANVAS_PORT_SIZE + 1;
      show_name (painter, cr, block->label, frame->x + frame->width / 2, top,
                 MAX (frame->width * 3, 80));
    }
}

/* A free text (orr_block_is_annotation): its lines from the top left of
 * its frame, wrapped to the frame's width, with no box; a dashed outline
 * while selected or under the pointer, and the handles when selected. An
 * empty one shows a dim placeholder so that it can still be found. */
static void
paint_annotation (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block, gboolean selected)
{
  const char *text = orr_block_get_param (block, ORR_ANNOTATION_TEXT);
  gboolean empty = text == NULL || *text == '\0';
  OrrRect frame = block->geometry;

  if (selected || block == painter->hover_block)
    {
      double dash[] = { 4 / MAX (painter->zoom, 0.25), 3 / MAX (painter->zoom, 0.25) };

      cairo_rectangle (cr, frame.x, frame.y, frame.width, frame.height);
      set_color (cr, &painter->palette.accent);
      cairo_set_line_width (cr, line_width (painter, selected ? 1.5 : 1.0));
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (painter->zoom < LOD_TEXT || painter->layout == NULL)
    {
      /* too small to read: a grey patch where the text is */
      cairo_rectangle (cr, frame.x + 2, frame.y + 2, MAX (frame.width - 4, 1), 4);
      set_color_alpha (cr, &painter->palette.foreground, 0.3);
      cairo_fill (cr);
    }
  else
    {
      PangoLayout *layout = painter->layout;

      pango_layout_set_font_description (layout, painter->icon_font);
      pango_layout_set_text (layout, empty ? _ ("Text") : text, -1);
      pango_layout_set_width (layout, (int)(MAX (frame.width - 8, 8) * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      cairo_move_to (cr, frame.x + 4, frame.y + 4);
      set_color_alpha (cr, &painter->palette.foreground, empty ? 0.4 : 1.0);
      pango_cairo_show_layout (cr, layout);
      pango_layout_set_width (layout, -1);
    }
  if (selected)
    {
      double s = HANDLE_SIZE / MAX (painter->zoom, 0.5);

      for (int i = 0; i < 4; i++)
        cairo_rectangle (cr, frame.x + (i & 1) * frame.width - s / 2,
                         frame.y + (i >> 1) * frame.height - s / 2, s, s);
      set_color (cr, &painter->palette.accent);
      cairo_fill (cr);
    }
}

void
orr_canvas_paint_block (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block)
{
  gboolean selected
    = painter->selected_blocks != NULL && g_hash_table_contains (painter->selected_blocks, block);
  gboolean highlighted
    = painter->highlighted != NULL && g_hash_table_contains (painter->highlighted, block->id);
  gboolean known = TRUE, replaces = FALSE;
  const char *text = NULL;
  OrrRect frame;

  if (orr_block_is_annotation (block))
    {
      paint_annotation (painter, cr, block, selected);
      return;
    }
  orr_canvas_block_frame (block, &frame);
  if (painter->block_text != NULL)
    text = painter->block_text (painter->block_text_data, block, painter->zoom >= LOD_TEXT, &known);

  if (highlighted)
    {
      OrrRect glow = { frame.x - 4, frame.y - 4, frame.width + 8, frame.height + 8 };
      rounded_rect (cr, &glow, 6);
      set_color_alpha (cr, &painter->palette.problem, 0.45);
      cairo_fill (cr);
    }

  if (known && !orr_block_is_super (block) && painter->zoom >= LOD_PORTS
      && orr_block_icon_has_picture (block->type, &replaces))
    replaces = replaces
               && !(painter->block_annotated != NULL
                    && painter->block_annotated (painter->block_text_data, block));
  if (replaces)
    {
      /* the shape is the frame: outlined in the state's colour */
      OrrBlockIconStyle style;
      gboolean accent = selected || block == painter->hover_block;

      icon_style (painter, &style, accent ? &painter->palette.accent : &painter->palette.foreground,
                  selected ? 2.0
                  : accent ? 1.5
                           : 1.2);
      if (painter->zoom < LOD_TEXT)
        text = NULL;
      orr_block_icon_draw (cr, &style, block->type, block, &frame, text);
    }
  else
    {
      rounded_rect (cr, &frame, 3);
      set_color (cr, &painter->palette.block_fill);
      cairo_fill_preserve (cr);
      if (selected)
        {
          set_color (cr, &painter->palette.accent);
          cairo_set_line_width (cr, line_width (painter, 2.0));
        }
      else if (block == painter->hover_block)
        {
          set_color (cr, &painter->palette.accent);
          cairo_set_line_width (cr, line_width (painter, 1.5));
        }
      else
        {
          set_color (cr, &painter->palette.foreground);
          cairo_set_line_width (cr, line_width (painter, 1.2));
        }
      if (!known)
        {
          double dash[] = { 4, 3 };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  if (orr_block_is_super (block) && painter->zoom >= LOD_PORTS)
    {
      /* a second, inner frame tells a super block from an atomic one */
      OrrRect inner = { frame.x + 3, frame.y + 3, frame.width - 6, frame.height - 6 };
      if (inner.width > 0 && inner.height > 0)
        {
          rounded_rect (cr, &inner, 2);
          set_color_alpha (cr, &painter->palette.foreground, 0.5);
          cairo_set_line_width (cr, line_width (painter, 0.8));
          cairo_stroke (cr);
        }
    }

  if (painter->zoom >= LOD_PORTS)
    paint_ports (painter, cr, block);

  if (painter->zoom >= LOD_TEXT && painter->layout != NULL)
    {
      paint_texts (painter, cr, block, &frame, text, known);
      paint_port_labels (painter, cr, block, &frame);
    }

  if (selected)
    {
      double s = HANDLE_SIZE / MAX (painter->zoom, 0.5);
      for (int i = 0; i < 4; i++)
        {
          double hx = frame.x + (i & 1) * frame.width, hy = frame.y + (i >> 1) * frame.height;
          cairo_rectangle (cr, hx - s / 2, hy - s / 2, s, s);
        }
      set_color (cr, &painter->palette.accent);
      cairo_fill (cr);
    }
}

void
orr_canvas_paint_polyline (OrrCanvasPainter *painter, cairo_t *cr, const GArray *route,
                           const GdkRGBA *color, double width, gboolean dashed)
{
  if (route->len < 2)
    return;
  cairo_move_to (cr, g_array_index (route, OrrPoint, 0).x, g_array_index (route, OrrPoint, 0).y);
  for (guint i = 1; i < route->len; i++)
    cairo_line_to (cr, g_array_index (route, OrrPoint, i).x, g_array_index (route, OrrPoint, i).y);
  set_color (cr, color);
  cairo_set_line_width (cr, line_width (painter, width));
  if (dashed)
    {
      double dash[] = { 4 / MAX (painter->zoom, 0.1), 3 / MAX (painter->zoom, 0.1) };
      cairo_set_dash (cr, dash, 2, 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static const GArray *
route_of (OrrCanvasPainter *painter, OrrLink *link, OrrBlock *from, OrrBlock *to)
{
  if (painter->link_route != NULL)
    return painter->link_route (painter->link_route_data, link);
  return orr_canvas_link_route (link, from, to, painter->route) >= 2 ? painter->route : NULL;
}

void
orr_canvas_paint_link (OrrCanvasPainter *painter, cairo_t *cr, OrrLink *link, OrrBlock *from,
                       OrrBlock *to)
{
  gboolean selected
    = painter->selected_links != NULL && g_hash_table_contains (painter->selected_links, link);
  const GdkRGBA *color = link->kind == ORR_LINK_ACTIVATION ? &painter->palette.activation
                                                           : &painter->palette.foreground;
  const GArray *route = route_of (painter, link, from, to);

  if (route == NULL)
    return;
  if (selected || link == painter->hover_link)
    {
      /* a halo under the line keeps its own colour readable */
      GdkRGBA halo = painter->palette.accent;
      halo.alpha = selected ? 0.6 : 0.3;
      orr_canvas_paint_polyline (painter, cr, route, &halo, 5.0, FALSE);
    }
  orr_canvas_paint_polyline (painter, cr, route, color, 1.2, FALSE);
  if (selected && painter->zoom >= LOD_PORTS)
    {
      /* the bend points, which can be dragged */
      double s = 4 / MAX (painter->zoom, 0.5);
      for (guint i = 1; i + 1 < route->len; i++)
        {
          const OrrPoint *p = &g_array_index (route, OrrPoint, i);
          cairo_rectangle (cr, p->x - s / 2, p->y - s / 2, s, s);
        }
      set_color (cr, &painter->palette.accent);
      cairo_fill (cr);
    }
}

void
orr_canvas_paint_port_highlight (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *block,
                                 OrrPortKind kind, guint port)
{
  OrrCanvasPort p;

  if (!orr_canvas_block_port (block, kind, port, &p))
    return;
  cairo_arc (cr, p.anchor.x, p.anchor.y, ORR_CANVAS_PORT_SIZE * 0.9, 0, 2 * G_PI);
  set_color_alpha (cr, &painter->palette.accent, 0.35);
  cairo_fill_preserve (cr);
  set_color (cr, &painter->palette.accent);
  cairo_set_line_width (cr, line_width (painter, 1.5));
  cairo_stroke (cr);
}

void
orr_canvas_paint_rubber_band (OrrCanvasPainter *painter, cairo_t *cr, const OrrRect *rect)
{
  cairo_rectangle (cr, rect->x, rect->y, rect->width, rect->height);
  set_color_alpha (cr, &painter->palette.accent, 0.15);
  cairo_fill_preserve (cr);
  set_color (cr, &painter->palette.accent);
  cairo_set_line_width (cr, line_width (painter, 1.0));
  cairo_stroke (cr);
}

static gboolean
block_is_plain (OrrCanvasPainter *painter, OrrBlock *block, const char **text)
{
  gboolean known = TRUE;

  if (orr_block_is_annotation (block))
    return FALSE; /* no frame: drawn on its own */
  *text = painter->block_text != NULL ? painter->block_text (painter->block_text_data, block,
                                                             painter->zoom >= LOD_TEXT, &known)
                                      : NULL;
  gboolean replaces = FALSE;

  /* a shape that replaces the frame is drawn block by block */
  if (orr_block_icon_has_picture (block->type, &replaces) && replaces && painter->zoom >= LOD_PORTS)
    return FALSE;
  return known && !orr_block_is_super (block) && block != painter->hover_block
         && (painter->selected_blocks == NULL
             || !g_hash_table_contains (painter->selected_blocks, block))
         && (painter->highlighted == NULL
             || !g_hash_table_contains (painter->highlighted, block->id));
}

void
orr_canvas_paint_blocks (OrrCanvasPainter *painter, cairo_t *cr, OrrBlock *const *blocks,
                         guint n_blocks)
{
  g_autoptr (GPtrArray) special = g_ptr_array_new ();
  g_autoptr (GPtrArray) plain = g_ptr_array_sized_new (n_blocks);
  g_autoptr (GPtrArray) texts = g_ptr_array_sized_new (n_blocks);
  gboolean detailed = painter->zoom >= LOD_TEXT;

  for (guint i = 0; i < n_blocks; i++)
    {
      const char *text;
      if (block_is_plain (painter, blocks[i], &text))
        {
          g_ptr_array_add (plain, blocks[i]);
          g_ptr_array_add (texts, (gpointer)text);
        }
      else
        g_ptr_array_add (special, blocks[i]);
    }

  if (plain->len > 0)
    {
      for (guint i = 0; i < plain->len; i++)
        {
          OrrRect frame;
          orr_canvas_block_frame (g_ptr_array_index (plain, i), &frame);
          if (detailed)
            rounded_rect (cr, &frame, 3);
          else
            cairo_rectangle (cr, frame.x, frame.y, frame.width, frame.height);
        }
      if (painter->zoom >= LOD_PORTS)
        {
          set_color (cr, &painter->palette.block_fill);
          cairo_fill_preserve (cr);
          set_color (cr, &painter->palette.foreground);
          cairo_set_line_width (cr, line_width (painter, 1.2));
          cairo_stroke (cr);
        }
      else
        {
          /* a few pixels wide: a frame would cover the fill anyway */
          set_color_alpha (cr, &painter->palette.foreground, 0.6);
          cairo_fill (cr);
        }

      if (painter->zoom >= LOD_PORTS)
        for (int event = 0; event < 2; event++)
          {
            for (guint i = 0; i < plain->len; i++)
              add_ports (cr, g_ptr_array_index (plain, i), event);
            set_color (cr, event ? &painter->palette.activation : &painter->palette.foreground);
            cairo_fill (cr);
          }
      if (painter->zoom >= LOD_PORTS)
        for (guint i = 0; i < plain->len; i++)
          paint_open_ports (painter, cr, g_ptr_array_index (plain, i));

      if (detailed && painter->layout != NULL)
        for (guint i = 0; i < plain->len; i++)
          {
            OrrBlock *block = g_ptr_array_index (plain, i);
            OrrRect frame;
            orr_canvas_block_frame (block, &frame);
            paint_texts (painter, cr, block, &frame, g_ptr_array_index (texts, i), TRUE);
            /* atomic blocks may name their ports too (an FMU's variables) */
            paint_port_labels (painter, cr, block, &frame);
          }
    }

  for (guint i = 0; i < special->len; i++)
    orr_canvas_paint_block (painter, cr, g_ptr_array_index (special, i));
}

static gboolean
link_is_plain (OrrCanvasPainter *painter, OrrLink *link)
{
  return link != painter->hover_link
         && (painter->selected_links == NULL
             || !g_hash_table_contains (painter->selected_links, link));
}

/* The last point of route a (not its ends) that lies on route b: where a
 * leaves a path it shares with b. */
static gboolean
leaves_at (GArray *a, GArray *b, OrrPoint *where)
{
  for (guint k = a->len - 1; k-- > 1;)
    {
      const OrrPoint *p = &g_array_index (a, OrrPoint, k);

      for (guint m = 1; m < b->len; m++)
        if (orr_canvas_segment_distance (&g_array_index (b, OrrPoint, m - 1),
                                         &g_array_index (b, OrrPoint, m), p->x, p->y)
            < 0.5)
          {
            *where = *p;
            return TRUE;
          }
    }
  return FALSE;
}

/* A dot where links from one output part ways, as on a drawing: without
 * it a branch that runs along its sibling for a while reads as coming
 * from whatever block the shared stretch passes. */
static void
paint_junctions (OrrCanvasPainter *painter, cairo_t *cr, OrrLink *const *links, guint n_links)
{
  g_autoptr (GHashTable) by_source
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
  g_autoptr (GPtrArray) routes = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  GHashTableIter iter;
  GPtrArray *group;

  for (guint i = 0; i < n_links; i++)
    {
      g_autofree char *key
        = g_strdup_printf ("%d:%s:%u", links[i]->kind, links[i]->from.block, links[i]->from.port);
      GPtrArray *members = g_hash_table_lookup (by_source, key);

      if (members == NULL)
        {
          members = g_ptr_array_new ();
          g_hash_table_insert (by_source, g_steal_pointer (&key), members);
        }
      g_ptr_array_add (members, GUINT_TO_POINTER (i));
    }

  g_hash_table_iter_init (&iter, by_source);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&group))
    {
      if (group->len < 2)
        continue;
      g_ptr_array_set_size (routes, 0);
      for (guint g = 0; g < group->len; g++)
        {
          OrrLink *link = links[GPOINTER_TO_UINT (g_ptr_array_index (group, g))];
          OrrBlock *from = NULL, *to = NULL;
          GArray *route = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
          const GArray *drawn;

          painter->link_ends (painter->link_ends_data, link, &from, &to);
          drawn = route_of (painter, link, from, to);
          if (drawn != NULL)
            g_array_append_vals (route, drawn->data, drawn->len);
          g_ptr_array_add (routes, route);
        }
      for (guint g = 0; g < group->len; g++)
        for (guint h = 0; h < group->len; h++)
          {
            OrrLink *link = links[GPOINTER_TO_UINT (g_ptr_array_index (group, g))];
            OrrPoint p;

            if (g == h
                || !leaves_at (g_ptr_array_index (routes, g), g_ptr_array_index (routes, h), &p))
              continue;
            cairo_new_path (cr);
            cairo_arc (cr, p.x, p.y, 2.5, 0, 2 * G_PI);
            set_color (cr, link->kind == ORR_LINK_ACTIVATION ? &painter->palette.activation
                                                             : &painter->palette.foreground);
            cairo_fill (cr);
          }
    }
}

void
orr_canvas_paint_links (OrrCanvasPainter *painter, cairo_t *cr, OrrLink *const *links,
                        guint n_links)
{
  for (int activation = 0; activation < 2; activation++)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < n_links; i++)
        {
          OrrLink *link = links[i];
          OrrBlock *from = NULL, *to = NULL;
          const GArray *route;
          if ((link->kind == ORR_LINK_ACTIVATION) != activation || !link_is_plain (painter, link))
            continue;
          painter->link_ends (painter->link_ends_data, link, &from, &to);
          route = route_of (painter, link, from, to);
          if (route == NULL)
            continue;
          cairo_move_to (cr, g_array_index (route, OrrPoint, 0).x,
                         g_array_index (route, OrrPoint, 0).y);
          for (guint k = 1; k < route->len; k++)
            cairo_line_to (cr, g_array_index (route, OrrPoint, k).x,
                           g_array_index (route, OrrPoint, k).y);
          any = TRUE;
        }
      if (!any)
        continue;
      set_color (cr, activation ? &painter->palette.activation : &painter->palette.foreground);
      cairo_set_line_width (cr, line_width (painter, 1.2));
      cairo_stroke (cr);
    }

  for (guint i = 0; i < n_links; i++)
    if (!link_is_plain (painter, links[i]))
      {
        OrrBlock *from = NULL, *to = NULL;
        painter->link_ends (painter->link_ends_data, links[i], &from, &to);
        orr_canvas_paint_link (painter, cr, links[i], from, to);
      }

  if (painter->zoom >= LOD_PORTS)
    paint_junctions (painter, cr, links, n_links);
}
