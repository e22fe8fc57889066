/* orrery-gir-skips.c: GObject Introspection annotations for the public
 * functions scripts do not call, kept here rather than in the headers
 * (which several people edit at once): each is left out of the typelib
 * with (skip), since its arguments or results are structures bindings
 * cannot hold (no boxed type) or callbacks without user data. Nothing
 * here is compiled; g-ir-scanner reads the comments. When one of these
 * becomes something scripts need, give its structure a boxed type in
 * orr-script.h, annotate it in its header and drop it here. */

/* A C driver's simulation: scripts call orr_model_check() and orr_model_simulate(), which own the
 * program, the simulation, its thread and streams (orr-script.h). */

/**
 * orr_base_list: (skip)
 */

/**
 * orr_base_new: (skip)
 */

/**
 * orr_base_ref: (skip)
 */

/**
 * orr_compile: (skip)
 */

/**
 * orr_compile_with_options: (skip)
 */

/**
 * orr_evaluate_model: (skip)
 */

/**
 * orr_evaluate_model_with_registry: (skip)
 */

/**
 * orr_runs_execute: (skip)
 */

/**
 * orr_runs_get_base: (skip)
 */

/**
 * orr_runs_new: (skip)
 */

/**
 * orr_runs_set_callbacks: (skip)
 */

/**
 * orr_simulation_get_base: (skip)
 */

/**
 * orr_simulation_get_stream: (skip)
 */

/**
 * orr_simulation_new: (skip)
 */

/**
 * orr_simulation_set_message_func: (skip)
 */

/**
 * orr_simulation_set_record_func: (skip)
 */

/* The block-author, configure-time and expression internals: C APIs for blocks and the editor. */

/**
 * orr_block_class_extra_params: (skip)
 */

/**
 * orr_block_class_interface: (skip)
 */

/**
 * orr_block_set_step_hook: (skip)
 */

/**
 * orr_block_set_left_limit_hook: (skip)
 */

/**
 * orr_expr_cache_new: (skip)
 */

/**
 * orr_expr_free_variables: (skip)
 */

/**
 * orr_expr_program_new: (skip)
 */

/* User libraries and FMUs: not yet for scripts (their structures are not boxed). */

/**
 * orr_fmu_describe: (skip)
 */

/**
 * orr_fmu_description_list: (skip)
 */

/**
 * orr_fmu_description_ports: (skip)
 */

/**
 * orr_fmu_description_read: (skip)
 */

/**
 * orr_fmu_unpack_full: (skip)
 */

/**
 * orr_editor_apply_interface: (skip)
 */

/**
 * OrrFmuProgressFunc: (skip)
 */

/**
 * orr_library_copy_to: (skip)
 */

/**
 * orr_library_create: (skip)
 */

/**
 * orr_library_list_blocks: (skip)
 */

/**
 * orr_library_open: (skip)
 */

/**
 * orr_library_ref_copy: (skip)
 */

/**
 * orr_library_ref_new: (skip)
 */

/**
 * orr_library_set_add_default_folders: (skip)
 */

/**
 * orr_library_set_add_folder: (skip)
 */

/**
 * orr_library_set_get_libraries: (skip)
 */

/**
 * orr_library_set_lookup: (skip)
 */

/**
 * orr_library_set_new: (skip)
 */

/**
 * orr_library_set_resolve: (skip)
 */

/* Detached objects and masks for loaders and the editor: scripts edit through the model
 * (orr_model_add_block ...). */

/**
 * orr_diagram_new: (skip)
 */

/**
 * orr_fragment_paste: (skip)
 */

/**
 * orr_mask_copy: (skip)
 */

/**
 * orr_mask_new: (skip)
 */

/**
 * orr_mask_param_new: (skip)
 */

/**
 * orr_mask_propose_params: (skip)
 */

/**
 * orr_model_expand: (skip)
 */

/**
 * orr_model_get_foreign: (skip)
 */

/**
 * orr_model_take_root: (skip)
 */

/**
 * orr_param_new: (skip)
 */

/**
 * orr_port_new: (skip)
 */

/* The FMU loader, for FMU-like blocks written in C. */

/**
 * orr_fmi2_library_load: (skip)
 */

/* Dense linear algebra on caller-owned arrays, for C blocks: scripts have
 * numpy. */

/**
 * orr_dense_lu: (skip)
 */

/**
 * orr_dense_lu_solve: (skip)
 */

/**
 * orr_dense_lu_inverse: (skip)
 */

/**
 * orr_dense_lu_det: (skip)
 */

/**
 * orr_dense_solve: (skip)
 */

/**
 * orr_dense_expm: (skip)
 */

/* Linear analysis through option structs and caller-filled arrays: scripts
 * call orr_model_linearize() and the orr_linear_model_dup_* getters
 * (orr-script.h). */

/**
 * orr_linearize: (skip)
 */

/**
 * orr_trim: (skip)
 */

/**
 * orr_scope_lookup_call_func: (skip)
 */

/* Xcos import: scripts load a diagram and list its placeholders; the
 * report (a structure of arrays) stays with C callers. */

/**
 * orr_xcos_report_new: (skip)
 */

/**
 * orr_xcos_load_file:
 * @registry: (nullable):
 * @report: (out) (optional) (nullable) (skip):
 *
 * Returns: (transfer full): the imported model
 */

/**
 * orr_xcos_load_data: (skip)
 */

/**
 * orr_xcos_list_placeholders:
 *
 * Returns: (transfer full) (array zero-terminated=1): the placeholders' paths
 */

/**
 * orr_study_read_rows: (skip)
 */

/**
 * orr_block_get_base_value:
 *
 * Returns: (transfer full) (nullable): what the run's base holds under the name
 */

/* Bus declarations belong to a block's configure function, in C. */

/**
 * orr_config_set_bus_creator: (skip)
 */

/**
 * orr_config_set_bus_selector: (skip)
 */

/**
 * orr_config_set_bus_assignment: (skip)
 */

/* Asked by a block's configure function, in C. */

/**
 * orr_config_get_input_size: (skip)
 */
