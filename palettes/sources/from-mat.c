/* from-mat.c: FromMat, a signal read from a variable of a MATLAB .mat file
 * (levels 5 and 7.3, through matio): a real matrix whose first column
 * holds the times and whose other columns hold the values, the layout
 * ToMat writes. Any real numeric class is accepted and read as doubles.
 *
 * As FromCSV, the file is read at initialisation (configure runs in the
 * editor at every keystroke), and played back held or interpolated. */
#include "sources-classes.h"
#include "from-table.h"

#include <matio.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec from_mat_params[] = {
  { "file", N_ ("File name"), "'data.mat'",
    N_ ("The MATLAB file to read (level 5 or 7.3), a quoted string; a relative path starts "
        "in the model's folder.") },
  { "variable", N_ ("Variable"), "'x'",
    N_ ("The name of the variable to read: a real matrix with one row per time, the strictly "
        "increasing times in its first column.") },
  { "columns", N_ ("Columns"), "2", ORR_FROM_TABLE_COLUMNS_HELP },
  { "method", N_ ("Interpolation"), "2", ORR_FROM_TABLE_METHOD_HELP, ORR_PARAM_CHOICE,
    orr_from_table_method_choices },
};

static gboolean
from_mat_configure (OrrConfig *config, GError **error)
{
  return orr_from_table_configure (config, "variable", error);
}

static OrrFromTable *
read_mat (OrrSimBlock *block, const char *path, char **message)
{
  const char *name = orr_value_get_string (block->opar[1]);
  g_autofree char *where = g_strdup_printf ("'%s' variable '%s'", path, name);
  OrrFromTable *table = NULL;
  mat_t *mat;
  matvar_t *var;

  mat = Mat_Open (path, MAT_ACC_RDONLY);
  if (mat == NULL)
    {
      *message = g_strdup_printf ("cannot read '%s': not a MATLAB file", path);
      return NULL;
    }
  var = Mat_VarRead (mat, name);
  if (var == NULL)
    *message = g_strdup_printf ("'%s' holds no variable '%s'", path, name);
  else if (var->rank != 2 || var->isComplex || var->data == NULL || var->class_type == MAT_C_CHAR
           || var->class_type == MAT_C_CELL || var->class_type == MAT_C_STRUCT
           || var->class_type == MAT_C_SPARSE || var->class_type == MAT_C_OBJECT
           || var->class_type == MAT_C_FUNCTION || var->class_type == MAT_C_EMPTY
           || var->class_type == MAT_C_OPAQUE)
    *message = g_strdup_printf ("%s must be a real numeric matrix", where);
  else if (var->dims[0] > G_MAXINT || var->dims[1] > G_MAXINT)
    *message = g_strdup_printf ("%s is too big", where);
  else
    {
      int rows = var->dims[0], cols = var->dims[1];
      gsize count = (gsize)rows * cols;
      g_autofree double *data = g_new (double, MAX (count, 1));
      gboolean known = TRUE;

      /* Mat_VarRead keeps the variable's class in memory. */
      for (gsize k = 0; k < count && known; k++)
        switch (var->class_type)
          {
            case MAT_C_DOUBLE:
              data[k] = ((const double *)var->data)[k];
              break;
            case MAT_C_SINGLE:
              data[k] = ((const float *)var->data)[k];
              break;
            case MAT_C_INT8:
              data[k] = ((const gint8 *)var->data)[k];
              break;
            case MAT_C_UINT8:
              data[k] = ((const guint8 *)var->data)[k];
              break;
            case MAT_C_INT16:
              data[k] = ((const gint16 *)var->data)[k];
              break;
            case MAT_C_UINT16:
              data[k] = ((const guint16 *)var->data)[k];
              break;
            case MAT_C_INT32:
              data[k] = ((const gint32 *)var->data)[k];
              break;
            case MAT_C_UINT32:
              data[k] = ((const guint32 *)var->data)[k];
              break;
            case MAT_C_INT64:
              data[k] = (double)((const gint64 *)var->data)[k];
              break;
            case MAT_C_UINT64:
              data[k] = (double)((const guint64 *)var->data)[k];
              break;
            default:
              known = FALSE;
              break;
          }
      if (!known)
        *message = g_strdup_printf ("%s must be a real numeric matrix", where);
      else
        table = orr_from_table_from_matrix (data, rows, cols, block->ipar + 1,
                                            orr_block_out_numel (block, 0), where, message);
    }
  if (var != NULL)
    Mat_VarFree (var);
  Mat_Close (mat);
  return table;
}

static void
from_mat_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_from_table_simulate (block, job, read_mat);
}

const OrrBlockClass orr_from_mat_class = {
  .name = "FromMat",
  .palette = N_ ("Sources"),
  .label = N_ ("From MAT"),
  .description = N_ ("A signal read from a variable of a MATLAB .mat file of times and values, "
                     "interpolated in between."),
  .icon_text = "mat",
  .params = from_mat_params,
  .n_params = G_N_ELEMENTS (from_mat_params),
  .configure = from_mat_configure,
  .simulate = from_mat_simulate,
};
