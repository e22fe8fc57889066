/* anim2d.c: Anim2D, a 2-D animation of shapes moved by the inputs.
 *
 * Each input carries the shapes of one kind, one per row (seed 000,
 * ch. 20): 1 a closed polygon (N x 2 points), 2 an open polyline (N x 2),
 * 3 circles (x, y, radius), 4 rectangles (x, y of the lower left corner,
 * width, height), 5 line segments (x1, y1, x2, y2); 103, 104 and 105 are
 * circles, rectangles and segments with three more columns, their colour
 * (red, green, blue in [0, 1]) taken from the signal, so it may change
 * while the model runs. A negative kind leaves the input's shapes out of
 * the snapshots (a fixed background drawn once is enough).
 *
 * Activation input 1 moves the shapes to the inputs' values; input 2
 * freezes a copy of them where they are, to stay in the picture until the
 * end (a stroboscopic view). Every accepted call records one sample:
 * { what (1 frame, 2 snapshot, 3 both), the inputs in port order,
 * column-major }; the window that shows the stream draws it. The drawing
 * parameters travel in the compiled block: rpar = { xmin, xmax, ymin,
 * ymax, zoom, the colour table row after row }, ipar = { inputs, kinds
 * ..., colour rows }. */
#include "sinks-classes.h"
#include "sinks-params.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#define MAX_COLORS 4096

static const OrrParamSpec anim2d_params[] = {
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many inputs; each carries shapes of one kind, one shape a row.") },
  { "kinds", N_ ("Shape kinds"), "3",
    N_ ("One per input, or one for all: 1 closed polygon (N×2 points), 2 open polyline (N×2), "
        "3 circles (x, y, r), 4 rectangles (x, y, width, height), 5 segments (x1, y1, x2, y2); "
        "103, 104, 105: the same with three more columns, the colour (r, g, b). Negative: left "
        "out of the snapshots.") },
  { "geometry", N_ ("Visible area"), "[-1 1 -1 1]",
    N_ ("[xmin xmax ymin ymax]: the part of the plane the window shows.") },
  { "colors", N_ ("Colour table"), "[0.2 0.4 0.8; 0.85 0.3 0.2; 0.3 0.65 0.3]",
    N_ ("One row (r, g, b in 0 ... 1) per shape, in input order and row order, reused from the "
        "top when there are more shapes; a row of -1 draws the shape unfilled.") },
  { "zoom", N_ ("Zoom"), "100",
    N_ ("Screen pixels per unit of the plane: the window's size is the visible area times the "
        "zoom.") },
};

/* Columns of one shape of kind k (its absolute value). */
static int
kind_columns (int kind)
{
  switch (ABS (kind))
    {
      case 1:
      case 2:
        return 2;
      case 3:
        return 3;
      case 4:
      case 5:
        return 4;
      case 103:
        return 6;
      case 104:
      case 105:
        return 7;
      default:
        return 0;
    }
}

static gboolean
anim2d_configure (OrrConfig *config, GError **error)
{
  const double *kinds, *geometry, *colors;
  int inputs, n_kinds, n_geometry, color_rows, color_cols;
  double zoom;
  g_autofree int *ipar = NULL;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error)
      || !orr_param_get_vector (config, "kinds", &kinds, &n_kinds, error)
      || !orr_param_get_vector (config, "geometry", &geometry, &n_geometry, error)
      || !orr_param_get_matrix (config, "colors", &colors, &color_rows, &color_cols, error)
      || !orr_param_get_finite (config, "zoom", &zoom, error))
    return FALSE;
  if (n_kinds != 1 && n_kinds != inputs)
    {
      orr_param_set_error (error, "kinds", "has %d elements: give one, or one per input (%d)",
                           n_kinds, inputs);
      return FALSE;
    }
  if (n_geometry != 4 || !isfinite (geometry[0]) || !isfinite (geometry[1])
      || !isfinite (geometry[2]) || !isfinite (geometry[3]) || !(geometry[1] > geometry[0])
      || !(geometry[3] > geometry[2]))
    {
      orr_param_set_error (error, "geometry",
                           "must be [xmin xmax ymin ymax], finite, with xmin < xmax and "
                           "ymin < ymax");
      return FALSE;
    }
  if (color_cols != 3 || color_rows > MAX_COLORS)
    {
      orr_param_set_error (error, "colors", "must have 3 columns (r, g, b) and at most %d rows",
                           MAX_COLORS);
      return FALSE;
    }
  for (int i = 0; i < color_rows * 3; i++)
    if (!(colors[i] == -1 || (colors[i] >= 0 && colors[i] <= 1)))
      {
        orr_param_set_error (error, "colors", "holds %g: each value is in 0 ... 1, or -1",
                             colors[i]);
        return FALSE;
      }
  if (!(zoom > 0) || zoom > 10000)
    {
      orr_param_set_error (error, "zoom", "must be in (0, 10000], not %g", zoom);
      return FALSE;
    }

  ipar = g_new (int, inputs + 2);
  ipar[0] = inputs;
  for (int k = 0; k < inputs; k++)
    {
      double kind = kinds[n_kinds == 1 ? 0 : k];

      if (kind != floor (kind) || fabs (kind) > 1000 || kind_columns ((int)kind) == 0)
        {
          orr_param_set_error (error, "kinds",
                               "holds %g: a kind is 1, 2, 3, 4, 5, 103, 104 or 105, or one of "
                               "them negated",
                               kind);
          return FALSE;
        }
      ipar[1 + k] = (int)kind;
      /* a free number of rows, distinct per input; the columns the kind's */
      orr_config_add_input (config, -(k + 1), kind_columns ((int)kind), ORR_TYPE_DOUBLE, TRUE);
    }
  ipar[1 + inputs] = color_rows;

  rpar = g_new (double, 5 + 3 * color_rows);
  memcpy (rpar, geometry, 4 * sizeof (double));
  rpar[4] = zoom;
  /* the table row after row: the parameter is column-major */
  for (int r = 0; r < color_rows; r++)
    for (int c = 0; c < 3; c++)
      rpar[5 + 3 * r + c] = colors[r + c * color_rows];

  orr_config_set_event_ports (config, 2, 0);
  orr_config_set_ipar (config, ipar, inputs + 2);
  orr_config_set_rpar (config, rpar, 5 + 3 * color_rows);
  return TRUE;
}

static void
anim2d_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = g_new0 (double, 1 + orr_sinks_inputs_numel (block));
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *row = block->work;

          if (row == NULL || orr_block_in_try_phase (block) || block->nevprt <= 0)
            break;
          /* bit 1: move (port 1), bit 2: snapshot (port 2) */
          row[0] = block->nevprt & 3;
          orr_block_record (block, row, 1 + orr_sinks_gather_inputs (block, row + 1));
        }
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_anim2d_class = {
  .name = "Anim2D",
  .palette = N_ ("Sinks"),
  .label = N_ ("2-D animation"),
  .description = N_ ("Draws circles, rectangles, polygons and lines that move with its inputs."),
  .icon_text = "Anim",
  .keywords = "animation anim2d shapes picture movie",
  .params = anim2d_params,
  .n_params = G_N_ELEMENTS (anim2d_params),
  .configure = anim2d_configure,
  .simulate = anim2d_simulate,
};
