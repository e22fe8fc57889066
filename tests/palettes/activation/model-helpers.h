/* model-helpers.h: building, compiling and running small models in the
 * palette tests, with every sample the sinks record kept by block path
 * (as tests/oracles/test-oracles.c does). Included by one test program
 * each, so everything here is static (and may go unused). */
#pragma once

#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <stdarg.h>

typedef struct
{
  int n;          /* values per sample */
  GArray *t;      /* of double */
  GArray *values; /* of double, n per sample */
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

/* Compiles with the standard blocks; NULL and error set if it fails. */
G_GNUC_UNUSED static OrrProgram *
compile (OrrModel *model, GError **error)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new ();

  orr_palettes_register_standard (registry);
  return orr_compile (model, registry, NULL, NULL, error);
}

/* Compiles (which must succeed) and runs. */
G_GNUC_UNUSED static Run *
run_model (OrrModel *model)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Run *run = g_new0 (Run, 1);

  run->recordings
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)recording_free);
  run->program = compile (model, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (run->program);
  orr_simulation_set_record_func (sim, on_record, run);
  run->ok = orr_simulation_run (sim, &run->error);
  run->stats = *orr_simulation_get_stats (sim);
  if (!run->ok)
    g_test_message ("the run failed: %s", run->error->message);
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

G_GNUC_UNUSED static guint
n_samples (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);
  return r != NULL ? r->t->len : 0;
}

#define T(r, i) g_array_index ((r)->t, double, (i))
#define V(r, i, j) g_array_index ((r)->values, double, (i) * (r)->n + (j))

/* A block of type in diagram (NULL: the root) with label (its path at the
 * root), port counts, and NULL-terminated name, expression pairs. */
G_GNUC_UNUSED static OrrBlock *
add (OrrModel *model, OrrDiagram *diagram, const char *type, const char *label, int in, int out,
     int ein, int eout, ...)
{
  OrrBlock *b;
  const char *name;
  va_list args;

  if (diagram == NULL)
    diagram = orr_model_get_root (model);
  b = type != NULL ? orr_model_add_block (model, diagram, type, NULL)
                   : orr_model_add_super_block (model, diagram, NULL);
  orr_model_set_block_label (model, b, label);
  orr_model_set_port_count (model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (model, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_IN, ein);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_OUT, eout);
  va_start (args, eout);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_model_set_param (model, b, name, va_arg (args, const char *));
  va_end (args);
  return b;
}

/* A link from output port ap of a to input port bp of b, in a's diagram. */
G_GNUC_UNUSED static void
wire (OrrModel *model, OrrBlock *a, OrrPortKind ak, guint ap, OrrBlock *b, OrrPortKind bk, guint bp)
{
  OrrEndpoint from = { a->id, ak, ap }, to = { b->id, bk, bp };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, a->parent, &from, &to, &error));
  g_assert_no_error (error);
}

/* Regular output 1 of a to regular input bp of b. */
G_GNUC_UNUSED static void
data (OrrModel *model, OrrBlock *a, OrrBlock *b, guint bp)
{
  wire (model, a, ORR_PORT_OUT, 1, b, ORR_PORT_IN, bp);
}

/* Activation output ap of a to activation input bp of b. */
G_GNUC_UNUSED static void
event (OrrModel *model, OrrBlock *a, guint ap, OrrBlock *b, guint bp)
{
  wire (model, a, ORR_PORT_EVENT_OUT, ap, b, ORR_PORT_EVENT_IN, bp);
}

G_GNUC_UNUSED static void
set_times (OrrModel *model, double start, double final)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.start_time = start;
  s.final_time = final;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}

/* A Counter from 1 up driven on its activation input by output ap of
 * source, shown by a Scope labelled scope. */
G_GNUC_UNUSED static OrrBlock *
count_into_scope (OrrModel *model, OrrBlock *source, guint ap, const char *counter,
                  const char *scope)
{
  OrrBlock *c = add (model, source->parent, "Counter", counter, 0, 1, 1, 0, NULL);
  OrrBlock *s = add (model, source->parent, "Scope", scope, 1, 0, 0, 0, NULL);

  event (model, source, ap, c, 1);
  data (model, c, s, 1);
  return c;
}
