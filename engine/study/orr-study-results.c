/* orr-study-results.c: a study's results folder. Each finished run is a
 * part: a small key file (its values, status, message and metrics, every
 * number written so that it reads back exactly) and, when signals are
 * kept, a GVariant file of its recorded signals. Parts are written
 * atomically, so a run is either done or not; gathering merges them in
 * run order into one HDF5 file (libhdf5: read by h5py, Octave and MATLAB)
 * and a CSV of the table, the same bytes whichever machines made the
 * parts. */
#include "orr-study-private.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <hdf5.h>
#include <math.h>
#include <orrery/orr-io.h>
#include <string.h>

/* A study's results folder holds, under parts/, one journal per process
 * that ran some of its runs (a local run, each Slurm task): a text file
 * with a line per finished run, appended with one write as the run ends
 * and never rewritten, and beside it a file of the runs' recorded signals
 * (GVariant data, one block per run, the line says where). A torn last
 * line (a crash in the middle of a write) is not a run: it is made again.
 * No sync per run: a study does not pay the disk's latency for each of
 * thousands of runs; after a power cut the runs not on disk are redone. */

struct _OrrStudyJournal
{
  int fd;
  int signals_fd;
  char *path, *signals_path;
  guint64 signals_size;
};

static char *
parts_dir (OrrStudy *study)
{
  g_autofree char *dir = orr_study_dup_results_dir (study);

  return g_build_filename (dir, "parts", NULL);
}

OrrStudyJournal *
orr_study_journal_open (OrrStudy *study, GError **error)
{
  g_autofree char *dir = parts_dir (study);
  g_autofree char *tag = NULL;
  OrrStudyJournal *j;

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int e = errno;
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s", dir, g_strerror (e));
      return NULL;
    }
  /* unique among the processes writing into the folder, here or elsewhere */
  tag = g_strdup_printf ("%s-%d-%" G_GINT64_FORMAT, g_get_host_name (), (int)getpid (),
                         g_get_real_time ());
  j = g_new0 (OrrStudyJournal, 1);
  j->signals_fd = -1;
  {
    g_autofree char *name = g_strdup_printf ("journal-%s.tsv", tag);
    g_autofree char *signals = g_strdup_printf ("signals-%s.bin", tag);

    j->path = g_build_filename (dir, name, NULL);
    j->signals_path = g_build_filename (dir, signals, NULL);
  }
  j->fd = g_open (j->path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (j->fd < 0)
    {
      int e = errno;
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s", j->path,
                   g_strerror (e));
      orr_study_journal_close (j);
      return NULL;
    }
  return j;
}

void
orr_study_journal_close (OrrStudyJournal *j)
{
  if (j == NULL)
    return;
  if (j->fd >= 0)
    close (j->fd);
  if (j->signals_fd >= 0)
    close (j->signals_fd);
  g_free (j->path);
  g_free (j->signals_path);
  g_free (j);
}

static gboolean
write_all (int fd, const char *path, const char *data, gsize length, GError **error)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int e = errno;
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s", path,
                       n < 0 ? g_strerror (e) : "nothing written");
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* Numbers as the table shows them: exact, and NaN/Inf spelled as the
 * parameter language reads them. */
char *
orr_study_format_number (double v)
{
  if (isnan (v))
    return g_strdup ("NaN");
  if (isinf (v))
    return g_strdup (v > 0 ? "Inf" : "-Inf");
  return orr_format_double (v);
}

static double
parse_number (const char *text, gboolean *ok)
{
  char *end = NULL;
  double v;

  if (g_strcmp0 (text, "NaN") == 0)
    return NAN;
  if (g_strcmp0 (text, "Inf") == 0)
    return INFINITY;
  if (g_strcmp0 (text, "-Inf") == 0)
    return -INFINITY;
  v = text != NULL ? g_ascii_strtod (text, &end) : NAN;
  if (text == NULL || end == text || *end != '\0')
    *ok = FALSE;
  return v;
}

gboolean
orr_study_journal_write (OrrStudyJournal *j, const OrrStudyResult *r, guint n_params,
                         guint n_metrics, GError **error)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree char *message = g_strescape (r->message ? r->message : "", NULL);
  guint64 offset = 0, length = 0;

  /* the signals first: the line's presence says the run is done */
  if (r->signals != NULL)
    {
      if (j->signals_fd < 0)
        {
          j->signals_fd = g_open (j->signals_path,
                                  O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0666);
          if (j->signals_fd < 0)
            {
              int e = errno;
              g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s",
                           j->signals_path, g_strerror (e));
              return FALSE;
            }
        }
      offset = j->signals_size;
      length = g_variant_get_size (r->signals);
      if (!write_all (j->signals_fd, j->signals_path, g_variant_get_data (r->signals), length,
                      error))
        return FALSE;
      j->signals_size += length;
    }
  g_string_append_printf (line, "%u\t%s\t%u", r->run,
                          r->status == ORR_STUDY_RUN_OK ? "ok" : "failed", n_params);
  for (guint i = 0; i < n_params; i++)
    {
      g_autofree char *v = orr_study_format_number (r->params[i]);
      g_string_append_printf (line, "\t%s", v);
    }
  g_string_append_printf (line, "\t%u", n_metrics);
  for (guint i = 0; i < n_metrics; i++)
    {
      g_autofree char *v = orr_study_format_number (r->metrics[i]);
      g_string_append_printf (line, "\t%s", v);
    }
  g_string_append_printf (line, "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%s\n", offset,
                          length, message);
  /* one write, O_APPEND: a line is whole or torn, never interleaved */
  return write_all (j->fd, j->path, line->str, line->len, error);
}

G_DEFINE_BOXED_TYPE (OrrStudyRow, orr_study_row, orr_study_row_copy, orr_study_row_free)

OrrStudyRow *
orr_study_row_copy (const OrrStudyRow *row)
{
  OrrStudyRow *copy = g_memdup2 (row, sizeof *row);

  copy->message = g_strdup (row->message);
  copy->params = g_memdup2 (row->params, sizeof (double) * MAX (row->n_params, 1));
  copy->metrics = g_memdup2 (row->metrics, sizeof (double) * MAX (row->n_metrics, 1));
  return copy;
}

void
orr_study_row_free (OrrStudyRow *row)
{
  if (row == NULL)
    return;
  g_free (row->message);
  g_free (row->params);
  g_free (row->metrics);
  g_free (row);
}

void
orr_study_stored_free (OrrStudyStored *stored)
{
  if (stored == NULL)
    return;
  orr_study_row_free (stored->row);
  g_free (stored->signals_path);
  g_free (stored);
}

/* One journal line, or NULL if it is not a whole one. */
static OrrStudyStored *
parse_line (char *line, const char *signals_path)
{
  g_auto (GStrv) f = g_strsplit (line, "\t", -1);
  guint n = g_strv_length (f), k = 0;
  guint64 run, n_params, n_metrics, offset, length;
  gboolean ok = TRUE;
  OrrStudyStored *stored;
  OrrStudyRow *row;

  if (n < 3 || !g_ascii_string_to_unsigned (f[0], 10, 0, G_MAXUINT - 1, &run, NULL)
      || (strcmp (f[1], "ok") != 0 && strcmp (f[1], "failed") != 0)
      || !g_ascii_string_to_unsigned (f[2], 10, 0, 100000, &n_params, NULL) || n < 3 + n_params + 1)
    return NULL;
  k = 3 + n_params;
  if (!g_ascii_string_to_unsigned (f[k], 10, 0, 100000, &n_metrics, NULL)
      || n != k + 1 + n_metrics + 3
      || !g_ascii_string_to_unsigned (f[k + 1 + n_metrics], 10, 0, G_MAXUINT64, &offset, NULL)
      || !g_ascii_string_to_unsigned (f[k + 2 + n_metrics], 10, 0, G_MAXUINT64, &length, NULL))
    return NULL;
  row = g_new0 (OrrStudyRow, 1);
  row->run = (guint)run;
  row->status = strcmp (f[1], "ok") == 0 ? ORR_STUDY_RUN_OK : ORR_STUDY_RUN_FAILED;
  row->n_params = (guint)n_params;
  row->n_metrics = (guint)n_metrics;
  row->params = g_new0 (double, MAX (n_params, 1));
  row->metrics = g_new0 (double, MAX (n_metrics, 1));
  for (guint i = 0; i < n_params; i++)
    row->params[i] = parse_number (f[3 + i], &ok);
  for (guint i = 0; i < n_metrics; i++)
    row->metrics[i] = parse_number (f[k + 1 + i], &ok);
  row->message = g_strcompress (f[n - 1]);
  if (!ok)
    {
      orr_study_row_free (row);
      return NULL;
    }
  stored = g_new0 (OrrStudyStored, 1);
  stored->row = row;
  stored->signals_path = length > 0 ? g_strdup (signals_path) : NULL;
  stored->offset = offset;
  stored->length = length;
  return stored;
}

GPtrArray *
orr_study_load_runs (OrrStudy *study, guint n_runs, GError **error)
{
  g_autofree char *dir = parts_dir (study);
  g_autoptr (GDir) d = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *runs = g_ptr_array_new_full (n_runs, (GDestroyNotify)orr_study_stored_free);
  const char *name;

  g_ptr_array_set_size (runs, n_runs);
  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return runs; /* nothing run yet */
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "journal-") && g_str_has_suffix (name, ".tsv"))
      g_ptr_array_add (names, g_strdup (name));
  /* in name order, so that a run found twice (two tasks given the same
   * share) resolves the same way everywhere: the first one read wins */
  g_ptr_array_sort (names, (GCompareFunc)g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      const char *journal = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, journal, NULL);
      g_autofree char *signals = NULL;
      g_autofree char *data = NULL;
      g_autoptr (GError) local = NULL;
      g_auto (GStrv) lines = NULL;

      signals
        = g_strdup_printf ("%s/signals-%.*s.bin", dir, (int)(strlen (journal) - 12), journal + 8);
      if (!g_file_get_contents (path, &data, NULL, &local))
        {
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s", local->message);
          g_ptr_array_unref (runs);
          return NULL;
        }
      lines = g_strsplit (data, "\n", -1);
      /* the last piece follows the last newline: empty, or a torn line */
      for (guint l = 0; lines[l] != NULL && lines[l + 1] != NULL; l++)
        {
          OrrStudyStored *stored = parse_line (lines[l], signals);

          if (stored == NULL)
            continue;
          if (stored->row->run < n_runs && g_ptr_array_index (runs, stored->row->run) == NULL)
            g_ptr_array_index (runs, stored->row->run) = stored;
          else
            orr_study_stored_free (stored);
        }
    }
  return runs;
}

OrrStudyRow *
orr_study_read_row (OrrStudy *study, guint run, GError **error)
{
  g_autoptr (GPtrArray) runs = orr_study_load_runs (study, run + 1, error);
  OrrStudyStored *stored;

  if (runs == NULL)
    return NULL;
  stored = g_ptr_array_index (runs, run);
  if (stored == NULL)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "run %u is not done", run);
      return NULL;
    }
  return g_steal_pointer (&stored->row);
}

GPtrArray *
orr_study_read_rows (OrrStudy *study, guint n_runs, GError **error)
{
  g_autoptr (GPtrArray) runs = orr_study_load_runs (study, n_runs, error);
  GPtrArray *rows;

  if (runs == NULL)
    return NULL;
  rows = g_ptr_array_new_full (n_runs, (GDestroyNotify)orr_study_row_free);
  for (guint i = 0; i < n_runs; i++)
    {
      OrrStudyStored *stored = i < runs->len ? g_ptr_array_index (runs, i) : NULL;

      g_ptr_array_add (rows, stored != NULL ? g_steal_pointer (&stored->row) : NULL);
    }
  return rows;
}

/* ---- gathering -------------------------------------------------------- */

void
orr_study_csv_field (GString *out, const char *text)
{
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* HDF5 objects carry creation times unless told not to: without them the
 * same results give the same bytes. */
static hid_t
untimed (hid_t class_id)
{
  hid_t plist = H5Pcreate (class_id);

  H5Pset_obj_track_times (plist, 0);
  return plist;
}

static gboolean
h5_doubles (hid_t where, const char *name, const double *data, hsize_t rows, hsize_t cols)
{
  hsize_t dims[2] = { rows, cols };
  hid_t space = H5Screate_simple (cols > 0 ? 2 : 1, dims, NULL);
  hid_t dcpl = untimed (H5P_DATASET_CREATE);
  hid_t set = H5Dcreate2 (where, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  herr_t status = set >= 0 && rows > 0
                    ? H5Dwrite (set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data)
                    : 0;

  if (set >= 0)
    H5Dclose (set);
  H5Pclose (dcpl);
  H5Sclose (space);
  return set >= 0 && status >= 0;
}

static gboolean
h5_strings (hid_t where, const char *name, const char *const *strings, hsize_t n)
{
  hid_t type = H5Tcopy (H5T_C_S1);
  hid_t space, dcpl, set;
  herr_t status = 0;

  H5Tset_size (type, H5T_VARIABLE);
  H5Tset_cset (type, H5T_CSET_UTF8);
  space = H5Screate_simple (1, &n, NULL);
  dcpl = untimed (H5P_DATASET_CREATE);
  set = H5Dcreate2 (where, name, type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  if (set >= 0 && n > 0)
    status = H5Dwrite (set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, strings);
  if (set >= 0)
    H5Dclose (set);
  H5Pclose (dcpl);
  H5Sclose (space);
  H5Tclose (type);
  return set >= 0 && status >= 0;
}

static gboolean
h5_string_attribute (hid_t where, const char *name, const char *value)
{
  hid_t type = H5Tcopy (H5T_C_S1);
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t attr;
  herr_t status = -1;

  H5Tset_size (type, H5T_VARIABLE);
  H5Tset_cset (type, H5T_CSET_UTF8);
  attr = H5Acreate2 (where, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  if (attr >= 0)
    {
      status = H5Awrite (attr, type, &value);
      H5Aclose (attr);
    }
  H5Sclose (space);
  H5Tclose (type);
  return status >= 0;
}

static hid_t
h5_group (hid_t where, const char *name)
{
  hid_t gcpl = untimed (H5P_GROUP_CREATE);
  hid_t group = H5Gcreate2 (where, name, H5P_DEFAULT, gcpl, H5P_DEFAULT);

  H5Pclose (gcpl);
  return group;
}

/* One run's signals under /signals/run-NNNNNNN/K (K counting from 1, the
 * block's path in the attribute "path": paths hold '/', HDF5's separator). */
static gboolean
h5_signals (hid_t signals, const OrrStudyStored *stored, GError **error)
{
  g_autofree char *name = g_strdup_printf ("run-%07u", stored->row->run);
  g_autofree char *data = NULL;
  g_autoptr (GVariant) v = NULL;
  gboolean ok = TRUE;
  hid_t group;
  int fd;

  if (stored->signals_path == NULL)
    return TRUE; /* a failed run recorded nothing */
  data = g_try_malloc (MAX (stored->length, 1));
  fd = g_open (stored->signals_path, O_RDONLY | O_CLOEXEC, 0);
  if (data == NULL || fd < 0
      || pread (fd, data, stored->length, (off_t)stored->offset) != (gssize)stored->length)
    {
      if (fd >= 0)
        close (fd);
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                   "%s: the signals of run %u cannot be read", stored->signals_path,
                   stored->row->run);
      return FALSE;
    }
  close (fd);
  v = g_variant_ref_sink (g_variant_new_from_data (G_VARIANT_TYPE ("a(suadad)"), data,
                                                   stored->length, FALSE, NULL, NULL));
  group = h5_group (signals, name);
  if (group < 0)
    return FALSE;
  for (gsize i = 0; ok && i < g_variant_n_children (v); i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (v, i);
      g_autoptr (GVariant) t = g_variant_get_child_value (child, 2);
      g_autoptr (GVariant) y = g_variant_get_child_value (child, 3);
      g_autoptr (GVariant) p = g_variant_get_child_value (child, 0);
      g_autoptr (GVariant) c = g_variant_get_child_value (child, 1);
      g_autofree char *index = g_strdup_printf ("%" G_GSIZE_FORMAT, i + 1);
      gsize n, nv;
      const double *times = g_variant_get_fixed_array (t, &n, sizeof (double));
      const double *values = g_variant_get_fixed_array (y, &nv, sizeof (double));
      guint32 m = g_variant_get_uint32 (c);
      hid_t sig = h5_group (group, index);

      if (sig < 0 || m == 0 || nv != n * m)
        {
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                       "%s: signal %" G_GSIZE_FORMAT " of run %u is damaged", stored->signals_path,
                       i + 1, stored->row->run);
          ok = FALSE;
        }
      else
        ok = h5_string_attribute (sig, "path", g_variant_get_string (p, NULL))
             && h5_doubles (sig, "time", times, n, 0) && h5_doubles (sig, "values", values, n, m);
      if (sig >= 0)
        H5Gclose (sig);
    }
  H5Gclose (group);
  return ok;
}

gboolean
orr_study_gather (OrrStudy *study, OrrStudyPlan *plan, const char *h5_path, const char *csv_path,
                  GError **error)
{
  g_autofree char *dir = orr_study_dup_results_dir (study);
  g_autofree char *h5_default = g_build_filename (dir, "results.h5", NULL);
  g_autofree char *csv_default = g_build_filename (dir, "results.csv", NULL);
  g_autofree char *h5_tmp = NULL;
  guint n_runs = orr_study_plan_get_n_runs (plan);
  guint n_vars = orr_study_plan_get_n_variables (plan);
  guint n_metrics = orr_study_get_n_metrics (study);
  g_autoptr (GPtrArray) stored = NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autoptr (GString) csv = g_string_new ("run,status");
  guint missing = 0, first_missing = 0;
  gboolean ok = TRUE;
  hid_t file, group, sub;

  h5_path = h5_path ? h5_path : h5_default;
  csv_path = csv_path ? csv_path : csv_default;
  stored = orr_study_load_runs (study, n_runs, error);
  if (stored == NULL)
    return FALSE;
  for (guint i = 0; i < n_runs; i++)
    if (g_ptr_array_index (stored, i) == NULL && missing++ == 0)
      first_missing = i;
  if (missing > 0)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                   "%u of %u runs are not done yet (the first is run %u): run the study again to "
                   "finish them",
                   missing, n_runs, first_missing);
      return FALSE;
    }
  for (guint i = 0; i < n_runs; i++)
    {
      OrrStudyRow *row = ((OrrStudyStored *)g_ptr_array_index (stored, i))->row;

      /* a run made from another version of the study would mislabel its values */
      gboolean same = row->n_params == n_vars && row->n_metrics == n_metrics;

      for (guint j = 0; same && j < n_vars; j++)
        same = row->params[j] == orr_study_plan_get_value (plan, i, j)
               || (isnan (row->params[j]) && isnan (orr_study_plan_get_value (plan, i, j)));
      if (!same)
        {
          g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                       "run %u was made with other values than the study now plans: the study "
                       "changed since; delete %s to run it again",
                       i, dir);
          return FALSE;
        }
      g_ptr_array_add (rows, row);
    }

  /* the CSV table */
  for (guint j = 0; j < n_vars; j++)
    {
      g_string_append_c (csv, ',');
      orr_study_csv_field (csv, orr_study_plan_get_name (plan, j));
    }
  for (guint k = 0; k < n_metrics; k++)
    {
      g_string_append_c (csv, ',');
      orr_study_csv_field (csv, orr_study_get_metric (study, k)->name);
    }
  g_string_append (csv, ",message\n");
  for (guint i = 0; i < n_runs; i++)
    {
      OrrStudyRow *row = g_ptr_array_index (rows, i);

      g_string_append_printf (csv, "%u,%s", i, row->status == ORR_STUDY_RUN_OK ? "ok" : "failed");
      for (guint j = 0; j < n_vars; j++)
        {
          g_autofree char *v = orr_study_format_number (row->params[j]);
          g_string_append_printf (csv, ",%s", v);
        }
      for (guint k = 0; k < n_metrics; k++)
        {
          g_autofree char *v = orr_study_format_number (row->metrics[k]);
          g_string_append_printf (csv, ",%s", v);
        }
      g_string_append_c (csv, ',');
      orr_study_csv_field (csv, row->message);
      g_string_append_c (csv, '\n');
    }
  if (!g_file_set_contents_full (csv_path, csv->str, csv->len, G_FILE_SET_CONTENTS_CONSISTENT, 0666,
                                 error))
    return FALSE;

  /* the HDF5 file: written beside, then renamed into place */
  H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
  h5_tmp = g_strconcat (h5_path, ".part", NULL);
  {
    hid_t fcpl = untimed (H5P_FILE_CREATE);
    file = H5Fcreate (h5_tmp, H5F_ACC_TRUNC, fcpl, H5P_DEFAULT);
    H5Pclose (fcpl);
  }
  if (file < 0)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: cannot be created",
                   h5_tmp);
      return FALSE;
    }
  group = h5_group (file, "runs");
  {
    g_autofree double *index = g_new (double, MAX (n_runs, 1));
    g_autofree double *status = g_new (double, MAX (n_runs, 1));
    g_autofree double *column = g_new (double, MAX (n_runs, 1));
    g_autofree const char **messages = g_new0 (const char *, MAX (n_runs, 1));

    for (guint i = 0; i < n_runs; i++)
      {
        OrrStudyRow *row = g_ptr_array_index (rows, i);
        index[i] = i;
        status[i] = row->status == ORR_STUDY_RUN_OK ? 0 : 1;
        messages[i] = row->message;
      }
    ok = group >= 0 && h5_doubles (group, "run", index, n_runs, 0)
         && h5_doubles (group, "failed", status, n_runs, 0)
         && h5_strings (group, "message", messages, n_runs);
    sub = ok ? h5_group (group, "parameters") : -1;
    for (guint j = 0; ok && j < n_vars; j++)
      {
        for (guint i = 0; i < n_runs; i++)
          column[i] = ((OrrStudyRow *)g_ptr_array_index (rows, i))->params[j];
        ok = h5_doubles (sub, orr_study_plan_get_name (plan, j), column, n_runs, 0);
      }
    if (sub >= 0)
      H5Gclose (sub);
    sub = ok ? h5_group (group, "metrics") : -1;
    for (guint k = 0; ok && k < n_metrics; k++)
      {
        for (guint i = 0; i < n_runs; i++)
          column[i] = ((OrrStudyRow *)g_ptr_array_index (rows, i))->metrics[k];
        ok = h5_doubles (sub, orr_study_get_metric (study, k)->name, column, n_runs, 0);
      }
    if (sub >= 0)
      H5Gclose (sub);
  }
  if (group >= 0)
    H5Gclose (group);
  if (ok && orr_study_get_keep_signals (study))
    {
      hid_t signals = h5_group (file, "signals");

      ok = signals >= 0;
      for (guint i = 0; ok && i < n_runs; i++)
        ok = h5_signals (signals, g_ptr_array_index (stored, i), error);
      if (signals >= 0)
        H5Gclose (signals);
      if (!ok && error != NULL && *error != NULL)
        {
          H5Fclose (file);
          g_unlink (h5_tmp);
          return FALSE;
        }
    }
  if (H5Fclose (file) < 0)
    ok = FALSE;
  if (!ok)
    {
      g_unlink (h5_tmp);
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                   "%s: the HDF5 file could not be written", h5_path);
      return FALSE;
    }
  if (g_rename (h5_tmp, h5_path) != 0)
    {
      int e = errno;
      g_unlink (h5_tmp);
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s", h5_path,
                   g_strerror (e));
      return FALSE;
    }
  return TRUE;
}
