/* from-hdf.c: FromHDF, a signal read from a data set of an HDF5 file: a
 * two-dimensional numeric data set with one row per time, the times in
 * its first column (the layout of a CSV file). The library converts the
 * data set to doubles, so any integer or floating type is accepted.
 *
 * As FromCSV, the file is read at initialisation and played back held or
 * interpolated. HDF5 prints its error stack to stderr by default; the
 * calls here run with that printing off (H5E_BEGIN_TRY) and say what went
 * wrong in the block's own message. */
#include "sources-classes.h"
#include "from-table.h"

#include <hdf5.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec from_hdf_params[] = {
  { "file", N_ ("File name"), "'data.h5'",
    N_ ("The HDF5 file to read, a quoted string; a relative path starts in the model's "
        "folder.") },
  { "dataset", N_ ("Data set"), "'/x'",
    N_ ("The path of the data set in the file, e.g. '/run1/signals': a two-dimensional numeric "
        "data set with one row per time, the strictly increasing times in its first column.") },
  { "columns", N_ ("Columns"), "2", ORR_FROM_TABLE_COLUMNS_HELP },
  { "method", N_ ("Interpolation"), "2", ORR_FROM_TABLE_METHOD_HELP, ORR_PARAM_CHOICE,
    orr_from_table_method_choices },
};

static gboolean
from_hdf_configure (OrrConfig *config, GError **error)
{
  return orr_from_table_configure (config, "dataset", error);
}

/* The data set's values as a column-major rows x cols matrix of doubles,
 * or NULL with *message. */
static double *
read_dataset (hid_t file, const char *path, const char *name, const char *where, int *rows,
              int *cols, char **message)
{
  hid_t dataset = H5I_INVALID_HID, space = H5I_INVALID_HID, type = H5I_INVALID_HID;
  hsize_t dims[2] = { 0, 0 };
  int rank;
  double *data = NULL;

  H5E_BEGIN_TRY
  {
    if (H5Lexists (file, name, H5P_DEFAULT) <= 0)
      {
        *message = g_strdup_printf ("'%s' holds no data set '%s'", path, name);
        goto out;
      }
    dataset = H5Dopen2 (file, name, H5P_DEFAULT);
    if (dataset < 0)
      {
        *message = g_strdup_printf ("'%s': '%s' is not a data set", path, name);
        goto out;
      }
    type = H5Dget_type (dataset);
    if (type < 0 || (H5Tget_class (type) != H5T_INTEGER && H5Tget_class (type) != H5T_FLOAT))
      {
        *message = g_strdup_printf ("%s must hold numbers", where);
        goto out;
      }
    space = H5Dget_space (dataset);
    rank = space < 0 ? -1 : H5Sget_simple_extent_ndims (space);
    if (rank != 2 || H5Sget_simple_extent_dims (space, dims, NULL) != 2)
      {
        *message = g_strdup_printf ("%s must be two-dimensional (one row per time), not of "
                                    "rank %d",
                                    where, rank);
        goto out;
      }
    if (dims[0] > G_MAXINT || dims[1] > G_MAXINT
        || dims[0] * dims[1] > ORR_FROM_TABLE_MAX_BYTES / sizeof (double))
      {
        *message = g_strdup_printf ("%s is too big", where);
        goto out;
      }
    {
      g_autofree double *row_major = g_new (double, MAX (dims[0] * dims[1], 1));

      if (H5Dread (dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, row_major) < 0)
        {
          *message = g_strdup_printf ("%s cannot be read", where);
          goto out;
        }
      *rows = dims[0];
      *cols = dims[1];
      data = g_new (double, MAX (dims[0] * dims[1], 1));
      for (hsize_t i = 0; i < dims[0]; i++)
        for (hsize_t j = 0; j < dims[1]; j++)
          data[j * dims[0] + i] = row_major[i * dims[1] + j];
    }
  out:
    if (space >= 0)
      H5Sclose (space);
    if (type >= 0)
      H5Tclose (type);
    if (dataset >= 0)
      H5Dclose (dataset);
  }
  H5E_END_TRY;
  return data;
}

static OrrFromTable *
read_hdf (OrrSimBlock *block, const char *path, char **message)
{
  const char *name = orr_value_get_string (block->opar[1]);
  g_autofree char *where = g_strdup_printf ("'%s' data set '%s'", path, name);
  g_autofree double *data = NULL;
  int rows = 0, cols = 0;
  hid_t file;

  H5E_BEGIN_TRY
  {
    file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (file < 0)
    {
      *message = g_strdup_printf ("cannot read '%s': not an HDF5 file", path);
      return NULL;
    }
  data = read_dataset (file, path, name, where, &rows, &cols, message);
  H5E_BEGIN_TRY
  {
    H5Fclose (file);
  }
  H5E_END_TRY;
  if (data == NULL)
    return NULL;
  return orr_from_table_from_matrix (data, rows, cols, block->ipar + 1,
                                     orr_block_out_numel (block, 0), where, message);
}

static void
from_hdf_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_from_table_simulate (block, job, read_hdf);
}

const OrrBlockClass orr_from_hdf_class = {
  .name = "FromHDF",
  .palette = N_ ("Sources"),
  .label = N_ ("From HDF5"),
  .description = N_ ("A signal read from a data set of an HDF5 file of times and values, "
                     "interpolated in between."),
  .icon_text = "h5",
  .params = from_hdf_params,
  .n_params = G_N_ELEMENTS (from_hdf_params),
  .configure = from_hdf_configure,
  .simulate = from_hdf_simulate,
};
