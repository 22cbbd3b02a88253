"""`make sim`: the real firmware in the MicroPython unix port, played in this terminal.

The firmware runs as on a board (main.py, the asyncio shell, the debouncer, saves) with the
host board's terminal side (boards/host/terminal.py), under the device's heap cap. This
front end, in CPython, does all the drawing, outside the firmware's heap: it reads the
frames, ring frames and tunes the firmware sends, draws them (braille dots for the e-ink,
coloured dots for the ring, a line for the buzzer, the keys always shown), and passes the
keys on. State is kept in ./sim-state, so a game survives quitting as it survives a power
cut. SIM_TRANSCRIPT=FILE also writes each frame's text and each tune to FILE, for tests.
"""

import argparse
import os
import select
import signal
import subprocess
import sys
import tempfile
import termios
import time
import tty
from pathlib import Path

from tools.firmware import import_firmware, load_source
from tools.mpenv import ROOT, device_layout, heap, micropython

W, H = 296, 128
FRAME_BYTES = W * H // 8
COLS = W // 2 + 2  # the braille frame and its border
ROWS = H // 4 + 5  # the frame, its border, the ring and tune line, two lines of keys
RING_ROW = H // 4 + 3
LEGEND = (
    "keys  a b c: A B C   shift+A B C G: long press   arrows or w s: UP DOWN",
    "      space or g: GO   x: A+C, back to the menu   q: quit (the game stays saved)",
)
# what a key sends to the firmware (boards/host/terminal.py reads these bytes)
KEYS = {
    "a": b"a",
    "b": b"b",
    "c": b"c",
    "g": b"g",
    " ": b"g",
    "A": b"A",
    "B": b"B",
    "C": b"C",
    "G": b"G",
    "w": b"u",
    "s": b"d",
    "\x1b[A": b"u",
    "\x1bOA": b"u",
    "\x1b[B": b"d",
    "\x1bOB": b"d",
    "x": b"x",
    "q": b"q",
}
MIN_TONE_S = 0.3  # a click is 12 ms: show it long enough to be read


term = load_source("term", ROOT / "boards" / "host" / "term.py")
import_firmware("ticks")  # the buzzer's own import
TUNES = import_firmware("hw.buzzer").TUNES


def tune_seconds(name):
    """How long the buzzer plays tune `name` (an unknown one plays "error", as there)."""
    notes = TUNES.get(name) or TUNES["error"]
    return sum(ms for _, ms in notes) / 1000


class Screen:
    """The terminal: what is on it, and drawing it again whole when its size changes."""

    def __init__(self, out, size=None):
        self.out = out
        self.size = size or (lambda: os.get_terminal_size(out.fileno()))
        self.frame = bytes(FRAME_BYTES)
        self.rotate = False
        self.ring = bytes(48)
        self.brightness = 3
        self.tone = ""
        self.tone_until = 0.0
        self.status = ""
        self.fits = None

    def write(self, text):
        self.out.write(text)
        self.out.flush()

    def resize(self):
        cols, rows = self.size()
        self.fits = cols >= COLS and rows >= ROWS
        self.write("\x1b[0m\x1b[2J\x1b[H")
        if self.fits:
            self.draw_all()
        else:
            msg = (
                "The Party Scanner simulator needs a terminal of at least %d columns and %d "
                "rows; this one is %dx%d. Make the window bigger (or the font smaller): the "
                "simulator draws itself as soon as it fits. q quits." % (COLS, ROWS, cols, rows)
            )
            lines, line = [], ""
            for word in msg.split():
                if line and len(line) + 1 + len(word) > cols:
                    lines.append(line)
                    line = word
                else:
                    line = (line + " " + word).strip()
            lines.append(line)
            self.write("\r\n".join(lines))

    def draw_all(self):
        self.draw_frame()
        self.draw_ring_line()
        self.write(
            "".join("\x1b[%d;1H\x1b[2K%s" % (RING_ROW + 1 + i, t) for i, t in enumerate(LEGEND))
        )

    def draw_frame(self):
        if not self.fits:
            return
        lines = term.braille(self.frame, W, H, self.rotate)
        border = "─" * (W // 2)
        body = "".join("│%s│\r\n" % line for line in lines)
        self.write("\x1b[H\x1b[30;47m╭%s╮\r\n%s╰%s╯\x1b[0m" % (border, body, border))

    def draw_ring_line(self):
        if not self.fits:
            return
        ring = "ring " + term.ring_line(term.dimmed(self.ring, self.brightness))
        right = self.status or (self.tone and "\x1b[33m♪ %s\x1b[0m" % self.tone)
        self.write("\x1b[%d;1H\x1b[2K%s   %s" % (RING_ROW, ring, right or ""))

    def show_tone(self, name, volume):
        self.tone = "%s (volume %d)" % (name, volume) if volume else "%s (sound off)" % name
        self.tone_until = time.monotonic() + max(MIN_TONE_S, tune_seconds(name))
        self.draw_ring_line()

    def tick(self):
        """Clears the tune's line once the tune has ended."""
        if self.tone and time.monotonic() >= self.tone_until:
            self.tone = ""
            self.draw_ring_line()


class Firmware:
    """Reads the firmware's records (boards/host/terminal.py) and shows them."""

    def __init__(self, screen, transcript):
        self.screen = screen
        self.transcript = transcript
        self.pending = bytearray()
        self.texts = []
        self.frames = 0

    def feed(self, data):
        self.pending += data
        while self.pending and self._one():
            pass

    def _one(self):
        """Takes one whole record off `pending`; False when it has not all arrived yet."""
        p = self.pending
        tag = p[0]
        if tag in b"FR":
            size = 2 + (FRAME_BYTES if tag == ord("F") else 48)
            if len(p) < size:
                return False
            body = bytes(p[2:size])
            if tag == ord("F"):
                self.frame(p[1], body)
            else:
                self.screen.ring, self.screen.brightness = body, p[1]
                self.screen.draw_ring_line()
            del p[:size]
        elif tag in b"TX":
            end = p.find(b"\n")
            if end < 0:
                return False
            start = 2 if tag == ord("T") else 1
            text = p[start:end].decode("utf-8", "replace")
            if tag == ord("T"):
                self.screen.show_tone(text, p[1])
                self.log("tone %s" % text)
            else:
                self.texts.append(text)
            del p[: end + 1]
        elif tag == ord("Z"):
            self.screen.status = "\x1b[36mzz sleeping: any key wakes it\x1b[0m"
            self.screen.draw_ring_line()
            self.log("sleep")
            del p[:1]
        else:  # not a record (nothing else is written there): skip the byte
            del p[:1]
        return True

    def frame(self, flags, body):
        s = self.screen
        s.frame, s.rotate = body, bool(flags & 2)
        s.draw_frame()
        if s.status:
            s.status = ""
            s.draw_ring_line()
        self.frames += 1
        self.log("frame %d %s" % (self.frames, "full" if flags & 1 else "partial"))
        for text in self.texts:
            self.log("text " + text)
        self.texts = []

    def log(self, line):
        if self.transcript:
            self.transcript.write(line + "\n")
            self.transcript.flush()


def read_key(fd, first):
    """One key from the terminal: a byte, or an arrow's escape sequence."""
    key = first
    if key == "\x1b" and select.select([fd], [], [], 0.05)[0]:
        key += os.read(fd, 2).decode("ascii", "replace")
    return key


def play(proc, screen, firmware):
    """Passes keys on and shows what the firmware sends, until it stops."""
    keys_fd = sys.stdin.fileno()
    out_fd = proc.stdout.fileno()
    resized = []
    signal.signal(signal.SIGWINCH, lambda *_: resized.append(1))
    quitting = None
    while True:
        if resized:
            del resized[:]
            screen.resize()
        ready, _, _ = select.select([keys_fd, out_fd], [], [], 0.1)
        if out_fd in ready:
            data = os.read(out_fd, 65536)
            if not data:
                return
            firmware.feed(data)
        if keys_fd in ready:
            data = os.read(keys_fd, 1)
            if not data:  # the terminal has gone: quit as q does
                data = b"q"
            key = read_key(keys_fd, data.decode("latin-1"))
            code = KEYS.get(key)
            if code:
                try:
                    proc.stdin.write(code)
                    proc.stdin.flush()
                except BrokenPipeError:
                    return
                if code == b"q":
                    quitting = time.monotonic()
        screen.tick()
        if quitting and time.monotonic() - quitting > 5:
            # It should stop within a poll; never hang the terminal. A kill is a power cut
            # of a game saved at its last step, which is what q asked for: no failure.
            proc.kill()
            return True


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.sim",
        description=__doc__.split("\n\n")[0],
        epilog="It takes no arguments (the keys are shown below the screen). SIM_STATE=DIR "
        "keeps the game in DIR instead of ./sim-state; SIM_TRANSCRIPT=FILE (for tests).",
    )
    parser.parse_args(argv)
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        sys.exit("make sim needs a terminal; for scripts use the headless simulator (README)")
    os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as flashed
    try:
        firmware_dir, env = device_layout()  # laid out as on a board: main.py beside app/, ...
        engine = micropython()
    except RuntimeError as e:  # no build yet, or no MicroPython: say what to run
        built = "make build" in str(e)
        sys.exit("%s%s" % (e, " (`make sim` builds it and starts the simulator)" if built else ""))
    env.setdefault("SIM_STATE", str(Path.cwd() / "sim-state"))  # where make sim was run
    transcript_path = os.environ.get("SIM_TRANSCRIPT")
    if transcript_path:
        env["SIM_TEXT"] = "1"
    cmd = [engine, "-X", "heapsize=" + heap(), "main.py"]
    saved = termios.tcgetattr(sys.stdin)
    errors = tempfile.TemporaryFile()  # noqa: SIM115 - the firmware's traceback, if any
    transcript = open(transcript_path, "w") if transcript_path else None  # noqa: SIM115
    screen = Screen(sys.stdout)
    try:
        tty.setcbreak(sys.stdin)
        screen.write("\x1b[?1049h\x1b[?25l")  # a screen of its own, no cursor
        screen.resize()
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=env,
            cwd=firmware_dir,
        )
        killed = play(proc, screen, Firmware(screen, transcript))
        code = 0 if killed else proc.wait()
        proc.wait()
    finally:
        termios.tcsetattr(sys.stdin, termios.TCSADRAIN, saved)
        screen.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        if transcript:
            transcript.close()
    errors.seek(0)
    report = errors.read().decode("utf-8", "replace").strip()
    errors.close()
    if code != 0:
        print(report or "the firmware stopped (exit %d)" % code)
        print("The game is saved: `make sim` again offers to resume it.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
