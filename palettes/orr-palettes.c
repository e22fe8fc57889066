/* orr-palettes.c: registers the standard palettes, in the order a palette
 * browser shows them. Each palette registers its own blocks (palettes/<name>/
 * <name>-palette.c), so palettes can grow independently. */
#include "orr-palettes.h"

#include "sources/sources-classes.h"
#include "sinks/sinks-classes.h"
#include "math/math-classes.h"
#include "logic/logic-classes.h"
#include "integer/integer-classes.h"
#include "continuous/continuous-classes.h"
#include "discrete/discrete-classes.h"
#include "hybrid/hybrid-classes.h"
#include "activation/activation-classes.h"
#include "routing/routing-classes.h"
#include "lookup/lookup-classes.h"
#include "optimization/optimization-classes.h"
#include "ports/ports-classes.h"
#include "custom/custom-classes.h"

void
orr_palettes_register_standard (OrrRegistry *registry)
{
  g_return_if_fail (registry != NULL);

  orr_palette_sources_register (registry);
  orr_palette_sinks_register (registry);
  orr_palette_math_register (registry);
  orr_palette_logic_register (registry);
  orr_palette_integer_register (registry);
  orr_palette_continuous_register (registry);
  orr_palette_discrete_register (registry);
  orr_palette_hybrid_register (registry);
  orr_palette_activation_register (registry);
  orr_palette_routing_register (registry);
  orr_palette_lookup_register (registry);
  orr_palette_optimization_register (registry);
  orr_palette_ports_register (registry);
  orr_palette_custom_register (registry);
}

OrrRegistry *
orr_registry_new_standard (void)
{
  OrrRegistry *registry = orr_registry_new ();
  orr_palettes_register_standard (registry);
  return registry;
}
