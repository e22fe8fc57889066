/* to-csv.c: ToCSV, writes its inputs to a CSV file.
 *
 * The file is opened at initialisation, so a bad path stops the run before
 * any time is spent, and closed at termination, which the simulator
 * guarantees even after an error. One line per accepted point: the time,
 * then the elements of every input in port order, each with 17
 * significant digits so that reading the file back gives the same
 * doubles. Numbers are formatted without the locale: a decimal comma would
 * break the columns. Where it may write is the engine's one rule for
 * files blocks write (orr_block_open_output_file). */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

typedef struct
{
  FILE *file;
  char *path; /* the file's full name, once opened */
} ToCsvWork;

static const OrrParamSpec to_csv_params[] = {
  { "file", N_ ("File name"), "'out.csv'",
    N_ ("The file to write, a quoted string; a relative path starts in the model's folder. A "
        "model you have not trusted creates files only there or below and replaces only files "
        "it wrote itself in an earlier run.") },
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many inputs; each is a vector, and every element becomes one column.") },
};

static gboolean
to_csv_configure (OrrConfig *config, GError **error)
{
  OrrValue *file = orr_config_get_param (config, "file");
  int inputs;

  if (file == NULL || orr_value_get_type_id (file) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, "file", "must be a quoted file name, e.g. 'out.csv'");
      return FALSE;
    }
  if (*orr_value_get_string (file) == '\0')
    {
      orr_param_set_error (error, "file", "must not be empty");
      return FALSE;
    }
  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error))
    return FALSE;

  for (int i = 0; i < inputs; i++)
    orr_config_add_input (config, -(i + 1), 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_opar (config, file);
  return TRUE;
}

static const char *
file_name (OrrSimBlock *block)
{
  return orr_value_get_string (block->opar[0]);
}

/* Columns: "u1" for a scalar input, "u1_1", "u1_2" ... for a vector. */
static void
write_header (FILE *file, OrrSimBlock *block)
{
  fputs ("time", file);
  for (int k = 0; k < block->n_in; k++)
    {
      int numel = orr_block_in_numel (block, k);

      if (numel == 1)
        fprintf (file, ",u%d", k + 1);
      else
        for (int i = 0; i < numel; i++)
          fprintf (file, ",u%d_%d", k + 1, i + 1);
    }
  fputc ('\n', file);
}

static void
write_number (FILE *file, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  fputs (g_ascii_formatd (buffer, sizeof buffer, "%.17g", value), file);
}

static void
write_row (FILE *file, OrrSimBlock *block)
{
  write_number (file, orr_block_get_time (block));
  for (int k = 0; k < block->n_in; k++)
    {
      const double *u = orr_block_real_in (block, k);
      int numel = orr_block_in_numel (block, k);

      for (int i = 0; i < numel; i++)
        {
          fputc (',', file);
          write_number (file, u[i]);
        }
    }
  fputc ('\n', file);
}

/* Reports a failed write once and stops writing, so that a full disk gives
 * one clear error instead of a truncated file found later. */
static void
fail (OrrSimBlock *block, ToCsvWork *work, int saved_errno)
{
  orr_block_error (block, "cannot write '%s': %s",
                   work->path != NULL ? work->path : file_name (block), g_strerror (saved_errno));
  if (work->file != NULL)
    fclose (work->file);
  work->file = NULL;
}

static void
to_csv_simulate (OrrSimBlock *block, OrrJob job)
{
  ToCsvWork *work = block->work;

  switch (job)
    {
      case ORR_JOB_INIT:
        work = g_new0 (ToCsvWork, 1);
        block->work = work;
        {
          g_autoptr (GError) error = NULL;
          int fd = orr_block_open_output_file (block, file_name (block), &work->path, &error);

          if (fd < 0)
            {
              orr_block_error (block, "%s", error->message);
              return;
            }
          work->file = fdopen (fd, "w");
          if (work->file == NULL)
            {
              int saved_errno = errno;
              close (fd);
              fail (block, work, saved_errno);
              return;
            }
        }
        write_header (work->file, block);
        break;

      case ORR_JOB_OUTPUTS:
        if (work == NULL || work->file == NULL || orr_block_in_try_phase (block))
          return;
        errno = 0;
        write_row (work->file, block);
        if (ferror (work->file))
          fail (block, work, errno != 0 ? errno : EIO);
        break;

      case ORR_JOB_TERMINATE:
        if (work == NULL)
          return;
        if (work->file != NULL)
          {
            int saved_errno = 0;

            errno = 0;
            if (fflush (work->file) != 0 || ferror (work->file))
              saved_errno = errno != 0 ? errno : EIO;
            if (fclose (work->file) != 0 && saved_errno == 0)
              saved_errno = errno;
            work->file = NULL;
            if (saved_errno != 0)
              fail (block, work, saved_errno);
          }
        g_free (work->path);
        g_clear_pointer (&block->work, g_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_to_csv_class = {
  .name = "ToCSV",
  .palette = N_ ("Sinks"),
  .label = N_ ("To CSV"),
  .description = N_ ("Writes its inputs against time to a CSV file."),
  .icon_text = "CSV",
  .params = to_csv_params,
  .n_params = G_N_ELEMENTS (to_csv_params),
  .configure = to_csv_configure,
  .simulate = to_csv_simulate,
};
