/* block-harness.h: runs one block class outside any simulation, for
 * white-box tests of the standard blocks.
 *
 * A test configures a class from parameter expressions (through the
 * engine's real OrrConfig), then builds the OrrSimBlock the simulator would
 * build, choosing concrete sizes for the negative placeholders, and calls
 * the simulation function job by job with a time, phase and modes it
 * controls.
 *
 * What a block reports to the simulator (orr_block_record, orr_block_error
 * ...) is caught with the linker's --wrap option and kept in the harness,
 * found through the block's private sim pointer. So the tests see exactly
 * what a block asked for, and need no running simulation. */
#pragma once

#include <orrery/orr-base.h>
#include <orrery/orr-block.h>
#include "orr-config-private.h"

G_BEGIN_DECLS

typedef struct
{
  const OrrBlockClass *klass;
  OrrConfig *config;
  OrrSimTime time; /* tests set t, phase and modes_fixed */
  OrrSimBlock block;

  /* what the block reported */
  GArray *records;  /* of double: every recorded sample, back to back */
  int n_records;    /* samples */
  int record_width; /* values in the last sample */
  char *error;      /* the last orr_block_error() message, or NULL */
  int n_errors;
  gboolean stop_requested;
  gboolean restart_requested;
  int repeat_requests;              /* orr_block_request_repeat() calls */
  OrrBase *base;                    /* what the block stored with orr_block_set_base_value() */
  OrrStepHook step_hook;            /* what the block set (tests call them) */
  OrrLeftLimitHook left_limit_hook; /* with orr_harness_call_*_hook() */

  /*< private >*/
  GPtrArray *allocations; /* freed with the harness */
} OrrHarness;

/* Evaluates "name", "expression" pairs (NULL-terminated) and configures
 * klass with them; parameters not given take their default expression.
 * NULL with error set when configure fails; a parameter that does not
 * evaluate is a test failure. */
OrrConfig *orr_harness_configure (const OrrBlockClass *klass, GError **error,
                                  ...) G_GNUC_NULL_TERMINATED;

/* Builds the run-time block from config (taken). placeholders[k - 1] is the
 * size chosen for the placeholder -k; a negative surface or mode count
 * means one per element of input 1. Ports of inherited type get doubles.
 * Inputs, states and outputs start from config (x0, z0) or zeros, evout at
 * -1, the phase at ORR_PHASE_INIT, t at 0 of [0, 10]. */
OrrHarness *orr_harness_new (const OrrBlockClass *klass, OrrConfig *config, const int *placeholders,
                             int n_placeholders);
void orr_harness_free (OrrHarness *harness);

/* Calls the block's simulation function. Before ORR_JOB_EVENTS every evout
 * is set to -1 first, as the simulator does, so that afterwards evout
 * holds exactly what the block programmed. */
void orr_harness_run (OrrHarness *harness, OrrJob job);

/* Gives the block ng surfaces and nmode modes (zeroed), as the compiler
 * does when it resolves counts a block declared per element of its input. */
void orr_harness_set_surfaces (OrrHarness *harness, int ng, int nmode);

void orr_harness_set_input (OrrHarness *harness, int port, const double *values);
const double *orr_harness_output (OrrHarness *harness, int port);

/* Call the hook the block set, as the simulator would after an accepted
 * step (phase ORR_PHASE_EVENT; returns the hook's answer) and before the
 * events of a new time. The block must have set one. */
gboolean orr_harness_call_step_hook (OrrHarness *harness);
void orr_harness_call_left_limit_hook (OrrHarness *harness);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrHarness, orr_harness_free)

/* The linker sends the blocks' calls here (see tests/common/meson.build). */
void __wrap_orr_block_error (OrrSimBlock *block, const char *format, ...) G_GNUC_PRINTF (2, 3);
void __wrap_orr_block_request_stop (OrrSimBlock *block);
void __wrap_orr_block_request_restart (OrrSimBlock *block);
void __wrap_orr_block_request_repeat (OrrSimBlock *block);
void __wrap_orr_block_set_base_value (OrrSimBlock *block, const char *name, OrrValue *value);
gpointer __wrap_orr_block_alloc_work (OrrSimBlock *block, gsize size);
void __wrap_orr_block_record (OrrSimBlock *block, const double *values, int n);
void __wrap_orr_block_set_step_hook (OrrSimBlock *block, OrrStepHook hook);
void __wrap_orr_block_set_left_limit_hook (OrrSimBlock *block, OrrLeftLimitHook hook);
int __wrap_orr_block_open_output_file (OrrSimBlock *block, const char *name, char **path,
                                       GError **error);
char *__wrap_orr_block_input_path (OrrSimBlock *block, const char *name);

G_END_DECLS
