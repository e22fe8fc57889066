#!/usr/bin/python3
"""What the block pages say their examples show, checked: runs some of the
examples of help/C/examples with orrery-sim -o and compares what their
scope or display recorded with values worked out here, by hand or in
closed form, from the example's parameters (the numbers below repeat
them: change both together).

    check-block-example-values.py ORRERY-SIM EXAMPLES-DIR
"""
import csv
import math
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SINKS = ("Scope", "Display", "EventScope")


def run(sim, work, name):
    """The columns of the example's (first top-level) sink: time and one
    list per recorded element, from orrery-sim's CSV output."""
    root = ET.parse(os.path.join(work, name + ".orr")).getroot()
    # the CSV names a block's columns by its label, or by its id without one
    sink = next(b.findtext("label") or b.get("id") for b in root.find("diagram").findall("block")
                if b.get("type") in SINKS)
    out = os.path.join(work, name + ".csv")
    subprocess.run([sim, "-q", "-o", out, name + ".orr"], cwd=work, check=True)
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    cols = [i for i, h in enumerate(head) if h.startswith(sink + "[")]
    assert cols, "%s: no column of %s in %s" % (name, sink, head)
    data = [[float(r[0])] + [float(r[i]) for i in cols] for r in rows[1:]]
    return data


FAILURES = []


def expect(name, what, got, want, tol):
    ok = abs(got - want) <= tol
    print("%s %s: %s: %.10g, expected %.10g within %g" % ("ok  " if ok else "FAIL", name, what,
                                                          got, want, tol))
    if not ok:
        FAILURES.append(name)


def main(argv):
    sim, src = argv[1], argv[2]
    work = tempfile.mkdtemp()
    try:
        for f in os.listdir(src):
            shutil.copy(os.path.join(src, f), work)
        checks(lambda name: run(sim, work, name))
    finally:
        shutil.rmtree(work)
    if FAILURES:
        print("failed:", " ".join(sorted(set(FAILURES))))
        return 1
    return 0


def checks(run):
    # Integer blocks on [5; 12] (int32): bits 101 and 1100
    for name, want in (("BitOperation", (21, 28)),      # | 16 (set bit 4)
                       ("ExtractBits", (1, 3)),         # bits 2..3
                       ("BitShift", (2, 6)),            # >> 1
                       ("BitwiseOperator", (6, 6)),     # ^ [3; 10]
                       ("ModularProduct", (44, -12))):  # int8: 300 - 256, 500 - 512
        last = run(name)[-1]
        for i, w in enumerate(want):
            expect(name, "element %d" % (i + 1), last[1 + i], w, 0)

    # inv([2 1; 1 3]) = [3 -1; -1 2] / 5, column by column
    last = run("Inverse")[-1]
    for i, w in enumerate((0.6, -0.2, -0.2, 0.4)):
        expect("Inverse", "element %d" % (i + 1), last[1 + i], w, 1e-12)
    # [1 2 3; 4 5 6]' = [1 4; 2 5; 3 6], column by column 1 2 3 4 5 6
    last = run("Transpose")[-1]
    for i in range(6):
        expect("Transpose", "element %d" % (i + 1), last[1 + i], i + 1, 0)

    # the third downward zero of sin 2t: 2t = 5 pi
    data = run("End")
    expect("End", "end time", data[-1][0], 5 * math.pi / 2, 1e-6)
    expect("End", "crossings counted", data[-1][1], 3, 0)

    # EventClock: ticks at 0.2 + 0.7 k <= 10, k = 0 ... 14
    expect("EventClock", "ticks", run("EventClock")[-1][1], 15, 0)
    # Counter 1 ... 5 wrapping, ticks at 0 ... 12: the 13th shows 3
    expect("Counter", "last value", run("Counter")[-1][1], 3, 0)
    # RepeatActivation: each of the 11 ticks counts on to the next multiple of 4
    expect("RepeatActivation", "count at 10 s", run("RepeatActivation")[-1][1], 44, 0)

    # Loopbreaker: y = u - 0.5 y for a unit step, y = 2/3 (tau = 1 ms, 9 s settled)
    expect("Loopbreaker", "final output", run("Loopbreaker")[-1][1], 2 / 3, 1e-4)

    # int8 with saturation of a ramp from -200 to 200
    data = run("DataTypeConversion")
    expect("DataTypeConversion", "lowest", min(r[1] for r in data), -128, 0)
    expect("DataTypeConversion", "highest", max(r[1] for r in data), 127, 0)

    # UnitConversion: -40 degC is -40 degF; at 10 s, 60 degC is 140 degF
    data = run("UnitConversion")
    expect("UnitConversion", "at 0 s", data[0][1], -40, 1e-9)
    expect("UnitConversion", "at 10 s", data[-1][1], 140, 1e-9)

    # 4/(s^2 + 0.8 s + 4) after a unit step at 1 s: zeta = 0.2, the peak
    # 1 + exp(-pi zeta / sqrt(1 - zeta^2)); sampled at the solver's
    # points, so within the curve's flatness over one step
    zeta = 0.2
    peak = 1 + math.exp(-math.pi * zeta / math.sqrt(1 - zeta * zeta))
    expect("TransferFunction", "peak", max(r[1] for r in run("TransferFunction")), peak, 1e-3)
    expect("StateSpace", "peak", max(r[1] for r in run("StateSpace")), peak, 1e-3)

    # ContPoleZero: 4/((s + a)^2 + b^2), a = 0.4, b = 2, step at 1 s:
    # y = K/(a^2 + b^2) (1 - e^(-a tau) (cos b tau + a/b sin b tau))
    a, b, k = 0.4, 2.0, 4.0
    last = run("ContPoleZero")[-1]
    tau = last[0] - 1
    want = k / (a * a + b * b) * (1 - math.exp(-a * tau) * (math.cos(b * tau)
                                                             + a / b * math.sin(b * tau)))
    expect("ContPoleZero", "output at %g s" % last[0], last[1], want, 1e-4)

    # SampledData: 1/(s + 1) behind a hold, exact at the samples: at 10 s
    # the state is 1 - e^-(10 - 1)
    last = run("SampledData")[-1]
    expect("SampledData", "output at 10 s", last[1], 1 - math.exp(-9), 1e-9)

    # EventScope rows: time, the input that fired
    data = run("EventDelayedChannel")
    out = sorted(r[0] for r in data if r[1] == 2)
    for got, want in zip(out + [math.nan] * 4, (3, 3.2, 3.4, 7)):
        expect("EventDelayedChannel", "delayed event", got, want, 1e-9)
    expect("EventDelayedChannel", "delayed events", len(out), 4, 0)
    data = run("ActivationIntersection")
    both = sorted(r[0] for r in data if r[1] == 3)
    expect("ActivationIntersection", "events", len(both), 4, 0)
    for got, want in zip(both, (0, 3, 6, 9)):
        expect("ActivationIntersection", "common tick", got, want, 1e-9)

    # BusSelector: the motor's current (a ramp of slope 0.3) and the set
    # point 1.5, taken out of a bus nested in a bus
    data = run("BusSelector")
    for r in (data[0], data[-1]):
        expect("BusSelector", "motor.current at %g s" % r[0], r[1], 0.3 * r[0], 1e-12)
        expect("BusSelector", "setpoint at %g s" % r[0], r[2], 1.5, 0)
    # BusAssignment: bus [a; b] with a = [1; 2]; b replaced by the ramp 0.5 t,
    # a left in place at every recorded point
    data = run("BusAssignment")
    expect("BusAssignment", "a(1) everywhere", max(abs(r[1] - 1) for r in data), 0, 0)
    expect("BusAssignment", "a(2) everywhere", max(abs(r[2] - 2) for r in data), 0, 0)
    expect("BusAssignment", "b = 0.5 t, worst error", max(abs(r[3] - 0.5 * r[0]) for r in data),
           0, 1e-12)
    expect("BusAssignment", "b at 10 s", data[-1][3], 5, 1e-12)

    # BobyqaOpt: y' = K (1 - y), y(0) = 0 gives y(1) = 1 - exp(-K) = 0.9 at
    # K = ln 10; the display shows the optimum and its cost in the last run
    last = run("BobyqaOpt")[-1]
    expect("BobyqaOpt", "optimum K", last[1], math.log(10), 1e-6)
    expect("BobyqaOpt", "its cost", last[2], 0, 1e-12)

    # Automaton (the thermostat): heating from 15 with T' = (30 - T)/10
    # reaches 22 at 10 ln(15/8); after that T stays within [18, 22]
    data = run("Automaton")
    first = next(r[0] for r in data if r[2] == 2)
    expect("Automaton", "first switch", first, 10 * math.log(15 / 8), 1e-3)
    later = [r[1] for r in data if r[0] > first]
    expect("Automaton", "lowest after it", min(later), 18, 1e-3)
    expect("Automaton", "highest after it", max(later), 22, 1e-3)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
