"""A model built from nothing by a script is the model a C program builds
with the same calls: the two saved files are equal byte for byte. And it
is the bouncing ball: it simulates to the oracle's impacts."""
import os
import subprocess
import sys

import pytest

import orrery
from test_oracles import analytic_impacts, impacts
from test_examples import EXAMPLES


def test_script_model_equals_c_model(tmp_path, script_env):
    from_python = tmp_path / "python.orr"
    from_c = tmp_path / "c.orr"
    subprocess.run([sys.executable, str(EXAMPLES / "python" / "bouncing_ball.py"),
                    str(from_python)], env=script_env, check=True, capture_output=True)
    subprocess.run([os.environ["ORRERY_BUILD_BALL"], str(from_c)], check=True)
    python_bytes = from_python.read_bytes()
    c_bytes = from_c.read_bytes()
    assert len(python_bytes) > 1000
    assert python_bytes == c_bytes


def test_script_model_is_the_bouncing_ball():
    sys.path.insert(0, str(EXAMPLES / "python"))
    try:
        import bouncing_ball
    finally:
        sys.path.pop(0)
    model = bouncing_ball.build()
    # the same blocks, parameters and ports as the example file
    example = orrery.load(EXAMPLES / "bouncing-ball.orr")
    for path in ("Gravity", "Velocity", "Height", "Impact", "Restitution", "Height and speed"):
        built, shipped = model.find_block_by_path(path), example.find_block_by_path(path)
        assert built is not None and shipped is not None
        assert built.get_type_name() == shipped.get_type_name()
        assert built.list_params() == shipped.list_params()
        for name in built.list_params():
            assert built.get_param(name) == shipped.get_param(name)
    signal = orrery.simulate(model)["Height and speed"]
    times, _ = impacts(signal.time, signal["Height and speed[2]"])
    expected, _ = analytic_impacts(10.0, 9.81, 0.9, 13)
    assert times == pytest.approx(expected, abs=1e-5)


def test_save_and_load_round_trip(tmp_path):
    model = orrery.new_model(final_time=2.5, context="k = 3;")
    source = orrery.add_block(model, "Constant", "Source", {"value": "k"})
    scope = orrery.add_block(model, "Scope", "Scope", at=(100, 0))
    orrery.connect(model, (source, 1), (scope, 1))
    path = tmp_path / "m.orr"
    model.save_file(str(path))
    again = orrery.load(path)
    assert again.get_context() == "k = 3;"
    assert again.get_settings().final_time == 2.5
    assert again.find_block_by_path("Source").get_param("value") == "k"
    assert again.save_to_data() == model.save_to_data() == path.read_bytes()
    # changing a parameter from a script changes what the model computes
    again.set_param(again.find_block_by_path("Source"), "value", "2*k")
    result = orrery.simulate(again)
    assert result["Scope"].values[:, 0] == pytest.approx(6.0)


def test_blocks_walks_super_blocks(examples):
    model = orrery.load(examples / "masked-super-block.orr")
    paths = [block.get_path() for block in orrery.blocks(model)]
    assert len(paths) == len(set(paths))
    for path in paths:
        assert model.find_block_by_path(path).get_path() == path
    # both super blocks and the blocks inside them, each inside after its owner
    assert paths.index("Fast lag") < paths.index("Fast lag/Gain")
    assert paths.index("Slow lag") < paths.index("Slow lag/Gain")
    assert sum(p.count("/") == 0 for p in paths) == model.get_root().get_n_blocks()
