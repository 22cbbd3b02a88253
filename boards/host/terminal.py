"""`make sim`: the host board in a terminal. The e-ink frame is drawn in braille dots, the
ring as a line of coloured dots, the buzzer as text, and keys press the buttons.

A terminal sends no key-up, so each key plays a whole press (down, then up a moment later)
through the real debouncer: lower case is a short press, upper case a long one.
"""

import asyncio
import select
import sys
import time

import framebuf
from term import braille, ring_line

import ticks
from app.gfx import H, W
from board import BIT, HostBoard

SHORT_MS = 80
LONG_MS = 1000

# key -> (button, hold ms); "chord" plays A and C together.
KEYS = {
    "a": ("A", SHORT_MS),
    "b": ("B", SHORT_MS),
    "c": ("C", SHORT_MS),
    "g": ("GO", SHORT_MS),
    " ": ("GO", SHORT_MS),
    "A": ("A", LONG_MS),
    "B": ("B", LONG_MS),
    "C": ("C", LONG_MS),
    "G": ("GO", LONG_MS),
    "w": ("UP", SHORT_MS),
    "s": ("DOWN", SHORT_MS),
    "\x1b[A": ("UP", SHORT_MS),
    "\x1b[B": ("DOWN", SHORT_MS),
    "x": ("chord", 0),
}
LEGEND = (
    "keys: a b c = A B C   A B C G (shift) = long press   arrows or w/s = UP/DOWN",
    "      space or g = GO   x = A+C chord (back to menu)   q = quit",
)


class TerminalBoard(HostBoard):
    def __init__(self):
        super().__init__()
        self._plan = []  # (tick, bit, down): the edges of the presses keys asked for
        self._quit = False
        self._fb = None
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        sys.stdout.write("\x1b[2J\x1b[?25l")

    def buttons(self):
        self._read_keys()
        now = time.ticks_ms() & ticks.MASK
        while self._plan and ticks.reached(now, self._plan[0][0]):
            _, bit, down = self._plan.pop(0)
            self.levels = self.levels | bit if down else self.levels & ~bit
        return self.levels

    def tone(self, name, volume):
        self.tones = (self.tones + [name])[-8:]
        self._at(37, "\x1b[33m♪ %s (volume %d)\x1b[0m" % (name, volume))

    def show_ring(self, leds):
        self.leds[:] = leds
        self._at(35, "ring " + ring_line(self._dimmed(leds)))

    async def show(self, buf, full):
        self.refreshes[1 if full else 0] += 1
        if self._fb is None:
            self._fb = framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB)
        self.draw()
        await asyncio.sleep_ms(600 if full else 150)  # an e-ink refresh takes a while

    async def until_stopped(self):
        while not self._quit:
            await asyncio.sleep_ms(50)
        sys.stdout.write("\x1b[0m\x1b[2J\x1b[H\x1b[?25h")

    def draw(self):
        lines = braille(self._fb, W, H, self.rotate)
        # Line by line: one 15 KB string would be a large block to find in a small heap.
        write = sys.stdout.write
        write("\x1b[H\x1b[30;47m╭" + "─" * (W // 2) + "╮\r\n")
        for line in lines:
            write("│" + line + "│\r\n")
        write("╰" + "─" * (W // 2) + "╯\x1b[0m\r\n")
        write("\r\n".join(LEGEND))
        self._at(36, "")

    def _dimmed(self, leds):
        scale = self.brightness * 51
        return bytes(v * scale // 255 for v in leds)

    def _at(self, row, text):
        sys.stdout.write("\x1b[%d;1H\x1b[2K%s" % (row, text))

    def _read_keys(self):
        while self._poll.poll(0):
            key = sys.stdin.read(1)
            if key == "\x1b":
                key += sys.stdin.read(2)
            if key == "q":
                self._quit = True
                return
            what = KEYS.get(key)
            if what:
                self._play(*what)

    def _play(self, button, hold):
        t = time.ticks_ms() & ticks.MASK
        if self._plan:  # queue behind a press still playing
            t = ticks.add(self._plan[-1][0], 60)
        if button == "chord":
            steps = ((0, 1, 1), (30, 4, 1), (150, 1, 0), (160, 4, 0))
        else:
            steps = ((0, BIT[button], 1), (hold, BIT[button], 0))
        for dt, bit, down in steps:
            self._plan.append((ticks.add(t, dt), bit, down))
