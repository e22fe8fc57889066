/* orr-trust-store.h: the editor's memory of the models the user trusted
 * (docs/reliability.md, "What a model may touch"). A model's native code
 * (FMU binaries, C and Python blocks: OrrNativeCode from the compiler) is
 * summed up in one digest; the user's yes is kept per model file and that
 * digest, so a changed FMU or changed code asks again. The list is a key
 * file in the user's config folder (orrery/trusted-models), keyed by the
 * SHA-256 of the model's absolute path, so it names no file. */
#pragma once

#include <glib.h>
#include <orrery/orr-compile.h>
#include <orrery/orr-model.h>

G_BEGIN_DECLS

/* SHA-256 over the list's entries (block, type, what, hash), in an order
 * that does not depend on the list's. */
char *orr_trust_digest (GPtrArray *native_code);
/* TRUE when the user trusted model_path with this digest before. */
gboolean orr_trust_store_lookup (const char *model_path, const char *digest);
/* TRUE when model (saved as model_path) has native code and the user
 * trusted it, as it is now, before: for the editor's analyses, which run
 * the model's code like a run does but ask nothing. */
gboolean orr_trust_store_covers (OrrModel *model, OrrRegistry *registry, const char *model_path);
/* Remembers the user's yes; FALSE with an error naming the file. */
gboolean orr_trust_store_remember (const char *model_path, const char *digest, GError **error);

G_END_DECLS
