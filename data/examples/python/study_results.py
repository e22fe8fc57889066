#!/usr/bin/env python3
"""Reads a study's results (docs/studies.md) and plots a metric against a
varied variable.

    orrery-sim study run ../bouncing-ball-sweep.orrs
    python3 study_results.py ../bouncing-ball-sweep.orrs [t2] [OUT.png]

The results are one HDF5 file, RESULTS/results.h5, beside the study
(h5py, Debian's python3-h5py): /runs/parameters/VAR and
/runs/metrics/METRIC hold one value per run, /runs/failed and
/runs/message say which runs failed and why.
"""
import pathlib
import sys

import h5py
import numpy


def read(study):
    """The table of runs as numpy arrays: (parameters, metrics, failed, messages)."""
    study = pathlib.Path(study)
    results = study.with_suffix(".results") / "results.h5"
    with h5py.File(results, "r") as f:
        parameters = {name: f["runs/parameters"][name][:] for name in f["runs/parameters"]}
        metrics = {name: f["runs/metrics"][name][:] for name in f["runs/metrics"]}
        failed = f["runs/failed"][:] != 0
        messages = [m.decode() if isinstance(m, bytes) else m for m in f["runs/message"][:]]
    return parameters, metrics, failed, messages


def main(argv):
    study = argv[1] if len(argv) > 1 else "bouncing-ball-sweep.orrs"
    metric = argv[2] if len(argv) > 2 else None
    output = argv[3] if len(argv) > 3 else None
    parameters, metrics, failed, messages = read(study)
    variable = next(iter(parameters))
    metric = metric or next(iter(metrics))
    print(f"{len(failed)} runs, {int(failed.sum())} failed")
    for i, message in enumerate(messages):
        if failed[i]:
            print(f"run {i} failed: {message}")
    for x, y in zip(parameters[variable], metrics[metric]):
        print(f"{variable} = {x:.6g}: {metric} = {y:.9g}")
    if output:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        ok = ~failed
        fig, ax = plt.subplots(figsize=(6, 4))
        ax.plot(parameters[variable][ok], metrics[metric][ok], "o-")
        ax.set_xlabel(variable)
        ax.set_ylabel(metric)
        ax.grid(True)
        fig.tight_layout()
        fig.savefig(output)
        print(f"plot: {output}")


if __name__ == "__main__":
    main(sys.argv)
