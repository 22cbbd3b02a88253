"""A library, not a tool: where the MicroPython unix port is, and how the host tests run
code inside it.

The code under test always runs in the unix port with the heap capped. `SCANNER_MPY=1`
(or `pytest --mpy`) runs the .mpy build from build/mpy, the very files `make flash` copies,
at the strictest board's cap (tools/budget.py: 160 KB, a Pico W's). The .py sources get
more, because compiling source in RAM needs transient memory that a device running .mpy
never spends. `HEAP=...` overrides either.
"""

import os
import shutil
import subprocess
from pathlib import Path

from tools.budget import TEST_HEAP

ROOT = Path(__file__).resolve().parent.parent
MPY_HEAP = TEST_HEAP
SOURCE_HEAP = "256K"


def heap():
    return os.environ.get("HEAP") or (MPY_HEAP if use_mpy() else SOURCE_HEAP)


def micropython():
    explicit = os.environ.get("MICROPYTHON")
    if explicit:
        if not os.access(explicit, os.X_OK):  # `make` names .venv's, there or not
            raise RuntimeError(
                "no MicroPython unix port at %s: `rm -f .venv/.installed && make venv` "
                "installs it again, or set MICROPYTHON=/path/to/micropython" % explicit
            )
        return explicit
    venv = ROOT / ".venv" / "bin" / "micropython"
    if venv.exists():
        return str(venv)
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("no MicroPython unix port: run `make test`, or set MICROPYTHON")
    return found


def use_mpy():
    return os.environ.get("SCANNER_MPY") == "1"


def code_dirs(board="host"):
    """The firmware and board folders on MICROPYPATH, as sources or as the .mpy build."""
    base = ROOT / "build" / "mpy" if use_mpy() else ROOT
    dirs = [base / "firmware", base / "boards" / board]
    for d in dirs:
        if not d.is_dir():
            raise RuntimeError("%s is missing: run `make build` first" % d)
    return [str(d) for d in dirs]


def mp_env(extra_paths=(), board="host"):
    env = dict(os.environ)
    # .frozen first: the unix port freezes asyncio there, as rp2 builds do.
    env["MICROPYPATH"] = ":".join([".frozen", *code_dirs(board), *map(str, extra_paths)])
    return env


def device_layout(board="host"):
    """(cwd, env) that lay the code out as `make flash` does on a board: the firmware folder
    is the current one and first on the path, so a module is loaded as "app/menu.mpy", as on
    the board (MicroPython interns each module's path for good: a long path on the PC
    would cost heap the board never spends)."""
    firmware = code_dirs(board)[0]
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen::../boards/" + board
    return firmware, env


def run_mp(
    args, stdin=None, heap_size=None, extra_paths=(), timeout=300, cwd=None, env=None, device=False
):
    """Runs `micropython -X heapsize=HEAP ARGS...`; returns the CompletedProcess. `device`:
    in the board's layout (device_layout), as the simulators and the fuzzer run."""
    if device:
        cwd, full_env = device_layout()
    else:
        full_env = mp_env(extra_paths)
    if env:
        full_env.update(env)
    return subprocess.run(
        [micropython(), "-X", "heapsize=" + (heap_size or heap()), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=full_env,
        cwd=cwd or ROOT,
    )


def read_save(path):
    """A state file as firmware/store.py writes it: the JSON, then a newline and its CRC32
    in 8 hex digits. Checked here too, so a test reads only what the board would."""
    import binascii
    import json

    raw = Path(path).read_bytes()
    body, tail = raw[:-9], raw[-9:]
    assert tail == b"\n%08x" % (binascii.crc32(body) & 0xFFFFFFFF), "bad checksum in %s" % path
    return json.loads(body)


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
