/* sources-test-helpers.h: what both Sources test programs use: temporary
 * CSV files, sample statistics, and building, compiling and running small
 * models with every recorded sample kept by block path (as
 * tests/oracles/test-oracles.c does). The models run in their own program
 * because the harness program wraps the blocks' calls into the simulator.
 * Included once per program, so everything is static (and may go unused). */
#pragma once

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>
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

/* ---- running models ------------------------------------------------ */

typedef struct
{
  int n;
  GArray *t;
  GArray *values;
} Recording;

typedef struct
{
  OrrProgram *program;
  GHashTable *recordings; /* block path -> Recording* */
  OrrSimStats stats;
  GError *error;
  gboolean ok;
} Run;

G_GNUC_UNUSED static void
recording_free (Recording *r)
{
  g_array_unref (r->t);
  g_array_unref (r->values);
  g_free (r);
}

G_GNUC_UNUSED static void
run_free (Run *run)
{
  orr_program_free (run->program);
  g_hash_table_unref (run->recordings);
  g_clear_error (&run->error);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

G_GNUC_UNUSED static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Run *run = data;
  const char *path = run->program->blocks[block].path;
  Recording *r = g_hash_table_lookup (run->recordings, path);

  if (r == NULL)
    {
      r = g_new0 (Recording, 1);
      r->n = n;
      r->t = g_array_new (FALSE, FALSE, sizeof (double));
      r->values = g_array_new (FALSE, FALSE, sizeof (double));
      g_hash_table_insert (run->recordings, (gpointer)path, r);
    }
  g_assert_cmpint (n, ==, r->n);
  g_array_append_val (r->t, t);
  g_array_append_vals (r->values, values, n);
}

G_GNUC_UNUSED static Run *
run_model (OrrModel *model)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Run *run = g_new0 (Run, 1);

  orr_palettes_register_standard (registry);
  run->recordings
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)recording_free);
  run->program = orr_compile (model, registry, NULL, NULL, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (run->program);
  orr_simulation_set_record_func (sim, on_record, run);
  run->ok = orr_simulation_run (sim, &run->error);
  run->stats = *orr_simulation_get_stats (sim);
  if (!run->ok)
    g_test_message ("run failed: %s", run->error->message);
  return run;
}

G_GNUC_UNUSED static Recording *
recording (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);
  if (r == NULL)
    g_error ("%s recorded nothing", path);
  return r;
}

#define T(r, i) g_array_index ((r)->t, double, (i))
#define V(r, i, j) g_array_index ((r)->values, double, (i) * (r)->n + (j))

G_GNUC_UNUSED static OrrBlock *
add (OrrModel *model, const char *type, const char *label, int in, int out, int ein, int eout)
{
  OrrBlock *b = orr_model_add_block (model, orr_model_get_root (model), type, NULL);

  orr_model_set_block_label (model, b, label);
  orr_model_set_port_count (model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (model, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_IN, ein);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_OUT, eout);
  return b;
}

G_GNUC_UNUSED static void
connect (OrrModel *model, OrrBlock *a, OrrPortKind ak, OrrBlock *b, OrrPortKind bk)
{
  OrrEndpoint from = { a->id, ak, 1 }, to = { b->id, bk, 1 };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &from, &to, &error));
}

G_GNUC_UNUSED static void
wire (OrrModel *model, OrrBlock *a, OrrBlock *b)
{
  connect (model, a, ORR_PORT_OUT, b, ORR_PORT_IN);
}

G_GNUC_UNUSED static void
set_final_time (OrrModel *model, double final)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.final_time = final;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}

G_GNUC_UNUSED static void
set_tolerances (OrrModel *model, double rtol, double atol)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.rtol = rtol;
  s.atol = atol;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}
