/* custom-native.h: turns a C custom block's source into a shared object,
 * with the system C compiler, through an on-disk cache. Private to the
 * Custom palette.
 *
 * Only call this for a model the user trusts: it writes files and runs the
 * compiler (never the code itself). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The path of a shared object built from source, compiled now or found in
 * the cache, or NULL with an ORR_CONFIG_ERROR; a compiler error quotes the
 * compiler's first error lines (source.c:LINE:COLUMN: ...).
 *
 * Environment: ORRERY_CACHE_DIR, where the objects are kept (default: the
 * user's cache folder, orrery/native); ORRERY_INCLUDE_DIR, the folder
 * holding orrery/orr-block.h (default: the engine's, from the build). */
char *orr_custom_native_build (const char *source, GError **error);

G_END_DECLS
