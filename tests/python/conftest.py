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
