/* model-run.c: whole models built, compiled and run for the tests. */
#include "model-run.h"

#include <stdarg.h>

/* ---- building ---------------------------------------------------------- */

static OrrBlock *
add_block_valist (OrrModel *model, OrrDiagram *diagram, const char *type, const char *label, int in,
                  int out, int ein, int eout, va_list args)
{
  OrrBlock *b;
  const char *name;

  if (diagram == NULL)
    diagram = orr_model_get_root (model);
  b = type != NULL ? orr_model_add_block (model, diagram, type, NULL)
                   : orr_model_add_super_block (model, diagram, NULL);
  orr_model_set_block_label (model, b, label);
  orr_model_set_port_count (model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (model, b, ORR_PORT_OUT, out);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_IN, ein);
  orr_model_set_port_count (model, b, ORR_PORT_EVENT_OUT, eout);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_model_set_param (model, b, name, va_arg (args, const char *));
  return b;
}

OrrBlock *
add_block (OrrModel *model, const char *type, const char *label, int in, int out, int ein, int eout,
           ...)
{
  OrrBlock *b;
  va_list args;

  va_start (args, eout);
  b = add_block_valist (model, NULL, type, label, in, out, ein, eout, args);
  va_end (args);
  return b;
}

OrrBlock *
add_block_in (OrrModel *model, OrrDiagram *diagram, const char *type, const char *label, int in,
              int out, int ein, int eout, ...)
{
  OrrBlock *b;
  va_list args;

  va_start (args, eout);
  b = add_block_valist (model, diagram, type, label, in, out, ein, eout, args);
  va_end (args);
  return b;
}

void
link_ports (OrrModel *model, OrrBlock *a, OrrPortKind ak, guint ap, OrrBlock *b, OrrPortKind bk,
            guint bp)
{
  OrrEndpoint from = { a->id, ak, ap }, to = { b->id, bk, bp };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, a->parent, &from, &to, &error));
  g_assert_no_error (error);
}

void
link_data (OrrModel *model, OrrBlock *a, guint out, OrrBlock *b, guint in)
{
  link_ports (model, a, ORR_PORT_OUT, out, b, ORR_PORT_IN, in);
}

void
link_event (OrrModel *model, OrrBlock *a, guint out, OrrBlock *b, guint in)
{
  link_ports (model, a, ORR_PORT_EVENT_OUT, out, b, ORR_PORT_EVENT_IN, in);
}

void
set_final_time (OrrModel *model, double final_time)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.final_time = final_time;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}

void
set_tolerances (OrrModel *model, double rtol, double atol)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.rtol = rtol;
  s.atol = atol;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}

OrrModel *
new_precise_model (double final_time, double max_step)
{
  OrrModel *model = orr_model_new ();
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.start_time = 0;
  s.final_time = final_time;
  s.rtol = 1e-10;
  s.atol = 1e-12;
  s.max_step = max_step;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
  return model;
}

/* ---- compiling and running ----------------------------------------------- */

OrrRegistry *
run_registry_new (const RunSetup *setup)
{
  OrrRegistry *registry = orr_registry_new ();

  orr_palettes_register_standard (registry);
  if (setup != NULL && setup->classes != NULL)
    for (int i = 0; setup->classes[i] != NULL; i++)
      orr_registry_add (registry, setup->classes[i]);
  return registry;
}

OrrProgram *
compile_model (OrrModel *model, const RunSetup *setup, GError **error)
{
  g_autoptr (OrrRegistry) registry = run_registry_new (setup);

  return orr_compile_with_options (model, registry, NULL, setup != NULL ? &setup->options : NULL,
                                   NULL, error);
}

static void
recording_free (Recording *r)
{
  g_array_unref (r->t);
  g_array_unref (r->values);
  g_free (r);
}

/* The simulator's record func: one sample of the block with index block
 * in the program, appended to that block's Recording. */
static void
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
      /* the program owns the path and outlives the table */
      g_hash_table_insert (run->recordings, (gpointer)path, r);
    }
  g_assert_cmpint (n, ==, r->n);
  g_array_append_val (r->t, t);
  g_array_append_vals (r->values, values, n);
}

Run *
run_model (OrrModel *model, const RunSetup *setup)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrSimulation) sim = NULL;
  Run *run = g_new0 (Run, 1);

  run->recordings
    = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)recording_free);
  run->program = compile_model (model, setup, &error);
  g_assert_no_error (error);
  sim = orr_simulation_new (run->program);
  orr_simulation_set_record_func (sim, on_record, run);
  run->ok = orr_simulation_run (sim, &run->error);
  run->stats = *orr_simulation_get_stats (sim);
  if (!run->ok)
    g_test_message ("the run failed: %s", run->error->message);
  return run;
}

Run *
run_model_ok (OrrModel *model, const RunSetup *setup)
{
  Run *run = run_model (model, setup);

  g_assert_no_error (run->error);
  g_assert_true (run->ok);
  return run;
}

void
run_free (Run *run)
{
  /* the table's keys are the program's paths: free it first */
  g_hash_table_unref (run->recordings);
  orr_program_free (run->program);
  g_clear_error (&run->error);
  g_free (run);
}

Recording *
recording (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);

  if (r == NULL)
    g_error ("%s recorded nothing", path);
  return r;
}

guint
n_samples (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);

  return r != NULL ? r->t->len : 0;
}
