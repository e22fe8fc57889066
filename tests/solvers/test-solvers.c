/* test-solvers.c: every solver of orr-solvers.h on problems with known or
 * independently computed answers, on hand-built programs (tests/sim's
 * helpers).
 *
 * How errors are judged. A variable-step solver controls the local error
 * to rtol |x| + atol per step; the global error it leaves is that times a
 * problem-dependent factor, stated with each case (FACTOR_...). A
 * fixed-step method of order p leaves an error C h^p: the constant is
 * stated instead. References are analytic, published, or computed here
 * twice with tight tolerances by two different methods written directly
 * against SUNDIALS (not through Orrery), which must agree first.
 *
 * No timing is asserted anywhere.
 */

#include <float.h>
#include <math.h>
#include <string.h>

#include <arkode/arkode_arkstep.h>
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <orrery/orr-solvers.h>

#include "../sim/test-blocks.h"
#include "../sim/test-program.h"

/* ---- running ------------------------------------------------------------------ */

typedef struct
{
  OrrProgram *program;
  OrrSimulation *sim;
  TestObserver *observer;
  gboolean ok;
  GError *error;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->observer, test_observer_free);
  g_clear_pointer (&run->sim, orr_simulation_free);
  g_clear_error (&run->error);
}

static void
set_solver (OrrProgram *program, const char *solver, double rtol, double atol, double max_step)
{
  g_free (program->settings.solver);
  program->settings.solver = g_strdup (solver);
  program->settings.rtol = rtol;
  program->settings.atol = atol;
  program->settings.max_step = max_step;
}

static void
run_program_with (Run *run, OrrProgram *program, OrrSimLinear linear)
{
  memset (run, 0, sizeof *run);
  run->program = program;
  run->sim = orr_simulation_new (program);
  g_assert_nonnull (run->sim);
  orr_simulation_set_linear_solver (run->sim, linear);
  run->observer = test_observer_new (run->sim);
  run->ok = orr_simulation_run (run->sim, &run->error);
  if (!run->ok)
    g_test_message ("%s failed: %s", program->settings.solver,
                    run->error != NULL ? run->error->message : "?");
  g_assert_no_error (run->error);
  g_assert_true (run->ok);
}

static void
run_program (Run *run, OrrProgram *program)
{
  run_program_with (run, program, ORR_SIM_LINEAR_AUTO);
}

/* A logger sampling outputs of `from` at each of the given times. */
static int
add_sampler (OrrProgram *program, int from, int n_outputs, const double *times, int n_times)
{
  int logger = tp_block (program, &test_logger_class, "Sampler", n_outputs, 0, 1, 0);

  for (int i = 0; i < n_outputs; i++)
    tp_connect (program, from, i, logger, i);
  for (int i = 0; i < n_times; i++)
    {
      int g = tp_block (program, &test_generator_class, "At", 0, 0, 0, 1);
      int s = tp_event_source (program, g, 0, "At, activation output 1");

      tp_rpar (program, g, 1, &times[i]);
      tp_list_add (&program->sources[s].list, logger, 1);
    }
  return logger;
}

/* The samples: value[k] of the i-th sample into out[i * stride + k]. */
static void
collect (Run *run, int sampler, int n_values, const double *times, int n_times, double *out)
{
  g_autoptr (GArray) calls = test_observer_calls (run->observer, sampler, ORR_JOB_OUTPUTS);

  g_assert_cmpuint (calls->len, ==, n_times);
  for (int i = 0; i < n_times; i++)
    {
      TestCall *call = &g_array_index (calls, TestCall, i);

      g_assert_cmpfloat_with_epsilon (call->t, times[i], 1e-9 * MAX (1, times[i]));
      for (int k = 0; k < n_values; k++)
        out[i * n_values + k] = call->value[k];
    }
}

static const OrrSolverInfo *
solver_info (const char *name)
{
  const OrrSolverInfo *info = orr_solver_lookup (name);

  g_assert_nonnull (info);
  return info;
}

/* ---- the problems as blocks ---------------------------------------------------- */

/* x'' = -x as x' = v, v' = -x; outputs x and v. */
static void
oscillator_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_DERIVATIVES)
    {
      block->xd[0] = block->x[1];
      block->xd[1] = -block->x[0];
    }
  else if (job == ORR_JOB_OUTPUTS)
    {
      orr_block_real_out (block, 0)[0] = block->x[0];
      orr_block_real_out (block, 1)[0] = block->x[1];
    }
}

static const OrrBlockClass oscillator_class
  = { .name = "Oscillator", .simulate = oscillator_simulate };

/* Van der Pol, y1' = y2, y2' = mu (1 - y1^2) y2 - y1, mu = rpar[0] (the
 * classic stiff test, as in MATLAB's vdp1000 over [0, 3000]); with its
 * analytic Jacobian. */
static void
vdp_f (double mu, const double *y, double *f)
{
  f[0] = y[1];
  f[1] = mu * (1 - y[0] * y[0]) * y[1] - y[0];
}

static void
vdp_simulate (OrrSimBlock *block, OrrJob job)
{
  double mu = block->rpar[0];
  const double *y = block->x;

  switch (job)
    {
      case ORR_JOB_DERIVATIVES:
        vdp_f (mu, y, block->xd);
        break;
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = y[0];
        orr_block_real_out (block, 1)[0] = y[1];
        break;
      case ORR_JOB_JACOBIAN:
        block->jacobian[0] = 0;
        block->jacobian[1] = -2 * mu * y[0] * y[1] - 1;
        block->jacobian[2] = 1;
        block->jacobian[3] = mu * (1 - y[0] * y[0]);
        break;
      default:
        break;
    }
}

static const OrrBlockClass vdp_class = { .name = "VanDerPol", .simulate = vdp_simulate };

/* Robertson's kinetics as a DAE (the IDA example): outputs y1, y2, y3. */
static void
robertson_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *y = block->x, *yp = block->xd;

  if (job == ORR_JOB_DERIVATIVES)
    {
      block->res[0] = -0.04 * y[0] + 1e4 * y[1] * y[2] - yp[0];
      block->res[1] = 0.04 * y[0] - 1e4 * y[1] * y[2] - 3e7 * y[1] * y[1] - yp[1];
      block->res[2] = y[0] + y[1] + y[2] - 1;
    }
  else if (job == ORR_JOB_OUTPUTS)
    for (int i = 0; i < 3; i++)
      orr_block_real_out (block, i)[0] = y[i];
}

static const OrrBlockClass robertson_class
  = { .name = "Robertson", .simulate = robertson_simulate };

/* A first-order lag x' = u - x, y = x (input without feedthrough); the
 * second class gives its Jacobian analytically. */
static void
lag_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_DERIVATIVES)
    block->xd[0] = (block->n_in > 0 ? orr_block_real_in (block, 0)[0] : 1.0) - block->x[0];
  else if (job == ORR_JOB_OUTPUTS)
    orr_block_real_out (block, 0)[0] = block->x[0];
  else if (job == ORR_JOB_JACOBIAN)
    block->jacobian[0] = -1;
}

static const OrrBlockClass lag_class = { .name = "Lag", .simulate = lag_simulate };
static const OrrBlockClass analytic_lag_class = { .name = "AnalyticLag", .simulate = lag_simulate };

/* y = |sin t| integrated: x' = y. The surface sin t and a mode (1: +, 2: -)
 * let a variable-step solver see a smooth function between crossings;
 * without fixed modes (fixed-step methods) y is |sin t| itself. z[0]
 * counts trial evaluations that saw the modes fixed. */
static void
abs_sine_simulate (OrrSimBlock *block, OrrJob job)
{
  double s = sin (orr_block_get_time (block));
  gboolean fixed = orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_DERIVATIVES:
        block->xd[0] = fixed ? (block->mode[0] == 1 ? s : -s) : fabs (s);
        if (fixed && orr_block_in_try_phase (block))
          block->z[0] += 1;
        break;
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = block->x[0];
        orr_block_real_out (block, 1)[0] = block->z[0];
        break;
      case ORR_JOB_ZERO_CROSSINGS:
        block->g[0] = s;
        if (!fixed)
          block->mode[0] = s >= 0 ? 1 : 2;
        break;
      default:
        break;
    }
}

static const OrrBlockClass abs_sine_class = { .name = "AbsSine", .simulate = abs_sine_simulate };

/* ---- independent references, straight on SUNDIALS ------------------------------ */

typedef void (*OdeFunc) (const double *x, double *f, gpointer data);

typedef struct
{
  OdeFunc f;
  gpointer data;
} Ode;

static int
ode_rhs (sunrealtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  Ode *ode = user_data;

  ode->f (N_VGetArrayPointer (y), N_VGetArrayPointer (ydot), ode->data);
  return 0;
}

/* x at each of the times, by CVODE BDF with a dense Jacobian (ark FALSE)
 * or ARKODE's ESDIRK 5(4) (ark TRUE), both at tolerance tol. */
static void
reference_solve (OdeFunc f, gpointer data, int n, const double *x0, const double *times,
                 int n_times, double tol, gboolean ark, double *out)
{
  SUNContext ctx;
  Ode ode = { f, data };
  N_Vector y;
  SUNMatrix a;
  SUNLinearSolver ls;
  void *mem;
  double t = 0;

  g_assert_cmpint (SUNContext_Create (NULL, &ctx), ==, 0);
  y = N_VNew_Serial (n, ctx);
  memcpy (N_VGetArrayPointer (y), x0, sizeof (double) * n);
  a = SUNDenseMatrix (n, n, ctx);
  ls = SUNLinSol_Dense (y, a, ctx);
  if (ark)
    {
      mem = ARKStepCreate (NULL, ode_rhs, 0.0, y, ctx);
      g_assert_cmpint (ARKStepSetTableNum (mem, ARKODE_ESDIRK547L2SA_7_4_5, ARKODE_ERK_NONE), ==,
                       0);
      g_assert_cmpint (ARKStepSStolerances (mem, tol, tol * 1e-3), ==, 0);
      g_assert_cmpint (ARKStepSetLinearSolver (mem, ls, a), ==, 0);
      g_assert_cmpint (ARKStepSetUserData (mem, &ode), ==, 0);
      g_assert_cmpint (ARKStepSetMaxNumSteps (mem, 10000000), ==, 0);
    }
  else
    {
      mem = CVodeCreate (CV_BDF, ctx);
      g_assert_cmpint (CVodeInit (mem, ode_rhs, 0.0, y), ==, 0);
      g_assert_cmpint (CVodeSStolerances (mem, tol, tol * 1e-3), ==, 0);
      g_assert_cmpint (CVodeSetLinearSolver (mem, ls, a), ==, 0);
      g_assert_cmpint (CVodeSetUserData (mem, &ode), ==, 0);
      g_assert_cmpint (CVodeSetMaxNumSteps (mem, 10000000), ==, 0);
    }
  for (int i = 0; i < n_times; i++)
    {
      int flag = ark ? ARKStepEvolve (mem, times[i], y, &t, ARK_NORMAL)
                     : CVode (mem, times[i], y, &t, CV_NORMAL);

      g_assert_cmpint (flag, >=, 0);
      memcpy (out + i * n, N_VGetArrayPointer (y), sizeof (double) * n);
    }
  if (ark)
    ARKStepFree (&mem);
  else
    CVodeFree (&mem);
  SUNLinSolFree (ls);
  SUNMatDestroy (a);
  N_VDestroy (y);
  SUNContext_Free (&ctx);
}

/* ---- 1. exponential decay --------------------------------------------------------- */

/* Variable step: |x(t) - e^-t| <= FACTOR (rtol e^-t + atol). */
#define FACTOR_DECAY 20.0
/* Fixed step h: |error| <= C h^p, C by order. */
static double
fixed_bound (const char *solver, double h)
{
  if (g_str_equal (solver, "euler") || g_str_equal (solver, "backward-euler"))
    return 0.25 * h; /* global error h/2 t e^-t <= 0.19 h */
  if (g_str_equal (solver, "heun") || g_str_equal (solver, "trapezoidal"))
    return 0.1 * h * h;     /* h^2/6 t e^-t and h^2/12 t e^-t */
  return 0.01 * pow (h, 4); /* RK4: h^4/120 t e^-t */
}

static void
test_decay (void)
{
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  const double times[] = { 1, 2, 5 };
  const double rtol = 1e-6, atol = 1e-10, h = 0.01;

  for (guint k = 0; k < n_solvers; k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 5);
      double x0 = 1, got[3];
      double worst = 0, worst_ratio = 0;
      int decay, sampler;
      Run run;

      set_solver (program, solvers[k].name, rtol, atol, solvers[k].fixed_step ? h : 0);
      decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
      tp_states (program, decay, 1, &x0, FALSE);
      tp_continuous (program, decay);
      sampler = add_sampler (program, decay, 1, times, 3);
      run_program (&run, program);
      collect (&run, sampler, 1, times, 3, got);

      for (int i = 0; i < 3; i++)
        {
          double exact = exp (-times[i]);
          double error = fabs (got[i] - exact);
          double allowed = solvers[k].fixed_step ? fixed_bound (solvers[k].name, h)
                                                 : FACTOR_DECAY * (rtol * exact + atol);

          worst = MAX (worst, error);
          worst_ratio = MAX (worst_ratio, error / allowed);
          g_assert_cmpfloat (error, <=, allowed);
        }
      g_test_message (
        "decay %-24s worst error %.2e (%.2f of the bound) in %" G_GUINT64_FORMAT " steps",
        solvers[k].name, worst, worst_ratio, orr_simulation_get_stats (run.sim)->steps);
      run_clear (&run);
    }
}

/* ---- 2. harmonic oscillator --------------------------------------------------------- */

/* Over 10 periods, energy x^2 + v^2 (1 at the start): variable step,
 * |E - 1| <= FACTOR_ENERGY rtol and |x - 1| <= FACTOR_ENERGY rtol at the
 * end: about a thousand steps, each losing up to rtol (BDF damps, Adams
 * and Runge-Kutta drift much less). Fixed step h = T/2000, N = 20000
 * steps: Euler's energy grows by (1 + h^2)^N - 1 = 0.22 and backward
 * Euler's decays about as much (bound 0.25, x within 0.15); Heun's grows
 * by N h^4 / 4 = 4.9e-7 (bound 1e-6); RK4 loses N h^6 / 72 = 3e-13 and
 * the implicit trapezoidal rule none (bound 1e-10); phase errors as
 * stated with each bound. */
#define FACTOR_ENERGY 1000.0
/* SDIRK 4(3) is L-stable: it damps oscillations, by 1.1e-3 of the energy
 * here at rtol 1e-7 (ARKODE called directly does the same). */
#define FACTOR_ENERGY_SDIRK 20000.0

static void
test_oscillator (void)
{
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  const double end = 20 * G_PI;
  const double rtol = 1e-7, atol = 1e-10, h = 2 * G_PI / 2000;

  for (guint k = 0; k < n_solvers; k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, end);
      const char *name = solvers[k].name;
      double x0[2] = { 1, 0 }, got[2];
      double energy_bound, x_bound, drift, x_error;
      int osc, sampler;
      Run run;

      set_solver (program, name, rtol, atol, solvers[k].fixed_step ? h : 0);
      osc = tp_block (program, &oscillator_class, "Oscillator", 0, 2, 0, 0);
      tp_states (program, osc, 2, x0, FALSE);
      tp_continuous (program, osc);
      sampler = add_sampler (program, osc, 2, &end, 1);
      run_program (&run, program);
      collect (&run, sampler, 2, &end, 1, got);

      drift = fabs (got[0] * got[0] + got[1] * got[1] - 1);
      x_error = hypot (got[0] - 1, got[1]);
      if (g_str_equal (name, "sdirk"))
        energy_bound = x_bound = FACTOR_ENERGY_SDIRK * rtol;
      else if (!solvers[k].fixed_step)
        energy_bound = x_bound = FACTOR_ENERGY * rtol;
      else if (g_str_equal (name, "euler") || g_str_equal (name, "backward-euler"))
        energy_bound = 0.25, x_bound = 0.15;
      else if (g_str_equal (name, "heun"))
        energy_bound = 1e-6, x_bound = 2e-4; /* phase: N h^3 / 6 = 1.0e-4 */
      else if (g_str_equal (name, "trapezoidal"))
        energy_bound = 1e-10, x_bound = 1e-4; /* phase: N h^3 / 12 = 5.2e-5 */
      else
        energy_bound = 1e-10, x_bound = 1e-10;
      g_test_message ("oscillator %-24s energy drift %.2e (bound %.2g), |x - x(T)| %.2e "
                      "(bound %.2g), %" G_GUINT64_FORMAT " steps",
                      name, drift, energy_bound, x_error, x_bound,
                      orr_simulation_get_stats (run.sim)->steps);
      g_assert_cmpfloat (drift, <=, energy_bound);
      g_assert_cmpfloat (x_error, <=, x_bound);
      run_clear (&run);
    }
}

/* ---- 3. the ODE of SEMANTICS 9, explicit, implicit and with its Jacobian --------- */

static void
semantics_f (const double *x, double *f, gpointer data)
{
  f[0] = -x[0] + x[0] * x[1];
  f[1] = 2 * x[0] - 3 * x[1];
}

/* Our own classical RK4 with a small step: the second reference. */
static void
rk4_solve (OdeFunc f, int n, const double *x0, double end, double h, double *out)
{
  double x[8], k1[8], k2[8], k3[8], k4[8], tmp[8];
  int steps = (int)llround (end / h);

  memcpy (x, x0, sizeof (double) * n);
  for (int s = 0; s < steps; s++)
    {
      f (x, k1, NULL);
      for (int i = 0; i < n; i++)
        tmp[i] = x[i] + h / 2 * k1[i];
      f (tmp, k2, NULL);
      for (int i = 0; i < n; i++)
        tmp[i] = x[i] + h / 2 * k2[i];
      f (tmp, k3, NULL);
      for (int i = 0; i < n; i++)
        tmp[i] = x[i] + h * k3[i];
      f (tmp, k4, NULL);
      for (int i = 0; i < n; i++)
        x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
  memcpy (out, x, sizeof (double) * n);
}

/* |x - reference| <= FACTOR_SEMANTICS (rtol |x| + atol) for variable step;
 * fixed step h = 1e-3: 3e-3 (order 1), 3e-6 (order 2), 3e-10 (RK4). */
#define FACTOR_SEMANTICS 50.0

static void
test_semantics_ode (void)
{
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  const double times[3] = { 1, 2, 5 };
  const double x0[2] = { 1, 2 };
  const double rtol = 1e-7, atol = 1e-10, h = 1e-3;
  double reference[6], second[6];

  /* The references agree to 1e-9: either is good to far below the
   * tolerances checked. */
  reference_solve (semantics_f, NULL, 2, x0, times, 3, 1e-12, FALSE, reference);
  for (int i = 0; i < 3; i++)
    rk4_solve (semantics_f, 2, x0, times[i], 1e-4, second + 2 * i);
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat_with_epsilon (reference[i], second[i], 1e-9);

  for (guint k = 0; k < n_solvers; k++)
    for (int form = 0; form < 3; form++)
      {
        /* form 0: explicit; 1: with the analytic Jacobian (implicit
         * methods only); 2: implicit block, the DAE form (DAE solvers) */
        const OrrBlockClass *classes[]
          = { &test_oracle_class, &test_oracle_jacobian_class, &test_oracle_implicit_class };
        const char *forms[] = { "explicit", "jacobian", "dae" };
        g_autoptr (TestProgram) program = NULL;
        const char *name = solvers[k].name;
        double got[6], worst_ratio = 0;
        int oracle, sampler;
        Run run;

        if ((form == 1 && !solvers[k].implicit) || (form == 2 && !solvers[k].dae))
          continue;
        program = tp_new (0, 5);
        set_solver (program, name, rtol, atol, solvers[k].fixed_step ? h : 0);
        oracle = tp_block (program, classes[form], "Oracle", 0, 2, 0, 0);
        tp_states (program, oracle, 2, x0, form == 2);
        program->blocks[oracle].analytic_jacobian = form == 1;
        tp_continuous (program, oracle);
        sampler = add_sampler (program, oracle, 2, times, 3);
        run_program (&run, program);
        collect (&run, sampler, 2, times, 3, got);

        for (int i = 0; i < 6; i++)
          {
            double error = fabs (got[i] - reference[i]);
            double allowed;

            if (!solvers[k].fixed_step)
              allowed = FACTOR_SEMANTICS * (rtol * fabs (reference[i]) + atol);
            else if (g_str_equal (name, "euler") || g_str_equal (name, "backward-euler"))
              allowed = 3e-3;
            else if (g_str_equal (name, "rk4"))
              allowed = 3e-10;
            else
              allowed = 3e-6;
            worst_ratio = MAX (worst_ratio, error / allowed);
            g_assert_cmpfloat (error, <=, allowed);
          }
        g_test_message ("semantics ODE %-24s %-8s worst error %.2f of the bound; %s", name,
                        forms[form], worst_ratio, orr_simulation_get_solver_description (run.sim));
        run_clear (&run);
      }
}

/* ---- 4. Van der Pol, mu = 1000 -------------------------------------------------------- */

static void
vdp_ref_f (const double *x, double *f, gpointer data)
{
  vdp_f (1000, x, f);
}

/* y1 on slow arcs (the relaxation jumps are near 807, 1614 and 2421):
 * variable step, |y1 - ref| <= FACTOR_VDP rtol |ref|: the error in the
 * jump times carries over the whole run, and at t = 800, close to the
 * fold, y1 is sensitive to it (the worst case, about 260 rtol for BDF).
 * Backward Euler resolves a jump (a time scale of 1/mu) only with steps
 * far below 1e-4 and then loses the phase; it is checked on the slow arc
 * up to the first jump, with h = 2e-3 (h mu = 2, far beyond explicit
 * stability): |error| <= 0.02 h, its first-order constant being about
 * 7e-3. */
#define FACTOR_VDP 500.0

static void
test_van_der_pol (void)
{
  const char *stiff[] = { "cvode-bdf", "sdirk", "ida", "backward-euler" };
  const double times[5] = { 400, 800, 1200, 2000, 3000 };
  const double x0[2] = { 2, 0 }, mu = 1000, h = 2e-3;
  const double rtol = 1e-6, atol = 1e-8;
  double reference[10], second[10];

  reference_solve (vdp_ref_f, NULL, 2, x0, times, 5, 1e-12, FALSE, reference);
  reference_solve (vdp_ref_f, NULL, 2, x0, times, 5, 1e-10, TRUE, second);
  for (int i = 0; i < 5; i++)
    {
      g_test_message ("Van der Pol reference y1(%g) = %.10f (ESDIRK: %.10f)", times[i],
                      reference[2 * i], second[2 * i]);
      g_assert_cmpfloat_with_epsilon (reference[2 * i], second[2 * i],
                                      1e-6 * fabs (reference[2 * i]));
    }

  for (guint k = 0; k < G_N_ELEMENTS (stiff); k++)
    for (int analytic = 0; analytic < 2; analytic++)
      {
        gboolean fixed = g_str_equal (stiff[k], "backward-euler");
        int n_times = fixed ? 2 : 5;
        g_autoptr (TestProgram) program = tp_new (0, times[n_times - 1]);
        double got[10], worst = 0, worst_ratio = 0;
        int vdp, sampler;
        Run run;

        set_solver (program, stiff[k], rtol, atol, fixed ? h : 0);
        vdp = tp_block (program, &vdp_class, "VanDerPol", 0, 2, 0, 0);
        tp_rpar (program, vdp, 1, &mu);
        tp_states (program, vdp, 2, x0, FALSE);
        program->blocks[vdp].analytic_jacobian = analytic;
        tp_continuous (program, vdp);
        sampler = add_sampler (program, vdp, 2, times, n_times);
        run_program (&run, program);
        collect (&run, sampler, 2, times, n_times, got);
        for (int i = 0; i < n_times; i++)
          {
            double error = fabs (got[2 * i] - reference[2 * i]);
            double allowed = fixed ? 0.02 * h : FACTOR_VDP * rtol * fabs (reference[2 * i]);

            worst = MAX (worst, error);
            worst_ratio = MAX (worst_ratio, error / allowed);
          }
        g_test_message ("Van der Pol %-16s %s: worst |y1 - ref| %.2e (%.2f of the bound), "
                        "%" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT " model evaluations",
                        stiff[k], analytic ? "analytic J" : "quotients ", worst, worst_ratio,
                        orr_simulation_get_stats (run.sim)->steps,
                        orr_simulation_get_stats (run.sim)->rhs_calls);
        g_assert_cmpfloat (worst_ratio, <=, 1);
        run_clear (&run);
      }
}

/* ---- 5. Robertson's kinetics under IDA ---------------------------------------------- */

/* The IDA example idaRoberts_dns.out (rtol 1e-4, printed to 5 digits):
 * t, y1, y2, y3. */
static const double robertson_published[][4] = {
  { 4e-1, 9.8517e-01, 3.3864e-05, 1.4794e-02 }, { 4e0, 9.0553e-01, 2.2406e-05, 9.4452e-02 },
  { 4e1, 7.1579e-01, 9.1838e-06, 2.8420e-01 },  { 4e2, 4.5044e-01, 3.2218e-06, 5.4956e-01 },
  { 4e3, 1.8320e-01, 8.9444e-07, 8.1680e-01 },  { 4e4, 3.8992e-02, 1.6221e-07, 9.6101e-01 },
  { 4e5, 4.9369e-03, 1.9842e-08, 9.9506e-01 },
};

/* The same kinetics as an ODE, y3 = 1 - y1 - y2: the tight reference. */
static void
robertson_ode (const double *y, double *f, gpointer data)
{
  double y3 = 1 - y[0] - y[1];

  f[0] = -0.04 * y[0] + 1e4 * y[1] * y3;
  f[1] = 0.04 * y[0] - 1e4 * y[1] * y3 - 3e7 * y[1] * y[1];
}

/* Ours against the tight reference: |y - ref| <= FACTOR_ROBERTSON (rtol
 * |ref| + atol). Against the published values: within 5 times their own
 * tolerances (rtol 1e-4, atol 1e-8, 1e-6, 1e-6: their y2 is good to 1e-6
 * only; a global error of a few times the local tolerance is normal),
 * which also covers the 5 printed digits. */
static const double robertson_published_atol[3] = { 1e-8, 1e-6, 1e-6 };
#define FACTOR_ROBERTSON 20.0

static void
test_robertson (void)
{
  const int n_times = G_N_ELEMENTS (robertson_published);
  const double y0[3] = { 1, 0, 0 };
  const double rtol = 1e-6, atol = 1e-12;
  double times[G_N_ELEMENTS (robertson_published)];
  double reference[2 * G_N_ELEMENTS (robertson_published)];

  for (int i = 0; i < n_times; i++)
    times[i] = robertson_published[i][0];
  reference_solve (robertson_ode, NULL, 2, y0, times, n_times, 1e-12, FALSE, reference);

  /* dense (the automatic choice for 3 states) and KLU: the same answers */
  for (int sparse = 0; sparse < 2; sparse++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 4e5);
      double got[3 * G_N_ELEMENTS (robertson_published)];
      double worst_ratio = 0;
      int rob, sampler;
      Run run;

      /* no step limit: IDA's steps grow to 3e4 at the end */
      set_solver (program, "auto", rtol, atol, -1);
      rob = tp_block (program, &robertson_class, "Robertson", 0, 3, 0, 0);
      tp_states (program, rob, 3, y0, TRUE);
      tp_continuous (program, rob);
      sampler = add_sampler (program, rob, 3, times, n_times);
      run_program_with (&run, program, sparse ? ORR_SIM_LINEAR_SPARSE : ORR_SIM_LINEAR_AUTO);
      g_assert_true (g_str_has_prefix (orr_simulation_get_solver_description (run.sim), "ida"));
      {
        g_autoptr (GArray) calls = test_observer_calls (run.observer, sampler, ORR_JOB_OUTPUTS);

        /* the logger notes its first two inputs: y3 follows from the
         * constraint */
        g_assert_cmpuint (calls->len, ==, n_times);
        for (int i = 0; i < n_times; i++)
          {
            TestCall *call = &g_array_index (calls, TestCall, i);

            got[3 * i] = call->value[0];
            got[3 * i + 1] = call->value[1];
            got[3 * i + 2] = 1 - call->value[0] - call->value[1];
          }
      }

      for (int i = 0; i < n_times; i++)
        for (int c = 0; c < 3; c++)
          {
            double ref = c < 2 ? reference[2 * i + c] : 1 - reference[2 * i] - reference[2 * i + 1];
            double published = robertson_published[i][c + 1];
            double error = fabs (got[3 * i + c] - ref);
            double allowed = FACTOR_ROBERTSON * (rtol * fabs (ref) + atol);

            worst_ratio = MAX (worst_ratio, error / allowed);
            g_assert_cmpfloat (error, <=, allowed);
            g_assert_cmpfloat (fabs (got[3 * i + c] - published), <=,
                               5 * (1e-4 * published + robertson_published_atol[c]));
          }
      g_test_message ("Robertson (%s): worst error %.2f of the bound; y(4e5) = (%.5e, %.5e, "
                      "%.5e); %" G_GUINT64_FORMAT " steps",
                      orr_simulation_get_solver_description (run.sim), worst_ratio,
                      got[3 * (n_times - 1)], got[3 * (n_times - 1) + 1],
                      got[3 * (n_times - 1) + 2], orr_simulation_get_stats (run.sim)->steps);
      run_clear (&run);
    }
}

/* ---- 6. the bouncing ball --------------------------------------------------------------- */

/* Variable step: every impact within 1e-4 (SEMANTICS 9) at rtol 1e-8.
 * Fixed step h: an impact is seen at the end of the step it happens in, up
 * to h late; the bounce then starts from a faster ball (v - g delta),
 * lengthening the next flight by 1.8 delta, and Euler's own error (it
 * falls behind falling, overshoots rising) adds energy each flight. The
 * delays compound: forward Euler is 1.2e-3 late at the first impact and
 * 3.3e-2 at the fifth with h = 1e-3; impact k within 1.5 k^2 h. */
static void
test_bouncing_ball (void)
{
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);
  const double expected[] = { 1.42784, 3.99796, 6.31107, 8.39286, 10.26648 };
  const double h = 1e-3;

  for (guint k = 0; k < n_solvers; k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 10.5);
      g_autoptr (GArray) updates = NULL;
      double x0[2] = { 10, 0 };
      double worst = 0;
      int ball, n_impacts = 0;
      Run run;

      if (solvers[k].dae && !g_str_equal (solvers[k].name, "ida"))
        continue; /* auto: cvode-bdf, already there */
      set_solver (program, solvers[k].name, 1e-8, 1e-10, solvers[k].fixed_step ? h : 0);
      ball = tp_block (program, &test_ball_class, "Ball", 0, 1, 0, 0);
      tp_states (program, ball, 2, x0, FALSE);
      tp_surfaces (program, ball, 1, 0);
      tp_continuous (program, ball);
      run_program (&run, program);

      updates = test_observer_calls (run.observer, ball, ORR_JOB_STATE_UPDATE);
      for (guint i = 0; i < updates->len; i++)
        {
          TestCall *call = &g_array_index (updates, TestCall, i);
          double allowed;

          if (!(call->info & 1))
            continue;
          g_assert_cmpint (n_impacts, <, (int)G_N_ELEMENTS (expected));
          allowed = solvers[k].fixed_step ? 1.5 * (n_impacts + 1) * (n_impacts + 1) * h : 1e-4;
          worst = MAX (worst, fabs (call->t - expected[n_impacts]) / allowed);
          n_impacts++;
        }
      g_test_message ("ball %-24s %d impacts, worst timing error %.2f of the bound",
                      solvers[k].name, n_impacts, worst);
      g_assert_cmpfloat (worst, <=, 1);
      g_assert_cmpint (n_impacts, ==, G_N_ELEMENTS (expected));
      run_clear (&run);
    }
}

/* ---- settings --------------------------------------------------------------------------- */

typedef struct
{
  GArray *t;
} Times;

static void
on_record (int block, guint64 seq, double t, const double *values, int n, gpointer data)
{
  Times *times = data;

  g_array_append_val (times->t, t);
}

/* The accepted points of x' = -x over [0, final], seen by a sink. */
static GArray *
accepted_points (const char *solver, double final, double max_step, double initial_step,
                 double rtol)
{
  g_autoptr (TestProgram) program = tp_new (0, final);
  g_autoptr (OrrSimulation) sim = NULL;
  g_autoptr (GError) error = NULL;
  Times times = { g_array_new (FALSE, FALSE, sizeof (double)) };
  double x0 = 1;
  int decay, sink;

  set_solver (program, solver, rtol, rtol * 1e-3, max_step);
  program->settings.initial_step = initial_step;
  decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);
  sink = tp_block (program, &test_sink_class, "Sink", 1, 0, 0, 0);
  tp_connect (program, decay, 0, sink, 0);
  tp_continuous (program, sink);
  sim = orr_simulation_new (program);
  orr_simulation_set_record_func (sim, on_record, &times);
  g_assert_true (orr_simulation_run (sim, &error));
  g_assert_no_error (error);
  return times.t;
}

/* The sink records twice at the start (initialisation, then the first
 * event phase): the distinct times. */
static void
distinct (GArray *t)
{
  guint kept = 0;

  for (guint i = 0; i < t->len; i++)
    if (kept == 0 || g_array_index (t, double, i) != g_array_index (t, double, kept - 1))
      g_array_index (t, double, kept++) = g_array_index (t, double, i);
  g_array_set_size (t, kept);
}

/* max step: auto bounds steps by (tf - t0)/100, an explicit value by
 * itself, a negative one not at all; initial step: the first accepted
 * point is at most that far from the start. */
static void
test_step_settings (void)
{
  const char *variable[] = { "cvode-bdf",
                             "cvode-adams",
                             "cvode-adams-fixed-point",
                             "dormand-prince",
                             "bogacki-shampine",
                             "cash-karp",
                             "sdirk",
                             "ida" };

  for (guint k = 0; k < G_N_ELEMENTS (variable); k++)
    {
      double bounds[] = { 1, 0.5, INFINITY };
      double settings[] = { 0, 0.5, -1 };
      double largest[3];

      for (int s = 0; s < 3; s++)
        {
          g_autoptr (GArray) t = accepted_points (variable[k], 100, settings[s], 0, 1e-4);

          distinct (t);

          largest[s] = 0;
          for (guint i = 1; i < t->len; i++)
            largest[s]
              = MAX (largest[s], g_array_index (t, double, i) - g_array_index (t, double, i - 1));
          g_assert_cmpfloat (largest[s], <=, bounds[s] * (1 + 1e-9));
        }
      /* Once x has decayed below atol, steps want to be far longer than
       * the automatic bound, a hundredth of the run. */
      g_assert_cmpfloat (largest[2], >, 1);
      {
        g_autoptr (GArray) t = accepted_points (variable[k], 10, 0, 1e-5, 1e-4);
        g_autoptr (GArray) free_start = accepted_points (variable[k], 10, 0, 0, 1e-4);

        distinct (t);
        distinct (free_start);

        /* t[0] is the start */
        g_assert_cmpfloat (g_array_index (t, double, 1), <=, 1e-5 * (1 + 1e-9));
        g_test_message ("%-24s largest steps %.3g / %.3g / %.3g (auto / 0.5 / none); first step "
                        "%.3g with initial step 1e-5, %.3g without",
                        variable[k], largest[0], largest[1], largest[2],
                        g_array_index (t, double, 1), g_array_index (free_start, double, 1));
      }
    }
  {
    /* fixed step: the step is max step, auto (tf - t0)/100 */
    g_autoptr (GArray) t = accepted_points ("rk4", 10, 0, 0, 1e-6);
    g_autoptr (GArray) t2 = accepted_points ("rk4", 10, 0.25, 0, 1e-6);

    distinct (t);
    distinct (t2);

    g_assert_cmpuint (t->len, ==, 101);
    g_assert_cmpuint (t2->len, ==, 41);
    for (guint i = 0; i < t->len; i++)
      g_assert_cmpfloat_with_epsilon (g_array_index (t, double, i), 0.1 * i, 1e-12);
  }
}

/* A fixed-step solver refuses to run without a step. */
static void
test_fixed_step_needs_step (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  g_autoptr (OrrSimulation) sim = NULL;
  g_autoptr (GError) error = NULL;
  double x0 = 1;
  int decay;

  set_solver (program, "euler", 1e-6, 1e-8, -1);
  decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
  tp_states (program, decay, 1, &x0, FALSE);
  tp_continuous (program, decay);
  sim = orr_simulation_new (program);
  g_assert_false (orr_simulation_run (sim, &error));
  g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_SOLVER);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "needs a step"));
}

/* zc tolerance: finer than the root finder's own (about 1e-14 s here), the
 * crossing is bisected further, and the ball is found nearer the ground. */
static void
test_zc_tolerance (void)
{
  const char *solvers[] = { "cvode-bdf", "dormand-prince", "sdirk", "ida" };

  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      double height[2];

      for (int refined = 0; refined < 2; refined++)
        {
          g_autoptr (TestProgram) program = tp_new (0, 2);
          g_autoptr (GArray) updates = NULL;
          double x0[2] = { 10, 0 }, no_reset = 0;
          int ball;
          Run run;

          set_solver (program, solvers[k], 1e-8, 1e-10, 0);
          program->settings.zc_tolerance = refined ? 1e-16 : 0;
          ball = tp_block (program, &test_ball_class, "Ball", 0, 1, 0, 0);
          tp_rpar (program, ball, 1, &no_reset);
          tp_states (program, ball, 2, x0, FALSE);
          tp_surfaces (program, ball, 1, 0);
          tp_continuous (program, ball);
          run_program (&run, program);
          /* the impact, then the ball, left below ground, rising through it */
          updates = test_observer_calls (run.observer, ball, ORR_JOB_STATE_UPDATE);
          g_assert_cmpuint (updates->len, >=, 1);
          g_assert_true (g_array_index (updates, TestCall, 0).info & 1);
          height[refined] = fabs (g_array_index (updates, TestCall, 0).value[0]);
          run_clear (&run);
        }
      g_test_message ("%-16s height at the located impact: %.2e, with zc tolerance 1e-16: %.2e",
                      solvers[k], height[0], height[1]);
      /* v is about 14 m/s: the default width of 2e-14 s leaves up to
       * 3e-13 m; the bisection goes down to a few roundings of t, where the
       * interpolant's own error (up to 1e-13 m) is what is left. */
      g_assert_cmpfloat (height[1], <=, 1e-13);
    }
}

/* ---- fixed-step semantics ------------------------------------------------------------------ */

/* Events inside a step are handled at its end; surfaces are looked at only
 * at step ends; clocks off the grid wait for the next grid point. */
static void
test_fixed_step_events (void)
{
  {
    g_autoptr (TestProgram) program = tp_new (0, 1);
    g_autoptr (GArray) calls = NULL;
    double x0 = 1, at = 0.0105;
    int decay, logger;
    Run run;

    set_solver (program, "rk4", 1e-6, 1e-8, 0.01);
    decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
    tp_states (program, decay, 1, &x0, FALSE);
    tp_continuous (program, decay);
    logger = add_sampler (program, decay, 1, &at, 1);
    run_program (&run, program);
    calls = test_observer_calls (run.observer, logger, ORR_JOB_OUTPUTS);
    g_assert_cmpuint (calls->len, ==, 1);
    g_assert_cmpfloat_with_epsilon (g_array_index (calls, TestCall, 0).t, 0.02, 1e-15);
    g_assert_cmpfloat_with_epsilon (g_array_index (calls, TestCall, 0).value[0], exp (-0.02),
                                    1e-10);
    run_clear (&run);
  }
  {
    g_autoptr (TestProgram) program = tp_new (0, 10);
    g_autoptr (GArray) calls = NULL;
    const double seen[] = { 3.2, 6.3, 9.5 }; /* k pi, rounded up to the step */
    int sine, logger, source;
    Run run;

    set_solver (program, "euler", 1e-6, 1e-8, 0.1);
    sine = tp_block (program, &test_sine_crossing_class, "Sine", 0, 0, 0, 1);
    tp_surfaces (program, sine, 1, 0);
    tp_continuous (program, sine);
    source = tp_event_source (program, sine, 0, "Sine, activation output 1");
    logger = tp_block (program, &test_logger_class, "Logger", 0, 0, 1, 0);
    tp_list_add (&program->sources[source].list, logger, 1);
    run_program (&run, program);
    calls = test_observer_calls (run.observer, logger, ORR_JOB_OUTPUTS);
    g_assert_cmpuint (calls->len, ==, 3);
    for (guint i = 0; i < calls->len; i++)
      g_assert_cmpfloat_with_epsilon (g_array_index (calls, TestCall, i).t, seen[i], 1e-12);
    run_clear (&run);
  }
  {
    /* a 0.03 s clock with a 0.1 s step over [0, 1]: 34 ticks, each handled
     * at a grid point, none lost */
    g_autoptr (TestProgram) program = tp_new (0, 1);
    g_autoptr (GArray) calls = NULL;
    double z0 = 0, x0 = 1;
    int counter, clock, decay;
    Run run;

    set_solver (program, "heun", 1e-6, 1e-8, 0.1);
    program->base_period = 0.03;
    decay = tp_block (program, &test_decay_class, "Decay", 0, 1, 0, 0);
    tp_states (program, decay, 1, &x0, FALSE);
    tp_continuous (program, decay);
    counter = tp_block (program, &test_counter_class, "Counter", 0, 1, 1, 0);
    tp_discrete (program, counter, 1, &z0);
    clock = tp_clock (program, 1, 0, 0, "Clock");
    tp_list_add (&program->sources[clock].list, counter, 1);
    run_program (&run, program);
    calls = test_observer_calls (run.observer, counter, ORR_JOB_STATE_UPDATE);
    g_assert_cmpuint (calls->len, ==, 34);
    for (guint i = 0; i < calls->len; i++)
      {
        double t = g_array_index (calls, TestCall, i).t;

        g_assert_cmpfloat_with_epsilon (t, round (t / 0.1) * 0.1, 1e-12);
        g_assert_cmpfloat (t, >=, 0.03 * i - 1e-12);
        g_assert_cmpfloat (t, <, 0.03 * i + 0.1);
      }
    run_clear (&run);
  }
}

/* Modes are ignored by fixed-step methods and used by variable-step ones:
 * the integral of |sin t| over [0, 10] is 7 + cos 10 either way. */
static void
test_modes (void)
{
  const char *solvers[] = { "cvode-bdf",
                            "cvode-adams",
                            "cvode-adams-fixed-point",
                            "dormand-prince",
                            "bogacki-shampine",
                            "cash-karp",
                            "sdirk",
                            "ida",
                            "euler",
                            "heun",
                            "rk4",
                            "backward-euler",
                            "trapezoidal" };
  const double exact = 7 + cos (10), at = 10;

  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      g_autoptr (TestProgram) program = tp_new (0, 10);
      gboolean fixed = solver_info (solvers[k])->fixed_step;
      double x0 = 0, z0 = 0, got[2];
      int block, sampler;
      Run run;

      set_solver (program, solvers[k], 1e-9, 1e-12, fixed ? 1e-3 : 0);
      block = tp_block (program, &abs_sine_class, "AbsSine", 0, 2, 0, 0);
      tp_states (program, block, 1, &x0, FALSE);
      tp_discrete (program, block, 1, &z0);
      tp_surfaces (program, block, 1, 1);
      tp_continuous (program, block);
      sampler = add_sampler (program, block, 2, &at, 1);
      run_program (&run, program);
      collect (&run, sampler, 2, &at, 1, got);
      /* fixed step: a kink inside a step costs O(h^2) = 1e-6 per crossing,
       * and first-order methods lose h/2 |sin| per unit of time: 5e-3 */
      g_test_message ("|sin| %-16s integral error %.2e, %" G_GUINT64_FORMAT
                      " crossings, %g trial evaluations with fixed modes",
                      solvers[k], fabs (got[0] - exact),
                      orr_simulation_get_stats (run.sim)->zero_crossings, got[1]);
      g_assert_cmpfloat_with_epsilon (got[0], exact,
                                      !fixed                                   ? 1e-6
                                      : g_str_has_suffix (solvers[k], "euler") ? 5e-3
                                                                               : 5e-6);
      /* the second output counts trial evaluations that had modes fixed */
      if (fixed)
        g_assert_cmpfloat (got[1], ==, 0);
      else
        g_assert_cmpfloat (got[1], >, 0);
      g_assert_cmpuint (orr_simulation_get_stats (run.sim)->zero_crossings, ==, 3);
      run_clear (&run);
    }
}

/* ---- linear algebra: dense, band, KLU; analytic and quotients ----------------------------- */

/* A ring of n lags, lag 0 reading the last: the band is the whole matrix,
 * the pattern two entries a column, so KLU is the automatic choice. */
static OrrProgram *
ring (int n, const OrrBlockClass *klass, gboolean analytic_every_other)
{
  OrrProgram *program = tp_new (0, 5);
  int first = -1, previous = -1;

  for (int i = 0; i < n; i++)
    {
      double x0 = i == 0 ? 1 : 0;
      gboolean analytic = analytic_every_other && i % 2 == 1;
      int lag = tp_block (program, analytic ? &analytic_lag_class : klass, "Lag", 1, 1, 0, 0);

      tp_states (program, lag, 1, &x0, FALSE);
      program->blocks[lag].feedthrough[0] = FALSE;
      program->blocks[lag].analytic_jacobian = analytic;
      tp_continuous (program, lag);
      if (previous >= 0)
        tp_connect (program, previous, 0, lag, 0);
      else
        first = lag;
      previous = lag;
    }
  tp_connect (program, previous, 0, first, 0);
  return program;
}

static void
test_linear_solvers (void)
{
  const char *solvers[] = { "cvode-bdf", "sdirk", "ida", "backward-euler" };
  const OrrSimLinear kinds[]
    = { ORR_SIM_LINEAR_AUTO, ORR_SIM_LINEAR_DENSE, ORR_SIM_LINEAR_BAND, ORR_SIM_LINEAR_SPARSE };
  const int n = 200;
  const double at = 5;

  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      double values[5][2];
      gboolean fixed = solver_info (solvers[k])->fixed_step;

      for (guint m = 0; m < G_N_ELEMENTS (kinds) + 1; m++)
        {
          gboolean mixed = m == G_N_ELEMENTS (kinds);
          g_autoptr (TestProgram) program = ring (n, &lag_class, mixed);
          int sampler;
          Run run;

          set_solver (program, solvers[k], 1e-8, 1e-12, fixed ? 1e-3 : 0);
          sampler = tp_block (program, &test_logger_class, "Sampler", 2, 0, 1, 0);
          tp_connect (program, 0, 0, sampler, 0);
          tp_connect (program, n - 1, 0, sampler, 1);
          {
            int g = tp_block (program, &test_generator_class, "At", 0, 0, 0, 1);
            int s = tp_event_source (program, g, 0, "At, activation output 1");

            tp_rpar (program, g, 1, &at);
            tp_list_add (&program->sources[s].list, sampler, 1);
          }
          run_program_with (&run, program, mixed ? ORR_SIM_LINEAR_AUTO : kinds[m]);
          {
            g_autoptr (GArray) calls = test_observer_calls (run.observer, sampler, ORR_JOB_OUTPUTS);

            g_assert_cmpuint (calls->len, ==, 1);
            values[m][0] = g_array_index (calls, TestCall, 0).value[0];
            values[m][1] = g_array_index (calls, TestCall, 0).value[1];
          }
          g_test_message ("ring of %d, %s: x0(5) = %.12f, x%d(5) = %.12g; %s", n, solvers[k],
                          values[m][0], n - 1, values[m][1],
                          orr_simulation_get_solver_description (run.sim));
          if (m == 0)
            g_assert_nonnull (strstr (orr_simulation_get_solver_description (run.sim), "KLU"));
          if (mixed)
            g_assert_nonnull (
              strstr (orr_simulation_get_solver_description (run.sim), "analytic blocks"));
          run_clear (&run);
        }
      for (guint m = 1; m < G_N_ELEMENTS (values); m++)
        for (int c = 0; c < 2; c++)
          g_assert_cmpfloat_with_epsilon (values[m][c], values[0][c],
                                          fixed ? 1e-9 : 1e-6 * fabs (values[0][c]) + 1e-12);
    }
}

/* One block holding every state with its analytic Jacobian: no model
 * evaluation for the Jacobian at all. */
static void
test_analytic_only (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 5);
  double x0[2] = { 1, 2 };
  int oracle;
  Run run;

  set_solver (program, "backward-euler", 1e-6, 1e-8, 1e-2);
  oracle = tp_block (program, &test_oracle_jacobian_class, "Oracle", 0, 2, 0, 0);
  tp_states (program, oracle, 2, x0, FALSE);
  program->blocks[oracle].analytic_jacobian = TRUE;
  tp_continuous (program, oracle);
  run_program (&run, program);
  g_test_message ("%s", orr_simulation_get_solver_description (run.sim));
  g_assert_true (g_str_has_suffix (orr_simulation_get_solver_description (run.sim), "; analytic"));
  run_clear (&run);
}

/* ---- control: errors, stops, terminate ------------------------------------------------------ */

static gpointer
stop_later (gpointer data)
{
  g_usleep (100000);
  orr_simulation_stop (data);
  return NULL;
}

static void
test_stop_and_errors (void)
{
  guint n_solvers;
  const OrrSolverInfo *solvers = orr_solver_list (&n_solvers);

  for (guint k = 0; k < n_solvers; k++)
    {
      /* a stop from another thread ends an endless run */
      {
        g_autoptr (TestProgram) program = tp_new (0, INFINITY);
        g_autoptr (OrrSimulation) sim = NULL;
        g_autoptr (TestObserver) observer = NULL;
        g_autoptr (GError) error = NULL;
        double x0[2] = { 1, 2 };
        GThread *thread;
        int oracle;

        set_solver (program, solvers[k].name, 1e-6, 1e-8, 1e-3);
        oracle = tp_block (program, &test_oracle_class, "Oracle", 0, 2, 0, 0);
        tp_states (program, oracle, 2, x0, FALSE);
        tp_continuous (program, oracle);
        sim = orr_simulation_new (program);
        observer = test_observer_new (sim);
        observer->quiet = TRUE;
        thread = g_thread_new ("stopper", stop_later, sim);
        g_assert_true (orr_simulation_run (sim, &error));
        g_thread_join (thread);
        g_assert_no_error (error);
        g_assert_true (orr_simulation_get_stats (sim)->stopped);
        g_assert_cmpint (observer->initialised[oracle], ==, 1);
        g_assert_cmpint (observer->terminated[oracle], ==, 1);
      }
      /* a block error ends the run, every block terminated */
      {
        g_autoptr (TestProgram) program = tp_new (0, 10);
        g_autoptr (OrrSimulation) sim = NULL;
        g_autoptr (TestObserver) observer = NULL;
        g_autoptr (GError) error = NULL;
        double x0 = 1, at = 0.5;
        int decay, failing, clock;

        set_solver (program, solvers[k].name, 1e-6, 1e-8, 0.01);
        program->base_period = 0.1;
        decay = tp_block (program, &test_decay_class, "Plant/Decay", 0, 1, 0, 0);
        tp_states (program, decay, 1, &x0, FALSE);
        tp_continuous (program, decay);
        failing = tp_block (program, &test_error_class, "Plant/Fail", 0, 0, 1, 0);
        tp_rpar (program, failing, 1, &at);
        clock = tp_clock (program, 1, 0, 0, "Clock");
        tp_list_add (&program->sources[clock].list, failing, 1);
        sim = orr_simulation_new (program);
        observer = test_observer_new (sim);
        observer->quiet = TRUE;
        g_assert_false (orr_simulation_run (sim, &error));
        g_assert_error (error, ORR_SIM_ERROR, ORR_SIM_ERROR_BLOCK);
        g_assert_cmpfloat_with_epsilon (orr_simulation_get_stats (sim)->final_time, 0.5, 1e-9);
        for (int b = 0; b < program->n_blocks; b++)
          {
            g_assert_cmpint (observer->initialised[b], ==, 1);
            g_assert_cmpint (observer->terminated[b], ==, 1);
          }
      }
    }
}

/* A stiff problem on an explicit fixed-step method blows up: a clear
 * error naming the block, not a hang. */
static void
test_fixed_step_failure (void)
{
  g_autoptr (TestProgram) program = tp_new (0, 10);
  g_autoptr (OrrSimulation) sim = NULL;
  g_autoptr (GError) error = NULL;
  double x0[2] = { 2, 0 }, mu = 1000;
  int vdp;

  set_solver (program, "euler", 1e-6, 1e-8, 0.1);
  vdp = tp_block (program, &vdp_class, "Plant/VanDerPol", 0, 2, 0, 0);
  tp_rpar (program, vdp, 1, &mu);
  tp_states (program, vdp, 2, x0, FALSE);
  tp_continuous (program, vdp);
  sim = orr_simulation_new (program);
  g_assert_false (orr_simulation_run (sim, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Plant/VanDerPol"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solvers/accuracy/decay", test_decay);
  g_test_add_func ("/solvers/accuracy/oscillator", test_oscillator);
  g_test_add_func ("/solvers/accuracy/semantics-ode", test_semantics_ode);
  g_test_add_func ("/solvers/accuracy/van-der-pol", test_van_der_pol);
  g_test_add_func ("/solvers/accuracy/robertson", test_robertson);
  g_test_add_func ("/solvers/accuracy/bouncing-ball", test_bouncing_ball);
  g_test_add_func ("/solvers/settings/steps", test_step_settings);
  g_test_add_func ("/solvers/settings/fixed-step-needs-step", test_fixed_step_needs_step);
  g_test_add_func ("/solvers/settings/zc-tolerance", test_zc_tolerance);
  g_test_add_func ("/solvers/fixed-step/events", test_fixed_step_events);
  g_test_add_func ("/solvers/fixed-step/failure", test_fixed_step_failure);
  g_test_add_func ("/solvers/modes", test_modes);
  g_test_add_func ("/solvers/linear/ring", test_linear_solvers);
  g_test_add_func ("/solvers/linear/analytic-only", test_analytic_only);
  g_test_add_func ("/solvers/control/stop-and-errors", test_stop_and_errors);
  return g_test_run ();
}
