/* orrery-sim-convert.c: `orrery-sim convert IN.zcos|IN.xcos OUT.orr`
 * writes an Xcos diagram as an Orrery model, with the import report on
 * standard error. Unlike running, converting keeps the placeholders of
 * blocks with no counterpart, so that the model can be finished in the
 * editor. */
#include "orrery-sim-convert.h"

#include <orr-palettes.h>
#include <orrery/orr-io.h>
#include <orrery/orr-xcos.h>

#include <glib/gi18n.h>
#include <stdlib.h>

static void
print_report (const char *path, const OrrXcosReport *report)
{
  for (guint i = 0; i < report->warnings->len; i++)
    g_printerr (_ ("%s: note: %s\n"), path, (const char *)g_ptr_array_index (report->warnings, i));
}

OrrModel *
orr_sim_load_xcos (const char *path, gboolean quiet, GError **error)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = NULL;

  orr_palettes_register_standard (registry);
  model = orr_xcos_load_file (path, registry, &report, error);
  if (model == NULL)
    return NULL;
  if (!quiet)
    print_report (path, report);
  if (report->placeholders->len > 0)
    {
      g_autoptr (GString) list = g_string_new (NULL);

      for (guint i = 0; i < report->placeholders->len; i++)
        g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
                                (const char *)g_ptr_array_index (report->placeholders, i));
      g_set_error (error, ORR_XCOS_ERROR, ORR_XCOS_ERROR_FORMAT,
                   _ ("%s: cannot run: Xcos blocks with no Orrery counterpart: %s"), path,
                   list->str);
      return NULL;
    }
  return g_steal_pointer (&model);
}

int
orr_sim_convert (int argc, char **argv)
{
  gboolean quiet = FALSE;
  char **files = NULL;
  GOptionEntry entries[] = {
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_ ("Print errors only"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_ ("IN.zcos OUT.orr") },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (OrrXcosReport) report = NULL;
  g_autoptr (OrrModel) model = NULL;
  int status = EXIT_SUCCESS;

  g_option_context_set_summary (context,
                                _ ("Convert a Scilab Xcos diagram (.zcos or .xcos) to an Orrery "
                                   "model (.orr). Blocks with no Orrery counterpart are kept as "
                                   "placeholders and listed."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("orrery-sim convert: %s\n", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] == NULL || files[2] != NULL)
    {
      g_printerr ("%s\n", _ ("orrery-sim convert: give one input diagram and one output file"));
      g_strfreev (files);
      return 2;
    }
  orr_palettes_register_standard (registry);
  model = orr_xcos_load_file (files[0], registry, &report, &error);
  if (model == NULL)
    {
      g_printerr ("orrery-sim: %s\n", error->message);
      g_strfreev (files);
      return 1;
    }
  if (!quiet)
    print_report (files[0], report);
  if (!orr_model_save_file (model, files[1], &error))
    {
      g_printerr ("orrery-sim: %s\n", error->message);
      status = 1;
    }
  else if (report->placeholders->len > 0)
    g_printerr (ngettext ("%s: written with %u placeholder block, which must be replaced before "
                          "the model runs\n",
                          "%s: written with %u placeholder blocks, which must be replaced before "
                          "the model runs\n",
                          report->placeholders->len),
                files[1], report->placeholders->len);
  g_strfreev (files);
  return status;
}
