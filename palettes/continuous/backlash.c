/* backlash.c: Backlash, the play between two gears, element by element.
 *
 * The output stays where it is while the input moves within a dead band
 * of the given width around it, and is dragged along, half a width behind,
 * once the input pushes at either edge:
 *   y = clamp (y_before, u - width/2, u + width/2).
 * The output held while disengaged is the block's memory: it is the output
 * at the last accepted point, kept in work and never touched at a trial
 * point. Each element has a mode (disengaged, engaged pushing up, engaged
 * pushing down) and one surface: while disengaged, the product of the
 * distances to both edges, negative inside the band, so the solver stops
 * where the input reaches an edge; while engaged, the input's distance to
 * the edge measured from the last accepted output, which turns negative
 * when the input turns back. As in Scicos, the turning point is thus
 * located to within one step of the input's extremum.
 *
 * At the start of an interval an engaged element sits exactly on its
 * edge, so the input alone cannot tell whether it still pushes; the
 * direction in which the surface crossed can. The block has no state, so
 * the simulator gives it no state update at its crossings: the outputs
 * job, which runs at the crossing with jroot set, notes which elements let
 * go, and the next choice of modes frees them. */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_FREE = 1,
  MODE_UP = 2,   /* engaged, the input pushing the output up */
  MODE_DOWN = 3, /* engaged, pushing down */
};

static const OrrParamSpec backlash_params[] = {
  { "width", N_ ("Dead band width"), "1",
    N_ ("The total play, positive: the input moves this far back and forth without moving the "
        "output.") },
  { "y0", N_ ("Initial output"), "0",
    N_ ("The output at the start time: a scalar for every element, or a matrix that fixes the size "
        "of the input and output.") },
};

static gboolean
backlash_configure (OrrConfig *config, GError **error)
{
  const double *y0;
  int rows, cols, numel;
  double width;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_finite (config, "width", &width, error)
      || !orr_param_get_matrix (config, "y0", &y0, &rows, &cols, error))
    return FALSE;
  if (!(width > 0))
    {
      orr_param_set_error (error, "width", "must be positive, not %g", width);
      return FALSE;
    }
  numel = rows * cols;
  if (numel == 1)
    {
      rows = -1;
      cols = -2;
    }
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_surfaces (config, -1, -1);

  rpar = g_new (double, 1 + numel);
  rpar[0] = width;
  memcpy (rpar + 1, y0, numel * sizeof (double));
  orr_config_set_rpar (config, rpar, 1 + numel);
  return TRUE;
}

typedef struct
{
  double *held;  /* the output at the last accepted point */
  int *released; /* the element's surface crossed back: free it at the next choice */
} Memory;

static int
choose_mode (double u, double half, double held)
{
  if (u - half >= held)
    return MODE_UP;
  if (u + half <= held)
    return MODE_DOWN;
  return MODE_FREE;
}

static void
backlash_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_in_numel (block, 0);
  double half = block->rpar[0] / 2;
  const double *u = orr_block_real_in (block, 0);
  Memory *memory = block->work;
  double *held = memory != NULL ? memory->held : NULL;
  gboolean fixed = orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_INIT:
        {
          gboolean scalar = block->n_rpar == 2;

          memory
            = orr_block_alloc_work (block, sizeof (Memory) + n * (sizeof (double) + sizeof (int)));
          memory->held = (double *)(memory + 1);
          memory->released = (int *)(memory->held + n);
          for (int i = 0; i < n; i++)
            memory->held[i] = block->rpar[1 + (scalar ? 0 : i)];
        }
        break;

      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = fixed && block->nmode >= n;

          if (held == NULL)
            break;
          for (int i = 0; i < n; i++)
            {
              switch (use_modes ? block->mode[i] : 0)
                {
                  case MODE_FREE:
                    y[i] = held[i];
                    break;
                  case MODE_UP:
                    y[i] = u[i] - half;
                    break;
                  case MODE_DOWN:
                    y[i] = u[i] + half;
                    break;
                  default:
                    y[i] = CLAMP (held[i], u[i] - half, u[i] + half);
                    break;
                }
            }
          if (orr_block_in_try_phase (block))
            break;
          memcpy (held, y, n * sizeof (double));
          /* at a crossing: an engaged element whose surface went back */
          for (int i = 0; !fixed && block->jroot != NULL && i < block->ng && i < block->nmode; i++)
            if ((block->mode[i] == MODE_UP && block->jroot[i] < 0)
                || (block->mode[i] == MODE_DOWN && block->jroot[i] > 0))
              memory->released[i] = TRUE;
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (held == NULL)
          break;
        for (int i = 0; i < block->ng && i < n; i++)
          {
            if (!fixed && i < block->nmode)
              {
                block->mode[i]
                  = memory->released[i] ? MODE_FREE : choose_mode (u[i], half, held[i]);
                memory->released[i] = FALSE;
              }
            switch (i < block->nmode ? block->mode[i] : MODE_FREE)
              {
                case MODE_UP:
                  block->g[i] = u[i] - half - held[i];
                  break;
                case MODE_DOWN:
                  block->g[i] = u[i] + half - held[i];
                  break;
                default:
                  block->g[i] = (u[i] - half - held[i]) * (u[i] + half - held[i]);
                  break;
              }
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_backlash_class = {
  .name = "Backlash",
  .palette = N_ ("Continuous"),
  .label = N_ ("Backlash"),
  .description = N_ ("Play in a mechanism: the output follows the input only beyond a dead band."),
  .icon_text = "⊐⊏",
  .params = backlash_params,
  .n_params = G_N_ELEMENTS (backlash_params),
  .configure = backlash_configure,
  .simulate = backlash_simulate,
};
