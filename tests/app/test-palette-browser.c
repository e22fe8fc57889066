/* test-palette-browser.c: the palette browser lists the standard palettes
 * as their palette.xml files order them, and its search keeps exactly the
 * blocks whose name, label or description holds every word typed. The
 * expectations come from the palette.xml files and from the classes' own
 * strings, never from the browser. A user library built here shows after
 * them, as library, palettes and blocks, found by the same search, and
 * its blocks drag and activate by their "library:" names. Needs a display
 * (xvfb-run). */
#include "app-test-util.h"
#include "orr-palette-browser.h"

#include <glib/gstdio.h>
#include <orr-palettes.h>
#include <string.h>

typedef struct
{
  OrrRegistry *registry;
  GtkWidget *browser;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->registry = orr_registry_new ();
  orr_palettes_register_standard (f->registry);
  f->browser = g_object_ref_sink (orr_palette_browser_new (f->registry));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->browser);
  g_clear_pointer (&f->registry, orr_registry_free);
}

/* ---- palette.xml, read here with GMarkup ---------------------------------------- */

typedef struct
{
  char *palette;
  GPtrArray *blocks; /* of char* */
} PaletteFile;

static void
palette_start (GMarkupParseContext *context, const char *element, const char **names,
               const char **values, gpointer user_data, GError **error)
{
  PaletteFile *file = user_data;

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "name"))
      {
        if (g_str_equal (element, "palette"))
          file->palette = g_strdup (values[i]);
        else if (g_str_equal (element, "block"))
          g_ptr_array_add (file->blocks, g_strdup (values[i]));
      }
}

/* Every palettes/<dir>/palette.xml, by palette name. */
static GHashTable *
read_palette_files (void)
{
  g_autofree char *root = g_build_filename (ORR_SOURCE_ROOT, "palettes", NULL);
  g_autoptr (GDir) dir = g_dir_open (root, 0, NULL);
  GHashTable *files
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
  const char *entry;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (root, entry, "palette.xml", NULL);
      g_autofree char *text = NULL;
      gsize length;
      GMarkupParser parser = { palette_start };
      PaletteFile file = { NULL, g_ptr_array_new_with_free_func (g_free) };
      g_autoptr (GMarkupParseContext) context = NULL;

      if (!g_file_get_contents (path, &text, &length, NULL))
        {
          g_ptr_array_unref (file.blocks);
          continue;
        }
      context = g_markup_parse_context_new (&parser, 0, &file, NULL);
      g_assert_true (g_markup_parse_context_parse (context, text, length, NULL));
      g_assert_nonnull (file.palette);
      g_hash_table_insert (files, file.palette, file.blocks);
    }
  return files;
}

/* ---- checks -------------------------------------------------------------------- */

/* What the search must find at least: a block with every word somewhere
 * in its name, its label or its description, ignoring case. (It finds
 * more: keywords, initials, the letters in order.) */
static gboolean
class_matches (const OrrBlockClass *klass, const char *query)
{
  g_autofree char *text = g_strjoin (" ", klass->name, klass->label ? klass->label : "",
                                     klass->description ? klass->description : "", NULL);
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autofree char *lower_query = g_utf8_strdown (query, -1);
  g_auto (GStrv) words = g_strsplit (lower_query, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (lower, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
check_search (Fixture *f, const char *query)
{
  OrrPaletteBrowser *browser = ORR_PALETTE_BROWSER (f->browser);
  g_auto (GStrv) shown = NULL;
  guint n = orr_registry_get_n_classes (f->registry);

  orr_palette_browser_set_search_text (browser, query);
  g_assert_cmpstr (orr_palette_browser_get_search_text (browser), ==, query);
  shown = orr_palette_browser_get_matching_blocks (browser);

  for (guint i = 0; i < n; i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (f->registry, i);
      gboolean listed = g_strv_contains ((const char *const *)shown, klass->name);

      if (class_matches (klass, query) && !listed)
        g_error ("search “%s”: %s is missing", query, klass->name);
    }
}

static void
test_palette_order (Fixture *f, gconstpointer data)
{
  OrrPaletteBrowser *browser = ORR_PALETTE_BROWSER (f->browser);
  g_autoptr (GHashTable) files = read_palette_files ();
  g_auto (GStrv) palettes = orr_palette_browser_get_matching_palettes (browser);
  g_auto (GStrv) blocks = orr_palette_browser_get_matching_blocks (browser);
  g_auto (GStrv) rows = orr_palette_browser_get_rows (browser);
  guint at = 0;

  /* One entry per palette file, each block as its file lists it. */
  g_assert_cmpuint (g_strv_length (palettes), ==, g_hash_table_size (files));
  for (guint p = 0; palettes[p] != NULL; p++)
    {
      GPtrArray *listed = g_hash_table_lookup (files, palettes[p]);

      g_assert_nonnull (listed);
      for (guint b = 0; b < listed->len; b++, at++)
        {
          g_assert_nonnull (blocks[at]);
          g_assert_cmpstr (blocks[at], ==, listed->pdata[b]);
        }
    }
  g_assert_null (blocks[at]);
  g_assert_cmpuint (at, ==, orr_registry_get_n_classes (f->registry));

  /* Without a search the palettes start closed: one row each. */
  g_assert_cmpstrv (rows, palettes);
}

static void
test_search (Fixture *f, gconstpointer data)
{
  OrrPaletteBrowser *browser = ORR_PALETTE_BROWSER (f->browser);
  g_auto (GStrv) blocks = NULL;
  g_auto (GStrv) rows = NULL;
  g_auto (GStrv) palettes = NULL;

  orr_palette_browser_set_search_text (browser, "integ");
  blocks = orr_palette_browser_get_matching_blocks (browser);
  g_assert_true (g_strv_contains ((const char *const *)blocks, "Integrator"));
  g_assert_true (g_strv_contains ((const char *const *)blocks, "DiscreteIntegrator"));
  /* "Rounds ... to an integer": descriptions count */
  g_assert_true (g_strv_contains ((const char *const *)blocks, "Rounding"));
  g_assert_false (g_strv_contains ((const char *const *)blocks, "Gain"));

  /* While searching, the palettes that have matches are open, the others
   * gone: the rows are each palette followed by its matches. */
  rows = orr_palette_browser_get_rows (browser);
  palettes = orr_palette_browser_get_matching_palettes (browser);
  g_assert_true (g_strv_contains ((const char *const *)rows, "  Integrator"));
  g_assert_true (g_strv_contains ((const char *const *)rows, "Continuous"));
  g_assert_false (g_strv_contains ((const char *const *)rows, "Sinks"));
  g_assert_cmpuint (g_strv_length (rows), ==, g_strv_length (palettes) + g_strv_length (blocks));

  check_search (f, "integ");
  check_search (f, "INTEG");
  check_search (f, "integ discrete");
  check_search (f, "clock");
  check_search (f, "1/s");
  check_search (f, "zzzz");
  check_search (f, "");

  /* Nothing matches: nothing shows, not even empty palettes. */
  orr_palette_browser_set_search_text (browser, "zzzz");
  g_clear_pointer (&rows, g_strfreev);
  rows = orr_palette_browser_get_rows (browser);
  g_assert_cmpuint (g_strv_length (rows), ==, 0);

  {
    g_auto (GStrv) two = NULL;

    orr_palette_browser_set_search_text (browser, "integ discrete");
    two = orr_palette_browser_get_matching_blocks (browser);
    g_assert_true (g_strv_contains ((const char *const *)two, "DiscreteIntegrator"));
    g_assert_false (g_strv_contains ((const char *const *)two, "Integrator"));
  }
}

/* The first block the browser lists for text (what Enter inserts). */
static char *
first_match (OrrPaletteBrowser *browser, const char *text)
{
  g_auto (GStrv) blocks = NULL;

  orr_palette_browser_set_search_text (browser, text);
  blocks = orr_palette_browser_get_matching_blocks (browser);
  return g_strdup (blocks[0]);
}

static gboolean
label_shows (GtkWidget *widget, const char *part)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
      && strstr (gtk_label_get_text (GTK_LABEL (widget)), part) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && label_shows (child, part))
      return TRUE;
  return FALSE;
}

/* The palette search ranks as quick insert does: the block named comes
 * first, not the Scope whose description mentions gains; synonyms in the
 * classes' keywords find blocks ("reset": the Integrator's
 * re-initialisation); a search that finds nothing says so, with a hint
 * (an example when one has the word). */
static void
test_search_ranking (Fixture *f, gconstpointer data)
{
  OrrPaletteBrowser *browser = ORR_PALETTE_BROWSER (f->browser);
  const char *firsts[][2] = {
    { "gain", "Gain" }, { "scope", "Scope" },         { "reset", "Integrator" },
    { "sum", "Sum" },   { "tf", "TransferFunction" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (firsts); i++)
    {
      g_autofree char *first = first_match (browser, firsts[i][0]);
      g_assert_cmpstr (first, ==, firsts[i][1]);
    }
  {
    g_auto (GStrv) blocks = NULL;

    orr_palette_browser_set_search_text (browser, "bounce");
    blocks = orr_palette_browser_get_matching_blocks (browser);
    g_assert_true (g_strv_contains ((const char *const *)blocks, "ZeroCrossDown"));
  }

  /* the blocks that answer it, and the example that has the word */
  g_assert_true (label_shows (f->browser, "“Bouncing ball”"));

  orr_palette_browser_set_search_text (browser, "qqqq");
  g_assert_true (label_shows (f->browser, "No blocks match “qqqq”"));
  orr_palette_browser_set_search_text (browser, "gain");
  g_assert_false (label_shows (f->browser, "No blocks match"));
}

static GtkWidget *
find_widget (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What a drag from each shown row offers, in row order; NULL for rows
 * that do not drag (palettes). */
static void
collect_payloads (GtkWidget *widget, GPtrArray *payloads)
{
  if (GTK_IS_TREE_EXPANDER (widget) && gtk_widget_get_visible (widget))
    {
      g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);
          GdkContentProvider *provider = NULL;

          if (!GTK_IS_DRAG_SOURCE (controller))
            continue;
          g_signal_emit_by_name (controller, "prepare", 1.0, 1.0, &provider);
          if (provider != NULL)
            {
              GValue value = G_VALUE_INIT;
              g_autoptr (GdkContentFormats) formats = gdk_content_provider_ref_formats (provider);

              /* library blocks offer their name, and no string the canvas
               * would take for a class */
              if (gdk_content_formats_contain_gtype (formats, G_TYPE_STRING))
                {
                  g_value_init (&value, G_TYPE_STRING);
                  g_assert_true (gdk_content_provider_get_value (provider, &value, NULL));
                  g_ptr_array_add (payloads, g_value_dup_string (&value));
                }
              else
                {
                  g_value_init (&value, ORR_TYPE_PALETTE_LIBRARY_DRAG);
                  g_assert_true (gdk_content_provider_get_value (provider, &value, NULL));
                  g_ptr_array_add (payloads, g_strdup (g_value_get_boxed (&value)));
                }
              g_value_unset (&value);
              g_object_unref (provider);
            }
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_payloads (child, payloads);
}

static void
remember_activated (OrrPaletteBrowser *browser, const char *type, char **where)
{
  g_free (*where);
  *where = g_strdup (type);
}

/* The rows as they are on screen: a drag offers "orrery-block:<class>",
 * activating a block's row asks for it by name. Also keeps a picture of
 * the browser while searching. */
static void
test_rows (Fixture *f, gconstpointer data)
{
  GtkWidget *window = gtk_window_new ();
  g_autoptr (GPtrArray) payloads = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) blocks = NULL;
  g_autofree char *activated = NULL;
  GtkWidget *list;

  gtk_window_set_default_size (GTK_WINDOW (window), 260, 520);
  gtk_window_set_child (GTK_WINDOW (window), f->browser);
  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "integ");
  app_test_keep_picture (GTK_WINDOW (window), "palette-browser-integ");

  collect_payloads (f->browser, payloads);
  blocks = orr_palette_browser_get_matching_blocks (ORR_PALETTE_BROWSER (f->browser));
  g_assert_cmpuint (payloads->len, ==, g_strv_length (blocks));
  for (guint i = 0; i < payloads->len; i++)
    {
      g_autofree char *expected = g_strconcat ("orrery-block:", blocks[i], NULL);
      g_assert_cmpstr (payloads->pdata[i], ==, expected);
    }
  g_assert_true (
    g_ptr_array_find_with_equal_func (payloads, "orrery-block:Integrator", g_str_equal, NULL));

  /* Row 0 is the first palette, row 1 its first block. */
  g_signal_connect (f->browser, "block-activated", G_CALLBACK (remember_activated), &activated);
  list = find_widget (f->browser, GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (list);
  g_signal_emit_by_name (list, "activate", 1u);
  g_assert_cmpstr (activated, ==, blocks[0]);
  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "");
  app_test_keep_picture (GTK_WINDOW (window), "palette-browser");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Enter in the search entry inserts the block the user named: "gain"
 * also matches the scopes (their help mentions it), but Gain is named
 * exactly; "integ" takes the first block whose name starts with it. */
static void
test_enter_inserts_best_match (Fixture *f, gconstpointer data)
{
  g_autofree char *activated = NULL;
  GtkWidget *entry = find_widget (f->browser, GTK_TYPE_SEARCH_ENTRY);
  g_auto (GStrv) blocks = NULL;

  g_assert_nonnull (entry);
  g_signal_connect (f->browser, "block-activated", G_CALLBACK (remember_activated), &activated);

  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "gain");
  blocks = orr_palette_browser_get_matching_blocks (ORR_PALETTE_BROWSER (f->browser));
  g_assert_cmpuint (g_strv_length (blocks), >, 1);
  /* the list shows it first too (it used to show the scopes first) */
  g_assert_cmpstr (blocks[0], ==, "Gain");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (activated, ==, "Gain");

  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "Integ");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (activated, ==, "Integrator");
}

/* ---- a user library --------------------------------------------------------------- */

/* A masked "Ball" (parameter g, "Gravity", 9.81) and a plain Gain
 * labelled label, built in scratch. */
static OrrBlock *
build_ball (OrrModel *scratch)
{
  OrrBlock *ball
    = orr_model_add_super_block (scratch, orr_model_get_root (scratch), &(OrrRect){ 0, 0, 60, 60 });
  OrrMask *mask = orr_mask_new ();

  orr_model_set_block_label (scratch, ball, "Ball");
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gravity", "9.81"));
  mask->description = g_strdup ("A falling ball of putty.");
  mask->icon_text = g_strdup ("ball");
  orr_model_set_mask (scratch, ball, mask);
  return ball;
}

static OrrBlock *
build_gain (OrrModel *scratch, const char *label)
{
  OrrBlock *gain = orr_model_add_block (scratch, orr_model_get_root (scratch), "Gain",
                                        &(OrrRect){ 0, 0, 40, 40 });

  orr_model_set_block_label (scratch, gain, label);
  return gain;
}

static void
tooltips_with (GtkWidget *widget, const char *text, GStrvBuilder *found)
{
  const char *tip = gtk_widget_get_tooltip_markup (widget);

  if (GTK_IS_TREE_EXPANDER (widget) && tip != NULL && strstr (tip, text) != NULL)
    g_strv_builder_add (found, tip);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    tooltips_with (child, text, found);
}

/* How many rows show a picture from a file rather than the drawn icon. */
static guint
count_icon_files (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_IMAGE (widget) && gtk_widget_get_visible (widget)
      && gtk_widget_get_visible (gtk_widget_get_parent (widget))
      && gtk_image_get_storage_type (GTK_IMAGE (widget)) != GTK_IMAGE_EMPTY)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_icon_files (child);
  return n;
}

static char *
joined_rows (Fixture *f)
{
  g_auto (GStrv) rows = orr_palette_browser_get_rows (ORR_PALETTE_BROWSER (f->browser));

  return g_strjoinv ("|", rows);
}

/* The library "Mechanics" (key mech) with palettes "Bodies" (the Ball,
 * with an SVG icon) and "Elastic" (Spring): its entry comes after every
 * standard palette; searching "putty" leaves the Ball alone under its
 * library and palette, with its documentation as tooltip; it drags and
 * activates as "library:mech:mechanics/Ball"; a block added to the
 * library shows once the browser is told; NULL takes the library away. */
static void
test_libraries (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("orrery-browser-lib-XXXXXX", &error);
  g_autofree char *dir = g_build_filename (root, "mechanics", NULL);
  g_autofree char *icon = g_build_filename (root, "ball.svg", NULL);
  g_autoptr (OrrModel) scratch = orr_model_new ();
  g_autoptr (OrrLibrary) library = NULL;
  g_autoptr (OrrLibrarySet) set = orr_library_set_new ();
  g_autoptr (GPtrArray) payloads = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) tips = NULL;
  g_auto (GStrv) rows = NULL;
  g_auto (GStrv) blocks = NULL;
  g_autofree char *text = NULL;
  g_autofree char *activated = NULL;
  const char *names[] = { "Bodies", "Elastic" };
  const char *bodies[] = { "mechanics/Ball", NULL };
  const char *elastic[] = { "mechanics/Spring", NULL };
  const char *const *members[] = { bodies, elastic };
  GtkWidget *window = gtk_window_new ();
  guint n;

  g_assert_no_error (error);
  library = orr_library_create (dir, "Mechanics", "mech", &error);
  g_assert_no_error (error);
  g_assert_true (orr_library_set_description (library, "Bodies and springs.", &error));
  g_assert_true (orr_library_add_block (library, "mechanics/Ball", build_ball (scratch), &error));
  g_assert_true (
    orr_library_add_block (library, "mechanics/Spring", build_gain (scratch, "Spring"), &error));
  g_assert_true (orr_library_set_palettes (library, names, members, 2, &error));
  g_assert_true (
    g_file_set_contents (icon,
                         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"26\" height=\"26\">"
                         "<circle cx=\"13\" cy=\"13\" r=\"11\" fill=\"#c0392b\"/></svg>",
                         -1, NULL));
  g_assert_true (orr_library_set_block_icon (library, "mechanics/Ball", icon, &error));
  g_assert_no_error (error);
  orr_library_set_add_folder (set, dir, FALSE, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 260, 520);
  gtk_window_set_child (GTK_WINDOW (window), f->browser);
  orr_palette_browser_set_libraries (ORR_PALETTE_BROWSER (f->browser), set);

  /* after the standard palettes, closed */
  rows = orr_palette_browser_get_rows (ORR_PALETTE_BROWSER (f->browser));
  n = g_strv_length (rows);
  g_assert_cmpstr (rows[n - 1], ==, "Mechanics 1.0");
  for (guint i = 0; i + 1 < n; i++)
    g_assert_false (g_str_has_prefix (rows[i], " ")); /* nothing open yet */

  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "putty");
  text = joined_rows (f);
  g_assert_cmpstr (text, ==, "Mechanics 1.0|  Bodies|    library:mech:mechanics/Ball");
  app_test_keep_picture (GTK_WINDOW (window), "palette-browser-library-search");
  tooltips_with (window, "putty", builder);
  tips = g_strv_builder_end (builder);
  g_assert_cmpuint (g_strv_length (tips), ==, 1);
  g_assert_nonnull (strstr (tips[0], "<b>Ball</b>"));
  g_assert_nonnull (strstr (tips[0], "Mechanics 1.0 · mechanics/Ball"));
  g_assert_nonnull (strstr (tips[0], "<i>Gravity</i> (g) = 9.81"));
  g_assert_cmpuint (count_icon_files (find_widget (f->browser, GTK_TYPE_LIST_VIEW)), ==, 1);
  /* the library's row says what the library is */
  {
    g_autoptr (GStrvBuilder) described = g_strv_builder_new ();
    g_auto (GStrv) library_tips = NULL;

    tooltips_with (window, "Bodies and springs.", described);
    library_tips = g_strv_builder_end (described);
    g_assert_cmpuint (g_strv_length (library_tips), ==, 1);
    g_assert_true (g_str_has_prefix (library_tips[0], "<b>Mechanics</b> 1.0\nBodies and springs."));
  }
  collect_payloads (f->browser, payloads);
  g_assert_cmpuint (payloads->len, ==, 1);
  g_assert_cmpstr (payloads->pdata[0], ==, "library:mech:mechanics/Ball");

  g_signal_connect (f->browser, "block-activated", G_CALLBACK (remember_activated), &activated);
  g_signal_emit_by_name (find_widget (f->browser, GTK_TYPE_LIST_VIEW), "activate", 2u);
  g_assert_cmpstr (activated, ==, "library:mech:mechanics/Ball");
  g_clear_pointer (&activated, g_free);
  g_signal_emit_by_name (find_widget (f->browser, GTK_TYPE_SEARCH_ENTRY), "activate");
  g_assert_cmpstr (activated, ==, "library:mech:mechanics/Ball");

  /* The library's name finds its blocks; one added shows once told. */
  g_assert_true (
    orr_library_add_block (library, "mechanics/Anvil", build_gain (scratch, "Anvil"), &error));
  g_assert_no_error (error);
  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "mechanics");
  g_clear_pointer (&text, g_free);
  text = joined_rows (f);
  g_assert_cmpstr (text, ==,
                   "Mechanics 1.0|  Bodies|    library:mech:mechanics/Ball|  Elastic|    "
                   "library:mech:mechanics/Spring");
  {
    g_autoptr (OrrLibrarySet) again = orr_library_set_new ();

    orr_library_set_add_folder (again, dir, FALSE, NULL);
    orr_palette_browser_set_libraries (ORR_PALETTE_BROWSER (f->browser), again);
  }
  blocks = orr_palette_browser_get_matching_blocks (ORR_PALETTE_BROWSER (f->browser));
  g_assert_cmpuint (g_strv_length (blocks), ==, 3);
  g_assert_cmpstr (blocks[2], ==, "library:mech:mechanics/Anvil"); /* the last palette's end */

  /* Closed, with the library open: the picture to look at. */
  orr_palette_browser_set_search_text (ORR_PALETTE_BROWSER (f->browser), "");
  {
    GtkWidget *list = find_widget (f->browser, GTK_TYPE_LIST_VIEW);

    /* the library's row, then its two palettes' rows as they appear */
    g_signal_emit_by_name (list, "activate", n - 1);
    g_signal_emit_by_name (list, "activate", n);
    g_signal_emit_by_name (list, "activate", n + 2);
  }
  g_clear_pointer (&text, g_free);
  text = joined_rows (f);
  g_assert_nonnull (strstr (text, "|Mechanics 1.0|  Bodies|    library:mech:mechanics/Ball|  "
                                  "Elastic|    library:mech:mechanics/Spring|    "
                                  "library:mech:mechanics/Anvil"));
  app_test_keep_picture (GTK_WINDOW (window), "palette-browser-library");

  orr_palette_browser_set_libraries (ORR_PALETTE_BROWSER (f->browser), NULL);
  g_strfreev (blocks);
  blocks = orr_palette_browser_get_matching_blocks (ORR_PALETTE_BROWSER (f->browser));
  for (guint i = 0; blocks[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (blocks[i], "library:"));
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_remove_tree (root);
}

int
main (int argc, char *argv[])
{
  /* A GUI test: skipped (77) where there is no display. */
  if (!gtk_init_check ())
    return 77;
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/palette-browser/order", Fixture, NULL, fixture_set_up, test_palette_order,
              fixture_tear_down);
  g_test_add ("/palette-browser/search", Fixture, NULL, fixture_set_up, test_search,
              fixture_tear_down);
  g_test_add ("/palette-browser/search-ranking", Fixture, NULL, fixture_set_up, test_search_ranking,
              fixture_tear_down);
  g_test_add ("/palette-browser/rows", Fixture, NULL, fixture_set_up, test_rows, fixture_tear_down);
  g_test_add ("/palette-browser/enter-inserts-best-match", Fixture, NULL, fixture_set_up,
              test_enter_inserts_best_match, fixture_tear_down);
  g_test_add ("/palette-browser/libraries", Fixture, NULL, fixture_set_up, test_libraries,
              fixture_tear_down);
  return g_test_run ();
}
