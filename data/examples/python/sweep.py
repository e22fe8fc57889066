#!/usr/bin/env python3
"""A parameter sweep: the PID speed control (../pid-speed-control.orr)
simulated for several proportional gains Kp, the speeds plotted together.

    python3 sweep.py [OUTPUT.png]

Each run pins Kp in the model context (an override, as orrery-sim --set
does), so the model file is never changed. Without a display, matplotlib
draws off screen (Agg) and the figure goes to OUTPUT.png.
"""
import os
import sys

import matplotlib

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import orrery  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "pid-speed-control.orr")
GAINS = [0.1, 0.25, 0.5, 1.0, 2.0]


def sweep(gains=GAINS):
    """{Kp: (time, speed)} for each gain."""
    model = orrery.load(MODEL)
    curves = {}
    for kp in gains:
        result = orrery.simulate(model, overrides={"Kp": kp})
        curves[kp] = result.channel("speed")
    return curves


def main(argv):
    output = argv[1] if len(argv) > 1 else "sweep.png"
    curves = sweep()
    fig, ax = plt.subplots(figsize=(7, 4))
    for kp, (time, speed) in curves.items():
        ax.plot(time, speed, label="Kp = %g" % kp)
        print("Kp = %-5g speed at %.2f s: %.3f rad/s" % (kp, time[-1], speed[-1]))
    ax.set_xlabel("time (s)")
    ax.set_ylabel("speed (rad/s)")
    ax.set_title("PID speed control: a sweep of Kp")
    ax.legend()
    ax.grid(True)
    fig.tight_layout()
    fig.savefig(output, dpi=100)
    print("plotted", output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
