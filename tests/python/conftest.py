"""Shared paths for the Python tests. meson test sets GI_TYPELIB_PATH and
LD_LIBRARY_PATH to the build tree, PYTHONPATH to bindings/python, and
ORRERY_SOURCE_DIR, ORRERY_BUILD_BALL (the C builder) for these tests."""
import os
import pathlib

import pytest

SOURCE = pathlib.Path(os.environ.get("ORRERY_SOURCE_DIR",
                                     pathlib.Path(__file__).resolve().parents[2]))
EXAMPLES = SOURCE / "data" / "examples"
MODELS = SOURCE / "tests" / "models"


@pytest.fixture
def examples():
    return EXAMPLES


@pytest.fixture
def models():
    return MODELS


@pytest.fixture
def script_env():
    """The environment an example script runs in: this one (the paths to
    the build tree) with matplotlib off screen."""
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env["MPLBACKEND"] = "Agg"
    return env


# ---- TAP for meson ----------------------------------------------------------
# With --tap (meson.build passes it, with --capture=sys), pytest reports in
# TAP on its standard output, so that meson's summary line says how many
# Python tests passed ("46 subtests passed") and its log lists every test
# by name, with a test's printed output and a failure's traceback as TAP
# comments. pytest's own report, and whatever else writes to file
# descriptor 1 (the scripts the tests start), goes to the standard error.
import sys as _sys

_TAP_OUT = None
if "--tap" in _sys.argv:
    _TAP_OUT = os.fdopen(os.dup(1), "w", buffering=1)
    _sys.stdout.flush()
    os.dup2(2, 1)


def pytest_addoption(parser):
    parser.addoption("--tap", action="store_true",
                     help="report in TAP (for meson test) on the standard output, pytest's "
                     "own report on the standard error")


class _Tap:
    def __init__(self, out):
        self.out = out
        self.n = 0

    def _comment(self, text):
        for line in str(text).splitlines():
            self.out.write("# " + line + "\n")

    def result(self, ok, name, directive="", output="", details=""):
        self.n += 1
        self._comment(output)
        self.out.write("%s %d - %s%s\n" % ("ok" if ok else "not ok", self.n, name,
                                           " # " + directive if directive else ""))
        self._comment(details)
        self.out.flush()

    def pytest_collectreport(self, report):
        if report.failed:
            self.result(False, "collecting " + (report.nodeid or "tests"),
                        details=report.longreprtext)

    def pytest_runtest_logreport(self, report):
        # one line a test: its call, or the setup or teardown that failed
        # or skipped it
        if report.when != "call" and not report.failed and not report.skipped:
            return
        output = "\n".join(content for _, content in report.sections)
        if report.skipped and hasattr(report, "wasxfail"):
            self.result(True, report.nodeid, "TODO " + str(report.wasxfail), output)
        elif report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
            self.result(True, report.nodeid, "SKIP " + reason, output)
        elif report.failed:
            what = report.nodeid if report.when == "call" else "%s (%s)" % (report.nodeid,
                                                                             report.when)
            self.result(False, what, "", output, report.longreprtext)
        else:
            self.result(True, report.nodeid, "", output)

    def pytest_sessionfinish(self, session, exitstatus):
        self.out.write("1..%d\n" % self.n)
        self.out.flush()


def pytest_configure(config):
    if config.getoption("--tap") and _TAP_OUT is not None:
        config.pluginmanager.register(_Tap(_TAP_OUT), "orrery-tap")
