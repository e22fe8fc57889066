/* test-lookup-models.c: LookupTable in small simulated models, where its
 * input crosses breakpoints in both directions and the integral of its
 * output must come out exact: the surfaces stop the solver at each
 * breakpoint and the modes hold one piece of the table between them. A
 * program of its own, because the harness program wraps the blocks' calls
 * into the simulator. */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <math.h>

/* The test data set of the interpolation chapter. */
#define X_DATA "[0 1 2 4]"
#define Y_DATA "[4 7 6 5]"

/* ---- running models (as tests/oracles/test-oracles.c does) ---- */

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

static void
recording_free (Recording *r)
{
  g_array_unref (r->t);
  g_array_unref (r->values);
  g_free (r);
}

static void
run_free (Run *run)
{
  orr_program_free (run->program);
  g_hash_table_unref (run->recordings);
  g_clear_error (&run->error);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

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
      g_hash_table_insert (run->recordings, (gpointer)path, r);
    }
  g_assert_cmpint (n, ==, r->n);
  g_array_append_val (r->t, t);
  g_array_append_vals (r->values, values, n);
}

static Run *
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
  return run;
}

static Recording *
recording (Run *run, const char *path)
{
  Recording *r = g_hash_table_lookup (run->recordings, path);
  if (r == NULL)
    g_error ("%s recorded nothing", path);
  return r;
}

#define T(r, i) g_array_index ((r)->t, double, (i))
#define V(r, i, j) g_array_index ((r)->values, double, (i) * (r)->n + (j))

static OrrBlock *
add (OrrModel *model, const char *type, const char *label, int in, int out)
{
  OrrBlock *b = orr_model_add_block (model, orr_model_get_root (model), type, NULL);

  orr_model_set_block_label (model, b, label);
  orr_model_set_port_count (model, b, ORR_PORT_IN, in);
  orr_model_set_port_count (model, b, ORR_PORT_OUT, out);
  return b;
}

static void
wire (OrrModel *model, OrrBlock *a, OrrBlock *b, guint port)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, port };
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (orr_model_connect (model, orr_model_get_root (model), &from, &to, &error));
}

static void
set_final_time (OrrModel *model, double final)
{
  OrrSettings s;

  orr_settings_copy (&s, orr_model_get_settings (model));
  s.final_time = final;
  orr_model_set_settings (model, &s);
  orr_settings_clear (&s);
}

/* ---- tests ---- */

/* A floor table of the data set driven by u(t) over [0, 3], integrated:
 * u = t rises through the breakpoints 1 and 2, u = 3 - t falls through
 * 2 and 1, and either way the integral is 4 + 7 + 6 = 6 + 7 + 4 = 17. The
 * surfaces stop the solver at each breakpoint, so the integral of the
 * piecewise constant is exact up to the root location (1e-9). */
static void
test_model_floor_integral (void)
{
  for (int falling = 0; falling <= 1; falling++)
    {
      g_autoptr (OrrModel) model = orr_model_new ();
      OrrBlock *source
        = falling ? add (model, "Ramp", "Input", 0, 1) : add (model, "Time", "Input", 0, 1);
      OrrBlock *table = add (model, "LookupTable", "Table", 1, 1);
      OrrBlock *area = add (model, "Integrator", "Area", 1, 1);
      OrrBlock *scope = add (model, "Scope", "Scope", 1, 0);
      g_autoptr (Run) run = NULL;
      Recording *r;
      guint last;

      if (falling)
        {
          orr_model_set_param (model, source, "slope", "-1");
          orr_model_set_param (model, source, "start", "0");
          orr_model_set_param (model, source, "initial", "3");
        }
      orr_model_set_param (model, table, "x", X_DATA);
      orr_model_set_param (model, table, "y", Y_DATA);
      orr_model_set_param (model, table, "method", "2");
      wire (model, source, table, 1);
      wire (model, table, area, 1);
      wire (model, area, scope, 1);
      set_final_time (model, 3);

      run = run_model (model);
      if (!run->ok)
        g_error ("%s", run->error->message);
      r = recording (run, "Scope");
      last = r->t->len - 1;
      g_test_message ("%s: area %.12f, %" G_GUINT64_FORMAT " crossings",
                      falling ? "falling" : "rising", V (r, last, 0), run->stats.zero_crossings);
      g_assert_cmpfloat (T (r, last), ==, 3);
      g_assert_cmpfloat_with_epsilon (V (r, last, 0), 17, 1e-9);
      g_assert_cmpuint (run->stats.zero_crossings, >=, 2);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lookup/model/floor-integral", test_model_floor_integral);
  return g_test_run ();
}
