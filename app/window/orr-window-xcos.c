/* orr-window-xcos.c: an Xcos diagram (.zcos, .xcos) opened in a window.
 *
 * The diagram is imported with the application's registry and opens as a
 * new, unsaved model (Save asks where to keep the .orr; the Xcos file is
 * never written). The import report goes to the window's problems list,
 * one row per note, each showing its block when activated; the info bar
 * says how many blocks have no counterpart, since such a model does not
 * run until they are replaced. */
#include "orr-window-private.h"

#include <glib/gi18n-lib.h>
#include <orrery/orr-xcos.h>
#include <string.h>

typedef struct
{
  const char *path;
  const char *id;
} FindPath;

static void
find_path (OrrBlock *block, gpointer data)
{
  FindPath *f = data;
  g_autofree char *path = NULL;

  if (f->id != NULL)
    return;
  path = orr_block_get_path (block);
  if (strcmp (path, f->path) == 0)
    f->id = block->id;
}

/* A report line "Path/Block: message" as a problem pointing at the block. */
static OrrProblem *
note_to_problem (OrrModel *model, const char *note)
{
  const char *sep = strstr (note, ": ");
  g_autofree char *where = sep != NULL ? g_strndup (note, sep - note) : g_strdup ("diagram");
  FindPath f = { where, NULL };
  const char *ids[2] = { NULL, NULL };

  orr_diagram_foreach_block (orr_model_get_root (model), find_path, &f);
  ids[0] = f.id;
  return orr_problem_new (ids, g_steal_pointer (&where), g_strdup (sep != NULL ? sep + 2 : note));
}

GtkWindow *
_orr_window_open_xcos (OrrApplication *application, GFile *file, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  g_autofree char *message = NULL;
  g_autofree char *name = g_file_get_basename (file);
  OrrWindow *window;

  model = orr_xcos_load_file (path, orr_application_get_registry (application), &report, error);
  if (model == NULL)
    return NULL;
  orr_model_clear_history (model);
  orr_model_set_unsaved (model);

  window = orr_window_new (application, model, NULL);
  problems = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_problem_free);
  for (guint i = 0; i < report->warnings->len; i++)
    g_ptr_array_add (problems, note_to_problem (model, g_ptr_array_index (report->warnings, i)));
  if (report->placeholders->len > 0)
    message = g_strdup_printf (ngettext ("Imported from %s: %u block has no Orrery counterpart "
                                         "and must be replaced before the model runs",
                                         "Imported from %s: %u blocks have no Orrery counterpart "
                                         "and must be replaced before the model runs",
                                         report->placeholders->len),
                               name, report->placeholders->len);
  else
    message = g_strdup_printf (_ ("Imported from %s: see the notes below"), name);
  _orr_window_show_problems (window, message, problems);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}
