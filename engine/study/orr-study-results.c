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
#include <hdf5.h>
#include <math.h>
#include <orrery/orr-io.h>
#include <string.h>

#define PART_GROUP "run"

static char *
part_path (OrrStudy *study, guint run, const char *suffix)
{
  g_autofree char *dir = orr_study_dup_results_dir (study);
  g_autofree char *name = g_strdup_printf ("run-%07u.%s", run, suffix);

  return g_build_filename (dir, "parts", name, NULL);
}

gboolean
orr_study_part_exists (OrrStudy *study, guint run)
{
  g_autofree char *path = part_path (study, run, "ini");

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* Numbers as the table shows them: exact, and NaN/Inf spelled as the
 * parameter language reads them. */
static char *
format_number (double v)
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
orr_study_write_part (OrrStudy *study, OrrStudyPlan *plan, const OrrStudyResult *r, GError **error)
{
  g_autofree char *path = part_path (study, r->run, "ini");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *data = NULL;
  gsize length;

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int e = errno;
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s: %s", dir, g_strerror (e));
      return FALSE;
    }
  g_key_file_set_uint64 (kf, PART_GROUP, "index", r->run);
  g_key_file_set_string (kf, PART_GROUP, "status", r->status == ORR_STUDY_RUN_OK ? "ok" : "failed");
  g_key_file_set_string (kf, PART_GROUP, "message", r->message ? r->message : "");
  for (guint j = 0; j < orr_study_plan_get_n_variables (plan); j++)
    {
      g_autofree char *v = format_number (r->params[j]);
      g_key_file_set_string (kf, "params", orr_study_plan_get_name (plan, j), v);
    }
  for (guint k = 0; k < orr_study_get_n_metrics (study); k++)
    {
      g_autofree char *v = format_number (r->metrics[k]);
      g_key_file_set_string (kf, "metrics", orr_study_get_metric (study, k)->name, v);
    }
  /* the signals first: the key file's presence says the run is done */
  if (r->signals != NULL)
    {
      g_autofree char *spath = part_path (study, r->run, "signals");

      if (!g_file_set_contents_full (spath, g_variant_get_data (r->signals),
                                     g_variant_get_size (r->signals),
                                     G_FILE_SET_CONTENTS_CONSISTENT, 0666, error))
        return FALSE;
    }
  data = g_key_file_to_data (kf, &length, NULL);
  return g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
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

OrrStudyRow *
orr_study_read_row (OrrStudy *study, guint run, GError **error)
{
  g_autofree char *path = part_path (study, run, "ini");
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_autoptr (OrrStudyRow) row = g_new0 (OrrStudyRow, 1);
  g_autofree char *status = NULL;
  g_auto (GStrv) params = NULL;
  gboolean ok = TRUE;

  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "run %u: %s: %s", run, path,
                   local->message);
      return NULL;
    }
  row->run = run;
  status = g_key_file_get_string (kf, PART_GROUP, "status", NULL);
  row->status = g_strcmp0 (status, "ok") == 0 ? ORR_STUDY_RUN_OK : ORR_STUDY_RUN_FAILED;
  row->message = g_key_file_get_string (kf, PART_GROUP, "message", NULL);
  if (row->message == NULL)
    row->message = g_strdup ("");
  params = g_key_file_get_keys (kf, "params", NULL, NULL);
  row->n_params = params ? g_strv_length (params) : 0;
  row->params = g_new0 (double, MAX (row->n_params, 1));
  row->n_metrics = orr_study_get_n_metrics (study);
  row->metrics = g_new0 (double, MAX (row->n_metrics, 1));
  for (guint j = 0; j < row->n_params; j++)
    {
      g_autofree char *v = g_key_file_get_string (kf, "params", params[j], NULL);
      row->params[j] = parse_number (v, &ok);
    }
  for (guint k = 0; k < row->n_metrics; k++)
    {
      g_autofree char *v
        = g_key_file_get_string (kf, "metrics", orr_study_get_metric (study, k)->name, NULL);
      row->metrics[k] = parse_number (v, &ok);
    }
  if (!ok)
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                   "run %u: %s holds a value that is not a number (the study changed since?)", run,
                   path);
      return NULL;
    }
  return g_steal_pointer (&row);
}

/* ---- gathering -------------------------------------------------------- */

static void
csv_field (GString *out, const char *text)
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
h5_signals (hid_t signals, OrrStudy *study, guint run, GError **error)
{
  g_autofree char *path = part_path (study, run, "signals");
  g_autofree char *data = NULL;
  g_autofree char *name = g_strdup_printf ("run-%07u", run);
  g_autoptr (GVariant) v = NULL;
  g_autoptr (GError) local = NULL;
  gsize length;
  hid_t group;
  gboolean ok = TRUE;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE; /* a failed run recorded nothing */
  if (!g_file_get_contents (path, &data, &length, &local))
    {
      g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS, "%s", local->message);
      return FALSE;
    }
  v = g_variant_ref_sink (
    g_variant_new_from_data (G_VARIANT_TYPE ("a(suadad)"), data, length, FALSE, NULL, NULL));
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
                       "%s: signal %" G_GSIZE_FORMAT " is damaged", path, i + 1);
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
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_study_row_free);
  g_autoptr (GString) csv = g_string_new ("run,status");
  guint missing = 0, first_missing = 0;
  gboolean ok = TRUE;
  hid_t file, group, sub;

  h5_path = h5_path ? h5_path : h5_default;
  csv_path = csv_path ? csv_path : csv_default;
  for (guint i = 0; i < n_runs; i++)
    if (!orr_study_part_exists (study, i) && missing++ == 0)
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
      OrrStudyRow *row = orr_study_read_row (study, i, error);

      if (row == NULL)
        return FALSE;
      /* a part made from another version of the study would mislabel its values */
      for (guint j = 0; j < n_vars; j++)
        if (row->n_params != n_vars
            || (row->params[j] != orr_study_plan_get_value (plan, i, j)
                && !(isnan (row->params[j]) && isnan (orr_study_plan_get_value (plan, i, j)))))
          {
            g_set_error (error, ORR_STUDY_ERROR, ORR_STUDY_ERROR_RESULTS,
                         "run %u was made with other values than the study now plans: the study "
                         "changed since; delete %s to run it again",
                         i, dir);
            orr_study_row_free (row);
            return FALSE;
          }
      g_ptr_array_add (rows, row);
    }

  /* the CSV table */
  for (guint j = 0; j < n_vars; j++)
    {
      g_string_append_c (csv, ',');
      csv_field (csv, orr_study_plan_get_name (plan, j));
    }
  for (guint k = 0; k < n_metrics; k++)
    {
      g_string_append_c (csv, ',');
      csv_field (csv, orr_study_get_metric (study, k)->name);
    }
  g_string_append (csv, ",message\n");
  for (guint i = 0; i < n_runs; i++)
    {
      OrrStudyRow *row = g_ptr_array_index (rows, i);

      g_string_append_printf (csv, "%u,%s", i, row->status == ORR_STUDY_RUN_OK ? "ok" : "failed");
      for (guint j = 0; j < n_vars; j++)
        {
          g_autofree char *v = format_number (row->params[j]);
          g_string_append_printf (csv, ",%s", v);
        }
      for (guint k = 0; k < n_metrics; k++)
        {
          g_autofree char *v = format_number (row->metrics[k]);
          g_string_append_printf (csv, ",%s", v);
        }
      g_string_append_c (csv, ',');
      csv_field (csv, row->message);
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
        ok = h5_signals (signals, study, i, error);
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
