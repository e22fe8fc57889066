/* orr-window-analysis.c: the window's Linearize… action (win.linearize,
 * Ctrl+Shift+A): the dialog for the selected super block (or the whole
 * model), then a Linear Analysis window. win.linearize-block (s) skips the
 * dialog, with every port and the initial state, for scripts and tests. */
#include "orr-window-private.h"

#include "orr-analysis-window.h"
#include "orr-linearize-dialog.h"

#include <glib/gi18n.h>

static char *
selected_super_path (OrrWindow *self)
{
  OrrBlock *block = _orr_window_get_single_selected (self);

  if (block == NULL || !orr_block_is_super (block))
    return NULL;
  return orr_block_get_path (block);
}

static void
linearize_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  g_autofree char *path = selected_super_path (self);
  OrrLinearizeDialog *dialog
    = orr_linearize_dialog_new (GTK_WINDOW (self), self->model, self->registry, path);

  gtk_window_present (GTK_WINDOW (dialog));
}

static void
linearize_block_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  OrrWindow *self = ORR_WINDOW (user_data);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLinearModel) lm = NULL;
  OrrLinearizeOptions options;
  OrrAnalysisWindow *window;

  orr_linearize_options_init (&options);
  options.block = path;
  lm = orr_linearize (self->model, self->registry, &options, &error);
  if (lm == NULL)
    {
      _orr_window_show_error (self, _ ("Linearization failed"), error->message);
      return;
    }
  window
    = orr_analysis_window_new (GTK_WINDOW (self), lm, path[0] != '\0' ? path : _ ("the model"));
  gtk_window_present (GTK_WINDOW (window));
}

static const GActionEntry analysis_actions[] = {
  { "linearize", linearize_activated },
  { "linearize-block", linearize_block_activated, "s" },
};

void
_orr_window_analysis_init (OrrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), analysis_actions,
                                   G_N_ELEMENTS (analysis_actions), self);
}
