"""Simulation control from a script: a progress callback that sees time
advance and can stop the run, and C code blocks (CCustomBlock) compiled
and loaded into the script's process, calling back into the engine."""
import pathlib

import pytest

import orrery


def long_lag_model():
    """x' = 1 - x for a simulated million seconds in steps of 1 ms: a run
    of minutes unless something stops it."""
    model = orrery.new_model(final_time=1e6)
    settings = model.get_settings()
    settings.max_step = 1e-3
    model.set_settings(settings)
    one = orrery.add_block(model, "Constant", "One", {"value": "1"})
    lag = orrery.add_block(model, "TransferFunction", "Lag", {"num": "1", "den": "[1 1]"},
                           at=(100, 0))
    scope = orrery.add_block(model, "Scope", "Scope", at=(200, 0))
    orrery.connect(model, (one, 1), (lag, 1))
    orrery.connect(model, (lag, 1), (scope, 1))
    return model


def test_progress_then_stop():
    seen = []

    def progress(time):
        seen.append(time)
        return len(seen) < 5  # stop at the fifth report

    result = orrery.simulate(long_lag_model(), progress=progress)
    assert result.stopped
    assert len(seen) == 5
    assert seen == sorted(seen) and seen[-1] > 0
    signal = result["Scope"]
    # what was recorded until the stop is there, and ends near where it stopped
    assert len(signal.time) > 10
    assert 0 < signal.time[-1] < 1e6
    assert signal.time[-1] >= seen[-1] * 0.5
    # and it is the lag's response: 1 - exp(-t)
    import numpy

    assert signal.values[:, 0] == pytest.approx(1 - numpy.exp(-signal.time), abs=1e-4)


def test_progress_exception_propagates_nothing_hangs():
    # returning None (no explicit False) goes on; the run finishes
    model = orrery.new_model(final_time=1.0)
    one = orrery.add_block(model, "Constant", "One", {"value": "1"})
    scope = orrery.add_block(model, "Scope", "Scope", at=(100, 0))
    orrery.connect(model, (one, 1), (scope, 1))
    result = orrery.simulate(model, progress=lambda t: None)
    assert not result.stopped


COUNTING = (pathlib.Path(__file__).resolve().parents[1] / "palettes" / "custom" / "blocks"
            / "counting.c")


def test_custom_c_block(tmp_path, monkeypatch):
    monkeypatch.setenv("ORRERY_CACHE_DIR", str(tmp_path / "cache"))
    model = orrery.new_model(final_time=5.0)
    clock = orrery.add_block(model, "SampleClock", "Clock", {"period": "1", "offset": "0"})
    counter = orrery.add_block(model, "CCustomBlock", "Counter", {
        "source": COUNTING.read_text(), "function": "'counting'", "in_sizes": "[]",
        "out_sizes": "[1 1]", "event_inputs": "1"}, at=(100, 0))
    scope = orrery.add_block(model, "Scope", "Count", at=(200, 0))
    orrery.connect(model, (clock, 1), (counter, 1), activation=True)
    orrery.connect(model, (counter, 1), (scope, 1))
    # untrusted, the code is refused, naming the block
    with pytest.raises(orrery.GLib.Error) as caught:
        orrery.simulate(model)
    assert "Counter" in caught.value.message
    # trusted, it is compiled and loaded into this process: the clock ticks
    # at 0, 1, ..., 5 and the block counts them
    result = orrery.simulate(model, trust_native_code=True)
    assert result["Count"].values[-1, 0] == 6.0


def test_exception_in_progress_stops_and_propagates():
    class Enough(Exception):
        pass

    def progress(time):
        raise Enough(time)

    with pytest.raises(Enough):
        orrery.simulate(long_lag_model(), progress=progress)


def test_keyboard_interrupt_stops_the_run():
    # SIGINT while the engine runs: Python sees it in the helper's
    # callback, the run stops, and KeyboardInterrupt reaches the script
    import os
    import signal
    import threading

    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            orrery.simulate(long_lag_model())
    finally:
        timer.cancel()


def test_end_block_restarts(models):
    # one Newton step on p^2 - 2 per run, from p = 1, each run reading the
    # last one's p from the base, until |p^2 - 2| <= 1e-12: the result is
    # the last run's, whose one sample is sqrt(2)
    result = orrery.simulate(orrery.load(models / "newton-restart.orr"))
    time, p = result.channel("pnew")
    assert list(time) == [0.0]
    assert p[0] == pytest.approx(2**0.5, abs=1e-12)
