/* orr-analysis-window.c: the Linear Analysis window (orr-analysis-
 * window.h). The responses are computed once, when the window opens:
 * Bode over a logarithmic grid two decades around the poles and zeros,
 * the step response over about five of the slowest stable time
 * constants. Bode and step curves are OrrSignalLogs drawn by the scopes'
 * OrrScopeDraw (the Bode logs' "time" is log10 of the frequency); the
 * pole/zero map is drawn here with the same ticks. */
#include "orr-analysis-window.h"

#include "orr-scope-draw.h"
#include "orr-signal-log.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#define N_FREQ 400
#define N_STEP 400
#define EXPORT_WIDTH 900
#define EXPORT_HEIGHT 600

struct _OrrAnalysisWindow
{
  GtkWindow parent_instance;

  OrrLinearModel *model;
  GtkStack *stack;
  GtkWidget *poles_area, *bode_area, *step_area;

  double *pole_re, *pole_im;
  GArray *zero_re, *zero_im; /* every channel's zeros */
  double *freq;              /* rad/s, N_FREQ */
  OrrSignalLog *magnitude, *phase, *step;
  OrrScopeDraw mag_draw, phase_draw, step_draw;
  double step_final;
  char *error; /* what could not be computed, shown on the matrices page */
};

G_DEFINE_FINAL_TYPE (OrrAnalysisWindow, orr_analysis_window, GTK_TYPE_WINDOW)

/* ---- computing ------------------------------------------------------------- */

static char *
channel_name (const OrrLinearModel *m, int iu, int iy)
{
  return g_strdup_printf ("%s → %s", m->input_names[iu] ? m->input_names[iu] : "u",
                          m->output_names[iy] ? m->output_names[iy] : "y");
}

static void
compute (OrrAnalysisWindow *self)
{
  OrrLinearModel *m = self->model;
  int nx = m->nx, nch = m->nu * m->ny;
  g_autoptr (GError) error = NULL;
  double lo = G_MAXDOUBLE, hi = 0, slowest = G_MAXDOUBLE;
  g_autofree double *zr = g_new0 (double, MAX (nx, 1));
  g_autofree double *zi = g_new0 (double, MAX (nx, 1));

  self->pole_re = g_new0 (double, MAX (nx, 1));
  self->pole_im = g_new0 (double, MAX (nx, 1));
  self->zero_re = g_array_new (FALSE, FALSE, sizeof (double));
  self->zero_im = g_array_new (FALSE, FALSE, sizeof (double));
  if (!orr_linear_model_poles (m, self->pole_re, self->pole_im, &error))
    {
      self->error = g_strdup (error->message);
      g_clear_error (&error);
    }
  for (int iu = 0; iu < m->nu; iu++)
    for (int iy = 0; iy < m->ny; iy++)
      {
        int n = 0;

        if (orr_linear_model_zeros (m, iu, iy, zr, zi, &n, NULL))
          {
            g_array_append_vals (self->zero_re, zr, n);
            g_array_append_vals (self->zero_im, zi, n);
          }
      }

  /* the frequency range: two decades around the poles' and zeros' sizes */
  for (int i = 0; i < nx; i++)
    {
      double r = hypot (self->pole_re[i], self->pole_im[i]);

      if (m->sample_time > 0)
        r = fabs (log (MAX (r, 1e-12))) / m->sample_time;
      if (r > 1e-9)
        {
          lo = MIN (lo, r);
          hi = MAX (hi, r);
        }
      if (m->sample_time == 0 && self->pole_re[i] < -1e-9)
        slowest = MIN (slowest, -self->pole_re[i]);
      if (m->sample_time > 0 && r > 1e-9 && hypot (self->pole_re[i], self->pole_im[i]) < 1)
        slowest = MIN (slowest, r);
    }
  if (hi == 0)
    lo = hi = 1;
  lo /= 100;
  hi *= 100;
  if (m->sample_time > 0)
    hi = MIN (hi, G_PI / m->sample_time);
  self->freq = g_new (double, N_FREQ);
  for (int k = 0; k < N_FREQ; k++)
    self->freq[k] = lo * pow (hi / lo, k / (N_FREQ - 1.0));

  self->magnitude = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, _ ("Magnitude (dB)"), MAX (nch, 1));
  self->phase = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, _ ("Phase (degrees)"), MAX (nch, 1));
  self->step = orr_signal_log_new (ORR_SIGNAL_LOG_TIME, _ ("Step response"), MAX (nch, 1));
  for (int iu = 0; iu < m->nu; iu++)
    for (int iy = 0; iy < m->ny; iy++)
      {
        g_autofree char *name = channel_name (m, iu, iy);
        int c = iu * m->ny + iy;

        orr_signal_log_set_channel_name (self->magnitude, c, name);
        orr_signal_log_set_channel_name (self->phase, c, name);
        orr_signal_log_set_channel_name (self->step, c, name);
      }
  if (nch > 0)
    {
      g_autofree double *hr = g_new0 (double, (gsize)N_FREQ *nch);
      g_autofree double *hi_ = g_new0 (double, (gsize)N_FREQ *nch);
      g_autofree double *t = g_new (double, N_FREQ);
      g_autofree double *mag = g_new (double, (gsize)N_FREQ *nch);
      g_autofree double *ph = g_new (double, (gsize)N_FREQ *nch);

      if (orr_linear_model_frequency_response (m, self->freq, N_FREQ, hr, hi_, &error))
        {
          for (int c = 0; c < nch; c++)
            {
              int iy = c % m->ny, iu = c / m->ny;
              double last = 0;

              for (int k = 0; k < N_FREQ; k++)
                {
                  int at = k * nch + iy + iu * m->ny;
                  double p = atan2 (hi_[at], hr[at]) * 180 / G_PI;

                  /* unwrapped, so that a phase through 180 degrees stays a line */
                  if (k > 0)
                    p += 360 * round ((last - p) / 360);
                  last = p;
                  mag[k * nch + c] = 20 * log10 (MAX (hypot (hr[at], hi_[at]), 1e-300));
                  ph[k * nch + c] = p;
                }
            }
          for (int k = 0; k < N_FREQ; k++)
            t[k] = log10 (self->freq[k]);
          orr_signal_log_append (self->magnitude, t, mag, N_FREQ);
          orr_signal_log_append (self->phase, t, ph, N_FREQ);
          orr_signal_log_set_time_span (self->magnitude, t[0], t[N_FREQ - 1]);
          orr_signal_log_set_time_span (self->phase, t[0], t[N_FREQ - 1]);
        }
      else if (self->error == NULL)
        self->error = g_strdup (error->message);
      g_clear_error (&error);
    }
  if (nch > 0)
    {
      double final = slowest < G_MAXDOUBLE ? 6 / slowest : 10;
      double dt = m->sample_time > 0 ? m->sample_time : final / (N_STEP - 1);
      int n = m->sample_time > 0 ? MIN (N_STEP, (int)ceil (final / dt) + 1) : N_STEP;
      g_autofree double *y = g_new0 (double, (gsize)m->ny *n);
      g_autofree double *rows = g_new0 (double, (gsize)nch *n);
      g_autofree double *t = g_new (double, n);

      for (int iu = 0; iu < m->nu; iu++)
        {
          if (!orr_linear_model_step_response (m, iu, dt, n, y, &error))
            break;
          for (int k = 0; k < n; k++)
            for (int iy = 0; iy < m->ny; iy++)
              rows[k * nch + iu * m->ny + iy] = y[k * m->ny + iy];
        }
      g_clear_error (&error);
      for (int k = 0; k < n; k++)
        t[k] = k * dt;
      orr_signal_log_append (self->step, t, rows, n);
      orr_signal_log_set_time_span (self->step, 0, t[n - 1]);
      self->step_final = t[n - 1];
    }
  orr_scope_draw_init (&self->mag_draw, self->magnitude);
  orr_scope_draw_init (&self->phase_draw, self->phase);
  orr_scope_draw_init (&self->step_draw, self->step);
  /* the Bode logs' times are log10 of the frequency: the axis shows it */
  self->mag_draw.x_label = self->phase_draw.x_label = _ ("Frequency (rad/s)");
  self->mag_draw.x_log10 = self->phase_draw.x_log10 = TRUE;
}

/* ---- drawing ------------------------------------------------------------------ */

static void
draw_log (OrrScopeDraw *draw, cairo_t *cr, int width, int height, const GdkRGBA *fg)
{
  double t0, t1, y0, y1;

  orr_signal_log_get_time_span (draw->log, &t0, &t1);
  draw->x0 = t0;
  draw->x1 = t1 > t0 ? t1 : t0 + 1;
  if (!orr_scope_draw_autoscale (draw->log, draw->x0, draw->x1, NULL, NULL, &y0, &y1))
    {
      y0 = -1;
      y1 = 1;
    }
  draw->y0 = y0;
  draw->y1 = y1;
  draw->grid = TRUE;
  draw->title = TRUE;
  draw->cursor_x = NAN;
  draw->foreground = *fg;
  draw->background = (GdkRGBA){ 0, 0, 0, 0 };
  draw->scale = 1;
  orr_scope_draw_render (draw, cr, width, height);
}

static void
draw_poles (OrrAnalysisWindow *self, cairo_t *cr, int width, int height, const GdkRGBA *fg)
{
  OrrLinearModel *m = self->model;
  double xmin = -1, xmax = 1, ymin = -1, ymax = 1, step, margin = 50;
  double pw = width - 2 * margin, ph = height - 2 * margin;
  g_autoptr (PangoLayout) layout = pango_cairo_create_layout (cr);

#define PX(x) (margin + ((x)-xmin) / (xmax - xmin) * pw)
#define PY(y) (margin + (ymax - (y)) / (ymax - ymin) * ph)
  for (int i = 0; i < m->nx; i++)
    {
      xmin = MIN (xmin, self->pole_re[i]);
      xmax = MAX (xmax, self->pole_re[i]);
      ymin = MIN (ymin, self->pole_im[i]);
      ymax = MAX (ymax, self->pole_im[i]);
    }
  for (guint i = 0; i < self->zero_re->len; i++)
    {
      xmin = MIN (xmin, g_array_index (self->zero_re, double, i));
      xmax = MAX (xmax, g_array_index (self->zero_re, double, i));
      ymin = MIN (ymin, g_array_index (self->zero_im, double, i));
      ymax = MAX (ymax, g_array_index (self->zero_im, double, i));
    }
  {
    double dx = (xmax - xmin) * 0.1, dy = (ymax - ymin) * 0.1;

    xmin -= dx;
    xmax += dx;
    ymin -= dy;
    ymax += dy;
  }
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, margin, margin, pw, ph);
  cairo_stroke (cr);
  /* ticks and grid, as the scopes draw them */
  cairo_save (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.15);
  for (double x = orr_scope_draw_ticks (xmin, xmax, 8, &step); x <= xmax; x += step)
    {
      g_autofree char *text = g_strdup_printf ("%g", fabs (x) < step * 1e-6 ? 0 : x);

      cairo_move_to (cr, PX (x), margin);
      cairo_line_to (cr, PX (x), margin + ph);
      cairo_stroke (cr);
      pango_layout_set_text (layout, text, -1);
      cairo_save (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_move_to (cr, PX (x) - 10, margin + ph + 4);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
    }
  for (double y = orr_scope_draw_ticks (ymin, ymax, 6, &step); y <= ymax; y += step)
    {
      g_autofree char *text = g_strdup_printf ("%g", fabs (y) < step * 1e-6 ? 0 : y);

      cairo_move_to (cr, margin, PY (y));
      cairo_line_to (cr, margin + pw, PY (y));
      cairo_stroke (cr);
      pango_layout_set_text (layout, text, -1);
      cairo_save (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_move_to (cr, 4, PY (y) - 8);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
    }
  cairo_restore (cr);
  /* the axes through 0, the stability boundary of continuous time; the
   * unit circle of discrete time */
  cairo_save (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.5);
  if (xmin < 0 && xmax > 0)
    {
      cairo_move_to (cr, PX (0), margin);
      cairo_line_to (cr, PX (0), margin + ph);
    }
  if (ymin < 0 && ymax > 0)
    {
      cairo_move_to (cr, margin, PY (0));
      cairo_line_to (cr, margin + pw, PY (0));
    }
  cairo_stroke (cr);
  if (m->sample_time > 0)
    {
      for (int k = 0; k <= 100; k++)
        {
          double a = 2 * G_PI * k / 100;

          (k == 0 ? cairo_move_to : cairo_line_to) (cr, PX (cos (a)), PY (sin (a)));
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
  /* poles: crosses; zeros: circles */
  cairo_set_line_width (cr, 2);
  gdk_cairo_set_source_rgba (cr, orr_scope_draw_color (0));
  for (int i = 0; i < m->nx; i++)
    {
      double x = PX (self->pole_re[i]), y = PY (self->pole_im[i]);

      cairo_move_to (cr, x - 6, y - 6);
      cairo_line_to (cr, x + 6, y + 6);
      cairo_move_to (cr, x - 6, y + 6);
      cairo_line_to (cr, x + 6, y - 6);
    }
  cairo_stroke (cr);
  gdk_cairo_set_source_rgba (cr, orr_scope_draw_color (1));
  for (guint i = 0; i < self->zero_re->len; i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, PX (g_array_index (self->zero_re, double, i)),
                 PY (g_array_index (self->zero_im, double, i)), 6, 0, 2 * G_PI);
    }
  cairo_stroke (cr);
  gdk_cairo_set_source_rgba (cr, fg);
  pango_layout_set_text (layout, _ ("Poles (×) and zeros (○): real part across, imaginary part up"),
                         -1);
  cairo_move_to (cr, margin, 10);
  pango_cairo_show_layout (cr, layout);
#undef PX
#undef PY
}

static void
draw_page (OrrAnalysisWindow *self, const char *page, cairo_t *cr, int width, int height,
           const GdkRGBA *fg)
{
  if (g_strcmp0 (page, "bode") == 0)
    {
      draw_log (&self->mag_draw, cr, width, height / 2, fg);
      cairo_save (cr);
      cairo_translate (cr, 0, height / 2);
      draw_log (&self->phase_draw, cr, width, height - height / 2, fg);
      cairo_restore (cr);
    }
  else if (g_strcmp0 (page, "step") == 0)
    draw_log (&self->step_draw, cr, width, height, fg);
  else
    draw_poles (self, cr, width, height, fg);
}

static void
widget_color (GtkWidget *widget, GdkRGBA *fg)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
draw_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  OrrAnalysisWindow *self = ORR_ANALYSIS_WINDOW (user_data);
  GdkRGBA fg;

  widget_color (GTK_WIDGET (area), &fg);
  draw_page (self, g_object_get_data (G_OBJECT (area), "page"), cr, width, height, &fg);
}

/* ---- the matrices as text --------------------------------------------------- */

static void
append_matrix (GString *s, const char *name, const double *a, int rows, int cols)
{
  g_string_append_printf (s, "%s (%d×%d)\n", name, rows, cols);
  for (int i = 0; i < rows; i++)
    {
      for (int j = 0; j < cols; j++)
        g_string_append_printf (s, " %12.6g", fabs (a[i + j * rows]) < 1e-13 ? 0 : a[i + j * rows]);
      g_string_append_c (s, '\n');
    }
  g_string_append_c (s, '\n');
}

static char *
matrices_text (OrrAnalysisWindow *self)
{
  OrrLinearModel *m = self->model;
  GString *s = g_string_new (NULL);

  if (m->sample_time > 0)
    g_string_append_printf (s, _ ("Discrete time, sample time %g s\n\n"), m->sample_time);
  else
    g_string_append (s, _ ("Continuous time\n\n"));
  g_string_append (s, _ ("States:"));
  for (int i = 0; i < m->nx; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : " ", m->state_names[i]);
  g_string_append (s, "\n\n");
  append_matrix (s, "A", m->a, m->nx, m->nx);
  append_matrix (s, "B", m->b, m->nx, m->nu);
  append_matrix (s, "C", m->c, m->ny, m->nx);
  append_matrix (s, "D", m->d, m->ny, m->nu);
  g_string_append (s, _ ("Poles:\n"));
  for (int i = 0; i < m->nx; i++)
    g_string_append_printf (s, "  %.6g %+.6gi\n", self->pole_re[i], self->pole_im[i]);
  g_string_append (s, _ ("Zeros:\n"));
  for (guint i = 0; i < self->zero_re->len; i++)
    g_string_append_printf (s, "  %.6g %+.6gi\n", g_array_index (self->zero_re, double, i),
                            g_array_index (self->zero_im, double, i));
  if (self->error != NULL)
    g_string_append_printf (s, "\n%s\n", self->error);
  return g_string_free (s, FALSE);
}

/* ---- export ------------------------------------------------------------------- */

static gboolean
export_csv (OrrAnalysisWindow *self, const char *path, GError **error)
{
  OrrLinearModel *m = self->model;
  g_autoptr (GString) s = g_string_new (NULL);
  guint nch = orr_signal_log_get_n_channels (self->magnitude);
  const char *names[] = { "A", "B", "C", "D" };
  const double *mats[] = { m->a, m->b, m->c, m->d };
  int rows[] = { m->nx, m->nx, m->ny, m->ny }, cols[] = { m->nx, m->nu, m->nx, m->nu };

  for (int k = 0; k < 4; k++)
    {
      g_string_append_printf (s, "# %s\n", names[k]);
      for (int i = 0; i < rows[k]; i++)
        for (int j = 0; j < cols[k]; j++)
          g_string_append_printf (s, "%.17g%s", mats[k][i + j * rows[k]],
                                  j + 1 < cols[k] ? "," : "\n");
    }
  g_string_append (s, "# poles\nre,im\n");
  for (int i = 0; i < m->nx; i++)
    g_string_append_printf (s, "%.17g,%.17g\n", self->pole_re[i], self->pole_im[i]);
  g_string_append (s, "# zeros\nre,im\n");
  for (guint i = 0; i < self->zero_re->len; i++)
    g_string_append_printf (s, "%.17g,%.17g\n", g_array_index (self->zero_re, double, i),
                            g_array_index (self->zero_im, double, i));
  g_string_append (s, "# frequency response\nw");
  for (guint c = 0; c < nch; c++)
    g_string_append_printf (s, ",\"%s dB\"", orr_signal_log_get_channel_name (self->magnitude, c));
  for (guint c = 0; c < nch; c++)
    g_string_append_printf (s, ",\"%s deg\"", orr_signal_log_get_channel_name (self->phase, c));
  g_string_append_c (s, '\n');
  for (guint64 k = 0; k < orr_signal_log_get_n_samples (self->magnitude); k++)
    {
      g_string_append_printf (s, "%.17g", pow (10, orr_signal_log_get_t (self->magnitude, k)));
      for (guint c = 0; c < nch; c++)
        g_string_append_printf (s, ",%.17g", orr_signal_log_get_value (self->magnitude, k, c));
      for (guint c = 0; c < nch; c++)
        g_string_append_printf (s, ",%.17g", orr_signal_log_get_value (self->phase, k, c));
      g_string_append_c (s, '\n');
    }
  g_string_append (s, "# step response\nt");
  for (guint c = 0; c < nch; c++)
    g_string_append_printf (s, ",\"%s\"", orr_signal_log_get_channel_name (self->step, c));
  g_string_append_c (s, '\n');
  for (guint64 k = 0; k < orr_signal_log_get_n_samples (self->step); k++)
    {
      g_string_append_printf (s, "%.17g", orr_signal_log_get_t (self->step, k));
      for (guint c = 0; c < nch; c++)
        g_string_append_printf (s, ",%.17g", orr_signal_log_get_value (self->step, k, c));
      g_string_append_c (s, '\n');
    }
  return g_file_set_contents (path, s->str, s->len, error);
}

gboolean
orr_analysis_window_export (OrrAnalysisWindow *self, const char *path, GError **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  GdkRGBA fg = { 0, 0, 0, 1 };

  g_return_val_if_fail (ORR_IS_ANALYSIS_WINDOW (self), FALSE);
  if (g_str_has_suffix (lower, ".csv"))
    return export_csv (self, path, error);
  if (g_str_has_suffix (lower, ".png"))
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, EXPORT_WIDTH, EXPORT_HEIGHT);
  else if (g_str_has_suffix (lower, ".svg"))
    surface = cairo_svg_surface_create (path, EXPORT_WIDTH, EXPORT_HEIGHT);
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _ ("Cannot export to “%s”: the name must end in .csv, .png or .svg"), path);
      return FALSE;
    }
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  draw_page (self, page, cr, EXPORT_WIDTH, EXPORT_HEIGHT, &fg);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && g_str_has_suffix (lower, ".png"))
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Cannot write “%s”: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static void
chooser_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  OrrAnalysisWindow *self = ORR_ANALYSIS_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;

      if (path != NULL && !orr_analysis_window_export (self, path, &error))
        g_warning ("%s", error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
export_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrAnalysisWindow *self = ORR_ANALYSIS_WINDOW (user_data);
  const char *format = g_variant_get_string (parameter, NULL);
  g_autofree char *name = g_strdup_printf ("linear-analysis.%s", format);
  GtkFileChooserNative *chooser
    = gtk_file_chooser_native_new (_ ("Export Linear Analysis"), GTK_WINDOW (self),
                                   GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_to_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrAnalysisWindow *self = ORR_ANALYSIS_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  const char *path = g_variant_get_string (parameter, NULL);

  if (!orr_analysis_window_export (self, path, &error))
    g_warning ("%s", error->message);
}

static void
page_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (user_data),
                                 g_variant_get_string (parameter, NULL));
}

static const GActionEntry analysis_actions[] = {
  { "export", export_activated, "s" },
  { "export-to", export_to_activated, "s" },
  { "page", page_activated, "s" },
};

/* ---- the window ----------------------------------------------------------------- */

static GtkWidget *
plot_page (OrrAnalysisWindow *self, const char *page)
{
  GtkWidget *area = gtk_drawing_area_new ();

  g_object_set_data (G_OBJECT (area), "page", (gpointer)page);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_area, self, NULL);
  gtk_widget_set_hexpand (area, TRUE);
  gtk_widget_set_vexpand (area, TRUE);
  return area;
}

static void
orr_analysis_window_finalize (GObject *object)
{
  OrrAnalysisWindow *self = ORR_ANALYSIS_WINDOW (object);

  orr_scope_draw_clear (&self->mag_draw);
  orr_scope_draw_clear (&self->phase_draw);
  orr_scope_draw_clear (&self->step_draw);
  g_clear_object (&self->magnitude);
  g_clear_object (&self->phase);
  g_clear_object (&self->step);
  g_clear_pointer (&self->model, orr_linear_model_free);
  g_free (self->pole_re);
  g_free (self->pole_im);
  g_clear_pointer (&self->zero_re, g_array_unref);
  g_clear_pointer (&self->zero_im, g_array_unref);
  g_free (self->freq);
  g_free (self->error);
  G_OBJECT_CLASS (orr_analysis_window_parent_class)->finalize (object);
}

static void
orr_analysis_window_class_init (OrrAnalysisWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = orr_analysis_window_finalize;
}

static void
orr_analysis_window_init (OrrAnalysisWindow *self)
{
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (group), analysis_actions,
                                   G_N_ELEMENTS (analysis_actions), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "analysis", G_ACTION_GROUP (group));
}

OrrAnalysisWindow *
orr_analysis_window_new (GtkWindow *parent, const OrrLinearModel *model, const char *title)
{
  OrrAnalysisWindow *self = g_object_new (ORR_TYPE_ANALYSIS_WINDOW, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *switcher = gtk_stack_switcher_new ();
  GtkWidget *export_button = gtk_menu_button_new ();
  GtkWidget *text = gtk_text_view_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autofree char *matrices = NULL;
  g_autofree char *window_title = g_strdup_printf (_ ("Linear Analysis — %s"), title);
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  self->model = orr_linear_model_copy (model);
  compute (self);

  gtk_window_set_title (GTK_WINDOW (self), window_title);
  gtk_window_set_default_size (GTK_WINDOW (self), 900, 640);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);

  g_menu_append (menu, _ ("_CSV Table…"), "analysis.export::csv");
  g_menu_append (menu, _ ("_PNG Image…"), "analysis.export::png");
  g_menu_append (menu, _ ("_SVG Image…"), "analysis.export::svg");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (export_button), G_MENU_MODEL (menu));
  gtk_menu_button_set_label (GTK_MENU_BUTTON (export_button), _ ("Export"));
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), export_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  /* Ctrl+E: PNG of the page shown; Ctrl+Shift+E: SVG; Ctrl+Shift+C: CSV */
  {
    const char *const keys[][2]
      = { { "<Control>e", "png" }, { "<Control><Shift>e", "svg" }, { "<Control><Shift>c", "csv" } };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        GtkShortcut *shortcut = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i][0]),
                                                  gtk_named_action_new ("analysis.export"));

        gtk_shortcut_set_arguments (shortcut, g_variant_new_string (keys[i][1]));
        gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), shortcut);
      }
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }

  self->stack = GTK_STACK (gtk_stack_new ());
  matrices = matrices_text (self);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (text), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (text), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (text), 12);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (text), 12);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (text)), matrices, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), text);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_stack_add_titled (self->stack, scrolled, "matrices", _ ("Matrices"));
  self->poles_area = plot_page (self, "poles");
  gtk_stack_add_titled (self->stack, self->poles_area, "poles", _ ("Poles and Zeros"));
  self->bode_area = plot_page (self, "bode");
  gtk_stack_add_titled (self->stack, self->bode_area, "bode", _ ("Bode"));
  self->step_area = plot_page (self, "step");
  gtk_stack_add_titled (self->stack, self->step_area, "step", _ ("Step Response"));
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->stack);
  gtk_header_bar_set_title_widget (GTK_HEADER_BAR (header), switcher);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  gtk_window_set_child (GTK_WINDOW (self), box);
  return self;
}

void
orr_analysis_window_show_page (OrrAnalysisWindow *self, const char *page)
{
  g_return_if_fail (ORR_IS_ANALYSIS_WINDOW (self));
  if (gtk_stack_get_child_by_name (self->stack, page) != NULL)
    gtk_stack_set_visible_child_name (self->stack, page);
}
