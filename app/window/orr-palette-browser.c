/* orr-palette-browser.c: the block library beside the canvas. A tree of
 * palettes and their blocks (GtkTreeListModel in a GtkListView), then of
 * user libraries, their palettes and blocks, filtered by a search entry.
 * The filter runs on each palette's block list; a palette (or library)
 * with nothing left disappears, and while searching every group is open
 * so that matches show without clicking. */
#include "orr-palette-browser.h"

#include <glib/gi18n-lib.h>
#include <orr-block-icons.h>
#include "orr-examples.h"
#include "orr-quick-insert.h"
#include <orr-canvas.h>
#include <string.h>

/* The frame the block's icon text is drawn in, in pixels. */
#define ICON_WIDTH 38
#define ICON_HEIGHT 26

/* The palettes keep labels, descriptions and help in English, marked with
 * N_(): translated here, where they are shown. "" stays "" (gettext would
 * give the catalogue's header), and a label from a user library that is not
 * in the catalogue comes back as it is. */
static const char *
tr (const char *text)
{
  return text != NULL && text[0] != '\0' ? g_dgettext (GETTEXT_PACKAGE, text) : text;
}

/* ---- nodes: a group (palette, library), or a block in it ----------------------- */

#define ORR_TYPE_PALETTE_NODE (orr_palette_node_get_type ())
G_DECLARE_FINAL_TYPE (OrrPaletteNode, orr_palette_node, ORR, PALETTE_NODE, GObject)

struct _OrrPaletteNode
{
  GObject parent_instance;

  char *palette;                /* groups: the palette's name, or "Library 1.2" */
  GListStore *blocks;           /* groups: of OrrPaletteNode (a library's: its palettes) */
  GtkFilterListModel *matching; /* groups: children the search leaves */
  gboolean is_library;          /* groups: a library, whose children are palettes */

  const OrrBlockClass *klass; /* standard blocks */
  char *name;                 /* library blocks: "library:<key>:<path>" */
  char *label;                /* library blocks: the path's last part */
  char *icon_text;            /* library blocks: the mask's icon text, or the label */
  char *icon_file;            /* library blocks: the library's icon for it, or NULL */
  OrrQuickInsertItem *search; /* blocks: what the search ranks, as quick insert does */
  int rank;                   /* how well the block, or a group's best block, answers it */
  GtkSortListModel *sorted;   /* groups: matching, best first while searching */
  char *tooltip;              /* blocks, libraries: markup */
};

G_DEFINE_FINAL_TYPE (OrrPaletteNode, orr_palette_node, G_TYPE_OBJECT)

static void
orr_palette_node_finalize (GObject *object)
{
  OrrPaletteNode *self = ORR_PALETTE_NODE (object);

  g_free (self->palette);
  g_clear_object (&self->matching);
  g_clear_object (&self->blocks);
  g_free (self->name);
  g_free (self->label);
  g_free (self->icon_text);
  g_free (self->icon_file);
  g_clear_object (&self->search);
  g_clear_object (&self->sorted);
  g_free (self->tooltip);
  G_OBJECT_CLASS (orr_palette_node_parent_class)->finalize (object);
}

static void
orr_palette_node_class_init (OrrPaletteNodeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = orr_palette_node_finalize;
}

static void
orr_palette_node_init (OrrPaletteNode *self)
{
}

/* Best rank first; the palette's own order among equals (the sort is
 * stable). */
static int
compare_rank (gconstpointer a, gconstpointer b, gpointer data)
{
  const OrrPaletteNode *x = a, *y = b;
  return x->rank < y->rank ? 1 : x->rank > y->rank ? -1 : 0;
}

static OrrPaletteNode *
palette_node_new (const char *palette, GtkFilter *filter, GtkSorter *sorter)
{
  OrrPaletteNode *node = g_object_new (ORR_TYPE_PALETTE_NODE, NULL);

  node->palette = g_strdup (palette);
  node->blocks = g_list_store_new (ORR_TYPE_PALETTE_NODE);
  node->matching = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (node->blocks)),
                                              GTK_FILTER (g_object_ref (filter)));
  node->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (node->matching)),
                                          GTK_SORTER (g_object_ref (sorter)));
  return node;
}

/* What the tooltip says: the description, then each parameter's help, so
 * that one can choose a block without opening its dialog. */
static char *
block_tooltip (const OrrBlockClass *klass)
{
  g_autoptr (GString) markup = g_string_new (NULL);
  g_autofree char *head = g_markup_printf_escaped (
    "<b>%s</b>  <small>%s</small>", klass->label ? tr (klass->label) : klass->name, klass->name);

  g_string_append (markup, head);
  if (klass->description != NULL)
    {
      g_autofree char *text = g_markup_escape_text (tr (klass->description), -1);
      g_string_append_printf (markup, "\n%s", text);
    }
  if (klass->n_params > 0)
    g_string_append_printf (markup, "\n\n<b>%s</b>", _ ("Parameters"));
  for (int i = 0; i < klass->n_params; i++)
    {
      const OrrParamSpec *spec = &klass->params[i];
      g_autofree char *line = g_markup_printf_escaped (
        "\n• <i>%s</i> (%s)%s%s", spec->label ? tr (spec->label) : spec->name, spec->name,
        spec->help ? ": " : "", spec->help ? tr (spec->help) : "");

      g_string_append (markup, line);
    }
  return g_string_free (g_steal_pointer (&markup), FALSE);
}

static OrrPaletteNode *
block_node_new (const OrrBlockClass *klass)
{
  OrrPaletteNode *node = g_object_new (ORR_TYPE_PALETTE_NODE, NULL);
  /* its keywords, and in a translated interface its English label too.
   * Not its English description: its words would rank as keywords, so
   * "reset" would find the JK flip-flop (whose K "resets" it) as surely as
   * the Integrator, whose keyword it is. */
  const char *english[] = { klass->keywords, klass->label, NULL };

  node->klass = klass;
  node->search = orr_quick_insert_item_new (klass->name, tr (klass->label), tr (klass->description),
                                            english, NULL, klass->icon_text);
  node->tooltip = block_tooltip (klass);
  return node;
}

static gboolean
node_is_block (OrrPaletteNode *node)
{
  return node->klass != NULL || node->name != NULL;
}

/* What "block-activated" and the drags carry. */
static const char *
node_block_name (OrrPaletteNode *node)
{
  return node->klass != NULL ? node->klass->name : node->name;
}

static const char *
node_block_label (OrrPaletteNode *node)
{
  if (node->klass == NULL)
    return node->label;
  return node->klass->label ? tr (node->klass->label) : node->klass->name;
}

/* A library block's tooltip is its documentation: the mask's description
 * and parameters with their defaults, and where it comes from. */
static char *
library_block_tooltip (OrrLibrary *library, const char *path, OrrBlock *block)
{
  OrrMask *mask = block->mask;
  g_autoptr (GString) markup = g_string_new (NULL);
  g_autofree char *head = g_markup_printf_escaped ("<b>%s</b>  <small>%s %s · %s</small>",
                                                   block->label, orr_library_get_name (library),
                                                   orr_library_get_version (library), path);

  g_string_append (markup, head);
  if (mask != NULL && mask->description != NULL && mask->description[0] != '\0')
    {
      g_autofree char *text = g_markup_escape_text (mask->description, -1);
      g_string_append_printf (markup, "\n%s", text);
    }
  if (mask != NULL && mask->params->len > 0)
    g_string_append_printf (markup, "\n\n<b>%s</b>", _ ("Parameters"));
  for (guint i = 0; mask != NULL && i < mask->params->len; i++)
    {
      const OrrMaskParam *param = g_ptr_array_index (mask->params, i);
      g_autofree char *line = g_markup_printf_escaped (
        "\n• <i>%s</i> (%s) = %s", param->label ? param->label : param->name, param->name,
        param->default_expr ? param->default_expr : "");

      g_string_append (markup, line);
    }
  return g_string_free (g_steal_pointer (&markup), FALSE);
}

static OrrPaletteNode *
library_block_node_new (OrrLibrary *library, const char *path)
{
  g_autoptr (OrrBlock) block = orr_library_load_block (library, path, NULL);
  const char *slash = strrchr (path, '/');
  OrrPaletteNode *node;

  if (block == NULL)
    return NULL; /* the library manager says why */
  node = g_object_new (ORR_TYPE_PALETTE_NODE, NULL);
  node->name
    = g_strconcat (ORR_PALETTE_LIBRARY_PREFIX, orr_library_get_key (library), ":", path, NULL);
  node->label = g_strdup (slash != NULL ? slash + 1 : path);
  node->icon_text = g_strdup (
    block->mask != NULL && block->mask->icon_text != NULL ? block->mask->icon_text : node->label);
  node->icon_file = orr_library_get_block_icon (library, path);
  {
    const char *words[] = { path, block->label, NULL };

    node->search = orr_quick_insert_item_new (
      node->name, node->label, block->mask != NULL ? block->mask->description : NULL, words,
      orr_library_get_name (library), node->icon_text);
  }
  node->tooltip = library_block_tooltip (library, path, block);
  return node;
}

/* ---- the browser ------------------------------------------------------------------ */

typedef char OrrPaletteLibraryDrag;

struct _OrrPaletteBrowser
{
  GtkWidget parent_instance;

  OrrRegistry *registry; /* not owned */
  char *search_text;
  char **words; /* casefolded; NULL: no search */

  GtkSearchEntry *search_entry;
  GtkWidget *scrolled;
  GtkListView *list_view;

  GListStore *palettes; /* of OrrPaletteNode: the standard palettes, then libraries */
  guint n_standard;     /* how many of them are standard palettes */
  GtkCustomFilter *block_filter;
  /* Groups are kept when something under them is: a library's palettes
   * are filtered before the top level (its own filter), so that a
   * library counts what its palettes have left, not what they had. */
  GtkCustomFilter *palette_filter;
  GtkCustomFilter *top_filter;
  GtkFilterListModel *matching_palettes;
  GtkCustomSorter *sorter; /* by rank: groups and blocks */
  GtkSortListModel *sorted_palettes;
  GtkTreeListModel *tree;
  GtkWidget *empty; /* "No blocks match", with a hint */
  GtkSingleSelection *selection;
};

G_DEFINE_FINAL_TYPE (OrrPaletteBrowser, orr_palette_browser, GTK_TYPE_WIDGET)

G_DEFINE_BOXED_TYPE (OrrPaletteLibraryDrag, orr_palette_library_drag, (GBoxedCopyFunc)g_strdup,
                     g_free)

enum
{
  SIGNAL_BLOCK_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
block_matches (gpointer item, gpointer user_data)
{
  OrrPaletteNode *node = item;
  OrrPaletteBrowser *self = user_data;

  if (self->words == NULL)
    {
      node->rank = 0;
      return TRUE;
    }
  node->rank
    = node->search != NULL ? orr_quick_insert_item_rank (node->search, self->search_text) : 0;
  return node->rank > 0;
}

/* A group stays while something under it does, ranked as its best. */
static gboolean
palette_matches (gpointer item, gpointer user_data)
{
  OrrPaletteNode *node = item;
  GListModel *children = G_LIST_MODEL (node->matching);
  guint n = g_list_model_get_n_items (children);

  node->rank = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (OrrPaletteNode) child = g_list_model_get_item (children, i);
      node->rank = MAX (node->rank, child->rank);
    }
  return n > 0;
}

static GListModel *
create_children (gpointer item, gpointer user_data)
{
  OrrPaletteNode *node = item;

  if (node->sorted == NULL)
    return NULL;
  return G_LIST_MODEL (g_object_ref (node->sorted));
}

static void
set_all_expanded (OrrPaletteBrowser *self, gboolean expanded)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->matching_palettes));

  if (!expanded)
    {
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_child_row (self->tree, i);

          if (row != NULL)
            gtk_tree_list_row_set_expanded (row, FALSE);
        }
      return;
    }
  /* The tree grows as groups open: a library's palettes open in turn. */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->tree)); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);

      if (gtk_tree_list_row_is_expandable (row))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
}

/* The blocks the search leaves under the groups in nodes, in display
 * order, into out (of OrrPaletteNode, referenced). */
static void
collect_matching (GListModel *nodes, GPtrArray *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (nodes); i++)
    {
      g_autoptr (OrrPaletteNode) node = g_list_model_get_item (nodes, i);

      if (node_is_block (node))
        g_ptr_array_add (out, g_object_ref (node));
      else
        collect_matching (G_LIST_MODEL (node->sorted), out);
    }
}

/* An example whose title or description has one of the words, for the
 * hint when no block matches ("bounce": the bouncing ball). */
static char *
example_for (char **words)
{
  g_autofree char *dir = orr_examples_get_dir ();
  g_autoptr (GPtrArray) examples = dir != NULL ? orr_examples_load_index (dir, NULL) : NULL;

  for (guint i = 0; examples != NULL && i < examples->len; i++)
    {
      OrrExample *example = g_ptr_array_index (examples, i);
      g_autofree char *text = g_utf8_casefold (example->title, -1);
      g_autofree char *description
        = g_utf8_casefold (example->description != NULL ? example->description : "", -1);

      for (guint j = 0; words[j] != NULL; j++)
        if (strlen (words[j]) >= 3
            && (strstr (text, words[j]) != NULL || strstr (description, words[j]) != NULL))
          return g_strdup (example->title);
    }
  return NULL;
}

/* The list, or when the search leaves nothing, a message that says so and
 * what to try; an example that has the word is named either way, under
 * the list ("bounce": the bouncing ball). */
static void
update_empty (OrrPaletteBrowser *self)
{
  gboolean empty
    = self->words != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->matching_palettes)) == 0;
  g_autofree char *example = self->words != NULL ? example_for (self->words) : NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->scrolled, !empty);
  if (empty && example != NULL)
    text = g_strdup_printf (_ ("No blocks match “%s”.\nThe example “%s” does: Open Example… "
                               "(Ctrl+Shift+O)."),
                            self->search_text, example);
  else if (empty)
    text = g_strdup_printf (_ ("No blocks match “%s”.\nTry a shorter or another word: a "
                               "block’s name, what it does, or its palette."),
                            self->search_text);
  else if (example != NULL)
    text = g_strdup_printf (_ ("The example “%s” shows it too: Open Example… (Ctrl+Shift+O)."),
                            example);
  gtk_widget_set_visible (self->empty, text != NULL);
  /* under the list it takes only its own room */
  gtk_widget_set_vexpand (self->empty, empty);
  gtk_widget_set_margin_top (self->empty, empty ? 24 : 6);
  gtk_widget_set_margin_bottom (self->empty, empty ? 0 : 6);
  if (text != NULL)
    gtk_label_set_text (GTK_LABEL (self->empty), text);
}

static void
apply_search (OrrPaletteBrowser *self, const char *text)
{
  g_autofree char *folded = NULL;
  g_auto (GStrv) parts = NULL;
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();
  gboolean searching = FALSE;

  if (g_strcmp0 (text, self->search_text) == 0)
    return;
  g_free (self->search_text);
  self->search_text = g_strdup (text != NULL ? text : "");

  folded = g_utf8_casefold (self->search_text, -1);
  parts = g_strsplit_set (folded, " \t\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      {
        g_strv_builder_add (words, parts[i]);
        searching = TRUE;
      }
  g_strfreev (self->words);
  self->words = searching ? g_strv_builder_end (words) : NULL;

  /* Blocks first: the palette filter counts what the block filter left. */
  gtk_filter_changed (GTK_FILTER (self->block_filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (GTK_FILTER (self->palette_filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (GTK_FILTER (self->top_filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  set_all_expanded (self, searching);
  update_empty (self);
}

static void
search_changed (OrrPaletteBrowser *self)
{
  apply_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* Enter in the search entry inserts the best match: search, Enter, done. */
static void
search_activated (OrrPaletteBrowser *self)
{
  g_autoptr (GPtrArray) blocks = g_ptr_array_new_with_free_func (g_object_unref);

  search_changed (self);
  /* in display order, which is best first: palettes by their best block,
   * blocks by rank inside them */
  collect_matching (G_LIST_MODEL (self->sorted_palettes), blocks);
  if (blocks->len > 0)
    g_signal_emit (self, signals[SIGNAL_BLOCK_ACTIVATED], 0, node_block_name (blocks->pdata[0]));
}

static void
list_activated (OrrPaletteBrowser *self, guint position)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  g_autoptr (OrrPaletteNode) node = NULL;

  if (row == NULL)
    return;
  node = gtk_tree_list_row_get_item (row);
  if (node_is_block (node))
    g_signal_emit (self, signals[SIGNAL_BLOCK_ACTIVATED], 0, node_block_name (node));
  else
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
}

/* ---- rows ---------------------------------------------------------------------- */

void
orr_palette_draw_block_icon (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                             gpointer user_data)
{
  const char *text = g_object_get_data (G_OBJECT (area), "icon-text");
  GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (area));
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle ink, logical;
  GdkRGBA color;
  double scale;

  gtk_style_context_get_color (style, &color);

  /* The block's picture as the canvas draws it, when its class has one */
  {
    const char *type = g_object_get_data (G_OBJECT (area), "icon-class");
    g_autoptr (PangoLayout) picture_layout
      = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);

    if (type != NULL && orr_block_icon_draw_class (cr, type, width, height, &color, picture_layout))
      return;
  }

  /* otherwise the block in small: a framed box with its icon text */
  cairo_rectangle (cr, 1.5, 1.5, width - 3, height - 3);
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.07);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  if (text == NULL || text[0] == '\0')
    return;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), text);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  scale = MIN (
    1.0, MIN ((width - 6.0) / MAX (logical.width, 1), (height - 4.0) / MAX (logical.height, 1)));
  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, -logical.width / 2.0, -logical.height / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static GdkContentProvider *
drag_prepare (GtkDragSource *source, double x, double y, gpointer user_data)
{
  GtkListItem *item = user_data;
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  g_autoptr (OrrPaletteNode) node = NULL;
  g_autofree char *payload = NULL;

  if (row == NULL)
    return NULL;
  node = gtk_tree_list_row_get_item (row);
  if (!node_is_block (node))
    return NULL; /* palettes do not drag */
  if (node->klass == NULL)
    return gdk_content_provider_new_typed (ORR_TYPE_PALETTE_LIBRARY_DRAG, node->name);
  payload = g_strconcat (ORR_CANVAS_BLOCK_DND_PREFIX, node->klass->name, NULL);
  return gdk_content_provider_new_typed (G_TYPE_STRING, payload);
}

static void
drag_begin (GtkDragSource *source, GdkDrag *drag, gpointer user_data)
{
  GtkWidget *icon = user_data;
  GtkWidget *image = gtk_widget_get_next_sibling (icon);
  g_autoptr (GdkPaintable) paintable
    = gtk_widget_paintable_new (gtk_widget_get_visible (image) ? image : icon);

  gtk_drag_source_set_icon (source, paintable, ICON_WIDTH / 2, ICON_HEIGHT / 2);
}

/* A click on a palette's row opens or closes it; the arrow alone is a small
 * target. The gesture claims the click so that the list does not also
 * take a double click as activation and toggle it back. */
static void
row_pressed (GtkGestureClick *gesture, int n_press, double x, double y, gpointer user_data)
{
  GtkListItem *item = user_data;
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  g_autoptr (OrrPaletteNode) node = NULL;

  if (row == NULL)
    return;
  node = gtk_tree_list_row_get_item (row);
  if (node_is_block (node))
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (n_press == 1)
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
}

static void
update_count (GListModel *matching, guint position, guint removed, guint added, gpointer user_data)
{
  GtkLabel *count = user_data;
  g_autofree char *text = g_strdup_printf ("%u", g_list_model_get_n_items (matching));

  gtk_label_set_text (count, text);
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_drawing_area_new ();
  GtkWidget *image = gtk_image_new ();
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *count = gtk_label_new (NULL);
  GtkDragSource *drag = gtk_drag_source_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), ICON_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), ICON_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), orr_palette_draw_block_icon, NULL, NULL);
  gtk_widget_add_css_class (icon, "orr-block-icon");
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  /* a library's own icon for a block, in the drawn icon's room */
  gtk_image_set_pixel_size (GTK_IMAGE (image), ICON_HEIGHT);
  gtk_widget_set_size_request (image, ICON_WIDTH, ICON_HEIGHT);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_add_css_class (count, "numeric");
  gtk_widget_set_margin_end (count, 6);

  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), count);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (item, expander);

  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
  g_signal_connect (drag, "prepare", G_CALLBACK (drag_prepare), item);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), icon);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (row_pressed), item);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (click));
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkWidget *image = gtk_widget_get_next_sibling (icon);
  GtkWidget *label = gtk_widget_get_next_sibling (image);
  GtkWidget *count = gtk_widget_get_next_sibling (label);
  g_autoptr (OrrPaletteNode) node = gtk_tree_list_row_get_item (row);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);

  if (node_is_block (node))
    {
      gtk_widget_set_visible (icon, node->icon_file == NULL);
      gtk_widget_set_visible (image, node->icon_file != NULL);
      gtk_image_set_from_file (GTK_IMAGE (image), node->icon_file);
      g_object_set_data (G_OBJECT (icon), "icon-text",
                         node->klass != NULL ? (gpointer)node->klass->icon_text : node->icon_text);
      g_object_set_data (G_OBJECT (icon), "icon-class",
                         node->klass != NULL ? (gpointer)node->klass->name : NULL);
      gtk_widget_queue_draw (icon);
      gtk_label_set_text (GTK_LABEL (label), node_block_label (node));
      gtk_widget_remove_css_class (label, "heading");
      gtk_widget_set_visible (count, FALSE);
      gtk_widget_set_tooltip_markup (expander, node->tooltip);
      gtk_widget_remove_css_class (expander, "orr-palette-row");
    }
  else
    {
      gulong id;

      gtk_widget_set_visible (icon, FALSE);
      gtk_widget_set_visible (image, FALSE);
      gtk_label_set_text (GTK_LABEL (label), tr (node->palette));
      gtk_widget_add_css_class (label, "heading");
      /* The count follows the search while the row stays bound. */
      update_count (G_LIST_MODEL (node->matching), 0, 0, 0, count);
      id = g_signal_connect_object (node->matching, "items-changed", G_CALLBACK (update_count),
                                    count, 0);
      g_object_set_data (G_OBJECT (count), "handler", GSIZE_TO_POINTER (id));
      g_object_set_data_full (G_OBJECT (count), "model", g_object_ref (node->matching),
                              g_object_unref);
      /* a library counts palettes, which says little: only palettes count */
      gtk_widget_set_visible (count, !node->is_library);
      gtk_widget_set_tooltip_markup (expander, node->tooltip);
      gtk_widget_add_css_class (expander, "orr-palette-row");
    }
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *count = gtk_widget_get_last_child (box);
  GObject *model = g_object_get_data (G_OBJECT (count), "model");

  if (model != NULL)
    {
      g_signal_handler_disconnect (
        model, GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (count), "handler")));
      g_object_set_data (G_OBJECT (count), "model", NULL);
    }
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

/* ---- public ------------------------------------------------------------------------ */

GtkWidget *
orr_palette_browser_new (OrrRegistry *registry)
{
  OrrPaletteBrowser *self = g_object_new (ORR_TYPE_PALETTE_BROWSER, NULL);

  if (registry != NULL)
    orr_palette_browser_set_registry (self, registry);
  return GTK_WIDGET (self);
}

void
orr_palette_browser_set_registry (OrrPaletteBrowser *self, OrrRegistry *registry)
{
  g_autoptr (GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GListStore) standard = g_list_store_new (ORR_TYPE_PALETTE_NODE);
  guint n;

  g_return_if_fail (ORR_IS_PALETTE_BROWSER (self));

  self->registry = registry;
  n = registry != NULL ? orr_registry_get_n_classes (registry) : 0;

  for (guint i = 0; i < n; i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);
      const char *palette = klass->palette != NULL ? klass->palette : _ ("Other");
      OrrPaletteNode *node = g_hash_table_lookup (by_name, palette);
      g_autoptr (OrrPaletteNode) block = block_node_new (klass);

      if (node == NULL)
        {
          node = palette_node_new (palette, GTK_FILTER (self->block_filter),
                                   GTK_SORTER (self->sorter));
          g_list_store_append (standard, node);
          g_object_unref (node); /* the store keeps it */
          g_hash_table_insert (by_name, (gpointer)palette, node);
        }
      g_list_store_append (node->blocks, block);
    }
  /* the libraries after them stay */
  {
    guint n_new = g_list_model_get_n_items (G_LIST_MODEL (standard));
    g_autofree gpointer *items = g_new0 (gpointer, n_new + 1);

    for (guint i = 0; i < n_new; i++)
      items[i] = g_list_model_get_item (G_LIST_MODEL (standard), i);
    g_list_store_splice (self->palettes, 0, self->n_standard, items, n_new);
    for (guint i = 0; i < n_new; i++)
      g_object_unref (items[i]);
    self->n_standard = n_new;
  }
  gtk_filter_changed (GTK_FILTER (self->top_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static OrrPaletteNode *
library_node_new (OrrPaletteBrowser *self, OrrLibrary *library)
{
  g_autofree char *title
    = g_strdup_printf ("%s %s", orr_library_get_name (library), orr_library_get_version (library));
  OrrPaletteNode *node
    = palette_node_new (title, GTK_FILTER (self->palette_filter), GTK_SORTER (self->sorter));
  guint n = orr_library_get_n_palettes (library);

  node->is_library = TRUE;
  /* what the library says about itself, and where it is */
  node->tooltip = g_markup_printf_escaped (
    "<b>%s</b> %s%s%s\n<small>%s</small>", orr_library_get_name (library),
    orr_library_get_version (library), orr_library_get_description (library)[0] != '\0' ? "\n" : "",
    orr_library_get_description (library), orr_library_get_dir (library));
  for (guint i = 0; i < n; i++)
    {
      const char *const *paths = orr_library_get_palette_blocks (library, i);
      g_autoptr (OrrPaletteNode) palette
        = palette_node_new (orr_library_get_palette_name (library, i),
                            GTK_FILTER (self->block_filter), GTK_SORTER (self->sorter));

      for (guint j = 0; paths != NULL && paths[j] != NULL; j++)
        {
          g_autoptr (OrrPaletteNode) block = library_block_node_new (library, paths[j]);

          if (block != NULL)
            g_list_store_append (palette->blocks, block);
        }
      g_list_store_append (node->blocks, palette);
    }
  return node;
}

void
orr_palette_browser_set_libraries (OrrPaletteBrowser *self, OrrLibrarySet *set)
{
  GPtrArray *libraries = set != NULL ? orr_library_set_get_libraries (set) : NULL;
  guint n_old;
  g_autoptr (GPtrArray) nodes = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (ORR_IS_PALETTE_BROWSER (self));

  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->palettes)) - self->n_standard;
  for (guint i = 0; libraries != NULL && i < libraries->len; i++)
    {
      OrrLibrary *library = g_ptr_array_index (libraries, i);

      /* of a library's versions, the one its blocks are placed from */
      if (orr_library_set_lookup (set, orr_library_get_key (library)) == library)
        g_ptr_array_add (nodes, library_node_new (self, library));
    }
  g_list_store_splice (self->palettes, self->n_standard, n_old, nodes->pdata, nodes->len);
  /* what the search leaves of the new ones */
  gtk_filter_changed (GTK_FILTER (self->top_filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (self->words != NULL)
    set_all_expanded (self, TRUE);
}

void
orr_palette_browser_set_search_text (OrrPaletteBrowser *self, const char *text)
{
  g_return_if_fail (ORR_IS_PALETTE_BROWSER (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* At once: the entry's own "search-changed" comes after a typing delay. */
  apply_search (self, text != NULL ? text : "");
}

const char *
orr_palette_browser_get_search_text (OrrPaletteBrowser *self)
{
  g_return_val_if_fail (ORR_IS_PALETTE_BROWSER (self), NULL);
  return self->search_text;
}

char **
orr_palette_browser_get_matching_blocks (OrrPaletteBrowser *self)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr (GPtrArray) blocks = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (ORR_IS_PALETTE_BROWSER (self), NULL);

  collect_matching (G_LIST_MODEL (self->sorted_palettes), blocks);
  for (guint i = 0; i < blocks->len; i++)
    g_strv_builder_add (names, node_block_name (blocks->pdata[i]));
  return g_strv_builder_end (names);
}

char **
orr_palette_browser_get_matching_palettes (OrrPaletteBrowser *self)
{
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  GListModel *palettes;

  g_return_val_if_fail (ORR_IS_PALETTE_BROWSER (self), NULL);

  palettes = G_LIST_MODEL (self->matching_palettes);
  for (guint i = 0; i < g_list_model_get_n_items (palettes); i++)
    {
      g_autoptr (OrrPaletteNode) palette = g_list_model_get_item (palettes, i);
      g_strv_builder_add (names, palette->palette);
    }
  return g_strv_builder_end (names);
}

char **
orr_palette_browser_get_rows (OrrPaletteBrowser *self)
{
  g_autoptr (GStrvBuilder) rows = g_strv_builder_new ();
  GListModel *tree;

  g_return_val_if_fail (ORR_IS_PALETTE_BROWSER (self), NULL);

  tree = G_LIST_MODEL (self->tree);
  for (guint i = 0; i < g_list_model_get_n_items (tree); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (tree, i);
      g_autoptr (OrrPaletteNode) node = gtk_tree_list_row_get_item (row);
      g_autofree char *indent = g_strnfill (2 * gtk_tree_list_row_get_depth (row), ' ');
      g_autofree char *text
        = g_strconcat (indent, node_is_block (node) ? node_block_name (node) : node->palette, NULL);

      g_strv_builder_add (rows, text);
    }
  return g_strv_builder_end (rows);
}

/* ---- GObject -------------------------------------------------------------------- */

static void
orr_palette_browser_dispose (GObject *object)
{
  OrrPaletteBrowser *self = ORR_PALETTE_BROWSER (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree);
  g_clear_object (&self->sorted_palettes);
  g_clear_object (&self->matching_palettes);
  g_clear_object (&self->sorter);
  g_clear_object (&self->palettes);
  g_clear_object (&self->block_filter);
  g_clear_object (&self->palette_filter);
  g_clear_object (&self->top_filter);
  G_OBJECT_CLASS (orr_palette_browser_parent_class)->dispose (object);
}

static void
orr_palette_browser_finalize (GObject *object)
{
  OrrPaletteBrowser *self = ORR_PALETTE_BROWSER (object);

  g_free (self->search_text);
  g_strfreev (self->words);
  G_OBJECT_CLASS (orr_palette_browser_parent_class)->finalize (object);
}

static void
orr_palette_browser_class_init (OrrPaletteBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = orr_palette_browser_dispose;
  object_class->finalize = orr_palette_browser_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "orrpalettebrowser");

  /* OrrPaletteBrowser::block-activated (const char *class_name) */
  signals[SIGNAL_BLOCK_ACTIVATED]
    = g_signal_new ("block-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
orr_palette_browser_init (OrrPaletteBrowser *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkListItemFactory *factory;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  self->search_text = g_strdup ("");

  self->block_filter = gtk_custom_filter_new (block_matches, self, NULL);
  self->palette_filter = gtk_custom_filter_new (palette_matches, self, NULL);
  self->top_filter = gtk_custom_filter_new (palette_matches, self, NULL);
  self->palettes = g_list_store_new (ORR_TYPE_PALETTE_NODE);
  self->matching_palettes = gtk_filter_list_model_new (
    G_LIST_MODEL (g_object_ref (self->palettes)), GTK_FILTER (g_object_ref (self->top_filter)));
  self->sorter = gtk_custom_sorter_new (compare_rank, NULL, NULL);
  self->sorted_palettes
    = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->matching_palettes)),
                               GTK_SORTER (g_object_ref (self->sorter)));
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->sorted_palettes)), FALSE,
                                        FALSE, create_children, self, NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->tree)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search_entry, "placeholder-text", _ ("Search blocks"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Search blocks"), -1);
  gtk_widget_set_margin_start (GTK_WIDGET (self->search_entry), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->search_entry), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self->search_entry), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->search_entry), 6);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed),
                            self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_activated), self);
  gtk_widget_set_parent (GTK_WIDGET (self->search_entry), GTK_WIDGET (self));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  self->list_view = GTK_LIST_VIEW (
    gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list_view), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Palettes"), -1);
  g_signal_connect_swapped (self->list_view, "activate", G_CALLBACK (list_activated), self);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled),
                                 GTK_WIDGET (self->list_view));
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  self->empty = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->empty), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->empty), GTK_JUSTIFY_CENTER);
  gtk_widget_set_valign (self->empty, GTK_ALIGN_START);
  gtk_widget_set_vexpand (self->empty, TRUE);
  gtk_widget_set_margin_start (self->empty, 12);
  gtk_widget_set_margin_end (self->empty, 12);
  gtk_widget_set_margin_top (self->empty, 24);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_widget_set_visible (self->empty, FALSE);
  gtk_widget_set_parent (self->empty, GTK_WIDGET (self));
}
