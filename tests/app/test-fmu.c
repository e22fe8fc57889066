/* test-fmu.c: FMU blocks in the editor, end to end. The block dialog of
 * an FMU block lists the FMU's parameters with their start values (those
 * of the XML descriptions in tests/fmi/fmus) and shows a broken FMU's
 * message under the file field; choosing another file rebuilds that list,
 * keeping values typed for parameters of the same name; applying names
 * the block's ports after the FMU's variables, in one undo step. A run
 * through the window's run action gives the analytic results: the
 * bouncing ball's impacts at t1 = sqrt (2 h0 / g), then t1 (1 + 2e + ...
 * + 2e^(k-1)) with the restitution e set in the dialog (SEMANTICS.md
 * section 9), with the FMU's log of each bounce in the problems list; the
 * Co-Simulation integrator's y(t_k) = y0 + 3 t_k. The FMUs are the ones
 * tests/fmi builds ($FMU_DIR). Opening a model reads its FMUs on a
 * worker: with an FMU padded with a big entry and unpacking slowed down
 * (ORRERY_TEST_FMU_UNPACK_DELAY_US), the main loop keeps its timeouts
 * while the block shows "loading…", and the block then gets its ports and
 * label; Stop cancels the unpack, removes its folder and leaves the block
 * showing the problem in an editable model. Needs a display and a session
 * bus (xvfb-run ... dbus-run-session). */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-block-dialog.h"
#include "orr-form-buttons.h"
#include "orr-trust-dialog.h"
#include "orr-window.h"
#include "zip-forge.h"

#include <archive.h>
#include <archive_entry.h>
#include <glib/gstdio.h>
#include <math.h>
#include <orrery/orr-interface.h>
#include <string.h>
#include <sys/stat.h>

#define H0 10.0
#define G 9.81
/* the impacts the ODE solver locates, to within its tolerance (rtol 1e-10) */
#define IMPACT_TOLERANCE 1e-4

typedef struct
{
  OrrApplication *app;
  OrrWindow *window;
  char *dir;
} Fixture;

static const char model_head[]
  = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<orrery version=\"1.0\">\n"
    "  <settings start=\"0\" final=\"%g\" solver=\"auto\" rtol=\"1e-10\" atol=\"1e-12\" "
    "max-step=\"0\"/>\n"
    "  <diagram>\n";

/* A new FMU block ("b1", no file yet, called label), and a Scope b2 of n
 * inputs; before them, extra block text (a Constant b0). */
static void
open_model (Fixture *f, double final, const char *label, int n_scope_inputs, const char *extra)
{
  g_autofree char *head = g_strdup_printf (model_head, final);
  g_autofree char *path = g_build_filename (f->dir, "fmu.orr", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  text = g_strdup_printf (
    "%s%s"
    "    <block id=\"b1\" type=\"FMU\" x=\"120\" y=\"60\" width=\"80\" height=\"60\">\n"
    "      <label>%s</label>\n"
    "    </block>\n"
    "    <block id=\"b2\" type=\"Scope\" x=\"300\" y=\"60\" width=\"40\" height=\"40\">\n"
    "      <label>Trajectory</label>\n"
    "      <param name=\"inputs\">%d</param>\n"
    "      <ports in=\"%d\"/>\n"
    "    </block>\n"
    "  </diagram>\n"
    "</orrery>\n",
    head, extra, label, n_scope_inputs, n_scope_inputs);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_assert_nonnull (f->window);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_spin (100);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->app = g_object_ref (ORR_APPLICATION ((gpointer)data));
  f->dir = g_dir_make_tmp ("orrery-fmu-app-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  app_test_close_window (&f->window);
  app_test_spin (50);
  g_clear_object (&f->app);
  app_test_remove_tree (f->dir);
  g_free (f->dir);
}

static char *
fmu_path (const char *name)
{
  /* set by meson (tests/app/meson.build): where tests/fmi built them */
  g_assert_nonnull (g_getenv ("FMU_DIR"));
  return g_build_filename (g_getenv ("FMU_DIR"), name, NULL);
}

/* A path as the "file" parameter takes it: a string, quotes doubled. */
static char *
quote (const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, "'", -1);
  g_autofree char *doubled = g_strjoinv ("''", parts);

  return g_strdup_printf ("'%s'", doubled);
}

static char *
quoted_fmu (const char *name)
{
  g_autofree char *path = fmu_path (name);

  return quote (path);
}

static OrrBlock *
block (Fixture *f, const char *id)
{
  OrrBlock *b = orr_model_find_block (orr_window_get_model (f->window), id);

  g_assert_nonnull (b);
  return b;
}

/* The window's block dialog of block id, once it is up. */
static OrrBlockDialog *
open_dialog (Fixture *f, const char *id)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  orr_window_edit_block (f->window, block (f, id));
  app_test_spin (50);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ORR_IS_BLOCK_DIALOG (window))
        return ORR_BLOCK_DIALOG (window);
    }
  g_assert_not_reached ();
}

static void
set_text (OrrBlockDialog *dialog, const char *name, const char *text)
{
  GtkWidget *entry = orr_block_dialog_get_field (dialog, name);

  g_assert_true (GTK_IS_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static const char *
get_text (OrrBlockDialog *dialog, const char *name)
{
  GtkWidget *entry = orr_block_dialog_get_field (dialog, name);

  g_assert_true (GTK_IS_ENTRY (entry));
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

static const char *
port_label (OrrBlock *b, OrrPortKind kind, guint port)
{
  return ((OrrPort *)g_ptr_array_index (b->ports[kind], port - 1))->label;
}

static void
connect (Fixture *f, const char *from, guint from_port, const char *to, guint to_port)
{
  OrrModel *model = orr_window_get_model (f->window);
  OrrEndpoint a = { (char *)from, ORR_PORT_OUT, from_port };
  OrrEndpoint b = { (char *)to, ORR_PORT_IN, to_port };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &a, &b, &error));
  g_assert_no_error (error);
}

/* Runs through the window's run action until the run ends in state end
 * ("finished" or "failed"; the other of the two fails the test). */
static void
run_until (Fixture *f, const char *end)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  const char *other = strcmp (end, "finished") == 0 ? "failed" : "finished";

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "run"));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  /* the FMUs are the test's own: trusted when asked (/fmu/trust asks) */
  if (orr_window_get_trust_dialog (f->window) != NULL)
    g_action_group_activate_action (G_ACTION_GROUP (f->window), "trust-run", NULL);
  for (;;)
    {
      g_autoptr (GVariant) state
        = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "run-state");
      const char *s = g_variant_get_string (state, NULL);

      if (strcmp (s, end) == 0)
        break;
      g_assert_cmpstr (s, !=, other);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
    }
  /* the last messages and samples */
  app_test_spin (200);
}

/* The Scope b2's recording, exported by the window: rows of doubles,
 * time first; header is the expected first line (the curves' names). */
static GPtrArray *
scope_rows (Fixture *f, const char *header)
{
  g_autofree char *csv = g_build_filename (f->dir, "scope.csv", NULL);
  g_autofree char *table = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "export-scope-data",
                                  g_variant_new ("(ss)", "b2", csv));
  g_assert_true (g_file_get_contents (csv, &table, NULL, NULL));
  lines = g_strsplit (table, "\n", -1);
  g_assert_cmpstr (lines[0], ==, header);
  for (int i = 1; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = NULL;
      double *row;

      if (*lines[i] == '\0')
        continue;
      fields = g_strsplit (lines[i], ",", -1);
      row = g_new0 (double, g_strv_length (fields));
      for (int k = 0; fields[k] != NULL; k++)
        row[k] = g_ascii_strtod (fields[k], NULL);
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* The k-th impact (1-based) of a ball dropped from H0 with restitution e:
 * each flight after the first lasts e times the one before. */
static double
impact_time (guint k, double e)
{
  double t1 = sqrt (2 * H0 / G);
  double t = t1;

  for (guint j = 1; j < k; j++)
    t += 2 * t1 * pow (e, j);
  return t;
}

/* Every label of the window's problems list rows marked as warnings. */
static void
collect_warnings (GtkWidget *widget, gboolean in_warning, GPtrArray *texts)
{
  in_warning |= GTK_IS_LIST_BOX_ROW (widget) && gtk_widget_has_css_class (widget, "warning");
  if (in_warning && GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect_warnings (c, in_warning, texts);
}

static void
keep_window_picture (Fixture *f, const char *name)
{
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (outdir == NULL)
    return;
  path = g_build_filename (outdir, file, NULL);
  orr_window_screenshot (f->window, path, &error);
  g_assert_no_error (error);
}

/* A picture of the window if it has drawn yet: FALSE when not. */
static gboolean
try_window_picture (Fixture *f, const char *name)
{
  const char *outdir = g_getenv ("ORRERY_TEST_OUTDIR");
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = NULL;

  if (outdir == NULL)
    return TRUE;
  path = g_build_filename (outdir, file, NULL);
  return orr_window_screenshot (f->window, path, NULL);
}

static void
test_ball (Fixture *f, gconstpointer data)
{
  g_autofree char *quoted = quoted_fmu ("bouncing_ball.fmu");
  g_autofree char *broken = quoted_fmu ("broken.fmu");
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  OrrModel *model;
  OrrBlockDialog *dialog;
  OrrBlock *ball;
  const double e = 0.5;
  guint n_impacts = 0;
  guint n_logged = 0;

  open_model (f, 4, "Ball", 2, "");
  model = orr_window_get_model (f->window);
  ball = block (f, "b1");
  g_assert_cmpuint (ball->ports[ORR_PORT_OUT]->len, ==, 0);

  /* no file yet: no FMU parameters; choosing the file lists them, with
   * the start values of bouncing-ball.xml */
  dialog = open_dialog (f, "b1");
  g_assert_null (orr_block_dialog_get_field (dialog, "fmu.e"));
  set_text (dialog, "file", "'no-such-file.fmu'");
  g_assert_false (orr_form_is_valid (dialog));
  g_assert_true (gtk_widget_get_visible (orr_block_dialog_get_error_label (dialog, "file")));
  g_assert_nonnull (
    strstr (gtk_label_get_text (GTK_LABEL (orr_block_dialog_get_error_label (dialog, "file"))),
            "no-such-file.fmu"));
  /* a broken FMU: the engine's message, naming the description's fault */
  set_text (dialog, "file", broken);
  g_assert_false (orr_form_is_valid (dialog));
  g_assert_nonnull (
    strstr (gtk_label_get_text (GTK_LABEL (orr_block_dialog_get_error_label (dialog, "file"))),
            "has no valueReference"));
  g_assert_null (orr_block_dialog_get_field (dialog, "fmu.e"));
  set_text (dialog, "file", quoted);
  g_assert_true (orr_form_is_valid (dialog));
  g_assert_false (gtk_widget_get_visible (orr_block_dialog_get_error_label (dialog, "file")));
  g_assert_cmpstr (get_text (dialog, "fmu.g"), ==, "9.81");
  g_assert_cmpstr (get_text (dialog, "fmu.e"), ==, "0.9");
  /* only parameters: no field for the outputs h and v */
  g_assert_null (orr_block_dialog_get_field (dialog, "fmu.h"));
  set_text (dialog, "fmu.e", "0.5");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (orr_block_dialog_get_field (dialog, "logging")),
                               TRUE);
  /* a value that does not evaluate is refused like any other */
  set_text (dialog, "fmu.g", "9.81 +");
  g_assert_false (orr_form_is_valid (dialog));
  set_text (dialog, "fmu.g", "9.81");
  g_assert_true (orr_form_is_valid (dialog));
  /* the FMU's section, below the block's own fields, in view */
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (orr_block_dialog_get_field (dialog, "fmu.e"),
                                                   GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

    app_test_keep_picture (GTK_WINDOW (dialog), "fmu-dialog-top");
    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
    app_test_keep_picture (GTK_WINDOW (dialog), "fmu-dialog");
  }

  g_assert_true (orr_block_dialog_apply (dialog, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin (50);

  /* the FMU's outputs h and v, named; the time-event output unnamed */
  g_assert_cmpuint (ball->ports[ORR_PORT_OUT]->len, ==, 2);
  g_assert_cmpstr (port_label (ball, ORR_PORT_OUT, 1), ==, "h");
  g_assert_cmpstr (port_label (ball, ORR_PORT_OUT, 2), ==, "v");
  g_assert_cmpstr (orr_block_get_param (ball, "fmu.e"), ==, "0.5");
  /* fmu.g was left at its start value: not written */
  g_assert_null (orr_block_get_param (ball, "fmu.g"));

  /* one undo step takes the file, the parameter and the named ports back */
  g_assert_true (orr_model_undo (model));
  g_assert_cmpuint (ball->ports[ORR_PORT_OUT]->len, ==, 0);
  g_assert_null (orr_block_get_param (ball, "fmu.e"));
  g_assert_true (orr_model_redo (model));
  g_assert_cmpstr (port_label (ball, ORR_PORT_OUT, 2), ==, "v");

  connect (f, "b1", 1, "b2", 1);
  connect (f, "b1", 2, "b2", 2);
  run_until (f, "finished");
  g_assert_cmpstr (port_label (ball, ORR_PORT_OUT, 1), ==, "h");
  keep_window_picture (f, "fmu-window");

  /* the impacts, where v turns from falling to rising: the scope records
   * both sides of each at its time; the curves are named after the ports */
  rows = scope_rows (f, "time,Ball.h,Ball.v");
  g_assert_cmpuint (rows->len, >, 100);
  for (guint i = 1; i < rows->len; i++)
    {
      const double *before = rows->pdata[i - 1], *after = rows->pdata[i];

      if (before[2] < 0 && after[2] > 0)
        {
          n_impacts++;
          g_test_message ("impact %u at %.6f, expected %.6f", n_impacts, after[0],
                          impact_time (n_impacts, e));
          g_assert_cmpfloat_with_epsilon (after[0], impact_time (n_impacts, e), IMPACT_TOLERANCE);
        }
    }
  /* 1.42784, 2.85568, 3.56960, 3.92656 before t = 4 */
  g_assert_cmpfloat (impact_time (4, e), <, 4);
  g_assert_cmpfloat (impact_time (5, e), >, 4);
  g_assert_cmpuint (n_impacts, ==, 4);

  /* the FMU's log, one warning per bounce under the block's path */
  collect_warnings (GTK_WIDGET (f->window), FALSE, warnings);
  for (guint i = 0; i < warnings->len; i++)
    {
      const char *text = warnings->pdata[i];
      const char *at = strstr (text, "bounce at t = ");

      if (at == NULL)
        continue;
      g_assert_true (g_str_has_prefix (text, "FMU 'bouncing_ball.fmu' OK [events]"));
      /* the row's heading, just before: the block's path */
      g_assert_cmpuint (i, >, 0);
      g_assert_cmpstr (warnings->pdata[i - 1], ==, "Ball");
      n_logged++;
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (at + strlen ("bounce at t = "), NULL),
                                      impact_time (n_logged, e), IMPACT_TOLERANCE);
    }
  g_assert_cmpuint (n_logged, ==, 4);
}

/* Changing the file of a block that has FMU parameters set: values typed
 * for parameters of the same name stay, the other FMU's parameters
 * replace the old ones, and applying drops the old FMU's settings, all
 * in one undo step. */
static void
test_file_change (Fixture *f, gconstpointer data)
{
  g_autofree char *ball_file = fmu_path ("bouncing_ball.fmu");
  g_autofree char *copy_file = g_build_filename (f->dir, "ball's copy.fmu", NULL);
  g_autofree char *ball = quote (ball_file);
  g_autofree char *lag = quoted_fmu ("lag.fmu");
  g_autofree char *copy = quote (copy_file);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  OrrModel *model;
  OrrBlockDialog *dialog;
  OrrBlock *fmu;

  /* a copy of the ball whose name needs its quote doubled */
  g_assert_true (g_file_get_contents (ball_file, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy_file, contents, (gssize)length, NULL));
  open_model (f, 1, "Ball", 1, "");
  model = orr_window_get_model (f->window);
  fmu = block (f, "b1");
  orr_model_begin (model, "set up");
  orr_model_set_param (model, fmu, "file", ball);
  orr_model_set_param (model, fmu, "fmu.e", "0.7");
  orr_model_commit (model);

  dialog = open_dialog (f, "b1");
  g_assert_cmpstr (get_text (dialog, "fmu.e"), ==, "0.7");
  g_assert_cmpstr (get_text (dialog, "fmu.g"), ==, "9.81");
  set_text (dialog, "fmu.g", "9.5");
  set_text (dialog, "file", copy);
  g_assert_true (orr_form_is_valid (dialog));
  g_assert_cmpstr (get_text (dialog, "fmu.g"), ==, "9.5");
  g_assert_cmpstr (get_text (dialog, "fmu.e"), ==, "0.7");

  /* the lag: its own parameters, with lag.xml's start values */
  set_text (dialog, "file", lag);
  g_assert_true (orr_form_is_valid (dialog));
  g_assert_null (orr_block_dialog_get_field (dialog, "fmu.e"));
  g_assert_null (orr_block_dialog_get_field (dialog, "fmu.g"));
  g_assert_cmpstr (get_text (dialog, "fmu.T"), ==, "0.5");
  g_assert_cmpstr (get_text (dialog, "fmu.x0"), ==, "0");
  g_assert_cmpstr (get_text (dialog, "fmu.x_max"), ==, "1e30");
  g_assert_true (orr_block_dialog_apply (dialog, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_null (orr_block_get_param (fmu, "fmu.e"));
  g_assert_null (orr_block_get_param (fmu, "fmu.T"));
  g_assert_cmpuint (fmu->ports[ORR_PORT_IN]->len, ==, 1);
  g_assert_cmpuint (fmu->ports[ORR_PORT_OUT]->len, ==, 2);
  g_assert_cmpstr (port_label (fmu, ORR_PORT_IN, 1), ==, "u");
  g_assert_cmpstr (port_label (fmu, ORR_PORT_OUT, 1), ==, "y");
  g_assert_cmpstr (port_label (fmu, ORR_PORT_OUT, 2), ==, "resets");

  g_assert_true (orr_model_undo (model));
  g_assert_cmpstr (orr_block_get_param (fmu, "file"), ==, ball);
  g_assert_cmpstr (orr_block_get_param (fmu, "fmu.e"), ==, "0.7");
  g_assert_cmpuint (fmu->ports[ORR_PORT_IN]->len, ==, 0);
  g_remove (copy_file);
}

/* The interface carries the names configure gives the ports; a class
 * that names none leaves them NULL. */
static void
test_interface_labels (Fixture *f, gconstpointer data)
{
  OrrRegistry *registry = orr_application_get_registry (f->app);
  g_autofree char *quoted = quoted_fmu ("integrator.fmu");
  g_autoptr (OrrBlock) fmu = orr_block_new ("b1", "FMU");
  g_autoptr (OrrBlockInterface) iface = NULL;
  g_autoptr (OrrBlockInterface) gain = NULL;
  g_autoptr (GError) error = NULL;

  orr_block_add_param (fmu, "file", quoted);
  iface = orr_block_class_interface (orr_registry_lookup (registry, "FMU"), fmu, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (iface->n_in, ==, 1);
  g_assert_cmpint (iface->n_out, ==, 1);
  g_assert_cmpstr (iface->in[0].label, ==, "u");
  g_assert_cmpstr (iface->out[0].label, ==, "y");
  gain = orr_block_class_interface (orr_registry_lookup (registry, "Gain"), NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (gain->in[0].label);
  g_assert_null (gain->out[0].label);
}

/* An FMU that refuses to initialise: the run fails, and the FMU's own
 * message stays in the problems list under the error. */
static void
test_failed_run_keeps_log (Fixture *f, gconstpointer data)
{
  g_autofree char *quoted = quoted_fmu ("bouncing_ball.fmu");
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  OrrModel *model;
  OrrBlock *ball;
  gboolean found = FALSE;

  open_model (f, 1, "Ball", 2, "");
  model = orr_window_get_model (f->window);
  ball = block (f, "b1");
  orr_model_begin (model, "set up");
  orr_model_set_param (model, ball, "file", quoted);
  orr_model_set_param (model, ball, "fmu.e", "1.5");
  orr_model_set_port_count (model, ball, ORR_PORT_OUT, 2);
  orr_model_set_port_count (model, ball, ORR_PORT_EVENT_OUT, 1);
  orr_model_commit (model);
  connect (f, "b1", 1, "b2", 1);
  connect (f, "b1", 2, "b2", 2);

  run_until (f, "failed");
  collect_warnings (GTK_WIDGET (f->window), FALSE, warnings);
  for (guint i = 0; i < warnings->len; i++)
    found |= strstr (warnings->pdata[i], "the restitution e must be in [0, 1], not 1.5") != NULL;
  g_assert_true (found);
}

/* The Co-Simulation integrator: a Constant 3 into it, stepped every
 * 0.125 s, its y0 set in the dialog. */
static void
test_integrator (Fixture *f, gconstpointer data)
{
  g_autofree char *quoted = quoted_fmu ("integrator.fmu");
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;
  OrrBlockDialog *dialog;
  OrrBlock *fmu;
  guint k = 0;

  open_model (f, 1, "Integral", 1,
              "    <block id=\"b0\" type=\"Constant\" x=\"20\" y=\"60\" width=\"40\" "
              "height=\"40\">\n"
              "      <param name=\"value\">3</param>\n"
              "      <ports out=\"1\"/>\n"
              "    </block>\n");
  fmu = block (f, "b1");
  dialog = open_dialog (f, "b1");
  set_text (dialog, "file", quoted);
  set_text (dialog, "step", "0.125");
  /* integrator.xml: y0 starts at 0 */
  g_assert_cmpstr (get_text (dialog, "fmu.y0"), ==, "0");
  set_text (dialog, "fmu.y0", "1");
  g_assert_true (orr_block_dialog_apply (dialog, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_cmpuint (fmu->ports[ORR_PORT_IN]->len, ==, 1);
  g_assert_cmpuint (fmu->ports[ORR_PORT_OUT]->len, ==, 1);
  g_assert_cmpstr (port_label (fmu, ORR_PORT_IN, 1), ==, "u");
  g_assert_cmpstr (port_label (fmu, ORR_PORT_OUT, 1), ==, "y");

  connect (f, "b0", 1, "b1", 1);
  connect (f, "b1", 1, "b2", 1);
  run_until (f, "finished");
  keep_window_picture (f, "fmu-integrator-window");

  /* y(t_k) = y0 + 3 t_k at t_k = k / 8 (binary fractions: exact) */
  rows = scope_rows (f, "time,Integral");
  for (guint i = 0; i < rows->len; i++)
    {
      const double *row = rows->pdata[i];

      g_assert_cmpfloat_with_epsilon (row[0], k * 0.125, 1e-12);
      g_assert_cmpfloat_with_epsilon (row[1], 1 + 3 * k * 0.125, 1e-12);
      k++;
    }
  g_assert_cmpuint (k, ==, 9);
}

static const char *
run_state (Fixture *f)
{
  g_autoptr (GVariant) state
    = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "run-state");
  static char text[32];

  g_strlcpy (text, g_variant_get_string (state, NULL), sizeof text);
  return text;
}

/* The trust question, driven through the window's actions: the first run
 * of a model with an FMU asks, listing the block and the FMU, and runs
 * nothing until the answer; Cancel (window.close) runs nothing; "Trust and
 * Run" (win.trust-run) runs and is remembered for this file and this FMU
 * (the user config folder is the test's), so the next run, also in a new
 * window on the same file, asks nothing; another FMU under the same name
 * (other bytes, another hash) asks again. */
static void
test_trust (Fixture *f, gconstpointer data)
{
  g_autofree char *ball = fmu_path ("bouncing_ball.fmu");
  g_autofree char *lag = fmu_path ("lag.fmu");
  g_autofree char *local = g_build_filename (f->dir, "plant.fmu", NULL);
  g_autofree char *model_path = g_build_filename (f->dir, "fmu.orr", NULL);
  g_autofree char *store
    = g_build_filename (g_get_user_config_dir (), "orrery", "trusted-models", NULL);
  g_autofree char *bytes = NULL;
  g_autofree char *old_dir = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (model_path);
  gsize length;
  OrrModel *model;
  OrrBlock *b;
  GtkWindow *dialog;
  const char *list;

  g_assert_nonnull (strstr (store, "orrery-fmu-config-")); /* never the user's own */
  g_remove (store);                                        /* what the other tests trusted */
  g_assert_true (g_file_get_contents (ball, &bytes, &length, NULL));
  g_assert_true (g_file_set_contents (local, bytes, length, NULL));
  open_model (f, 1, "Ball", 2, "");
  model = orr_window_get_model (f->window);
  b = block (f, "b1");
  orr_model_begin (model, "set up");
  orr_model_set_param (model, b, "file", "'plant.fmu'");
  orr_model_set_port_count (model, b, ORR_PORT_OUT, 2);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_OUT, 1);
  orr_model_commit (model);
  /* the FMU's relative name is read from the working folder */
  old_dir = g_get_current_dir ();
  g_assert_cmpint (g_chdir (f->dir), ==, 0);
  g_assert_true (orr_window_save_to (f->window, file, &error));
  g_assert_no_error (error);

  /* asked; nothing runs; Cancel */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  app_test_spin (50);
  dialog = orr_window_get_trust_dialog (f->window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  list = orr_trust_dialog_get_list_text (ORR_TRUST_DIALOG (dialog));
  g_test_message ("%s", list);
  g_assert_nonnull (strstr (list, "Ball"));
  g_assert_nonnull (strstr (list, "FMU"));
  g_assert_nonnull (strstr (list, "plant.fmu"));
  g_assert_cmpstr (run_state (f), ==, "idle");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  app_test_spin (50);
  g_assert_null (orr_window_get_trust_dialog (f->window));
  g_assert_cmpstr (run_state (f), ==, "idle");
  g_assert_false (g_file_test (store, G_FILE_TEST_EXISTS));

  /* asked again; trusted: runs and is remembered */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  app_test_spin (50);
  dialog = orr_window_get_trust_dialog (f->window);
  g_assert_nonnull (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "win.trust-run", NULL);
  app_test_spin (50);
  g_assert_null (orr_window_get_trust_dialog (f->window));
  g_assert_true (g_file_test (store, G_FILE_TEST_IS_REGULAR));
  while (strcmp (run_state (f), "finished") != 0)
    {
      g_assert_cmpstr (run_state (f), !=, "failed");
      g_main_context_iteration (NULL, TRUE);
    }

  /* a new window on the same file: not asked */
  orr_window_close_confirmed (f->window);
  app_test_spin (50);
  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_spin (50);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  g_assert_null (orr_window_get_trust_dialog (f->window));
  while (strcmp (run_state (f), "finished") != 0)
    {
      g_assert_cmpstr (run_state (f), !=, "failed");
      g_main_context_iteration (NULL, TRUE);
    }

  /* other code under the same name: asked again */
  g_clear_pointer (&bytes, g_free);
  g_assert_true (g_file_get_contents (lag, &bytes, &length, NULL));
  g_assert_true (g_file_set_contents (local, bytes, length, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "run", NULL);
  app_test_spin (50);
  dialog = orr_window_get_trust_dialog (f->window);
  g_assert_nonnull (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  app_test_spin (50);
  g_assert_cmpint (g_chdir (old_dir), ==, 0);
}

/* ---- opening a model with a big FMU ---------------------------------------- */

/* The entries of the FMU source (in $FMU_DIR) plus resources/padding.bin
 * of padding zero bytes, stored (not compressed), written to path. */
static void
write_padded_fmu (const char *path, const char *source, gsize padding)
{
  g_autofree char *from = fmu_path (source);
  struct archive *in = archive_read_new ();
  struct archive *out = archive_write_new ();
  struct archive_entry *entry;
  g_autofree char *zeros = g_malloc0 (padding);

  archive_read_support_format_zip (in);
  g_assert_cmpint (archive_read_open_filename (in, from, 64 * 1024), ==, ARCHIVE_OK);
  archive_write_set_format_zip (out);
  archive_write_set_options (out, "zip:compression=store");
  g_assert_cmpint (archive_write_open_filename (out, path), ==, ARCHIVE_OK);
  while (archive_read_next_header (in, &entry) == ARCHIVE_OK)
    {
      la_int64_t size = archive_entry_size (entry);
      g_autofree char *data = g_malloc (MAX (size, 1));

      g_assert_cmpint (archive_read_data (in, data, size), ==, size);
      g_assert_cmpint (archive_write_header (out, entry), ==, ARCHIVE_OK);
      g_assert_cmpint (archive_write_data (out, data, size), ==, size);
    }
  entry = archive_entry_new ();
  archive_entry_set_pathname (entry, "resources/padding.bin");
  archive_entry_set_filetype (entry, AE_IFREG);
  archive_entry_set_perm (entry, 0644);
  archive_entry_set_size (entry, (la_int64_t)padding);
  g_assert_cmpint (archive_write_header (out, entry), ==, ARCHIVE_OK);
  g_assert_cmpint (archive_write_data (out, zeros, padding), ==, (la_ssize_t)padding);
  archive_entry_free (entry);
  g_assert_cmpint (archive_write_close (out), ==, ARCHIVE_OK);
  archive_write_free (out);
  archive_read_free (in);
}

/* 8 MiB: at least 128 blocks of 64 KiB for the unpack to pause after */
#define PADDING (8u << 20)

typedef struct
{
  gint64 last, max_gap;
  guint ticks;
} Ticker;

static gboolean
tick (gpointer data)
{
  Ticker *t = data;
  gint64 now = g_get_monotonic_time ();

  if (t->last != 0)
    t->max_gap = MAX (t->max_gap, now - t->last);
  t->last = now;
  t->ticks++;
  return G_SOURCE_CONTINUE;
}

/* Opens a model with one FMU block b1 reading the padded FMU fmu (its
 * ports as the file saves them: ports, e.g. "<ports in=\"1\" out=\"1\"/>",
 * or ""), without waiting; the FMU cache is cache. */
static void
open_fmu_model (Fixture *f, const char *fmu, const char *ports, const char *cache, guint delay_us)
{
  g_autofree char *path = g_build_filename (f->dir, "big.orr", NULL);
  g_autofree char *quoted = quote (fmu);
  g_autofree char *text = NULL;
  g_autofree char *delay = g_strdup_printf ("%u", delay_us);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  text = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<orrery version=\"1.0\">\n"
    "  <settings start=\"0\" final=\"1\" solver=\"auto\"/>\n"
    "  <diagram>\n"
    "    <block id=\"b1\" type=\"FMU\" x=\"120\" y=\"60\" width=\"80\" height=\"60\">\n"
    "      <label>Integral</label>\n"
    "      <param name=\"file\">%s</param>\n"
    "      <param name=\"step\">0.125</param>\n"
    "      %s\n"
    "    </block>\n"
    "  </diagram>\n"
    "</orrery>\n",
    quoted, ports);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_setenv ("ORRERY_FMU_CACHE", cache, TRUE);
  g_setenv ("ORRERY_TEST_FMU_UNPACK_DELAY_US", delay, TRUE);
  file = g_file_new_for_path (path);
  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_assert_nonnull (f->window);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 600);
  gtk_window_present (GTK_WINDOW (f->window));
}

static OrrCanvasBlockStatus
block_status (Fixture *f, const char **text)
{
  OrrCanvasBlockStatus status;
  const char *t = orr_canvas_get_block_status (orr_window_get_canvas (f->window), "b1", &status);

  if (text != NULL)
    *text = t;
  return status;
}

/* Entries of folder (the FMU cache): none after a cancelled unpack; one
 * "unpack-" folder while one unpacks. */
static guint
count_entries (const char *folder, const char *prefix)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    n += prefix == NULL || g_str_has_prefix (name, prefix);
  return n;
}

static void
restore_env (const char *cache)
{
  if (cache != NULL)
    g_setenv ("ORRERY_FMU_CACHE", cache, TRUE);
  else
    g_unsetenv ("ORRERY_FMU_CACHE");
  g_unsetenv ("ORRERY_TEST_FMU_UNPACK_DELAY_US");
}

/* The window is up and the main loop runs while the FMU unpacks: a 20 ms
 * timeout keeps firing (no gap of 600 ms while the unpack takes over 1.5
 * s); the block shows "loading…" meanwhile, then the FMU's model
 * name, and gets the ports the file did not save, named after the FMU's
 * variables (integrator.xml: u and y). */
static void
test_open_off_thread (Fixture *f, gconstpointer data)
{
  g_autofree char *old_cache = g_strdup (g_getenv ("ORRERY_FMU_CACHE"));
  g_autofree char *cache = g_build_filename (f->dir, "cache", NULL);
  g_autofree char *fmu = g_build_filename (f->dir, "padded.fmu", NULL);
  Ticker ticker = { 0 };
  gboolean pictured = FALSE;
  gint64 opened, ready, deadline;
  const char *text = NULL;
  OrrBlock *b;
  guint timer;

  write_padded_fmu (fmu, "integrator.fmu", PADDING);
  opened = g_get_monotonic_time ();
  /* 15 ms after each of at least 128 blocks: about two seconds */
  open_fmu_model (f, fmu, "", cache, 15000);
  /* nothing was read on this thread: the block waits for the worker */
  g_assert_cmpint (block_status (f, &text), ==, ORR_CANVAS_BLOCK_LOADING);
  g_assert_cmpstr (text, ==, "loading…");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "stop"));

  timer = g_timeout_add (20, tick, &ticker);
  deadline = opened + 30 * G_USEC_PER_SEC;
  while (block_status (f, NULL) == ORR_CANVAS_BLOCK_LOADING)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
      /* the header bar's progress, for people to look at, once the
       * window has drawn */
      if (!pictured && ticker.ticks >= 25)
        pictured = try_window_picture (f, "fmu-loading");
    }
  ready = g_get_monotonic_time ();
  g_source_remove (timer);
  restore_env (old_cache);

  g_test_message ("unpacked in %.2f s; %u ticks, the longest gap %.0f ms", (ready - opened) / 1e6,
                  ticker.ticks, ticker.max_gap / 1e3);
  /* the unpack outlasts the longest gap allowed by far: on the GTK
   * thread it would be one gap */
  g_assert_cmpint (ready - opened, >, 3 * G_USEC_PER_SEC / 2);
  g_assert_cmpint (ticker.max_gap, <, 600 * 1000);
  g_assert_cmpuint (ticker.ticks, >=, (ready - opened) / (200 * 1000));

  g_assert_cmpint (block_status (f, &text), ==, ORR_CANVAS_BLOCK_READY);
  g_assert_cmpstr (text, ==, "Integrator");
  b = block (f, "b1");
  g_assert_cmpuint (b->ports[ORR_PORT_IN]->len, ==, 1);
  g_assert_cmpuint (b->ports[ORR_PORT_OUT]->len, ==, 1);
  g_assert_cmpstr (port_label (b, ORR_PORT_IN, 1), ==, "u");
  g_assert_cmpstr (port_label (b, ORR_PORT_OUT, 1), ==, "y");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "stop"));
  /* the whole FMU, padding too, is in the cache; no private folder stays */
  g_assert_cmpuint (count_entries (cache, NULL), ==, 1);
  g_assert_cmpuint (count_entries (cache, "unpack-"), ==, 0);
}

/* Stop while the FMU unpacks: the worker stops within a block, its
 * private folder goes, the cache stays empty; the block keeps the ports
 * the file saved and shows "unpacking cancelled"; the model can still be
 * edited and undone. */
static void
test_open_cancel (Fixture *f, gconstpointer data)
{
  g_autofree char *old_cache = g_strdup (g_getenv ("ORRERY_FMU_CACHE"));
  g_autofree char *cache = g_build_filename (f->dir, "cache", NULL);
  g_autofree char *fmu = g_build_filename (f->dir, "padded.fmu", NULL);
  OrrModel *model;
  const char *text = NULL;
  gint64 deadline, stopped;
  OrrBlock *b;

  write_padded_fmu (fmu, "integrator.fmu", PADDING);
  /* 30 ms a block: about 4 s to unpack, if nobody stops it */
  open_fmu_model (f, fmu, "<ports in=\"1\" out=\"1\"/>", cache, 30000);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (count_entries (cache, "unpack-") == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_assert_cmpint (block_status (f, NULL), ==, ORR_CANVAS_BLOCK_LOADING);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  app_test_spin (200);
  g_assert_cmpint (block_status (f, NULL), ==, ORR_CANVAS_BLOCK_LOADING);

  stopped = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "stop", NULL);
  while (block_status (f, NULL) == ORR_CANVAS_BLOCK_LOADING)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, stopped + 2 * G_USEC_PER_SEC);
      g_main_context_iteration (NULL, FALSE);
    }
  app_test_spin (50);
  restore_env (old_cache);

  g_assert_cmpint (block_status (f, &text), ==, ORR_CANVAS_BLOCK_PROBLEM);
  g_assert_cmpstr (text, ==, "unpacking cancelled");
  try_window_picture (f, "fmu-cancelled");
  g_assert_nonnull (strstr (orr_window_get_message (f->window), "cancelled"));
  /* nothing half-unpacked, nothing in the cache */
  g_assert_cmpuint (count_entries (cache, NULL), ==, 0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "stop"));

  model = orr_window_get_model (f->window);
  b = block (f, "b1");
  g_assert_cmpuint (b->ports[ORR_PORT_IN]->len, ==, 1);
  g_assert_cmpuint (b->ports[ORR_PORT_OUT]->len, ==, 1);
  g_assert_false (orr_model_get_modified (model));
  orr_model_begin (model, "Rename");
  orr_model_set_block_label (model, b, "Renamed");
  orr_model_commit (model);
  g_assert_cmpstr (b->label, ==, "Renamed");
  g_assert_true (orr_model_undo (model));
  g_assert_cmpstr (b->label, ==, "Integral");
}

/* Hostile files named as FMUs, in one model: a FIFO (which would block a
 * reader waiting for a writer), a device, a missing file and a zip bomb.
 * The window opens at once; each block is refused by the worker with the
 * engine's message in the problems list and shows a problem; the window
 * stays usable. */
static void
test_open_hostile (Fixture *f, gconstpointer data)
{
  g_autofree char *old_cache = g_strdup (g_getenv ("ORRERY_FMU_CACHE"));
  g_autofree char *cache = g_build_filename (f->dir, "cache", NULL);
  g_autofree char *fifo = g_build_filename (f->dir, "pipe.fmu", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.fmu", NULL);
  g_autofree char *bomb = g_build_filename (f->dir, "bomb.fmu", NULL);
  g_autofree char *path = g_build_filename (f->dir, "hostile.orr", NULL);
  g_autofree char *zip = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  const char *const files[] = { fifo, "/dev/zero", missing, bomb };
  const char *const expected[]
    = { "not a regular file", "not a regular file", "cannot read the file", "zip bomb" };
  gint64 opened, deadline;
  gsize length = 0;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  write_padded_fmu (bomb, "integrator.fmu", 1000);
  g_assert_true (g_file_get_contents (bomb, &zip, &length, &error));
  /* 2 GiB - 1 each: over the limit, below the zip64 marker */
  zip_forge_sizes (zip, length, 0x7fffffffu);
  g_assert_true (g_file_set_contents (bomb, zip, length, &error));

  g_string_append (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                         "<orrery version=\"1.0\">\n  <diagram>\n");
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *quoted = quote (files[i]);

      g_string_append_printf (text,
                              "    <block id=\"h%u\" type=\"FMU\" x=\"%u\" y=\"60\" "
                              "width=\"80\" height=\"60\">\n"
                              "      <param name=\"file\">%s</param>\n"
                              "      <ports in=\"1\" out=\"1\"/>\n"
                              "    </block>\n",
                              i, 40 + 120 * i, quoted);
    }
  g_string_append (text, "  </diagram>\n</orrery>\n");
  g_assert_true (g_file_set_contents (path, text->str, -1, &error));
  g_setenv ("ORRERY_FMU_CACHE", cache, TRUE);

  opened = g_get_monotonic_time ();
  file = g_file_new_for_path (path);
  f->window = ORR_WINDOW (orr_application_open_file (f->app, file));
  g_assert_nonnull (f->window);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *)&f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  /* the window is up before anything was read */
  g_assert_cmpint (g_get_monotonic_time () - opened, <, 2 * G_USEC_PER_SEC);

  deadline = opened + 10 * G_USEC_PER_SEC;
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *id = g_strdup_printf ("h%u", i);
      OrrCanvasBlockStatus status = ORR_CANVAS_BLOCK_LOADING;
      const char *shown = NULL;

      while ((shown = orr_canvas_get_block_status (orr_window_get_canvas (f->window), id, &status)),
             status == ORR_CANVAS_BLOCK_LOADING)
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_main_context_iteration (NULL, FALSE);
        }
      g_assert_cmpint (status, ==, ORR_CANVAS_BLOCK_PROBLEM);
      g_assert_cmpstr (shown, ==, "not loaded");
      /* the ports the file saved stay */
      g_assert_cmpuint (block (f, id)->ports[ORR_PORT_IN]->len, ==, 1);
    }
  app_test_spin (50);
  restore_env (old_cache);

  collect_warnings (GTK_WIDGET (f->window), FALSE, warnings);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_path_get_basename (files[i]);
      gboolean found = FALSE;

      for (guint k = 0; k < warnings->len; k++)
        found |= strstr (warnings->pdata[k], expected[i]) != NULL
                 && strstr (warnings->pdata[k], name) != NULL;
      if (!found)
        g_test_message ("no warning about %s (%s)", name, expected[i]);
      g_assert_true (found);
    }
  /* nothing of the bomb was written */
  g_assert_cmpuint (count_entries (cache, NULL), ==, 0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "stop"));
  g_assert_false (orr_model_get_modified (orr_window_get_model (f->window)));
}

int
main (int argc, char *argv[])
{
  g_autoptr (OrrApplication) app = NULL;
  g_autofree char *config_dir = NULL;
  int status;

  /* A GUI test: skipped (77) without a display or a session bus. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL || !gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);
  /* the trust store (orr-trust-store.h) is the test's, not the user's */
  config_dir = g_dir_make_tmp ("orrery-fmu-config-XXXXXX", NULL);
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);

  app = app_test_application_new ();

  g_test_add ("/fmu/ball", Fixture, app, fixture_set_up, test_ball, fixture_tear_down);
  g_test_add ("/fmu/integrator", Fixture, app, fixture_set_up, test_integrator, fixture_tear_down);
  g_test_add ("/fmu/file-change", Fixture, app, fixture_set_up, test_file_change,
              fixture_tear_down);
  g_test_add ("/fmu/interface-labels", Fixture, app, fixture_set_up, test_interface_labels,
              fixture_tear_down);
  g_test_add ("/fmu/failed-run-keeps-log", Fixture, app, fixture_set_up, test_failed_run_keeps_log,
              fixture_tear_down);
  g_test_add ("/fmu/trust", Fixture, app, fixture_set_up, test_trust, fixture_tear_down);
  g_test_add ("/fmu/open-off-thread", Fixture, app, fixture_set_up, test_open_off_thread,
              fixture_tear_down);
  g_test_add ("/fmu/open-cancel", Fixture, app, fixture_set_up, test_open_cancel,
              fixture_tear_down);
  g_test_add ("/fmu/open-hostile", Fixture, app, fixture_set_up, test_open_hostile,
              fixture_tear_down);
  status = g_test_run ();
  app_test_remove_tree (config_dir);
  return status;
}
