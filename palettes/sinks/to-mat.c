/* to-mat.c: ToMat, writes its input against time to a variable of a
 * MATLAB .mat file (level 5, uncompressed, through matio), which FromMat
 * reads back.
 *
 * The variable is a real double matrix with one row per accepted call
 * (an identical repeat at the same time dropped): the time in column 1, then the input's elements
 * in column-major order. The rows are kept in memory and written at termination, which the
 * simulator guarantees even after an error; the file is created at
 * initialisation all the same, so a bad path stops the run before any
 * time is spent. The doubles are stored as they are, so reading the file
 * back gives them bit for bit. */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <errno.h>
#include <matio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

/* MATLAB's limit on variable names. */
#define MAX_NAME_CHARS 63

typedef struct
{
  GArray *rows; /* 1 + numel doubles per accepted call */
  gboolean failed;
  char *path; /* the file's full name (orr_block_open_output_file) */
} ToMatWork;

static const OrrParamSpec to_mat_params[] = {
  { "file", N_ ("File name"), "'out.mat'",
    N_ ("The MATLAB file to write, a quoted string; a relative path starts in the model's "
        "folder. It is replaced when the run ends. A model you have not trusted creates files "
        "only there or below and replaces only files it wrote itself in an earlier run.") },
  { "variable", N_ ("Variable"), "'y'",
    N_ ("The name of the variable written: a letter then letters, digits or underscores, at "
        "most 63. It holds one row per point, the time then the input's elements.") },
};

static gboolean
is_mat_name (const char *name)
{
  if (!g_ascii_isalpha (name[0]) || strlen (name) > MAX_NAME_CHARS)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
to_mat_configure (OrrConfig *config, GError **error)
{
  OrrValue *file = orr_config_get_param (config, "file");
  OrrValue *variable = orr_config_get_param (config, "variable");

  if (file == NULL || orr_value_get_type_id (file) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "file", "must be a quoted file name, e.g. 'out.mat'");
      return FALSE;
    }
  if (*orr_value_get_string (file) == '\0')
    {
      orr_param_set_error (error, "file", "must not be empty");
      return FALSE;
    }
  if (variable == NULL || orr_value_get_type_id (variable) != ORR_TYPE_STRING
      || !is_mat_name (orr_value_get_string (variable)))
    {
      orr_param_set_error (error, "variable",
                           "must be a quoted MATLAB name (a letter, then letters, digits or "
                           "underscores, at most 63), e.g. 'y'");
      return FALSE;
    }

  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_opar (config, file);
  orr_config_add_opar (config, variable);
  orr_config_set_label (config, orr_value_get_string (variable));
  return TRUE;
}

static const char *
file_name (OrrSimBlock *block)
{
  ToMatWork *work = block->work;

  return work != NULL && work->path != NULL ? work->path : orr_value_get_string (block->opar[0]);
}

/* Creates (or, at the end, replaces) the file, with the variable when
 * rows is not NULL; FALSE after reporting an error. */
static gboolean
write_file (OrrSimBlock *block, GArray *rows)
{
  const char *name = orr_value_get_string (block->opar[1]);
  g_autofree char *path = NULL;
  mat_t *mat;
  gboolean ok = TRUE;

  /* The engine's rule for files blocks write says whether this one may
   * be (it is created or emptied here); matio wants a name. */
  if (rows == NULL || ((ToMatWork *)block->work)->path == NULL)
    {
      ToMatWork *work = block->work;
      g_autoptr (GError) error = NULL;
      int fd
        = orr_block_open_output_file (block, orr_value_get_string (block->opar[0]), &path, &error);

      if (fd < 0)
        {
          orr_block_error (block, "%s", error->message);
          return FALSE;
        }
      close (fd);
      g_free (work->path);
      work->path = g_steal_pointer (&path);
    }
  /* matio opens with "w+b" and does not replace a file it cannot parse
   * cleanly otherwise: start from nothing. */
  if (g_remove (file_name (block)) != 0 && errno != ENOENT)
    {
      orr_block_error (block, "cannot replace '%s': %s", file_name (block), g_strerror (errno));
      return FALSE;
    }
  mat = Mat_CreateVer (file_name (block), NULL, MAT_FT_MAT5);
  if (mat == NULL)
    {
      orr_block_error (block, "cannot write '%s'", file_name (block));
      return FALSE;
    }
  if (rows != NULL)
    {
      int width = 1 + orr_block_in_numel (block, 0);
      size_t n = rows->len / width;
      size_t dims[2] = { n, width };
      g_autofree double *data = g_new (double, MAX (rows->len, 1));
      const double *r = (const double *)rows->data;
      matvar_t *var;

      /* rows are stored row after row; MATLAB wants columns */
      for (size_t i = 0; i < n; i++)
        for (int j = 0; j < width; j++)
          data[(size_t)j * n + i] = r[i * width + j];
      var = Mat_VarCreate (name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, data, MAT_F_DONT_COPY_DATA);
      if (var == NULL || Mat_VarWrite (mat, var, MAT_COMPRESSION_NONE) != 0)
        {
          orr_block_error (block, "cannot write the variable '%s' to '%s'", name,
                           file_name (block));
          ok = FALSE;
        }
      if (var != NULL)
        {
          var->data = NULL; /* ours, freed above */
          Mat_VarFree (var);
        }
    }
  if (Mat_Close (mat) != 0 && ok)
    {
      orr_block_error (block, "cannot write '%s'", file_name (block));
      ok = FALSE;
    }
  return ok;
}

static void
work_free (ToMatWork *work)
{
  g_array_unref (work->rows);
  g_free (work->path);
  g_free (work);
}

static void
to_mat_simulate (OrrSimBlock *block, OrrJob job)
{
  ToMatWork *work = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        work = g_new0 (ToMatWork, 1);
        work->rows = g_array_new (FALSE, FALSE, sizeof (double));
        block->work = work;
        /* an empty file now: a bad path fails before the run */
        work->failed = !write_file (block, NULL);
        break;

      case ORR_JOB_OUTPUTS:
        if (work == NULL || work->failed || orr_block_in_try_phase (block))
          return;
        {
          double t = orr_block_get_time (block);
          int numel = orr_block_in_numel (block, 0);
          const double *u = orr_block_real_in (block, 0);
          /* At an event the outputs are evaluated more than once at the
           * same time; an identical repeat carries nothing (as for the
           * scopes' recordings). No arithmetic on the empty array's NULL
           * data (UBSan). */
          if (work->rows->len > 0)
            {
              const double *last = (const double *)work->rows->data + work->rows->len - (1 + numel);

              if (last[0] == t && memcmp (last + 1, u, numel * sizeof (double)) == 0)
                break;
            }
          g_array_append_val (work->rows, t);
          g_array_append_vals (work->rows, u, numel);
        }
        break;

      case ORR_JOB_TERMINATE:
        if (work == NULL)
          return;
        if (!work->failed)
          write_file (block, work->rows);
        g_clear_pointer (&block->work, work_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_to_mat_class = {
  .name = "ToMat",
  .palette = N_ ("Sinks"),
  .label = N_ ("To MAT"),
  .description = N_ ("Writes its input against time to a variable of a MATLAB .mat file at the "
                     "end of the run."),
  .icon_text = "MAT",
  .params = to_mat_params,
  .n_params = G_N_ELEMENTS (to_mat_params),
  .configure = to_mat_configure,
  .simulate = to_mat_simulate,
};
