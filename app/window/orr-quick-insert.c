/* orr-quick-insert.c: the popover that inserts a block by typing its name.
 * One flat list over every palette and library, ranked by how well each
 * block answers what is typed, so that a few letters and Enter are
 * enough: the block whose name is typed comes first, then those whose
 * name or label starts with it, then those with a word that starts with
 * it, then a match inside a name, a keyword or palette, the description,
 * and last a loose match of the letters in order. Focus stays in the
 * entry: a capture-phase key controller takes Up, Down, Enter and Escape
 * before the entry's own bindings would move focus away. */
#include "orr-quick-insert.h"

#include "orr-palette-browser.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The frame the block's icon text is drawn in, as in the palette browser. */
#define ICON_WIDTH 38
#define ICON_HEIGHT 26
/* How many rows show before the list scrolls, and a row's height with its
 * description line (navigation-sidebar padding included, as measured in
 * the test's picture with the default theme). */
#define MAX_ROWS 12
#define ROW_HEIGHT 38
#define POPOVER_WIDTH 420

/* How well one typed word matches, the loosest first. */
enum
{
  RANK_NONE = 0,
  RANK_FUZZY = 10,            /* the letters in order, from the start of a name word */
  RANK_DESCRIPTION = 20,      /* inside a word of the description */
  RANK_DESCRIPTION_WORD = 25, /* a word of the description starts with it */
  RANK_KEYWORD = 30,          /* a keyword, or the palette or library, starts with it */
  RANK_SUBSTRING = 40,        /* inside the name or label */
  RANK_WORD_PREFIX = 60,      /* a word of the name or label, or their initials, start with it */
  RANK_PREFIX = 80,           /* the name or label starts with it */
  RANK_EXACT = 100,           /* the whole text is the name or label */
};

/* ---- items ------------------------------------------------------------------------ */

struct _OrrQuickInsertItem
{
  GObject parent_instance;

  char *name;
  char *label;
  char *description;
  char **keywords;
  char *source;
  char *icon_text;

  /* What the search compares with, casefolded once. */
  char *f_name;
  char *f_label;
  char *f_description;
  char **description_words;
  char **name_words;  /* "DiscreteIntegrator" → discrete, integrator */
  char **label_words; /* "Sample and hold" → sample, and, hold */
  char *name_initials;
  char *label_initials;
  char **f_keywords; /* the keywords' and the source's words */
  char *sort_key;    /* the label's collation key */
  glong label_length;
};

G_DEFINE_FINAL_TYPE (OrrQuickInsertItem, orr_quick_insert_item, G_TYPE_OBJECT)

static void
orr_quick_insert_item_finalize (GObject *object)
{
  OrrQuickInsertItem *self = ORR_QUICK_INSERT_ITEM (object);

  g_free (self->name);
  g_free (self->label);
  g_free (self->description);
  g_strfreev (self->keywords);
  g_free (self->source);
  g_free (self->icon_text);
  g_free (self->f_name);
  g_free (self->f_label);
  g_free (self->f_description);
  g_strfreev (self->description_words);
  g_strfreev (self->name_words);
  g_strfreev (self->label_words);
  g_free (self->name_initials);
  g_free (self->label_initials);
  g_strfreev (self->f_keywords);
  g_free (self->sort_key);
  G_OBJECT_CLASS (orr_quick_insert_item_parent_class)->finalize (object);
}

static void
orr_quick_insert_item_class_init (OrrQuickInsertItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = orr_quick_insert_item_finalize;
}

static void
orr_quick_insert_item_init (OrrQuickInsertItem *self)
{
}

static void
add_folded_word (GStrvBuilder *words, const char *start, const char *end)
{
  if (end > start)
    {
      g_autofree char *folded = g_utf8_casefold (start, end - start);
      g_strv_builder_add (words, folded);
    }
}

/* Words of text split at anything but letters and digits, casefolded. */
static char **
split_words (const char *text)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();
  const char *start = NULL;

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gboolean inside = g_unichar_isalnum (g_utf8_get_char (p));

      if (inside && start == NULL)
        start = p;
      else if (!inside && start != NULL)
        {
          add_folded_word (words, start, p);
          start = NULL;
        }
    }
  if (start != NULL)
    add_folded_word (words, start, start + strlen (start));
  return g_strv_builder_end (words);
}

/* The words of an identifier: "DiscreteIntegrator", "XYScope" (XY, Scope),
 * "LookupTable2D" (Lookup, Table, 2D), "ToCSV" (To, CSV). */
static char **
split_camel_case (const char *name)
{
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();
  const char *start = name;

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);
      gunichar prev, after;

      if (p == start)
        continue;
      prev = g_utf8_get_char (g_utf8_prev_char (p));
      after = *next != '\0' ? g_utf8_get_char (next) : 0;
      if (!g_unichar_isalnum (c))
        {
          add_folded_word (words, start, p);
          start = next;
          continue;
        }
      if (!g_unichar_isalnum (prev))
        continue;
      /* aB, a2 (not 2D), and the last capital before a lower-case letter
       * in a run of them (XYScope) start words. */
      if ((g_unichar_isupper (c) && g_unichar_islower (prev))
          || (g_unichar_isdigit (c) && g_unichar_isalpha (prev))
          || (g_unichar_isupper (c) && g_unichar_isupper (prev) && g_unichar_islower (after)))
        {
          add_folded_word (words, start, p);
          start = p;
        }
    }
  add_folded_word (words, start, start + strlen (start));
  return g_strv_builder_end (words);
}

static char *
initials (char **words)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    g_string_append_unichar (text, g_utf8_get_char (words[i]));
  return g_string_free (text, FALSE);
}

OrrQuickInsertItem *
orr_quick_insert_item_new (const char *name, const char *label, const char *description,
                           const char *const *keywords, const char *source, const char *icon_text)
{
  OrrQuickInsertItem *self;
  g_autoptr (GStrvBuilder) folded_keywords = g_strv_builder_new ();

  g_return_val_if_fail (name != NULL && name[0] != '\0', NULL);

  self = g_object_new (ORR_TYPE_QUICK_INSERT_ITEM, NULL);
  self->name = g_strdup (name);
  self->label = g_strdup (label != NULL && label[0] != '\0' ? label : name);
  self->description = g_strdup (description);
  self->keywords = g_strdupv ((char **)keywords);
  self->source = g_strdup (source);
  self->icon_text = g_strdup (icon_text);

  self->f_name = g_utf8_casefold (self->name, -1);
  self->f_label = g_utf8_casefold (self->label, -1);
  self->f_description = g_utf8_casefold (description != NULL ? description : "", -1);
  self->description_words = split_words (description);
  self->name_words = split_camel_case (self->name);
  self->label_words = split_words (self->label);
  self->name_initials = initials (self->name_words);
  self->label_initials = initials (self->label_words);
  for (guint i = 0; keywords != NULL && keywords[i] != NULL; i++)
    {
      g_auto (GStrv) words = split_words (keywords[i]);
      g_strv_builder_addv (folded_keywords, (const char **)words);
    }
  if (source != NULL)
    {
      g_auto (GStrv) words = split_words (source);
      g_strv_builder_addv (folded_keywords, (const char **)words);
    }
  self->f_keywords = g_strv_builder_end (folded_keywords);
  self->sort_key = g_utf8_collate_key (self->f_label, -1);
  self->label_length = g_utf8_strlen (self->label, -1);
  return self;
}

const char *
orr_quick_insert_item_get_name (OrrQuickInsertItem *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (self), NULL);
  return self->name;
}

const char *
orr_quick_insert_item_get_label (OrrQuickInsertItem *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (self), NULL);
  return self->label;
}

const char *
orr_quick_insert_item_get_description (OrrQuickInsertItem *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (self), NULL);
  return self->description;
}

const char *const *
orr_quick_insert_item_get_keywords (OrrQuickInsertItem *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (self), NULL);
  return (const char *const *)self->keywords;
}

const char *
orr_quick_insert_item_get_source (OrrQuickInsertItem *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (self), NULL);
  return self->source;
}

const char *
orr_quick_insert_item_get_icon_text (OrrQuickInsertItem *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (self), NULL);
  return self->icon_text;
}

/* ---- ranking ------------------------------------------------------------------------ */

static gboolean
any_has_prefix (char **words, const char *prefix)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_has_prefix (words[i], prefix))
      return TRUE;
  return FALSE;
}

/* Whether word's letters occur in order in the name, starting at the start
 * of one of its words: "intg" finds Integrator, "dintg" DiscreteIntegrator. */
static gboolean
fuzzy_matches (OrrQuickInsertItem *item, const char *word)
{
  for (guint i = 0; item->name_words[i] != NULL; i++)
    {
      const char *w = word;

      if (item->name_words[i][0] != word[0])
        continue;
      for (guint j = i; item->name_words[j] != NULL && *w != '\0'; j++)
        for (const char *c = item->name_words[j]; *c != '\0' && *w != '\0'; c++)
          if (*c == *w)
            w++;
      if (*w == '\0')
        return TRUE;
    }
  return FALSE;
}

static int
word_rank (OrrQuickInsertItem *item, const char *word)
{
  if (g_str_has_prefix (item->f_name, word) || g_str_has_prefix (item->f_label, word))
    return RANK_PREFIX;
  if (any_has_prefix (item->name_words, word) || any_has_prefix (item->label_words, word))
    return RANK_WORD_PREFIX;
  /* "tf" for TransferFunction, "sah" for Sample and hold */
  if (strlen (word) >= 2
      && (g_str_has_prefix (item->name_initials, word)
          || g_str_has_prefix (item->label_initials, word)))
    return RANK_WORD_PREFIX;
  if (strstr (item->f_name, word) != NULL || strstr (item->f_label, word) != NULL)
    return RANK_SUBSTRING;
  if (any_has_prefix (item->f_keywords, word))
    return RANK_KEYWORD;
  if (any_has_prefix (item->description_words, word))
    return RANK_DESCRIPTION_WORD;
  if (strstr (item->f_description, word) != NULL)
    return RANK_DESCRIPTION;
  if (strlen (word) >= 3 && fuzzy_matches (item, word))
    return RANK_FUZZY;
  return RANK_NONE;
}

/* query: casefolded and stripped; words: its words. Every word must match
 * somewhere; the item ranks as its worst word, or as the whole query when
 * that is better ("zero crossing" is the start of a label). */
static int
item_rank (OrrQuickInsertItem *item, const char *query, const char *query_joined, char **words)
{
  int rank = RANK_EXACT;

  if (strcmp (query, item->f_label) == 0 || strcmp (query, item->f_name) == 0
      || strcmp (query_joined, item->f_name) == 0)
    return RANK_EXACT;
  for (guint i = 0; words[i] != NULL && rank > RANK_NONE; i++)
    rank = MIN (rank, word_rank (item, words[i]));
  if (rank == RANK_NONE || words[0] == NULL || words[1] == NULL)
    return rank;
  if (g_str_has_prefix (item->f_label, query))
    return MAX (rank, RANK_PREFIX);
  if (strstr (item->f_label, query) != NULL)
    return MAX (rank, RANK_SUBSTRING);
  return rank;
}

int
orr_quick_insert_item_rank (OrrQuickInsertItem *item, const char *text)
{
  g_autofree char *query = NULL;
  g_auto (GStrv) words = NULL;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (ORR_IS_QUICK_INSERT_ITEM (item), 0);

  query = g_utf8_casefold (text != NULL ? text : "", -1);
  g_strstrip (query);
  words = split_words (query);
  if (words[0] == NULL)
    return 0;
  joined = g_strjoinv ("", words);
  return item_rank (item, query, joined, words);
}

typedef struct
{
  OrrQuickInsertItem *item;
  int rank;
  guint word; /* the first of the name's words the query starts, or G_MAXUINT */
} Ranked;

/* The position of the first of the item's name words that starts with
 * word (DiscreteIntegrator: 1 for "int"; MaxMinInterval: 2). */
static guint
first_word_with_prefix (OrrQuickInsertItem *item, const char *word)
{
  for (guint i = 0; word != NULL && item->name_words[i] != NULL; i++)
    if (g_str_has_prefix (item->name_words[i], word))
      return i;
  return G_MAXUINT;
}

/* Best rank first; among equals the one whose matching word comes first
 * in its name (the word a user thinks of it by: DiscreteIntegrator before
 * MaxMinInterval for "int"), then the shorter label (nearer to what was
 * typed: Integrator before Integrator limited), then alphabetically. */
static int
compare_ranked (gconstpointer a, gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->rank != y->rank)
    return y->rank - x->rank;
  if (x->word != y->word)
    return x->word < y->word ? -1 : 1;
  if (x->item->label_length != y->item->label_length)
    return x->item->label_length < y->item->label_length ? -1 : 1;
  return strcmp (x->item->sort_key, y->item->sort_key);
}

/* ---- the popover ---------------------------------------------------------------------- */

struct _OrrQuickInsert
{
  GtkPopover parent_instance;

  GListStore *registry_items; /* of OrrQuickInsertItem */
  GListModel *extra_items;    /* of OrrQuickInsertItem, or NULL */
  GListStore *matches;        /* what the list shows, best first */
  GtkSingleSelection *selection;

  GtkWidget *entry;
  GtkWidget *scrolled;
  GtkWidget *list_view;
  GtkWidget *placeholder;

  GtkWidget *canvas; /* the parent, not owned */
  gulong canvas_destroy_id;
  gulong canvas_unmap_id;
  double x, y;
};

G_DEFINE_FINAL_TYPE (OrrQuickInsert, orr_quick_insert, GTK_TYPE_POPOVER)

enum
{
  SIGNAL_BLOCK_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rank_model (GListModel *items, const char *query, const char *joined, char **words, GArray *ranked)
{
  guint n = items != NULL ? g_list_model_get_n_items (items) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) object = g_list_model_get_item (items, i);
      OrrQuickInsertItem *item;
      Ranked entry;

      /* a library model may be declared of a wider type */
      if (!ORR_IS_QUICK_INSERT_ITEM (object))
        continue;
      item = ORR_QUICK_INSERT_ITEM (object);
      entry = (Ranked){ item, words[0] != NULL ? item_rank (item, query, joined, words) : 0,
                        first_word_with_prefix (item, words[0]) };

      /* Nothing typed: everything, in alphabetical order (all rank 0). */
      if (words[0] == NULL || entry.rank > RANK_NONE)
        g_array_append_val (ranked, entry);
    }
}

static int
compare_alphabetically (gconstpointer a, gconstpointer b)
{
  const Ranked *x = a, *y = b;

  return strcmp (x->item->sort_key, y->item->sort_key);
}

static void
update_matches (OrrQuickInsert *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autofree char *query = g_utf8_casefold (text, -1);
  g_auto (GStrv) words = NULL;
  g_autofree char *joined = NULL;
  g_autoptr (GArray) ranked = g_array_new (FALSE, FALSE, sizeof (Ranked));
  g_autoptr (GPtrArray) items = g_ptr_array_new ();

  g_strstrip (query);
  words = split_words (query);
  joined = g_strjoinv ("", words);

  rank_model (G_LIST_MODEL (self->registry_items), query, joined, words, ranked);
  rank_model (self->extra_items, query, joined, words, ranked);
  /* the items stay alive: the models hold them */
  g_array_sort (ranked, words[0] != NULL ? compare_ranked : compare_alphabetically);
  for (guint i = 0; i < ranked->len; i++)
    g_ptr_array_add (items, g_array_index (ranked, Ranked, i).item);

  g_list_store_splice (self->matches, 0, g_list_model_get_n_items (G_LIST_MODEL (self->matches)),
                       items->pdata, items->len);
  gtk_widget_set_visible (self->placeholder, items->len == 0);
  gtk_widget_set_visible (self->scrolled, items->len > 0);
  if (items->len > 0)
    {
      gtk_single_selection_set_selected (self->selection, 0);
      gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", 0u);
    }
}

static void
extra_items_changed (OrrQuickInsert *self)
{
  update_matches (self);
}

static void
choose (OrrQuickInsert *self, guint position)
{
  g_autoptr (OrrQuickInsertItem) item
    = g_list_model_get_item (G_LIST_MODEL (self->matches), position);
  g_autofree char *name = NULL;

  if (item == NULL)
    return;
  name = g_strdup (item->name);
  /* Closed first: the window inserts with the canvas focused again. */
  gtk_popover_popdown (GTK_POPOVER (self));
  g_signal_emit (self, signals[SIGNAL_BLOCK_CHOSEN], 0, name);
}

static void
list_activated (OrrQuickInsert *self, guint position)
{
  choose (self, position);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             OrrQuickInsert *self)
{
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
      case GDK_KEY_Up:
      case GDK_KEY_KP_Up:
        orr_quick_insert_move_selection (self, -1);
        return TRUE;
      case GDK_KEY_Down:
      case GDK_KEY_KP_Down:
        orr_quick_insert_move_selection (self, 1);
        return TRUE;
      case GDK_KEY_Page_Up:
      case GDK_KEY_KP_Page_Up:
        orr_quick_insert_move_selection (self, -(MAX_ROWS - 1));
        return TRUE;
      case GDK_KEY_Page_Down:
      case GDK_KEY_KP_Page_Down:
        orr_quick_insert_move_selection (self, MAX_ROWS - 1);
        return TRUE;
      case GDK_KEY_Return:
      case GDK_KEY_KP_Enter:
      case GDK_KEY_ISO_Enter:
        orr_quick_insert_activate (self);
        return TRUE;
      case GDK_KEY_Escape:
        gtk_popover_popdown (GTK_POPOVER (self));
        return TRUE;
      default:
        return FALSE;
    }
}

/* ---- rows ------------------------------------------------------------------------------ */

/* A row: [icon] Label ........ Palette
 *               Description (dimmed, one line) */
static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer user_data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *icon = gtk_drawing_area_new ();
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 1);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *source = gtk_label_new (NULL);
  GtkWidget *description = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), ICON_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), ICON_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), orr_palette_draw_block_icon, NULL, NULL);
  gtk_widget_add_css_class (icon, "orr-block-icon");
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (source), 1.0);
  gtk_widget_add_css_class (source, "dim-label");
  gtk_widget_add_css_class (source, "caption");
  gtk_label_set_xalign (GTK_LABEL (description), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (description), PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (description), TRUE);
  gtk_widget_add_css_class (description, "dim-label");
  gtk_widget_add_css_class (description, "caption");

  gtk_box_append (GTK_BOX (top), label);
  gtk_box_append (GTK_BOX (top), source);
  gtk_box_append (GTK_BOX (text), top);
  gtk_box_append (GTK_BOX (text), description);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), text);
  gtk_list_item_set_child (list_item, row);
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer user_data)
{
  OrrQuickInsertItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *row = gtk_list_item_get_child (list_item);
  GtkWidget *icon = gtk_widget_get_first_child (row);
  GtkWidget *text = gtk_widget_get_next_sibling (icon);
  GtkWidget *top = gtk_widget_get_first_child (text);
  GtkWidget *label = gtk_widget_get_first_child (top);
  GtkWidget *source = gtk_widget_get_next_sibling (label);
  GtkWidget *description = gtk_widget_get_next_sibling (top);

  g_object_set_data (G_OBJECT (icon), "icon-text", item->icon_text);
  /* a standard class's name is its type: its picture when it has one */
  g_object_set_data (G_OBJECT (icon), "icon-class", item->name);
  gtk_widget_queue_draw (icon);
  gtk_label_set_text (GTK_LABEL (label), item->label);
  gtk_label_set_text (GTK_LABEL (source), item->source != NULL ? item->source : "");
  gtk_label_set_text (GTK_LABEL (description), item->description != NULL ? item->description : "");
  gtk_widget_set_visible (description, item->description != NULL);
  gtk_widget_set_tooltip_text (row, item->description);
}

/* ---- public ------------------------------------------------------------------------------ */

GtkWidget *
orr_quick_insert_new (OrrRegistry *registry)
{
  OrrQuickInsert *self = g_object_new (ORR_TYPE_QUICK_INSERT, NULL);
  guint n = registry != NULL ? orr_registry_get_n_classes (registry) : 0;

  for (guint i = 0; i < n; i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);
      /* shown in the user's language, found also by the English words */
      const char *english[] = { klass->label, klass->description, klass->keywords, NULL };
      g_autoptr (OrrQuickInsertItem) item = orr_quick_insert_item_new (
        klass->name, klass->label != NULL ? g_dgettext (GETTEXT_PACKAGE, klass->label) : NULL,
        klass->description != NULL ? g_dgettext (GETTEXT_PACKAGE, klass->description) : NULL,
        english, klass->palette != NULL ? g_dgettext (GETTEXT_PACKAGE, klass->palette) : NULL,
        klass->icon_text);

      g_list_store_append (self->registry_items, item);
    }
  update_matches (self);
  return GTK_WIDGET (self);
}

void
orr_quick_insert_set_extra_items (OrrQuickInsert *self, GListModel *items)
{
  g_return_if_fail (ORR_IS_QUICK_INSERT (self));
  g_return_if_fail (
    items == NULL || g_list_model_get_item_type (items) == ORR_TYPE_QUICK_INSERT_ITEM
    || g_type_is_a (ORR_TYPE_QUICK_INSERT_ITEM, g_list_model_get_item_type (items)));

  if (self->extra_items != NULL)
    g_signal_handlers_disconnect_by_func (self->extra_items, extra_items_changed, self);
  g_set_object (&self->extra_items, items);
  if (items != NULL)
    g_signal_connect_swapped (items, "items-changed", G_CALLBACK (extra_items_changed), self);
  update_matches (self);
}

static void
leave_canvas (OrrQuickInsert *self)
{
  if (self->canvas == NULL)
    return;
  g_clear_signal_handler (&self->canvas_destroy_id, self->canvas);
  g_clear_signal_handler (&self->canvas_unmap_id, self->canvas);
  self->canvas = NULL;
  gtk_widget_unparent (GTK_WIDGET (self));
}

/* Closed while the canvas is still there: a popover still open when its
 * window goes away leaves GTK a timeout on the gone surface. */
static void
canvas_unmapped (GtkWidget *canvas, OrrQuickInsert *self)
{
  gtk_popover_popdown (GTK_POPOVER (self));
}

static void
canvas_destroyed (GtkWidget *canvas, OrrQuickInsert *self)
{
  /* A child left behind would keep the canvas from finalizing cleanly. */
  gtk_popover_popdown (GTK_POPOVER (self));
  leave_canvas (self);
}

void
orr_quick_insert_popup_at (OrrQuickInsert *self, GtkWidget *parent_canvas, double x, double y,
                           const char *initial_text)
{
  GtkWidget *text;

  g_return_if_fail (ORR_IS_QUICK_INSERT (self));
  g_return_if_fail (GTK_IS_WIDGET (parent_canvas));

  if (self->canvas != parent_canvas)
    {
      /* leaving the old parent would drop the last reference but the caller's */
      g_object_ref (self);
      leave_canvas (self);
      gtk_widget_set_parent (GTK_WIDGET (self), parent_canvas);
      self->canvas = parent_canvas;
      self->canvas_destroy_id
        = g_signal_connect (parent_canvas, "destroy", G_CALLBACK (canvas_destroyed), self);
      self->canvas_unmap_id
        = g_signal_connect (parent_canvas, "unmap", G_CALLBACK (canvas_unmapped), self);
      g_object_unref (self);
    }
  self->x = x;
  self->y = y;
  gtk_popover_set_pointing_to (GTK_POPOVER (self), &(GdkRectangle){ (int)x, (int)y, 1, 1 });

  gtk_editable_set_text (GTK_EDITABLE (self->entry), initial_text != NULL ? initial_text : "");
  update_matches (self);
  gtk_popover_popup (GTK_POPOVER (self));

  /* Focus without selecting: the next key typed adds to the first one
   * instead of replacing it. */
  text = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (self->entry)));
  if (GTK_IS_TEXT (text))
    gtk_text_grab_focus_without_selecting (GTK_TEXT (text));
  else
    gtk_widget_grab_focus (self->entry);
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

void
orr_quick_insert_get_point (OrrQuickInsert *self, double *x, double *y)
{
  g_return_if_fail (ORR_IS_QUICK_INSERT (self));

  if (x != NULL)
    *x = self->x;
  if (y != NULL)
    *y = self->y;
}

void
orr_quick_insert_set_text (OrrQuickInsert *self, const char *text)
{
  g_return_if_fail (ORR_IS_QUICK_INSERT (self));

  gtk_editable_set_text (GTK_EDITABLE (self->entry), text != NULL ? text : "");
  update_matches (self); /* "changed" did already; harmless and explicit */
}

guint
orr_quick_insert_get_n_matches (OrrQuickInsert *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->matches));
}

const char *
orr_quick_insert_get_match_name (OrrQuickInsert *self, guint index)
{
  g_autoptr (OrrQuickInsertItem) item = NULL;

  g_return_val_if_fail (ORR_IS_QUICK_INSERT (self), NULL);

  item = g_list_model_get_item (G_LIST_MODEL (self->matches), index);
  /* the store keeps the item, and with it the name */
  return item != NULL ? item->name : NULL;
}

guint
orr_quick_insert_get_selected (OrrQuickInsert *self)
{
  g_return_val_if_fail (ORR_IS_QUICK_INSERT (self), GTK_INVALID_LIST_POSITION);
  return gtk_single_selection_get_selected (self->selection);
}

void
orr_quick_insert_move_selection (OrrQuickInsert *self, int delta)
{
  guint n, selected;
  gint64 target;

  g_return_if_fail (ORR_IS_QUICK_INSERT (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->matches));
  if (n == 0)
    return;
  selected = gtk_single_selection_get_selected (self->selection);
  target = selected == GTK_INVALID_LIST_POSITION ? 0 : (gint64)selected + delta;
  target = CLAMP (target, 0, (gint64)n - 1);
  gtk_single_selection_set_selected (self->selection, (guint)target);
  gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", (guint)target);
}

gboolean
orr_quick_insert_activate (OrrQuickInsert *self)
{
  guint selected;

  g_return_val_if_fail (ORR_IS_QUICK_INSERT (self), FALSE);

  selected = gtk_single_selection_get_selected (self->selection);
  if (selected == GTK_INVALID_LIST_POSITION)
    return FALSE;
  choose (self, selected);
  return TRUE;
}

/* ---- GObject ---------------------------------------------------------------------------- */

static void
orr_quick_insert_dispose (GObject *object)
{
  OrrQuickInsert *self = ORR_QUICK_INSERT (object);

  if (self->extra_items != NULL)
    g_signal_handlers_disconnect_by_func (self->extra_items, extra_items_changed, self);
  g_clear_object (&self->extra_items);
  if (self->canvas != NULL)
    {
      g_clear_signal_handler (&self->canvas_destroy_id, self->canvas);
      g_clear_signal_handler (&self->canvas_unmap_id, self->canvas);
    }
  self->canvas = NULL;
  G_OBJECT_CLASS (orr_quick_insert_parent_class)->dispose (object);
}

static void
orr_quick_insert_finalize (GObject *object)
{
  OrrQuickInsert *self = ORR_QUICK_INSERT (object);

  g_clear_object (&self->selection);
  g_clear_object (&self->matches);
  g_clear_object (&self->registry_items);
  G_OBJECT_CLASS (orr_quick_insert_parent_class)->finalize (object);
}

static void
orr_quick_insert_class_init (OrrQuickInsertClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = orr_quick_insert_dispose;
  object_class->finalize = orr_quick_insert_finalize;

  /* OrrQuickInsert::block-chosen (const char *name) */
  signals[SIGNAL_BLOCK_CHOSEN]
    = g_signal_new ("block-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
orr_quick_insert_init (OrrQuickInsert *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->registry_items = g_list_store_new (ORR_TYPE_QUICK_INSERT_ITEM);
  self->matches = g_list_store_new (ORR_TYPE_QUICK_INSERT_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->matches)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);

  gtk_popover_set_position (GTK_POPOVER (self), GTK_POS_BOTTOM);
  gtk_popover_set_has_arrow (GTK_POPOVER (self), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "orr-quick-insert");

  self->entry = gtk_search_entry_new ();
  g_object_set (self->entry, "placeholder-text", _ ("Insert block…"), NULL);
  /* At every keystroke, not after the search entry's typing delay: Enter
   * right after typing must take what was typed. */
  g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (update_matches), self);
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->entry), GTK_WIDGET (self));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  self->list_view
    = gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory);
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (self->list_view), TRUE);
  gtk_widget_add_css_class (self->list_view, "navigation-sidebar");
  gtk_widget_set_focusable (self->list_view, FALSE);
  g_signal_connect_swapped (self->list_view, "activate", G_CALLBACK (list_activated), self);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scrolled),
                                              MAX_ROWS * ROW_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->list_view);

  self->placeholder = gtk_label_new (_ ("No block matches"));
  gtk_widget_add_css_class (self->placeholder, "dim-label");
  gtk_widget_set_margin_top (self->placeholder, 12);
  gtk_widget_set_margin_bottom (self->placeholder, 12);
  gtk_widget_set_visible (self->placeholder, FALSE);

  gtk_widget_set_size_request (box, POPOVER_WIDTH, -1);
  gtk_box_append (GTK_BOX (box), self->entry);
  gtk_box_append (GTK_BOX (box), self->scrolled);
  gtk_box_append (GTK_BOX (box), self->placeholder);
  gtk_popover_set_child (GTK_POPOVER (self), box);

  /* Capture: the keys are the list's even while the entry has focus. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
