/* bench-compile.c: how building, compiling and starting a simulation grow
 * with the size of a diagram, and the memory each block costs.
 *
 * The diagram is generated: a Constant, then stages of Sum, Integrator
 * and Gain (a lag with a gain, feeding the next stage), about 1,000,
 * 10,000 and 100,000 blocks. For each size: the time to build the model
 * through the editing API, to compile it, and to create the simulation and
 * run it for a short time; the heap (mallinfo2) and resident memory
 * (/proc/self/statm) added by the model, by the program and by the
 * simulation, per block. Growth is linear when the time per block stays
 * flat across sizes.
 *
 * Compile time is printed twice: wall-clock, and the CPU time the process
 * spent (user + system, from getrusage). On a machine shared with other
 * work the wall-clock time counts the waits for a core; the CPU time does
 * not, so it is the figure to compare across runs.
 *
 * `bench-compile` runs the three sizes; `bench-compile BLOCKS` one. Fails
 * only on a wrong answer (the chain's output must be right). */
#include <orr-palettes.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-simulation.h>

#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

typedef struct
{
  double heap; /* bytes in use by malloc */
  double rss;  /* resident bytes */
} Memory;

static Memory
memory_now (void)
{
  struct mallinfo2 info = mallinfo2 ();
  Memory m = { (double)info.uordblks + (double)info.hblkhd, 0 };
  FILE *statm = fopen ("/proc/self/statm", "r");
  long size = 0, resident = 0;

  if (statm != NULL)
    {
      if (fscanf (statm, "%ld %ld", &size, &resident) != 2)
        resident = 0;
      fclose (statm);
    }
  m.rss = (double)resident * sysconf (_SC_PAGESIZE);
  return m;
}

static OrrBlock *
add (OrrModel *m, const char *type, int in, int out, const char *param, const char *value)
{
  OrrBlock *b = orr_model_add_block (m, orr_model_get_root (m), type, NULL);
  orr_model_set_port_count (m, b, ORR_PORT_IN, in);
  orr_model_set_port_count (m, b, ORR_PORT_OUT, out);
  if (param != NULL)
    orr_model_set_param (m, b, param, value);
  return b;
}

static void
wire (OrrModel *m, OrrBlock *a, OrrBlock *b, guint in)
{
  OrrEndpoint from = { a->id, ORR_PORT_OUT, 1 }, to = { b->id, ORR_PORT_IN, in };
  if (orr_model_connect (m, orr_model_get_root (m), &from, &to, NULL) == NULL)
    g_error ("cannot wire the diagram");
}

static double
seconds_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1e6;
}

/* CPU seconds (user + system) this process has used so far. */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* Page faults so far: each first touch of a new heap page is one, and at
 * 100,000 blocks they are a good part of the compile's time. */
static long
page_faults (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_minflt + usage.ru_majflt;
}

/* Stage k's gain is 1, so the output of stage k is that of a chain of k
 * lags: the last one at t = 1 is 1 - e^-1 sum_{k<n} 1/k!, which is 1 to
 * double precision for long chains; checked on the tenth stage instead. */
typedef struct
{
  double t, value;
} Last;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Last *last = data;
  last->t = t;
  last->value = values[0];
}

static gboolean
bench (int target_blocks)
{
  int stages = (target_blocks - 2) / 3;
  g_autoptr (OrrRegistry) registry = orr_registry_new ();
  g_autoptr (GError) error = NULL;
  OrrModel *model;
  OrrProgram *program;
  OrrSimulation *sim;
  OrrBlock *prev;
  OrrSettings settings;
  Memory m0, m1, m2, m3;
  double build_s, compile_s, compile_cpu_s, new_s, run_s, expected;
  long compile_faults;
  int n_blocks;
  Last last = { 0 };
  gint64 start;
  gboolean ok;

  orr_palettes_register_standard (registry);
  m0 = memory_now ();
  start = g_get_monotonic_time ();
  model = orr_model_new ();
  orr_model_begin (model, "Generate");
  prev = add (model, "Constant", 0, 1, "value", "1");
  for (int i = 1; i <= stages; i++)
    {
      OrrBlock *sum = add (model, "Sum", 2, 1, "signs", "[1 -1]");
      OrrBlock *lag = add (model, "Integrator", 1, 1, "x0", "0");
      OrrBlock *gain = add (model, "Gain", 1, 1, "gain", "1");

      wire (model, prev, sum, 1);
      wire (model, sum, lag, 1);
      wire (model, lag, sum, 2);
      wire (model, lag, gain, 1);
      if (i == 10)
        wire (model, gain, add (model, "Scope", 1, 0, NULL, NULL), 1);
      prev = gain;
    }
  orr_model_commit (model);
  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = 1;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);
  build_s = seconds_since (start);
  m1 = memory_now ();

  start = g_get_monotonic_time ();
  compile_cpu_s = cpu_seconds ();
  compile_faults = page_faults ();
  program = orr_compile (model, registry, NULL, NULL, &error);
  compile_faults = page_faults () - compile_faults;
  compile_cpu_s = cpu_seconds () - compile_cpu_s;
  compile_s = seconds_since (start);
  if (program == NULL)
    g_error ("compile: %s", error->message);
  m2 = memory_now ();
  n_blocks = program->n_blocks;

  start = g_get_monotonic_time ();
  sim = orr_simulation_new (program);
  new_s = seconds_since (start);
  orr_simulation_set_record_func (sim, on_record, &last);
  start = g_get_monotonic_time ();
  if (!orr_simulation_run (sim, &error))
    g_error ("simulate: %s", error->message);
  run_s = seconds_since (start);
  m3 = memory_now ();

  /* y_10(1) of ten lags */
  {
    double sum = 0, term = 1;

    for (int k = 0; k < 10; k++, term /= k)
      sum += term;
    expected = 1 - exp (-1) * sum;
  }
  ok = last.t == 1 && fabs (last.value - expected) < 1e-5;

  g_print (
    "%7d blocks (%d in the program): build %.3f s (%.2f us/block), compile %.3f s "
    "(%.2f us/block; CPU %.3f s, %.2f us/block; %ld page faults), new simulation %.3f s, run to "
    "t = 1 %.3f s\n",
    stages * 3 + 2, n_blocks, build_s, build_s / n_blocks * 1e6, compile_s,
    compile_s / n_blocks * 1e6, compile_cpu_s, compile_cpu_s / n_blocks * 1e6, compile_faults,
    new_s, run_s);
  g_print ("        memory per block: model %.0f B heap (%.0f B resident), program %.0f B heap "
           "(%.0f B resident), simulation %.0f B heap (%.0f B resident)\n",
           (m1.heap - m0.heap) / n_blocks, (m1.rss - m0.rss) / n_blocks,
           (m2.heap - m1.heap) / n_blocks, (m2.rss - m1.rss) / n_blocks,
           (m3.heap - m2.heap) / n_blocks, (m3.rss - m2.rss) / n_blocks);
  if (!ok)
    g_printerr ("wrong answer: y_10(%g) = %.10f, expected %.10f\n", last.t, last.value, expected);

  orr_simulation_free (sim);
  orr_program_free (program);
  g_object_unref (model);
  return ok;
}

int
main (int argc, char **argv)
{
  gboolean ok = TRUE;

  if (argc > 1)
    return bench (atoi (argv[1])) ? 0 : 1;
  for (int size = 1000; size <= 100000; size *= 10)
    ok = bench (size) && ok;
  return ok ? 0 : 1;
}
