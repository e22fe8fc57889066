"""Errors cross into Python as exceptions (GLib.Error) whose message names
the block by its path, and problems come back as objects."""
import pytest

import orrery
from orrery import GLib, Orrery


def nested_model():
    """Plant (a super block) holding Gain1, fed by a constant, into a scope."""
    model = orrery.new_model(final_time=1.0)
    plant = orrery.add_block(model, "SuperBlock", "Plant", at=(100, 0))
    inner = plant.get_child()
    port_in = orrery.add_block(model, "Input", "In", {"port": "1"}, diagram=inner)
    gain = orrery.add_block(model, "Gain", "Gain1", {"gain": "2"}, at=(100, 0), diagram=inner)
    port_out = orrery.add_block(model, "Output", "Out", {"port": "1"}, at=(200, 0),
                                diagram=inner)
    orrery.connect(model, (port_in, 1), (gain, 1))
    orrery.connect(model, (gain, 1), (port_out, 1))
    model.configure_ports(plant, orrery.registry())
    source = orrery.add_block(model, "Constant", "Source", {"value": "1"})
    scope = orrery.add_block(model, "Scope", "Scope", at=(200, 0))
    orrery.connect(model, (source, 1), (plant, 1))
    orrery.connect(model, (plant, 1), (scope, 1))
    return model


def test_nested_model_runs():
    model = nested_model()
    assert orrery.check(model) == []
    assert orrery.simulate(model)["Scope"].values[:, 0] == pytest.approx(2.0)


def test_parameter_error_names_the_path():
    model = nested_model()
    gain = model.find_block_by_path("Plant/Gain1")
    model.set_param(gain, "gain", "2 * undefined_name")
    with pytest.raises(GLib.Error) as caught:
        orrery.simulate(model)
    assert "Plant/Gain1" in caught.value.message
    assert "undefined_name" in caught.value.message
    assert caught.value.domain == "orr-compile-error-quark"

    (problem,) = orrery.check(model)
    assert problem.path == "Plant/Gain1"
    assert problem.paths == ["Plant/Gain1"]
    assert "Plant/Gain1" in problem.where
    assert "undefined_name" in problem.message


def test_algebraic_loop_names_every_block(models):
    problems = orrery.check(orrery.load(models / "algebraic-loop.orr"))
    assert len(problems) == 1
    assert sorted(problems[0].paths) == ["Feedback", "Forward", "Sum"]
    with pytest.raises(GLib.Error) as caught:
        orrery.simulate(orrery.load(models / "algebraic-loop.orr"))
    assert "algebraic loop" in caught.value.message


def test_runtime_error_names_the_block(examples):
    # the ball dropped from 5 m reaches its accumulation point (19.2 s)
    # before the final time: Zeno behaviour, named after the surface's block
    model = orrery.load(examples / "bouncing-ball.orr")
    with pytest.raises(GLib.Error) as caught:
        orrery.simulate(model, overrides={"h0": 5.0})
    assert caught.value.matches(GLib.quark_from_string("orr-sim-error-quark"),
                                Orrery.SimError.ZENO)
    assert "Impact" in caught.value.message


def test_link_error(tmp_path):
    model = orrery.new_model()
    source = orrery.add_block(model, "Constant", "Source")
    scope = orrery.add_block(model, "Scope", "Scope")
    with pytest.raises(GLib.Error) as caught:
        orrery.connect(model, (source, 2), (scope, 1))
    assert "Source" in caught.value.message


def test_load_error_names_the_line(tmp_path):
    bad = tmp_path / "bad.orr"
    bad.write_text('<?xml version="1.0"?>\n<orrery version="1.0">\n  <diagram>\n'
                   '    <block id="b1" type="Gain"\n')
    with pytest.raises(GLib.Error) as caught:
        orrery.load(bad)
    assert str(bad) in caught.value.message or "bad.orr" in caught.value.message
    assert ":5" in caught.value.message or "line" in caught.value.message


def test_unknown_block_type():
    model = orrery.new_model()
    with pytest.raises(GLib.Error) as caught:
        orrery.add_block(model, "NoSuchBlock", "Mystery")
    assert "Mystery" in caught.value.message and "NoSuchBlock" in caught.value.message
