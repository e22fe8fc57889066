/* orr-loops.c: algebraic loops solved while the model runs, for models
 * that ask for it (OrrSettings.solve_loops; docs/analysis.md).
 *
 * The compiler tore each loop: some inputs of its blocks (the tears) read
 * a guess v instead of a value computed before them. Running the loop's
 * blocks in order computes g(v), what the producers of those inputs make
 * of the guess; the loop is solved when v = g(v). After the last block's
 * outputs (its class is wrapped for that), Newton's method with line
 * search (KINSOL, on a difference-quotient Jacobian of the loop) solves
 * v - g(v) = 0 from the values of the pass just made, then the blocks run
 * once more at the solution so that every signal agrees with it. A loop
 * with no solution ends the run with an error naming all its blocks.
 *
 * DESIGN: owns algebraic loops at run time, sim->loops (OrrSimLoops, made
 * on first use and private to this file); it writes nothing else of
 * OrrSimulation and fails the run through orr_sim_fail().
 */
#include "orr-sim-private.h"
#include "orr-loops.h"

#include <math.h>
#include <string.h>

#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

typedef struct
{
  OrrSimulation *sim;
  const OrrProgramLoop *loop;
  SUNContext ctx;
  N_Vector v, scale;
  SUNMatrix jac;
  SUNLinearSolver ls;
  void *kmem;
  gboolean ready, broken;
} LoopState;

struct _OrrSimLoops
{
  int n;
  LoopState *states;
};

void
orr_sim_loops_free (OrrSimLoops *loops)
{
  if (loops == NULL)
    return;
  for (int l = 0; l < loops->n; l++)
    {
      LoopState *st = &loops->states[l];

      if (st->kmem != NULL)
        KINFree (&st->kmem);
      if (st->ls != NULL)
        SUNLinSolFree (st->ls);
      if (st->jac != NULL)
        SUNMatDestroy (st->jac);
      if (st->v != NULL)
        N_VDestroy (st->v);
      if (st->scale != NULL)
        N_VDestroy (st->scale);
      if (st->ctx != NULL)
        SUNContext_Free (&st->ctx);
    }
  g_free (loops->states);
  g_free (loops);
}

/* Writes v into the tears, runs the loop's blocks, reads what the
 * producers made of it into gv (may be NULL). FALSE if a block failed. */
static gboolean
run_loop (OrrSimulation *sim, const OrrProgramLoop *loop, const double *v, double *gv)
{
  const OrrProgram *program = sim->program;
  int at = 0;

  for (int k = 0; k < loop->n_tears; k++)
    {
      const OrrBufferInfo *info = &program->buffers[loop->tear_buffers[k]];
      int n = info->rows * info->cols;

      memcpy (sim->arena + info->offset, v + at, sizeof (double) * n);
      at += n;
    }
  for (int i = 0; i < loop->n_blocks; i++)
    {
      int b = loop->blocks[i];
      const OrrBlockClass *klass = i == loop->n_blocks - 1 ? loop->klass : program->blocks[b].klass;

      if (!orr_sim_callable (program->blocks[b].kind) || klass->simulate == NULL)
        continue;
      klass->simulate (&sim->blocks[b], ORR_JOB_OUTPUTS);
      if (sim->failed)
        return FALSE;
    }
  at = 0;
  for (int k = 0; k < loop->n_tears && gv != NULL; k++)
    {
      const OrrBufferInfo *info = &program->buffers[loop->tear_buffers[k]];
      int n = info->rows * info->cols;

      memcpy (gv + at, sim->arena + info->offset, sizeof (double) * n);
      at += n;
    }
  return TRUE;
}

static int
loop_residual (N_Vector vv, N_Vector fval, void *data)
{
  LoopState *st = data;
  const double *v = N_VGetArrayPointer (vv);
  double *f = N_VGetArrayPointer (fval);
  int n = st->loop->n_unknowns;

  if (!run_loop (st->sim, st->loop, v, f))
    return -1;
  for (int i = 0; i < n; i++)
    {
      f[i] = v[i] - f[i];
      if (!isfinite (f[i]))
        return 1; /* a step too far: KINSOL tries a shorter one */
    }
  return 0;
}

/* KINSOL's failures become our messages; it prints nothing itself. */
static void
quiet_errors (int code, const char *module, const char *function, char *msg, void *data)
{
}

static gboolean
setup (LoopState *st)
{
  int n = st->loop->n_unknowns;

  if (SUNContext_Create (NULL, &st->ctx) != 0)
    return FALSE;
  st->v = N_VNew_Serial (n, st->ctx);
  st->scale = N_VNew_Serial (n, st->ctx);
  st->jac = SUNDenseMatrix (n, n, st->ctx);
  st->ls = SUNLinSol_Dense (st->v, st->jac, st->ctx);
  st->kmem = KINCreate (st->ctx);
  if (st->v == NULL || st->ls == NULL || st->kmem == NULL
      || KINInit (st->kmem, loop_residual, st->v) != KIN_SUCCESS
      || KINSetLinearSolver (st->kmem, st->ls, st->jac) != KIN_SUCCESS)
    return FALSE;
  N_VConst (1.0, st->scale);
  KINSetUserData (st->kmem, st);
  KINSetFuncNormTol (st->kmem, 1e-12);
  KINSetScaledStepTol (st->kmem, 1e-15);
  KINSetNumMaxIters (st->kmem, 50);
  KINSetMaxSetupCalls (st->kmem, 1);
  KINSetPrintLevel (st->kmem, 0);
  KINSetErrHandlerFn (st->kmem, quiet_errors, NULL);
  return TRUE;
}

static void
solve (OrrSimulation *sim, int l)
{
  const OrrProgram *program = sim->program;
  OrrSimLoops *loops = sim->loops;
  LoopState *st;
  const OrrProgramLoop *loop = &program->loops[l];
  double *v;
  int at = 0, flag;

  if (loops == NULL)
    {
      loops = sim->loops = g_new0 (OrrSimLoops, 1);
      loops->n = program->n_loops;
      loops->states = g_new0 (LoopState, loops->n);
    }
  st = &loops->states[l];
  if (!st->ready && !st->broken)
    {
      st->sim = sim;
      st->loop = loop;
      st->ready = setup (st);
      st->broken = !st->ready;
    }
  if (st->broken)
    {
      orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER,
                    "the algebraic loop through %s: its solver (KINSOL) could not be set up",
                    loop->names);
      return;
    }

  /* the guess: what the pass just made put on the tears */
  v = N_VGetArrayPointer (st->v);
  for (int k = 0; k < loop->n_tears; k++)
    {
      const OrrBufferInfo *info = &program->buffers[loop->tear_buffers[k]];
      int n = info->rows * info->cols;

      memcpy (v + at, sim->arena + info->offset, sizeof (double) * n);
      at += n;
    }
  for (int i = 0; i < loop->n_unknowns; i++)
    if (!isfinite (v[i]))
      v[i] = 0;
  flag = KINSol (st->kmem, st->v, KIN_LINESEARCH, st->scale, st->scale);
  if (sim->failed)
    return;
  if (flag < 0)
    {
      const char *why = flag == KIN_LINESEARCH_NONCONV || flag == KIN_MXNEWT_5X_EXCEEDED
                          ? "Newton's method found no point where the loop agrees with itself"
                        : flag == KIN_MAXITER_REACHED ? "Newton's method did not converge"
                        : flag == KIN_LSETUP_FAIL || flag == KIN_LSOLVE_FAIL
                          ? "the loop's Jacobian is singular (the loop gain is 1 somewhere)"
                          : "the nonlinear solver failed";

      orr_sim_fail (sim, ORR_SIM_ERROR_SOLVER,
                    "the algebraic loop through %s cannot be solved at t = %g s: %s (KINSOL "
                    "flag %d)",
                    loop->names, sim->time.t, why, flag);
      return;
    }
  /* every signal of the loop at the solution */
  run_loop (sim, loop, v, NULL);
}

void
orr_sim_loop_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrSimulation *sim = block->sim;
  const OrrProgram *program = sim->program;
  int l;

  for (l = 0; l < program->n_loops; l++)
    if (program->loops[l].blocks[program->loops[l].n_blocks - 1] == block->index)
      break;
  g_return_if_fail (l < program->n_loops);
  program->loops[l].klass->simulate (block, job);
  if (job == ORR_JOB_OUTPUTS && !sim->failed)
    solve (sim, l);
}
