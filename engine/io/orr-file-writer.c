/* orr-file-writer.c: saves a model as an .orr file.
 *
 * The text is built by hand rather than through a libxml2 tree so that the
 * output is exactly the canonical form of docs/file-format.md: fixed element
 * and attribute order, two-space indentation, defaults left out, and text
 * written untouched between its tags. A one-block edit then changes only
 * that block's lines, and loading and saving an unchanged model reproduces
 * the file byte for byte.
 */
#include "orr-io-private.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void write_diagram (GString *out, const OrrDiagram *diagram, guint depth);

static guint
array_len (const GPtrArray *array)
{
  return array != NULL ? array->len : 0;
}

/* <name attributes>text</name>, with nothing added inside the text. */
static void
write_text_element (GString *out, guint depth, const char *name, const char *attr_name,
                    const char *attr_value, const char *text)
{
  orr_io_append_indent (out, depth);
  g_string_append_printf (out, "<%s", name);
  if (attr_name != NULL)
    orr_io_append_attr (out, attr_name, attr_value);
  if (*text == '\0')
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append_c (out, '>');
  orr_io_append_escaped (out, text, FALSE);
  g_string_append_printf (out, "</%s>\n", name);
}

static void
write_foreign (GString *out, const GPtrArray *foreign, guint depth)
{
  for (guint i = 0; i < array_len (foreign); i++)
    {
      orr_io_append_indent (out, depth);
      g_string_append (out, g_ptr_array_index (foreign, i));
      g_string_append_c (out, '\n');
    }
}

static void
write_mask_param (GString *out, const OrrMaskParam *param, guint depth)
{
  static const char *const kinds[] = {
    [ORR_MASK_PARAM_EXPRESSION] = "expression",
    [ORR_MASK_PARAM_CHOICE] = "choice",
    [ORR_MASK_PARAM_CHECKBOX] = "checkbox",
  };
  gboolean has_choices
    = param->kind == ORR_MASK_PARAM_CHOICE && param->choices != NULL && param->choices[0] != NULL;

  orr_io_append_indent (out, depth);
  g_string_append (out, "<param");
  orr_io_append_attr (out, "name", param->name);
  /* A missing label reads back as the name, a missing default as "". */
  if (param->label != NULL && g_strcmp0 (param->label, param->name) != 0)
    orr_io_append_attr (out, "label", param->label);
  if (param->default_expr != NULL && param->default_expr[0] != '\0')
    orr_io_append_attr (out, "default", param->default_expr);
  if ((guint)param->kind < G_N_ELEMENTS (kinds))
    orr_io_append_attr (out, "kind", kinds[param->kind]);
  if (param->tunable)
    orr_io_append_attr (out, "tunable", "true");
  if (!has_choices)
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append (out, ">\n");
  for (char **c = param->choices; *c != NULL; c++)
    write_text_element (out, depth + 1, "choice", NULL, NULL, *c);
  orr_io_append_indent (out, depth);
  g_string_append (out, "</param>\n");
}

static void
write_mask (GString *out, const OrrMask *mask, guint depth)
{
  orr_io_append_indent (out, depth);
  g_string_append (out, "<mask");
  if (mask->icon_text != NULL)
    orr_io_append_attr (out, "icon-text", mask->icon_text);
  if (mask->description == NULL && array_len (mask->params) == 0)
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append (out, ">\n");
  if (mask->description != NULL)
    write_text_element (out, depth + 1, "description", NULL, NULL, mask->description);
  for (guint i = 0; i < array_len (mask->params); i++)
    write_mask_param (out, g_ptr_array_index (mask->params, i), depth + 1);
  orr_io_append_indent (out, depth);
  g_string_append (out, "</mask>\n");
}

static guint
port_count (const OrrBlock *block, OrrPortKind kind)
{
  return block->ports[kind] != NULL ? block->ports[kind]->len : 0;
}

static gboolean
block_has_content (const OrrBlock *block)
{
  if (block->label != NULL || array_len (block->params) > 0 || block->mask != NULL
      || block->child != NULL || array_len (block->foreign) > 0)
    return TRUE;
  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    if (port_count (block, k) > 0)
      return TRUE;
  return FALSE;
}

static void
write_ports (GString *out, const OrrBlock *block, guint depth)
{
  gboolean any = FALSE;

  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    any = any || port_count (block, k) > 0;
  if (!any)
    return;

  orr_io_append_indent (out, depth);
  g_string_append (out, "<ports");
  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    if (port_count (block, k) > 0)
      orr_io_append_attr_uint (out, orr_io_port_kind_name (k), port_count (block, k));
  g_string_append (out, "/>\n");

  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    for (guint i = 0; i < port_count (block, k); i++)
      {
        const OrrPort *port = g_ptr_array_index (block->ports[k], i);

        if (port == NULL || port->label == NULL)
          continue;
        orr_io_append_indent (out, depth);
        g_string_append (out, "<port");
        orr_io_append_attr (out, "kind", orr_io_port_kind_name (k));
        orr_io_append_attr_uint (out, "number", i + 1);
        orr_io_append_attr (out, "label", port->label);
        g_string_append (out, "/>\n");
      }
}

void
orr_io_write_block (GString *out, const OrrBlock *block, guint depth)
{
  orr_io_append_indent (out, depth);
  g_string_append (out, "<block");
  orr_io_append_attr (out, "id", block->id);
  orr_io_append_attr (out, "type", block->type);
  orr_io_append_attr_double (out, "x", block->geometry.x);
  orr_io_append_attr_double (out, "y", block->geometry.y);
  orr_io_append_attr_double (out, "width", block->geometry.width);
  orr_io_append_attr_double (out, "height", block->geometry.height);
  if (block->rotation != 0)
    g_string_append_printf (out, " rotation=\"%d\"", block->rotation);
  if (block->flip)
    orr_io_append_attr (out, "flip", "true");
  /* Only blocks placed from a library carry these, so other files keep
   * their exact form. */
  if (block->libref != NULL)
    {
      orr_io_append_attr (out, "library", block->libref->library);
      orr_io_append_attr (out, "ref", block->libref->ref);
      orr_io_append_attr (out, "version", block->libref->version);
    }
  for (guint i = 0; i + 1 < array_len (block->foreign_attrs); i += 2)
    orr_io_append_attr (out, g_ptr_array_index (block->foreign_attrs, i),
                        g_ptr_array_index (block->foreign_attrs, i + 1));

  if (!block_has_content (block))
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append (out, ">\n");

  if (block->label != NULL)
    write_text_element (out, depth + 1, "label", NULL, NULL, block->label);
  for (guint i = 0; i < array_len (block->params); i++)
    {
      const OrrParam *param = g_ptr_array_index (block->params, i);

      write_text_element (out, depth + 1, "param", "name", param->name,
                          param->expr != NULL ? param->expr : "");
    }
  write_ports (out, block, depth + 1);
  if (block->mask != NULL)
    write_mask (out, block->mask, depth + 1);
  if (block->child != NULL)
    write_diagram (out, block->child, depth + 1);
  write_foreign (out, block->foreign, depth + 1);

  orr_io_append_indent (out, depth);
  g_string_append (out, "</block>\n");
}

void
orr_io_write_link (GString *out, const OrrLink *link, guint depth)
{
  guint n_points = link->points != NULL ? link->points->len : 0;

  orr_io_append_indent (out, depth);
  g_string_append (out, "<link");
  orr_io_append_attr (out, "id", link->id);
  orr_io_append_attr (out, "kind", orr_io_link_kind_name (link->kind));
  orr_io_append_attr (out, "from", link->from.block);
  orr_io_append_attr_uint (out, "from-port", link->from.port);
  orr_io_append_attr (out, "to", link->to.block);
  orr_io_append_attr_uint (out, "to-port", link->to.port);
  if (n_points == 0)
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append (out, ">\n");
  for (guint i = 0; i < n_points; i++)
    {
      const OrrPoint *p = &g_array_index (link->points, OrrPoint, i);

      orr_io_append_indent (out, depth + 1);
      g_string_append (out, "<point");
      orr_io_append_attr_double (out, "x", p->x);
      orr_io_append_attr_double (out, "y", p->y);
      g_string_append (out, "/>\n");
    }
  orr_io_append_indent (out, depth);
  g_string_append (out, "</link>\n");
}

static void
write_diagram (GString *out, const OrrDiagram *diagram, guint depth)
{
  gboolean has_context = diagram->context != NULL && diagram->context[0] != '\0';

  orr_io_append_indent (out, depth);
  if (!has_context && array_len (diagram->blocks) == 0 && array_len (diagram->links) == 0
      && array_len (diagram->foreign) == 0)
    {
      g_string_append (out, "<diagram/>\n");
      return;
    }
  g_string_append (out, "<diagram>\n");
  if (has_context)
    write_text_element (out, depth + 1, "context", NULL, NULL, diagram->context);
  for (guint i = 0; i < array_len (diagram->blocks); i++)
    orr_io_write_block (out, g_ptr_array_index (diagram->blocks, i), depth + 1);
  for (guint i = 0; i < array_len (diagram->links); i++)
    orr_io_write_link (out, g_ptr_array_index (diagram->links, i), depth + 1);
  write_foreign (out, diagram->foreign, depth + 1);
  orr_io_append_indent (out, depth);
  g_string_append (out, "</diagram>\n");
}

static void
write_settings (GString *out, const OrrSettings *settings, guint depth)
{
  orr_io_append_indent (out, depth);
  g_string_append (out, "<settings");
  orr_io_append_attr_double (out, "start", settings->start_time);
  orr_io_append_attr_double (out, "final", settings->final_time);
  if (settings->solver != NULL)
    orr_io_append_attr (out, "solver", settings->solver);
  orr_io_append_attr_double (out, "rtol", settings->rtol);
  orr_io_append_attr_double (out, "atol", settings->atol);
  orr_io_append_attr_double (out, "max-step", settings->max_step);
  /* newer settings appear only when set, so older files keep their form */
  if (settings->initial_step != 0)
    orr_io_append_attr_double (out, "initial-step", settings->initial_step);
  if (settings->zc_tolerance != 0)
    orr_io_append_attr_double (out, "zc-tolerance", settings->zc_tolerance);
  if (settings->realtime_factor != 0)
    orr_io_append_attr_double (out, "realtime", settings->realtime_factor);
  if (settings->solve_loops)
    orr_io_append_attr (out, "solve-loops", "true");
  if (settings->unconnected_errors)
    orr_io_append_attr (out, "unconnected-ports", "error");
  if (settings->refine > 1)
    {
      g_autofree char *refine = g_strdup_printf ("%u", settings->refine);
      orr_io_append_attr (out, "refine", refine);
    }
  g_string_append (out, "/>\n");
}

char *
orr_model_save_to_data (OrrModel *model, gsize *length)
{
  GString *out = g_string_sized_new (4096);

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);

  orr_io_append_prologue (out);
  g_string_append (out, "<" ORR_FILE_ROOT);
  orr_io_append_attr (out, "version", ORR_FILE_FORMAT_VERSION);
  g_string_append (out, ">\n");
  write_settings (out, orr_model_get_settings (model), 1);
  write_diagram (out, orr_model_get_root (model), 1);
  write_foreign (out, orr_model_get_foreign (model), 1);
  g_string_append (out, "</" ORR_FILE_ROOT ">\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

char *
orr_block_save_to_data (const OrrBlock *block, gsize *length)
{
  GString *out = g_string_sized_new (2048);

  g_return_val_if_fail (block != NULL, NULL);

  orr_io_append_prologue (out);
  g_string_append (out, "<" ORR_BLOCK_FILE_ROOT);
  orr_io_append_attr (out, "version", ORR_FILE_FORMAT_VERSION);
  g_string_append (out, ">\n");
  orr_io_write_block (out, block, 1);
  g_string_append (out, "</" ORR_BLOCK_FILE_ROOT ">\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* Keeps the file being replaced as path~, unless it already holds what is
 * about to be written (saving twice must not lose the older backup). A
 * hard link costs nothing and keeps the old bytes exactly; a copy is the
 * fallback. A backup that cannot be made does not stop the save. */
static void
keep_backup (const char *path, const char *data, gsize length)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *old = NULL;
  gsize old_length = 0;

  if (!g_file_get_contents (path, &old, &old_length, NULL))
    return; /* nothing to keep */
  if (old_length == length && memcmp (old, data, length) == 0)
    return;
  g_unlink (backup);
  if (link (path, backup) != 0)
    g_file_set_contents (backup, old, old_length, NULL);
}

/* The file a save must replace: path itself, or, through any chain of
 * symbolic links, the file they lead to, so that a save keeps the link a
 * link. NULL with errno set after too many links (a loop). */
static char *
resolve_links (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (int hops = 0; hops < 40; hops++)
    {
      g_autofree char *target = NULL;
      g_autofree char *dir = NULL;
      GStatBuf st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, NULL);
      if (target == NULL)
        return g_steal_pointer (&current);
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, target, NULL);
    }
  errno = ELOOP;
  return NULL;
}

gboolean
orr_model_save_file (OrrModel *model, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *target = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize length = 0;
  int mode = 0666;
  GStatBuf st;

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  target = resolve_links (path);
  if (target == NULL)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_WRITE, "%s: could not save the model: %s",
                   display, g_strerror (saved));
      return FALSE;
    }
  /* The replaced file keeps its permissions: a private 0600 model must
   * not become readable by others by being saved. */
  if (g_stat (target, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_WRITE,
                       "%s: could not save the model: it is not a regular file", display);
          return FALSE;
        }
      mode = st.st_mode & 07777;
    }

  data = orr_model_save_to_data (model, &length);
  keep_backup (target, data, length);
  /* GLib writes a temporary file beside the target, fsyncs it and renames
   * it over the target, so a failure at any point leaves the old file. */
  if (!g_file_set_contents_full (target, data, length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE, mode,
                                 &local_error))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_WRITE, "%s: could not save the model: %s",
                   display, local_error->message);
      return FALSE;
    }
  orr_model_set_saved (model);
  return TRUE;
}

void
orr_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *entry;

      while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, entry, NULL);
          orr_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}
