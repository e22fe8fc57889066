"""orrery: a small helper over Orrery's GObject Introspection bindings.

The engine's whole scripting API is ``gi.repository.Orrery`` (see
docs/python.md); this module adds what Python users expect on top of it:
models loaded with the standard blocks at hand, simulations that return
numpy arrays named by block path, overrides given as a dict, and problems
as plain objects.

    import orrery
    model = orrery.load("bouncing-ball.orr")
    result = orrery.simulate(model)
    t, h = result.channel("Height and speed[1]")

Recorded arrays are not copied: each numpy array points into the
recording's memory (a GLib.Bytes the engine lends) and keeps it alive;
they are read-only.
"""

import ctypes
import ctypes.util
import re
import signal
import threading

import gi

gi.require_version("Orrery", "1.0")
from gi.repository import GLib, Orrery  # noqa: E402

import numpy  # noqa: E402

__all__ = [
    "Orrery",
    "GLib",
    "Problem",
    "Result",
    "Signal",
    "add_block",
    "as_array",
    "blocks",
    "check",
    "connect",
    "load",
    "new_model",
    "registry",
    "simulate",
]

_registry = None


def registry():
    """The standard block classes (one registry, shared by the process)."""
    global _registry
    if _registry is None:
        _registry = Orrery.Registry.new_standard()
    return _registry


def load(path):
    """Loads a .orr model; a bad file raises GLib.Error naming the line."""
    return Orrery.Model.load_file(str(path))


def new_model(final_time=None, solver=None, context=None):
    """An empty model, with settings and context if given."""
    model = Orrery.Model.new()
    if final_time is not None or solver is not None:
        settings = model.get_settings()
        if final_time is not None:
            settings.final_time = float(final_time)
        if solver is not None:
            settings.set_solver(solver)
        model.set_settings(settings)
    if context is not None:
        model.set_context(model.get_root(), context)
    return model


def add_block(model, type_name, label=None, params=None, at=(0, 0), size=(40, 40),
              diagram=None):
    """Adds a block of class type_name with the ports its class gives it
    for params (a dict of parameter expressions, as typed in the editor).
    Returns the block (an Orrery.Block)."""
    if diagram is None:
        diagram = model.get_root()
    rect = Orrery.Rect.new(float(at[0]), float(at[1]), float(size[0]), float(size[1]))
    if type_name == "SuperBlock":
        block = model.add_super_block(diagram, rect)
    else:
        block = model.add_block(diagram, type_name, rect)
    if label is not None:
        model.set_block_label(block, label)
    for name, expr in (params or {}).items():
        model.set_param(block, name, _expression(expr))
    model.configure_ports(block, registry())
    return block


def connect(model, source, target, activation=False, points=None):
    """Links output port source = (block, n) to input port target =
    (block, n), ports counted from 1; a data link unless activation."""
    kind = Orrery.LinkKind.ACTIVATION if activation else Orrery.LinkKind.REGULAR
    link = model.connect_ports(source[0], source[1], target[0], target[1], kind)
    if points:
        model.set_link_points(link, [Orrery.Point.new(float(x), float(y)) for x, y in points])
    return link


def blocks(model, diagram=None):
    """Every block of the model (or of diagram and what it holds), depth
    first in drawing order: super blocks before their insides."""
    if diagram is None:
        diagram = model.get_root()
    for i in range(diagram.get_n_blocks()):
        block = diagram.get_block(i)
        yield block
        child = block.get_child()
        if child is not None:
            yield from blocks(model, child)


class Problem:
    """One thing wrong with a model: where it is, what it is, and the
    path of the block to show first (None for the model context)."""

    def __init__(self, where, message, path, paths, warning=False):
        self.where = where
        self.message = message
        self.path = path
        self.paths = paths
        self.warning = warning

    def __repr__(self):
        return "Problem(%r, %r%s)" % (self.where, self.message,
                                      ", warning=True" if self.warning else "")

    def __str__(self):
        return "%s: %s" % (self.where, self.message)


def _flags(trust_native_code):
    if trust_native_code:
        return Orrery.SimulateFlags.TRUST_NATIVE_CODE
    return Orrery.SimulateFlags.NONE


def check(model, overrides=None, trust_native_code=False, warnings=False):
    """Compiles model and returns its problems (an empty list when it
    compiles); with warnings=True also what does not stop it compiling
    (an unconnected port), each with warning set."""
    problems = []
    for p in model.check(registry(), _scope(overrides), _flags(trust_native_code)):
        if p.warning and not warnings:
            continue
        paths = []
        for block_id in p.get_block_ids() or []:
            block = model.find_block(block_id)
            paths.append(block.get_path() if block is not None else block_id)
        problems.append(Problem(p.get_where(), p.get_message(), p.dup_block_path(model), paths,
                                p.warning))
    return problems


def _expression(value):
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(float(value)) if isinstance(value, float) else str(value)
    rows = numpy.atleast_2d(numpy.asarray(value, dtype=float))
    return "[" + "; ".join(" ".join(repr(float(x)) for x in row) for row in rows) + "]"


def _value(value):
    if isinstance(value, Orrery.Value):
        return value
    if isinstance(value, str):
        return Orrery.Value.new_string(value)
    if isinstance(value, bool):
        return Orrery.Value.new_bool(value)
    if isinstance(value, (int, float)):
        return Orrery.Value.new_double(float(value))
    raise TypeError("an override is a number, a bool or a string, not %r" % (value,))


def _scope(overrides):
    """A dict of names to values as the scope the engine pins them in."""
    if overrides is None or isinstance(overrides, Orrery.Scope):
        return overrides
    scope = Orrery.Scope.new(None)
    for name, value in overrides.items():
        scope.pin(name, _value(value))
    return scope


# ---- arrays without a copy -------------------------------------------------

_glib = ctypes.CDLL(ctypes.util.find_library("glib-2.0") or "libglib-2.0.so.0")
_glib.g_bytes_get_data.restype = ctypes.c_void_p
_glib.g_bytes_get_data.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
_POINTER = re.compile(r"\(GBytes at 0x([0-9a-fA-F]+)\)")


def _bytes_address(gbytes):
    """The GBytes* a GLib.Bytes wraps. PyGObject does not export it, but
    names it in the repr and hashes by it; both must agree, else None."""
    match = _POINTER.search(repr(gbytes))
    if match is None:
        return None
    address = int(match.group(1), 16)
    return address if hash(gbytes) == address else None


def as_array(gbytes):
    """A read-only float64 numpy array over a GLib.Bytes of doubles,
    without a copy where PyGObject lets the pointer be seen (a copy
    otherwise). The array keeps the bytes alive."""
    size = gbytes.get_size()
    if size == 0:
        return numpy.empty(0, dtype=numpy.float64)
    address = _bytes_address(gbytes)
    if address is None:
        array = numpy.frombuffer(gbytes.get_data(), dtype=numpy.float64)
    else:
        length = ctypes.c_size_t()
        data = _glib.g_bytes_get_data(address, ctypes.byref(length))
        assert length.value == size
        buffer = (ctypes.c_double * (size // 8)).from_address(data)
        buffer._orrery_owner = gbytes  # the memory lives as long as the array
        array = numpy.frombuffer(buffer, dtype=numpy.float64)
    array.flags.writeable = False
    return array


class Signal:
    """What one recording block recorded: time (n,), values (n, channels),
    and the channels' names."""

    def __init__(self, recording, index):
        self.path = recording.get_path(index)
        self.class_name = recording.get_class_name(index)
        n_channels = recording.get_n_channels(index)
        self.channels = [recording.dup_channel_name(index, c) for c in range(n_channels)]
        self.time = as_array(recording.get_times_bytes(index))
        self.values = as_array(recording.get_values_bytes(index)).reshape(-1, n_channels)

    def __repr__(self):
        return "Signal(%r, %d samples, channels %r)" % (self.path, len(self.time), self.channels)

    def __getitem__(self, channel):
        """A channel's values, by number from 0 or by name."""
        if isinstance(channel, str):
            channel = self.channels.index(channel)
        return self.values[:, channel]


class Result:
    """The signals one simulation recorded, by block path."""

    def __init__(self, recording, stopped=False):
        self.recording = recording
        self.stopped = stopped
        self.signals = {}
        for i in range(recording.get_n_signals()):
            signal = Signal(recording, i)
            self.signals[signal.path] = signal

    @property
    def paths(self):
        """The recording blocks' paths, in program order."""
        return list(self.signals)

    @property
    def channels(self):
        """Every channel's name ("Scope[2]", a SignalOut's name)."""
        return [name for s in self.signals.values() for name in s.channels]

    def __getitem__(self, path):
        return self.signals[path]

    def __contains__(self, path):
        return path in self.signals

    def channel(self, name):
        """(time, values) of the channel called name."""
        for signal in self.signals.values():
            if name in signal.channels:
                return signal.time, signal[name]
        raise KeyError("no channel %r; the channels are %s" % (name, ", ".join(self.channels)))

    def __repr__(self):
        return "Result(%r)" % (self.paths,)


def simulate(model, overrides=None, progress=None, trust_native_code=False):
    """Simulates model to its final time and returns a Result.

    overrides: a dict of names pinned in the model context (numbers,
    bools, strings), e.g. {"e": 0.8}. progress: called with the simulated
    time about every 20 ms; returning False stops the run (the result
    then holds what was recorded, and result.stopped is True). Ctrl+C, or
    an exception in progress, stops the run cleanly and is raised once the
    blocks have terminated. Failures raise GLib.Error, whose message names
    the block by its path."""
    stopped = []
    raised = []

    # Always called: besides progress, it is where Python gets a chance to
    # see Ctrl+C while the engine runs.
    def on_progress(time, _data=None):
        try:
            if progress is not None and progress(time) is False:
                stopped.append(time)
                return False
            return True
        except BaseException as exception:  # KeyboardInterrupt included
            raised.append(exception)
            return False

    # Ctrl+C becomes a stop request rather than an exception thrown at a
    # random point of the callback (where PyGObject could only print it);
    # a handler the program installed itself is left alone.
    interrupted = []
    previous = None
    if (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        previous = signal.signal(signal.SIGINT, lambda number, frame: interrupted.append(number))
    try:
        if interrupted:
            raise KeyboardInterrupt
        recording = model.simulate(registry(), _scope(overrides), _flags(trust_native_code),
                                   lambda time, *data: not interrupted and on_progress(time))
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt
    if raised:
        raise raised[0]
    return Result(recording, stopped=bool(stopped))


def linearize(model, block=None, inputs=None, outputs=None, at_time=None, overrides=None):
    """The linear model (A, B, C, D) of a super block (its path) or of the
    whole model, at the initial state or at at_time, with overrides (a dict
    of context values) pinned: numpy arrays, and the poles (docs/analysis.md)."""
    import math
    import numpy
    linear = Orrery.Model.linearize(model, registry(), block or "", inputs, outputs,
                                    math.nan if at_time is None else at_time, _scope(overrides))

    def matrix(which):
        data, rows, cols = linear.dup_matrix(ord(which))
        return numpy.frombuffer(data.get_data(), dtype=numpy.float64).reshape((rows, cols),
                                                                              order="F")

    poles = numpy.frombuffer(linear.dup_poles().get_data(), dtype=numpy.float64)
    return LinearModel(matrix("A"), matrix("B"), matrix("C"), matrix("D"),
                       poles[0::2] + 1j * poles[1::2], linear.sample_time)


def trim(model, block=None, vary=(), vary_states=False, vary_inputs=False, inputs=None,
         outputs=None, overrides=None, tolerance=0.0):
    """An equilibrium (trim point) of a super block (its path) or of the
    whole model: the context variables named in vary (and the block's
    states, its inputs, if asked) varied until the derivatives of its
    states, and the outputs given, are zero (docs/analysis.md). Raises
    GLib.Error naming the residuals that stay when there is none."""
    import numpy
    if isinstance(vary, str):
        vary = vary.split()
    result = Orrery.Model.trim(model, registry(), block or "", list(vary) or None,
                               bool(vary_states), bool(vary_inputs), inputs, outputs,
                               _scope(overrides), float(tolerance))

    def values(which):
        return numpy.frombuffer(result.dup_values(ord(which)).get_data(), dtype=numpy.float64)

    return Equilibrium(dict(zip(result.dup_names(ord("v")), values("v").tolist())),
                       values("x"), values("u"),
                       dict(zip(result.dup_names(ord("r")), values("r").tolist())),
                       result.residual_norm, result.iterations, result.method)


class Equilibrium:
    """What trim found: values (variable -> value), the block's states x
    and inputs u there, residuals (name -> value) and the largest,
    residual_norm; iterations and method say how."""

    def __init__(self, values, x, u, residuals, residual_norm, iterations, method):
        self.values, self.x, self.u = values, x, u
        self.residuals, self.residual_norm = residuals, residual_norm
        self.iterations, self.method = iterations, method

    def __repr__(self):
        return "Equilibrium(%r, largest residual %.3g)" % (self.values, self.residual_norm)


class LinearModel:
    """x' = A x + B u, y = C x + D u (or its discrete form when sample_time > 0)."""

    def __init__(self, a, b, c, d, poles, sample_time):
        self.a, self.b, self.c, self.d = a, b, c, d
        self.poles = poles
        self.sample_time = sample_time

    def __repr__(self):
        return "LinearModel(nx=%d, nu=%d, ny=%d)" % (self.a.shape[0], self.b.shape[1],
                                                      self.c.shape[0])
