/* bench-big-file.c: the 100,001-block chain of issue 18, end to end
 * through orrery-sim (load, compile, simulate): a Constant and 100,000
 * Integrators in a row, written as a model file. Prints the wall time,
 * the peak resident memory of orrery-sim and its own load, compile and
 * simulation times, against the goal (under 2 s and 400 MiB). It fails
 * only when the run fails; the figures are printed, never asserted.
 *
 * bench-big-file [N] (default 100000 integrators).
 */
#include <glib.h>
#include <glib/gstdio.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static char *
chain (int n)
{
  GString *s
    = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<orrery version=\"1.0\">\n"
                    "  <settings start=\"0\" final=\"1\" solver=\"auto\" rtol=\"1e-06\" "
                    "atol=\"1e-08\" max-step=\"0\"/>\n  <diagram>\n");

  g_string_append (s, "    <block id=\"b0\" type=\"Constant\" x=\"0\" y=\"0\" width=\"40\" "
                      "height=\"40\">\n      <param name=\"value\">1</param>\n"
                      "      <ports out=\"1\"/>\n    </block>\n");
  for (int i = 1; i <= n; i++)
    g_string_append_printf (s,
                            "    <block id=\"b%d\" type=\"Integrator\" x=\"%d\" y=\"0\" "
                            "width=\"40\" height=\"40\">\n      <param name=\"x0\">0</param>\n"
                            "      <ports in=\"1\" out=\"1\"/>\n    </block>\n",
                            i, 60 * i);
  for (int i = 1; i <= n; i++)
    g_string_append_printf (s,
                            "    <link id=\"l%d\" kind=\"regular\" from=\"b%d\" from-port=\"1\" "
                            "to=\"b%d\" to-port=\"1\"/>\n",
                            i, i - 1, i);
  g_string_append (s, "  </diagram>\n</orrery>\n");
  return g_string_free (s, FALSE);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 100000;
  const char *sim = g_getenv ("ORRERY_SIM");
  g_autofree char *dir = g_dir_make_tmp ("orrery-bench-big-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "chain.orr", NULL);
  g_autofree char *text = chain (n);
  g_autofree char *out_path = g_build_filename (dir, "out.txt", NULL);
  struct rusage usage;
  gint64 started, ended;
  int status;
  pid_t pid;

  if (sim == NULL || !g_file_set_contents (path, text, -1, NULL))
    {
      fprintf (stderr, "bench-big-file: set ORRERY_SIM; cannot write %s\n", path);
      return 1;
    }
  started = g_get_monotonic_time ();
  pid = fork ();
  if (pid == 0)
    {
      FILE *f = freopen (out_path, "w", stdout);

      (void)f;
      execl (sim, sim, path, (char *)NULL);
      _exit (127);
    }
  if (pid < 0 || wait4 (pid, &status, 0, &usage) != pid)
    return 1;
  ended = g_get_monotonic_time ();
  {
    g_autofree char *summary = NULL;

    g_file_get_contents (out_path, &summary, NULL, NULL);
    printf ("%s", summary != NULL ? summary : "");
  }
  printf ("bench-big-file: %d-block chain (%zu bytes of model) end to end: %.3f s wall, peak "
          "resident %.1f MiB; goal under 2 s and 400 MiB: %s\n",
          n + 1, strlen (text), (ended - started) / 1e6, usage.ru_maxrss / 1024.0,
          (ended - started) < 2000000 && usage.ru_maxrss < 400 * 1024 ? "met" : "not met");
  g_unlink (path);
  g_unlink (out_path);
  g_rmdir (dir);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : 1;
}
