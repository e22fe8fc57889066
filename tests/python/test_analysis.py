"""Linear analysis from Python (orr_model_linearize, orr_model_trim): the seed's inverted
pendulum on a ramp, linearized at rest with input 1 and outputs 1 and 2,
against the hand-derived model (docs/analysis.md, tests/analysis):
z'' = 0.235294 u - 1.729412 theta, theta'' = -0.504202 u + 24.70588 theta,
poles 0, 0 and +-4.97050."""
import math
import pathlib

import numpy
import pytest

import orrery
from orrery import GLib, Orrery

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


def test_equilibrium_on_a_ramp():
    # seed 000 7.2.2: the input bias that holds the cart on a ramp of
    # slope phi is (M + m) g sin(phi), 0.049 for phi = 0.001
    model = orrery.load(EXAMPLES / "inverted-pendulum.orr")
    found = orrery.trim(model, "pendulum", vary="U", overrides={"phi": 0.001, "th0": 0})
    assert list(found.values) == ["U"]
    assert found.values["U"] == pytest.approx(5 * 9.8 * math.sin(0.001), abs=1e-9)
    assert list(found.residuals) == ["der pendulum/p4[%d]" % i for i in range(1, 5)]
    assert max(abs(r) for r in found.residuals.values()) == found.residual_norm < 1e-9
    assert found.x.shape == (4,) and numpy.all(found.x == 0)
    # and the linearization there is still the seed's plant
    linear = orrery.linearize(model, "pendulum", [1], [1, 2],
                              overrides={"phi": 0.001, "th0": 0, "U": found.values["U"]})
    assert abs(linear.a[3, 1] - 24.705882352941) < 1e-4


def test_no_equilibrium_is_an_exception_naming_the_residuals():
    # 0.02 rad off the top, the bias alone cannot bring the pendulum to rest
    model = orrery.load(EXAMPLES / "inverted-pendulum.orr")
    with pytest.raises(GLib.Error) as caught:
        orrery.trim(model, "pendulum", vary=["U"])
    assert caught.value.matches(GLib.quark_from_string("orr-analysis-error-quark"),
                                Orrery.AnalysisError.NO_SOLUTION)
    assert "no equilibrium" in caught.value.message
    assert "der pendulum/p4[4]" in caught.value.message


def test_kinsol_failure_in_words():
    # the block's four states as unknowns against its four derivatives
    # (square: KINSOL), but the cart's position z appears in no
    # derivative: the Jacobian is singular, and the error says so
    model = orrery.load(EXAMPLES / "inverted-pendulum.orr")
    with pytest.raises(GLib.Error) as caught:
        orrery.trim(model, "pendulum", vary_states=True, overrides={"th0": 0.05})
    assert "KINSOL" in caught.value.message
    assert "singular" in caught.value.message
