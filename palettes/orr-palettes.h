/* orr-palettes.h: the standard block library. */
#pragma once

#include <orrery/orr-registry.h>

G_BEGIN_DECLS

/* Adds every standard block class to registry, palette by palette, each
 * palette's blocks in the order its palette.xml lists them. */
void orr_palettes_register_standard (OrrRegistry *registry);

/**
 * orr_registry_new_standard:
 *
 * A registry with every standard block class: what scripts compile with
 * (liborrery-1.0 and its typelib, docs/python.md).
 *
 * Returns: (transfer full): a new registry
 */
OrrRegistry *orr_registry_new_standard (void);

G_END_DECLS
