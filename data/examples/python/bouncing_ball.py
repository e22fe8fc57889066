#!/usr/bin/env python3
"""Builds the bouncing ball (../bouncing-ball.orr) from nothing and saves it.

    python3 bouncing_ball.py [OUTPUT.orr]

A ball dropped from h0 metres falls under gravity; when its height crosses
zero downwards (ZeroCrossDown) the velocity integrator is reinitialised to
-e times its value. Then the model is simulated and the first impacts are
printed. See docs/python.md.
"""
import sys

import orrery
from orrery import Orrery


def build():
    model = orrery.new_model(final_time=20, solver="auto", context=(
        "// A ball dropped from h0 metres bounces with restitution e.\n"
        "g = 9.81;   % gravity, m/s^2\n"
        "h0 = 10;    % initial height, m\n"
        "e = 0.9;    % fraction of the speed kept at each impact"))
    settings = model.get_settings()
    settings.rtol = 1e-8
    settings.atol = 1e-10
    model.set_settings(settings)

    gravity = orrery.add_block(model, "Constant", "Gravity", {"value": "-g"}, at=(40, 100))
    velocity = orrery.add_block(model, "Integrator", "Velocity",
                                {"x0": "0", "reinit": "1"}, at=(140, 100))
    model.set_port_label(velocity, Orrery.PortKind.PORT_IN, 1, "a")
    model.set_port_label(velocity, Orrery.PortKind.PORT_IN, 2, "v+")
    height = orrery.add_block(model, "Integrator", "Height", {"x0": "h0", "reinit": "0"},
                              at=(260, 100))
    impact = orrery.add_block(model, "ZeroCrossDown", "Impact", at=(380, 20))
    restitution = orrery.add_block(model, "Gain", "Restitution", {"gain": "-e"},
                                   at=(260, 200))
    model.set_block_orientation(restitution, 180, False)
    scope = orrery.add_block(model, "Scope", "Height and speed", {"inputs": "2"},
                             at=(400, 100))

    orrery.connect(model, (gravity, 1), (velocity, 1))
    orrery.connect(model, (velocity, 1), (height, 1))
    orrery.connect(model, (height, 1), (impact, 1))
    orrery.connect(model, (velocity, 1), (restitution, 1))
    orrery.connect(model, (restitution, 1), (velocity, 2), points=[(120, 220), (120, 130)])
    orrery.connect(model, (impact, 1), (velocity, 1), activation=True,
                   points=[(400, 80), (160, 80)])
    orrery.connect(model, (height, 1), (scope, 1))
    orrery.connect(model, (velocity, 1), (scope, 2))
    return model


def main(argv):
    output = argv[1] if len(argv) > 1 else "bouncing-ball-script.orr"
    model = build()
    problems = orrery.check(model)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    model.save_file(output)
    print("saved", output)

    result = orrery.simulate(model)
    speed = result["Height and speed"]["Height and speed[2]"]
    time = result["Height and speed"].time
    # an impact: the speed jumps from falling to rising at one instant
    impacts = time[1:][(speed[:-1] < 0) & (speed[1:] > 0)]
    print("impacts at", ", ".join("%.5f" % t for t in impacts[:5]), "s ...")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
