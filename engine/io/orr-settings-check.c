/* orr-settings-check.c: the model settings checked as a whole, when a
 * file is loaded and when the command line changes them, so that a bad
 * value stops the run as a model error (exit status 1) before anything
 * is compiled, never as a solver failure. */
#include <orrery/orr-io.h>
#include <orrery/orr-solvers.h>

#include <math.h>

static gboolean bad (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID, message);
  return FALSE;
}

gboolean
orr_settings_check (const OrrSettings *s, GError **error)
{
  const OrrSolverInfo *solver;
  const struct
  {
    const char *name;
    double value;
    gboolean may_be_negative;
  } numbers[] = {
    { "start", s->start_time, TRUE },
    { "final", s->final_time, TRUE },
    { "rtol", s->rtol, FALSE },
    { "atol", s->atol, FALSE },
    { "max-step", s->max_step, TRUE }, /* negative: no limit */
    { "initial-step", s->initial_step, FALSE },
    { "zc-tolerance", s->zc_tolerance, FALSE },
    { "realtime", s->realtime_factor, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      if (!isfinite (numbers[i].value))
        return bad (error, "the setting \"%s\" is %g; it must be a finite number", numbers[i].name,
                    numbers[i].value);
      if (!numbers[i].may_be_negative && numbers[i].value < 0)
        return bad (error, "the setting \"%s\" is %g; it must not be negative", numbers[i].name,
                    numbers[i].value);
    }
  if (s->refine > ORR_MAX_REFINE)
    return bad (error, "the setting \"refine\" is %u; it must be from 1 to %d", s->refine,
                ORR_MAX_REFINE);
  if (s->final_time < s->start_time)
    return bad (error, "the final time (%g s) is before the start time (%g s)", s->final_time,
                s->start_time);
  if (s->rtol == 0 && s->atol == 0)
    return bad (error, "the tolerances rtol and atol are both 0; at least one must be positive");
  solver = orr_solver_lookup (s->solver != NULL ? s->solver : "auto");
  if (solver == NULL)
    {
      g_autofree char *names = orr_solver_names ();

      return bad (error, "unknown solver \"%s\"; the solvers are %s", s->solver, names);
    }
  if (solver->fixed_step && s->max_step < 0)
    return bad (error,
                "the fixed-step solver \"%s\" needs a step: set \"max-step\" to the step, or to "
                "0 for a hundredth of the simulated time (it is %g, \"no limit\")",
                solver->name, s->max_step);
  return TRUE;
}
