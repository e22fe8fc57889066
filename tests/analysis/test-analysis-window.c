/* test-analysis-window.c: the Linearize… dialog and the Linear Analysis
 * window under a display: the dialog (its GtkBuilder template) linearizes
 * the pendulum's plant and opens the window; the window's CSV export holds
 * the poles and a frequency response equal to the closed form; the
 * plots export as PNG and SVG; a bad port stays in the dialog with a
 * message. Pictures go to $ORRERY_TEST_OUTDIR for people to look at. */
#include "app-test-util.h"
#include "orr-analysis-window.h"
#include "orr-linearize-dialog.h"
#include "orr-palettes.h"

#include <orrery/orr-io.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static OrrModel *
load (const char *name)
{
  g_autofree char *path = g_build_filename (ORR_SOURCE_ROOT, "tests", "analysis", name, NULL);
  GError *error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);

  g_assert_no_error (error);
  return model;
}

static GtkEntry *
entry (GtkWidget *dialog, const char *name)
{
  GObject *child = gtk_widget_get_template_child (dialog, ORR_TYPE_LINEARIZE_DIALOG, name);

  g_assert_nonnull (child);
  return GTK_ENTRY (child);
}

static void
test_dialog_and_window (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrModel) model = load ("tf.orr");
  g_autofree char *dir = g_dir_make_tmp ("orr-analysis-XXXXXX", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "filter.csv", NULL);
  g_autofree char *png_path = g_build_filename (dir, "bode.png", NULL);
  g_autofree char *svg_path = g_build_filename (dir, "step.svg", NULL);
  g_autofree char *csv = NULL;
  OrrLinearizeDialog *dialog;
  GtkWindow *window;
  GError *error = NULL;
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");

  orr_palettes_register_standard (registry);
  dialog = orr_linearize_dialog_new (NULL, model, registry, "Filter");
  gtk_window_present (GTK_WINDOW (dialog));
  app_test_keep_picture (GTK_WINDOW (dialog), "linearize-dialog");
  g_assert_cmpstr (
    gtk_editable_get_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "block_entry"))), ==,
    "Filter");

  /* a port that does not exist: the dialog stays, and says so */
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "outputs_entry")), "3");
  g_assert_null (orr_linearize_dialog_run (dialog));
  {
    GtkLabel *label = GTK_LABEL (gtk_widget_get_template_child (
      GTK_WIDGET (dialog), ORR_TYPE_LINEARIZE_DIALOG, "message_label"));

    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (label)));
    g_assert_nonnull (strstr (gtk_label_get_text (label), "output 3"));
  }

  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "outputs_entry")), "1");
  window = orr_linearize_dialog_run (dialog);
  g_assert_nonnull (window);
  g_assert_true (ORR_IS_ANALYSIS_WINDOW (window));
  app_test_keep_picture (window, "analysis-matrices");
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (window), "bode");
  app_test_keep_picture (window, "analysis-bode");
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (window), "poles");
  app_test_keep_picture (window, "analysis-poles");
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (window), "step");
  app_test_keep_picture (window, "analysis-step");

  /* the CSV: poles -1 +- 3i, and |H(jw)| of (s + 3) / (s^2 + 2 s + 10) */
  g_assert_true (orr_analysis_window_export (ORR_ANALYSIS_WINDOW (window), csv_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  {
    g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
    int section = 0, n_poles = 0, n_freq = 0;

    for (int i = 0; lines[i] != NULL; i++)
      {
        if (g_str_has_prefix (lines[i], "# poles"))
          section = 1;
        else if (g_str_has_prefix (lines[i], "# zeros"))
          section = 2;
        else if (g_str_has_prefix (lines[i], "# frequency"))
          section = 3;
        else if (g_str_has_prefix (lines[i], "# step"))
          section = 4;
        else if (section == 1 && g_ascii_isdigit (lines[i][0] == '-' ? lines[i][1] : lines[i][0]))
          {
            double re = g_ascii_strtod (lines[i], NULL);
            double im = g_ascii_strtod (strchr (lines[i], ',') + 1, NULL);

            g_assert_cmpfloat_with_epsilon (re, -1, 1e-7);
            g_assert_cmpfloat_with_epsilon (fabs (im), 3, 1e-7);
            n_poles++;
          }
        else if (section == 3 && g_ascii_isdigit (lines[i][0]))
          {
            g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
            double w = g_ascii_strtod (f[0], NULL), db = g_ascii_strtod (f[1], NULL);
            double nr = 3, ni = w, dr = 10 - w * w, di = 2 * w;
            double exact = 10 * log10 ((nr * nr + ni * ni) / (dr * dr + di * di));

            g_assert_cmpfloat_with_epsilon (db, exact, 1e-6);
            n_freq++;
          }
      }
    g_assert_cmpint (n_poles, ==, 2);
    g_assert_cmpint (n_freq, >, 100);
  }
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (window), "bode");
  g_assert_true (orr_analysis_window_export (ORR_ANALYSIS_WINDOW (window), png_path, &error));
  g_assert_no_error (error);
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (window), "step");
  g_assert_true (orr_analysis_window_export (ORR_ANALYSIS_WINDOW (window), svg_path, &error));
  g_assert_no_error (error);
  {
    GStatBuf st;

    g_assert_cmpint (g_stat (png_path, &st), ==, 0);
    g_assert_cmpint (st.st_size, >, 1000);
    g_assert_cmpint (g_stat (svg_path, &st), ==, 0);
    g_assert_cmpint (st.st_size, >, 1000);
  }
  if (outdir != NULL)
    {
      g_autofree char *keep = g_build_filename (outdir, "analysis-export-bode.png", NULL);
      g_autofree char *data = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (png_path, &data, &len, NULL));
      g_assert_true (g_file_set_contents (keep, data, len, NULL));
    }
  g_assert_false (orr_analysis_window_export (ORR_ANALYSIS_WINDOW (window), "x.bmp", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  gtk_window_destroy (window);
  app_test_remove_tree (dir);
}

/* the pendulum: a window with four poles, one unstable, and two outputs */
static void
test_pendulum_window (void)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrModel) model = load ("pendulum.orr");
  g_autoptr (OrrLinearModel) lm = NULL;
  OrrLinearizeOptions options;
  int inputs[] = { 1 }, outputs[] = { 1, 2 };
  GError *error = NULL;
  OrrAnalysisWindow *window;

  orr_palettes_register_standard (registry);
  orr_linearize_options_init (&options);
  options.block = "pendulum";
  options.inputs = inputs;
  options.n_inputs = 1;
  options.outputs = outputs;
  options.n_outputs = 2;
  lm = orr_linearize (model, registry, &options, &error);
  g_assert_no_error (error);
  window = orr_analysis_window_new (NULL, lm, "pendulum");
  orr_analysis_window_show_page (window, "poles");
  app_test_keep_picture (GTK_WINDOW (window), "analysis-pendulum-poles");
  orr_analysis_window_show_page (window, "bode");
  app_test_keep_picture (GTK_WINDOW (window), "analysis-pendulum-bode");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis-window/dialog-and-window", test_dialog_and_window);
  g_test_add_func ("/analysis-window/pendulum", test_pendulum_window);
  return g_test_run ();
}
