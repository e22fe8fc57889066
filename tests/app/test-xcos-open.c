/* test-xcos-open.c: an Xcos diagram opened in the editor. Opening a .xcos
 * (and dropping a .zcos on a window) imports it into a new window as an
 * unsaved model with no file, with its blocks mapped, and a file that is
 * not Xcos gives no window. Needs a display and a session bus. */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-window.h"

#include <glib/gstdio.h>
#include <orrery/orr-io.h>
#include <string.h>

/* A sine (frequency %pi) into a trash block, with inline values as
 * Scilab 6 writes them. */
static const char diagram[]
  = "<?xml version=\"1.0\"?>\n"
    "<XcosDiagram finalIntegrationTime=\"1.0\"><mxGraphModel><root>\n"
    " <mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n"
    " <BasicBlock id=\"s\" parent=\"1\" interfaceFunctionName=\"GENSIN_f\">\n"
    "  <ScilabString as=\"exprs\" height=\"3\" width=\"1\"><data line=\"0\" column=\"0\" "
    "value=\"2\"/><data line=\"1\" column=\"0\" value=\"%pi\"/><data line=\"2\" column=\"0\" "
    "value=\"0\"/></ScilabString>\n"
    "  <mxGeometry as=\"geometry\" x=\"10\" y=\"10\" width=\"40\" height=\"40\"/></BasicBlock>\n"
    " <ExplicitOutputPort id=\"s.o\" parent=\"s\" ordering=\"1\"/>\n"
    " <BasicBlock id=\"t\" parent=\"1\" interfaceFunctionName=\"TRASH_f\">\n"
    "  <mxGeometry as=\"geometry\" x=\"100\" y=\"10\" width=\"40\" height=\"40\"/></BasicBlock>\n"
    " <ExplicitInputPort id=\"t.i\" parent=\"t\" ordering=\"1\"/>\n"
    " <ExplicitLink id=\"l\" parent=\"1\" source=\"s.o\" target=\"t.i\"/>\n"
    "</root></mxGraphModel></XcosDiagram>\n";

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
check_imported (OrrWindow *window)
{
  OrrModel *model = orr_window_get_model (window);
  OrrDiagram *root = orr_model_get_root (model);
  OrrBlock *sine = NULL;

  /* a new model: no file to save over, modified until saved */
  g_assert_null (orr_window_get_file (window));
  g_assert_true (orr_model_get_modified (model));
  g_assert_cmpuint (root->blocks->len, ==, 2);
  g_assert_cmpuint (root->links->len, ==, 1);
  for (guint i = 0; i < root->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (root->blocks, i);
      if (strcmp (b->type, "SineWave") == 0)
        sine = b;
    }
  g_assert_nonnull (sine);
  g_assert_cmpstr (orr_block_get_param (sine, "frequency"), ==, "pi");
}

static void
test_open (gconstpointer data)
{
  OrrApplication *app = ORR_APPLICATION ((gpointer)data);
  g_autofree char *dir = g_dir_make_tmp ("orrery-xcos-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sine.xcos", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.zcos", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
  GtkWindow *window;

  g_assert_true (g_file_set_contents (path, diagram, -1, NULL));
  g_assert_true (g_file_set_contents (bad, "PK\003\004 not an archive", -1, NULL));

  window = orr_application_open_file (app, file);
  g_assert_nonnull (window);
  spin (100);
  check_imported (ORR_WINDOW (window));

  /* a damaged diagram: an error dialog, no window */
  g_assert_null (orr_application_open_file (app, bad_file));

  /* dropped on the window: a second import */
  {
    g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
    GtkDropTarget *target = NULL;
    GValue value = G_VALUE_INIT;
    gboolean accepted = FALSE;
    GSList *files;
    guint before = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);
        if (GTK_IS_DROP_TARGET (controller))
          target = GTK_DROP_TARGET (controller);
      }
    g_assert_nonnull (target);
    files = g_slist_prepend (NULL, file);
    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
    g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
    g_value_unset (&value);
    g_slist_free (files);
    g_assert_true (accepted);
    spin (100);
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), >,
                      before);
  }

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL;)
    {
      GList *next = l->next;
      if (ORR_IS_WINDOW (l->data))
        orr_window_close_confirmed (l->data);
      l = next;
    }
  spin (100);
  g_remove (path);
  g_remove (bad);
  g_remove (dir);
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrApplication) app = NULL;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL || !gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);
  app = app_test_application_new ();
  g_test_add_data_func ("/xcos-open/open-and-drop", app, test_open);
  return g_test_run ();
}
