"""The typelib loads the way docs/python.md says, and the helper finds it."""
import subprocess
import sys

import gi


def test_require_version():
    # what a new user types first (docs/python.md), in a fresh interpreter
    code = ("import gi; gi.require_version('Orrery', '1.0'); "
            "from gi.repository import Orrery; print(Orrery.Model.__gtype__.name)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert out.strip() == "OrrModel"


def test_standard_registry_has_the_palettes():
    gi.require_version("Orrery", "1.0")
    from gi.repository import Orrery

    registry = Orrery.Registry.new_standard()
    names = {registry.get_class(i).name for i in range(registry.get_n_classes())}
    # one block from each of several palettes
    for name in ("Constant", "Integrator", "Gain", "Scope", "SampleClock", "CCustomBlock"):
        assert name in names


def test_helper_module():
    import orrery

    assert orrery.Orrery.Model.__gtype__.name == "OrrModel"
    assert orrery.registry() is orrery.registry()


def test_every_public_header_is_scanned():
    # meson lists the GIR's sources by hand: a header added to
    # engine/include/orrery must be added to bindings/meson.build too,
    # or its functions silently never reach scripts
    import pathlib
    import re

    top = pathlib.Path(__file__).resolve().parents[2]
    listed = set(re.findall(r"engine/include/orrery/(orr-[a-z0-9-]+\.h)",
                            (top / "bindings" / "meson.build").read_text()))
    present = {p.name for p in (top / "engine" / "include" / "orrery").glob("*.h")}
    missing = sorted(present - listed)
    assert not missing, "add to orr_public_headers in bindings/meson.build: %s" % missing
