"""The `make sim` front end (tools/sim.py, CPython): what it draws from the firmware's
records, where on the terminal, and for how long."""

import io
import re

import pytest

from tools import sim

pytestmark = pytest.mark.sources_only  # CPython alone: once is enough
W, H = 296, 128


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(sim.time, "monotonic", c)
    return c


def screen(cols=150, rows=37):
    out = io.StringIO()
    size = [(cols, rows)]
    s = sim.Screen(out, size=lambda: size[0])
    s.resize()
    return s, out, size


def rows_written(text):
    return [int(r) for r in re.findall(r"\x1b\[(\d+);1H", text)]


def test_the_tune_line_clears_when_the_tune_ends(clock):
    s, out, _ = screen()
    fw = sim.Firmware(s, None)
    fw.feed(b"T\x02end\n")  # the end tune: 220 + 220 + 600 ms (firmware/hw/buzzer.py)
    assert "♪ end (volume 2)" in out.getvalue()
    out.truncate(0)
    clock.t += 1.03
    s.tick()
    assert out.getvalue() == ""  # still sounding
    clock.t += 0.02
    s.tick()
    line = out.getvalue()
    assert rows_written(line) == [35] and "♪" not in line and "ring " in line


def test_a_click_stays_long_enough_to_read(clock):
    s, out, _ = screen()
    s.show_tone("click", 1)  # 12 ms
    clock.t += 0.2
    s.tick()
    assert s.tone
    clock.t += 0.2
    s.tick()
    assert not s.tone


def test_the_ring_line_never_overwrites_the_keys():
    s, out, _ = screen()
    legend = out.getvalue()
    assert rows_written(legend)[-2:] == [36, 37]  # the keys, below the ring's row
    assert "keys  a b c" in legend and "q: quit" in legend
    out.truncate(0)
    out.seek(0)
    fw = sim.Firmware(s, None)
    fw.feed(b"R\x05" + bytes([255, 0, 0] * 16))
    assert rows_written(out.getvalue()) == [35]
    assert "\x1b[38;2;255;0;0m●" in out.getvalue()  # full brightness: red as sent


def test_a_small_terminal_is_told_the_size_it_needs_until_it_fits():
    s, out, size = screen(100, 30)
    told = out.getvalue()
    assert "at least 150 columns and 37 rows" in told and "100x30" in told
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", told)
    assert all(len(line) <= 100 for line in plain.split("\r\n"))  # wrapped to fit
    out.truncate(0)
    out.seek(0)
    fw = sim.Firmware(s, None)
    fw.feed(b"F\x01" + bytes(W * H // 8) + b"R\x03" + bytes(48))
    assert out.getvalue() == ""  # the message stays on screen
    size[0] = (150, 37)
    s.resize()  # as on SIGWINCH
    assert chr(0x2800) in out.getvalue() and "keys  a b c" in out.getvalue()


def test_records_split_across_reads_are_put_together(tmp_path):
    s, out, _ = screen()
    log = io.StringIO()
    fw = sim.Firmware(s, log)
    frame = bytearray(W * H // 8)
    frame[0] = 1  # the top left pixel
    data = b"XHello\nXWorld\nF\x00" + bytes(frame) + b"T\x03win\nZ"
    for i in range(0, len(data), 1000):
        fw.feed(data[i : i + 1000])
    assert log.getvalue().splitlines() == [
        "frame 1 partial",
        "text Hello",
        "text World",
        "tone win",
        "sleep",
    ]
    assert s.frame == bytes(frame)
    assert "sleeping" in s.status


def test_braille_puts_each_pixel_in_its_place():
    frame = bytearray(W * H // 8)
    frame[0] |= 1  # (0, 0): page 0, bit 0
    frame[15 * W + 295] |= 0x80  # (295, 127): the last page's last column, bit 7
    frame[W + 3] |= 0x04  # (3, 10): page 1, bit 2 -> cell row 2, right column, dot row 2
    lines = sim.term.braille(frame, W, H)
    assert len(lines) == 32 and all(len(line) == 148 for line in lines)
    assert lines[0][0] == chr(0x2801)  # dot 1
    assert lines[31][147] == chr(0x2880)  # dot 8
    assert lines[2][1] == chr(0x2820)  # dot 6: right column, third row
    turned = sim.term.braille(frame, W, H, rotate=True)
    assert turned[31][147] == chr(0x2880)  # (0, 0) turned to (295, 127)
    assert turned[0][0] == chr(0x2801)
    assert turned[29][146] == chr(0x2802)  # (3, 10) turned to (292, 117): dot 2


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_without_a_build_it_says_what_to_run_rather_than_a_traceback(monkeypatch):
    """A newcomer who runs `python -m tools.sim` on a fresh clone, before any build."""

    def no_build(board="host"):
        raise RuntimeError("build/mpy/firmware is missing: run `make build` first")

    monkeypatch.setattr(sim, "device_layout", no_build)
    monkeypatch.setattr(sim.sys, "stdin", Terminal())
    monkeypatch.setattr(sim.sys, "stdout", Terminal())
    with pytest.raises(SystemExit) as done:
        sim.main([])
    said = str(done.value.code)
    assert "run `make build` first" in said and "`make sim` builds it" in said
