/* main.c: the entry point of `orrery`, the editor. */
#include "orr-paths.h"
#include "orr-application.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

int
main (int argc, char *argv[])
{
  g_autoptr (OrrApplication) app = NULL;

  setlocale (LC_ALL, "");
  {
    /* beside the program, so that any prefix works */
    g_autofree char *locale_dir = orr_paths_get_locale_dir ();

    bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  }
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_ ("Orrery"));
  app = orr_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
