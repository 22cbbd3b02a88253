"""A library, not a tool: the firmware's own modules in CPython, for the tools that need
its numbers or its rules (the screens' layout, Scattergories' scoring) and for the tests.

On a board, firmware/ is the top of the file system: its packages are `games`, `app`, `hw`.
CPython gets them under those same names with importlib's recipe for importing a source
file directly, one top-level package or module at a time, found by its location. Putting
firmware/ on the search path instead (sys.path, PYTHONPATH, pytest's `pythonpath`) would
put every file in it before the standard library and the venv, so that its `main`,
`boot`, `store` and `shell` would shadow any module of those names; and a tool run by hand
without the variable set would fail.
"""

import importlib
import importlib.util
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"


def load_source(name, path):
    """The module in source file `path`, executed and registered in sys.modules as `name`
    (a package when `path` is its `__init__.py`): once, the second call returns it."""
    if name in sys.modules:
        return sys.modules[name]
    path = Path(path)
    package = [str(path.parent)] if path.name == "__init__.py" else None
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=package)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before running it, as the import system does
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def import_firmware(name):
    """Firmware module `name` ("games.scattergories", "ticks"), imported from firmware/
    under the name it has on a board, so that its own imports within its package (`from
    games.rng import Rng`) resolve as they do there. Another top module it imports is not
    found by itself: import that first (games.staycool and hw.buzzer need "ticks")."""
    top = name.partition(".")[0]
    folder = FIRMWARE / top
    load_source(top, folder / "__init__.py" if folder.is_dir() else folder.with_suffix(".py"))
    return importlib.import_module(name)


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
