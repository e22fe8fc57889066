/* orr-block-icons.h: the pictures of block classes, drawn with Cairo at
 * any zoom: the shapes that Xcos and Simulink users read diagrams by (Gain
 * a triangle, Sum a circle with its signs, Scope a screen, clocks a clock
 * face, Mux and Demux bars, Switch a switch, transfer functions as
 * fractions, sources as their waveform...), with the parameter where
 * users look for it. A class without a picture keeps its framed icon text.
 * The canvas and the palette browser both draw through here. No model
 * edits, no GTK widgets: Cairo and Pango only. */
#pragma once

#include <cairo.h>
#include <gdk/gdk.h>
#include <orrery/orr-model.h>
#include <orrery/orr-registry.h>
#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct
{
  GdkRGBA foreground;
  GdkRGBA fill;    /* inside a shape that replaces the frame */
  GdkRGBA outline; /* a replacing shape's outline: selection, hover or foreground */
  double line;     /* stroke width, model units */
  double outline_width;
  PangoLayout *layout;              /* for the texts; its font is set per text */
  const PangoFontDescription *font; /* the icon font; texts scale from it */
  OrrRegistry *registry;            /* for parameters left at their class's default; may be NULL */
  /* text laid out in font, from a cache; NULL: layout is used as scratch */
  PangoLayout *(*layout_for) (gpointer data, const char *text);
  gpointer layout_data;
} OrrBlockIconStyle;

/* Whether type has a picture, and whether its shape replaces the block's
 * rectangular frame (Gain's triangle, Sum's circle, Mux's bar). */
gboolean orr_block_icon_has_picture (const char *type, gboolean *replaces_frame);

/* Draws the picture of block (its class, its parameters as typed, its
 * orientation: the picture follows the direction of its flow) in frame,
 * model coordinates. text: what the class shows for these parameters
 * (the evaluated gain...), or NULL for the class's generic text. A frame-
 * replacing shape is filled and outlined here. FALSE when the class has
 * no picture. */
gboolean orr_block_icon_draw (cairo_t *cr, const OrrBlockIconStyle *style, const char *type,
                              const OrrBlock *block, const OrrRect *frame, const char *text);

/* The same for the palette browser: the class's picture in a width x height
 * box at the origin, flowing left to right, in the colour fg, framed like
 * a block when the shape does not replace the frame. FALSE when the class
 * has no picture. */
gboolean orr_block_icon_draw_class (cairo_t *cr, const char *type, double width, double height,
                                    const GdkRGBA *fg, PangoLayout *layout);

G_END_DECLS
