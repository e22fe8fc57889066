/* orr-study-dialog.c: the New Study window (orr-study-dialog.h), from the
 * GtkBuilder template orr-study-dialog.ui.
 *
 * Run writes a study file beside the model (MODEL-study-TIME.orrs, so a
 * study is never mixed with an earlier one's results and can be run again
 * with orrery-sim study) and runs it with the engine's own study runner
 * on a GTask thread, on every core. The runner reports each finished run
 * on that thread; the window only counts them there and rereads the
 * results folder on a timer, so the table and the plot show what is on
 * disk, as orrery-sim study gather would merge it. */
#include "orr-study-dialog.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <orrery/orr-evaluate.h>
#include <orrery/orr-study.h>

struct _OrrStudyDialog
{
  GtkWindow parent_instance;

  OrrModel *model;
  GFile *file;
  OrrRegistry *registry;

  /* template children */
  GtkProgressBar *progress;
  GtkDropDown *var1_drop, *kind1_drop, *var2_drop, *kind2_drop, *design_drop, *plot_drop;
  GtkEntry *a1_entry, *b1_entry, *a2_entry, *b2_entry;
  GtkSpinButton *count1_spin, *count2_spin, *samples_spin, *seed_spin;
  GtkEntry *metric_name_entry, *signal_entry, *metric_expr_entry, *final_entry;
  GtkLabel *message_label;
  GtkColumnView *table;
  GtkDrawingArea *plot;

  GtkStringList *variables; /* the context's scalar variables */

  /* the study shown */
  OrrStudy *study;
  OrrStudyPlan *plan;
  GPtrArray *rows;          /* of OrrStudyRow or NULL, one per run of the plan */
  GtkStringList *row_items; /* the table's model: one item per finished run */
  guint n_done;

  /* while running */
  GCancellable *cancellable;
  guint refresh_id;
  gint done_count;  /* atomic: what the runner reported */
  gint total;       /* atomic */
  gboolean closing; /* closed while running: destroyed once the runner stopped */
};

G_DEFINE_FINAL_TYPE (OrrStudyDialog, orr_study_dialog, GTK_TYPE_WINDOW)

enum
{
  KIND_RANGE,
  KIND_UNIFORM,
  KIND_NORMAL,
  KIND_LOG_UNIFORM,
};

static const char *const kind_labels[]
  = { N_ ("Range"), N_ ("Uniform"), N_ ("Normal"), N_ ("Log-uniform"), NULL };
static const char *const design_labels[]
  = { N_ ("Grid of ranges"), N_ ("Latin hypercube"), N_ ("Random (Monte Carlo)"), NULL };

static void
show_message (OrrStudyDialog *self, const char *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

static gboolean
running (OrrStudyDialog *self)
{
  return self->cancellable != NULL;
}

static void
update_actions (OrrStudyDialog *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.run", !running (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.open-results", !running (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.save-slurm", !running (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.stop", running (self));
}

/* ---- the table and the plot ------------------------------------------------ */

static const OrrStudyRow *
row_of (OrrStudyDialog *self, GtkListItem *item)
{
  GtkStringObject *object = gtk_list_item_get_item (item);
  guint run = (guint)g_ascii_strtoull (gtk_string_object_get_string (object), NULL, 10);

  return self->rows != NULL && run < self->rows->len ? g_ptr_array_index (self->rows, run) : NULL;
}

static void
cell_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

/* The column's number: -3 the run, -2 the status, -1 the message, 0.. the
 * variables then the metrics. */
static void
cell_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  OrrStudyDialog *self = g_object_get_data (G_OBJECT (factory), "dialog");
  int column = GPOINTER_TO_INT (data) - 3;
  const OrrStudyRow *row = row_of (self, item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;

  if (row == NULL)
    text = g_strdup ("");
  else if (column == -3)
    text = g_strdup_printf ("%u", row->run + 1);
  else if (column == -2)
    text = g_strdup (row->status == ORR_STUDY_RUN_OK ? _ ("done") : _ ("failed"));
  else if (column == -1)
    /* one line per run: the whole message is the cell's tooltip */
    text = g_strndup (row->message != NULL ? row->message : "",
                      row->message != NULL ? strcspn (row->message, "\n") : 0);
  else if ((guint)column < row->n_params)
    text = g_strdup_printf ("%.6g", row->params[column]);
  else if ((guint)column - row->n_params < row->n_metrics)
    text = g_strdup_printf ("%.6g", row->metrics[column - row->n_params]);
  gtk_label_set_text (label, text);
  gtk_label_set_xalign (label, column == -1 ? 0 : 1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label),
                               column == -1 && row != NULL ? row->message : NULL);
}

static void
add_column (OrrStudyDialog *self, const char *title, int column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *c;

  g_object_set_data (G_OBJECT (factory), "dialog", self);
  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), GINT_TO_POINTER (column + 3));
  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (c, column == -1);
  gtk_column_view_append_column (self->table, c);
  g_object_unref (c);
}

/* The table's columns and the plot's choices for the study shown. */
static void
set_up_columns (OrrStudyDialog *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->table);
  g_autoptr (GtkStringList) metrics = gtk_string_list_new (NULL);
  guint n_vars = orr_study_plan_get_n_variables (self->plan);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr (GtkColumnViewColumn) c = g_list_model_get_item (columns, 0);
      gtk_column_view_remove_column (self->table, c);
    }
  add_column (self, _ ("Run"), -3);
  add_column (self, _ ("Status"), -2);
  for (guint j = 0; j < n_vars; j++)
    add_column (self, orr_study_plan_get_name (self->plan, j), (int)j);
  for (guint k = 0; k < orr_study_get_n_metrics (self->study); k++)
    {
      const char *name = orr_study_get_metric (self->study, k)->name;

      add_column (self, name, (int)(n_vars + k));
      gtk_string_list_append (metrics, name);
    }
  add_column (self, _ ("Message"), -1);
  gtk_drop_down_set_model (self->plot_drop, G_LIST_MODEL (metrics));
}

/* Rereads the results folder: the table and the plot show what it holds. */
static void
refresh_rows (OrrStudyDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  guint n = self->plan != NULL ? orr_study_plan_get_n_runs (self->plan) : 0;

  if (self->study == NULL)
    return;
  rows = orr_study_read_rows (self->study, n, &error);
  if (rows == NULL)
    {
      show_message (self, error->message);
      return;
    }
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  self->rows = g_steal_pointer (&rows);
  for (guint i = 0; i < self->rows->len; i++)
    if (g_ptr_array_index (self->rows, i) != NULL)
      g_ptr_array_add (items, g_strdup_printf ("%u", i));
  g_ptr_array_add (items, NULL);
  self->n_done = items->len - 1;
  gtk_string_list_splice (self->row_items, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->row_items)),
                          (const char *const *)items->pdata);
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
}

static void
nice_range (double *lo, double *hi)
{
  if (!(*hi > *lo))
    {
      double pad = fabs (*lo) > 0 ? fabs (*lo) * 0.1 : 1;
      *lo -= pad;
      *hi += pad;
    }
}

/* The chosen metric against the first variable, one dot per run. */
static void
draw_plot (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  OrrStudyDialog *self = data;
  guint metric = gtk_drop_down_get_selected (self->plot_drop);
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  const double left = 64, right = 12, top = 12, bottom = 40;
  double pw = width - left - right, ph = height - top - bottom;
  char text[64];
  guint n = 0;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, left + 0.5, top + 0.5, pw, ph);
  cairo_stroke (cr);
  if (self->rows == NULL || self->study == NULL || metric == GTK_INVALID_LIST_POSITION || pw < 10
      || ph < 10)
    return;
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OrrStudyRow *r = g_ptr_array_index (self->rows, i);

      if (r == NULL || r->n_params < 1 || metric >= r->n_metrics || !isfinite (r->metrics[metric]))
        continue;
      x0 = MIN (x0, r->params[0]);
      x1 = MAX (x1, r->params[0]);
      y0 = MIN (y0, r->metrics[metric]);
      y1 = MAX (y1, r->metrics[metric]);
      n++;
    }
  if (n == 0)
    return;
  nice_range (&x0, &x1);
  nice_range (&y0, &y1);

  /* the axes' ends, in the variable's and the metric's own units */
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 11);
  g_snprintf (text, sizeof text, "%.4g", y1);
  cairo_move_to (cr, 4, top + 10);
  cairo_show_text (cr, text);
  g_snprintf (text, sizeof text, "%.4g", y0);
  cairo_move_to (cr, 4, top + ph);
  cairo_show_text (cr, text);
  g_snprintf (text, sizeof text, "%.4g", x0);
  cairo_move_to (cr, left, top + ph + 16);
  cairo_show_text (cr, text);
  g_snprintf (text, sizeof text, "%.4g", x1);
  cairo_move_to (cr, left + pw - 40, top + ph + 16);
  cairo_show_text (cr, text);
  g_snprintf (text, sizeof text, "%s", orr_study_plan_get_name (self->plan, 0));
  cairo_move_to (cr, left + pw / 2 - 10, top + ph + 32);
  cairo_show_text (cr, text);

  cairo_set_source_rgb (cr, 0.11, 0.45, 0.78);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OrrStudyRow *r = g_ptr_array_index (self->rows, i);
      double px, py;

      if (r == NULL || r->n_params < 1 || metric >= r->n_metrics || !isfinite (r->metrics[metric]))
        continue;
      px = left + (r->params[0] - x0) / (x1 - x0) * pw;
      py = top + ph - (r->metrics[metric] - y0) / (y1 - y0) * ph;
      cairo_arc (cr, px, py, 2.5, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* Only what the choices use can be edited: samples and seed for a
 * sampled design, the second row once a second variable is chosen, the
 * count for a range. */
static void
update_fields (GObject *drop, GParamSpec *pspec, gpointer data)
{
  OrrStudyDialog *self = data;
  gboolean sampled = gtk_drop_down_get_selected (self->design_drop) > 0;
  gboolean second = gtk_drop_down_get_selected (self->var2_drop) > 0;

  gtk_widget_set_sensitive (GTK_WIDGET (self->samples_spin), sampled);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seed_spin), sampled);
  gtk_widget_set_sensitive (GTK_WIDGET (self->count1_spin),
                            gtk_drop_down_get_selected (self->kind1_drop) == KIND_RANGE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->kind2_drop), second);
  gtk_widget_set_sensitive (GTK_WIDGET (self->a2_entry), second);
  gtk_widget_set_sensitive (GTK_WIDGET (self->b2_entry), second);
  gtk_widget_set_sensitive (GTK_WIDGET (self->count2_spin),
                            second && gtk_drop_down_get_selected (self->kind2_drop) == KIND_RANGE);
}

static void
plot_choice_changed (GObject *drop, GParamSpec *pspec, gpointer data)
{
  OrrStudyDialog *self = data;
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
}

/* ---- showing a study ------------------------------------------------------- */

static gboolean
show_study (OrrStudyDialog *self, OrrStudy *study, GError **error)
{
  g_autoptr (OrrStudyPlan) plan = orr_study_make_plan (study, error);

  if (plan == NULL)
    return FALSE;
  g_clear_pointer (&self->study, orr_study_unref);
  g_clear_pointer (&self->plan, orr_study_plan_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  self->study = orr_study_ref (study);
  self->plan = g_steal_pointer (&plan);
  set_up_columns (self);
  refresh_rows (self);
  return TRUE;
}

gboolean
orr_study_dialog_open (OrrStudyDialog *self, const char *path, GError **error)
{
  g_autoptr (OrrStudy) study = orr_study_load (path, error);
  g_autofree char *text = NULL;

  if (study == NULL || !show_study (self, study, error))
    return FALSE;
  text
    = g_strdup_printf (_ ("%u of %u runs"), self->n_done, orr_study_plan_get_n_runs (self->plan));
  gtk_progress_bar_set_text (self->progress, text);
  gtk_progress_bar_set_fraction (
    self->progress, (double)self->n_done / MAX (orr_study_plan_get_n_runs (self->plan), 1));
  show_message (self, NULL);
  return TRUE;
}

guint
orr_study_dialog_get_n_done (OrrStudyDialog *self)
{
  g_return_val_if_fail (ORR_IS_STUDY_DIALOG (self), 0);
  return self->n_done;
}

static void
open_chosen (GObject *source, GAsyncResult *result, gpointer data)
{
  OrrStudyDialog *self = data;
  GtkFileChooserNative *chooser = GTK_FILE_CHOOSER_NATIVE (source);
  g_autoptr (GError) error = NULL;

  (void)result;
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "response")) == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && !orr_study_dialog_open (self, path, &error))
        show_message (self, error->message);
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
chooser_response (GtkNativeDialog *chooser, int response, gpointer data)
{
  g_object_set_data (G_OBJECT (chooser), "response", GINT_TO_POINTER (response));
  open_chosen (G_OBJECT (chooser), NULL, data);
}

static void
open_results_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (widget);
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (
    _ ("Open Study"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _ ("Studies (*.orrs)"));
  gtk_file_filter_add_pattern (filter, "*.orrs");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  if (self->file != NULL)
    {
      g_autoptr (GFile) dir = g_file_get_parent (self->file);
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), dir, NULL);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- running ----------------------------------------------------------------- */

static gboolean
read_number (GtkEntry *entry, const char *what, double *value, GError **error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  if (text[0] == '\0' || end == NULL || *g_strchug (end) != '\0' || !isfinite (*value))
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID, _ ("%s is not a number: “%s”"),
                   what, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
add_variable (OrrStudyDialog *self, OrrStudy *study, const char *name, guint kind, GtkEntry *a,
              GtkEntry *b, GtkSpinButton *count, GError **error)
{
  OrrStudyVariable v = { 0 };

  v.name = (char *)name;
  v.start = NAN;
  if (!read_number (a, _ ("The first value"), &v.a, error)
      || !read_number (b, _ ("The second value"), &v.b, error))
    return FALSE;
  switch (kind)
    {
      case KIND_UNIFORM:
        v.kind = ORR_STUDY_VALUES_UNIFORM;
        break;
      case KIND_NORMAL:
        v.kind = ORR_STUDY_VALUES_NORMAL;
        break;
      case KIND_LOG_UNIFORM:
        v.kind = ORR_STUDY_VALUES_LOG_UNIFORM;
        break;
      default:
        v.kind = ORR_STUDY_VALUES_RANGE;
        v.count = (guint)gtk_spin_button_get_value_as_int (count);
        break;
    }
  orr_study_add_variable (study, &v);
  return TRUE;
}

static const char *
selected_name (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);
  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/* The study the fields describe, saved beside the model; NULL and a
 * message when they describe none. */
static OrrStudy *
make_study (OrrStudyDialog *self, char **path_out, GError **error)
{
  g_autoptr (OrrStudy) study = orr_study_new ();
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *model_path = NULL, *dir = NULL, *base = NULL, *stem = NULL, *stamp = NULL;
  g_autofree char *name = NULL, *path = NULL;
  const char *var1 = selected_name (self->var1_drop), *var2 = selected_name (self->var2_drop);
  const char *final_text = gtk_editable_get_text (GTK_EDITABLE (self->final_entry));
  const char *metric = gtk_editable_get_text (GTK_EDITABLE (self->metric_name_entry));
  const char *signal = gtk_editable_get_text (GTK_EDITABLE (self->signal_entry));
  const char *expr = gtk_editable_get_text (GTK_EDITABLE (self->metric_expr_entry));
  guint design = gtk_drop_down_get_selected (self->design_drop);

  if (self->file == NULL || (model_path = g_file_get_path (self->file)) == NULL)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_MODEL,
                   _ ("Save the model first: a study runs the model's file."));
      return NULL;
    }
  if (var1 == NULL)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                   _ ("The model's context defines no variable to vary."));
      return NULL;
    }
  dir = g_path_get_dirname (model_path);
  base = g_path_get_basename (model_path);
  stem = g_strndup (base, g_str_has_suffix (base, ".orr") ? strlen (base) - 4 : strlen (base));
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  name = g_strdup_printf ("%s-study-%s.orrs", stem, stamp);
  path = g_build_filename (dir, name, NULL);
  /* two studies in the same second get two files all the same */
  for (guint k = 2; g_file_test (path, G_FILE_TEST_EXISTS); k++)
    {
      g_free (name);
      g_free (path);
      name = g_strdup_printf ("%s-study-%s-%u.orrs", stem, stamp, k);
      path = g_build_filename (dir, name, NULL);
    }

  orr_study_set_model (study, base);
  if (!add_variable (self, study, var1, gtk_drop_down_get_selected (self->kind1_drop),
                     self->a1_entry, self->b1_entry, self->count1_spin, error))
    return NULL;
  if (gtk_drop_down_get_selected (self->var2_drop) > 0 && var2 != NULL)
    {
      if (g_strcmp0 (var1, var2) == 0)
        {
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_INVALID,
                       _ ("The two variables are the same: %s."), var1);
          return NULL;
        }
      if (!add_variable (self, study, var2, gtk_drop_down_get_selected (self->kind2_drop),
                         self->a2_entry, self->b2_entry, self->count2_spin, error))
        return NULL;
    }
  orr_study_set_design (study,
                        design == 1   ? ORR_STUDY_DESIGN_LHS
                        : design == 2 ? ORR_STUDY_DESIGN_RANDOM
                                      : ORR_STUDY_DESIGN_GRID,
                        (guint)gtk_spin_button_get_value_as_int (self->samples_spin),
                        (guint64)gtk_spin_button_get_value_as_int (self->seed_spin));
  if (final_text[0] != '\0')
    {
      double t;

      if (!read_number (self->final_entry, _ ("The final time"), &t, error))
        return NULL;
      orr_study_set_final_time (study, t);
    }
  if (metric[0] != '\0' && expr[0] != '\0')
    orr_study_add_metric (study, metric, signal[0] != '\0' ? signal : NULL, expr);
  if (!orr_study_save (study, path, error))
    return NULL;
  *path_out = g_steal_pointer (&path);
  /* read back, as orrery-sim would: the same checks, the file's folder */
  return orr_study_load (*path_out, error);
}

typedef struct
{
  OrrStudy *study;
  OrrStudyPlan *plan;
  OrrRegistry *registry;
  OrrStudyDialog *self; /* only for the counts, atomically */
} RunData;

static void
run_data_free (RunData *d)
{
  orr_study_unref (d->study);
  orr_study_plan_free (d->plan);
  g_free (d);
}

/* On the runner's thread: only counts. */
static void
on_progress (guint run, OrrStudyRunStatus status, const char *message, guint done, guint total,
             gpointer data)
{
  RunData *d = data;

  g_atomic_int_set (&d->self->done_count, (gint)done);
  g_atomic_int_set (&d->self->total, (gint)total);
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  RunData *d = data;
  GError *error = NULL;
  guint n = orr_study_plan_get_n_runs (d->plan);

  /* a failed run is a row, not an error: FALSE only when the study
   * itself could not go on (or was stopped) */
  if (!orr_study_run (d->study, d->plan, d->registry, 0, n - 1, 0, on_progress, d, cancellable,
                      &error)
      && error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, error);
      return;
    }
  g_clear_error (&error);
  if (!g_cancellable_is_cancelled (cancellable)
      && !orr_study_gather (d->study, d->plan, NULL, NULL, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
show_progress (OrrStudyDialog *self)
{
  guint done = (guint)g_atomic_int_get (&self->done_count);
  guint total = (guint)g_atomic_int_get (&self->total);
  g_autofree char *text = NULL;

  if (total == 0 && self->plan != NULL)
    total = orr_study_plan_get_n_runs (self->plan);
  text = g_strdup_printf (_ ("%u of %u runs"), done, total);
  gtk_progress_bar_set_text (self->progress, text);
  gtk_progress_bar_set_fraction (self->progress, total > 0 ? (double)done / total : 0);
}

static gboolean
refresh_tick (gpointer data)
{
  OrrStudyDialog *self = data;

  show_progress (self);
  refresh_rows (self);
  return G_SOURCE_CONTINUE;
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (source);
  g_autoptr (GError) error = NULL;
  gboolean stopped = g_cancellable_is_cancelled (self->cancellable);
  g_autofree char *dir = NULL, *text = NULL;
  guint failed = 0;

  g_task_propagate_boolean (G_TASK (result), &error);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_object (&self->cancellable);
  if (self->closing)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  refresh_rows (self);
  show_progress (self);
  update_actions (self);
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      const OrrStudyRow *r = g_ptr_array_index (self->rows, i);
      failed += r != NULL && r->status != ORR_STUDY_RUN_OK;
    }
  dir = orr_study_dup_results_dir (self->study);
  if (error != NULL)
    text = g_strdup (error->message);
  else if (stopped)
    text = g_strdup_printf (_ ("Stopped: %u runs kept in %s; Run again to start a new study, or "
                               "orrery-sim study run to finish this one."),
                            self->n_done, dir);
  else
    text = g_strdup_printf (_ ("%u runs, %u failed. Results: %s (results.h5, results.csv)"),
                            self->n_done, failed, dir);
  show_message (self, text);
}

static void
run_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (widget);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (GTask) task = NULL;
  RunData *d;

  if (running (self))
    return;
  study = make_study (self, &path, &error);
  if (study == NULL || !show_study (self, study, &error))
    {
      show_message (self, error->message);
      return;
    }
  show_message (self, NULL);
  self->cancellable = g_cancellable_new ();
  g_atomic_int_set (&self->done_count, 0);
  g_atomic_int_set (&self->total, (gint)orr_study_plan_get_n_runs (self->plan));
  show_progress (self);
  update_actions (self);

  d = g_new0 (RunData, 1);
  d->study = orr_study_ref (self->study);
  d->plan = orr_study_plan_ref (self->plan);
  d->registry = self->registry;
  d->self = self;
  /* the task holds the window until the runner is done */
  task = g_task_new (self, self->cancellable, run_done, NULL);
  g_task_set_task_data (task, d, (GDestroyNotify)run_data_free);
  /* a stop is no error: the runs that finished are the result */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, run_thread);
  self->refresh_id = g_timeout_add (250, refresh_tick, self);
}

/* The study, and beside it a script that submits it with orrery-sim
 * (study run --slurm: one job array, then a job that gathers), for a
 * machine that can reach the cluster; nothing runs here. */
static void
save_slurm_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (widget);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL, *script = NULL, *base = NULL, *text = NULL, *message = NULL;
  g_autoptr (OrrStudy) study = NULL;
  g_autoptr (OrrStudyPlan) plan = NULL;
  guint tasks;

  if (running (self))
    return;
  study = make_study (self, &path, &error);
  if (study != NULL)
    plan = orr_study_make_plan (study, &error);
  if (plan == NULL)
    {
      show_message (self, error->message);
      return;
    }
  tasks = MIN (orr_study_plan_get_n_runs (plan), 16);
  base = g_path_get_basename (path);
  script = g_strdup_printf ("%.*s-slurm.sh", (int)(strlen (path) - strlen (".orrs")), path);
  text = g_strdup_printf (
    "#!/bin/sh\n"
    "# Submits the study %s to Slurm as one job array of %u tasks, then a job that\n"
    "# gathers the results (written by Orrery's New Study window). Run it where\n"
    "# sbatch works, with this folder on a file system the nodes share; sbatch\n"
    "# options follow, e.g. --sbatch=--partition=short.\n"
    "cd \"$(dirname \"$0\")\" || exit 1\n"
    "exec orrery-sim study run --slurm --tasks %u \"%s\" \"$@\"\n",
    base, tasks, tasks, base);
  if (!g_file_set_contents (script, text, -1, &error) || g_chmod (script, 0755) != 0)
    {
      show_message (self, error != NULL ? error->message : g_strerror (errno));
      return;
    }
  message = g_strdup_printf (_ ("Saved %s and %s, which submits its %u runs to Slurm."), base,
                             script, orr_study_plan_get_n_runs (plan));
  show_message (self, message);
}

static void
stop_activated (GtkWidget *widget, const char *name, GVariant *parameter)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (widget);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* ---- the window ------------------------------------------------------------ */

static gboolean
close_request (GtkWindow *window)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (window);

  /* the runner stops first: the window goes away when it has */
  if (self->cancellable == NULL)
    return FALSE;
  g_cancellable_cancel (self->cancellable);
  self->closing = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  return TRUE;
}

static void
orr_study_dialog_dispose (GObject *object)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), ORR_TYPE_STUDY_DIALOG);
  G_OBJECT_CLASS (orr_study_dialog_parent_class)->dispose (object);
}

static void
orr_study_dialog_finalize (GObject *object)
{
  OrrStudyDialog *self = ORR_STUDY_DIALOG (object);

  g_clear_object (&self->model);
  g_clear_object (&self->file);
  g_clear_object (&self->variables);
  g_clear_object (&self->row_items);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->plan, orr_study_plan_free);
  g_clear_pointer (&self->study, orr_study_unref);
  G_OBJECT_CLASS (orr_study_dialog_parent_class)->finalize (object);
}

static void
orr_study_dialog_class_init (OrrStudyDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = orr_study_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = orr_study_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/orrery/Orrery/orr-study-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, OrrStudyDialog, name)
  BIND (progress);
  BIND (var1_drop);
  BIND (kind1_drop);
  BIND (var2_drop);
  BIND (kind2_drop);
  BIND (design_drop);
  BIND (plot_drop);
  BIND (a1_entry);
  BIND (b1_entry);
  BIND (a2_entry);
  BIND (b2_entry);
  BIND (count1_spin);
  BIND (count2_spin);
  BIND (samples_spin);
  BIND (seed_spin);
  BIND (metric_name_entry);
  BIND (signal_entry);
  BIND (metric_expr_entry);
  BIND (final_entry);
  BIND (message_label);
  BIND (table);
  BIND (plot);
#undef BIND
  gtk_widget_class_install_action (widget_class, "study.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "study.stop", NULL, stop_activated);
  gtk_widget_class_install_action (widget_class, "study.save-slurm", NULL, save_slurm_activated);
  gtk_widget_class_install_action (widget_class, "study.open-results", NULL,
                                   open_results_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkStringList *
translated_list (const char *const *labels)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; labels[i] != NULL; i++)
    gtk_string_list_append (list, _ (labels[i]));
  return list;
}

static void
orr_study_dialog_init (OrrStudyDialog *self)
{
  g_autoptr (GtkStringList) kinds1 = translated_list (kind_labels);
  g_autoptr (GtkStringList) kinds2 = translated_list (kind_labels);
  g_autoptr (GtkStringList) designs = translated_list (design_labels);
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drop_down_set_model (self->kind1_drop, G_LIST_MODEL (kinds1));
  gtk_drop_down_set_model (self->kind2_drop, G_LIST_MODEL (kinds2));
  gtk_drop_down_set_model (self->design_drop, G_LIST_MODEL (designs));
  self->row_items = gtk_string_list_new (NULL);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->row_items)));
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_drawing_area_set_draw_func (self->plot, draw_plot, self, NULL);
  g_signal_connect (self->plot_drop, "notify::selected", G_CALLBACK (plot_choice_changed), self);
  g_signal_connect (self->design_drop, "notify::selected", G_CALLBACK (update_fields), self);
  g_signal_connect (self->var2_drop, "notify::selected", G_CALLBACK (update_fields), self);
  g_signal_connect (self->kind1_drop, "notify::selected", G_CALLBACK (update_fields), self);
  g_signal_connect (self->kind2_drop, "notify::selected", G_CALLBACK (update_fields), self);
  show_message (self, NULL);
  update_actions (self);
}

/* The root context's real scalars, the values a study can vary; and the
 * first recording block, for the metric. */
static void
fill_from_model (OrrStudyDialog *self)
{
  g_autoptr (OrrEvaluation) evaluation
    = orr_evaluate_model_with_registry (self->model, NULL, self->registry);
  OrrDiagram *root = orr_model_get_root (self->model);
  OrrScope *scope = orr_evaluation_get_scope (evaluation, root);
  g_auto (GStrv) names = scope != NULL ? orr_scope_list_local (scope) : NULL;
  g_autoptr (GtkStringList) second = gtk_string_list_new (NULL);

  self->variables = gtk_string_list_new (NULL);
  gtk_string_list_append (second, _ ("(none)"));
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      OrrValue *v = orr_scope_lookup (scope, names[i]);

      if (v == NULL || !orr_value_is_scalar (v) || orr_value_get_type_id (v) == ORR_TYPE_STRING
          || names[i][0] == '_')
        continue;
      gtk_string_list_append (self->variables, names[i]);
      gtk_string_list_append (second, names[i]);
    }
  gtk_drop_down_set_model (self->var1_drop, G_LIST_MODEL (self->variables));
  gtk_drop_down_set_model (self->var2_drop, G_LIST_MODEL (second));
  update_fields (NULL, NULL, self);
  /* the first variable's value proposes a range around it */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->variables)) > 0)
    {
      OrrValue *v = orr_scope_lookup (scope, gtk_string_list_get_string (self->variables, 0));
      double x = orr_value_get_real (v, 0);
      char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (a, sizeof a, "%.6g", x != 0 ? 0.5 * x : -1);
      g_ascii_formatd (b, sizeof b, "%.6g", x != 0 ? 1.5 * x : 1);
      gtk_editable_set_text (GTK_EDITABLE (self->a1_entry), x < 0 ? b : a);
      gtk_editable_set_text (GTK_EDITABLE (self->b1_entry), x < 0 ? a : b);
    }
  /* an expression, not text: the same in every language */
  gtk_editable_set_text (GTK_EDITABLE (self->metric_expr_entry), "y(end, 1)");
  gtk_editable_set_text (GTK_EDITABLE (self->a2_entry), "0");
  gtk_editable_set_text (GTK_EDITABLE (self->b2_entry), "1");
  for (guint i = 0; i < root->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (root->blocks, i);

      if (g_strcmp0 (b->type, "Scope") == 0 || g_strcmp0 (b->type, "ToCSV") == 0)
        {
          g_autofree char *path = orr_block_get_path (b);
          gtk_editable_set_text (GTK_EDITABLE (self->signal_entry), path);
          break;
        }
    }
}

OrrStudyDialog *
orr_study_dialog_new (GtkWindow *parent, OrrModel *model, GFile *file, OrrRegistry *registry)
{
  OrrStudyDialog *self = g_object_new (ORR_TYPE_STUDY_DIALOG, NULL);

  self->model = g_object_ref (model);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->registry = registry;
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  fill_from_model (self);
  if (file == NULL)
    show_message (self, _ ("Save the model first: a study runs the model's file."));
  return self;
}
