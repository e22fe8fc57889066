/* test-study-dialog.c: the New Study window on the bouncing ball. A sweep
 * of the restitution e set up in its fields and run from its Run action
 * must write a study file and a results folder whose every run has the
 * second impact at the analytic t1 (1 + 2 e), t1 = sqrt(2 h0 / g), show
 * every run in its
 * table, and show them again when the study file is opened in a new
 * window. A model never saved is refused with a message. */
#include "app-test-util.h"
#include "orr-study-dialog.h"

#include <math.h>
#include <orr-palettes.h>
#include <orrery/orr-io.h>
#include <orrery/orr-study.h>

static void
set_text (GtkWidget *window, const char *field, const char *text)
{
  GObject *entry = gtk_widget_get_template_child (window, ORR_TYPE_STUDY_DIALOG, field);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* The .orrs file the study window wrote in dir. */
static char *
find_study (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".orrs"))
      return g_build_filename (dir, name, NULL);
  return NULL;
}

static void
test_sweep (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-study-dialog-XXXXXX", NULL);
  g_autofree char *model_path = g_build_filename (dir, "ball.orr", NULL);
  g_autofree char *source
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "bouncing-ball.orr", NULL);
  g_autofree char *data = NULL, *study_path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (GFile) file = NULL;
  g_autoptr (OrrStudy) study = NULL;
  OrrStudyDialog *dialog, *again;
  GtkDropDown *var1;
  GtkLabel *message;
  GListModel *names;
  gint64 deadline;
  guint e_index = GTK_INVALID_LIST_POSITION;
  const double t1 = sqrt (2 * 10 / 9.81); /* h0 = 10 m, g = 9.81 m/s^2 in the example */

  g_assert_true (g_file_get_contents (source, &data, NULL, NULL));
  g_assert_true (g_file_set_contents (model_path, data, -1, NULL));
  model = orr_model_load_file (model_path, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (model_path);
  dialog = orr_study_dialog_new (NULL, model, file, registry);
  gtk_window_present (GTK_WINDOW (dialog));

  /* the context's variables are offered; choose e */
  var1 = GTK_DROP_DOWN (
    gtk_widget_get_template_child (GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "var1_drop"));
  names = gtk_drop_down_get_model (var1);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    {
      g_autoptr (GtkStringObject) s = g_list_model_get_item (names, i);
      if (g_strcmp0 (gtk_string_object_get_string (s), "e") == 0)
        e_index = i;
    }
  g_assert_cmpuint (e_index, !=, GTK_INVALID_LIST_POSITION);
  gtk_drop_down_set_selected (var1, e_index);
  set_text (GTK_WIDGET (dialog), "a1_entry", "0.6");
  set_text (GTK_WIDGET (dialog), "b1_entry", "0.9");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_widget_get_template_child (
                               GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "count1_spin")),
                             7);
  set_text (GTK_WIDGET (dialog), "final_entry", "4");
  /* the second impact: the second sample where the speed turns upwards */
  set_text (GTK_WIDGET (dialog), "metric_name_entry", "t2");
  set_text (GTK_WIDGET (dialog), "signal_entry", "Height and speed");
  set_text (GTK_WIDGET (dialog), "metric_expr_entry",
            "k = find(y(2:end,2) > 0 & y(1:end-1,2) <= 0); t2 = t(k(2)+1)");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "study.run", NULL));
  /* the study has ended when the window says where its results are */
  message = GTK_LABEL (
    gtk_widget_get_template_child (GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "message_label"));
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (strstr (gtk_label_get_text (message), "Results:") == NULL
         && g_get_monotonic_time () < deadline)
    app_test_spin (50);
  g_test_message ("%s", gtk_label_get_text (message));
  g_assert_nonnull (strstr (gtk_label_get_text (message), "7 runs, 0 failed"));
  study_path = find_study (dir);
  app_test_spin (500);
  app_test_keep_picture_of (GTK_WIDGET (dialog), "study-dialog");
  g_assert_cmpuint (orr_study_dialog_get_n_done (dialog), ==, 7);
  g_assert_nonnull (study_path);

  /* the results on disk, read back independently of the window */
  study = orr_study_load (study_path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 7; i++)
    {
      g_autoptr (OrrStudyRow) row = orr_study_read_row (study, i, &error);

      g_assert_no_error (error);
      g_assert_cmpint (row->status, ==, ORR_STUDY_RUN_OK);
      g_assert_cmpfloat_with_epsilon (row->params[0], 0.6 + 0.05 * i, 1e-12);
      /* t2 = t1 (1 + 2 e): the ball leaves the ground at e times the
       * impact speed g t1 and flies 2 e t1. The impacts are events, so
       * their times are samples, located to the solver's tolerances
       * (rtol 1e-8); 1e-6 s leaves a wide margin. */
      g_assert_cmpfloat_with_epsilon (row->metrics[0], t1 * (1 + 2 * row->params[0]), 1e-6);
    }
  {
    g_autofree char *results = orr_study_dup_results_dir (study);
    g_autofree char *csv = g_build_filename (results, "results.csv", NULL);
    g_autofree char *h5 = g_build_filename (results, "results.h5", NULL);

    g_assert_true (g_file_test (csv, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_test (h5, G_FILE_TEST_EXISTS));
  }

  /* Open Results in a new window shows the same runs */
  again = orr_study_dialog_new (NULL, model, file, registry);
  g_assert_true (orr_study_dialog_open (again, study_path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (orr_study_dialog_get_n_done (again), ==, 7);

  gtk_window_destroy (GTK_WINDOW (again));
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin (100);
  app_test_remove_tree (dir);
}

/* Stop keeps what finished: the table shows exactly the runs the results
 * folder holds, fewer than planned, and the window says so. */
static void
test_stop (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-study-dialog-XXXXXX", NULL);
  g_autofree char *model_path = g_build_filename (dir, "ball.orr", NULL);
  g_autofree char *source
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "bouncing-ball.orr", NULL);
  g_autofree char *data = NULL, *study_path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (GFile) file = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  OrrStudyDialog *dialog;
  GtkLabel *message;
  gint64 deadline;

  g_assert_true (g_file_get_contents (source, &data, NULL, NULL));
  g_assert_true (g_file_set_contents (model_path, data, -1, NULL));
  model = orr_model_load_file (model_path, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (model_path);
  dialog = orr_study_dialog_new (NULL, model, file, registry);
  message = GTK_LABEL (
    gtk_widget_get_template_child (GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "message_label"));
  gtk_window_present (GTK_WINDOW (dialog));
  /* the first variable (whichever the context lists first), many runs */
  set_text (GTK_WIDGET (dialog), "a1_entry", "0.6");
  set_text (GTK_WIDGET (dialog), "b1_entry", "0.9");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_widget_get_template_child (
                               GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "count1_spin")),
                             50000);
  set_text (GTK_WIDGET (dialog), "final_entry", "4");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "study.run", NULL));
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (orr_study_dialog_get_n_done (dialog) == 0 && g_get_monotonic_time () < deadline)
    app_test_spin (20);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "study.stop", NULL));
  while (strstr (gtk_label_get_text (message), "Stopped") == NULL
         && g_get_monotonic_time () < deadline)
    app_test_spin (20);
  g_test_message ("%s", gtk_label_get_text (message));
  g_assert_nonnull (strstr (gtk_label_get_text (message), "Stopped"));
  g_assert_cmpuint (orr_study_dialog_get_n_done (dialog), >, 0);
  g_assert_cmpuint (orr_study_dialog_get_n_done (dialog), <, 50000);

  study_path = find_study (dir);
  g_assert_nonnull (study_path);
  study = orr_study_load (study_path, &error);
  g_assert_no_error (error);
  plan = orr_study_make_plan (study, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orr_study_count_done (study, plan), ==, orr_study_dialog_get_n_done (dialog));

  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin (100);
  app_test_remove_tree (dir);
}

/* Save for Slurm writes the study and an executable script beside the
 * model that submits exactly that file with orrery-sim, and runs nothing. */
static void
test_slurm_script (void)
{
  g_autofree char *dir = g_dir_make_tmp ("orrery-study-dialog-XXXXXX", NULL);
  g_autofree char *model_path = g_build_filename (dir, "ball.orr", NULL);
  g_autofree char *source
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "bouncing-ball.orr", NULL);
  g_autofree char *data = NULL, *study_path = NULL, *script = NULL, *text = NULL;
  g_autofree char *base = NULL, *expected = NULL, *results = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (GFile) file = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  OrrStudyDialog *dialog;
  GStatBuf st;

  g_assert_true (g_file_get_contents (source, &data, NULL, NULL));
  g_assert_true (g_file_set_contents (model_path, data, -1, NULL));
  model = orr_model_load_file (model_path, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (model_path);
  dialog = orr_study_dialog_new (NULL, model, file, registry);
  set_text (GTK_WIDGET (dialog), "a1_entry", "0.6");
  set_text (GTK_WIDGET (dialog), "b1_entry", "0.9");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_widget_get_template_child (
                               GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "count1_spin")),
                             40);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "study.save-slurm", NULL));

  study_path = find_study (dir);
  g_assert_nonnull (study_path);
  script = g_strdup_printf ("%.*s-slurm.sh", (int)(strlen (study_path) - 5), study_path);
  g_assert_true (g_file_get_contents (script, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (script, &st), ==, 0);
  g_assert_true (st.st_mode & S_IXUSR);
  base = g_path_get_basename (study_path);
  expected = g_strdup_printf ("exec orrery-sim study run --slurm --tasks 16 \"%s\"", base);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, expected));
  study = orr_study_load (study_path, &error);
  g_assert_no_error (error);
  plan = orr_study_make_plan (study, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (orr_study_plan_get_n_runs (plan), ==, 40);
  /* nothing ran */
  results = orr_study_dup_results_dir (study);
  g_assert_false (g_file_test (results, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_remove_tree (dir);
}

static void
test_unsaved (void)
{
  g_autofree char *source
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "bouncing-ball.orr", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) model = orr_model_load_file (source, &error);
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  OrrStudyDialog *dialog = orr_study_dialog_new (NULL, model, NULL, registry);
  GtkLabel *message = GTK_LABEL (
    gtk_widget_get_template_child (GTK_WIDGET (dialog), ORR_TYPE_STUDY_DIALOG, "message_label"));

  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "study.run", NULL));
  g_assert_nonnull (strstr (gtk_label_get_text (message), "Save the model first"));
  g_assert_cmpuint (orr_study_dialog_get_n_done (dialog), ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/study-dialog/sweep", test_sweep);
  g_test_add_func ("/app/study-dialog/stop", test_stop);
  g_test_add_func ("/app/study-dialog/slurm-script", test_slurm_script);
  g_test_add_func ("/app/study-dialog/unsaved", test_unsaved);
  return g_test_run ();
}
