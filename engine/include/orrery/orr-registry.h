/* orr-registry.h: the block classes a compiler and an editor know, by
 * name. The standard palettes register theirs with
 * orr_palettes_register_standard (palettes/orr-palettes.h); user libraries
 * add more. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

typedef struct _OrrRegistry OrrRegistry;

OrrRegistry *orr_registry_new (void);
/* Registries are reference counted for bindings (a script's registry is
 * held by every object that compiled with it): orr_registry_free() drops
 * one reference and frees the registry with the last. */
OrrRegistry *orr_registry_ref (OrrRegistry *registry);
void orr_registry_free (OrrRegistry *registry);
/* Classes are not copied: they must outlive the registry (they are
 * usually static). A second class with the same name replaces the first. */
void orr_registry_add (OrrRegistry *registry, const OrrBlockClass *klass);
const OrrBlockClass *orr_registry_lookup (OrrRegistry *registry, const char *name);
/* In the order they were added. */
guint orr_registry_get_n_classes (OrrRegistry *registry);
const OrrBlockClass *orr_registry_get_class (OrrRegistry *registry, guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrRegistry, orr_registry_free)

G_END_DECLS
