/* test-french.c: with LANGUAGE=fr the editor speaks French. The test binds
 * the "orrery" domain to the build's uninstalled catalogues (build/po),
 * then checks that the palettes' marked strings translate while the
 * classes themselves keep English (block names, and the labels that
 * docs/blocks.md is generated from), and that the palette browser and the
 * block dialog show the French. The expected French is po/fr.po's, written
 * out here: the test follows it through xgettext, msgfmt and the display
 * code, and the editor's window shows it too. Runs under LANGUAGE=fr LC_ALL=C.UTF-8 (glibc honours
 * LANGUAGE with C.UTF-8, so no French locale needs installing); needs a display. */
#include "app-test-util.h"
#include "orr-application.h"
#include "orr-block-dialog.h"
#include "orr-palette-browser.h"
#include "orr-window.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <orrery/orr-editor.h>
#include <orr-palettes.h>
#include <string.h>

static OrrRegistry *registry;

/* Every GtkLabel under widget, with the text it shows. */
static void
collect_labels (GtkWidget *widget, GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

/* The label showing exactly text, or NULL. */
static GtkLabel *
find_label (GtkWidget *root, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  collect_labels (root, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return labels->pdata[i];
  return NULL;
}

/* A widget under root whose tooltip is text, or NULL. */
static GtkWidget *
find_tooltip (GtkWidget *root, const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (root), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tooltip (child, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static const OrrParamSpec *
find_param (const OrrBlockClass *klass, const char *name)
{
  for (int i = 0; i < klass->n_params; i++)
    if (g_str_equal (klass->params[i].name, name))
      return &klass->params[i];
  g_assert_not_reached ();
}

static void
test_catalogue (void)
{
  const OrrBlockClass *integrator = orr_registry_lookup (registry, "Integrator");
  const OrrBlockClass *gain = orr_registry_lookup (registry, "Gain");

  g_assert_nonnull (integrator);
  g_assert_nonnull (gain);
  /* the class keeps English: file format names and the generated docs */
  g_assert_cmpstr (integrator->name, ==, "Integrator");
  g_assert_cmpstr (integrator->label, ==, "Integrator");
  g_assert_cmpstr (integrator->palette, ==, "Continuous");
  /* ... and the catalogue has the French */
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, integrator->label), ==, "Intégrateur");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, integrator->palette), ==, "Continu");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, find_param (gain, "multiplication")->label), ==,
                   "Règle de multiplication");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, find_param (gain, "gain")->help), ==,
                   "Un scalaire multiplie chaque élément de l’entrée ; une matrice est appliquée "
                   "selon la règle de multiplication.");
  /* a string of the app itself, with its mnemonic, and a plural */
  g_assert_cmpstr (_ ("_Cancel"), ==, "_Annuler");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u block", "%u blocks", 1), ==, "%u bloc");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u block", "%u blocks", 2), ==, "%u blocs");
}

static void
test_palette_browser (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *browser = orr_palette_browser_new (registry);
  GtkLabel *heading;
  g_auto (GStrv) blocks = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 320, 700);
  gtk_window_set_child (GTK_WINDOW (window), browser);
  app_test_keep_picture (GTK_WINDOW (window), "palette-browser-fr");

  /* palette headings */
  heading = find_label (browser, "Mathématiques");
  g_assert_nonnull (heading);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (heading), "heading"));
  g_assert_nonnull (find_label (browser, "Sources"));
  g_assert_null (find_label (browser, "Math"));

  /* a search in French finds the block by its translated label, and the
   * row shows that label */
  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (browser), "intégrateur");
  blocks = orr_palette_browser_get_matching_blocks (ORR_PALETTE_BROWSER (browser));
  g_assert_true (g_strv_contains ((const char *const *)blocks, "Integrator"));
  g_assert_true (g_strv_contains ((const char *const *)blocks, "DiscreteIntegrator"));
  app_test_keep_picture (GTK_WINDOW (window), "palette-browser-fr-search");
  g_assert_nonnull (find_label (browser, "Intégrateur"));
  g_assert_nonnull (find_label (browser, "Intégrateur discret"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_block_dialog (void)
{
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (GError) error = NULL;
  OrrRect where = { 100, 100, 0, 0 };
  OrrBlock *gain
    = orr_editor_add_block (model, orr_model_get_root (model), registry, "Gain", &where, &error);
  OrrBlockDialog *dialog;
  GtkWidget *rule;
  GListModel *choices;

  g_assert_no_error (error);
  dialog = orr_block_dialog_new (NULL, model, registry, gain);
  app_test_keep_picture (GTK_WINDOW (dialog), "block-dialog-fr");

  g_assert_nonnull (find_label (GTK_WIDGET (dialog), "Règle de multiplication"));
  g_assert_nonnull (find_label (GTK_WIDGET (dialog),
                                "Multiplie son entrée par un scalaire, ou par une matrice élément "
                                "par élément, à gauche ou à droite."));
  g_assert_nonnull (find_label (GTK_WIDGET (dialog), "Annuler") /* the mnemonic _ is not text */);
  /* the choices are shown in French; the value stays the 1-based index */
  rule = orr_block_dialog_get_field (dialog, "multiplication");
  g_assert_true (GTK_IS_DROP_DOWN (rule));
  choices = gtk_drop_down_get_model (GTK_DROP_DOWN (rule));
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0), ==,
                   "Élément par élément (K.*u)");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (rule), 2);
  g_assert_true (orr_block_dialog_apply (dialog, NULL));
  g_assert_cmpstr (orr_block_get_param (gain, "multiplication"), ==, "3");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The whole editor: the window's buttons, its palette browser and its
 * primary menu. The pictures are for people to look at. */
static void
test_window (void)
{
  g_autoptr (OrrApplication) app = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *example
    = g_build_filename (ORR_SOURCE_ROOT, "data", "examples", "pid-speed-control.orr", NULL);
  GtkWidget *window;
  GtkWidget *widget;
  gint64 end;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      g_test_skip ("no session bus (run under dbus-run-session)");
      return;
    }
  app = orr_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  dir = g_dir_make_tmp ("orrery-french-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "pid.orr", NULL);
  g_assert_true (g_file_get_contents (example, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  file = g_file_new_for_path (path);
  window = GTK_WIDGET (orr_application_open_file (app, file));
  g_assert_nonnull (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  app_test_keep_picture (GTK_WINDOW (window), "window-fr");
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  g_assert_nonnull (find_label (window, "Mathématiques"));
  g_assert_nonnull (find_tooltip (window, "Lancer le modèle (F5)"));
  widget = find_tooltip (window, "Menu principal");
  g_assert_true (GTK_IS_MENU_BUTTON (widget));
  gtk_menu_button_popup (GTK_MENU_BUTTON (widget));
  app_test_keep_picture_of (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget))),
                            "primary-menu-fr");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (widget));

  orr_window_close_confirmed (ORR_WINDOW (window));
  g_remove (path);
  g_remove (dir);
}

int
main (int argc, char *argv[])
{
  const char *localedir = g_getenv ("ORR_LOCALEDIR");
  int status;

  setlocale (LC_ALL, "");
  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);
  registry = orr_registry_new ();
  orr_palettes_register_standard (registry);

  g_test_add_func ("/i18n/french/catalogue", test_catalogue);
  g_test_add_func ("/i18n/french/palette-browser", test_palette_browser);
  g_test_add_func ("/i18n/french/block-dialog", test_block_dialog);
  g_test_add_func ("/i18n/french/window", test_window);
  status = g_test_run ();
  orr_registry_free (registry);
  return status;
}
