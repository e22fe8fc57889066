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
#include "orr-window.h"

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

static OrrLinearizeDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (ORR_IS_LINEARIZE_DIALOG (item))
        return ORR_LINEARIZE_DIALOG (item);
    }
  return NULL;
}

static void
poles_from_csv (const char *path, double *re, double *im, int max, int *n)
{
  g_autofree char *csv = NULL;
  g_auto (GStrv) lines = NULL;
  gboolean in_poles = FALSE;

  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  lines = g_strsplit (csv, "\n", -1);
  *n = 0;
  for (int i = 0; lines[i] != NULL; i++)
    if (lines[i][0] == '#')
      in_poles = g_str_has_prefix (lines[i], "# poles");
    else if (in_poles && *n < max && strchr (lines[i], ',') != NULL
             && strcmp (lines[i], "re,im") != 0)
      {
        re[*n] = g_ascii_strtod (lines[i], NULL);
        im[*n] = g_ascii_strtod (strchr (lines[i], ',') + 1, NULL);
        (*n)++;
      }
}

/* The user's way, on the example: open inverted-pendulum.orr in a window,
 * select the pendulum's plant, Linearize… (win.linearize, Ctrl+Shift+A):
 * the dialog comes up for that block; with th0 = 0 in its context values,
 * inputs 1 and outputs 1, 2, the window's poles are the seed's 0, 0,
 * +-4.97050 (sqrt(2940/119)). The equilibrium on a ramp (phi = 0.001,
 * varying U) linearizes too. Then the closed loop, whose controller the
 * context placed from the same linearization, runs to its end. */
static void
test_from_window (void)
{
  g_autoptr (OrrApplication) app = app_test_application_new ();
  g_autofree char *path
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "inverted-pendulum.orr", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *dir = g_dir_make_tmp ("orr-analysis-XXXXXX", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "pendulum.csv", NULL);
  g_auto (GStrv) accels = NULL;
  GError *error = NULL;
  OrrModel *model = orr_model_load_file (path, &error);
  OrrLinearizeDialog *dialog;
  OrrWindow *window;
  GtkWindow *analysis;
  double re[8], im[8];
  int n = 0;

  g_assert_no_error (error);
  window = orr_window_new (app, model, file);
  g_object_unref (model);
  gtk_application_add_window (GTK_APPLICATION (app), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
  app_test_spin (50);

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.linearize");
  g_assert_nonnull (accels[0]);
  {
    guint key = 0;
    GdkModifierType mods = 0;

    g_assert_true (gtk_accelerator_parse (accels[0], &key, &mods));
    g_assert_cmpuint (gdk_keyval_to_lower (key), ==, GDK_KEY_a);
    g_assert_cmpuint (mods, ==, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  }

  orr_canvas_unselect_all (orr_window_get_canvas (window));
  orr_canvas_select_block (orr_window_get_canvas (window),
                           orr_model_find_block (orr_window_get_model (window), "b1"), FALSE);
  g_action_group_activate_action (G_ACTION_GROUP (window), "linearize", NULL);
  app_test_spin (50);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_cmpstr (
    gtk_editable_get_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "block_entry"))), ==,
    "pendulum");
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "inputs_entry")), "1");
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "outputs_entry")), "1, 2");

  /* a context value that does not parse stays in the dialog, saying so */
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "set_entry")), "th0 = ");
  g_assert_null (orr_linearize_dialog_run (dialog));
  {
    GtkLabel *label = GTK_LABEL (gtk_widget_get_template_child (
      GTK_WIDGET (dialog), ORR_TYPE_LINEARIZE_DIALOG, "message_label"));

    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (label)));
    g_assert_true (g_str_has_prefix (gtk_label_get_text (label), "Context values"));
  }

  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "set_entry")), "th0 = 0");
  /* the message was about the field as it was */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), ORR_TYPE_LINEARIZE_DIALOG, "message_label"))));
  app_test_keep_picture (GTK_WINDOW (dialog), "linearize-dialog-pendulum");
  analysis = orr_linearize_dialog_run (dialog);
  g_assert_nonnull (analysis);
  orr_analysis_window_show_page (ORR_ANALYSIS_WINDOW (analysis), "bode");
  app_test_keep_picture (analysis, "analysis-example-bode");
  g_assert_true (orr_analysis_window_export (ORR_ANALYSIS_WINDOW (analysis), csv_path, &error));
  g_assert_no_error (error);
  poles_from_csv (csv_path, re, im, 8, &n);
  g_assert_cmpint (n, ==, 4);
  {
    int at_zero = 0, plus = 0, minus = 0;

    for (int i = 0; i < 4; i++)
      {
        g_assert_cmpfloat_with_epsilon (im[i], 0, 1e-6);
        if (fabs (re[i]) < 1e-5)
          at_zero++;
        else if (fabs (re[i] - sqrt (2940.0 / 119)) < 1e-5)
          plus++;
        else if (fabs (re[i] + sqrt (2940.0 / 119)) < 1e-5)
          minus++;
      }
    g_assert_cmpint (at_zero, ==, 2);
    g_assert_cmpint (plus, ==, 1);
    g_assert_cmpint (minus, ==, 1);
  }
  gtk_window_destroy (analysis);

  /* the equilibrium on a ramp of slope 0.001: found, and linearized */
  g_action_group_activate_action (G_ACTION_GROUP (window), "linearize", NULL);
  app_test_spin (50);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "set_entry")),
                         "th0 = 0; phi = 0.001");
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "trim_entry")), "U");
  analysis = orr_linearize_dialog_run (dialog);
  g_assert_nonnull (analysis);
  gtk_window_destroy (analysis);
  /* without the ramp's context values the angle is 0.02 off the top: no
   * equilibrium, said in the dialog */
  g_action_group_activate_action (G_ACTION_GROUP (window), "linearize", NULL);
  app_test_spin (50);
  dialog = find_dialog ();
  gtk_editable_set_text (GTK_EDITABLE (entry (GTK_WIDGET (dialog), "trim_entry")), "U");
  g_assert_null (orr_linearize_dialog_run (dialog));
  {
    GtkLabel *label = GTK_LABEL (gtk_widget_get_template_child (
      GTK_WIDGET (dialog), ORR_TYPE_LINEARIZE_DIALOG, "message_label"));

    g_assert_nonnull (strstr (gtk_label_get_text (label), "no equilibrium"));
    app_test_keep_picture (GTK_WINDOW (dialog), "linearize-dialog-no-equilibrium");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the closed loop runs to its final time */
  {
    gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
    g_autoptr (GVariant) state = NULL;

    g_action_group_activate_action (G_ACTION_GROUP (window), "run", NULL);
    do
      {
        g_clear_pointer (&state, g_variant_unref);
        app_test_spin (20);
        state = g_action_group_get_action_state (G_ACTION_GROUP (window), "run-state");
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_assert_cmpstr (g_variant_get_string (state, NULL), !=, "failed");
      }
    while (!g_str_equal (g_variant_get_string (state, NULL), "finished"));
    app_test_keep_picture (GTK_WINDOW (window), "analysis-example-closed-loop");
  }
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_remove_tree (dir);
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
  g_test_add_func ("/analysis-window/from-window", test_from_window);
  return g_test_run ();
}
