/* orr-settings-dialog.c: the model settings dialog. The settings are
 * numbers the simulator takes as they are, so the fields are plain numbers
 * (not expressions of the context): what the dialog shows is what runs.
 * Every change re-checks every field, since some rules join two of them
 * (the final time after the start). */
#include "orr-settings-dialog.h"

#include "orr-form-buttons.h"
#include "orr-param-row.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <orrery/orr-solvers.h>

typedef enum
{
  RULE_ANY,
  RULE_POSITIVE,
  RULE_NON_NEGATIVE,
} Rule;

typedef struct
{
  const char *name; /* the OrrSettings field */
  const char *label;
  const char *help;
  gsize offset;
  Rule rule;
} NumberSpec;

/* In the order the dialog shows them; the solver drop-down goes after the
 * times. */
static const NumberSpec number_specs[] = {
  { "start_time", N_ ("_Start time"), NULL, G_STRUCT_OFFSET (OrrSettings, start_time), RULE_ANY },
  { "final_time", N_ ("_Final time"), NULL, G_STRUCT_OFFSET (OrrSettings, final_time), RULE_ANY },
  { "rtol", N_ ("_Relative tolerance"), NULL, G_STRUCT_OFFSET (OrrSettings, rtol), RULE_POSITIVE },
  { "atol", N_ ("A_bsolute tolerance"), NULL, G_STRUCT_OFFSET (OrrSettings, atol), RULE_POSITIVE },
  { "max_step", N_ ("_Maximum step"),
    N_ ("0: a hundredth of the run; negative: no limit. Fixed-step solvers take this step."),
    G_STRUCT_OFFSET (OrrSettings, max_step), RULE_ANY },
  { "initial_step", N_ ("_Initial step"), N_ ("0: the solver chooses."),
    G_STRUCT_OFFSET (OrrSettings, initial_step), RULE_NON_NEGATIVE },
  { "zc_tolerance", N_ ("_Zero-crossing tolerance"),
    N_ ("How closely in time crossings are located; 0: the solver’s default."),
    G_STRUCT_OFFSET (OrrSettings, zc_tolerance), RULE_NON_NEGATIVE },
  { "realtime_factor", N_ ("Real-time _factor"),
    N_ ("Simulated seconds per second when run in the editor; 0: as fast as possible."),
    G_STRUCT_OFFSET (OrrSettings, realtime_factor), RULE_NON_NEGATIVE },
};

#define N_NUMBERS G_N_ELEMENTS (number_specs)

struct _OrrSettingsDialog
{
  GtkWindow parent_instance;

  OrrModel *model;
  GtkWidget *entries[N_NUMBERS];
  GtkWidget *rows[N_NUMBERS]; /* OrrParamRow */
  GtkWidget *solver;
  GtkWidget *solver_row;
  GtkWidget *unconnected_errors;
  GtkWidget *solve_loops;
  GtkWidget *refine; /* a GtkSpinButton */
  GtkSizeGroup *labels;
  /* template children */
  GtkWidget *form;
  GtkWidget *buttons; /* OrrFormButtons */
};

G_DEFINE_FINAL_TYPE (OrrSettingsDialog, orr_settings_dialog, GTK_TYPE_WINDOW)

static int
find_number (const char *name)
{
  for (guint i = 0; i < N_NUMBERS; i++)
    if (g_str_equal (number_specs[i].name, name))
      return i;
  return -1;
}

/* The shortest text that reads back as exactly d: "1e-06", not
 * "9.9999999999999995e-07". */
static char *
format_number (double d)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (int precision = 1; precision <= 17; precision++)
    {
      g_autofree char *format = g_strdup_printf ("%%.%dg", precision);

      g_ascii_formatd (buffer, sizeof buffer, format, d);
      if (g_ascii_strtod (buffer, NULL) == d)
        break;
    }
  /* "1e-06" reads better as "1e-6" */
  {
    g_autoptr (GString) text = g_string_new (buffer);

    g_string_replace (text, "e-0", "e-", 1);
    g_string_replace (text, "e+0", "e", 1);
    g_string_replace (text, "e+", "e", 1);
    return g_string_free (g_steal_pointer (&text), FALSE);
  }
}

/* A number written in the C locale, as files and the command line have
 * it ("inf" too); NULL or the reason it is not one. */
static const char *
parse_number (const char *text, double *value)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  char *end = NULL;

  if (stripped[0] == '\0')
    return _ ("A value is needed.");
  *value = g_ascii_strtod (stripped, &end);
  if (end == stripped || *end != '\0')
    return _ ("Not a number: write it like 0.001 or 1e-3.");
  if (isnan (*value))
    return _ ("Not a number: write it like 0.001 or 1e-3.");
  return NULL;
}

/* Reads every field into settings (solver included); FALSE if one is
 * wrong. With show, the errors go under their fields. */
static gboolean
read_fields (OrrSettingsDialog *self, OrrSettings *settings, gboolean show)
{
  gboolean valid = TRUE;
  gboolean start_ok = FALSE;
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->solver));
  gboolean fixed_step = selected < n_solvers && solvers[selected].fixed_step;

  for (guint i = 0; i < N_NUMBERS; i++)
    {
      const NumberSpec *spec = &number_specs[i];
      double *field = G_STRUCT_MEMBER_P (settings, spec->offset);
      const char *message
        = parse_number (gtk_editable_get_text (GTK_EDITABLE (self->entries[i])), field);

      /* A run without end (until stopped) is the one infinity that means
       * something. */
      if (message == NULL && !isfinite (*field)
          && !(g_str_equal (spec->name, "final_time") && *field > 0))
        message = g_str_equal (spec->name, "final_time")
                    ? _ ("The final time must be a number, or inf for a run until stopped.")
                    : _ ("The value must be finite.");
      if (message == NULL && spec->rule == RULE_POSITIVE && !(*field > 0))
        message = _ ("The value must be greater than 0.");
      if (message == NULL && spec->rule == RULE_NON_NEGATIVE && *field < 0)
        message = _ ("The value must not be negative.");
      /* The start comes first in number_specs: only compare with a start
       * that is itself a number. */
      if (message == NULL && g_str_equal (spec->name, "final_time") && start_ok
          && !(settings->final_time > settings->start_time))
        message = _ ("The final time must come after the start time.");
      if (g_str_equal (spec->name, "start_time"))
        start_ok = message == NULL;
      /* What the simulator refuses for fixed-step solvers (the step is the
       * maximum step), said here rather than at the run. */
      if (message == NULL && g_str_equal (spec->name, "max_step") && fixed_step)
        {
          if (*field < 0)
            message = _ ("A fixed-step solver needs a step: 0 for a hundredth of the run, or "
                         "the step itself.");
          else if (*field == 0 && !isfinite (settings->final_time))
            message = _ ("A run without end has no hundredth: give the fixed-step solver its "
                         "step.");
        }
      if (show)
        orr_param_row_set_error (ORR_PARAM_ROW (self->rows[i]), message);
      valid = valid && message == NULL;
    }

  g_free (settings->solver);
  settings->solver = g_strdup (selected < n_solvers ? solvers[selected].name : "auto");
  settings->unconnected_errors
    = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->unconnected_errors));
  settings->solve_loops = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->solve_loops));
  settings->refine = (guint)gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->refine));
  return valid;
}

static void
validate (OrrSettingsDialog *self)
{
  OrrSettings settings = { 0 };
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->solver));

  orr_form_buttons_set_valid (ORR_FORM_BUTTONS (self->buttons),
                              read_fields (self, &settings, TRUE));
  orr_settings_clear (&settings);
  orr_form_buttons_show_error (ORR_FORM_BUTTONS (self->buttons), NULL);
  orr_param_row_set_help (ORR_PARAM_ROW (self->solver_row),
                          selected < n_solvers ? solvers[selected].description : NULL);
}

gboolean
orr_settings_dialog_apply (OrrSettingsDialog *self, GError **error)
{
  OrrSettings settings;

  g_return_val_if_fail (ORR_IS_SETTINGS_DIALOG (self), FALSE);

  validate (self);
  if (!orr_form_is_valid (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _ ("Some settings are not valid."));
      return FALSE;
    }
  /* Start from the model's own, so that a field this dialog does not show
   * survives. */
  orr_settings_copy (&settings, orr_model_get_settings (self->model));
  read_fields (self, &settings, FALSE);
  orr_model_set_settings (self->model, &settings);
  orr_settings_clear (&settings);
  return TRUE;
}

static void
entry_activated (OrrSettingsDialog *self)
{
  orr_form_buttons_activate_ok (ORR_FORM_BUTTONS (self->buttons));
}

/* ---- building ------------------------------------------------------------------- */

static void
add_heading (OrrSettingsDialog *self, const char *text)
{
  GtkWidget *heading = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (heading), 0.0);
  gtk_widget_add_css_class (heading, "heading");
  if (gtk_widget_get_first_child (self->form) != NULL)
    gtk_widget_set_margin_top (heading, 12);
  gtk_box_append (GTK_BOX (self->form), heading);
}

static void
add_number (OrrSettingsDialog *self, const char *name, const OrrSettings *settings)
{
  int i = find_number (name);
  const NumberSpec *spec = &number_specs[i];
  g_autofree char *text = format_number (G_STRUCT_MEMBER (double, settings, spec->offset));

  self->entries[i] = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (self->entries[i]), text);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entries[i]), 12);
  g_signal_connect_swapped (self->entries[i], "changed", G_CALLBACK (validate), self);
  g_signal_connect_swapped (self->entries[i], "activate", G_CALLBACK (entry_activated), self);
  self->rows[i] = orr_param_row_new (_ (spec->label), self->entries[i],
                                     spec->help != NULL ? _ (spec->help) : NULL, self->labels);
  gtk_box_append (GTK_BOX (self->form), self->rows[i]);
}

static void
build (OrrSettingsDialog *self)
{
  const OrrSettings *settings = orr_model_get_settings (self->model);
  g_autoptr (GtkStringList) solver_labels = gtk_string_list_new (NULL);
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  guint selected = 0;

  add_heading (self, _ ("Time"));
  add_number (self, "start_time", settings);
  add_number (self, "final_time", settings);

  add_heading (self, _ ("Solver"));
  for (guint i = 0; i < n_solvers; i++)
    {
      gtk_string_list_append (solver_labels, solvers[i].label);
      if (g_strcmp0 (solvers[i].name, settings->solver) == 0)
        selected = i;
    }
  self->solver = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (solver_labels)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->solver), selected);
  g_signal_connect_swapped (self->solver, "notify::selected", G_CALLBACK (validate), self);
  /* its error is never shown: the list holds only known solvers */
  self->solver_row = orr_param_row_new (_ ("S_olver"), self->solver, NULL, self->labels);
  gtk_box_append (GTK_BOX (self->form), self->solver_row);
  add_number (self, "rtol", settings);
  add_number (self, "atol", settings);
  add_number (self, "max_step", settings);
  add_number (self, "initial_step", settings);
  add_number (self, "zc_tolerance", settings);
  self->refine = gtk_spin_button_new_with_range (1, ORR_MAX_REFINE, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->refine), MAX (settings->refine, 1));
  g_signal_connect_swapped (self->refine, "value-changed", G_CALLBACK (validate), self);
  gtk_box_append (GTK_BOX (self->form),
                  orr_param_row_new (_ ("Re_fine factor"), self->refine,
                                     _ ("Points the scopes record per solver step: more draws "
                                        "continuous curves smoothly between steps."),
                                     self->labels));

  add_heading (self, _ ("Running"));
  add_number (self, "realtime_factor", settings);

  add_heading (self, _ ("Checking"));
  self->unconnected_errors
    = gtk_check_button_new_with_mnemonic (_ ("_Unconnected ports are errors"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->unconnected_errors),
                               settings->unconnected_errors);
  gtk_widget_set_tooltip_text (self->unconnected_errors,
                               _ ("Otherwise an input without a link reads 0 and the model runs "
                                  "with a warning."));
  gtk_widget_set_margin_start (self->unconnected_errors, 12);
  gtk_box_append (GTK_BOX (self->form), self->unconnected_errors);
  self->solve_loops = gtk_check_button_new_with_mnemonic (_ ("Solve _algebraic loops"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->solve_loops), settings->solve_loops);
  gtk_widget_set_tooltip_text (self->solve_loops,
                               _ ("Solve loops of blocks with direct feedthrough by Newton's "
                                  "method at every step, instead of refusing the model."));
  gtk_widget_set_margin_start (self->solve_loops, 12);
  gtk_box_append (GTK_BOX (self->form), self->solve_loops);

  orr_form_buttons_attach (ORR_FORM_BUTTONS (self->buttons), GTK_WINDOW (self),
                           (OrrFormApplyFunc)orr_settings_dialog_apply);
}

GtkWindow *
orr_settings_dialog_new (GtkWindow *parent, OrrModel *model)
{
  OrrSettingsDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);

  self = g_object_new (ORR_TYPE_SETTINGS_DIALOG, "transient-for", parent, "modal", parent != NULL,
                       "destroy-with-parent", TRUE, NULL);
  self->model = g_object_ref (model);
  build (self);
  validate (self);
  return GTK_WINDOW (self);
}

GtkWidget *
orr_settings_dialog_get_field (OrrSettingsDialog *self, const char *name)
{
  int i;

  g_return_val_if_fail (ORR_IS_SETTINGS_DIALOG (self), NULL);

  if (g_strcmp0 (name, "solver") == 0)
    return self->solver;
  if (g_strcmp0 (name, "unconnected_errors") == 0)
    return self->unconnected_errors;
  if (g_strcmp0 (name, "solve_loops") == 0)
    return self->solve_loops;
  if (g_strcmp0 (name, "refine") == 0)
    return self->refine;
  i = find_number (name);
  return i >= 0 ? self->entries[i] : NULL;
}

GtkWidget *
orr_settings_dialog_get_error_label (OrrSettingsDialog *self, const char *name)
{
  int i;

  g_return_val_if_fail (ORR_IS_SETTINGS_DIALOG (self), NULL);

  if (g_strcmp0 (name, "solver") == 0)
    return orr_param_row_get_error_label (ORR_PARAM_ROW (self->solver_row));
  i = find_number (name);
  return i >= 0 ? orr_param_row_get_error_label (ORR_PARAM_ROW (self->rows[i])) : NULL;
}

static void
orr_settings_dialog_finalize (GObject *object)
{
  OrrSettingsDialog *self = ORR_SETTINGS_DIALOG (object);

  g_clear_object (&self->model);
  g_clear_object (&self->labels);
  G_OBJECT_CLASS (orr_settings_dialog_parent_class)->finalize (object);
}

static void
orr_settings_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ORR_TYPE_SETTINGS_DIALOG);
  G_OBJECT_CLASS (orr_settings_dialog_parent_class)->dispose (object);
}

static const OrrFormChild template_children[] = {
  ORR_FORM_CHILD (OrrSettingsDialog, form),
  ORR_FORM_CHILD (OrrSettingsDialog, buttons),
};

static void
orr_settings_dialog_class_init (OrrSettingsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = orr_settings_dialog_finalize;
  object_class->dispose = orr_settings_dialog_dispose;
  orr_form_class_set_template (widget_class, "orr-settings-dialog.ui", template_children,
                               G_N_ELEMENTS (template_children));
}

static void
orr_settings_dialog_init (OrrSettingsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->labels = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}
