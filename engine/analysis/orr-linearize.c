/* orr-linearize.c: (A, B, C, D) of an isolated block at its operating
 * point, by central differences of the derivatives (or, for a sampled
 * block, the next states) and the outputs.
 *
 * Blocks with an analytic Jacobian (orr_config_set_jacobian) give their
 * own part, d(x'_b)/d(x_b) with their inputs held; the differences are
 * then taken with such blocks' derivatives computed from the operating
 * point's states, so that they carry only what reaches the block through
 * its inputs, and the two are added.
 *
 * Central differences err by O(h^2) from the curvature and O(eps/h) from
 * rounding; h = eps^(1/3) * max(1, |v|) balances the two, which leaves
 * about ten correct digits for smooth blocks. Blocks that switch (Abs,
 * Saturation) are differentiated on the side of the point the mode
 * picks; at the corner itself the quotient is the average of both sides.
 */
#include "orr-analysis-private.h"

#include <orrery/orr-probe.h>

#include <float.h>
#include <math.h>
#include <string.h>

void
orr_linearize_options_init (OrrLinearizeOptions *options)
{
  memset (options, 0, sizeof *options);
  options->at_time = NAN;
}

static double
step_for (double v)
{
  return cbrt (DBL_EPSILON) * MAX (1.0, fabs (v));
}

static char *
port_element_name (const char *prefix, int port, int element, int numel)
{
  return numel == 1 ? g_strdup_printf ("%s %d", prefix, port + 1)
                    : g_strdup_printf ("%s %d[%d]", prefix, port + 1, element + 1);
}

OrrLinearModel *
orr_linearize (OrrModel *model, OrrRegistry *registry, const OrrLinearizeOptions *options,
               GError **error)
{
  g_autoptr (OrrIsolated) iso = NULL;
  g_autoptr (GArray) in_sel = NULL;
  g_autoptr (GArray) out_sel = NULL;
  g_autoptr (OrrLinearModel) lm = NULL;
  g_autofree double *x = NULL;
  g_autofree double *f1 = NULL;
  g_autofree double *f2 = NULL;
  g_autofree double *y0 = NULL;
  g_autofree double *y1 = NULL;
  g_autofree double *y2 = NULL;
  g_autofree double **u = NULL;
  int nx, n_out_all;

  g_return_val_if_fail (model != NULL && registry != NULL && options != NULL, NULL);

  iso = orr_isolated_new (model, registry, options->block, options->overrides, options->at_time,
                          &options->compile_options, error);
  if (iso == NULL)
    return NULL;
  if (!orr_isolated_select (iso, TRUE, options->inputs, options->n_inputs, &in_sel, error)
      || !orr_isolated_select (iso, FALSE, options->outputs, options->n_outputs, &out_sel, error))
    return NULL;

  nx = orr_isolated_n_states (iso);
  n_out_all = orr_isolated_n_out (iso);
  lm = orr_linear_model_new (nx, (int)in_sel->len, (int)out_sel->len);
  lm->sample_time = iso->clock >= 0 ? iso->program->sources[iso->clock].period : 0.0;

  x = g_memdup2 (iso->program->nz > 0 ? iso->z_op : iso->x_op, sizeof (double) * MAX (nx, 1));
  u = g_new0 (double *, MAX (iso->n_in_ports, 1));
  for (int k = 0; k < iso->n_in_ports; k++)
    u[k] = iso->u_op[k];
  f1 = g_new0 (double, MAX (nx, 1));
  f2 = g_new0 (double, MAX (nx, 1));
  y0 = g_new0 (double, MAX (n_out_all, 1));
  y1 = g_new0 (double, MAX (n_out_all, 1));
  y2 = g_new0 (double, MAX (n_out_all, 1));

  /* the operating point itself */
  if (!orr_isolated_eval (iso, x, (const double *const *)u, f1, y0, error))
    return NULL;
  memcpy (lm->x0, x, sizeof (double) * nx);
  for (guint i = 0; i < out_sel->len; i++)
    lm->y0[i] = y0[g_array_index (out_sel, int, i)];

  /* blocks with analytic Jacobians hold their own states (continuous time) */
  if (iso->program->nz == 0)
    iso->held = lm->x0;

  for (int j = 0; j < nx; j++)
    {
      double keep = x[j], h = step_for (keep);

      x[j] = keep + h;
      if (!orr_isolated_eval (iso, x, (const double *const *)u, f1, y1, error))
        return NULL;
      x[j] = keep - h;
      if (!orr_isolated_eval (iso, x, (const double *const *)u, f2, y2, error))
        return NULL;
      x[j] = keep;
      for (int i = 0; i < nx; i++)
        lm->a[i + j * nx] = (f1[i] - f2[i]) / (2 * h);
      for (guint i = 0; i < out_sel->len; i++)
        {
          int e = g_array_index (out_sel, int, i);

          lm->c[i + j * lm->ny] = (y1[e] - y2[e]) / (2 * h);
        }
    }

  if (iso->held != NULL)
    for (int b = 0; b < iso->program->n_blocks; b++)
      {
        const OrrProgramBlock *pb = &iso->program->blocks[b];
        g_autofree double *jac = NULL;
        int n = pb->nx, o = pb->x_offset;

        if (!pb->analytic_jacobian || n == 0)
          continue;
        jac = g_new (double, n *n);
        memcpy (orr_simulation_probe_states (iso->sim), x, sizeof (double) * nx);
        if (!orr_simulation_probe_block_jacobian (iso->sim, b, iso->t, jac, error))
          return NULL;
        for (int c = 0; c < n; c++)
          for (int r = 0; r < n; r++)
            lm->a[(o + r) + (o + c) * nx] += jac[r + c * n];
      }

  for (guint j = 0; j < in_sel->len; j++)
    {
      int port, element;
      double keep, h;

      orr_isolated_locate (iso, TRUE, g_array_index (in_sel, int, j), &port, &element);
      keep = u[port][element];
      lm->u0[j] = keep;
      h = step_for (keep);
      u[port][element] = keep + h;
      if (!orr_isolated_eval (iso, x, (const double *const *)u, f1, y1, error))
        return NULL;
      u[port][element] = keep - h;
      if (!orr_isolated_eval (iso, x, (const double *const *)u, f2, y2, error))
        return NULL;
      u[port][element] = keep;
      for (int i = 0; i < nx; i++)
        lm->b[i + j * nx] = (f1[i] - f2[i]) / (2 * h);
      for (guint i = 0; i < out_sel->len; i++)
        {
          int e = g_array_index (out_sel, int, i);

          lm->d[i + j * lm->ny] = (y1[e] - y2[e]) / (2 * h);
        }
    }

  for (int i = 0; i < nx; i++)
    lm->state_names[i] = orr_isolated_state_name (iso, i);
  for (guint j = 0; j < in_sel->len; j++)
    {
      int port, element;

      orr_isolated_locate (iso, TRUE, g_array_index (in_sel, int, j), &port, &element);
      lm->input_names[j] = port_element_name ("input", port, element, iso->in_numel[port]);
    }
  for (guint i = 0; i < out_sel->len; i++)
    {
      int port, element;

      orr_isolated_locate (iso, FALSE, g_array_index (out_sel, int, i), &port, &element);
      lm->output_names[i] = port_element_name ("output", port, element, iso->out_numel[port]);
    }
  (void)n_out_all;
  return g_steal_pointer (&lm);
}
