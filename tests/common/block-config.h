/* block-config.h: a block class configured from parameter expressions,
 * outside any model, as the compiler would configure it: for the block
 * harness and for tests that only look at what configure declares. */
#pragma once

#include <orrery/orr-block.h>
#include <stdarg.h>

G_BEGIN_DECLS

/* Evaluates "name", "expression" pairs (NULL-terminated; text parameters
 * are taken as typed) and configures klass with them, for a model trusted
 * or not; parameters not given take their default expression. NULL with
 * error set when configure fails; a parameter that does not evaluate is a
 * test failure. */
OrrConfig *configure_block (const OrrBlockClass *klass, gboolean trusted, GError **error,
                            ...) G_GNUC_NULL_TERMINATED;
OrrConfig *configure_block_valist (const OrrBlockClass *klass, gboolean trusted, GError **error,
                                   va_list args);

G_END_DECLS
