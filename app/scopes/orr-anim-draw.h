/* orr-anim-draw.h: an Anim2D picture, as a plain cairo drawing of one
 * SHAPES OrrSignalLog: the frozen snapshots recorded up to a time, then
 * the shapes where the last frame before it put them. The scope view
 * draws a SHAPES log through it on screen and into export files; tests
 * use it without a display. */
#pragma once

#include "orr-signal-log.h"

#include <cairo.h>
#include <gdk/gdk.h>

G_BEGIN_DECLS

/* Where the visible area lands in a width x height picture: the largest
 * rectangle of its aspect, centred; x = ox + scale * (x - xmin),
 * y = oy + scale * (ymax - y) (up is up). */
void orr_anim_draw_transform (const OrrSignalLogShapes *shapes, int width, int height,
                              double *scale, double *ox, double *oy);

/* Draws the picture at time t (the last frame at or before it, and every
 * snapshot up to it) into cr over width x height. foreground draws the
 * unfilled shapes and the area's frame; background, unless transparent,
 * is painted first. Nothing but the background for a log without
 * shapes. */
void orr_anim_draw_render (OrrSignalLog *log, double t, cairo_t *cr, int width, int height,
                           const GdkRGBA *foreground, const GdkRGBA *background);

G_END_DECLS
