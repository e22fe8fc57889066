/* orrery-sim-analysis.c: helpers the linearize and trim subcommands
 * share (orrery-sim-analysis.h). */
#include "orrery-sim-analysis.h"

#include <orr-palettes.h>
#include <orrery/orr-io.h>

#include <glib/gi18n.h>
#include <math.h>
#include <matio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
orr_cli_usage_error (const char *command, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("orrery-sim %s: %s\n", command, text);
  g_printerr (_ ("Try 'orrery-sim %s --help'.\n"), command);
  return ORR_CLI_USAGE;
}

gboolean
orr_cli_parse_ports (const char *text, int **ports, int *n)
{
  g_auto (GStrv) parts = g_strsplit_set (text, ", ", -1);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; parts[i] != NULL; i++)
    {
      gint64 v;

      if (parts[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_signed (parts[i], 10, 1, 999, &v, NULL))
        {
          g_array_unref (out);
          return FALSE;
        }
      g_array_append_val (out, (int){ v });
    }
  *n = (int)out->len;
  *ports = (int *)g_array_free (out, FALSE);
  return *n > 0;
}

int
orr_cli_parse_sets (const char *command, char **sets, OrrScope *overrides)
{
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      const char *eq = strchr (sets[i], '=');
      g_autofree char *name = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (OrrValue) value = NULL;

      if (eq == NULL)
        return orr_cli_usage_error (command, _ ("--set needs NAME=EXPR, not '%s'"), sets[i]);
      name = g_strstrip (g_strndup (sets[i], eq - sets[i]));
      value = orr_expr_evaluate (eq + 1, NULL, &error);
      if (value == NULL)
        return orr_cli_usage_error (command, _ ("--set %s: %s"), name, error->message);
      orr_scope_pin (overrides, name, value);
    }
  return ORR_CLI_OK;
}

OrrModel *
orr_cli_load_model (const char *path)
{
  g_autoptr (GError) error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);

  if (model == NULL)
    g_printerr ("%s\n", error->message);
  return model;
}

OrrRegistry *
orr_cli_registry (void)
{
  OrrRegistry *registry = orr_registry_new ();

  orr_palettes_register_standard (registry);
  return registry;
}

void
orr_cli_json_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text != NULL ? text : ""; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if ((guchar)*p < 0x20)
        g_string_append_printf (out, "\\u%04x", (guchar)*p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
json_number (GString *out, double v)
{
  if (isfinite (v))
    g_string_append_printf (out, "%.17g", v);
  else
    g_string_append (out, "null");
}

static void
json_matrix (GString *out, const char *name, const double *m, int rows, int cols)
{
  g_string_append_printf (out, "  \"%s\": [", name);
  for (int i = 0; i < rows; i++)
    {
      g_string_append (out, i > 0 ? ", [" : "[");
      for (int j = 0; j < cols; j++)
        {
          if (j > 0)
            g_string_append (out, ", ");
          json_number (out, m[i + j * rows]);
        }
      g_string_append (out, "]");
    }
  g_string_append (out, "],\n");
}

static void
json_names (GString *out, const char *name, char **names, int n)
{
  g_string_append_printf (out, "  \"%s\": [", name);
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      orr_cli_json_string (out, names[i]);
    }
  g_string_append (out, "],\n");
}

static void
json_complex_list (GString *out, const double *re, const double *im, int n)
{
  g_string_append (out, "[");
  for (int i = 0; i < n; i++)
    {
      g_string_append (out, i > 0 ? ", {\"re\": " : "{\"re\": ");
      json_number (out, re[i]);
      g_string_append (out, ", \"im\": ");
      json_number (out, im[i]);
      g_string_append (out, "}");
    }
  g_string_append (out, "]");
}

static void
text_matrix (GString *out, const char *name, const double *m, int rows, int cols)
{
  if (rows == 0 || cols == 0)
    {
      g_string_append_printf (out, "%s = [] (%dx%d)\n", name, rows, cols);
      return;
    }
  g_string_append_printf (out, "%s =\n", name);
  for (int i = 0; i < rows; i++)
    {
      for (int j = 0; j < cols; j++)
        g_string_append_printf (out, " %13.6g",
                                fabs (m[i + j * rows]) < 1e-13 ? 0.0 : m[i + j * rows]);
      g_string_append_c (out, '\n');
    }
}

static void
text_complex (GString *out, double re, double im)
{
  if (fabs (im) < 1e-12 * MAX (1, fabs (re)))
    g_string_append_printf (out, "  %.6g\n", fabs (re) < 1e-13 ? 0.0 : re);
  else
    g_string_append_printf (out, "  %.6g %c %.6gi\n", re, im < 0 ? '-' : '+', fabs (im));
}

static gboolean
write_mat (const OrrLinearModel *lm, const char *path, GError **error)
{
  mat_t *mat = Mat_CreateVer (path, NULL, MAT_FT_MAT5);
  struct
  {
    const char *name;
    const double *data;
    size_t rows, cols;
  } vars[] = {
    { "A", lm->a, lm->nx, lm->nx }, { "B", lm->b, lm->nx, lm->nu },
    { "C", lm->c, lm->ny, lm->nx }, { "D", lm->d, lm->ny, lm->nu },
    { "x0", lm->x0, lm->nx, 1 },    { "u0", lm->u0, lm->nu, 1 },
    { "y0", lm->y0, lm->ny, 1 },    { "Ts", &lm->sample_time, 1, 1 },
  };

  if (mat == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _ ("cannot write '%s'"), path);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      size_t dims[2] = { vars[i].rows, vars[i].cols };
      matvar_t *var = Mat_VarCreate (vars[i].name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims,
                                     (void *)vars[i].data, MAT_F_DONT_COPY_DATA);

      if (var == NULL || Mat_VarWrite (mat, var, MAT_COMPRESSION_NONE) != 0)
        {
          if (var != NULL)
            Mat_VarFree (var);
          Mat_Close (mat);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _ ("cannot write '%s'"), path);
          return FALSE;
        }
      Mat_VarFree (var);
    }
  Mat_Close (mat);
  return TRUE;
}

/* A MATLAB char row vector: UTF-16 code units, as MATLAB keeps its
 * strings, so that names outside ASCII survive. */
static matvar_t *
mat_string (const char *name, const char *text)
{
  g_autofree gunichar2 *units = NULL;
  glong n = 0;
  size_t dims[2] = { 1, 0 };

  units = g_utf8_to_utf16 (text, -1, NULL, &n, NULL);
  if (units == NULL)
    units = g_utf8_to_utf16 ("?", -1, NULL, &n, NULL);
  dims[1] = (size_t)n;
  return Mat_VarCreate (name, MAT_C_CHAR, MAT_T_UINT16, 2, dims, units, 0);
}

/* A column cell of strings. */
static matvar_t *
mat_strings (const char *name, char *const *texts, int n)
{
  size_t dims[2] = { (size_t)n, 1 };
  matvar_t **cells = calloc (MAX (n, 1), sizeof (matvar_t *));
  matvar_t *var;

  for (int i = 0; i < n; i++)
    cells[i] = mat_string (NULL, texts[i]);
  /* the variable takes a copy of the array of cells, and the cells */
  var = Mat_VarCreate (name, MAT_C_CELL, MAT_T_CELL, 2, dims, cells, 0);
  if (var == NULL)
    for (int i = 0; i < n; i++)
      Mat_VarFree (cells[i]);
  free (cells);
  return var;
}

static matvar_t *
mat_doubles (const char *name, const double *data, int n)
{
  size_t dims[2] = { (size_t)n, 1 };

  return Mat_VarCreate (name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, (void *)data, 0);
}

gboolean
orr_cli_write_trim_mat (const OrrTrimResult *result, const char *path, GError **error)
{
  mat_t *mat = Mat_CreateVer (path, NULL, MAT_FT_MAT5);
  double iterations = result->iterations;
  matvar_t *vars[9];
  gboolean ok = TRUE;

  if (mat == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _ ("cannot write '%s'"), path);
      return FALSE;
    }
  vars[0] = mat_strings ("var_names", result->var_names, result->n_vars);
  vars[1] = mat_doubles ("vars", result->var_values, result->n_vars);
  vars[2] = mat_doubles ("x", result->x, result->nx);
  vars[3] = mat_doubles ("u", result->u, result->nu);
  vars[4] = mat_strings ("residual_names", result->residual_names, result->n_residuals);
  vars[5] = mat_doubles ("residuals", result->residuals, result->n_residuals);
  vars[6] = mat_doubles ("residual_norm", &result->residual_norm, 1);
  vars[7] = mat_doubles ("iterations", &iterations, 1);
  vars[8] = mat_string ("method", result->method);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      if (vars[i] == NULL || Mat_VarWrite (mat, vars[i], MAT_COMPRESSION_NONE) != 0)
        ok = FALSE;
      if (vars[i] != NULL)
        Mat_VarFree (vars[i]);
    }
  Mat_Close (mat);
  if (!ok)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _ ("cannot write '%s'"), path);
  return ok;
}

gboolean
orr_cli_write_linear_model (const OrrLinearModel *lm, const char *block, double at,
                            const char *format, const char *path, GError **error)
{
  return orr_cli_write_linear_model_full (lm, block, at, NULL, 0, format, path, error);
}

gboolean
orr_cli_write_linear_model_full (const OrrLinearModel *lm, const char *block, double at,
                                 const double *w, int n_w, const char *format, const char *path,
                                 GError **error)
{
  g_autofree double *hr = g_new0 (double, MAX (n_w * lm->nu * lm->ny, 1));
  g_autofree double *hi = g_new0 (double, MAX (n_w * lm->nu * lm->ny, 1));
  g_autofree double *pr = g_new0 (double, MAX (lm->nx, 1));
  g_autofree double *pi = g_new0 (double, MAX (lm->nx, 1));
  g_autofree double *zr = g_new0 (double, MAX (lm->nx, 1));
  g_autofree double *zi = g_new0 (double, MAX (lm->nx, 1));
  g_autoptr (GString) out = g_string_new (NULL);
  gboolean json = g_strcmp0 (format, "json") == 0;

  if (g_strcmp0 (format, "mat") == 0)
    {
      if (path == NULL)
        {
          g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                               _ ("--format mat needs --output FILE.mat"));
          return FALSE;
        }
      return write_mat (lm, path, error);
    }
  if (!orr_linear_model_poles (lm, pr, pi, error))
    return FALSE;

  if (json)
    {
      g_string_append (out, "{\n  \"block\": ");
      orr_cli_json_string (out, block != NULL ? block : "");
      g_string_append (out, ",\n  \"time\": ");
      json_number (out, at);
      g_string_append (out, ",\n  \"sample_time\": ");
      json_number (out, lm->sample_time);
      g_string_append (out, ",\n");
      json_names (out, "states", lm->state_names, lm->nx);
      json_names (out, "inputs", lm->input_names, lm->nu);
      json_names (out, "outputs", lm->output_names, lm->ny);
      json_matrix (out, "A", lm->a, lm->nx, lm->nx);
      json_matrix (out, "B", lm->b, lm->nx, lm->nu);
      json_matrix (out, "C", lm->c, lm->ny, lm->nx);
      json_matrix (out, "D", lm->d, lm->ny, lm->nu);
      json_matrix (out, "x0", lm->x0, lm->nx, lm->nx > 0 ? 1 : 0);
      json_matrix (out, "u0", lm->u0, lm->nu, lm->nu > 0 ? 1 : 0);
      json_matrix (out, "y0", lm->y0, lm->ny, lm->ny > 0 ? 1 : 0);
      g_string_append (out, "  \"poles\": ");
      json_complex_list (out, pr, pi, lm->nx);
      g_string_append (out, ",\n  \"zeros\": [");
    }
  else
    {
      g_string_append_printf (out, _ ("Linear model of %s at t = %g"),
                              block != NULL && block[0] != '\0' ? block : _ ("the model"), at);
      if (lm->sample_time > 0)
        g_string_append_printf (out, _ (" (discrete, sample time %g s)\n"), lm->sample_time);
      else
        g_string_append (out, _ (" (continuous time)\n"));
      g_string_append_printf (out, _ ("States (%d):"), lm->nx);
      for (int i = 0; i < lm->nx; i++)
        g_string_append_printf (out, "%s%s", i > 0 ? ", " : " ", lm->state_names[i]);
      g_string_append_printf (out, _ ("\nInputs (%d):"), lm->nu);
      for (int i = 0; i < lm->nu; i++)
        g_string_append_printf (out, "%s%s", i > 0 ? ", " : " ", lm->input_names[i]);
      g_string_append_printf (out, _ ("\nOutputs (%d):"), lm->ny);
      for (int i = 0; i < lm->ny; i++)
        g_string_append_printf (out, "%s%s", i > 0 ? ", " : " ", lm->output_names[i]);
      g_string_append_c (out, '\n');
      text_matrix (out, "A", lm->a, lm->nx, lm->nx);
      text_matrix (out, "B", lm->b, lm->nx, lm->nu);
      text_matrix (out, "C", lm->c, lm->ny, lm->nx);
      text_matrix (out, "D", lm->d, lm->ny, lm->nu);
      g_string_append (out, _ ("Poles:\n"));
      for (int i = 0; i < lm->nx; i++)
        text_complex (out, pr[i], pi[i]);
    }

  for (int iu = 0; iu < lm->nu; iu++)
    for (int iy = 0; iy < lm->ny; iy++)
      {
        int nz = 0;

        if (!orr_linear_model_zeros (lm, iu, iy, zr, zi, &nz, error))
          return FALSE;
        if (json)
          {
            g_string_append_printf (out, "%s{\"input\": %d, \"output\": %d, \"zeros\": ",
                                    iu + iy > 0 ? ", " : "", iu + 1, iy + 1);
            json_complex_list (out, zr, zi, nz);
            g_string_append (out, "}");
          }
        else
          {
            g_string_append_printf (out, _ ("Zeros from %s to %s:"), lm->input_names[iu],
                                    lm->output_names[iy]);
            g_string_append (out, nz == 0 ? _ (" none\n") : "\n");
            for (int i = 0; i < nz; i++)
              text_complex (out, zr[i], zi[i]);
          }
      }
  if (n_w > 0 && !orr_linear_model_frequency_response (lm, w, n_w, hr, hi, error))
    return FALSE;
  if (json)
    {
      g_string_append (out, "]");
      if (n_w > 0)
        {
          g_string_append (out, ",\n  \"frequency_response\": [");
          for (int k = 0; k < n_w; k++)
            {
              int nm = lm->ny * lm->nu;

              g_string_append (out, k > 0 ? ",\n    {\"w\": " : "\n    {\"w\": ");
              json_number (out, w[k]);
              g_string_append (out, ", \"H\": ");
              json_complex_list (out, hr + k * nm, hi + k * nm, nm);
              g_string_append (out, "}");
            }
          g_string_append (out, "]");
        }
      g_string_append (out, "\n}\n");
    }
  else if (n_w > 0)
    {
      g_string_append (out, _ ("Frequency response (w in rad/s; magnitude in dB, phase in "
                               "degrees):\n"));
      for (int iu = 0; iu < lm->nu; iu++)
        for (int iy = 0; iy < lm->ny; iy++)
          {
            g_string_append_printf (out, "  %s -> %s\n", lm->input_names[iu], lm->output_names[iy]);
            for (int k = 0; k < n_w; k++)
              {
                int at_k = k * lm->ny * lm->nu + iy + iu * lm->ny;
                double mag = hypot (hr[at_k], hi[at_k]);

                g_string_append_printf (out, "  %12.6g %12.6g %12.6g\n", w[k], 20 * log10 (mag),
                                        atan2 (hi[at_k], hr[at_k]) * 180 / G_PI);
              }
          }
    }

  if (path != NULL)
    return g_file_set_contents (path, out->str, out->len, error);
  fwrite (out->str, 1, out->len, stdout);
  return TRUE;
}
