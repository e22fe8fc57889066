"""SEMANTICS.md section 9 oracles, checked from Python through the numpy
arrays the bindings return: the bouncing ball's impacts and speeds against
the closed-form series, the lag chain's end value against its formula."""
import math

import numpy
import pytest

import orrery


def impacts(time, speed):
    """The times where the speed jumps from falling to rising: an impact
    records the speed before and after at the same instant."""
    rising = (speed[:-1] < 0) & (speed[1:] > 0)
    return time[1:][rising], speed[1:][rising]


def analytic_impacts(h0, g, e, n):
    """Impact k (from 0) and the speed just after it: free fall to the
    first, then flights of 2 v_k / g with v_k = e^(k+1) sqrt(2 g h0)."""
    v = math.sqrt(2 * g * h0)
    t = math.sqrt(2 * h0 / g)
    times, speeds = [], []
    for _ in range(n):
        v *= e
        times.append(t)
        speeds.append(v)
        t += 2 * v / g
    return numpy.array(times), numpy.array(speeds)


def test_bouncing_ball_impacts(examples):
    result = orrery.simulate(orrery.load(examples / "bouncing-ball.orr"))
    signal = result["Height and speed"]
    assert signal.channels == ["Height and speed[1]", "Height and speed[2]"]
    times, speeds = impacts(signal.time, signal["Height and speed[2]"])
    # the series as SEMANTICS.md states it, to 1e-4 s
    stated = [1.42784, 3.99796, 6.31107, 8.39286, 10.26648]
    assert times[:5] == pytest.approx(stated, abs=1e-4)
    # and every impact before the final time (20 s) against the closed form
    expected_t, expected_v = analytic_impacts(10.0, 9.81, 0.9, 30)
    expected_v = expected_v[expected_t < 20.0]
    expected_t = expected_t[expected_t < 20.0]
    assert len(times) == len(expected_t) == 13
    assert times == pytest.approx(expected_t, abs=1e-5)
    assert speeds == pytest.approx(expected_v, rel=1e-6)
    # the height at each impact is zero (to the zero-crossing tolerance)
    heights = signal["Height and speed[1]"][1:][numpy.isin(signal.time[1:], times)]
    assert numpy.all(numpy.abs(heights) < 1e-6)


def test_bouncing_ball_with_overrides(examples):
    # a dropped height pinned over the context: impacts scale with sqrt(h0)
    # (9 m: the accumulation point, 27.13 s * sqrt(0.9) = 25.7 s, is past the end)
    result = orrery.simulate(orrery.load(examples / "bouncing-ball.orr"), overrides={"h0": 9.0})
    signal = result["Height and speed"]
    times, _ = impacts(signal.time, signal["Height and speed[2]"])
    expected_t, _ = analytic_impacts(9.0, 9.81, 0.9, 30)
    expected_t = expected_t[expected_t < 20.0]
    assert times == pytest.approx(expected_t, abs=1e-5)


def test_lag_chain_end_value(models):
    model = orrery.load(models / "lag-chain.orr")
    result = orrery.simulate(model)
    (path,) = result.paths
    signal = result[path]
    t = signal.time[-1]
    n = 10  # N in the model's context
    expected = 1 - math.exp(-t) * sum(t**k / math.factorial(k) for k in range(n))
    assert t == pytest.approx(model.get_settings().final_time)
    # rtol 1e-8 and atol 1e-10 in the model: 1e-6 leaves room for ten lags
    assert signal.values[-1, 0] == pytest.approx(expected, abs=1e-6)
    # and along the way, where the value is far from 0 and 1
    mid = numpy.argmin(numpy.abs(signal.time - 8.0))
    tm = signal.time[mid]
    assert signal.values[mid, 0] == pytest.approx(
        1 - math.exp(-tm) * sum(tm**k / math.factorial(k) for k in range(n)), abs=1e-6)


def test_arrays_are_not_copied(examples):
    result = orrery.simulate(orrery.load(examples / "bouncing-ball.orr"))
    signal = result["Height and speed"]
    recording = result.recording
    # numpy's array points into the engine's memory, read-only
    assert not signal.time.flags.owndata
    assert not signal.time.flags.writeable
    again = orrery.as_array(recording.get_times_bytes(0))
    assert again.ctypes.data == signal.time.ctypes.data
    # the arrays outlive the result, the recording and the model
    time = signal.time
    del result, signal, recording, again
    import gc

    gc.collect()
    assert time[0] == 0.0 and time[-1] == pytest.approx(20.0)
    assert numpy.all(numpy.diff(time) >= 0)
