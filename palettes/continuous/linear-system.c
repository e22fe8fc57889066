/* linear-system.c: parameters and realisations shared by the linear
 * blocks (see linear-system.h). */
#include "linear-system.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>

/* A polynomial parameter without its leading zeros; *n = 0 when it is all
 * zeros. */
static gboolean
get_polynomial (OrrConfig *config, const char *name, const double **coefs, int *n, GError **error)
{
  const double *values;
  int count, first = 0;

  if (!orr_param_get_vector (config, name, &values, &count, error))
    return FALSE;
  for (int i = 0; i < count; i++)
    if (!isfinite (values[i]))
      {
        orr_param_set_error (error, name, "must hold finite coefficients, not %g", values[i]);
        return FALSE;
      }
  while (first < count && values[first] == 0.0)
    first++;
  *coefs = values + first;
  *n = count - first;
  return TRUE;
}

gboolean
orr_companion_from_params (OrrConfig *config, const char *num_name, const char *den_name,
                           OrrCompanion *companion, GError **error)
{
  const double *num, *den;
  int n_num, n_den;

  memset (companion, 0, sizeof *companion);
  if (!get_polynomial (config, num_name, &num, &n_num, error)
      || !get_polynomial (config, den_name, &den, &n_den, error))
    return FALSE;
  return orr_companion_from_coefficients (num, n_num, den, n_den, num_name, den_name, companion,
                                          error);
}

gboolean
orr_companion_from_coefficients (const double *num, int n_num, const double *den, int n_den,
                                 const char *num_name, const char *den_name,
                                 OrrCompanion *companion, GError **error)
{
  int n;
  double *last_row, *c, b0;
  g_autofree double *b = NULL;

  memset (companion, 0, sizeof *companion);
  if (n_den == 0)
    {
      orr_param_set_error (error, den_name, "must not be zero");
      return FALSE;
    }
  n = n_den - 1;
  if (n_num - 1 > n)
    {
      orr_param_set_error (error, num_name,
                           "must not have a higher degree than '%s' (%d), not %d: the transfer "
                           "function must be proper",
                           den_name, n, n_num - 1);
      return FALSE;
    }

  /* The numerator over n + 1 coefficients, both divided by den's leading
   * one so that den is monic. */
  b = g_new0 (double, n + 1);
  for (int i = 0; i < n_num; i++)
    b[n + 1 - n_num + i] = num[i] / den[0];

  companion->n = n;
  companion->rpar = g_new0 (double, 2 * n + 1);
  last_row = companion->rpar;
  c = companion->rpar + n;
  b0 = b[0];
  /* State x(k+1) (0-based k) multiplies p^k of the monic denominator's
   * lower part: row n of A holds -a(n-k), and the strictly proper
   * remainder num - b0 den gives the output row. */
  for (int k = 0; k < n; k++)
    {
      double a = den[n - k] / den[0];
      last_row[k] = -a;
      c[k] = b[n - k] - b0 * a;
    }
  companion->rpar[2 * n] = b0;
  companion->biproper = n_num == n_den;
  return TRUE;
}

void
orr_companion_derivative (const double *rpar, int n, const double *x, double u, double *xd)
{
  double last = u;

  for (int k = 0; k + 1 < n; k++)
    xd[k] = x[k + 1];
  for (int k = 0; k < n; k++)
    last += rpar[k] * x[k];
  if (n > 0)
    xd[n - 1] = last;
}

double
orr_companion_output (const double *rpar, int n, const double *x, double u)
{
  /* A strictly proper system must not read u: it may not be computed yet. */
  double y = rpar[2 * n] != 0.0 ? rpar[2 * n] * u : 0.0;

  for (int k = 0; k < n; k++)
    y += rpar[n + k] * x[k];
  return y;
}

void
orr_companion_step (const double *rpar, int n, double *x, double u)
{
  double last = u;

  /* the new last state from the old ones, before the shift overwrites them */
  for (int k = 0; k < n; k++)
    last += rpar[k] * x[k];
  for (int k = 0; k + 1 < n; k++)
    x[k] = x[k + 1];
  if (n > 0)
    x[n - 1] = last;
}

void
orr_companion_matrix (const double *rpar, int n, double *a)
{
  memset (a, 0, sizeof (double) * n * n);
  for (int k = 0; k + 1 < n; k++)
    a[k + (k + 1) * n] = 1.0;
  for (int k = 0; k < n; k++)
    a[(n - 1) + k * n] = rpar[k];
}

/* ---- state space ----------------------------------------------------------- */

static gboolean
all_finite (OrrConfig *config, const char *name, const double *values, int n, GError **error)
{
  for (int i = 0; i < n; i++)
    if (!isfinite (values[i]))
      {
        orr_param_set_error (error, name, "must hold finite numbers, not %g", values[i]);
        return FALSE;
      }
  return TRUE;
}

gboolean
orr_state_space_from_params (OrrConfig *config, OrrStateSpace *ss, GError **error)
{
  const double *x0;
  int ar, ac, br, bc, cr, cc, dr, dc, xr, xc;

  memset (ss, 0, sizeof *ss);
  if (!orr_param_get_matrix (config, "A", &ss->a, &ar, &ac, error)
      || !all_finite (config, "A", ss->a, ar * ac, error))
    return FALSE;
  if (ar != ac)
    {
      orr_param_set_error (error, "A", "must be a square matrix, not %dx%d", ar, ac);
      return FALSE;
    }
  ss->n = ar;

  if (!orr_param_get_matrix (config, "B", &ss->b, &br, &bc, error)
      || !all_finite (config, "B", ss->b, br * bc, error))
    return FALSE;
  if (br != ss->n)
    {
      orr_param_set_error (error, "B", "must have as many rows as A (%d), not %d (it is %dx%d)",
                           ss->n, br, br, bc);
      return FALSE;
    }
  ss->m = bc;

  if (!orr_param_get_matrix (config, "C", &ss->c, &cr, &cc, error)
      || !all_finite (config, "C", ss->c, cr * cc, error))
    return FALSE;
  if (cc != ss->n)
    {
      orr_param_set_error (error, "C",
                           "must have as many columns as A has rows (%d), not %d (it is %dx%d)",
                           ss->n, cc, cr, cc);
      return FALSE;
    }
  ss->p = cr;

  if (!orr_config_get_doubles (config, "D", &ss->d, &dr, &dc, error)
      || !all_finite (config, "D", ss->d, dr * dc, error))
    return FALSE;
  if (dr * dc == 0 || (dr == 1 && dc == 1 && ss->d[0] == 0.0 && ss->p * ss->m != 1))
    ss->d = NULL; /* [] or 0: no direct feedthrough */
  else if (dr != ss->p || dc != ss->m)
    {
      orr_param_set_error (error, "D",
                           "must be %dx%d (as many rows as C, as many columns as B), or 0, not "
                           "%dx%d",
                           ss->p, ss->m, dr, dc);
      return FALSE;
    }
  for (int i = 0; ss->d != NULL && i < ss->p * ss->m; i++)
    if (ss->d[i] != 0.0)
      ss->feedthrough = TRUE;

  if (!orr_param_get_matrix (config, "x0", &x0, &xr, &xc, error)
      || !all_finite (config, "x0", x0, xr * xc, error))
    return FALSE;
  if (xr * xc != 1 && ((xr != 1 && xc != 1) || xr * xc != ss->n))
    {
      orr_param_set_error (error, "x0",
                           "must be a scalar or a vector with one value per state (%d), not %dx%d",
                           ss->n, xr, xc);
      return FALSE;
    }
  ss->x0 = g_new (double, ss->n);
  for (int i = 0; i < ss->n; i++)
    ss->x0[i] = xr * xc == 1 ? x0[0] : x0[i];
  return TRUE;
}

void
orr_state_space_clear (OrrStateSpace *ss)
{
  g_clear_pointer (&ss->x0, g_free);
}

void
orr_state_space_store (OrrConfig *config, const OrrStateSpace *ss)
{
  int n = ss->n, m = ss->m, p = ss->p;
  int ipar[4] = { n, m, p, ss->feedthrough };
  g_autofree double *rpar = g_new0 (double, n *n + n * m + p * n + p * m);

  memcpy (rpar, ss->a, sizeof (double) * n * n);
  memcpy (rpar + n * n, ss->b, sizeof (double) * n * m);
  memcpy (rpar + n * n + n * m, ss->c, sizeof (double) * p * n);
  if (ss->d != NULL)
    memcpy (rpar + n * n + n * m + p * n, ss->d, sizeof (double) * p * m);
  orr_config_set_rpar (config, rpar, n * n + n * m + p * n + p * m);
  orr_config_set_ipar (config, ipar, 4);
}

void
orr_state_space_view (const OrrSimBlock *block, OrrStateSpaceView *view)
{
  int n = block->ipar[0], m = block->ipar[1], p = block->ipar[2];

  view->n = n;
  view->m = m;
  view->p = p;
  view->a = block->rpar;
  view->b = view->a + n * n;
  view->c = view->b + n * m;
  view->d = view->c + p * n;
  view->feedthrough = block->ipar[3];
}

void
orr_state_space_output (const OrrStateSpaceView *ss, const double *x, const double *u, double *y)
{
  orr_matrix_vector (ss->c, ss->p, ss->n, x, y, FALSE);
  if (ss->feedthrough)
    orr_matrix_vector (ss->d, ss->p, ss->m, u, y, TRUE);
}

void
orr_state_space_derivative (const OrrStateSpaceView *ss, const double *x, const double *u,
                            double *xd)
{
  orr_matrix_vector (ss->a, ss->n, ss->n, x, xd, FALSE);
  orr_matrix_vector (ss->b, ss->n, ss->m, u, xd, TRUE);
}

void
orr_state_space_step (const OrrStateSpaceView *ss, double *x, const double *u, double *scratch)
{
  orr_state_space_derivative (ss, x, u, scratch);
  memcpy (x, scratch, sizeof (double) * ss->n);
}

void
orr_matrix_vector (const double *m, int rows, int cols, const double *v, double *out,
                   gboolean accumulate)
{
  if (!accumulate)
    memset (out, 0, sizeof (double) * rows);
  for (int j = 0; j < cols; j++)
    {
      double vj = v[j];

      if (vj == 0.0)
        continue;
      for (int i = 0; i < rows; i++)
        out[i] += m[i + j * rows] * vj;
    }
}

/* The coefficients of prod (p - r_i) over the roots in value (real or
 * complex), descending powers, into coefs (n + 1 values); FALSE naming the
 * parameter when complex roots do not come in conjugate pairs (the
 * product would have complex coefficients). */
static gboolean
polynomial_from_roots (OrrValue *value, const char *name, double *coefs, GError **error)
{
  int n = orr_value_numel (value);
  g_autofree double *re = g_new0 (double, n + 1);
  g_autofree double *im = g_new0 (double, n + 1);
  double scale = 1;

  re[0] = 1;
  for (int k = 0; k < n; k++)
    {
      double rr = orr_value_get_real (value, k), ri = orr_value_get_imag (value, k);

      if (!isfinite (rr) || !isfinite (ri))
        {
          orr_param_set_error (error, name, "must hold finite roots");
          return FALSE;
        }
      /* multiply by (p - r): coefficient j+1 gains - r * coefficient j */
      for (int j = k + 1; j >= 1; j--)
        {
          double pr = re[j - 1], pi = im[j - 1];

          re[j] -= rr * pr - ri * pi;
          im[j] -= rr * pi + ri * pr;
        }
      scale = MAX (scale, hypot (rr, ri));
    }
  for (int j = 0; j <= n; j++)
    {
      if (fabs (im[j]) > 1e-9 * pow (scale, j))
        {
          orr_param_set_error (error, name,
                               "must have its complex roots in conjugate pairs (a real system)");
          return FALSE;
        }
      coefs[j] = re[j];
    }
  return TRUE;
}

gboolean
orr_companion_from_pole_zero (OrrConfig *config, OrrCompanion *companion, GError **error)
{
  OrrValue *zeros = orr_config_get_param (config, "zeros");
  OrrValue *poles = orr_config_get_param (config, "poles");
  double gain;
  int nz, np;
  g_autofree double *num = NULL, *den = NULL;

  memset (companion, 0, sizeof *companion);
  if (!orr_param_get_finite (config, "gain", &gain, error))
    return FALSE;
  for (int i = 0; i < 2; i++)
    {
      OrrValue *v = i == 0 ? zeros : poles;
      const char *name = i == 0 ? "zeros" : "poles";
      OrrType type = v != NULL ? orr_value_get_type_id (v) : ORR_TYPE_STRING;

      if (v == NULL || type == ORR_TYPE_STRING
          || (!orr_value_is_empty (v) && orr_value_rows (v) != 1 && orr_value_cols (v) != 1))
        {
          orr_param_set_error (error, name, "must be a vector of roots, real or complex, or []");
          return FALSE;
        }
    }
  nz = orr_value_numel (zeros);
  np = orr_value_numel (poles);
  if (nz > np)
    {
      orr_param_set_error (error, "zeros",
                           "must not be more than the poles (%d), not %d: the transfer function "
                           "must be proper",
                           np, nz);
      return FALSE;
    }
  if (gain == 0)
    {
      orr_param_set_error (error, "gain", "must not be 0");
      return FALSE;
    }
  num = g_new0 (double, nz + 1);
  den = g_new0 (double, np + 1);
  if (!polynomial_from_roots (zeros, "zeros", num, error)
      || !polynomial_from_roots (poles, "poles", den, error))
    return FALSE;
  for (int j = 0; j <= nz; j++)
    num[j] *= gain;
  return orr_companion_from_coefficients (num, nz + 1, den, np + 1, "zeros", "poles", companion,
                                          error);
}

void
orr_companion_configure (OrrConfig *config, OrrCompanion *companion, gboolean discrete)
{
  int n = companion->n;

  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, companion->biproper);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, companion->rpar, 2 * n + 1);
  if (discrete)
    {
      orr_config_set_event_ports (config, 1, 0);
      orr_config_set_discrete_states (config, n, NULL);
    }
  else if (n > 0)
    {
      orr_config_set_states (config, n, NULL, FALSE);
      orr_config_set_always_active (config, TRUE);
      orr_config_set_jacobian (config, TRUE);
    }
  g_clear_pointer (&companion->rpar, g_free);
}

void
orr_companion_simulate_continuous (OrrSimBlock *block, OrrJob job)
{
  int n = block->nx;
  double u = orr_block_real_in (block, 0)[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = orr_companion_output (block->rpar, n, block->x, u);
        break;

      case ORR_JOB_DERIVATIVES:
        orr_companion_derivative (block->rpar, n, block->x, u, block->xd);
        break;

      case ORR_JOB_JACOBIAN:
        orr_companion_matrix (block->rpar, n, block->jacobian);
        break;

      default:
        break;
    }
}

void
orr_companion_simulate_discrete (OrrSimBlock *block, OrrJob job)
{
  int n = block->nz;
  double u = orr_block_real_in (block, 0)[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = orr_companion_output (block->rpar, n, block->z, u);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          orr_companion_step (block->rpar, n, block->z, u);
        break;

      default:
        break;
    }
}
