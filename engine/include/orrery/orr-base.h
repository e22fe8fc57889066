/* orr-base.h: the base, the values one simulation run leaves for the
 * next (Activate's "base environment").
 *
 * ToBase blocks store their input in it (orr_block_set_base_value); the
 * next run's parameters read it with GetFromBase('name'). A base belongs
 * to whoever drives the runs (orr-runs.h), never to the process: two
 * drivers have two bases. Before each evaluation the driver publishes the
 * base into the overrides scope (orr_base_publish); the simulation writes
 * into the base itself, at accepted points only.
 *
 * Thread rules: every call locks the base, so a simulation thread may
 * store while another thread looks; a driver that reads it only after the
 * run ended sees every value the run stored.
 */
#pragma once

#include <orrery/orr-expr.h>

G_BEGIN_DECLS

typedef struct _OrrBase OrrBase;

OrrBase *orr_base_new (void);
OrrBase *orr_base_ref (OrrBase *base);
void orr_base_unref (OrrBase *base);

/* Stores value under name, replacing what was there; takes a new
 * reference (values are immutable once shared). */
void orr_base_set (OrrBase *base, const char *name, OrrValue *value);
/* A new reference, or NULL if nothing is stored under name. */
OrrValue *orr_base_lookup (OrrBase *base, const char *name);
/* The stored names, sorted; free with g_strfreev(). */
char **orr_base_list (OrrBase *base);
void orr_base_clear (OrrBase *base);
/* Copies every value into scope as hidden base values, where
 * GetFromBase() finds them (orr_scope_set_base_value). */
void orr_base_publish (OrrBase *base, OrrScope *scope);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrBase, orr_base_unref)

G_END_DECLS
