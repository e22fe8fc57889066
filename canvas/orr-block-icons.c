/* orr-block-icons.c: block pictures drawn with Cairo from the block's
 * class (one way for every class: no image files to keep in step with the
 * classes, sharp at any zoom, and the parameters drawn into them).
 *
 * Each picture is drawn in a unit box: u runs along the block's flow (from
 * its inputs to its outputs), v across it, so that a rotated or flipped
 * Gain still points at its output. Pictures that are read like text
 * (graphs, fractions, screens) stay upright: their box flows left to
 * right whatever the block's orientation. */
#include "orr-block-icons.h"

#include "orr-canvas-geometry.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

typedef struct
{
  cairo_t *cr;
  const OrrBlockIconStyle *style;
  const OrrBlock *block; /* NULL in the palette */
  const char *text;      /* the class's text for the parameters, or NULL */
  OrrRect frame;
  double cx, cy;
  double dx, dy; /* along u */
  double px, py; /* along v */
  double length, width;
} Icon;

typedef void (*DrawFunc) (Icon *icon);

/* ---- the unit box -------------------------------------------------------------- */

static void
icon_at (const Icon *icon, double u, double v, double *x, double *y)
{
  *x = icon->cx + (u - 0.5) * icon->length * icon->dx + (v - 0.5) * icon->width * icon->px;
  *y = icon->cy + (u - 0.5) * icon->length * icon->dy + (v - 0.5) * icon->width * icon->py;
}

static void
move (Icon *icon, double u, double v)
{
  double x, y;
  icon_at (icon, u, v, &x, &y);
  cairo_move_to (icon->cr, x, y);
}

static void
line (Icon *icon, double u, double v)
{
  double x, y;
  icon_at (icon, u, v, &x, &y);
  cairo_line_to (icon->cr, x, y);
}

/* The box: along dx, dy (a unit vector), across always down or right, so
 * that a flipped block's picture is mirrored, never upside down. */
static void
icon_orient (Icon *icon, double dx, double dy)
{
  icon->dx = dx;
  icon->dy = dy;
  icon->px = fabs (dy);
  icon->py = fabs (dx);
  icon->length = fabs (dx) * icon->frame.width + fabs (dy) * icon->frame.height;
  icon->width = fabs (dy) * icon->frame.width + fabs (dx) * icon->frame.height;
}

static void
set_color (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
stroke (Icon *icon, double width_factor, double alpha)
{
  set_color (icon->cr, &icon->style->foreground, alpha);
  cairo_set_line_width (icon->cr, icon->style->line * width_factor);
  cairo_set_line_join (icon->cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (icon->cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (icon->cr);
}

/* A frame-replacing shape: filled like a block, outlined in the state's
 * colour. */
static void
fill_outline (Icon *icon)
{
  set_color (icon->cr, &icon->style->fill, 1);
  cairo_fill_preserve (icon->cr);
  set_color (icon->cr, &icon->style->outline, 1);
  cairo_set_line_width (icon->cr, icon->style->outline_width);
  cairo_set_line_join (icon->cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (icon->cr);
}

/* Text centred at (u, v), size a factor of the icon font, shrunk to fit
 * max_width (model units); returns its width after shrinking. The text is
 * laid out once at the icon font's size (through the painter's cache of
 * laid-out texts when there is one: shaping is most of a text's cost) and
 * scaled to the size asked for. */
static double
text_at (Icon *icon, double u, double v, const char *text, double size, double max_width)
{
  PangoLayout *layout;
  double x, y, scale = size, w, h;
  int iw, ih;

  if (text == NULL || *text == '\0')
    return 0;
  if (icon->style->layout_for != NULL)
    layout = icon->style->layout_for (icon->style->layout_data, text);
  else
    {
      layout = icon->style->layout;
      if (layout == NULL)
        return 0;
      pango_layout_set_font_description (layout, icon->style->font);
      pango_layout_set_text (layout, text, -1);
    }
  pango_layout_get_size (layout, &iw, &ih);
  w = iw / (double)PANGO_SCALE;
  h = ih / (double)PANGO_SCALE;
  if (w * scale > max_width && max_width > 0)
    scale = max_width / w;
  icon_at (icon, u, v, &x, &y);
  cairo_save (icon->cr);
  cairo_translate (icon->cr, x, y);
  cairo_scale (icon->cr, scale, scale);
  cairo_move_to (icon->cr, -w / 2, -h / 2);
  set_color (icon->cr, &icon->style->foreground, 1);
  pango_cairo_show_layout (icon->cr, layout);
  cairo_restore (icon->cr);
  return w * scale;
}

/* A parameter as typed, its class's default when the block leaves it
 * out, or fallback. */
static const char *
param (Icon *icon, const char *name, const char *fallback)
{
  const char *value = icon->block != NULL ? orr_block_get_param (icon->block, name) : NULL;
  const OrrBlockClass *klass;

  if (value != NULL && *value != '\0')
    return value;
  klass = icon->block != NULL && icon->style->registry != NULL
            ? orr_registry_lookup (icon->style->registry, icon->block->type)
            : NULL;
  for (int i = 0; klass != NULL && i < klass->n_params; i++)
    if (strcmp (klass->params[i].name, name) == 0 && klass->params[i].default_expr != NULL)
      return klass->params[i].default_expr;
  return fallback;
}

/* ---- shapes that replace the frame -------------------------------------------- */

/* The gain inside a triangle pointing at the output. */
static void
draw_gain (Icon *icon)
{
  move (icon, 0, 0);
  line (icon, 1, 0.5);
  line (icon, 0, 1);
  cairo_close_path (icon->cr);
  fill_outline (icon);
  /* in the triangle's wide part; upright, whatever the orientation */
  text_at (icon, 0.36, 0.5, icon->text != NULL ? icon->text : "K", 1.0,
           MIN (icon->frame.width, icon->frame.height) * 0.55);
}

/* The signs of "[1 -1]", "+-" or "[+1, -1]", one per input: '+' or '-'. */
static GString *
parse_signs (const char *expr)
{
  GString *signs = g_string_new (NULL);

  for (const char *c = expr; c != NULL && *c != '\0'; c++)
    {
      if (*c == '-' || *c == '+')
        {
          g_string_append_c (signs, *c);
          while (c[1] != '\0' && (g_ascii_isdigit (c[1]) || c[1] == '.'))
            c++;
        }
      else if (g_ascii_isdigit (*c))
        {
          g_string_append_c (signs, '+');
          while (c[1] != '\0' && (g_ascii_isdigit (c[1]) || c[1] == '.'))
            c++;
        }
      else if (!(*c == '[' || *c == ']' || *c == ',' || *c == ' ' || *c == ';'))
        {
          /* a name or an expression: no signs to show */
          g_string_truncate (signs, 0);
          break;
        }
    }
  return signs;
}

/* A circle, with each input's sign inside it next to the input. */
static void
draw_sum (Icon *icon)
{
  double r = MIN (icon->frame.width, icon->frame.height) / 2;
  g_autoptr (GString) signs = parse_signs (param (icon, "signs", "[1 1]"));
  guint n_in = icon->block != NULL ? orr_block_get_port_count (icon->block, ORR_PORT_IN) : 2;

  cairo_new_sub_path (icon->cr);
  cairo_arc (icon->cr, icon->cx, icon->cy, r, 0, 2 * G_PI);
  fill_outline (icon);
  if (signs->len == 0 || n_in == 0)
    {
      text_at (icon, 0.5, 0.5, "Σ", 1.2, r * 1.4);
      return;
    }
  for (guint i = 0; i < n_in && i < signs->len; i++)
    {
      OrrCanvasPort port;
      double u, v;
      const char *sign = signs->str[i] == '-' ? "−" : "+";

      if (icon->block != NULL && orr_canvas_block_port (icon->block, ORR_PORT_IN, i + 1, &port))
        {
          /* from the port's side towards the centre */
          double x = port.base.x + (icon->cx - port.base.x) * 0.34;
          double y = port.base.y + (icon->cy - port.base.y) * 0.34;

          /* text_at takes box coordinates */
          u = 0.5 + ((x - icon->cx) * icon->dx + (y - icon->cy) * icon->dy) / icon->length;
          v = 0.5 + ((x - icon->cx) * icon->px + (y - icon->cy) * icon->py) / icon->width;
        }
      else
        {
          u = 0.3;
          v = (i + 1.0) / (MIN (n_in, signs->len) + 1.0);
        }
      text_at (icon, u, v, sign, 0.95, 0);
    }
}

/* Mux and Demux: a bar across the flow. */
static void
draw_bar (Icon *icon)
{
  move (icon, 0.3, 0);
  line (icon, 0.7, 0);
  line (icon, 0.7, 1);
  line (icon, 0.3, 1);
  cairo_close_path (icon->cr);
  set_color (icon->cr, &icon->style->outline, 1);
  cairo_fill (icon->cr);
}

/* ---- pictures inside the frame ------------------------------------------------- */

/* A lever between inputs 1 and 3 (at a quarter and three quarters across),
 * pivoting at the output; the control input 2 in the middle. */
static void
draw_switch (Icon *icon)
{
  double r = MIN (icon->length, icon->width) * 0.045;
  const double contacts[2] = { 0.25, 0.75 };

  for (int i = 0; i < 2; i++)
    {
      double x, y;

      move (icon, 0, contacts[i]);
      line (icon, 0.25, contacts[i]);
      stroke (icon, 1, 1);
      icon_at (icon, 0.25 + r / icon->length, contacts[i], &x, &y);
      cairo_new_sub_path (icon->cr);
      cairo_arc (icon->cr, x, y, r, 0, 2 * G_PI);
      stroke (icon, 1, 1);
    }
  /* the lever, on input 1 */
  move (icon, 0.3, 0.3);
  line (icon, 0.72, 0.5);
  line (icon, 1, 0.5);
  stroke (icon, 1.4, 1);
  /* the control, dashed up to the lever */
  move (icon, 0, 0.5);
  line (icon, 0.45, 0.5);
  {
    double dash[] = { icon->style->line * 2, icon->style->line * 2 };
    cairo_set_dash (icon->cr, dash, 2, 0);
    stroke (icon, 0.8, 0.6);
    cairo_set_dash (icon->cr, NULL, 0, 0);
  }
}

/* A screen with a trace, for the scopes. */
static void
screen (Icon *icon)
{
  cairo_t *cr = icon->cr;
  double x0, y0, x1, y1;

  icon_at (icon, 0.12, 0.16, &x0, &y0);
  icon_at (icon, 0.88, 0.84, &x1, &y1);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  set_color (cr, &icon->style->foreground, 0.85);
  cairo_fill (cr);
  /* a faint grid */
  for (int i = 1; i < 4; i++)
    {
      move (icon, 0.12 + 0.76 * i / 4, 0.16);
      line (icon, 0.12 + 0.76 * i / 4, 0.84);
    }
  move (icon, 0.12, 0.5);
  line (icon, 0.88, 0.5);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
  cairo_set_line_width (cr, icon->style->line * 0.5);
  cairo_stroke (cr);
}

static void
trace_color (cairo_t *cr)
{
  cairo_set_source_rgba (cr, 0.35, 0.9, 0.45, 1);
}

static void
draw_scope (Icon *icon)
{
  screen (icon);
  for (int i = 0; i <= 24; i++)
    {
      double t = i / 24.0;
      double value = 0.5 - 0.25 * sin (2 * G_PI * t * 1.5) * exp (-t);
      if (i == 0)
        move (icon, 0.15 + 0.7 * t, value);
      else
        line (icon, 0.15 + 0.7 * t, value);
    }
  trace_color (icon->cr);
  cairo_set_line_width (icon->cr, icon->style->line);
  cairo_stroke (icon->cr);
}

static void
draw_xy_scope (Icon *icon)
{
  screen (icon);
  for (int i = 0; i <= 32; i++)
    {
      double t = 2 * G_PI * i / 32.0;
      double u = 0.5 + 0.25 * sin (t), v = 0.5 + 0.22 * sin (2 * t);
      if (i == 0)
        move (icon, u, v);
      else
        line (icon, u, v);
    }
  trace_color (icon->cr);
  cairo_set_line_width (icon->cr, icon->style->line);
  cairo_stroke (icon->cr);
}

static void
draw_event_scope (Icon *icon)
{
  screen (icon);
  for (int i = 0; i < 4; i++)
    {
      move (icon, 0.22 + 0.17 * i, 0.72);
      line (icon, 0.22 + 0.17 * i, 0.3);
    }
  trace_color (icon->cr);
  cairo_set_line_width (icon->cr, icon->style->line);
  cairo_stroke (icon->cr);
}

/* A clock face in the upper part, the period under it. */
static void
draw_clock (Icon *icon)
{
  cairo_t *cr = icon->cr;
  double r = MIN (icon->frame.width, icon->frame.height) * 0.3, x, y;
  const char *period = param (icon, "period", "T");

  icon_at (icon, 0.5, 0.4, &x, &y);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  stroke (icon, 1, 1);
  for (int i = 0; i < 12; i += 3)
    {
      double a = i * G_PI / 6;
      cairo_move_to (cr, x + 0.8 * r * cos (a), y + 0.8 * r * sin (a));
      cairo_line_to (cr, x + r * cos (a), y + r * sin (a));
    }
  stroke (icon, 0.8, 0.8);
  /* ten past two */
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + 0.5 * r * cos (-G_PI / 6), y + 0.5 * r * sin (-G_PI / 6));
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + 0.8 * r * cos (-G_PI / 2 + G_PI / 3),
                 y + 0.8 * r * sin (-G_PI / 2 + G_PI / 3));
  stroke (icon, 1.1, 1);
  text_at (icon, 0.5, 0.86, period, 0.7, icon->frame.width * 0.9);
}

/* Thin axes through the middle, for the characteristic curves. */
static void
axes (Icon *icon)
{
  move (icon, 0.1, 0.5);
  line (icon, 0.9, 0.5);
  move (icon, 0.5, 0.12);
  line (icon, 0.5, 0.88);
  stroke (icon, 0.5, 0.35);
}

/* A polyline through points (u, v), n of them. */
static void
curve (Icon *icon, const double (*points)[2], int n)
{
  for (int i = 0; i < n; i++)
    if (i == 0)
      move (icon, points[i][0], points[i][1]);
    else
      line (icon, points[i][0], points[i][1]);
  stroke (icon, 1.2, 1);
}

static void
draw_step (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.72 }, { 0.45, 0.72 }, { 0.45, 0.28 }, { 0.88, 0.28 } };
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_ramp (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.75 }, { 0.35, 0.75 }, { 0.88, 0.22 } };
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_sine (Icon *icon)
{
  double p[25][2];

  for (int i = 0; i < 25; i++)
    {
      p[i][0] = 0.12 + 0.76 * i / 24.0;
      p[i][1] = 0.5 - 0.27 * sin (2 * G_PI * i / 24.0);
    }
  axes (icon);
  curve (icon, (const double (*)[2])p, 25);
}

static void
draw_square (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.3 }, { 0.31, 0.3 }, { 0.31, 0.7 }, { 0.5, 0.7 },
                                 { 0.5, 0.3 },  { 0.69, 0.3 }, { 0.69, 0.7 }, { 0.88, 0.7 } };
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_sawtooth (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.72 }, { 0.37, 0.28 }, { 0.37, 0.72 },
                                 { 0.62, 0.28 }, { 0.62, 0.72 }, { 0.87, 0.28 } };
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_pulse (Icon *icon)
{
  static const double p[][2]
    = { { 0.12, 0.72 }, { 0.25, 0.72 }, { 0.25, 0.28 }, { 0.35, 0.28 }, { 0.35, 0.72 },
        { 0.55, 0.72 }, { 0.55, 0.28 }, { 0.65, 0.28 }, { 0.65, 0.72 }, { 0.88, 0.72 } };
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_saturation (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.75 }, { 0.33, 0.75 }, { 0.67, 0.25 }, { 0.88, 0.25 } };
  axes (icon);
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_dead_zone (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.8 }, { 0.38, 0.5 }, { 0.62, 0.5 }, { 0.88, 0.2 } };
  axes (icon);
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_sign (Icon *icon)
{
  static const double p[][2] = { { 0.12, 0.72 }, { 0.5, 0.72 }, { 0.5, 0.28 }, { 0.88, 0.28 } };
  axes (icon);
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_abs (Icon *icon)
{
  static const double p[][2] = { { 0.15, 0.2 }, { 0.5, 0.75 }, { 0.85, 0.2 } };
  axes (icon);
  curve (icon, p, G_N_ELEMENTS (p));
}

static void
draw_lookup (Icon *icon)
{
  static const double p[][2]
    = { { 0.12, 0.78 }, { 0.3, 0.6 }, { 0.48, 0.55 }, { 0.66, 0.35 }, { 0.88, 0.25 } };
  cairo_t *cr = icon->cr;

  axes (icon);
  curve (icon, p, G_N_ELEMENTS (p));
  for (guint i = 0; i < G_N_ELEMENTS (p); i++)
    {
      double x, y;
      icon_at (icon, p[i][0], p[i][1], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, icon->style->line * 1.6, 0, 2 * G_PI);
    }
  set_color (cr, &icon->style->foreground, 1);
  cairo_fill (cr);
}

/* "[1 2 1]" as "s² + 2s + 1" (variable var); anything that is not a
 * vector of plain numbers is shown as written. */
static char *
polynomial (const char *expr, const char *var)
{
  static const char *const powers[] = { "", "", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autofree char *inner = g_strstrip (g_strdup (expr));
  g_auto (GStrv) words = NULL;
  GString *out;
  guint n;

  if (inner[0] == '[')
    {
      size_t len = strlen (inner);
      if (len < 2 || inner[len - 1] != ']')
        return g_strdup (expr);
      inner[len - 1] = '\0';
      memmove (inner, inner + 1, len - 1);
    }
  g_strdelimit (inner, ",", ' ');
  words = g_strsplit_set (g_strstrip (inner), " ", -1);
  {
    /* drop the empty words of repeated spaces */
    guint kept = 0;
    for (guint i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0')
        words[kept++] = words[i];
      else
        g_free (words[i]);
    words[kept] = NULL;
  }
  n = g_strv_length (words);
  if (n == 0 || n > G_N_ELEMENTS (powers))
    return g_strdup (expr);
  for (guint i = 0; i < n; i++)
    {
      char *end;
      g_ascii_strtod (words[i], &end);
      if (end == words[i] || *end != '\0')
        return g_strdup (expr);
    }
  out = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      guint power = n - 1 - i;
      double c = g_ascii_strtod (words[i], NULL);
      const char *digits = words[i][0] == '-' || words[i][0] == '+' ? words[i] + 1 : words[i];

      if (c == 0)
        continue;
      if (out->len > 0)
        g_string_append (out, c < 0 ? " − " : " + ");
      else if (c < 0)
        g_string_append (out, "−");
      if (fabs (c) != 1 || power == 0)
        g_string_append (out, digits);
      if (power > 0)
        {
          g_string_append (out, var);
          g_string_append (out, powers[power]);
        }
    }
  if (out->len == 0)
    g_string_append (out, "0");
  return g_string_free (out, FALSE);
}

static void
fraction (Icon *icon, const char *num, const char *den)
{
  double max = icon->frame.width * 0.86;
  double wn = text_at (icon, 0.5, 0.3, num, 0.95, max);
  double wd = text_at (icon, 0.5, 0.72, den, 0.95, max);
  double half = MAX (wn, wd) / 2 + icon->style->line;

  /* the bar: upright, like the texts */
  cairo_move_to (icon->cr, icon->cx - half, icon->frame.y + icon->frame.height * 0.51);
  cairo_line_to (icon->cr, icon->cx + half, icon->frame.y + icon->frame.height * 0.51);
  stroke (icon, 0.9, 1);
}

static void
draw_transfer_function (Icon *icon)
{
  g_autofree char *num = polynomial (param (icon, "num", "1"), "s");
  g_autofree char *den = polynomial (param (icon, "den", "[1 1]"), "s");
  fraction (icon, num, den);
}

static void
draw_discrete_transfer_function (Icon *icon)
{
  g_autofree char *num = polynomial (param (icon, "num", "1"), "z");
  g_autofree char *den = polynomial (param (icon, "den", "[1 -0.5]"), "z");
  fraction (icon, num, den);
}

static void
draw_integrator (Icon *icon)
{
  fraction (icon, "1", "s");
}

static void
draw_derivative (Icon *icon)
{
  fraction (icon, "du", "dt");
}

static void
draw_discrete_integrator (Icon *icon)
{
  fraction (icon, "K Ts", "z − 1");
}

static void
draw_unit_delay (Icon *icon)
{
  fraction (icon, "1", "z");
}

/* ---- the table ---------------------------------------------------------------------- */

typedef struct
{
  const char *type;
  DrawFunc draw;
  gboolean replaces_frame;
  gboolean oriented; /* follows the flow; otherwise upright */
} Picture;

static const Picture pictures[] = {
  { "Gain", draw_gain, TRUE, TRUE },
  { "Sum", draw_sum, TRUE, TRUE },
  { "Mux", draw_bar, TRUE, TRUE },
  { "Demux", draw_bar, TRUE, TRUE },
  { "Switch", draw_switch, FALSE, TRUE },
  { "Scope", draw_scope, FALSE, FALSE },
  { "XYScope", draw_xy_scope, FALSE, FALSE },
  { "EventScope", draw_event_scope, FALSE, FALSE },
  { "SampleClock", draw_clock, FALSE, FALSE },
  { "EventClock", draw_clock, FALSE, FALSE },
  { "Step", draw_step, FALSE, FALSE },
  { "Ramp", draw_ramp, FALSE, FALSE },
  { "SineWave", draw_sine, FALSE, FALSE },
  { "SquareWave", draw_square, FALSE, FALSE },
  { "Sawtooth", draw_sawtooth, FALSE, FALSE },
  { "PulseGenerator", draw_pulse, FALSE, FALSE },
  { "Saturation", draw_saturation, FALSE, FALSE },
  { "DeadZone", draw_dead_zone, FALSE, FALSE },
  { "Sign", draw_sign, FALSE, FALSE },
  { "Abs", draw_abs, FALSE, FALSE },
  { "LookupTable", draw_lookup, FALSE, FALSE },
  { "TransferFunction", draw_transfer_function, FALSE, FALSE },
  { "DiscreteTransferFunction", draw_discrete_transfer_function, FALSE, FALSE },
  { "Integrator", draw_integrator, FALSE, FALSE },
  { "Derivative", draw_derivative, FALSE, FALSE },
  { "DiscreteIntegrator", draw_discrete_integrator, FALSE, FALSE },
  { "DiscreteDelay", draw_unit_delay, FALSE, FALSE },
};

static const Picture *
lookup (const char *type)
{
  for (guint i = 0; type != NULL && i < G_N_ELEMENTS (pictures); i++)
    if (strcmp (pictures[i].type, type) == 0)
      return &pictures[i];
  return NULL;
}

gboolean
orr_block_icon_has_picture (const char *type, gboolean *replaces_frame)
{
  const Picture *picture = lookup (type);

  if (replaces_frame != NULL)
    *replaces_frame = picture != NULL && picture->replaces_frame;
  return picture != NULL;
}

/* The direction of the block's flow: towards its first output, or away
 * from its first input; left to right for a block with neither. */
static void
flow_of (const OrrBlock *block, double *dx, double *dy)
{
  OrrCanvasPort port;

  *dx = 1;
  *dy = 0;
  if (block == NULL)
    return;
  if (orr_canvas_block_port (block, ORR_PORT_OUT, 1, &port))
    {
      *dx = port.dx;
      *dy = port.dy;
    }
  else if (orr_canvas_block_port (block, ORR_PORT_IN, 1, &port))
    {
      *dx = -port.dx;
      *dy = -port.dy;
    }
}

gboolean
orr_block_icon_draw (cairo_t *cr, const OrrBlockIconStyle *style, const char *type,
                     const OrrBlock *block, const OrrRect *frame, const char *text)
{
  const Picture *picture = lookup (type);
  Icon icon = { cr, style, block, text, *frame };
  double dx = 1, dy = 0;

  if (picture == NULL)
    return FALSE;
  icon.cx = frame->x + frame->width / 2;
  icon.cy = frame->y + frame->height / 2;
  if (picture->oriented)
    flow_of (block, &dx, &dy);
  icon_orient (&icon, dx, dy);
  cairo_save (cr);
  cairo_new_path (cr);
  picture->draw (&icon);
  cairo_restore (cr);
  return TRUE;
}

gboolean
orr_block_icon_draw_class (cairo_t *cr, const char *type, double width, double height,
                           const GdkRGBA *fg, PangoLayout *layout)
{
  const Picture *picture = lookup (type);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");
  OrrBlockIconStyle style = { 0 };
  OrrRect frame = { 1.5, 1.5, width - 3, height - 3 };

  if (picture == NULL)
    return FALSE;
  pango_font_description_set_absolute_size (font, 10 * PANGO_SCALE);
  style.foreground = *fg;
  style.fill = (GdkRGBA){ fg->red, fg->green, fg->blue, 0.07 };
  style.outline = *fg;
  style.line = 1.0;
  style.outline_width = 1.0;
  style.layout = layout;
  style.font = font;
  if (!picture->replaces_frame)
    {
      cairo_rectangle (cr, frame.x, frame.y, frame.width, frame.height);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.07);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
    }
  else
    {
      /* a shape is as tall as the row: square it */
      double side = MIN (frame.width, frame.height);
      frame.x += (frame.width - side) / 2;
      frame.width = side;
    }
  orr_block_icon_draw (cr, &style, type, NULL, &frame, NULL);
  pango_layout_set_font_description (layout, NULL);
  return TRUE;
}
