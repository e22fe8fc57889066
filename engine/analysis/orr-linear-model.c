/* orr-linear-model.c: what a linear model (A, B, C, D) tells, and the
 * dense matrix tools controller design needs (eig, expm, ctrb, obsv,
 * place, lqr). Eigenvalues, linear solves and least squares come from
 * LAPACK; nothing here is its own eigen solver. */
#include "orr-analysis-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

static gboolean
lapack_failed (GError **error, const char *routine, const char *what, int info)
{
  g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC, "%s: %s (LAPACK %s, info %d)",
               what,
               info > 0 ? "the computation did not converge or the matrix is singular"
                        : "an argument was wrong",
               routine, info);
  return FALSE;
}

void
orr_analysis_matmul (int m, int k, int n, const double *a, const double *b, double *c)
{
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      {
        double s = 0;

        for (int l = 0; l < k; l++)
          s += a[i + l * m] * b[l + j * k];
        c[i + j * m] = s;
      }
}

/* ---- the model ------------------------------------------------------------- */

OrrLinearModel *
orr_linear_model_new (int nx, int nu, int ny)
{
  OrrLinearModel *m = g_new0 (OrrLinearModel, 1);

  m->nx = nx;
  m->nu = nu;
  m->ny = ny;
  m->a = g_new0 (double, MAX (nx * nx, 1));
  m->b = g_new0 (double, MAX (nx * nu, 1));
  m->c = g_new0 (double, MAX (ny * nx, 1));
  m->d = g_new0 (double, MAX (ny * nu, 1));
  m->x0 = g_new0 (double, MAX (nx, 1));
  m->u0 = g_new0 (double, MAX (nu, 1));
  m->y0 = g_new0 (double, MAX (ny, 1));
  m->state_names = g_new0 (char *, nx + 1);
  m->input_names = g_new0 (char *, nu + 1);
  m->output_names = g_new0 (char *, ny + 1);
  return m;
}

OrrLinearModel *
orr_linear_model_copy (const OrrLinearModel *src)
{
  OrrLinearModel *m = orr_linear_model_new (src->nx, src->nu, src->ny);

  memcpy (m->a, src->a, sizeof (double) * src->nx * src->nx);
  memcpy (m->b, src->b, sizeof (double) * src->nx * src->nu);
  memcpy (m->c, src->c, sizeof (double) * src->ny * src->nx);
  memcpy (m->d, src->d, sizeof (double) * src->ny * src->nu);
  if (src->x0 != NULL)
    memcpy (m->x0, src->x0, sizeof (double) * src->nx);
  if (src->u0 != NULL)
    memcpy (m->u0, src->u0, sizeof (double) * src->nu);
  if (src->y0 != NULL)
    memcpy (m->y0, src->y0, sizeof (double) * src->ny);
  m->sample_time = src->sample_time;
  for (int i = 0; i < src->nx; i++)
    m->state_names[i] = g_strdup (src->state_names != NULL ? src->state_names[i] : NULL);
  for (int i = 0; i < src->nu; i++)
    m->input_names[i] = g_strdup (src->input_names != NULL ? src->input_names[i] : NULL);
  for (int i = 0; i < src->ny; i++)
    m->output_names[i] = g_strdup (src->output_names != NULL ? src->output_names[i] : NULL);
  return m;
}

void
orr_linear_model_free (OrrLinearModel *m)
{
  if (m == NULL)
    return;
  g_free (m->a);
  g_free (m->b);
  g_free (m->c);
  g_free (m->d);
  g_free (m->x0);
  g_free (m->u0);
  g_free (m->y0);
  g_strfreev (m->state_names);
  g_strfreev (m->input_names);
  g_strfreev (m->output_names);
  g_free (m);
}

gboolean
orr_matrix_eig (int n, const double *a, double *re, double *im, GError **error)
{
  g_autofree double *copy = NULL;
  g_autofree double *work = NULL;
  int lwork = MAX (1, 4 * n), info = 0, one = 1;
  double dummy;

  if (n == 0)
    return TRUE;
  copy = g_memdup2 (a, sizeof (double) * n * n);
  work = g_new (double, lwork);
  dgeev_ ("N", "N", &n, copy, &n, re, im, &dummy, &one, &dummy, &one, work, &lwork, &info);
  if (info != 0)
    return lapack_failed (error, "dgeev", "eigenvalues", info);
  return TRUE;
}

gboolean
orr_linear_model_poles (const OrrLinearModel *m, double *re, double *im, GError **error)
{
  return orr_matrix_eig (m->nx, m->a, re, im, error);
}

gboolean
orr_linear_model_zeros (const OrrLinearModel *m, int iu, int iy, double *re, double *im, int *n,
                        GError **error)
{
  int nx = m->nx, np = nx + 1, info = 0, one = 1, lwork;
  g_autofree double *p = NULL;
  g_autofree double *q = NULL;
  g_autofree double *ar = NULL;
  g_autofree double *ai = NULL;
  g_autofree double *be = NULL;
  g_autofree double *work = NULL;
  double dummy, scale = 1;

  g_return_val_if_fail (iu >= 0 && iu < m->nu && iy >= 0 && iy < m->ny, FALSE);
  *n = 0;
  if (nx == 0)
    return TRUE;
  /* [A b; c d] - s [I 0; 0 0] loses rank at the zeros */
  p = g_new0 (double, np *np);
  q = g_new0 (double, np *np);
  for (int j = 0; j < nx; j++)
    {
      for (int i = 0; i < nx; i++)
        p[i + j * np] = m->a[i + j * nx];
      p[nx + j * np] = m->c[iy + j * m->ny];
      q[j + j * np] = 1;
    }
  for (int i = 0; i < nx; i++)
    p[i + nx * np] = m->b[i + iu * nx];
  p[nx + nx * np] = m->d[iy + iu * m->ny];
  for (int i = 0; i < np * np; i++)
    scale = MAX (scale, fabs (p[i]));
  ar = g_new (double, np);
  ai = g_new (double, np);
  be = g_new (double, np);
  lwork = 8 * np + 16;
  work = g_new (double, lwork);
  dggev_ ("N", "N", &np, p, &np, q, &np, ar, ai, be, &dummy, &one, &dummy, &one, work, &lwork,
          &info);
  if (info != 0)
    return lapack_failed (error, "dggev", "zeros", info);
  for (int i = 0; i < np; i++)
    {
      /* infinite eigenvalues (beta about zero) are not zeros */
      if (fabs (be[i]) <= 1e-10 * MAX (hypot (ar[i], ai[i]), DBL_MIN) || be[i] == 0
          || hypot (ar[i], ai[i]) / fabs (be[i]) > 1e8 * scale)
        continue;
      re[*n] = ar[i] / be[i];
      im[*n] = ai[i] / be[i];
      (*n)++;
    }
  return TRUE;
}

gboolean
orr_linear_model_dc_gain (const OrrLinearModel *m, int iu, int iy, double *gain)
{
  int n = m->nx, one = 1, info = 0;
  g_autofree double *a = NULL;
  g_autofree double *x = NULL;
  g_autofree int *ipiv = NULL;

  *gain = m->d[iy + iu * m->ny];
  if (n == 0)
    return TRUE;
  /* continuous: 0 = A x + b; discrete: x = A x + b */
  a = g_new (double, n *n);
  x = g_new (double, n);
  ipiv = g_new (int, n);
  for (int i = 0; i < n * n; i++)
    a[i] = -m->a[i];
  if (m->sample_time > 0)
    for (int i = 0; i < n; i++)
      a[i + i * n] += 1;
  for (int i = 0; i < n; i++)
    x[i] = m->b[i + iu * n];
  dgesv_ (&n, &one, a, &n, ipiv, x, &n, &info);
  if (info != 0)
    return FALSE;
  for (int j = 0; j < n; j++)
    *gain += m->c[iy + j * m->ny] * x[j];
  return isfinite (*gain);
}

gboolean
orr_linear_model_frequency_response (const OrrLinearModel *m, const double *w, int n_w, double *re,
                                     double *im, GError **error)
{
  int n = m->nx, nu = m->nu, ny = m->ny, info = 0;
  g_autofree OrrComplex *a = g_new (OrrComplex, MAX (n * n, 1));
  g_autofree OrrComplex *x = g_new (OrrComplex, MAX (n * nu, 1));
  g_autofree int *ipiv = g_new (int, MAX (n, 1));

  for (int k = 0; k < n_w; k++)
    {
      OrrComplex s;
      double *hr = re + (gsize)k * ny * nu, *hi = im + (gsize)k * ny * nu;

      if (m->sample_time > 0)
        s = (OrrComplex){ cos (w[k] * m->sample_time), sin (w[k] * m->sample_time) };
      else
        s = (OrrComplex){ 0, w[k] };
      if (n > 0)
        {
          for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
              a[i + j * n]
                = (OrrComplex){ (i == j ? s.re : 0) - m->a[i + j * n], i == j ? s.im : 0 };
          for (int i = 0; i < n * nu; i++)
            x[i] = (OrrComplex){ m->b[i], 0 };
          zgesv_ (&n, &nu, a, &n, ipiv, x, &n, &info);
          if (info > 0)
            {
              g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                           "the frequency %g rad/s is a pole of the model: the response is "
                           "infinite there",
                           w[k]);
              return FALSE;
            }
          if (info < 0)
            return lapack_failed (error, "zgesv", "frequency response", info);
        }
      for (int j = 0; j < nu; j++)
        for (int i = 0; i < ny; i++)
          {
            double sr = m->d[i + j * ny], si = 0;

            for (int l = 0; l < n; l++)
              {
                sr += m->c[i + l * ny] * x[l + j * n].re;
                si += m->c[i + l * ny] * x[l + j * n].im;
              }
            hr[i + j * ny] = sr;
            hi[i + j * ny] = si;
          }
    }
  return TRUE;
}

gboolean
orr_linear_model_step_response (const OrrLinearModel *m, int iu, double dt, int n_t, double *y,
                                GError **error)
{
  int n = m->nx, ny = m->ny;
  g_autofree double *ad = g_new0 (double, MAX (n * n, 1));
  g_autofree double *bd = g_new0 (double, MAX (n, 1));
  g_autofree double *x = g_new0 (double, MAX (n, 1));
  g_autofree double *xn = g_new0 (double, MAX (n, 1));

  g_return_val_if_fail (iu >= 0 && iu < m->nu, FALSE);
  if (m->sample_time > 0)
    {
      memcpy (ad, m->a, sizeof (double) * n * n);
      memcpy (bd, m->b + (gsize)iu * n, sizeof (double) * n);
    }
  else if (n > 0)
    {
      /* exp([A b; 0 0] dt) = [Ad bd; 0 1]: exact for a held input */
      int na = n + 1;
      g_autofree double *aug = g_new0 (double, na *na);
      g_autofree double *e = g_new0 (double, na *na);

      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
          aug[i + j * na] = m->a[i + j * n] * dt;
      for (int i = 0; i < n; i++)
        aug[i + n * na] = m->b[i + iu * n] * dt;
      if (!orr_matrix_expm (na, aug, e, error))
        return FALSE;
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
          ad[i + j * n] = e[i + j * na];
      for (int i = 0; i < n; i++)
        bd[i] = e[i + n * na];
    }
  for (int k = 0; k < n_t; k++)
    {
      for (int i = 0; i < ny; i++)
        {
          double s = m->d[i + iu * ny];

          for (int l = 0; l < n; l++)
            s += m->c[i + l * ny] * x[l];
          y[i + (gsize)k * ny] = s;
        }
      orr_analysis_matmul (n, n, 1, ad, x, xn);
      for (int i = 0; i < n; i++)
        x[i] = xn[i] + bd[i];
    }
  return TRUE;
}

/* ---- matrix tools ------------------------------------------------------------ */

gboolean
orr_matrix_expm (int n, const double *a, double *out, GError **error)
{
  const int q = 6;
  double norm = 0, c = 1;
  int s = 0, info = 0;
  g_autofree double *as = NULL;
  g_autofree double *x = NULL;
  g_autofree double *num = NULL;
  g_autofree double *den = NULL;
  g_autofree double *tmp = NULL;
  g_autofree int *ipiv = NULL;

  if (n == 0)
    return TRUE;
  for (int j = 0; j < n; j++)
    {
      double col = 0;

      for (int i = 0; i < n; i++)
        col += fabs (a[i + j * n]);
      norm = MAX (norm, col);
    }
  if (!isfinite (norm))
    {
      g_set_error_literal (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                           "expm: the matrix holds NaN or infinite values");
      return FALSE;
    }
  if (norm > 0.5)
    s = MAX (0, (int)ceil (log2 (norm / 0.5)));
  as = g_new (double, n *n);
  x = g_new0 (double, n *n);
  num = g_new0 (double, n *n);
  den = g_new0 (double, n *n);
  tmp = g_new (double, n *n);
  ipiv = g_new (int, n);
  for (int i = 0; i < n * n; i++)
    as[i] = ldexp (a[i], -s);
  for (int i = 0; i < n; i++)
    x[i + i * n] = num[i + i * n] = den[i + i * n] = 1;
  for (int k = 1; k <= q; k++)
    {
      c = c * (q - k + 1) / (k * (2.0 * q - k + 1));
      orr_analysis_matmul (n, n, n, as, x, tmp);
      memcpy (x, tmp, sizeof (double) * n * n);
      for (int i = 0; i < n * n; i++)
        {
          num[i] += c * x[i];
          den[i] += (k % 2 == 0 ? c : -c) * x[i];
        }
    }
  dgesv_ (&n, &n, den, &n, ipiv, num, &n, &info);
  if (info != 0)
    return lapack_failed (error, "dgesv", "expm", info);
  for (int k = 0; k < s; k++)
    {
      orr_analysis_matmul (n, n, n, num, num, tmp);
      memcpy (num, tmp, sizeof (double) * n * n);
    }
  memcpy (out, num, sizeof (double) * n * n);
  return TRUE;
}

void
orr_matrix_ctrb (int n, int m, const double *a, const double *b, double *out)
{
  /* out is n x (n m): block k is A^k B */
  if (n == 0 || m == 0)
    return;
  memcpy (out, b, sizeof (double) * n * m);
  for (int k = 1; k < n; k++)
    orr_analysis_matmul (n, n, m, a, out + (gsize)(k - 1) * n * m, out + (gsize)k * n * m);
}

void
orr_matrix_obsv (int n, int p, const double *a, const double *c, double *out)
{
  /* out is (n p) x n: rows k p .. k p + p - 1 are C A^k */
  int rows = n * p;
  g_autofree double *ck = g_memdup2 (c, sizeof (double) * MAX (p * n, 1));
  g_autofree double *next = g_new (double, MAX (p * n, 1));

  for (int k = 0; k < n; k++)
    {
      for (int j = 0; j < n; j++)
        for (int i = 0; i < p; i++)
          out[k * p + i + j * rows] = ck[i + j * p];
      orr_analysis_matmul (p, n, n, ck, a, next);
      memcpy (ck, next, sizeof (double) * p * n);
    }
}

/* Ackermann for one input: k = e_n' ctrb(A, b)^-1 p(A). Returns the
 * worst pivot ratio of ctrb's LU as a measure of controllability (0:
 * not controllable). */
static double
ackermann (int n, const double *a, const double *b, const double *pr, const double *pi, double *k)
{
  g_autofree double *ct = g_new (double, n *n);
  g_autofree double *ctt = g_new (double, n *n);
  g_autofree double *pa = g_new0 (double, n *n);
  g_autofree double *t1 = g_new (double, n *n);
  g_autofree double *t2 = g_new (double, n *n);
  g_autofree double *e = g_new0 (double, n);
  g_autofree int *ipiv = g_new (int, n);
  int one = 1, info = 0;
  double umin = G_MAXDOUBLE, umax = 0;

  orr_matrix_ctrb (n, 1, a, b, ct);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      ctt[j + i * n] = ct[i + j * n];
  e[n - 1] = 1;
  dgesv_ (&n, &one, ctt, &n, ipiv, e, &n, &info);
  if (info != 0)
    return 0;
  for (int i = 0; i < n; i++)
    {
      umin = MIN (umin, fabs (ctt[i + i * n]));
      umax = MAX (umax, fabs (ctt[i + i * n]));
    }
  /* p(A) as a product of real factors */
  for (int i = 0; i < n; i++)
    pa[i + i * n] = 1;
  for (int p = 0; p < n; p++)
    {
      if (pi[p] != 0 && p + 1 < n && pi[p + 1] == -pi[p] && pr[p + 1] == pr[p])
        {
          /* (A - p)(A - conj p) = A^2 - 2 Re p A + |p|^2 */
          orr_analysis_matmul (n, n, n, a, a, t1);
          for (int i = 0; i < n * n; i++)
            t1[i] -= 2 * pr[p] * a[i];
          for (int i = 0; i < n; i++)
            t1[i + i * n] += pr[p] * pr[p] + pi[p] * pi[p];
          p++;
        }
      else
        {
          memcpy (t1, a, sizeof (double) * n * n);
          for (int i = 0; i < n; i++)
            t1[i + i * n] -= pr[p];
        }
      orr_analysis_matmul (n, n, n, pa, t1, t2);
      memcpy (pa, t2, sizeof (double) * n * n);
    }
  orr_analysis_matmul (1, n, n, e, pa, k);
  return umax > 0 ? umin / umax : 0;
}

gboolean
orr_matrix_place (int n, int m, const double *a, const double *b, const double *pr,
                  const double *pi, double *k, GError **error)
{
  g_autofree double *v = g_new0 (double, MAX (m, 1));
  g_autofree double *best_v = g_new0 (double, MAX (m, 1));
  g_autofree double *bv = g_new0 (double, MAX (n, 1));
  g_autofree double *krow = g_new0 (double, MAX (n, 1));
  g_autofree double *best_k = g_new0 (double, MAX (n, 1));
  double best = 0;

  for (int p = 0; p < n; p++)
    if (pi[p] != 0)
      {
        gboolean paired = (p + 1 < n && pi[p + 1] == -pi[p] && pr[p + 1] == pr[p]);

        if (!paired)
          {
            g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                         "place: the complex pole %g%+gi needs its conjugate right after it", pr[p],
                         pi[p]);
            return FALSE;
          }
        p++;
      }
  if (n == 0)
    return TRUE;
  /* inputs one by one, then all together, then weighted: the best
   * conditioned controllable combination wins */
  for (int c = 0; c < m + 2; c++)
    {
      double quality;

      for (int j = 0; j < m; j++)
        v[j] = c < m ? (j == c) : c == m ? 1.0 : 1.0 + j * 0.618;
      orr_analysis_matmul (n, m, 1, b, v, bv);
      quality = ackermann (n, a, bv, pr, pi, krow);
      if (quality > best * 10 || (best == 0 && quality > 0))
        {
          best = quality;
          memcpy (best_v, v, sizeof (double) * m);
          memcpy (best_k, krow, sizeof (double) * n);
        }
      if (m == 1)
        break;
    }
  if (best < 1e-14)
    {
      g_set_error_literal (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                           "place: (A, B) is not controllable, so the poles cannot all be "
                           "placed");
      return FALSE;
    }
  /* K = v k */
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      k[i + j * m] = best_v[i] * best_k[j];
  return TRUE;
}

static int
select_stable (const double *wr, const double *wi)
{
  return *wr < 0;
}

gboolean
orr_matrix_lqr (int n, int m, const double *a, const double *b, const double *q, const double *r,
                const double *nmat, double *k, double *xout, GError **error)
{
  int n2 = 2 * n, info = 0, sdim = 0, lwork;
  g_autofree double *rinv_bt = g_new0 (double, MAX (m * n, 1)); /* R^-1 B' */
  g_autofree double *rinv_nt = g_new0 (double, MAX (m * n, 1)); /* R^-1 N' */
  g_autofree double *rc = g_memdup2 (r, sizeof (double) * MAX (m * m, 1));
  g_autofree double *h = g_new0 (double, MAX (n2 * n2, 1));
  g_autofree double *u = g_new0 (double, MAX (n2 * n2, 1));
  g_autofree double *wr = g_new0 (double, MAX (n2, 1));
  g_autofree double *wi = g_new0 (double, MAX (n2, 1));
  g_autofree double *work = NULL;
  g_autofree int *bwork = g_new0 (int, MAX (n2, 1));
  g_autofree int *ipiv = g_new0 (int, MAX (MAX (m, n), 1));
  g_autofree double *u11t = g_new0 (double, MAX (n * n, 1));
  g_autofree double *xt = g_new0 (double, MAX (n * n, 1));
  g_autofree double *x = g_new0 (double, MAX (n * n, 1));
  g_autofree double *bx = g_new0 (double, MAX (m * n, 1));

  if (n == 0)
    return TRUE;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      {
        rinv_bt[i + j * m] = b[j + i * n];
        rinv_nt[i + j * m] = nmat != NULL ? nmat[j + i * n] : 0;
      }
  {
    g_autofree double *rhs = g_new (double, 2 * m * n);

    memcpy (rhs, rinv_bt, sizeof (double) * m * n);
    memcpy (rhs + m * n, rinv_nt, sizeof (double) * m * n);
    {
      int nrhs = 2 * n;

      dgesv_ (&m, &nrhs, rc, &m, ipiv, rhs, &m, &info);
    }
    if (info != 0)
      {
        g_set_error_literal (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                             "lqr: R is singular; it must be positive definite");
        return FALSE;
      }
    memcpy (rinv_bt, rhs, sizeof (double) * m * n);
    memcpy (rinv_nt, rhs + m * n, sizeof (double) * m * n);
  }
  /* H = [A - B R^-1 N', -B R^-1 B'; -(Q - N R^-1 N'), -(A - B R^-1 N')'] */
  {
    g_autofree double *t = g_new (double, n *n);
    g_autofree double *s = g_new (double, n *n);
    g_autofree double *nn = g_new (double, n *n);

    orr_analysis_matmul (n, m, n, b, rinv_nt, t);
    orr_analysis_matmul (n, m, n, b, rinv_bt, s);
    if (nmat != NULL)
      orr_analysis_matmul (n, m, n, nmat, rinv_nt, nn);
    else
      memset (nn, 0, sizeof (double) * n * n);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++)
        {
          double ai = a[i + j * n] - t[i + j * n];

          h[i + j * n2] = ai;
          h[j + n + (i + n) * n2] = -ai;
          h[i + (j + n) * n2] = -s[i + j * n];
          h[i + n + j * n2] = -(q[i + j * n] - nn[i + j * n]);
        }
  }
  lwork = MAX (1, 8 * n2);
  work = g_new (double, lwork);
  dgees_ ("V", "S", select_stable, &n2, h, &n2, &sdim, wr, wi, u, &n2, work, &lwork, bwork, &info);
  if (info != 0 && info != n2 + 2)
    return lapack_failed (error, "dgees", "lqr (Schur form of the Hamiltonian)", info);
  if (sdim != n)
    {
      g_set_error (error, ORR_ANALYSIS_ERROR, ORR_ANALYSIS_ERROR_NUMERIC,
                   "lqr: the Hamiltonian has %d stable eigenvalues instead of %d: (A, B) must "
                   "be stabilizable and (A, Q) detectable",
                   sdim, n);
      return FALSE;
    }
  /* X = U21 U11^-1, i.e. U11' X' = U21' */
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      {
        u11t[j + i * n] = u[i + j * n2];
        xt[j + i * n] = u[i + n + j * n2];
      }
  dgesv_ (&n, &n, u11t, &n, ipiv, xt, &n, &info);
  if (info != 0)
    return lapack_failed (error, "dgesv", "lqr (Riccati solution)", info);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      x[i + j * n] = 0.5 * (xt[j + i * n] + xt[i + j * n]);
  /* K = R^-1 B' X + R^-1 N' */
  orr_analysis_matmul (m, n, n, rinv_bt, x, bx);
  for (int i = 0; i < m * n; i++)
    k[i] = bx[i] + rinv_nt[i];
  if (xout != NULL)
    memcpy (xout, x, sizeof (double) * n * n);
  return TRUE;
}
