/* orr-script.h: what scripting languages need beyond the C API, through
 * GObject Introspection (docs/python.md): GTypes for the engine's
 * structures that scripts hold (boxed types), and a few entry points
 * whose C counterparts take arguments bindings cannot pass (endpoint
 * structs, caller-filled arrays, a simulation driven from two threads).
 * They are ordinary C functions too; C programs may use them as well.
 */
#pragma once

#include <orrery/orr-analysis.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-evaluate.h>
#include <orrery/orr-model.h>
#include <orrery/orr-recording.h>
#include <orrery/orr-registry.h>

G_BEGIN_DECLS

/* Boxed types. Blocks, links, registries and recordings are shared by
 * reference; problems, settings, rectangles and points are copied. */
#define ORR_TYPE_BLOCK (orr_block_get_type ())
GType orr_block_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_LINK (orr_link_get_type ())
GType orr_link_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_REGISTRY (orr_registry_get_type ())
GType orr_registry_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_RECORDING (orr_recording_get_type ())
GType orr_recording_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_PROBLEM (orr_problem_get_type ())
GType orr_problem_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_SETTINGS (orr_settings_get_type ())
GType orr_settings_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_RECT (orr_rect_get_type ())
GType orr_rect_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_POINT (orr_point_get_type ())
GType orr_point_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_SCOPE (orr_scope_get_type ())
GType orr_scope_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_VALUE (orr_value_get_type ())
GType orr_value_get_type (void) G_GNUC_CONST;
#define ORR_TYPE_LINEAR_MODEL (orr_linear_model_get_type ())
GType orr_linear_model_get_type (void) G_GNUC_CONST;

/* ---- linear analysis for scripts (orr-analysis.h) ---------------------- */

/**
 * orr_model_linearize:
 * @model: the model
 * @registry: its block classes (orr_registry_new_standard() for the standard blocks)
 * @block: (nullable): the super block's path; NULL or "": the whole model
 * @inputs: (array length=n_inputs) (nullable): input ports from 1; NULL: all
 * @n_inputs: how many
 * @outputs: (array length=n_outputs) (nullable): output ports from 1; NULL: all
 * @n_outputs: how many
 * @at_time: the operating point: the model simulated to this time; NAN: the initial state
 * @overrides: (nullable): context variables that win over the model's
 * @error: why it failed
 *
 * orr_linearize() with its options as arguments.
 *
 * Returns: (transfer full): the linear model (A, B, C, D)
 */
OrrLinearModel *orr_model_linearize (OrrModel *model, OrrRegistry *registry, const char *block,
                                     const int *inputs, int n_inputs, const int *outputs,
                                     int n_outputs, double at_time, OrrScope *overrides,
                                     GError **error);
/**
 * orr_linear_model_dup_matrix:
 * @model: a linear model
 * @which: 'A', 'B', 'C' or 'D'
 * @rows: (out): its rows
 * @cols: (out): its columns
 *
 * Returns: (transfer full): the matrix's doubles, column-major (as numpy's
 * order='F')
 */
GBytes *orr_linear_model_dup_matrix (const OrrLinearModel *model, char which, int *rows, int *cols);
/**
 * orr_linear_model_dup_poles:
 * @model: a linear model
 * @error: why LAPACK could not tell
 *
 * Returns: (transfer full): the eigenvalues of A as pairs of doubles (re, im)
 */
GBytes *orr_linear_model_dup_poles (const OrrLinearModel *model, GError **error);

#define ORR_TYPE_TRIM_RESULT (orr_trim_result_get_type ())
GType orr_trim_result_get_type (void) G_GNUC_CONST;
/**
 * orr_model_trim:
 * @model: the model
 * @registry: its block classes (orr_registry_new_standard() for the standard blocks)
 * @block: (nullable): the super block's path; NULL or "": the whole model
 * @vars: (array zero-terminated=1) (nullable): context variables (real scalars) to vary
 * @vary_states: vary the block's continuous states too
 * @vary_inputs: vary the block's inputs (@inputs) too
 * @inputs: (array length=n_inputs) (nullable): input ports from 1; NULL: all
 * @n_inputs: how many
 * @outputs: (array length=n_outputs) (nullable): output ports from 1 that must be zero too
 * @n_outputs: how many
 * @overrides: (nullable): context variables that win over the model's
 * @tolerance: the largest residual accepted; 0: 1e-9
 * @error: why it failed (ORR_ANALYSIS_ERROR_NO_SOLUTION names the residuals that stay)
 *
 * orr_trim() with its options as arguments: an equilibrium of the block.
 *
 * Returns: (transfer full): the values found and the residuals there
 */
OrrTrimResult *orr_model_trim (OrrModel *model, OrrRegistry *registry, const char *block,
                               const char *const *vars, gboolean vary_states, gboolean vary_inputs,
                               const int *inputs, int n_inputs, const int *outputs, int n_outputs,
                               OrrScope *overrides, double tolerance, GError **error);
/**
 * orr_trim_result_dup_values:
 * @result: an equilibrium
 * @which: 'v' the varied variables' values, 'x' the block's states, 'u' its
 *   inputs, 'r' the residuals
 *
 * Returns: (transfer full): the doubles
 */
GBytes *orr_trim_result_dup_values (const OrrTrimResult *result, char which);
/**
 * orr_trim_result_dup_names:
 * @result: an equilibrium
 * @which: 'v' the varied variables, 'r' the residuals ("der Plant/Integrator1[1]")
 *
 * Returns: (transfer full) (array zero-terminated=1): the names
 */
char **orr_trim_result_dup_names (const OrrTrimResult *result, char which);

/**
 * orr_settings_new:
 *
 * Returns: (transfer full): the default settings (orr_settings_init_default)
 */
OrrSettings *orr_settings_new (void);
/**
 * orr_settings_dup:
 * @settings: settings to copy
 *
 * Returns: (transfer full): a copy, freed with orr_settings_free()
 */
OrrSettings *orr_settings_dup (const OrrSettings *settings);
void orr_settings_free (OrrSettings *settings);
/**
 * orr_settings_get_solver:
 * @settings: settings
 *
 * Returns: the solver's name ("auto", "cvode-bdf"...)
 */
const char *orr_settings_get_solver (const OrrSettings *settings);
/* Bindings cannot write a string field: this replaces the solver's name. */
void orr_settings_set_solver (OrrSettings *settings, const char *solver);

/**
 * orr_rect_new:
 * @x: left
 * @y: top
 * @width: width
 * @height: height
 *
 * Returns: (transfer full): a rectangle, freed with g_free()
 */
OrrRect *orr_rect_new (double x, double y, double width, double height);
/**
 * orr_point_new:
 * @x: x
 * @y: y
 *
 * Returns: (transfer full): a point, freed with g_free()
 */
OrrPoint *orr_point_new (double x, double y);

/**
 * orr_model_find_block_by_path:
 * @model: a model
 * @path: "Plant/Motor/Integrator1", as orr_block_get_path() writes it
 *
 * Returns: (transfer none) (nullable): the block, or %NULL
 */
OrrBlock *orr_model_find_block_by_path (OrrModel *model, const char *path);

/**
 * orr_diagram_get_n_blocks:
 * @diagram: a diagram
 *
 * Returns: how many blocks the diagram holds (not counting those inside
 *   its super blocks)
 */
guint orr_diagram_get_n_blocks (OrrDiagram *diagram);
/**
 * orr_diagram_get_block:
 * @diagram: a diagram
 * @index: from 0, in drawing order
 *
 * Returns: (transfer none): the block
 */
OrrBlock *orr_diagram_get_block (OrrDiagram *diagram, guint index);
/**
 * orr_block_get_child:
 * @block: a block
 *
 * Returns: (transfer none) (nullable): a super block's diagram, %NULL for
 *   other blocks
 */
OrrDiagram *orr_block_get_child (OrrBlock *block);
/**
 * orr_block_get_diagram:
 * @block: a block
 *
 * Returns: (transfer none) (nullable): the diagram holding the block,
 *   %NULL while it is in none
 */
OrrDiagram *orr_block_get_diagram (OrrBlock *block);
/**
 * orr_block_get_id:
 * @block: a block
 *
 * Returns: the block's id in its model ("b12")
 */
const char *orr_block_get_id (OrrBlock *block);
/**
 * orr_block_get_type_name:
 * @block: a block
 *
 * Returns: the block's class name ("Gain"; "SuperBlock")
 */
const char *orr_block_get_type_name (OrrBlock *block);
/**
 * orr_block_get_label:
 * @block: a block
 *
 * Returns: (nullable): the block's label
 */
const char *orr_block_get_label (OrrBlock *block);
/**
 * orr_block_list_params:
 * @block: a block
 *
 * Returns: (transfer full) (array zero-terminated=1): the names of the
 *   parameters the block sets, in file order
 */
char **orr_block_list_params (OrrBlock *block);

/**
 * orr_model_configure_ports:
 * @model: a model
 * @block: a block of @model
 * @registry: the block classes
 * @error: where a failure names the block by its path
 *
 * Gives @block the ports its class has with its current parameters (as
 * the editor does when a block is placed or its parameters change):
 * parameters that are not literals are evaluated in the scope of the
 * block's diagram. A super block's ports follow its port blocks. One undo
 * step.
 *
 * Returns: %TRUE on success
 */
gboolean orr_model_configure_ports (OrrModel *model, OrrBlock *block, OrrRegistry *registry,
                                    GError **error);

/**
 * orr_model_connect_ports:
 * @model: a model
 * @from: the block whose output the link leaves
 * @from_port: its output, counted from 1
 * @to: the block whose input the link enters, in the same diagram
 * @to_port: its input, counted from 1
 * @kind: %ORR_LINK_REGULAR (data) or %ORR_LINK_ACTIVATION
 * @error: where a refused link says why
 *
 * orr_model_connect() with the ends given by block and port number.
 *
 * Returns: (transfer none): the new link, or %NULL with @error set
 */
OrrLink *orr_model_connect_ports (OrrModel *model, OrrBlock *from, guint from_port, OrrBlock *to,
                                  guint to_port, OrrLinkKind kind, GError **error);

/**
 * OrrSimulateFlags:
 * @ORR_SIMULATE_NONE: the defaults
 * @ORR_SIMULATE_TRUST_NATIVE_CODE: compile and load the model's own C code
 *   (CCustomBlock), as #OrrCompileOptions.trust_native_code
 *
 * How orr_model_check() and orr_model_simulate() treat a model.
 */
typedef enum /*< flags >*/
{
  ORR_SIMULATE_NONE = 0,
  ORR_SIMULATE_TRUST_NATIVE_CODE = 1 << 0,
} OrrSimulateFlags;

/**
 * orr_model_check:
 * @model: a model
 * @registry: the block classes
 * @overrides: (nullable): names pinned in the model context (as
 *   orr_evaluate_model)
 * @flags: options
 *
 * Compiles @model and throws the program away: what is wrong with it.
 *
 * Returns: (transfer container) (element-type OrrProblem): every problem, empty
 *   when the model compiles
 */
GPtrArray *orr_model_check (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                            OrrSimulateFlags flags);

/**
 * orr_problem_get_message:
 * @problem: a problem
 *
 * Returns: what is wrong
 */
const char *orr_problem_get_message (const OrrProblem *problem);
/**
 * orr_problem_get_where:
 * @problem: a problem
 *
 * Returns: where: "model context", "Plant/Gain1, parameter 'gain'"...
 */
const char *orr_problem_get_where (const OrrProblem *problem);
/**
 * orr_problem_get_block_ids:
 * @problem: a problem
 *
 * Returns: (transfer none) (array zero-terminated=1) (nullable): the ids
 *   of every block involved (an algebraic loop's), the first one first
 */
const char *const *orr_problem_get_block_ids (const OrrProblem *problem);
/**
 * orr_problem_dup_block_path:
 * @problem: a problem
 * @model: the model it was found in
 *
 * Returns: (transfer full) (nullable): the path of the block to show
 *   first, %NULL for the model context
 */
char *orr_problem_dup_block_path (const OrrProblem *problem, OrrModel *model);

/**
 * OrrProgressFunc:
 * @time: the simulated time reached
 * @user_data: the data given with the function
 *
 * Called on the caller's thread while a simulation runs.
 *
 * Returns: %TRUE to go on, %FALSE to stop the simulation there
 */
typedef gboolean (*OrrProgressFunc) (double time, gpointer user_data);

/**
 * orr_model_simulate:
 * @model: a model
 * @registry: the block classes
 * @overrides: (nullable): names pinned in the model context
 * @flags: options
 * @progress: (scope call) (nullable) (closure user_data): called about
 *   every 20 ms with the time reached; returning %FALSE stops the run
 * @user_data: data for @progress
 * @error: where a failure says why, naming the block by its path
 *
 * Compiles @model and simulates it to its final time (run after run while
 * End blocks ask for a restart, as orrery-sim does), on a thread of its
 * own while this thread records what the sinks produce and calls
 * @progress. A run stopped by @progress (or a Stop block) succeeds with
 * what was recorded until then.
 *
 * Returns: (transfer full): the last run's recording (finished), or %NULL
 *   with @error set
 */
OrrRecording *orr_model_simulate (OrrModel *model, OrrRegistry *registry, OrrScope *overrides,
                                  OrrSimulateFlags flags, OrrProgressFunc progress,
                                  gpointer user_data, GError **error);

/**
 * orr_recording_get_times_bytes:
 * @recording: a finished recording
 * @signal: the signal's index
 *
 * The sample times without a copy: the bytes hold a reference to
 * @recording and point into its array.
 *
 * Returns: (transfer full): n_samples doubles in native byte order
 */
GBytes *orr_recording_get_times_bytes (OrrRecording *recording, guint signal);
/**
 * orr_recording_get_values_bytes:
 * @recording: a finished recording
 * @signal: the signal's index
 *
 * The values without a copy, as orr_recording_get_times_bytes().
 *
 * Returns: (transfer full): n_samples * n_channels doubles, sample after
 *   sample, in native byte order
 */
GBytes *orr_recording_get_values_bytes (OrrRecording *recording, guint signal);
/**
 * orr_recording_is_finished:
 * @recording: a recording
 *
 * Returns: whether orr_recording_finish() has run: the arrays no longer move
 */
gboolean orr_recording_is_finished (OrrRecording *recording);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrSettings, orr_settings_free)

G_END_DECLS
