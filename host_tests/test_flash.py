"""make flash onto a unix-port MicroPython listening on a loopback socket (no board here)."""

import os
import shutil
import subprocess
import sys

import pytest
from sim import Output

from tools.flash import release
from tools.mpenv import MPY_HEAP, ROOT, micropython
from tools.replbridge import ReplBridge

pytestmark = pytest.mark.mpy_only  # flashing takes the .mpy build whatever the mode


@pytest.fixture
def board(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(flash))
    bridge = ReplBridge(micropython(), flash, env=env)
    yield bridge, flash
    bridge.close()


def make_flash(url, build=None):
    args = ["make", "-s", "flash", "BOARD=host", "PORT=" + url]
    env = dict(os.environ)
    if build:
        env["FLASH_BUILD"] = str(build)
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, timeout=600)


def boot_headless(flash, script):
    """Boots the copy on the 'board' as a device would (only what was copied), headless."""
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(flash))
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + MPY_HEAP, "-m", "headless"]
        + ["--state", str(flash / "state")],
        input=script,
        capture_output=True,
        text=True,
        env=env,
        cwd=flash,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return Output(proc.stdout)


def test_maintenance_boot_leaves_the_repl_alone(tmp_path):
    # A board as `make flash` leaves it mid-copy: firmware in place, the flag still there.
    flash = tmp_path / "flash"
    shutil.copytree(ROOT / "build" / "mpy" / "firmware", flash)
    for f in (ROOT / "build" / "mpy" / "boards" / "host").iterdir():
        shutil.copy(f, flash / f.name)
    (flash / "maintenance").write_text("")
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(flash))
    proc = subprocess.run(
        [micropython(), str(flash / "main.py")], capture_output=True, text=True, env=env, cwd=flash
    )
    assert proc.returncode == 0
    assert "maintenance boot (requested by make flash)" in proc.stdout


def test_flash_without_a_board_says_so(tmp_path):
    proc = make_flash("socket://127.0.0.1:9")  # nothing listens on the discard port
    assert proc.returncode != 0
    assert "no board found on socket://127.0.0.1:9" in proc.stderr, proc.stderr


def test_flash_onto_a_board_whose_watchdog_runs(tmp_path):
    """The one end-to-end flash (tools/flash.py's steps are tested on a fake mpremote in
    test_flash_tool.py). The game feeds a watchdog that cannot be stopped; mpremote's
    Ctrl-C stops the game, so the watchdog would reset the board 8 s into the copy, which
    takes far longer. make flash resets it into maintenance first, and the copy completes
    and boots into the menu."""
    flash = tmp_path / "flash"
    flash.mkdir()
    build = tmp_path / "build"
    shutil.copytree(ROOT / "build" / "mpy", build)
    # mpremote feeds files through the unix port's raw REPL a few KB a second, so the
    # decks, the biggest data, stay out of this copy; the menu boots without them.
    shutil.rmtree(build / "firmware" / "decks")
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(flash))
    boot = str(ROOT / "host_tests" / "standin_boot.py")
    bridge = ReplBridge(micropython(), flash, env=env, args=["-i", boot], restart=True)
    try:
        proc = make_flash(bridge.url, build)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert bridge.boots >= 3  # reset into maintenance, then reset into the game
    finally:
        bridge.close()
    assert "copied" in proc.stdout and "(0 unchanged" in proc.stdout
    landed = sorted(p.relative_to(flash).as_posix() for p in flash.rglob("*") if p.is_file())
    # All of the firmware but the drivers of other boards' parts (the PC has none)
    sent = sorted(p.relative_to(build / "firmware").as_posix() for p in
                  (build / "firmware").rglob("*") if p.is_file())  # fmt: skip
    sent = [f for f in sent if not f.startswith("hw/") or f == "hw/__init__.mpy"]
    hosted = sorted(p.name for p in (build / "boards" / "host").iterdir())
    assert landed == sorted(sent + hosted + ["board.txt", "clean", "manifest.json"])
    assert (flash / "board.txt").read_text() == "host\n"
    assert not (flash / "maintenance").exists()  # the flag is gone after a complete copy
    assert (flash / "app" / "core.mpy").read_bytes() == (
        build / "firmware/app/core.mpy"
    ).read_bytes()
    out = boot_headless(flash, "state\npress DOWN\nstate\n")
    first, moved = out.states()
    assert first["screen"] == "menu" and first["view"]["title"] == "Party Scanner"
    assert moved["view"]["selected"] == 1


def test_flash_with_no_board_says_so_in_plain_words(tmp_path):
    missing = tmp_path / "ttyACM0"  # no such port
    proc = subprocess.run(
        [sys.executable, "-m", "tools.flash", "--port", str(missing)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 1
    said = proc.stderr
    assert said.startswith("make flash: no board found on %s." % missing), said
    assert "USB data cable" in said and "make flash PORT=" in said  # what to check
    assert "mpremote: mpremote" not in said and "(mpremote said: failed to access" in said
    assert "Traceback" not in said


def test_the_release_is_printed_as_people_write_it():
    assert release((1, 28, 0, "")) == "1.28.0"
    assert release((1, 29, 0, "preview")) == "1.29.0-preview"
    assert release((1, 23, 0)) == "1.23.0"
