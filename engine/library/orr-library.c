/* orr-library.c: a user library folder: library.xml, its block files and
 * its palettes, with the rules that keep released versions usable (locking,
 * and new versions that may add but never remove). docs/library.md
 * describes the files.
 */
#include <orrery/orr-block.h>
#include <orrery/orr-io.h>
#include <orrery/orr-library.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

#include "../io/orr-input.h"

#define LIBRARY_ROOT "orrery-library"

/* the quark spelled out: clang-format would space a G_DEFINE_QUARK name */
GQuark
orr_library_error_quark (void)
{
  return g_quark_from_static_string ("orr-library-error-quark");
}

typedef struct
{
  char *name;
  GPtrArray *blocks; /* of char*, NULL-terminated for get_palette_blocks */
} Palette;

struct _OrrLibrary
{
  GObject parent_instance;

  char *dir;
  char *name;
  char *key;
  char *version;
  char *description;
  gboolean locked;
  GPtrArray *palettes; /* of Palette* */
  GPtrArray *foreign;  /* of char*: unknown children of the root, kept verbatim */
};

G_DEFINE_FINAL_TYPE (OrrLibrary, orr_library, G_TYPE_OBJECT)

static void
palette_free (Palette *palette)
{
  g_free (palette->name);
  g_ptr_array_unref (palette->blocks);
  g_free (palette);
}

static Palette *
palette_new (const char *name)
{
  Palette *palette = g_new0 (Palette, 1);

  palette->name = g_strdup (name);
  palette->blocks = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (palette->blocks, NULL);
  return palette;
}

/* Keeps the array NULL-terminated. */
static void
palette_append (Palette *palette, const char *path)
{
  g_ptr_array_insert (palette->blocks, palette->blocks->len - 1, g_strdup (path));
}

static void
orr_library_finalize (GObject *object)
{
  OrrLibrary *self = ORR_LIBRARY (object);

  g_free (self->dir);
  g_free (self->name);
  g_free (self->key);
  g_free (self->version);
  g_free (self->description);
  g_ptr_array_unref (self->palettes);
  g_ptr_array_unref (self->foreign);
  G_OBJECT_CLASS (orr_library_parent_class)->finalize (object);
}

static void
orr_library_class_init (OrrLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = orr_library_finalize;
}

static void
orr_library_init (OrrLibrary *self)
{
  self->palettes = g_ptr_array_new_with_free_func ((GDestroyNotify)palette_free);
  self->description = g_strdup ("");
  self->foreign = g_ptr_array_new_with_free_func (g_free);
}

/* ---- versions and names ------------------------------------------------ */

gboolean
orr_library_version_parse (const char *version, guint *major, guint *minor)
{
  g_auto (GStrv) parts = NULL;
  guint64 a, b;

  if (version == NULL)
    return FALSE;
  parts = g_strsplit (version, ".", -1);
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT, &a, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &b, NULL))
    return FALSE;
  if (major != NULL)
    *major = (guint)a;
  if (minor != NULL)
    *minor = (guint)b;
  return TRUE;
}

int
orr_library_version_compare (const char *a, const char *b)
{
  guint a1 = 0, a2 = 0, b1 = 0, b2 = 0;
  gboolean va = orr_library_version_parse (a, &a1, &a2);
  gboolean vb = orr_library_version_parse (b, &b1, &b2);

  if (!va || !vb)
    return (int)va - (int)vb;
  if (a1 != b1)
    return a1 < b1 ? -1 : 1;
  if (a2 != b2)
    return a2 < b2 ? -1 : 1;
  return 0;
}

/* A block path names files, so it must stay inside the library: relative,
 * no empty, hidden, "." or ".." parts, no backslashes or control
 * characters. */
static gboolean
check_block_path (const char *path, GError **error)
{
  g_auto (GStrv) parts = NULL;

  if (path == NULL || *path == '\0' || !g_utf8_validate (path, -1, NULL))
    goto bad;
  for (const char *p = path; *p != '\0'; p++)
    if ((guchar)*p < 0x20 || *p == '\\' || *p == ':')
      goto bad;
  parts = g_strsplit (path, "/", -1);
  for (char **part = parts; *part != NULL; part++)
    if (**part == '\0' || **part == '.' || **part == ' ')
      goto bad;
  return TRUE;

bad:
  g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
               "\"%s\" is not a block path; expected names separated by \"/\", such as "
               "\"mechanics/Ball\"",
               path != NULL ? path : "");
  return FALSE;
}

static char *
block_file (OrrLibrary *self, const char *path)
{
  g_autofree char *relative = g_strconcat (path, ORR_LIBRARY_BLOCK_SUFFIX, NULL);

  return g_build_filename (self->dir, relative, NULL);
}

static gboolean
check_unlocked (OrrLibrary *self, const char *what, GError **error)
{
  if (!self->locked)
    return TRUE;
  g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED,
               "library '%s' is locked (released, version %s): cannot %s; unlock it first",
               self->name, self->version, what);
  return FALSE;
}

/* ---- library.xml --------------------------------------------------------- */

static void
append_attr (GString *out, const char *name, const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);

  g_string_append_printf (out, " %s=\"%s\"", name, escaped);
}

static void
append_element (GString *out, const char *indent, const char *name, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append_printf (out, "%s<%s>%s</%s>\n", indent, name, escaped, name);
}

/* One element or attribute per line, in a fixed order, so that a change
 * shows as a small diff. */
static char *
library_to_data (OrrLibrary *self, gsize *length)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<" LIBRARY_ROOT);

  append_attr (out, "format", ORR_LIBRARY_FORMAT_VERSION);
  append_attr (out, "key", self->key);
  append_attr (out, "version", self->version);
  if (self->locked)
    append_attr (out, "locked", "true");
  g_string_append (out, ">\n");
  append_element (out, "  ", "name", self->name);
  if (*self->description != '\0')
    append_element (out, "  ", "description", self->description);
  for (guint i = 0; i < self->palettes->len; i++)
    {
      Palette *palette = g_ptr_array_index (self->palettes, i);

      g_string_append (out, "  <palette");
      append_attr (out, "name", palette->name);
      if (palette->blocks->len == 1)
        {
          g_string_append (out, "/>\n");
          continue;
        }
      g_string_append (out, ">\n");
      for (guint j = 0; j + 1 < palette->blocks->len; j++)
        {
          g_string_append (out, "    <entry");
          append_attr (out, "ref", g_ptr_array_index (palette->blocks, j));
          g_string_append (out, "/>\n");
        }
      g_string_append (out, "  </palette>\n");
    }
  for (guint i = 0; i < self->foreign->len; i++)
    g_string_append_printf (out, "  %s\n", (const char *)g_ptr_array_index (self->foreign, i));
  g_string_append (out, "</" LIBRARY_ROOT ">\n");
  *length = out->len;
  return g_string_free (out, FALSE);
}

static gboolean
write_file (const char *file, const char *data, gsize length, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *parent = g_path_get_dirname (file);

  if (g_mkdir_with_parents (parent, 0777) != 0
      || !g_file_set_contents_full (file, data, length,
                                    G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                    0666, &local_error))
    {
      g_autofree char *display = g_filename_display_name (file);

      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_WRITE, "%s: could not save: %s",
                   display, local_error != NULL ? local_error->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

static gboolean
save (OrrLibrary *self, GError **error)
{
  g_autofree char *file = g_build_filename (self->dir, ORR_LIBRARY_FILE, NULL);
  gsize length = 0;
  g_autofree char *data = library_to_data (self, &length);

  return write_file (file, data, length, error);
}

static gboolean invalid (const char *name, xmlNode *node, GError **error, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
invalid (const char *name, xmlNode *node, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;
  long line = node != NULL ? xmlGetLineNo (node) : 1;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID, "%s:%ld: %s", name,
               line > 0 ? line : 1, message);
  return FALSE;
}

static char *
get_attr (xmlNode *node, const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *)name);
  char *copy = value != NULL ? g_strdup ((const char *)value) : NULL;

  xmlFree (value);
  return copy;
}

static char *
get_text (xmlNode *node)
{
  xmlChar *value = xmlNodeGetContent (node);
  char *copy = g_strdup (value != NULL ? (const char *)value : "");

  xmlFree (value);
  return copy;
}

static gboolean
is_element (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns == NULL
         && strcmp ((const char *)node->name, name) == 0;
}

/* Exactly as parsed, so that a newer version's additions survive a save
 * by this one. */
static char *
dump_node (xmlNode *node)
{
  xmlBuffer *buffer = xmlBufferCreate ();
  char *text;

  xmlNodeDump (buffer, node->doc, node, 0, 0);
  text = g_strndup ((const char *)xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  return text;
}

static gboolean
read_palette (OrrLibrary *self, const char *name, xmlNode *element, GError **error)
{
  g_autofree char *palette_name = get_attr (element, "name");
  Palette *palette;

  if (palette_name == NULL || *palette_name == '\0')
    return invalid (name, element, error, "<palette> needs a non-empty \"name\"");
  palette = palette_new (palette_name);
  g_ptr_array_add (self->palettes, palette);
  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      g_autofree char *ref = NULL;
      g_autoptr (GError) path_error = NULL;

      if (!is_element (c, "entry"))
        continue; /* newer versions may add more; ignored */
      ref = get_attr (c, "ref");
      if (ref == NULL || !check_block_path (ref, &path_error))
        return invalid (name, c, error, "<entry> needs a block path in \"ref\"%s%s",
                        path_error != NULL ? ": " : "",
                        path_error != NULL ? path_error->message : "");
      palette_append (palette, ref);
    }
  return TRUE;
}

static gboolean
read_library_xml (OrrLibrary *self, const char *data, gsize length, const char *name,
                  GError **error)
{
  g_autofree char *message = NULL;
  xmlDoc *doc;
  xmlNode *root;
  g_autofree char *format = NULL;
  g_autofree char *locked = NULL;
  gboolean ok = FALSE;
  gboolean have_name = FALSE;
  int line = 1;

  doc = orr_xml_read_memory (data, length, &message, &line);
  if (doc == NULL)
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID, "%s:%d: %s", name, line,
                   message);
      return FALSE;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL || !is_element (root, LIBRARY_ROOT))
    {
      invalid (name, root, error, "expected a <" LIBRARY_ROOT "> document");
      goto out;
    }
  format = get_attr (root, "format");
  {
    guint major = 0;

    if (!orr_library_version_parse (format, &major, NULL) || major != 1)
      {
        invalid (name, root, error, "format \"%s\" is not one this build reads (1.x)",
                 format != NULL ? format : "");
        goto out;
      }
  }
  self->key = get_attr (root, "key");
  self->version = get_attr (root, "version");
  locked = get_attr (root, "locked");
  if (self->key == NULL || *self->key == '\0')
    {
      invalid (name, root, error, "<" LIBRARY_ROOT "> needs a non-empty \"key\"");
      goto out;
    }
  if (!orr_library_version_parse (self->version, NULL, NULL))
    {
      invalid (name, root, error, "version \"%s\" is not \"major.minor\"",
               self->version != NULL ? self->version : "");
      goto out;
    }
  if (locked != NULL && strcmp (locked, "true") != 0 && strcmp (locked, "false") != 0)
    {
      invalid (name, root, error, "\"locked\" is \"%s\"; expected true or false", locked);
      goto out;
    }
  self->locked = g_strcmp0 (locked, "true") == 0;

  for (xmlNode *c = root->children; c != NULL; c = c->next)
    {
      if (is_element (c, "name"))
        {
          g_free (self->name);
          self->name = get_text (c);
          have_name = TRUE;
        }
      else if (is_element (c, "description"))
        {
          g_free (self->description);
          self->description = get_text (c);
        }
      else if (is_element (c, "palette"))
        {
          if (!read_palette (self, name, c, error))
            goto out;
        }
      else if (c->type == XML_ELEMENT_NODE)
        g_ptr_array_add (self->foreign, dump_node (c));
    }
  if (!have_name || *self->name == '\0')
    {
      invalid (name, root, error, "expected a non-empty <name> in <" LIBRARY_ROOT ">");
      goto out;
    }
  ok = TRUE;

out:
  xmlFreeDoc (doc);
  return ok;
}

/* ---- create, open ---------------------------------------------------------- */

OrrLibrary *
orr_library_create (const char *dir, const char *name, const char *key, GError **error)
{
  g_autoptr (OrrLibrary) self = NULL;
  g_autofree char *file = NULL;

  g_return_val_if_fail (dir != NULL && name != NULL, NULL);

  file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);
  if (g_file_test (file, G_FILE_TEST_EXISTS))
    {
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                   "%s already holds a library; open it instead", display);
      return NULL;
    }
  if (*name == '\0' || (key != NULL && *key == '\0'))
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                   "a library needs a non-empty name and key");
      return NULL;
    }
  self = g_object_new (ORR_TYPE_LIBRARY, NULL);
  self->dir = g_strdup (dir);
  self->name = g_strdup (name);
  self->key = key != NULL ? g_strdup (key) : g_uuid_string_random ();
  self->version = g_strdup ("1.0");
  if (!save (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

OrrLibrary *
orr_library_open (const char *dir, GError **error)
{
  g_autoptr (OrrLibrary) self = NULL;
  g_autofree char *file = NULL;
  g_autofree char *display = NULL;
  g_autofree char *data = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (dir != NULL, NULL);

  file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);
  display = g_filename_display_name (file);
  if (!orr_read_input_file (file, ORR_MAX_MODEL_FILE_BYTES, &data, &length, &local_error))
    {
      g_set_error_literal (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_READ, local_error->message);
      return NULL;
    }
  self = g_object_new (ORR_TYPE_LIBRARY, NULL);
  self->dir = g_strdup (dir);
  if (!read_library_xml (self, data, length, display, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* ---- properties ------------------------------------------------------------ */

const char *
orr_library_get_dir (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  return self->dir;
}

const char *
orr_library_get_key (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  return self->key;
}

const char *
orr_library_get_name (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  return self->name;
}

const char *
orr_library_get_version (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  return self->version;
}

const char *
orr_library_get_description (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  return self->description;
}

gboolean
orr_library_set_description (OrrLibrary *self, const char *description, GError **error)
{
  g_autofree char *old = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  if (!check_unlocked (self, "change its description", error))
    return FALSE;
  old = g_steal_pointer (&self->description);
  self->description = g_strdup (description != NULL ? description : "");
  if (save (self, error))
    return TRUE;
  g_free (self->description);
  self->description = g_steal_pointer (&old);
  return FALSE;
}

gboolean
orr_library_is_locked (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  return self->locked;
}

gboolean
orr_library_set_locked (OrrLibrary *self, gboolean locked, GError **error)
{
  gboolean old;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  old = self->locked;
  self->locked = !!locked;
  if (old == self->locked || save (self, error))
    return TRUE;
  self->locked = old;
  return FALSE;
}

/* ---- blocks -------------------------------------------------------------------- */

static gboolean
in_palettes (OrrLibrary *self, const char *path)
{
  for (guint i = 0; i < self->palettes->len; i++)
    {
      Palette *palette = g_ptr_array_index (self->palettes, i);

      if (g_strv_contains ((const char *const *)palette->blocks->pdata, path))
        return TRUE;
    }
  return FALSE;
}

gboolean
orr_library_add_block (OrrLibrary *self, const char *path, OrrBlock *block, GError **error)
{
  g_autoptr (OrrBlock) copy = NULL;
  g_autofree char *file = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (block != NULL, FALSE);

  if (!check_unlocked (self, "add blocks", error) || !check_block_path (path, error))
    return FALSE;

  copy = orr_block_copy (block);
  copy->geometry.x = 0;
  copy->geometry.y = 0;
  g_clear_pointer (&copy->libref, orr_library_ref_free);
  data = orr_block_save_to_data (copy, &length);
  file = block_file (self, path);
  if (!write_file (file, data, length, error))
    return FALSE;

  if (!in_palettes (self, path))
    {
      if (self->palettes->len == 0)
        g_ptr_array_add (self->palettes, palette_new (self->name));
      palette_append (g_ptr_array_index (self->palettes, self->palettes->len - 1), path);
      return save (self, error);
    }
  return TRUE;
}

gboolean
orr_library_has_block (OrrLibrary *self, const char *path)
{
  g_autofree char *file = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  if (!check_block_path (path, NULL))
    return FALSE;
  file = block_file (self, path);
  return g_file_test (file, G_FILE_TEST_IS_REGULAR);
}

static gboolean
not_found (OrrLibrary *self, const char *path, GError **error)
{
  g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_NOT_FOUND,
               "library '%s' (version %s) has no block '%s'", self->name, self->version, path);
  return FALSE;
}

char *
orr_library_get_block_icon (OrrLibrary *self, const char *path)
{
  static const char *const suffixes[] = { ".svg", ".png" };

  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  if (!check_block_path (path, NULL))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *relative = g_strconcat (path, suffixes[i], NULL);
      g_autofree char *file = g_build_filename (self->dir, relative, NULL);

      if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&file);
    }
  return NULL;
}

gboolean
orr_library_set_block_icon (OrrLibrary *self, const char *path, const char *icon_file,
                            GError **error)
{
  g_autofree char *old = NULL;
  g_autofree char *data = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *target = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *suffix;
  gsize length = 0;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  if (!check_unlocked (self, "change icons", error) || !check_block_path (path, error))
    return FALSE;
  if (!orr_library_has_block (self, path))
    return not_found (self, path, error);
  if (icon_file != NULL)
    {
      suffix = g_str_has_suffix (icon_file, ".svg")   ? ".svg"
               : g_str_has_suffix (icon_file, ".png") ? ".png"
                                                      : NULL;
      if (suffix == NULL)
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                       "%s: an icon is an .svg or a .png file", icon_file);
          return FALSE;
        }
      if (!orr_read_input_file (icon_file, ORR_MAX_INPUT_FILE_BYTES, &data, &length, &local_error))
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_READ, "%s",
                       local_error->message);
          return FALSE;
        }
      relative = g_strconcat (path, suffix, NULL);
      target = g_build_filename (self->dir, relative, NULL);
    }
  /* at most one icon per block: the other kind goes */
  old = orr_library_get_block_icon (self, path);
  if (old != NULL && g_strcmp0 (old, target) != 0)
    g_unlink (old);
  return target == NULL || write_file (target, data, length, error);
}

gboolean
orr_library_remove_block (OrrLibrary *self, const char *path, GError **error)
{
  g_autofree char *file = NULL;
  g_autofree char *icon = NULL;
  g_autofree char *parent = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  if (!check_unlocked (self, "remove blocks", error) || !check_block_path (path, error))
    return FALSE;
  if (!orr_library_has_block (self, path))
    return not_found (self, path, error);

  file = block_file (self, path);
  icon = orr_library_get_block_icon (self, path);
  if (g_unlink (file) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (file);

      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_WRITE, "%s: could not remove: %s",
                   display, g_strerror (saved));
      return FALSE;
    }
  if (icon != NULL)
    g_unlink (icon);
  /* Folders emptied by the removal go too; g_rmdir refuses a non-empty one. */
  parent = g_path_get_dirname (file);
  while (strcmp (parent, self->dir) != 0 && g_str_has_prefix (parent, self->dir)
         && g_rmdir (parent) == 0)
    {
      char *up = g_path_get_dirname (parent);

      g_free (parent);
      parent = up;
    }

  for (guint i = 0; i < self->palettes->len; i++)
    {
      Palette *palette = g_ptr_array_index (self->palettes, i);

      for (guint j = palette->blocks->len - 1; j-- > 0;)
        if (strcmp (g_ptr_array_index (palette->blocks, j), path) == 0)
          g_ptr_array_remove_index (palette->blocks, j);
    }
  return save (self, error);
}

static void
list_folder (const char *dir, const char *prefix, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;

  if (d == NULL)
    return;
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *full = g_build_filename (dir, entry, NULL);
      g_autofree char *relative
        = prefix != NULL ? g_strconcat (prefix, "/", entry, NULL) : g_strdup (entry);

      if (entry[0] == '.')
        continue;
      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        list_folder (full, relative, out);
      else if (g_str_has_suffix (entry, ORR_LIBRARY_BLOCK_SUFFIX)
               && strlen (entry) > strlen (ORR_LIBRARY_BLOCK_SUFFIX))
        g_ptr_array_add (
          out, g_strndup (relative, strlen (relative) - strlen (ORR_LIBRARY_BLOCK_SUFFIX)));
    }
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

char **
orr_library_list_blocks (OrrLibrary *self)
{
  GPtrArray *out = g_ptr_array_new ();

  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  list_folder (self->dir, NULL, out);
  g_ptr_array_sort (out, compare_strings);
  g_ptr_array_add (out, NULL);
  return (char **)g_ptr_array_free (out, FALSE);
}

OrrBlock *
orr_library_load_block (OrrLibrary *self, const char *path, GError **error)
{
  g_autofree char *file = NULL;
  g_autofree char *display = NULL;
  g_autofree char *data = NULL;
  g_autoptr (GError) local_error = NULL;
  OrrBlock *block;
  gsize length = 0;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  if (!check_block_path (path, error))
    return NULL;
  file = block_file (self, path);
  display = g_filename_display_name (file);
  if (!orr_read_input_file (file, ORR_MAX_MODEL_FILE_BYTES, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        not_found (self, path, error);
      else
        g_set_error_literal (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_READ,
                             local_error->message);
      return NULL;
    }
  /* The block reader names the file and line itself. */
  block = orr_block_load_data (data, length, display, error);
  if (block == NULL)
    return NULL;
  orr_library_ref_free (block->libref);
  block->libref = orr_library_ref_new (self->key, path, self->version);
  return block;
}

OrrBlock *
orr_library_place_block (OrrLibrary *self, const char *path, OrrModel *model, OrrDiagram *diagram,
                         double x, double y, GError **error)
{
  g_autoptr (OrrBlock) block = NULL;
  g_autoptr (GPtrArray) placed = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (ORR_IS_MODEL (model) && diagram != NULL, NULL);

  block = orr_library_load_block (self, path, error);
  if (block == NULL)
    return NULL;
  /* A fragment brings fresh ids for the block and everything inside it. */
  data = orr_fragment_serialize (&block, 1, &length);
  if (!orr_fragment_paste (model, diagram, data, length, x - block->geometry.x,
                           y - block->geometry.y, placed, error))
    return NULL;
  g_return_val_if_fail (placed->len == 1, NULL);
  return g_ptr_array_index (placed, 0);
}

static gboolean
copy_folder (const char *from, const char *to, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GDir) d = g_dir_open (from, 0, &local_error);
  const char *entry;

  if (d == NULL)
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_READ, "%s", local_error->message);
      return FALSE;
    }
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *source = g_build_filename (from, entry, NULL);
      g_autofree char *target = g_build_filename (to, entry, NULL);
      g_autofree char *data = NULL;
      gsize length = 0;

      if (entry[0] == '.')
        continue;
      if (g_file_test (source, G_FILE_TEST_IS_DIR))
        {
          if (!copy_folder (source, target, error))
            return FALSE;
          continue;
        }
      if (!orr_read_input_file (source, ORR_MAX_MODEL_FILE_BYTES, &data, &length, &local_error))
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_READ, "%s",
                       local_error->message);
          return FALSE;
        }
      if (!write_file (target, data, length, error))
        return FALSE;
    }
  return TRUE;
}

OrrLibrary *
orr_library_copy_to (OrrLibrary *self, const char *dir, GError **error)
{
  g_autofree char *file = NULL;
  g_autoptr (OrrLibrary) copy = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (dir != NULL, NULL);

  file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);
  if (g_file_test (file, G_FILE_TEST_EXISTS))
    {
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                   "%s already holds a library", display);
      return NULL;
    }
  if (g_mkdir_with_parents (dir, 0777) != 0 || !copy_folder (self->dir, dir, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_WRITE, "%s: %s", dir,
                     g_strerror (errno));
      return NULL;
    }
  copy = orr_library_open (dir, error);
  if (copy == NULL || !orr_library_set_locked (copy, FALSE, error))
    return NULL;
  return g_steal_pointer (&copy);
}

/* ---- versions ------------------------------------------------------------- */

/* The names a user may have set on a block: a masked block's mask
 * parameters, otherwise its own parameters. */
static GPtrArray *
interface_params (const OrrBlock *block)
{
  GPtrArray *names = g_ptr_array_new ();

  if (block->mask != NULL)
    for (guint i = 0; i < block->mask->params->len; i++)
      g_ptr_array_add (names, ((OrrMaskParam *)g_ptr_array_index (block->mask->params, i))->name);
  else
    for (guint i = 0; i < block->params->len; i++)
      g_ptr_array_add (names, ((OrrParam *)g_ptr_array_index (block->params, i))->name);
  return names;
}

static gboolean
has_interface_param (const OrrBlock *block, const char *name)
{
  g_autoptr (GPtrArray) names = interface_params (block);

  for (guint i = 0; i < names->len; i++)
    if (strcmp (g_ptr_array_index (names, i), name) == 0)
      return TRUE;
  return FALSE;
}

gboolean
orr_library_new_version (OrrLibrary *self, const char *version, OrrLibrary *previous,
                         GError **error)
{
  g_autoptr (GString) problems = g_string_new (NULL);
  g_autofree char *old = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (previous == NULL || ORR_IS_LIBRARY (previous), FALSE);

  if (!check_unlocked (self, "make a new version", error))
    return FALSE;
  if (!orr_library_version_parse (version, NULL, NULL))
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                   "version \"%s\" is not \"major.minor\", such as \"1.1\"",
                   version != NULL ? version : "");
      return FALSE;
    }
  if (orr_library_version_compare (version, self->version) <= 0
      || (previous != NULL && orr_library_version_compare (version, previous->version) <= 0))
    {
      g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                   "library '%s': new version %s must be greater than %s", self->name, version,
                   previous != NULL
                       && orr_library_version_compare (previous->version, self->version) > 0
                     ? previous->version
                     : self->version);
      return FALSE;
    }

  if (previous != NULL)
    {
      g_auto (GStrv) blocks = NULL;

      if (strcmp (previous->key, self->key) != 0)
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                       "library '%s' (key %s) cannot succeed '%s' (key %s): the keys differ",
                       self->name, self->key, previous->name, previous->key);
          return FALSE;
        }
      blocks = orr_library_list_blocks (previous);
      for (char **path = blocks; *path != NULL; path++)
        {
          g_autoptr (OrrBlock) before = orr_library_load_block (previous, *path, NULL);
          g_autoptr (OrrBlock) after = NULL;
          g_autoptr (GError) load_error = NULL;
          g_autoptr (GPtrArray) names = NULL;

          if (!orr_library_has_block (self, *path))
            {
              g_string_append_printf (problems, "\n%s: the block was removed", *path);
              continue;
            }
          after = orr_library_load_block (self, *path, &load_error);
          if (after == NULL)
            {
              g_string_append_printf (problems, "\n%s: %s", *path, load_error->message);
              continue;
            }
          if (before == NULL)
            continue; /* nothing a model could have used */
          names = interface_params (before);
          for (guint i = 0; i < names->len; i++)
            if (!has_interface_param (after, g_ptr_array_index (names, i)))
              g_string_append_printf (problems, "\n%s: parameter '%s' was removed", *path,
                                      (const char *)g_ptr_array_index (names, i));
        }
      if (problems->len > 0)
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE,
                       "version %s of library '%s' would break models that use version %s; "
                       "a new version may add blocks and parameters but not remove them:%s",
                       version, self->name, previous->version, problems->str);
          return FALSE;
        }
    }

  old = g_steal_pointer (&self->version);
  self->version = g_strdup (version);
  if (save (self, error))
    return TRUE;
  g_free (self->version);
  self->version = g_steal_pointer (&old);
  return FALSE;
}

/* ---- palettes -------------------------------------------------------------- */

guint
orr_library_get_n_palettes (OrrLibrary *self)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), 0);
  return self->palettes->len;
}

const char *
orr_library_get_palette_name (OrrLibrary *self, guint index)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (index < self->palettes->len, NULL);
  return ((Palette *)g_ptr_array_index (self->palettes, index))->name;
}

const char *const *
orr_library_get_palette_blocks (OrrLibrary *self, guint index)
{
  g_return_val_if_fail (ORR_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (index < self->palettes->len, NULL);
  return (const char *const *)((Palette *)g_ptr_array_index (self->palettes, index))->blocks->pdata;
}

gboolean
orr_library_set_palettes (OrrLibrary *self, const char *const *names,
                          const char *const *const *blocks, guint n_palettes, GError **error)
{
  g_autoptr (GPtrArray) palettes = NULL;

  g_return_val_if_fail (ORR_IS_LIBRARY (self), FALSE);
  if (!check_unlocked (self, "change its palettes", error))
    return FALSE;

  palettes = g_ptr_array_new_with_free_func ((GDestroyNotify)palette_free);
  for (guint i = 0; i < n_palettes; i++)
    {
      Palette *palette;

      if (names[i] == NULL || *names[i] == '\0')
        {
          g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID,
                       "palette %u of library '%s' has no name", i + 1, self->name);
          return FALSE;
        }
      palette = palette_new (names[i]);
      g_ptr_array_add (palettes, palette);
      for (const char *const *b = blocks[i]; b != NULL && *b != NULL; b++)
        {
          if (!orr_library_has_block (self, *b))
            {
              g_autoptr (GError) cause = NULL;

              not_found (self, *b, &cause);
              g_set_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_NOT_FOUND,
                           "palette '%s': %s", names[i], cause->message);
              return FALSE;
            }
          palette_append (palette, *b);
        }
    }
  /* the old palettes come back if the new ones cannot be saved */
  {
    GPtrArray *old = self->palettes;

    self->palettes = g_steal_pointer (&palettes);
    palettes = old;
  }
  if (save (self, error))
    return TRUE;
  {
    GPtrArray *failed = self->palettes;

    self->palettes = g_steal_pointer (&palettes);
    palettes = failed;
  }
  return FALSE;
}
