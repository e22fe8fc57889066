/* gen-blocks-doc.c: writes docs/blocks.md, and with --mallard DIR the
 * manual's block pages (help/C/block-NAME.page and the guide blocks.page),
 * from the blocks' own parameter specs and configure() (with default
 * parameters), so the reference is never written twice. The hand-written
 * part of each block's entry, help/notes/NAME.txt (ORR_HELP_NOTES, fixed
 * at build time), is merged in, and each page links its example model
 * help/C/examples/NAME.orr (see help/README.md). `meson compile -C build
 * update-blocks-doc` rewrites both; the test suite fails when either is
 * out of date. */
#include <orr-palettes.h>
#include <orrery/orr-interface.h>

#include <stdio.h>
#include <string.h>

/* Placeholder sizes read as letters: -1 is n, -2 is m, -3 is p ... */
static void
append_dim (GString *out, int d)
{
  static const char letters[] = "nmpqrs";
  if (d > 0)
    g_string_append_printf (out, "%d", d);
  else if (-d <= (int)strlen (letters))
    g_string_append_c (out, letters[-d - 1]);
  else
    g_string_append_printf (out, "n%d", -d);
}

static void
append_ports (GString *out, const char *what, const OrrPortShape *ports, int n, gboolean inputs)
{
  g_string_append_printf (out, "- %s: ", what);
  if (n == 0)
    {
      g_string_append (out, "none\n");
      return;
    }
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, "; ");
      g_string_append_printf (out, "%d: ", i + 1);
      append_dim (out, ports[i].rows);
      g_string_append (out, "×");
      append_dim (out, ports[i].cols);
      g_string_append_printf (out, " %s",
                              ports[i].type == ORR_TYPE_INHERIT ? "inherited type"
                                                                : orr_type_name (ports[i].type));
      if (inputs && ports[i].feedthrough)
        g_string_append (out, ", feedthrough");
    }
  g_string_append_c (out, '\n');
}

/* Table cells: one line, no pipes. In prose (not inside backticks) an
 * underscore is escaped, so that __counter__ does not turn bold. */
static void
append_cell (GString *out, const char *text, gboolean prose)
{
  for (const char *p = text ? text : ""; *p; p++)
    {
      if (*p == '|')
        g_string_append (out, "\\|");
      else if (prose && *p == '_')
        g_string_append (out, "\\_");
      else if (*p == '\n')
        g_string_append_c (out, ' ');
      else
        g_string_append_c (out, *p);
    }
}

/* The block's notes: paragraphs separated by blank lines, each joined
 * into one line. NULL when the block has none (the test help-examples
 * says which). */
static char **
block_notes (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".txt", NULL);
  g_autofree char *path = g_build_filename (ORR_HELP_NOTES, file, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) paras = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) para = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        {
          if (para->len > 0)
            g_ptr_array_add (paras, g_strdup (para->str));
          g_string_truncate (para, 0);
          continue;
        }
      if (para->len > 0)
        g_string_append_c (para, ' ');
      g_string_append (para, lines[i]);
    }
  if (para->len > 0)
    g_ptr_array_add (paras, g_strdup (para->str));
  g_ptr_array_add (paras, NULL);
  return (char **)g_ptr_array_free (g_steal_pointer (&paras), FALSE);
}

/* A paragraph of notes in Markdown: outside `code`, * and _ are escaped,
 * so that K*u ... u*K does not turn italic. */
static void
append_prose (GString *out, const char *text)
{
  gboolean code = FALSE;

  for (const char *p = text; *p; p++)
    {
      if (*p == '`')
        code = !code;
      else if (!code && (*p == '*' || *p == '_'))
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
}

static void
append_block (GString *out, const OrrBlockClass *klass)
{
  g_auto (GStrv) notes = block_notes (klass->name);

  g_autoptr (GError) error = NULL;
  g_autoptr (OrrBlockInterface) iface = orr_block_class_interface (klass, NULL, NULL, &error);

  g_string_append_printf (out, "### %s\n\n%s\n\n", klass->name,
                          klass->description ? klass->description : "");
  for (int i = 0; notes != NULL && notes[i] != NULL; i++)
    {
      append_prose (out, notes[i]);
      g_string_append (out, "\n\n");
    }
  g_string_append_printf (out, "Example: [help/C/examples/%s.orr](../help/C/examples/%s.orr)\n\n",
                          klass->name, klass->name);
  if (iface == NULL)
    g_string_append_printf (out, "(its defaults do not configure: %s)\n\n", error->message);
  else
    {
      g_string_append (out, "With the default parameters:\n\n");
      append_ports (out, "Inputs", iface->in, iface->n_in, TRUE);
      append_ports (out, "Outputs", iface->out, iface->n_out, FALSE);
      g_string_append_printf (out, "- Activation: %d in, %d out%s\n", iface->n_evin, iface->n_evout,
                              iface->always_active ? "; always active" : "");
      if (iface->nx || iface->nz || iface->ng)
        {
          g_string_append (out, "- States: ");
          g_string_append_printf (out, "%d continuous, %d discrete, ", iface->nx, iface->nz);
          if (iface->ng < 0)
            g_string_append (out, "one zero-crossing surface per input element\n");
          else
            g_string_append_printf (out, "%d zero-crossing surfaces\n", iface->ng);
        }
      g_string_append_c (out, '\n');
    }
  if (klass->n_params > 0)
    {
      g_string_append (out, "| Parameter | Label | Default | Help |\n| --- | --- | --- | --- |\n");
      for (int i = 0; i < klass->n_params; i++)
        {
          const OrrParamSpec *p = &klass->params[i];
          g_string_append_printf (out, "| `%s` | ", p->name);
          append_cell (out, p->label, TRUE);
          g_string_append (out, " | `");
          append_cell (out, p->default_expr, FALSE);
          g_string_append (out, "` | ");
          append_cell (out, p->help, TRUE);
          if (p->kind == ORR_PARAM_CHOICE && p->choices != NULL)
            {
              g_string_append (out, " Choices:");
              for (int c = 0; p->choices[c] != NULL; c++)
                {
                  g_string_append_printf (out, " %d ", c + 1);
                  append_cell (out, p->choices[c], TRUE);
                  g_string_append_c (out, p->choices[c + 1] ? ',' : '.');
                }
            }
          if (p->tunable)
            g_string_append (out, " (tunable)");
          g_string_append (out, " |\n");
        }
      g_string_append_c (out, '\n');
    }
}

/* ---- the manual's pages (Mallard) ------------------------------------- */

static void
xml_text (GString *out, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text ? text : "", -1);
  g_string_append (out, escaped);
}

static void
mallard_ports (GString *out, const char *what, const OrrPortShape *ports, int n, gboolean inputs)
{
  g_string_append_printf (out, "      <item><p>%s: ", what);
  if (n == 0)
    g_string_append (out, "none");
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, "; ");
      g_string_append_printf (out, "%d: ", i + 1);
      append_dim (out, ports[i].rows);
      g_string_append (out, "×");
      append_dim (out, ports[i].cols);
      g_string_append_printf (out, " %s",
                              ports[i].type == ORR_TYPE_INHERIT ? "inherited type"
                                                                : orr_type_name (ports[i].type));
      if (inputs && ports[i].feedthrough)
        g_string_append (out, ", feedthrough");
    }
  g_string_append (out, "</p></item>\n");
}

/* A paragraph of notes: `text` in backquotes becomes <code>. */
static void
mallard_para (GString *out, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "`", -1);

  g_string_append (out, "  <p>");
  for (int i = 0; parts[i] != NULL; i++)
    {
      gboolean code = i % 2 == 1 && parts[i + 1] != NULL;
      if (code)
        g_string_append (out, "<code>");
      else if (i % 2 == 1)
        g_string_append_c (out, '`');
      xml_text (out, parts[i]);
      if (code)
        g_string_append (out, "</code>");
    }
  g_string_append (out, "</p>\n");
}

static char *
page_id (const char *name)
{
  return g_strconcat ("block-", name, NULL);
}

static GString *
mallard_block (const OrrBlockClass *klass)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrBlockInterface) iface = orr_block_class_interface (klass, NULL, NULL, &error);
  g_autofree char *id = page_id (klass->name);
  g_auto (GStrv) notes = block_notes (klass->name);
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");

  g_string_append_printf (out,
                          "<!-- Generated by tools/gen-blocks-doc.c from the block's specs; do not "
                          "edit. -->\n"
                          "<page xmlns=\"http://projectmallard.org/1.0/\" type=\"topic\" "
                          "id=\"%s\">\n  <info>\n    <link type=\"guide\" xref=\"blocks#",
                          id);
  xml_text (out, klass->palette);
  g_string_append (out, "\"/>\n    <desc>");
  xml_text (out, klass->description);
  g_string_append (out, "</desc>\n  </info>\n  <title>");
  xml_text (out, klass->name);
  g_string_append (out, "</title>\n  <p>");
  xml_text (out, klass->description);
  g_string_append (out, "</p>\n");
  for (int i = 0; notes != NULL && notes[i] != NULL; i++)
    mallard_para (out, notes[i]);
  g_string_append_printf (out,
                          "  <p>Example model: <link href=\"examples/%s.orr\">%s.orr</link>. "
                          "Open it in Orrery and run it.</p>\n",
                          klass->name, klass->name);
  if (iface == NULL)
    {
      g_string_append (out, "  <p>Its default parameters do not configure: ");
      xml_text (out, error->message);
      g_string_append (out, "</p>\n");
    }
  else
    {
      g_string_append (out, "  <list>\n    <title>Ports, with the default parameters</title>\n");
      mallard_ports (out, "Inputs", iface->in, iface->n_in, TRUE);
      mallard_ports (out, "Outputs", iface->out, iface->n_out, FALSE);
      g_string_append_printf (out, "      <item><p>Activation: %d in, %d out%s</p></item>\n",
                              iface->n_evin, iface->n_evout,
                              iface->always_active ? "; always active" : "");
      if (iface->nx || iface->nz || iface->ng)
        {
          g_string_append_printf (out, "      <item><p>States: %d continuous, %d discrete, ",
                                  iface->nx, iface->nz);
          if (iface->ng < 0)
            g_string_append (out, "one zero-crossing surface per input element");
          else
            g_string_append_printf (out, "%d zero-crossing surfaces", iface->ng);
          g_string_append (out, "</p></item>\n");
        }
      g_string_append (out, "  </list>\n");
    }
  if (klass->n_params > 0)
    {
      g_string_append (out, "  <table frame=\"all\" rules=\"rows\">\n"
                            "    <tr><td><p>Parameter</p></td><td><p>Default</p></td>"
                            "<td><p>Meaning</p></td></tr>\n");
      for (int i = 0; i < klass->n_params; i++)
        {
          const OrrParamSpec *p = &klass->params[i];

          g_string_append (out, "    <tr><td><p><gui>");
          xml_text (out, p->label);
          g_string_append (out, "</gui> (<code>");
          xml_text (out, p->name);
          g_string_append (out, "</code>)</p></td><td><p><code>");
          xml_text (out, p->default_expr);
          g_string_append (out, "</code></p></td><td><p>");
          xml_text (out, p->help);
          if (p->kind == ORR_PARAM_CHOICE && p->choices != NULL)
            {
              g_string_append (out, " Choices:");
              for (int c = 0; p->choices[c] != NULL; c++)
                {
                  g_string_append_printf (out, " %d ", c + 1);
                  xml_text (out, p->choices[c]);
                  g_string_append_c (out, p->choices[c + 1] ? ',' : '.');
                }
            }
          if (p->tunable)
            g_string_append (out, " Tunable while the model runs.");
          g_string_append (out, "</p></td></tr>\n");
        }
      g_string_append (out, "  </table>\n");
    }
  g_string_append (out, "</page>\n");
  return out;
}

/* The guide: a section per palette, which the block pages link into. */
static GString *
mallard_guide (OrrRegistry *registry)
{
  GString *out
    = g_string_new ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                    "<!-- Generated by tools/gen-blocks-doc.c; do not edit. -->\n"
                    "<page xmlns=\"http://projectmallard.org/1.0/\" type=\"guide\" "
                    "id=\"blocks\">\n  <info>\n"
                    "    <link type=\"guide\" xref=\"index#reference\" group=\"second\"/>\n"
                    "    <desc>Every standard block: its ports, parameters and defaults, "
                    "by palette.</desc>\n  </info>\n  <title>Block reference</title>\n");
  const char *palette = NULL;

  for (guint i = 0; i < orr_registry_get_n_classes (registry); i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);

      if (g_strcmp0 (palette, klass->palette) == 0)
        continue;
      palette = klass->palette;
      g_string_append (out, "  <section id=\"");
      xml_text (out, palette);
      g_string_append (out, "\" style=\"2column\">\n    <title>");
      xml_text (out, palette);
      g_string_append (out, "</title>\n  </section>\n");
    }
  g_string_append (out, "</page>\n");
  return out;
}

static gboolean
write_or_check (const char *path, GString *text, gboolean check)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *old = NULL;

  if (check)
    {
      if (g_file_get_contents (path, &old, NULL, NULL) && strcmp (old, text->str) == 0)
        return TRUE;
      g_printerr ("%s is out of date; run: meson compile -C build update-blocks-doc\n", path);
      return FALSE;
    }
  if (!g_file_set_contents (path, text->str, text->len, &error))
    {
      g_printerr ("gen-blocks-doc: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* --mallard DIR [--check]: writes (or compares) DIR/blocks.page and a
 * block-NAME.page per block, and names any other block-*.page in DIR as
 * left over from a block that is gone. */
static int
mallard (OrrRegistry *registry, const char *dir, gboolean check)
{
  g_autoptr (GString) guide = mallard_guide (registry);
  g_autofree char *guide_path = g_build_filename (dir, "blocks.page", NULL);
  g_autoptr (GHashTable) pages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  gboolean ok = write_or_check (guide_path, guide, check);
  const char *name;

  for (guint i = 0; i < orr_registry_get_n_classes (registry); i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);
      g_autoptr (GString) page = mallard_block (klass);
      g_autofree char *file = g_strconcat ("block-", klass->name, ".page", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      ok &= write_or_check (path, page, check);
      g_hash_table_add (pages, g_steal_pointer (&file));
    }
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "block-") && g_str_has_suffix (name, ".page")
        && !g_hash_table_contains (pages, name))
      {
        g_printerr ("%s/%s: no block of that name any more; remove it\n", dir, name);
        ok = FALSE;
      }
  return ok ? 0 : 1;
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  const char *palette = NULL;

  orr_palettes_register_standard (registry);
  if (argc > 1 && strcmp (argv[1], "--list") == 0)
    {
      for (guint i = 0; i < orr_registry_get_n_classes (registry); i++)
        printf ("%s\n", orr_registry_get_class (registry, i)->name);
      return 0;
    }
  if (argc > 2 && strcmp (argv[1], "--mallard") == 0)
    return mallard (registry, argv[2], argc > 3 && strcmp (argv[3], "--check") == 0);
  g_string_append (out, "# Orrery's standard blocks\n\n"
                        "Generated by `tools/gen-blocks-doc.c` from the blocks' parameter specs "
                        "and their configure() with default parameters; do not edit by hand. "
                        "`meson compile -C build update-blocks-doc` rewrites it, and the test "
                        "suite fails when it is out of date.\n\n"
                        "Sizes: `n`, `m` ... are inherited from the link; equal letters of one "
                        "block are equal.\n\n");
  for (guint i = 0; i < orr_registry_get_n_classes (registry); i++)
    {
      const OrrBlockClass *klass = orr_registry_get_class (registry, i);
      if (g_strcmp0 (palette, klass->palette) != 0)
        {
          palette = klass->palette;
          g_string_append_printf (out, "## %s\n\n", palette);
        }
      append_block (out, klass);
    }

  if (argc > 1)
    {
      if (!g_file_set_contents (argv[1], out->str, out->len, &error))
        {
          g_printerr ("gen-blocks-doc: %s\n", error->message);
          return 1;
        }
      return 0;
    }
  fwrite (out->str, 1, out->len, stdout);
  return 0;
}
