#!/usr/bin/python3
"""Writes the block reference's example models, help/C/examples/NAME.orr,
one per standard block: a source, the block, and a scope or sink, with
parameters that show the block doing its job.

    tools/gen-block-examples.py OUTDIR [NAME ...]

Run it from a build tree with the Python bindings on the paths (see
docs/python.md), for instance through `meson compile -C build
update-block-examples`. Each model is built block by block with the
`orrery` helper module, so its ports are the ones its class gives it,
checked (no error, no warning) and saved. The files are committed; the
test `help-examples` loads and runs every one with orrery-sim.

A model is written here as blocks, (id, type, params), placed left to
right, and links: "a>b" joins output 1 of a to input 1 of b, "a.2>b.3"
output 2 to input 3, and "a=>b" / "a.2=>b.1" is an activation link. A
super block is ("id", "SuperBlock", {}, [blocks inside], [links inside]).
In params, "@label" is the block's label, "@at" its place (x, y) instead of
the layout's, and a name starting with "!" is set, unevaluated, after the
ports are made.
"""
import os
import shutil
import sys

import orrery
from orrery import Orrery

EXAMPLES = {}

# blocks without data ports go on a row above the signal chain
_EVENT_ROW = {"SampleClock", "EventClock", "InitialEvent", "EventGenerate", "EventDelay",
              "EventUnion", "ActivationIntersection", "EventDelayedChannel", "FrequencyDivider",
              "SetActivationSignal", "GetActivationSignal", "ActivationSignalScoping", "SyncTag",
              "End", "EventScope", "EventVariableDelay", "EventInput", "EventOutput"}


def ex(name, blocks, links, final=10, context=None, solver=None, settings=None):
    """settings: other model settings by name (rtol, atol ...)."""
    assert name not in EXAMPLES, name
    EXAMPLES[name] = dict(blocks=blocks, links=links, final=final, context=context,
                          solver=solver, settings=settings)


def _ends(text):
    """(source id, target id, activation) of a link written as a string."""
    activation = "=>" in text
    src, dst = text.split("=>" if activation else ">")
    return src.partition(".")[0], dst.partition(".")[0], activation


def _layout(specs, links):
    """Positions by layers: a block one column right of the furthest block
    that feeds it (a link back to a block listed earlier is a feedback
    and does not count), the blocks of a column one below the other in
    the order listed; event sources without data ports on a row above,
    over the first block they activate."""
    order = {spec[0]: i for i, spec in enumerate(specs)}
    level = {spec[0]: 0 for spec in specs}
    for spec in specs:  # listed in flow order: one pass settles the levels
        for text in links:
            src, dst, _ = _ends(text)
            if dst == spec[0] and order[src] < order[dst] and specs[order[src]][1] not in _EVENT_ROW:
                level[dst] = max(level[dst], level[src] + 1)
    at = {}
    rows = {}
    tops = {}
    for spec in specs:
        if spec[1] in _EVENT_ROW:
            bid = spec[0]
            targets = [level[_ends(t)[1]] for t in links if _ends(t)[0] == bid]
            linked = targets or any(_ends(t)[1] == bid for t in links)
            # one with no link at all (an End with a time) goes last
            col = min(targets) if targets else level[bid] if linked else max(level.values()) + 1
            n = tops.get(col, 0)
            tops[col] = n + 1
            at[bid] = (40 + 120 * col, 20 + 70 * n)
    # the signal chain below the event rows
    base = 20 + 70 * max(tops.values(), default=0) + 40
    for spec in specs:
        if spec[1] not in _EVENT_ROW:
            bid = spec[0]
            n = rows.get(level[bid], 0)
            rows[level[bid]] = n + 1
            at[bid] = (40 + 120 * level[bid], base + 80 * n)
    return at


def _place(model, diagram, specs, links):
    made = {}
    where = _layout(specs, links)
    for spec in specs:
        bid, type_name, params = spec[0], spec[1], spec[2]
        at = params.get("@at", where[bid])
        # a name starting with ! is set after the ports are made, unevaluated
        # (an expression of run-time variables such as __counter__)
        late = {k[1:]: v for k, v in params.items() if k.startswith("!")}
        # "@label" is the block's label, not a parameter
        label = params.get("@label")
        params = {k: v for k, v in params.items() if k[0] not in "!@"}
        block = orrery.add_block(model, type_name, label, params, at=at, diagram=diagram)
        for key, value in late.items():
            model.set_param(block, key, orrery._expression(value))
        if type_name == "SuperBlock":
            _place(model, block.get_child(), spec[3], spec[4])
            model.configure_ports(block, orrery.registry())
        made[bid] = block
    for text in links:
        activation = "=>" in text
        src, dst = text.split("=>" if activation else ">")

        def end(s):
            bid, _, port = s.partition(".")
            return made[bid], int(port or 1)

        orrery.connect(model, end(src), end(dst), activation=activation)


def build(name):
    spec = EXAMPLES[name]
    context = "// Example for the %s block of the block reference.\n" % name
    if spec["context"]:
        context += spec["context"]
    model = orrery.new_model(final_time=spec["final"], solver=spec["solver"], context=context)
    if spec["settings"]:
        settings = model.get_settings()
        for key, value in spec["settings"].items():
            setattr(settings, key, value)
        model.set_settings(settings)
    _place(model, model.get_root(), spec["blocks"], spec["links"])
    return model


# ---- helpers for the common shapes ----------------------------------------

SINE = ("src", "SineWave", {"amplitude": "2", "frequency": "1"})


def siso(name, params, src=SINE, final=10, show_input=True, **kw):
    """source > block > scope, with the source on the scope too."""
    blocks = [src, ("blk", name, params),
              ("sc", "Scope", {"inputs": "2" if show_input else "1", "ymin": "-3", "ymax": "3"})]
    links = ["src>blk", "blk>sc.1"] + (["src>sc.2"] if show_input else [])
    ex(name, blocks, links, final=final, **kw)


def clocked(name, params, src=SINE, period="0.5", final=10, **kw):
    """source > block (activated by a sample clock) > scope."""
    blocks = [("clk", "SampleClock", {"period": period}), src, ("blk", name, params),
              ("sc", "Scope", {"inputs": "2", "ymin": "-3", "ymax": "3"})]
    ex(name, blocks, ["clk=>blk", "src>blk", "blk>sc.1", "src>sc.2"], final=final, **kw)


def int_chain(name, params, value="[5; 12]", type_="4", inputs=1):
    """integer constants > block > back to double > display."""
    blocks = []
    links = []
    for i in range(inputs):
        blocks += [("c%d" % i, "Constant", {"value": value if i == 0 else "[3; 10]"}),
                   ("t%d" % i, "DataTypeConversion", {"type": type_})]
        links += ["c%d>t%d" % (i, i), "t%d>blk.%d" % (i, i + 1)]
    blocks += [("blk", name, params), ("d", "DataTypeConversion", {"type": "1"}),
               ("show", "Display", {})]
    links += ["blk>d", "d>show"]
    ex(name, blocks, links, final=1)


# ---- Sources --------------------------------------------------------------


def source(name, params, final=10, ymin="-3", ymax="3", **kw):
    ex(name, [("blk", name, params), ("sc", "Scope", {"ymin": ymin, "ymax": ymax})],
       ["blk>sc"], final=final, **kw)


source("Constant", {"value": "2.5"})
source("Step", {"step_time": "2", "initial": "0", "final": "1.5"})
source("Ramp", {"slope": "0.5", "start": "2", "initial": "-1"})
source("SineWave", {"amplitude": "2", "frequency": "2*pi*0.5", "bias": "0.5"})
source("SquareWave", {"amplitude": "1", "period": "2", "duty": "25"})
source("PulseGenerator", {"amplitude": "2", "period": "2", "width": "20", "delay": "0.5"})
source("Sawtooth", {"period": "2", "amplitude": "2"})
source("Time", {}, ymin="0", ymax="10")
ex("Counter", [("clk", "SampleClock", {"period": "1"}),
               ("blk", "Counter", {"minimum": "1", "maximum": "5"}),
               ("sc", "Scope", {"ymin": "0", "ymax": "6", "activation": "2"})],
   ["clk=>blk", "blk>sc", "clk=>sc"], final=12)
ex("RandomUniform", [("clk", "SampleClock", {"period": "0.1"}),
                     ("blk", "RandomUniform", {"min": "-1", "max": "1", "seed": "42"}),
                     ("sc", "Scope", {})], ["clk=>blk", "blk>sc"])
ex("RandomNormal", [("clk", "SampleClock", {"period": "0.1"}),
                    ("blk", "RandomNormal", {"mean": "0", "deviation": "0.5", "seed": "7"}),
                    ("sc", "Scope", {"ymin": "-2", "ymax": "2"})], ["clk=>blk", "blk>sc"])
source("SignalGenerator", {"times": "[0 2 4 6 8]", "values": "[0 1 -1 2 0]", "method": "3"})
source("FromCSV", {"file": "'FromCSV-data.csv'", "columns": "[2 3]"})
source("RampSaturate", {"height": "2", "duration": "3", "offset": "-1", "start": "1"})
source("Trapezoid", {"amplitude": "2", "rising": "0.5", "width": "1", "falling": "0.5",
                     "period": "3", "start": "1"})
source("FromMat", {"file": "'FromMat-data.mat'", "variable": "'x'", "columns": "2"})
source("FromHDF", {"file": "'FromHDF-data.h5'", "dataset": "'/x'", "columns": "2"})
source("FromText", {"file": "'FromText-data.txt'", "columns": "2", "method": "1"})
source("SignalIn", {"signal": "GetFromBase('y', [0 0; 2 1; 4 -1; 6 0.5; 10 0.5])"})

# ---- Sinks ----------------------------------------------------------------

ex("Scope", [("a", "SineWave", {"frequency": "2"}), ("b", "SquareWave", {"period": "3"}),
             ("blk", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5", "refresh": "5",
                               "ylabel": "'Volts (V)'"})], ["a>blk.1", "b>blk.2"])
ex("XYScope", [("x", "SineWave", {"frequency": "1"}),
               ("y", "SineWave", {"frequency": "2", "phase": "pi/4"}),
               ("blk", "XYScope", {})], ["x>blk.1", "y>blk.2"], final=2 * 3.141592653589793)
ex("EventScope", [("c1", "SampleClock", {"period": "1"}),
                  ("c2", "EventGenerate", {"time": "[0.5 2.2 2.7 6]"}),
                  ("blk", "EventScope", {"inputs": "2"})], ["c1=>blk.1", "c2=>blk.2"])
ex("Display", [("src", "Ramp", {"slope": "0.1"}), ("blk", "Display", {"digits": "3"})],
   ["src>blk"])
ex("ToCSV", [("a", "SineWave", {}), ("b", "Time", {}),
             ("blk", "ToCSV", {"file": "'ToCSV-out.csv'", "inputs": "2"})],
   ["a>blk.1", "b>blk.2"])
ex("ToMat", [("a", "SineWave", {}), ("blk", "ToMat", {"file": "'ToMat-out.mat'",
                                                       "variable": "'sine'"})], ["a>blk"])
ex("SignalOut", [("a", "SineWave", {}), ("blk", "SignalOut", {"name": "'sine'"})], ["a>blk"])
ex("MultiScope", [("a", "SineWave", {"amplitude": "2"}), ("b", "SquareWave", {"period": "3"}),
                  ("c", "Time", {}),
                  ("blk", "MultiScope", {"inputs": "3", "ymin": "[-2.5 -1.5 0]",
                                         "ymax": "[2.5 1.5 10]"})],
   ["a>blk.1", "b>blk.2", "c>blk.3"])
# a rod turning once every 2 pi seconds with a ball at its end: moved every
# 0.05 s (activation 1); the ball, not the rod (kind -5), frozen every second
ex("Anim2D", [("fast", "SampleClock", {"@label": "Move", "period": "0.05", "@at": (220, 90)}),
              ("slow", "SampleClock", {"@label": "Snapshot", "period": "1", "@at": (340, 90)}),
              ("t", "Time", {}),
              ("rod", "MatrixExpression", {"@label": "Rod", "sizes": "[1 1]",
                                           "expression": "'[0, 0, sin(u1), -cos(u1)]'"}),
              ("ball", "MatrixExpression", {"@label": "Ball", "sizes": "[1 1]",
                                            "expression": "'[sin(u1), -cos(u1), 0.1]'"}),
              ("blk", "Anim2D", {"inputs": "2", "kinds": "[-5 3]",
                                 "geometry": "[-1.5 1.5 -1.5 1.5]",
                                 "colors": "[0.3 0.3 0.3; 0.85 0.3 0.2]"})],
   ["t>rod", "t>ball", "rod>blk.1", "ball>blk.2", "fast=>blk.1", "slow=>blk.2"],
   final=2 * 3.141592653589793)
ex("ToBase", [("clk", "SampleClock", {"period": "1"}), ("cnt", "Counter", {"minimum": "1"}),
              ("blk", "ToBase", {"name": "'last'", "when": "2"}),
              ("prev", "Constant", {"value": "GetFromBase('last', 0)"}),
              ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "12"}),
              ("end", "End", {"!action": "again", "time": "10"})],
   ["clk=>cnt", "cnt>blk", "cnt>sc.1", "prev>sc.2"], final=10,
   context="% run 1 counts and stores its last count; End restarts it once, and\n"
           "% run 2 shows that count as a constant next to its own\n"
           "again = 1 + (__counter__ == 1);   % End's action: 2 restarts, 1 ends\n")

# ---- Math -----------------------------------------------------------------

siso("Gain", {"gain": "-1.5"})
ex("Sum", [("a", "SineWave", {"amplitude": "2"}), ("b", "Constant", {"value": "0.5"}),
           ("blk", "Sum", {"signs": "[1 -1]"}), ("sc", "Scope", {"inputs": "2", "ymin": "-3",
                                                                  "ymax": "3"})],
   ["a>blk.1", "b>blk.2", "blk>sc.1", "a>sc.2"])
ex("Product", [("a", "SineWave", {"frequency": "5"}), ("b", "Ramp", {"slope": "0.2"}),
               ("blk", "Product", {"ops": "[1 1]"}), ("sc", "Scope", {"inputs": "2",
                                                                      "ymin": "-2",
                                                                      "ymax": "2"})],
   ["a>blk.1", "b>blk.2", "blk>sc.1", "b>sc.2"])
siso("Abs", {})
siso("Sign", {})
siso("Sqrt", {}, src=("src", "Ramp", {"slope": "1"}))
siso("MathFunction", {"function": "1"}, src=("src", "Ramp", {"slope": "0.2", "initial": "-1"}))
siso("Power", {"exponent": "3"}, src=("src", "SineWave", {"amplitude": "1.2"}))
ex("MinMax", [("a", "SineWave", {"amplitude": "2"}), ("b", "Constant", {"value": "0.5"}),
              ("blk", "MinMax", {"function": "2", "inputs": "2"}),
              ("sc", "Scope", {"inputs": "2", "ymin": "-3", "ymax": "3"})],
   ["a>blk.1", "b>blk.2", "blk>sc.1", "a>sc.2"])
siso("Saturation", {"upper": "1", "lower": "-0.5"})
siso("DeadZone", {"upper": "1", "lower": "-1"})
siso("Rounding", {"function": "3"})
siso("Bias", {"bias": "1"})
ex("RelationalOperator", [("a", "SineWave", {"amplitude": "2"}),
                          ("b", "Constant", {"value": "0.5"}),
                          ("blk", "RelationalOperator", {"operator": "5"}),
                          ("sc", "Scope", {"inputs": "2", "ymin": "-3", "ymax": "3"})],
   ["a>blk.1", "b>blk.2", "blk>sc.1", "a>sc.2"])
ex("LogicalOperator", [("a", "SquareWave", {"period": "2", "amplitude": "0.5", "delay": "0"}),
                       ("ab", "Bias", {"bias": "0.5"}),
                       ("b", "SquareWave", {"period": "3", "amplitude": "0.5"}),
                       ("bb", "Bias", {"bias": "0.5"}),
                       ("blk", "LogicalOperator", {"operator": "5"}),
                       ("sc", "Scope", {"inputs": "3", "ymin": "-0.5", "ymax": "1.5"})],
   ["a>ab", "b>bb", "ab>blk.1", "bb>blk.2", "blk>sc.1", "ab>sc.2", "bb>sc.3"])
siso("MathExpression", {"inputs": "1", "expression": "'.if u1 > 0 .then u1^2 .else p(1)*u1 .end'",
                        "parameters": "[0.5]"})
ex("MatrixExpression", [("a", "SineWave", {}), ("b", "Constant", {"value": "[0 1; -1 0]"}),
                        ("m", "Mux", {"inputs": "2"}), ("c", "Constant", {"value": "1"}),
                        ("blk", "MatrixExpression", {"sizes": "[2 2; 2 1]",
                                                     "expression": "'u1*u2 + p'",
                                                     "parameters": "[0; 0.5]"}),
                        ("sc", "Scope", {"ymin": "-2", "ymax": "2"})],
   ["a>m.1", "c>m.2", "b>blk.1", "m>blk.2", "blk>sc"])
ex("MatrixMultiply", [("a", "Constant", {"value": "[0 1; -1 0]"}),
                      ("s", "SineWave", {}), ("c", "SineWave", {"phase": "pi/2"}),
                      ("m", "Mux", {"inputs": "2"}), ("blk", "MatrixMultiply", {}),
                      ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5"})],
   ["s>m.1", "c>m.2", "a>blk.1", "m>blk.2", "blk>sc.1", "m>sc.2"])
ex("Transpose", [("a", "Constant", {"value": "[1 2 3; 4 5 6]"}), ("blk", "Transpose", {}),
                 ("show", "Display", {})], ["a>blk", "blk>show"], final=1)
ex("Inverse", [("a", "Constant", {"value": "[2 1; 1 3]"}), ("blk", "Inverse", {}),
               ("show", "Display", {})], ["a>blk", "blk>show"], final=1)
ex("ControlledSaturation", [("u", "SineWave", {"amplitude": "2"}),
                            ("hi", "Ramp", {"slope": "0.2", "initial": "0"}),
                            ("lo", "Constant", {"value": "-1"}),
                            ("blk", "ControlledSaturation", {}),
                            ("sc", "Scope", {"inputs": "3", "ymin": "-3", "ymax": "3"})],
   ["u>blk.1", "hi>blk.2", "lo>blk.3", "blk>sc.1", "u>sc.2", "hi>sc.3"])
siso("Quantization", {"step": "0.5", "method": "1"})
siso("Horner", {"coefficients": "[0.5 0 -1]"})
ex("RoundProduct", [("a", "SineWave", {"amplitude": "3"}), ("b", "Constant", {"value": "1.5"}),
                    ("blk", "RoundProduct", {"inputs": "2", "method": "1"}),
                    ("sc", "Scope", {"inputs": "2", "ymin": "-5", "ymax": "5"})],
   ["a>blk.1", "b>blk.2", "blk>sc.1", "a>sc.2"])
ex("MathExpressions", [("t", "Time", {}),
                       ("blk", "MathExpressions", {"inputs": "1",
                                                   "expressions": "exp(-p(1)*u1)*cos(u1)\n"
                                                                  "exp(-p(1)*u1)*sin(u1)",
                                                   "parameters": "[0.2]"}),
                       ("sc", "Scope", {"inputs": "2"})],
   ["t>blk", "blk.1>sc.1", "blk.2>sc.2"])
siso("UnitConversion", {"from": "'degC'", "to": "'degF'"},
     src=("src", "Ramp", {"slope": "10", "initial": "-40"}))
ex("CrossProduct", [("a", "Constant", {"value": "[1; 0; 0]"}),
                    ("s", "SineWave", {}), ("c", "SineWave", {"phase": "pi/2"}),
                    ("z", "Constant", {"value": "0"}), ("m", "Mux", {"inputs": "3"}),
                    ("blk", "CrossProduct", {}), ("sc", "Scope", {})],
   ["c>m.1", "s>m.2", "z>m.3", "a>blk.1", "m>blk.2", "blk>sc"])
ex("Sort", [("a", "SineWave", {}), ("b", "SineWave", {"phase": "2*pi/3"}),
            ("c", "SineWave", {"phase": "4*pi/3"}), ("m", "Mux", {"inputs": "3"}),
            ("blk", "Sort", {"order": "2"}),
            ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "3.5"})],
   ["a>m.1", "b>m.2", "c>m.3", "m>blk", "blk.1>sc.1", "blk.2>sc.2"])
ex("RealImagToComplex", [("re", "SineWave", {}), ("im", "SineWave", {"phase": "pi/2"}),
                         ("blk", "RealImagToComplex", {}), ("back", "ComplexToMagAngle", {}),
                         ("sc", "Scope", {"inputs": "2", "ymin": "-4", "ymax": "4"})],
   ["re>blk.1", "im>blk.2", "blk>back", "back.1>sc.1", "back.2>sc.2"])
ex("ComplexToRealImag", [("mag", "Constant", {"value": "2"}), ("ang", "Time", {}),
                         ("c", "MagAngleToComplex", {}), ("blk", "ComplexToRealImag", {}),
                         ("sc", "Scope", {"inputs": "2", "ymin": "-2.5", "ymax": "2.5"})],
   ["mag>c.1", "ang>c.2", "c>blk", "blk.1>sc.1", "blk.2>sc.2"])
ex("MagAngleToComplex", [("mag", "Ramp", {"slope": "0.2"}), ("ang", "Time", {}),
                         ("blk", "MagAngleToComplex", {}), ("parts", "ComplexToRealImag", {}),
                         ("xy", "XYScope", {"xmin": "-2", "xmax": "2", "ymin": "-2",
                                            "ymax": "2"})],
   ["mag>blk.1", "ang>blk.2", "blk>parts", "parts.1>xy.1", "parts.2>xy.2"])
ex("ComplexToMagAngle", [("re", "Constant", {"value": "1"}), ("im", "Ramp", {"slope": "1",
                                                                           "initial": "-5"}),
                         ("c", "RealImagToComplex", {}), ("blk", "ComplexToMagAngle", {}),
                         ("sc", "Scope", {"inputs": "2", "ymin": "-2", "ymax": "6"})],
   ["re>c.1", "im>c.2", "c>blk", "blk.1>sc.1", "blk.2>sc.2"])
ex("Assignment", [("v", "Constant", {"value": "[1; 2; 3]"}), ("s", "SineWave", {}),
                  ("blk", "Assignment", {"indices": "2"}),
                  ("sc", "Scope", {"ymin": "-1.5", "ymax": "3.5"})],
   ["v>blk.1", "s>blk.2", "blk>sc"])
ex("DataTypeConversion", [("a", "Ramp", {"slope": "40", "initial": "-200"}),
                          ("blk", "DataTypeConversion", {"type": "2", "overflow": "1"}),
                          ("back", "DataTypeConversion", {"type": "1"}),
                          ("sc", "Scope", {"inputs": "2", "ymin": "-250", "ymax": "250"})],
   ["a>blk", "blk>back", "back>sc.1", "a>sc.2"])
ex("MaxMinInterval", [("clk", "SampleClock", {"period": "2"}),
                      ("src", "SineWave", {"amplitude": "2", "frequency": "1"}),
                      ("blk", "MaxMinInterval", {"function": "2", "initial": "-2",
                                                 "external": "1"}),
                      ("sc", "Scope", {"inputs": "2", "ymin": "-3", "ymax": "3"})],
   ["clk=>blk", "src>blk", "blk>sc.1", "src>sc.2"],
   context="% the largest value of the sine since the last tick of a 2 s clock\n")
ex("FormattedString", [("src", "Ramp", {"slope": "0.1"}),
                       ("blk", "FormattedString", {"format": "u = %.2f V", "size": "16"}),
                       ("show", "Display", {"text": "1"})],
   ["src>blk", "blk>show"],
   context="% the ramp written as a text, shown by a Display in text mode\n")

# ---- Logic ----------------------------------------------------------------


def bit(id_, period, delay="0"):
    """a 0/1 square wave: a PulseGenerator of amplitude 1."""
    return (id_, "PulseGenerator", {"amplitude": "1", "period": period, "width": "50",
                                    "delay": delay})


ex("TruthTable", [bit("a", "4"), bit("b", "2"),
                  ("blk", "TruthTable", {"table": "[0; 1; 1; 0]"}),
                  ("sc", "Scope", {"inputs": "3", "ymin": "-0.5", "ymax": "1.5"})],
   ["a>blk.1", "b>blk.2", "blk>sc.1", "a>sc.2", "b>sc.3"])
ex("DFlipFlop", [bit("d", "3.3"), bit("clk", "1"), ("en", "Constant", {"value": "1"}),
                 ("blk", "DFlipFlop", {}), ("nq", "Terminator", {}),
                 ("sc", "Scope", {"inputs": "3", "ymin": "-0.5", "ymax": "1.5"})],
   ["blk.2>nq", "d>blk.1", "en>blk.2", "clk>blk.3", "blk.1>sc.1", "d>sc.2", "clk>sc.3"])
ex("JKFlipFlop", [bit("j", "4"), bit("clk", "1", "0.25"), bit("k", "6", "1"),
                  ("blk", "JKFlipFlop", {}), ("nq", "Terminator", {}),
                  ("sc", "Scope", {"inputs": "4", "ymin": "-0.5", "ymax": "1.5"})],
   ["blk.2>nq", "j>blk.1", "clk>blk.2", "k>blk.3", "blk.1>sc.1", "j>sc.2", "k>sc.3", "clk>sc.4"], final=12)
ex("SRFlipFlop", [bit("s", "5"), bit("r", "5", "2"), ("blk", "SRFlipFlop", {}), ("nq", "Terminator", {}),
                  ("sc", "Scope", {"inputs": "3", "ymin": "-0.5", "ymax": "1.5"})],
   ["blk.2>nq", "s>blk.1", "r>blk.2", "blk.1>sc.1", "s>sc.2", "r>sc.3"])
ex("DLatch", [bit("d", "1.3"), bit("c", "4"), ("blk", "DLatch", {}), ("nq", "Terminator", {}),
              ("sc", "Scope", {"inputs": "3", "ymin": "-0.5", "ymax": "1.5"})],
   ["blk.2>nq", "d>blk.1", "c>blk.2", "blk.1>sc.1", "d>sc.2", "c>sc.3"])
ex("Toggle", [("clk", "SampleClock", {"period": "1"}), ("blk", "Toggle", {}),
              ("sc", "Scope", {"ymin": "-0.5", "ymax": "1.5"})], ["clk=>blk", "blk>sc"])

# ---- Integer --------------------------------------------------------------

int_chain("BitOperation", {"operation": "1", "bit": "4"})
int_chain("ExtractBits", {"first": "2", "count": "2"})
int_chain("BitShift", {"shift": "-1"})
int_chain("BitwiseOperator", {"operator": "3", "inputs": "2"}, inputs=2)
int_chain("ModularProduct", {"inputs": "2"}, value="[100; 50]", type_="2", inputs=2)

# ---- Continuous -----------------------------------------------------------

ex("Integrator", [("src", "SquareWave", {"period": "4"}),
                  ("blk", "Integrator", {"x0": "0", "limited": "1", "upper": "1.5",
                                         "lower": "-1.5"}),
                  ("sc", "Scope", {"inputs": "2", "ymin": "-2", "ymax": "2"})],
   ["src>blk", "blk>sc.1", "src>sc.2"], final=16)
siso("Derivative", {}, src=("src", "SineWave", {"frequency": "1"}))
siso("TransferFunction", {"num": "[4]", "den": "[1 0.8 4]"},
     src=("src", "Step", {"step_time": "1"}))
siso("StateSpace", {"A": "[0 1; -4 -0.8]", "B": "[0; 1]", "C": "[4 0]", "D": "0", "x0": "0"},
     src=("src", "Step", {"step_time": "1"}))
ex("PID", [("ref", "Step", {"step_time": "1"}), ("err", "Sum", {"signs": "[1 -1]"}),
           ("blk", "PID", {"P": "2", "I": "1", "D": "0.2"}),
           ("plant", "TransferFunction", {"num": "1", "den": "[1 1]"}),
           ("sc", "Scope", {"inputs": "2", "ymin": "-0.5", "ymax": "1.5"})],
   ["ref>err.1", "plant>err.2", "err>blk", "blk>plant", "plant>sc.1", "ref>sc.2"], final=15)
siso("TransportDelay", {"delay": "1.5"})
ex("VariableDelay", [("src", "SineWave", {"amplitude": "2"}),
                     ("d", "Ramp", {"slope": "0.2"}),
                     ("blk", "VariableDelay", {"max_delay": "2"}),
                     ("sc", "Scope", {"inputs": "2", "ymin": "-3", "ymax": "3"})],
   ["src>blk.1", "d>blk.2", "blk>sc.1", "src>sc.2"])
siso("RateLimiter", {"rising": "0.5", "falling": "-2"},
     src=("src", "SquareWave", {"period": "8", "amplitude": "1"}), final=16)
siso("Backlash", {"width": "1"})
siso("Hysteresis", {"on": "1", "off": "-1", "y_on": "1", "y_off": "-1"})
ex("JumpStateSpace", [("clk", "SampleClock", {"period": "3"}),
                      ("u", "Constant", {"value": "1"}), ("r", "Constant", {"value": "-1"}),
                      ("blk", "JumpStateSpace", {"A": "-1", "B": "1", "C": "1"}),
                      ("sc", "Scope", {"ymin": "-1.5", "ymax": "1.5"})],
   ["clk=>blk", "u>blk.1", "r>blk.2", "blk>sc"])
ex("Loopbreaker", [("src", "Step", {"step_time": "1"}), ("sum", "Sum", {"signs": "[1 -1]"}),
                   ("blk", "Loopbreaker", {"tau": "1e-3"}),
                   ("g", "Gain", {"gain": "0.5"}),
                   ("sc", "Scope", {"inputs": "2", "ymin": "-0.5", "ymax": "1.5"})],
   ["src>sum.1", "g>sum.2", "sum>blk", "blk>g", "blk>sc.1", "src>sc.2"],
   context="% y = u - 0.5 y has no state: the Loopbreaker gives it one, y -> 2/3\n")
siso("ContPoleZero", {"zeros": "[]", "poles": "[-0.4+2*i, -0.4-2*i]", "gain": "4"},
     src=("src", "Step", {"step_time": "1"}))

# ---- Discrete -------------------------------------------------------------

clocked("DiscreteDelay", {"init": "0"})
clocked("DiscreteTransferFunction", {"num": "[0.3]", "den": "[1 -0.7]"},
        src=("src", "Step", {"step_time": "1"}), period="0.2")
clocked("DiscreteStateSpace", {"A": "[1 0.2; -0.2 0.9]", "B": "[0; 0.2]", "C": "[1 0]"},
        src=("src", "Step", {"step_time": "1"}), period="0.2")
clocked("SampleHold", {})
clocked("DiscreteIntegrator", {"method": "3", "Ts": "0.5"},
        src=("src", "SineWave", {"frequency": "1"}))
clocked("SampledData", {"A": "-1", "B": "1", "C": "1", "period": "0.5"},
        src=("src", "Step", {"step_time": "1"}))
ex("Memory", [("clk", "SampleClock", {"period": "1"}), ("one", "Constant", {"value": "1"}),
              ("sum", "Sum", {"signs": "[1 1]"}), ("hold", "SampleHold", {}),
              ("blk", "Memory", {"init": "0"}),
              ("sc", "Scope", {"ymin": "0", "ymax": "12"})],
   ["clk=>hold", "one>sum.1", "blk>sum.2", "sum>hold", "hold>blk", "hold>sc"],
   context="% a counter: the Memory breaks the loop sum -> hold -> memory -> sum\n")
ex("ShiftRegister", [("clk", "SampleClock", {"period": "1"}),
                     ("cnt", "Counter", {"minimum": "1", "maximum": "100"}),
                     ("blk", "ShiftRegister", {"init": "zeros(3, 1)"}),
                     ("sc", "Scope", {"ymin": "0", "ymax": "10"})],
   ["clk=>cnt", "cnt>blk", "blk>sc"])
ex("Accumulator", [("clk", "SampleClock", {"period": "0.5"}),
                   ("r", "RandomUniform", {"min": "-1", "max": "1", "seed": "3"}),
                   ("blk", "Accumulator", {}),
                   ("sc", "Scope", {"inputs": "2", "ymin": "-4", "ymax": "4"})],
   ["clk=>r", "r>blk", "blk>sc.1", "r>sc.2"])
clocked("DiscrPoleZero", {"zeros": "[]", "poles": "[0.8]", "gain": "0.2"},
        src=("src", "Step", {"step_time": "1"}), period="0.2")

# ---- Hybrid ---------------------------------------------------------------

ex("Automaton", [("blk", "Automaton", {"modes": "2", "targets": "[2; 1]", "initial_mode": "1",
                                       "x0": "15", "xproperties": "1", "events": "1"}),
                 ("heat", "MatrixExpression", {
                     "sizes": "[2 1]",
                     "expression": "'[-u1(2) + (p(1) - u1(1))/p(2) + p(3); u1(1); u1(1) - p(4)]'",
                     "parameters": "[Ta; tau; P; Thigh]"}),
                 ("cool", "MatrixExpression", {
                     "sizes": "[2 1]",
                     "expression": "'[-u1(2) + (p(1) - u1(1))/p(2); u1(1); p(3) - u1(1)]'",
                     "parameters": "[Ta; tau; Tlow]"}),
                 ("dm", "Demux", {"outputs": "2"}),
                 ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "25"}),
                 ("rate", "Terminator", {})],
   ["blk.2>heat", "blk.2>cool", "heat>blk.1", "cool>blk.2", "blk.2>dm", "dm.1>sc.1",
    "dm.2>rate", "blk.1>sc.2"], final=60,
   context="% a thermostat: heating (mode 1) until Thigh, off (mode 2) until Tlow\n"
           "Ta = 10; tau = 10; P = 2; Thigh = 22; Tlow = 18;\n")
ex("LastInput", [("clk", "SampleClock", {"period": "2"}), ("one", "Constant", {"value": "1"}),
                 ("x", "Integrator", {"reinit": "1"}), ("blk", "LastInput", {}),
                 ("half", "Gain", {"gain": "0.5"}),
                 ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "4"})],
   ["one>x.1", "half>x.2", "clk=>x", "clk=>blk", "x>blk", "blk>half", "x>sc.1", "blk>sc.2"],
   context="% x' = 1, and every 2 s x restarts from half its value just before\n")
ex("ImplicitDerivative", [("src", "SineWave", {"frequency": "2"}),
                          ("blk", "ImplicitDerivative", {"x0": "0", "xd0": "2"}),
                          ("sc", "Scope", {"inputs": "2", "ymin": "-2.5", "ymax": "2.5"})],
   ["src>blk", "blk>sc.1", "src>sc.2"])
ex("Constraint", [("t", "SineWave", {"amplitude": "2"}), ("cube", "Power", {"exponent": "3"}),
                  ("sum", "Sum", {"signs": "[1 1 -1]"}),
                  ("blk", "Constraint", {"y0": "0", "yd0": "2"}),
                  ("sc", "Scope", {"inputs": "2", "ymin": "-2.5", "ymax": "2.5"})],
   ["blk>cube", "cube>sum.1", "blk>sum.2", "t>sum.3", "sum>blk", "blk>sc.1", "t>sc.2"],
   context="% y chosen at each instant so that y^3 + y - u = 0\n")

# ---- Activation -----------------------------------------------------------

ex("SampleClock", [("clk", "SampleClock", {"period": "0.5", "offset": "0.25"}),
                   ("src", "SineWave", {}), ("blk", "SampleHold", {}),
                   ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5"})],
   ["clk=>blk", "src>blk", "blk>sc.1", "src>sc.2"])
ex("EventClock", [("clk", "EventClock", {"period": "0.7", "init_time": "0.2"}),
                  ("cnt", "Counter", {}), ("sc", "Scope", {"ymin": "0", "ymax": "15"})],
   ["clk=>cnt", "cnt>sc"])
ex("InitialEvent", [("ev", "InitialEvent", {}),
                    ("r", "RandomUniform", {"min": "0", "max": "1", "seed": "1"}),
                    ("sc", "Scope", {"ymin": "0", "ymax": "1"})], ["ev=>r", "r>sc"])
ex("EventGenerate", [("ev", "EventGenerate", {"time": "[1 1.5 4 7]"}), ("cnt", "Counter", {}),
                     ("sc", "Scope", {"ymin": "0", "ymax": "5"})], ["ev=>cnt", "cnt>sc"])
ex("EventDelay", [("clk", "SampleClock", {"period": "2"}),
                  ("blk", "EventDelay", {"delay": "0.5"}),
                  ("es", "EventScope", {"inputs": "2"})], ["clk=>blk", "clk=>es.1", "blk=>es.2"])
ex("EventVariableDelay", [("clk", "SampleClock", {"period": "2"}),
                          ("d", "Ramp", {"slope": "0.15"}),
                          ("blk", "EventVariableDelay", {}),
                          ("es", "EventScope", {"inputs": "2"})],
   ["clk=>blk", "d>blk", "clk=>es.1", "blk=>es.2"])
ex("EventDelayedChannel", [("ev", "EventGenerate", {"time": "[1 1.2 1.4 5]"}),
                           ("blk", "EventDelayedChannel", {"delay": "2"}),
                           ("es", "EventScope", {"inputs": "2"})],
   ["ev=>blk", "ev=>es.1", "blk=>es.2"])
ex("EventUnion", [("a", "EventGenerate", {"time": "[1 3 5]"}),
                  ("b", "EventGenerate", {"time": "[2 3 6]"}),
                  ("blk", "EventUnion", {"inputs": "2"}), ("cnt", "Counter", {}),
                  ("sc", "Scope", {"ymin": "0", "ymax": "6"})],
   ["a=>blk.1", "b=>blk.2", "blk=>cnt", "cnt>sc"])
ex("ActivationIntersection", [("a", "SampleClock", {"period": "1"}),
                              ("b", "SampleClock", {"period": "1.5"}),
                              ("blk", "ActivationIntersection", {"inputs": "2"}),
                              ("es", "EventScope", {"inputs": "3"})],
   ["a=>blk.1", "b=>blk.2", "a=>es.1", "b=>es.2", "blk=>es.3"])
ex("AndActivations", [("a", "SampleClock", {"period": "1"}),
                      ("b", "SampleClock", {"period": "1.5"}),
                      ("blk", "AndActivations", {"inputs": "2"}),
                      ("sc", "Scope", {"ymin": "-0.5", "ymax": "1.5"})],
   ["a=>blk.1", "b=>blk.2", "blk>sc"])
ex("EventToCode", [("a", "SampleClock", {"period": "1"}),
                   ("b", "SampleClock", {"period": "1.5"}),
                   ("blk", "EventToCode", {"inputs": "2"}),
                   ("sc", "Scope", {"ymin": "0", "ymax": "3.5"})],
   ["a=>blk.1", "b=>blk.2", "blk>sc"])
ex("SetActivationSignal", [("clk", "SampleClock", {"period": "1"}),
                           ("blk", "SetActivationSignal", {"tag": "'tick'"}),
                           ("get", "GetActivationSignal", {"tag": "'tick'"}),
                           ("cnt", "Counter", {}), ("sc", "Scope", {"ymin": "0",
                                                                     "ymax": "12"})],
   ["clk=>blk", "get=>cnt", "cnt>sc"])
ex("GetActivationSignal", [("clk", "SampleClock", {"period": "0.5"}),
                           ("set", "SetActivationSignal", {"tag": "'sample'"}),
                           ("blk", "GetActivationSignal", {"tag": "'sample'"}),
                           ("src", "SineWave", {}), ("sh", "SampleHold", {}),
                           ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5"})],
   ["clk=>set", "blk=>sh", "src>sh", "sh>sc.1", "src>sc.2"])
ex("ActivationSignalScoping", [
    ("clk", "SampleClock", {"period": "1"}),
    ("set", "SetActivationSignal", {"tag": "'tick'", "visibility": "3"}),
    ("blk", "ActivationSignalScoping", {"tag": "'tick'"}),
    ("sub", "SuperBlock", {}, [
        ("get", "GetActivationSignal", {"tag": "'tick'"}), ("cnt", "Counter", {}),
        ("out", "Output", {"port": "1"})], ["get=>cnt", "cnt>out"]),
    ("sc", "Scope", {"ymin": "0", "ymax": "12"})],
   ["clk=>set", "sub>sc"])
ex("IfThenElse", [("clk", "SampleClock", {"period": "0.25"}), ("src", "SineWave", {}),
                  ("blk", "IfThenElse", {}), ("pos", "Counter", {}), ("neg", "Counter", {}),
                  ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "25"})],
   ["clk=>blk", "src>blk", "blk.1=>pos", "blk.2=>neg", "pos>sc.1", "neg>sc.2"])
ex("SwitchCase", [("clk", "SampleClock", {"period": "0.5"}),
                  ("src", "Sawtooth", {"period": "3", "amplitude": "3"}),
                  ("blk", "SwitchCase", {"cases": "3"}), ("a", "Counter", {}),
                  ("b", "Counter", {}), ("c", "Counter", {}),
                  ("sc", "Scope", {"inputs": "3", "ymin": "0", "ymax": "15"})],
   ["clk=>blk", "src>blk", "blk.1=>a", "blk.2=>b", "blk.3=>c", "a>sc.1", "b>sc.2", "c>sc.3"])
ex("IfExpression", [("clk", "SampleClock", {"period": "0.25"}), ("src", "SineWave", {}),
                    ("blk", "IfExpression", {"inputs": "1",
                                             "conditions": "u1 > p(1)\nu1 < -p(1)",
                                             "else_output": "1", "parameters": "0.5"}),
                    ("hi", "Counter", {}), ("lo", "Counter", {}), ("mid", "Counter", {}),
                    ("sc", "Scope", {"inputs": "3", "ymin": "0", "ymax": "20"})],
   ["clk=>blk", "src>blk", "blk.1=>hi", "blk.2=>lo", "blk.3=>mid", "hi>sc.1", "lo>sc.2",
    "mid>sc.3"])
ex("RepeatActivation", [("clk", "SampleClock", {"period": "1"}), ("cnt", "Counter", {}),
                        ("mod", "MathExpression", {"inputs": "1",
                                                   "expression": "'mod(u1, 4)'"}),
                        ("blk", "RepeatActivation", {"max_repeats": "10"}),
                        ("sc", "Scope", {"ymin": "0", "ymax": "50"})],
   ["clk=>cnt", "clk=>blk", "cnt>mod", "mod>blk", "cnt>sc"],
   context="% each tick counts on until the count is a multiple of 4\n")
ex("FrequencyDivider", [("clk", "SampleClock", {"period": "0.5"}),
                        ("blk", "FrequencyDivider", {"ratio": "4", "phase": "1"}),
                        ("es", "EventScope", {"inputs": "2"})],
   ["clk=>blk", "clk=>es.1", "blk=>es.2"])
ex("EdgeTrigger", [("clk", "SampleClock", {"period": "0.1"}), ("src", "SineWave", {}),
                   ("sh", "SampleHold", {}), ("blk", "EdgeTrigger", {"edge": "1"}),
                   ("cnt", "Counter", {}), ("sc", "Scope", {"inputs": "2", "ymin": "-1.5",
                                                             "ymax": "3"})],
   ["clk=>sh", "src>sh", "sh>blk", "blk=>cnt", "cnt>sc.1", "sh>sc.2"])
for zc in ("ZeroCrossUp", "ZeroCrossDown"):
    ex(zc, [("src", "SineWave", {"frequency": "2"}), ("blk", zc, {}), ("cnt", "Counter", {}),
            ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "12"})],
       ["src>blk", "blk=>cnt", "cnt>sc.1", "src>sc.2"])
ex("ZeroCross", [("src", "SineWave", {"frequency": "2"}), ("blk", "ZeroCross", {"outputs": "2"}),
                 ("up", "Counter", {}), ("down", "Counter", {}),
                 ("sc", "Scope", {"inputs": "3", "ymin": "-1.5", "ymax": "12"})],
   ["src>blk", "blk.1=>up", "blk.2=>down", "up>sc.1", "down>sc.2", "src>sc.3"])
ex("ExtractActivation", [("clk", "SampleClock", {"period": "0.5"}),
                         ("src", "SquareWave", {"period": "4"}), ("sh", "SampleHold", {}),
                         ("gt", "RelationalOperator", {"operator": "5", "zero_crossing": "0"}),
                         ("zero", "Constant", {"value": "0"}),
                         ("blk", "ExtractActivation", {}), ("cnt", "Counter", {}),
                         ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "12"})],
   ["clk=>sh", "src>sh", "sh>gt.1", "zero>gt.2", "gt>blk", "blk=>cnt", "cnt>sc.1",
    "sh>sc.2"])
ex("EventPortZero", [("clk", "SampleClock", {"period": "0.75"}), ("src", "SineWave", {}),
                     ("sh", "SampleHold", {}), ("blk", "EventPortZero", {}),
                     ("es", "EventScope", {})],
   ["clk=>sh", "src>sh", "sh>blk", "blk=>es"])
ex("SyncTag", [("clk", "SampleClock", {"period": "1"}), ("cnt", "Counter", {}),
               ("sub", "SuperBlock", {}, [
                   ("blk", "SyncTag", {}), ("c2", "SampleClock", {"period": "0.5"}),
                   ("cnt2", "Counter", {}), ("out", "Output", {"port": "1"})],
                ["c2=>cnt2", "cnt2>out"]),
               ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "22"})],
   ["clk=>cnt", "cnt>sc.1", "sub>sc.2"])
ex("End", [("src", "SineWave", {"frequency": "2"}), ("zc", "ZeroCrossDown", {}),
           ("cnt", "Counter", {}), ("limit", "RelationalOperator", {"operator": "6"}),
           ("three", "Constant", {"value": "3"}), ("stop", "ExtractActivation", {}),
           ("blk", "End", {"action": "1"}), ("sc", "Scope", {"inputs": "2", "ymin": "-1.5",
                                                             "ymax": "4"})],
   ["src>zc", "zc=>cnt", "cnt>limit.1", "three>limit.2", "limit>stop", "stop=>blk",
    "cnt>sc.1", "src>sc.2"], final=100,
   context="% the run stops at the third downward zero crossing, long before t = 100\n")

# ---- Routing --------------------------------------------------------------

ex("Mux", [("a", "SineWave", {}), ("b", "Constant", {"value": "[0.5; -0.5]"}),
           ("blk", "Mux", {"inputs": "[1 2]"}), ("sc", "Scope", {})],
   ["a>blk.1", "b>blk.2", "blk>sc"])
ex("Demux", [("s", "SineWave", {"amplitude": "[1; 2; 3]"}),
             ("blk", "Demux", {"outputs": "[1 2]"}),
             ("sc", "Scope", {"inputs": "2", "ymin": "-3.5", "ymax": "3.5"})],
   ["s>blk", "blk.1>sc.1", "blk.2>sc.2"])
ex("Selector", [("a", "SineWave", {"amplitude": "[1; 2; 3]"}),
                ("blk", "Selector", {"indices": "[3 1]"}),
                ("sc", "Scope", {"ymin": "-3.5", "ymax": "3.5"})], ["a>blk", "blk>sc"])
ex("Switch", [("a", "SineWave", {}), ("ctl", "SquareWave", {"period": "4"}),
              ("b", "Constant", {"value": "0"}),
              ("blk", "Switch", {"rule": "1", "threshold": "0"}),
              ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5"})],
   ["a>blk.1", "ctl>blk.2", "b>blk.3", "blk>sc.1", "ctl>sc.2"])
ex("ManualSwitch", [("a", "SineWave", {}), ("b", "SquareWave", {"period": "2"}),
                    ("blk", "ManualSwitch", {"position": "2"}),
                    ("sc", "Scope", {"ymin": "-1.5", "ymax": "1.5"})],
   ["a>blk.1", "b>blk.2", "blk>sc"])
ex("SelectInput", [("c1", "SampleClock", {"period": "2"}),
                   ("c2", "SampleClock", {"period": "2", "offset": "1"}),
                   ("a", "Constant", {"value": "1"}), ("b", "Constant", {"value": "-1"}),
                   ("blk", "SelectInput", {"inputs": "2", "activation": "2"}),
                   ("sc", "Scope", {"ymin": "-1.5", "ymax": "1.5"})],
   ["c1=>blk.1", "c2=>blk.2", "a>blk.1", "b>blk.2", "blk>sc"])
ex("SelectOutput", [("c1", "SampleClock", {"period": "2"}),
                    ("c2", "SampleClock", {"period": "2", "offset": "1"}),
                    ("a", "Time", {}),
                    ("blk", "SelectOutput", {"outputs": "2"}),
                    ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "10"})],
   ["c1=>blk.1", "c2=>blk.2", "a>blk", "blk.1>sc.1", "blk.2>sc.2"])
ex("MultiportSwitch", [("ctl", "Sawtooth", {"period": "6", "amplitude": "3"}),
                       ("a", "SineWave", {}), ("b", "Constant", {"value": "0.5"}),
                       ("c", "SquareWave", {"period": "0.5"}),
                       ("blk", "MultiportSwitch", {"inputs": "3", "indexing": "2"}),
                       ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "3"})],
   ["ctl>blk.1", "a>blk.2", "b>blk.3", "c>blk.4", "blk>sc.1", "ctl>sc.2"], final=12)
ex("Goto", [("a", "SineWave", {}), ("blk", "Goto", {"tag": "'angle'", "visibility": "2"}),
            ("sub", "SuperBlock", {}, [
                ("from", "From", {"tag": "'angle'"}), ("g", "Gain", {"gain": "2"}),
                ("out", "Output", {"port": "1"})], ["from>g", "g>out"]),
            ("sc", "Scope", {"ymin": "-2.5", "ymax": "2.5"})], ["a>blk", "sub>sc"])
ex("From", [("a", "SineWave", {}), ("go", "Goto", {"tag": "'u'"}),
            ("blk", "From", {"tag": "'u'"}), ("sc", "Scope", {"ymin": "-1.5", "ymax": "1.5"})],
   ["a>go", "blk>sc"])
ex("Terminator", [("a", "Constant", {"value": "[3; 1; 2]"}), ("blk2", "Sort", {}),
                  ("blk", "Terminator", {}), ("sc", "Scope", {"ymin": "0", "ymax": "4"})],
   ["a>blk2", "blk2.1>sc", "blk2.2>blk"])

# a bus of a motor's speed and current, nested in a bus with a set point
MOTOR = [("speed", "SineWave", {}), ("current", "Ramp", {"slope": "0.3"}),
         ("motor", "BusCreator", {"names": "'speed, current'"}),
         ("sp", "Constant", {"value": "1.5"})]
ex("BusCreator", [("pos", "SineWave", {}), ("vel", "SineWave", {"phase": "pi/2"}),
                  ("blk", "BusCreator", {"names": "'position, speed'"}),
                  ("sc", "Scope", {"ymin": "-1.5", "ymax": "1.5"})],
   ["pos>blk.1", "vel>blk.2", "blk>sc"])
ex("BusSelector", MOTOR + [("bus", "BusCreator", {"names": "'motor, setpoint'"}),
                           ("blk", "BusSelector", {"names": "'motor.current, setpoint'"}),
                           ("sc", "Scope", {"inputs": "2", "ymin": "0", "ymax": "3.5"})],
   ["speed>motor.1", "current>motor.2", "motor>bus.1", "sp>bus.2", "bus>blk", "blk.1>sc.1",
    "blk.2>sc.2"])
ex("BusAssignment", [("a", "Constant", {"value": "[1; 2]"}), ("b", "SineWave", {}),
                     ("bus", "BusCreator", {"names": "'a, b'"}),
                     ("new", "Ramp", {"slope": "0.5"}),
                     ("blk", "BusAssignment", {"names": "'b'"}),
                     ("sc", "Scope", {"ymin": "-1.5", "ymax": "5.5"})],
   ["a>bus.1", "b>bus.2", "bus>blk.1", "new>blk.2", "blk>sc"])

# ---- Lookup ---------------------------------------------------------------

siso("LookupTable", {"x": "[-2 -1 0 1 2]", "y": "[-1 -1 0 1 1]", "method": "5",
                     "extrapolation": "2"})
ex("LookupTable2D", [("x", "SineWave", {}), ("y", "SineWave", {"frequency": "0.3"}),
                     ("blk", "LookupTable2D", {"x": "[-1 0 1]", "y": "[-1 1]",
                                               "z": "[0 1; 1 2; 2 3]"}),
                     ("sc", "Scope", {"inputs": "3", "ymin": "-1.5", "ymax": "3.5"})],
   ["x>blk.1", "y>blk.2", "blk>sc.1", "x>sc.2", "y>sc.3"])
ex("LookupTableND", [("x", "SineWave", {}), ("y", "SineWave", {"frequency": "0.3"}),
                     ("z", "SineWave", {"frequency": "0.7"}),
                     ("blk", "LookupTableND", {"sizes": "[2 2 2]",
                                               "breakpoints": "[-1 1, -1 1, -1 1]",
                                               "table": "[0 1 1 2 1 2 2 3]"}),
                     ("sc", "Scope", {"ymin": "-0.5", "ymax": "3.5"})],
   ["x>blk.1", "y>blk.2", "z>blk.3", "blk>sc"])
ex("LookupTable_port", [("u", "SineWave", {"amplitude": "2"}),
                        ("bx", "Constant", {"value": "[-2; 0; 2]"}),
                        ("by", "Constant", {"value": "[1; 0; 1]"}),
                        ("blk", "LookupTable_port", {}),
                        ("sc", "Scope", {"inputs": "2", "ymin": "-2.5", "ymax": "2.5"})],
   ["u>blk.1", "bx>blk.2", "by>blk.3", "blk>sc.1", "u>sc.2"])
ex("LookupTable2D_port", [("u", "SineWave", {}), ("v", "SineWave", {"frequency": "0.3"}),
                          ("bx", "Constant", {"value": "[-1; 1]"}),
                          ("by", "Constant", {"value": "[-1; 1]"}),
                          ("z", "Ramp", {"slope": "[0 0.1; 0.1 0.2]", "initial": "0"}),
                          ("blk", "LookupTable2D_port", {}),
                          ("sc", "Scope", {"ymin": "-0.5", "ymax": "2.5"})],
   ["u>blk.1", "v>blk.2", "bx>blk.3", "by>blk.4", "z>blk.5", "blk>sc"])

# ---- Ports ----------------------------------------------------------------


def sub_example(name, inner, inner_links, outer, outer_links, **kw):
    ex(name, outer[:1] + [("sub", "SuperBlock", {}, inner, inner_links)] + outer[1:],
       outer_links, **kw)


for port in ("Input", "Output"):
    sub_example(port, [("in", "Input", {"port": "1"}), ("g", "Gain", {"gain": "-2"}),
                       ("out", "Output", {"port": "1"})], ["in>g", "g>out"],
                [("src", "SineWave", {}), ("sc", "Scope", {"inputs": "2", "ymin": "-2.5",
                                                           "ymax": "2.5"})],
                ["src>sub", "sub>sc.1", "src>sc.2"])
sub_example("EventInput", [("ein", "EventInput", {"port": "1"}), ("in", "Input", {}),
                           ("sh", "SampleHold", {}), ("out", "Output", {})],
            ["ein=>sh", "in>sh", "sh>out"],
            [("clk", "SampleClock", {"period": "0.5"}), ("src", "SineWave", {}),
             ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5"})],
            ["clk=>sub", "src>sub", "sub>sc.1", "src>sc.2"])
sub_example("EventOutput", [("in", "Input", {}), ("zc", "ZeroCrossUp", {}),
                            ("eout", "EventOutput", {"port": "1"})],
            ["in>zc", "zc=>eout"],
            [("src", "SineWave", {"frequency": "2"}), ("cnt", "Counter", {}),
             ("sc", "Scope", {"ymin": "0", "ymax": "5"})],
            ["src>sub", "sub=>cnt", "cnt>sc"])

# ---- Optimization ---------------------------------------------------------

# each run integrates y' = K (1 - y) from 0 to t = 1, where End "Evaluate"
# hands the cost (y(1) - 0.9)^2 to the block, which restarts the model with
# the next K until BOBYQA converges on K = ln 10; "Done" then stops
ex("BobyqaOpt", [("one", "Constant", {"@label": "One", "value": "1"}),
                 ("p", "Constant", {"@label": "Point K", "value": "K"}),
                 ("lag", "StateSpace", {"@label": "Lag", "A": "-K", "B": "K", "C": "1", "D": "0",
                                        "x0": "0"}),
                 ("cost", "MathExpression", {"@label": "Cost", "inputs": "1",
                                             "expression": "'(u1 - 0.9)^2'"}),
                 ("eval", "End", {"@label": "Evaluate", "action": "2", "time": "1"}),
                 ("blk", "BobyqaOpt", {"@label": "Optimizer", "lower": "0.1", "upper": "10",
                                       "rhobeg": "0.5", "rhoend": "1e-9", "maxiter": "100"}),
                 ("store", "ToBase", {"@label": "Store K", "name": "'K'", "when": "2"}),
                 ("both", "Mux", {"inputs": "2"}),
                 ("show", "Display", {"@label": "Optimum and cost", "digits": "10"}),
                 ("done", "End", {"@label": "Done", "action": "1", "time": "Inf"})],
   ["one>lag", "lag>cost", "p>blk.1", "cost>blk.2", "eval=>blk", "blk.1>store", "blk.1>both.1",
    "blk.2>both.2", "both>show", "blk=>done"], final=2,
   settings={"rtol": 1e-10, "atol": 1e-12},  # y(1), and so K, to 1e-8 or better
   context="% the point comes back from the run before through the base; the first\n"
           "% run starts at K = 1\n"
           "K = GetFromBase('K', 1);\n")

# ---- Custom ---------------------------------------------------------------

C_SOURCE = r"""#include <orrery/orr-block.h>

/* a half-wave rectifier: y = max(u, 0) */
void rectify (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    for (int i = 0; i < orr_block_out_numel (block, 0); i++)
      {
        double u = orr_block_real_in (block, 0)[i];
        orr_block_real_out (block, 0)[i] = u > 0 ? u : 0;
      }
}
"""
siso("CCustomBlock", {"source": C_SOURCE, "function": "'rectify'"})
PY_SOURCE = r"""def clip(job, b):
    # clips the input to [-p, p], p the first rpar
    if job == 'outputs':
        p = b.rpar[0]
        b.y[0] = [min(max(u, -p), p) for u in b.u[0]]
"""
siso("PyCustomBlock", {"source": PY_SOURCE, "function": "'clip'", "rpar": "1.2"})
ex("ExprCustomBlock", [("src", "SquareWave", {"period": "6"}),
                       ("blk", "ExprCustomBlock", {"in_sizes": "[1 1]", "x0": "[0; 0]",
                                                   "outputs": "x(1)",
                                                   "derivative": "[x(2); p(1)^2*(u1 - x(1))"
                                                                 " - 2*p(2)*p(1)*x(2)]",
                                                   "parameters": "[2, 0.3]"}),
                       ("sc", "Scope", {"inputs": "2", "ymin": "-2", "ymax": "2"})],
   ["src>blk", "blk>sc.1", "src>sc.2"], final=12,
   context="% a second-order filter, natural frequency p(1), damping p(2)\n")

# the FMU reads lag.fmu, the first-order lag FMU tests/fmi builds (its
# path in $LAG_FMU while this script runs); see the FMU page
ex("FMU", [("src", "SquareWave", {"period": "4"}), ("blk", "FMU", {"file": "'lag.fmu'"}),
           ("more", "Terminator", {}),
           ("sc", "Scope", {"inputs": "2", "ymin": "-1.5", "ymax": "1.5"})],
   ["src>blk", "blk.1>sc.1", "blk.2>more", "src>sc.2"])


def write_data(outdir):
    """The data the file readers' examples read: a damped oscillation
    sampled every 0.5 s, as CSV, text, MATLAB and HDF5."""
    import math
    times = [0.5 * k for k in range(21)]
    rows = [(t, math.exp(-0.2 * t) * math.cos(2 * t), math.exp(-0.2 * t) * math.sin(2 * t))
            for t in times]
    with open(os.path.join(outdir, "FromCSV-data.csv"), "w") as f:
        f.write("time,x,y\n")
        f.writelines("%g,%.6f,%.6f\n" % r for r in rows)
    with open(os.path.join(outdir, "FromText-data.txt"), "w") as f:
        f.write("# time x\n")
        f.writelines("%g\t%.6f\n" % r[:2] for r in rows)
    # the binary files carry a time stamp: written only when missing
    import numpy
    mat = os.path.join(outdir, "FromMat-data.mat")
    if not os.path.exists(mat):
        import scipy.io
        scipy.io.savemat(mat, {"x": numpy.array([r[:2] for r in rows])})
    hdf = os.path.join(outdir, "FromHDF-data.h5")
    if not os.path.exists(hdf):
        import h5py
        with h5py.File(hdf, "w") as f:
            f.create_dataset("x", data=numpy.array([r[:2] for r in rows]))


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    outdir = argv[1]
    names = argv[2:] or sorted(EXAMPLES)
    write_data(outdir)
    # the file readers find their data relative to the working directory
    os.chdir(outdir)
    lag = None
    if "FMU" in names:
        lag = os.path.join(os.getcwd(), "lag.fmu")
        shutil.copyfile(os.environ["LAG_FMU"], lag)
    failed = 0
    for name in names:
        try:
            model = build(name)
        except Exception as e:  # a parameter the block refuses: name it, go on
            print("%s: %s" % (name, e), file=sys.stderr)
            failed += 1
            continue
        # __counter__ is defined in runs only: check the first run's model
        problems = orrery.check(model, overrides={"__counter__": 1}, trust_native_code=True,
                                warnings=True)
        for problem in problems:
            print("%s: %s" % (name, problem), file=sys.stderr)
        if problems:
            failed += 1
            continue
        model.save_file(name + ".orr")
    if lag:
        os.unlink(lag)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
