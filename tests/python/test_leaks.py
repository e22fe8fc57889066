"""No leaks across 1,000 load-simulate-free cycles: the process's resident
memory levels off. After 100 cycles to warm up (allocator pools, caches,
PyGObject's type wrappers), the next 900 may add at most 4 MiB; a leak of
one model, program or recording per cycle (tens of kB each: the bouncing
ball records 419 samples of 3 doubles, 10 kB, and its model and program
are larger) would add far more."""
import gc

import orrery

BOUND = 4 * 1024 * 1024


def rss():
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    import os

    return pages * os.sysconf("SC_PAGE_SIZE")


def cycle(path):
    model = orrery.load(path)
    result = orrery.simulate(model)
    total = sum(float(s.values.sum()) for s in result.signals.values())
    del result, model
    return total


def test_memory_levels_off(examples):
    path = examples / "bouncing-ball.orr"
    for _ in range(100):
        first = cycle(path)
    gc.collect()
    warm = rss()
    samples = []
    for i in range(900):
        assert cycle(path) == first  # and every run computes the same
        if i % 100 == 99:
            gc.collect()
            samples.append(rss())
    growth = samples[-1] - warm
    print("RSS after warm-up %.1f MiB, after 1,000 cycles %.1f MiB (growth %+.0f kB)"
          % (warm / 2**20, samples[-1] / 2**20, growth / 1024))
    print("samples (kB):", [s // 1024 for s in samples])
    assert growth < BOUND
