"""The examples: every model in data/examples simulates from Python, and
the scripts in data/examples/python run and do what they say."""
import pathlib
import subprocess
import sys

import numpy
import pytest

import orrery

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "data" / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.orr")), ids=lambda p: p.name)
def test_example_model_simulates(path):
    model = orrery.load(path)
    assert orrery.check(model) == []
    result = orrery.simulate(model)
    settings = model.get_settings()
    for signal in result.signals.values():
        assert signal.values.shape == (len(signal.time), len(signal.channels))
        assert numpy.all(numpy.diff(signal.time) >= 0)
        assert signal.time[0] >= settings.start_time
        assert signal.time[-1] <= settings.final_time + 1e-9


def run_script(name, *args, env, cwd):
    return subprocess.run([sys.executable, str(EXAMPLES / "python" / name), *map(str, args)],
                          env=env, cwd=cwd, check=True, capture_output=True, text=True).stdout


def test_sweep_script(tmp_path, script_env):
    png = tmp_path / "sweep.png"
    out = run_script("sweep.py", png, env=script_env, cwd=tmp_path)
    with open(png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    # the integral action brings every gain's speed back to the setpoint
    # (w_ref = 100 rad/s) by the end, the load torque applied: within 1 %
    finals = [float(line.split(":")[1].split()[0]) for line in out.splitlines()
              if line.startswith("Kp =")]
    assert len(finals) == 5
    assert finals == pytest.approx([100.0] * 5, rel=0.01)


def test_sweep_curves_differ():
    # a sweep that does not change anything would plot one curve five times
    sys.path.insert(0, str(EXAMPLES / "python"))
    try:
        import sweep
    finally:
        sys.path.pop(0)
    curves = sweep.sweep([0.1, 2.0])
    (t1, w1), (t2, w2) = curves[0.1], curves[2.0]
    # the stiffer controller peaks sooner, and the curves part by tens of rad/s
    assert t2[numpy.argmax(w2)] < t1[numpy.argmax(w1)]
    assert numpy.max(numpy.abs(numpy.interp(t2, t1, w1) - w2)) > 10.0


def test_bouncing_ball_script(tmp_path, script_env):
    out_file = tmp_path / "ball.orr"
    out = run_script("bouncing_ball.py", out_file, env=script_env, cwd=tmp_path)
    assert "impacts at 1.42784, 3.99796, 6.31107, 8.39286, 10.26648" in out
    assert out_file.read_bytes().startswith(b"<?xml")


def test_study_results_script(tmp_path, script_env):
    # the study example run with orrery-sim, then read back from Python:
    # t2 = t1 (1 + 2 e) with t1 = sqrt(2 h0 / g), h0 = 10, g = 9.81
    import os
    import shutil
    for name in ("bouncing-ball.orr", "bouncing-ball-sweep.orrs"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    subprocess.run([os.environ["ORRERY_SIM"], "study", "run", "-q",
                    str(tmp_path / "bouncing-ball-sweep.orrs")], check=True)
    png = tmp_path / "t2.png"
    out = run_script("study_results.py", tmp_path / "bouncing-ball-sweep.orrs", "t2", png,
                     env=script_env, cwd=tmp_path)
    assert out.splitlines()[0] == "26 runs, 0 failed"
    t1 = (2 * 10 / 9.81) ** 0.5
    rows = [line for line in out.splitlines() if line.startswith("e = ")]
    assert len(rows) == 26
    for line in rows:
        e = float(line.split(":")[0].split("=")[1])
        t2 = float(line.split("=")[2])
        assert t2 == pytest.approx(t1 * (1 + 2 * e), abs=1e-6)
    with open(png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
