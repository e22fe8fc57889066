"""Linear analysis from Python (orr_model_linearize): the seed's inverted
pendulum on a ramp, linearized at rest with input 1 and outputs 1 and 2,
against the hand-derived model (docs/analysis.md, tests/analysis):
z'' = 0.235294 u - 1.729412 theta, theta'' = -0.504202 u + 24.70588 theta,
poles 0, 0 and +-4.97050."""
import math
import pathlib

import numpy

import orrery
from orrery import Orrery

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "data" / "examples"


def test_pendulum_linearized_from_python():
    model = orrery.load(EXAMPLES / "inverted-pendulum.orr")
    # at rest: the example starts the pendulum 0.02 rad off the top
    linear = orrery.linearize(model, "pendulum", [1], [1, 2], overrides={"th0": 0, "z0": 0})
    a, b, c, d = linear.a, linear.b, linear.c, linear.d
    assert a.shape == (4, 4) and b.shape == (4, 1) and c.shape == (2, 4) and d.shape == (2, 1)
    # the rows of z'' and theta'' (states [z; theta; z'; theta'])
    assert numpy.allclose(b[2:, 0], [0.235294117647, -0.504201680672], rtol=1e-6)
    assert abs(a[2, 1] - (-1.729411764706)) < 1e-6
    assert abs(a[3, 1] - 24.705882352941) < 1e-5
    poles = sorted(linear.poles, key=lambda p: p.real)
    assert numpy.allclose([p.real for p in poles], [-4.97050, 0, 0, 4.97050], atol=1e-4)
    assert numpy.allclose([p.imag for p in poles], 0, atol=1e-6)


def test_linearize_error_names_the_block():
    model = orrery.load(EXAMPLES / "inverted-pendulum.orr")
    try:
        Orrery.Model.linearize(model, orrery.registry(), "nowhere", None, None, math.nan, None)
    except Exception as error:  # GLib.Error
        assert "nowhere" in str(error)
    else:
        raise AssertionError("linearizing a block that does not exist succeeded")
