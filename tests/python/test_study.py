"""Studies from Python (orr-study.h through GObject Introspection): the
bouncing ball's restitution swept, each run's first impact and second
against the analytic series t1 = sqrt(2 h0 / g), t2 = t1 (1 + 2 e)."""
import math
import pathlib
import shutil

from orrery import Orrery

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "data" / "examples"


def test_sweep_from_python(tmp_path):
    for name in ("bouncing-ball.orr", "bouncing-ball-sweep.orrs"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    study = Orrery.Study.load(str(tmp_path / "bouncing-ball-sweep.orrs"))
    plan = study.make_plan()
    n = plan.get_n_runs()
    assert n == 26
    seen = []
    assert study.run(plan, Orrery.Registry.new_standard(), 0, n - 1, 2,
                     lambda run, status, message, done, total, data: seen.append(run), None)
    assert sorted(seen) == list(range(n))
    t1 = math.sqrt(2 * 10 / 9.81)
    for i in range(n):
        row = study.read_row(i)
        e = plan.get_value(i, 0)
        assert row.status == Orrery.StudyRunStatus.OK
        assert abs(row.metrics[0] - t1) < 1e-6
        assert abs(row.metrics[1] - t1 * (1 + 2 * e)) < 1e-6
    assert study.gather(plan, None, None)
    assert (tmp_path / "bouncing-ball-sweep.results" / "results.h5").exists()
