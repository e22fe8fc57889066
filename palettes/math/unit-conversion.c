/* unit-conversion.c: UnitConversion, y = a u + b, the same quantity in
 * another unit: metres to feet, degrees Celsius to Fahrenheit, km/h to
 * m/s ... Both units must measure the same kind of quantity. Each unit is
 * known by its factor and offset to the SI unit of its kind (value in SI
 * = factor * value + offset; only temperatures have an offset), so the
 * conversion is a = f_from / f_to, b = (o_from - o_to) / f_to. rpar = {
 * a, b }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

typedef struct
{
  const char *name;
  const char *kind;
  double factor, offset;
} Unit;

static const Unit units[] = {
  /* length, m */
  { "m", "length", 1, 0 },
  { "km", "length", 1e3, 0 },
  { "cm", "length", 1e-2, 0 },
  { "mm", "length", 1e-3, 0 },
  { "um", "length", 1e-6, 0 },
  { "in", "length", 0.0254, 0 },
  { "ft", "length", 0.3048, 0 },
  { "yd", "length", 0.9144, 0 },
  { "mi", "length", 1609.344, 0 },
  { "nmi", "length", 1852, 0 },
  /* mass, kg */
  { "kg", "mass", 1, 0 },
  { "g", "mass", 1e-3, 0 },
  { "mg", "mass", 1e-6, 0 },
  { "t", "mass", 1e3, 0 },
  { "lb", "mass", 0.45359237, 0 },
  { "oz", "mass", 0.028349523125, 0 },
  /* time, s */
  { "s", "time", 1, 0 },
  { "ms", "time", 1e-3, 0 },
  { "us", "time", 1e-6, 0 },
  { "min", "time", 60, 0 },
  { "h", "time", 3600, 0 },
  { "d", "time", 86400, 0 },
  /* temperature, K */
  { "K", "temperature", 1, 0 },
  { "degC", "temperature", 1, 273.15 },
  { "degF", "temperature", 5.0 / 9, 273.15 - 32 * 5.0 / 9 },
  { "degR", "temperature", 5.0 / 9, 0 },
  /* angle, rad */
  { "rad", "angle", 1, 0 },
  { "deg", "angle", G_PI / 180, 0 },
  { "rev", "angle", 2 * G_PI, 0 },
  /* angular velocity, rad/s */
  { "rad/s", "angular velocity", 1, 0 },
  { "deg/s", "angular velocity", G_PI / 180, 0 },
  { "rpm", "angular velocity", 2 * G_PI / 60, 0 },
  { "Hz", "angular velocity", 2 * G_PI, 0 },
  /* speed, m/s */
  { "m/s", "speed", 1, 0 },
  { "km/h", "speed", 1 / 3.6, 0 },
  { "mph", "speed", 0.44704, 0 },
  { "kn", "speed", 1852.0 / 3600, 0 },
  { "ft/s", "speed", 0.3048, 0 },
  /* force, N */
  { "N", "force", 1, 0 },
  { "kN", "force", 1e3, 0 },
  { "lbf", "force", 4.4482216152605, 0 },
  /* pressure, Pa */
  { "Pa", "pressure", 1, 0 },
  { "kPa", "pressure", 1e3, 0 },
  { "MPa", "pressure", 1e6, 0 },
  { "bar", "pressure", 1e5, 0 },
  { "atm", "pressure", 101325, 0 },
  { "psi", "pressure", 6894.757293168, 0 },
  /* energy, J */
  { "J", "energy", 1, 0 },
  { "kJ", "energy", 1e3, 0 },
  { "cal", "energy", 4.184, 0 },
  { "kcal", "energy", 4184, 0 },
  { "Wh", "energy", 3600, 0 },
  { "kWh", "energy", 3.6e6, 0 },
  /* power, W */
  { "W", "power", 1, 0 },
  { "kW", "power", 1e3, 0 },
  { "hp", "power", 745.69987158227, 0 },
  /* volume, m^3 */
  { "m^3", "volume", 1, 0 },
  { "l", "volume", 1e-3, 0 },
  { "ml", "volume", 1e-6, 0 },
  { "gal", "volume", 3.785411784e-3, 0 },
};

static const OrrParamSpec unit_conversion_params[] = {
  { "from", N_ ("From unit"), "'m'",
    N_ ("The input's unit, as a string: m km cm mm um in ft yd mi nmi, kg g mg t lb oz, s ms us "
        "min h d, K degC degF degR, rad deg rev, rad/s deg/s rpm Hz, m/s km/h mph kn ft/s, N kN "
        "lbf, Pa kPa MPa bar atm psi, J kJ cal kcal Wh kWh, W kW hp, m^3 l ml gal.") },
  { "to", N_ ("To unit"), "'ft'",
    N_ ("The output's unit, of the same kind of quantity as the input's.") },
};

static const Unit *
find_unit (OrrConfig *config, const char *name, GError **error)
{
  OrrValue *v = orr_config_get_param (config, name);
  const char *text;

  if (v == NULL || orr_value_get_type_id (v) != ORR_TYPE_STRING)
    {
      orr_param_set_error (error, name, "must be a unit name as a string, such as 'km/h'");
      return NULL;
    }
  text = orr_value_get_string (v);
  for (gsize i = 0; i < G_N_ELEMENTS (units); i++)
    if (strcmp (units[i].name, text) == 0)
      return &units[i];
  orr_param_set_error (error, name, "names no unit Orrery knows: '%s'", text);
  return NULL;
}

static gboolean
unit_conversion_configure (OrrConfig *config, GError **error)
{
  const Unit *from, *to;
  double rpar[2];
  g_autofree char *label = NULL;

  if ((from = find_unit (config, "from", error)) == NULL
      || (to = find_unit (config, "to", error)) == NULL)
    return FALSE;
  if (strcmp (from->kind, to->kind) != 0)
    {
      orr_param_set_error (error, "to", "must measure a %s as '%s' does, not a %s", from->kind,
                           from->name, to->kind);
      return FALSE;
    }
  rpar[0] = from->factor / to->factor;
  rpar[1] = (from->offset - to->offset) / to->factor;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, rpar, 2);
  label = g_strdup_printf ("%s→%s", from->name, to->name);
  orr_config_set_label (config, label);
  return TRUE;
}

static void
unit_conversion_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);
  double *y = orr_block_real_out (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_in_numel (block, 0); i++)
    y[i] = block->rpar[0] * u[i] + block->rpar[1];
}

const OrrBlockClass orr_unit_conversion_class = {
  .name = "UnitConversion",
  .palette = N_ ("Math"),
  .label = N_ ("Unit conversion"),
  .description = N_ ("The input, a quantity in one unit, in another unit of the same kind."),
  .icon_text = "m→ft",
  .params = unit_conversion_params,
  .n_params = G_N_ELEMENTS (unit_conversion_params),
  .configure = unit_conversion_configure,
  .simulate = unit_conversion_simulate,
};
