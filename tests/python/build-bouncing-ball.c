/* build-bouncing-ball.c OUTPUT: the bouncing ball of
 * data/examples/python/bouncing_ball.py built through the C API and saved,
 * so that test_build.py can compare the two files byte for byte: a script
 * builds the same model a C program does. */
#include <orrery/orr-io.h>
#include <orrery/orr-script.h>
#include <orr-palettes.h>

#include <stdio.h>
#include <stdlib.h>

static OrrBlock *
add (OrrModel *model, OrrRegistry *registry, const char *type, const char *label, double x,
     double y, ...)
{
  OrrRect where = { x, y, 40, 40 };
  OrrBlock *block = orr_model_add_block (model, orr_model_get_root (model), type, &where);
  g_autoptr (GError) error = NULL;
  va_list args;
  const char *name;

  orr_model_set_block_label (model, block, label);
  va_start (args, y);
  while ((name = va_arg (args, const char *)) != NULL)
    orr_model_set_param (model, block, name, va_arg (args, const char *));
  va_end (args);
  if (!orr_model_configure_ports (model, block, registry, &error))
    g_error ("%s", error->message);
  return block;
}

static OrrLink *
link_ports (OrrModel *model, OrrBlock *from, guint from_port, OrrBlock *to, guint to_port,
            OrrLinkKind kind)
{
  g_autoptr (GError) error = NULL;
  OrrLink *link = orr_model_connect_ports (model, from, from_port, to, to_port, kind, &error);

  if (link == NULL)
    g_error ("%s", error->message);
  return link;
}

int
main (int argc, char **argv)
{
  g_autoptr (OrrRegistry) registry = orr_registry_new_standard ();
  g_autoptr (OrrModel) model = orr_model_new ();
  g_autoptr (GError) error = NULL;
  OrrSettings settings;
  OrrBlock *gravity, *velocity, *height, *impact, *restitution, *scope;
  OrrLink *link;

  if (argc != 2)
    {
      fprintf (stderr, "usage: build-bouncing-ball OUTPUT.orr\n");
      return 2;
    }

  orr_settings_copy (&settings, orr_model_get_settings (model));
  settings.final_time = 20;
  g_free (settings.solver);
  settings.solver = g_strdup ("auto");
  orr_model_set_settings (model, &settings);
  orr_model_set_context (model, orr_model_get_root (model),
                         "// A ball dropped from h0 metres bounces with restitution e.\n"
                         "g = 9.81;   % gravity, m/s^2\n"
                         "h0 = 10;    % initial height, m\n"
                         "e = 0.9;    % fraction of the speed kept at each impact");
  settings.rtol = 1e-8;
  settings.atol = 1e-10;
  orr_model_set_settings (model, &settings);
  orr_settings_clear (&settings);

  gravity = add (model, registry, "Constant", "Gravity", 40, 100, "value", "-g", NULL);
  velocity
    = add (model, registry, "Integrator", "Velocity", 140, 100, "x0", "0", "reinit", "1", NULL);
  orr_model_set_port_label (model, velocity, ORR_PORT_IN, 1, "a");
  orr_model_set_port_label (model, velocity, ORR_PORT_IN, 2, "v+");
  height = add (model, registry, "Integrator", "Height", 260, 100, "x0", "h0", "reinit", "0", NULL);
  impact = add (model, registry, "ZeroCrossDown", "Impact", 380, 20, NULL);
  restitution = add (model, registry, "Gain", "Restitution", 260, 200, "gain", "-e", NULL);
  orr_model_set_block_orientation (model, restitution, 180, FALSE);
  scope = add (model, registry, "Scope", "Height and speed", 400, 100, "inputs", "2", NULL);

  link_ports (model, gravity, 1, velocity, 1, ORR_LINK_REGULAR);
  link_ports (model, velocity, 1, height, 1, ORR_LINK_REGULAR);
  link_ports (model, height, 1, impact, 1, ORR_LINK_REGULAR);
  link_ports (model, velocity, 1, restitution, 1, ORR_LINK_REGULAR);
  link = link_ports (model, restitution, 1, velocity, 2, ORR_LINK_REGULAR);
  orr_model_set_link_points (model, link, (OrrPoint[]){ { 120, 220 }, { 120, 130 } }, 2);
  link = link_ports (model, impact, 1, velocity, 1, ORR_LINK_ACTIVATION);
  orr_model_set_link_points (model, link, (OrrPoint[]){ { 400, 80 }, { 160, 80 } }, 2);
  link_ports (model, height, 1, scope, 1, ORR_LINK_REGULAR);
  link_ports (model, velocity, 1, scope, 2, ORR_LINK_REGULAR);

  if (!orr_model_save_file (model, argv[1], &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  return 0;
}
