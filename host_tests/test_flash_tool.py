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
        "boards/picow-epaper29/board.mpy": "picow",
        "boards/badger2040w/board.mpy": "badger",
        "boards/host/board.mpy": "host",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


class FakeBoard:
    def __init__(
        self,
        tmp_path,
        version=(1, 28, 0, ""),
        mpy=MPY_6_3,
        absent=False,
        machine="Raspberry Pi Pico with RP2040",
        files=None,
        blocks=212,
    ):
        self.path = tmp_path / "board.json"
        self.path.write_text(
            json.dumps(
                {
                    "version": list(version),
                    "mpy": mpy,
                    "machine": machine,
                    "files": files or {},
                    "blocks": blocks,
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
    said = str(refused.value)
    assert "no board 'pico-epaper': BOARD= is one of badger2040w, host, pico-epaper29, " in said
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


BADGER_OS = {  # a Badger as it comes from the box: Badger OS's files, none of ours
    "main.py": "launcher" * 100,
    "badger_os.py": "os" * 1000,
    "launcher.py": "menu" * 1000,
    "examples/": "",
    "examples/clock.py": "clock" * 2000,
    "books/": "",
    "books/289-0-wind-in-the-willows-abridged.txt": "w" * 400_000,
}
PICO_W = "Raspberry Pi Pico W with RP2040"


def untouched(board, files):
    """One look at the board and nothing else: no reset, no flag, its files as they were."""
    s = board.state
    assert s["calls"] == [["exec", "reset"]] and s["boots"] == [], s["calls"]
    assert s["files"] == files


def test_a_badger_with_badger_os_is_told_what_it_holds_and_left_as_it_was(tmp_path, build):
    board = FakeBoard(tmp_path, machine=PICO_W, files=dict(BADGER_OS))
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build, board="badger2040w")
    said = str(refused.value)
    assert "not this firmware's (no manifest.json or board.txt" in said
    assert "books/" in said and "1 file " in said and "390.6 KB" in said  # what, how much
    assert "in all: 5 files" in said and "blocks of 4 KB" in said
    assert "make flash WIPE=1 erases them all" in said
    assert "micropython-with-badger-os.uf2" in said and "pimoroni/badger2040" in said
    assert said.endswith("Nothing on the board was changed.")
    untouched(board, BADGER_OS)


def test_wipe_lists_what_goes_formats_as_rp2_does_then_flashes(tmp_path, build, capsys):
    board = FakeBoard(tmp_path, machine=PICO_W, files=dict(BADGER_OS))
    flash.flash("badger2040w", "", build, mpremote=str(board.mpremote), wipe=True)
    printed = capsys.readouterr().out
    assert printed.index("erasing the board's filesystem") < printed.index("copied")
    assert "books/" in printed and "micropython-with-badger-os.uf2" in printed
    s = board.state
    assert s["calls"][:2] == [["exec"], ["exec", "reset"]]  # a look, then the wipe and flag
    assert not set(BADGER_OS) - {"main.py"} & set(s["files"])  # formatted: Badger OS is gone
    assert s["files"]["main.py"] == "main"  # and its main.py is ours
    assert s["files"]["board.txt"] == "badger2040w\n" and s["files"]["board.mpy"] == "badger"


def test_a_yes_at_the_prompt_wipes_and_a_no_changes_nothing(tmp_path, build):
    board = FakeBoard(tmp_path, machine=PICO_W, files=dict(BADGER_OS))
    asked = []
    with pytest.raises(flash.FlashError):
        flash.flash(
            "badger2040w", "", build, str(board.mpremote), ask=lambda q: asked.append(q) or "n"
        )
    assert asked == ["Erase them all, then flash? [y/N] "]
    untouched(board, BADGER_OS)
    flash.flash("badger2040w", "", build, str(board.mpremote), ask=lambda q: "y")
    assert "badger_os.py" not in board.state["files"]
    assert board.state["files"]["board.txt"] == "badger2040w\n"


def test_a_wipe_keeps_the_saved_games_of_a_board_make_flash_flashed(tmp_path, build):
    board = FakeBoard(tmp_path, machine=PICO_W)
    board.flash(build, board="badger2040w")
    files = board.state["files"]
    files.update({"state/": "", "state/session.json": "{}", "mine.txt": "x"})
    state = board.state
    state["files"] = files
    board.path.write_text(json.dumps(state))
    flash.flash("badger2040w", "", build, mpremote=str(board.mpremote), wipe=True)
    after = board.state["files"]
    assert after["state/session.json"] == "{}" and "mine.txt" not in after


def test_a_build_that_does_not_fit_beside_the_files_is_refused_with_the_numbers(tmp_path, build):
    (build / "firmware" / "decks").mkdir()
    (build / "firmware" / "decks" / "saywhen.deck").write_text("d" * 120_000)  # 30 blocks
    board = FakeBoard(tmp_path, blocks=40)
    board.flash(build)  # fits a board of 40 blocks
    state = board.state
    state["files"].update({"state/": "", "state/played.json": "p" * 40_000})  # 10 blocks
    board.path.write_text(json.dumps(state))
    files = board.state["files"]
    (build / "firmware" / "decks" / "saywhen.deck").write_text("d" * 130_000)  # 32 blocks
    before = len(board.state["calls"])
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build)
    said = str(refused.value)
    assert said.startswith("the build does not fit: it takes ") and "blocks of 4 KB" in said
    assert "of 40: 12 kept for its saved games, 2 littlefs's spare" in said, said
    assert board.state["calls"][before:] == [["exec", "reset"]]
    assert board.state["files"] == files and board.state["boots"][-1] == "game"


def test_a_changed_file_goes_first_when_it_and_its_replacement_would_not_fit(tmp_path, build):
    deck = build / "firmware" / "decks" / "saywhen.deck"
    deck.parent.mkdir()
    deck.write_text("d" * 80_000)  # 20 blocks
    board = FakeBoard(tmp_path, blocks=40)
    board.flash(build)
    deck.write_text("e" * 80_000)  # changed: the old and the new take 40 together
    before = len(board.state["calls"])
    board.flash(build)
    copies = [c for call in board.state["calls"][before:] for c in call if c in ("fs rm", "fs cp")]
    assert copies[:2] == ["fs rm", "fs cp"]  # the old deck goes, then the new one comes
    assert board.state["files"]["decks/saywhen.deck"] == "e" * 80_000


def test_a_small_change_is_copied_over_the_old_file(tmp_path, build):
    board = FakeBoard(tmp_path)
    board.flash(build)
    (build / "firmware" / "app" / "core.mpy").write_text("core, changed")
    before = len(board.state["calls"])
    board.flash(build)
    assert "fs rm" not in [c for call in board.state["calls"][before:] for c in call]


def test_a_wifi_build_on_a_pico_without_w_is_refused(tmp_path, build):
    board = FakeBoard(tmp_path, machine="Raspberry Pi Pico with RP2040")
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build, board="picow-epaper29")
    said = str(refused.value)
    assert "picow-epaper29 build is for a board with Wi-Fi" in said
    assert "Raspberry Pi Pico with RP2040, without a radio" in said
    untouched(board, {})


@pytest.mark.parametrize(
    "machine, files",
    [
        (PICO_W, {"board.txt": "badger2040w\n", "manifest.json": "{}"}),  # our Badger build
        (PICO_W, dict(BADGER_OS)),  # Badger OS on MicroPython's own Pico W firmware
        ("Pimoroni Badger2040W with RP2040", {}),  # Pimoroni's own firmware
    ],
)
def test_a_pico_build_on_a_badger_is_refused(tmp_path, build, machine, files):
    board = FakeBoard(tmp_path, machine=machine, files=dict(files))
    with pytest.raises(flash.FlashError) as refused:
        board.flash(build, board="pico-epaper29")
    said = str(refused.value)
    assert "this board is a Badger 2040 W" in said and "power latch" in said
    assert "BOARD=badger2040w" in said
    untouched(board, files)


def test_the_build_the_board_held_before_is_named(tmp_path, build, capsys):
    board = FakeBoard(tmp_path, machine=PICO_W)
    board.flash(build, board="picow-epaper29")
    board.flash(build, board="pico-epaper29")
    assert "the board held the picow-epaper29 build; now it gets pico-epaper29" in (
        capsys.readouterr().out
    )
