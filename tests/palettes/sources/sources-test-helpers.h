/* sources-test-helpers.h: what both Sources test programs use: temporary
 * CSV files and sample statistics. Included once per program, so
 * everything is static (and may go unused). */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>

/* A file in a fresh temporary directory; freeing removes both. */
typedef struct
{
  char *dir;
  char *path;
} TempFile;

G_GNUC_UNUSED static void
temp_file_free (TempFile *f)
{
  g_remove (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
  g_free (f);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TempFile, temp_file_free)

G_GNUC_UNUSED static TempFile *
temp_csv (const char *contents)
{
  g_autoptr (GError) error = NULL;
  TempFile *f = g_new0 (TempFile, 1);

  f->dir = g_dir_make_tmp ("orrery-from-csv-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "signal.csv", NULL);
  g_assert_true (g_file_set_contents (f->path, contents, -1, &error));
  g_assert_no_error (error);
  return f;
}

/* Mean and standard deviation of one column of draws. */
G_GNUC_UNUSED static void
moments (const double *values, int n, int stride, double *mean, double *sd)
{
  double sum = 0, sq = 0;

  for (int i = 0; i < n; i++)
    sum += values[i * stride];
  *mean = sum / n;
  for (int i = 0; i < n; i++)
    sq += (values[i * stride] - *mean) * (values[i * stride] - *mean);
  *sd = sqrt (sq / (n - 1));
}
