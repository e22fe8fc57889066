"""docs/python.md walks a new user through the API: its Python blocks,
run one after the other as a reader would type them (from a copy of the
source tree's data/examples, with /tmp/ turned into a folder of the
test's own), all work, and end where the page says they do."""
import math
import os
import re
import shutil
import subprocess

import pytest

from conftest import SOURCE


def test_the_tour_runs_top_to_bottom(tmp_path, monkeypatch):
    text = (SOURCE / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 8
    shutil.copytree(SOURCE / "data" / "examples", tmp_path / "data" / "examples")
    monkeypatch.chdir(tmp_path)
    tmp = str(tmp_path) + "/"
    # the shell commands of the page's study section, as a reader runs them
    (tmp_path / "study").mkdir()
    for name in ("bouncing-ball.orr", "bouncing-ball-sweep.orrs"):
        shutil.copy(tmp_path / "data" / "examples" / name, tmp_path / "study" / name)
    assert "orrery-sim study run /tmp/study/bouncing-ball-sweep.orrs" in text
    subprocess.run([os.environ["ORRERY_SIM"], "study", "run", "-q",
                    str(tmp_path / "study" / "bouncing-ball-sweep.orrs")], check=True)

    names = {}
    for i, block in enumerate(blocks):
        try:
            exec(compile(block.replace("/tmp/", tmp), "docs/python.md block %d" % i, "exec"),
                 names)
        except Exception as error:
            pytest.fail("docs/python.md, Python block %d fails: %r\n%s" % (i, error, block))

    # where the page says the tour ends: the pendulum's poles, the study's
    # first impact, the PID's speed at its setpoint, files saved
    poles = sorted(names["plant"].poles, key=lambda p: p.real)
    assert [p.real for p in poles] == pytest.approx([-4.97050, 0, 0, 4.97050], abs=1e-4)
    assert names["study"].read_row(0).metrics[0] == pytest.approx(math.sqrt(2 * 10 / 9.81),
                                                                    abs=1e-6)
    assert names["speed"][-1] == pytest.approx(100, rel=0.01)
    assert names["ramp"].values["U"] == pytest.approx(5 * 9.8 * math.sin(0.001), abs=1e-9)
    assert (tmp_path / "copy.orr").exists() and (tmp_path / "twice.orr").exists()
