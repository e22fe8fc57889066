/* orr-examples.c: the example models and the Open Example window. The
 * examples folder holds the models and an index.xml that gives each a
 * title and a one-sentence description, in the order they are listed. */
#include "orr-examples.h"

#include "orr-paths.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
orr_example_free (OrrExample *example)
{
  if (example == NULL)
    return;
  g_free (example->file);
  g_free (example->title);
  g_free (example->description);
  g_free (example);
}

char *
orr_examples_get_dir (void)
{
  const char *env = g_getenv ("ORRERY_EXAMPLES");
  g_autofree char *data = orr_paths_get_data_dir ();
  g_autofree char *installed = g_build_filename (data, "orrery", "examples", NULL);
  const char *candidates[] = { installed, ORR_SOURCE_EXAMPLES };

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *index = g_build_filename (candidates[i], "index.xml", NULL);

      if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
        return g_strdup (candidates[i]);
    }
  return NULL;
}

static void
start_element (GMarkupParseContext *context, const char *element, const char **names,
               const char **values, gpointer user_data, GError **error)
{
  GPtrArray *examples = user_data;
  const char *file = NULL, *title = NULL, *description = NULL;
  OrrExample *example;

  if (g_strcmp0 (element, "examples") == 0)
    return;
  if (g_strcmp0 (element, "example") != 0)
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT,
                   _ ("unknown element <%s>"), element);
      return;
    }
  if (!g_markup_collect_attributes (element, names, values, error, G_MARKUP_COLLECT_STRING, "file",
                                    &file, G_MARKUP_COLLECT_STRING, "title", &title,
                                    G_MARKUP_COLLECT_STRING, "description", &description,
                                    G_MARKUP_COLLECT_INVALID))
    return;
  /* a name, not a path: the index lists only what is beside it */
  if (strchr (file, '/') != NULL || !g_str_has_suffix (file, ".orr"))
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                   _ ("“%s” is not the name of a model file"), file);
      return;
    }
  example = g_new0 (OrrExample, 1);
  example->file = g_strdup (file);
  example->title = g_strdup (title);
  example->description = g_strdup (description);
  g_ptr_array_add (examples, example);
}

GPtrArray *
orr_examples_load_index (const char *dir, GError **error)
{
  static const GMarkupParser parser = { start_element, NULL, NULL, NULL, NULL };
  g_autofree char *path = g_build_filename (dir, "index.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) examples
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_example_free);
  g_autoptr (GMarkupParseContext) context = NULL;
  g_autoptr (GError) local = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  context = g_markup_parse_context_new (&parser, 0, examples, NULL);
  if (!g_markup_parse_context_parse (context, text, (gssize)length, &local)
      || !g_markup_parse_context_end_parse (context, &local))
    {
      int line = 0;

      g_markup_parse_context_get_position (context, &line, NULL);
      g_set_error (error, local->domain, local->code, "%s:%d: %s", path, line, local->message);
      return NULL;
    }
  return g_steal_pointer (&examples);
}

/* ---- the window ------------------------------------------------------------ */

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, gpointer user_data)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (list)));
  const char *file = g_object_get_data (G_OBJECT (row), "orr-example-file");

  gtk_widget_activate_action (GTK_WIDGET (list), "app.open-example", "s", file);
  gtk_window_destroy (window);
}

static GtkWidget *
example_row_new (const OrrExample *example)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (_ (example->title));
  GtkWidget *description = gtk_label_new (_ (example->description));

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (description), 60);
  gtk_widget_add_css_class (description, "dim-label");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), description);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ (example->title), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _ (example->description), -1);
  g_object_set_data_full (G_OBJECT (row), "orr-example-file", g_strdup (example->file), g_free);
  return row;
}

GtkWindow *
orr_examples_window_new (GtkWindow *parent)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  g_autofree char *dir = orr_examples_get_dir ();
  g_autoptr (GPtrArray) examples = NULL;
  g_autoptr (GError) error = NULL;

  gtk_window_set_title (GTK_WINDOW (window), _ ("Open Example"));
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  /* so that its rows reach the application's actions */
  if (parent != NULL)
    gtk_window_set_application (GTK_WINDOW (window), gtk_window_get_application (parent));
  gtk_window_set_modal (GTK_WINDOW (window), parent != NULL);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 560, 520);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_BROWSE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (list), TRUE);
  gtk_widget_add_css_class (list, "rich-list");
  g_signal_connect (list, "row-activated", G_CALLBACK (row_activated), NULL);

  examples = dir != NULL ? orr_examples_load_index (dir, &error) : NULL;
  if (examples == NULL)
    {
      GtkWidget *label
        = gtk_label_new (error != NULL ? error->message : _ ("No examples are installed."));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_list_box_set_placeholder (GTK_LIST_BOX (list), label);
    }
  for (guint i = 0; examples != NULL && i < examples->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (list), example_row_new (g_ptr_array_index (examples, i)));

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys), gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                        gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (window, keys);
  }
  return GTK_WINDOW (window);
}
