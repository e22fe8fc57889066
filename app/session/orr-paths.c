/* orr-paths.c: the installed data's folders. See orr-paths.h. */
#include "orr-paths.h"

/* bin/../share of the running program, when it has an orrery/ folder. */
static char *
share_beside_program (const char *sub)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *bin = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *share = NULL;
  g_autofree char *probe = NULL;

  if (exe == NULL)
    return NULL;
  bin = g_path_get_dirname (exe);
  prefix = g_path_get_dirname (bin);
  share = g_build_filename (prefix, "share", NULL);
  probe = g_build_filename (share, sub, NULL);
  return g_file_test (probe, G_FILE_TEST_IS_DIR) ? g_steal_pointer (&share) : NULL;
}

char *
orr_paths_get_data_dir (void)
{
  char *share = share_beside_program ("orrery");

  return share != NULL ? share : g_strdup (ORR_DATADIR);
}

char *
orr_paths_get_locale_dir (void)
{
  g_autofree char *share = share_beside_program ("locale");

  return share != NULL ? g_build_filename (share, "locale", NULL) : g_strdup (LOCALEDIR);
}
