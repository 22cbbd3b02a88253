"""tools/flash.py against a fake mpremote and board (fake_mpremote.py): each promise of
`make flash`, in a fraction of a second. test_flash.py keeps one end-to-end flash onto a
stand-in board in the unix port."""

import json
import os
import shlex
import stat
import sys

import pytest

from tools import flash
from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: once is enough
MPY_6_3 = 6 | 3 << 8  # sys.implementation._mpy of 1.23 to 1.28


@pytest.fixture
def build(tmp_path):
    """A small build as `make build` lays it out."""
    root = tmp_path / "build"
    for name, text in {
        "firmware/main.py": "main",
        "firmware/boot.py": "boot",
        "firmware/app/core.mpy": "core",
        "firmware/fonts/body.bin": "font",
        "boards/pico-epaper29/board.mpy": "pico",
        "boards/pico-epaper29/first.mpy": "first",
        "boards/host/board.mpy": "host",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


class FakeBoard:
    def __init__(self, tmp_path, version=(1, 28, 0, ""), mpy=MPY_6_3, absent=False):
        self.path = tmp_path / "board.json"
        self.path.write_text(
            json.dumps(
                {
                    "version": list(version),
                    "mpy": mpy,
                    "files": {},
                    "mode": "game",  # running, its watchdog fed
                    "boots": [],
                    "calls": [],
                    "watchdog_resets": 0,
                    "absent": ["auto"] if absent else [],
                }
            )
        )
        self.mpremote = tmp_path / "mpremote"
        fake = ROOT / "host_tests" / "fake_mpremote.py"
        self.mpremote.write_text(
            '#!/bin/sh\nexec %s %s "$@"\n' % (shlex.quote(sys.executable), shlex.quote(str(fake)))
        )
        self.mpremote.chmod(self.mpremote.stat().st_mode | stat.S_IEXEC)
        os.environ["FAKE_BOARD"] = str(self.path)

    @property
    def state(self):
        return json.loads(self.path.read_text())

    def flash(self, build, board="pico-epaper29"):
        flash.flash(board, "", build, mpremote=str(self.mpremote))


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch):
    monkeypatch.setattr(flash.time, "sleep", lambda s: None)  # a fake board boots at once
    yield
    os.environ.pop("FAKE_BOARD", None)


def test_one_session_checks_flags_and_resets_then_copies_then_resets_clean(tmp_path, build):
    board = FakeBoard(tmp_path)
    board.flash(build)
    s = board.state
    assert s["calls"][0] == ["exec", "reset"]  # the check, the flag, the reset: one session
    assert s["watchdog_resets"] == 0  # no second session raced the stopped game's watchdog
    assert s["boots"] == ["maintenance", "game"]
    assert s["calls"][-1] == ["exec", "reset"]  # the flag goes, `clean` comes, the reset
    files = s["files"]
    assert "maintenance" not in files and files["clean"] == ""  # main.py opens the menu
    assert files["app/core.mpy"] == "core" and files["board.mpy"] == "pico"
    assert files["main.py"] == "main" and files["first.mpy"] == "first"
    assert files["board.txt"] == "pico-epaper29\n"
    assert "host" not in files.values()  # only the board that was named


def test_a_second_flash_copies_only_what_changed_and_removes_what_went(tmp_path, build):
    board = FakeBoard(tmp_path)
    board.flash(build)
    (build / "firmware" / "app" / "core.mpy").write_text("core, changed")
    (build / "firmware" / "fonts" / "body.bin").unlink()
    before = len(board.state["calls"])
    board.flash(build)
    s = board.state
    copies = [c for call in s["calls"][before:] for c in call if c == "fs cp"]
    assert len(copies) == 1 + 2  # core.mpy, then the manifest and board.txt
    assert s["files"]["app/core.mpy"] == "core, changed"
    assert "fonts/body.bin" not in s["files"]
    # Its folder, emptied, goes too: MicroPython would import an empty folder as a package
    # in the place of a module of its name (app/saywhen/ beside app/saywhen.mpy).
    assert "fonts/" not in s["files"] and "app/" in s["files"]
    assert s["watchdog_resets"] == 0


@pytest.mark.parametrize(
    "version, mpy, says",
    [
        (
            (1, 23, 0, ""),
            MPY_6_3,
            "MicroPython 1.23.0 (it reads .mpy v6.3); this build needs 1.24",
        ),
        ((1, 22, 2, ""), 6 | 2 << 8, "MicroPython 1.22.2 (it reads .mpy v6.2)"),
    ],
)
def test_an_unsuitable_micropython_is_refused_and_the_board_left_as_it_was(
    tmp_path, build, version, mpy, says
):
    board = FakeBoard(tmp_path, version, mpy)
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build)
    assert says in str(refused.value) and "needs 1.24 or newer" in str(refused.value)
    assert "micropython.org/download" in str(refused.value)  # which release to install
    s = board.state
    assert s["calls"] == [["exec", "reset"]]  # one session, stopped before the reset
    assert s["boots"] == [] and "maintenance" not in s["files"]  # no flag, no reset


def test_a_misspelt_board_name_touches_no_board(tmp_path, build):
    board = FakeBoard(tmp_path)
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build, board="pico-epaper")
    assert "no board 'pico-epaper': BOARD= is one of host, pico-epaper29" in str(refused.value)
    assert board.state["calls"] == []


def test_no_board_says_what_to_check(tmp_path, build):
    board = FakeBoard(tmp_path, absent=True)
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build)
    said = str(refused.value)
    assert said.startswith("no board found on any USB port.") and "USB data cable" in said
    assert "(mpremote said: no device found)" in said


@pytest.mark.skipif(not (ROOT / "build" / "mpy" / "boards").is_dir(), reason="needs make build")
def test_a_board_gets_its_own_drivers_and_the_network_only_with_wifi():
    build = ROOT / "build" / "mpy"

    def sent(board):
        return {dest for _, dest in flash.files(build, board)}

    pico, picow, badger = sent("pico-epaper29"), sent("picow-epaper29"), sent("badger2040w")
    for got in (pico, picow):
        assert {"hw/ssd1680.mpy", "hw/ring.mpy", "hw/reference.mpy"} <= got
        assert "hw/uc8151.mpy" not in got
    assert "hw/uc8151.mpy" in badger and not {"hw/ssd1680.mpy", "hw/ring.mpy"} & badger
    assert "hw/wifi.mpy" in picow and "hw/wifi.mpy" in badger and "hw/wifi.mpy" not in pico
    assert not any(f.startswith("net/") for f in pico)  # no Wi-Fi, no phones' server
    assert "phones.html.gz" not in pico
    assert {"net/phones.mpy", "net/server.mpy", "phones.html.gz"} <= picow
    assert flash.has_wifi("host") and not flash.has_wifi("pico-epaper29")
    assert flash.board_drivers("host") == set()  # the PC has no drivers
    for got in (pico, picow, badger):  # the rest is every board's
        assert {"app/core.mpy", "start.mpy", "fonts.bin", "decks/saywhen.deck"} <= got
