"""`make sim`, the firmware's side: the host board talking to tools/sim.py over two pipes.

The terminal is drawn by tools/sim.py, in CPython, outside the firmware's heap: the device's
heap budget is the firmware's, not the PC's picture of it. This board passes on what a
real board would show, as tagged records on stdout, written straight from the buffers it
is handed (so it allocates nothing to do it), and takes keys from stdin:

    F flags FRAME       an e-ink refresh: flags 1 = full, 2 = upside down; 4736 bytes
    R brightness LEDS   a ring frame: brightness 0..5, then 16 x RGB
    T volume NAME \\n    a tune starts
    X TEXT \\n           a text drawn on the frame that follows (only when SIM_TEXT is set)
    Z                   the device goes to sleep

A terminal sends no key-up, so each key byte plays a whole press through the real
debouncer: a b c g for A B C GO, A B C G for a long press, u d for UP DOWN, x for the
A+C chord, q to quit (see KEYS).
"""

import asyncio
import select
import sys
import time

import ticks
from board import HostBoard, getenv

SHORT_MS = 80
LONG_MS = 1000
# Between a press's last edge and the next press's first, so the debouncer sees them apart:
# an edge that follows another within its 20 ms is contact bounce, and the press it begins
# would be lost (a key sent just after the last one's release played, on a loaded machine).
GAP_MS = 60

# key byte -> (button, hold ms); the chord is its own plan (_CHORD).
KEYS = {
    ord("a"): ("A", SHORT_MS),
    ord("b"): ("B", SHORT_MS),
    ord("c"): ("C", SHORT_MS),
    ord("g"): ("GO", SHORT_MS),
    ord("A"): ("A", LONG_MS),
    ord("B"): ("B", LONG_MS),
    ord("C"): ("C", LONG_MS),
    ord("G"): ("GO", LONG_MS),
    ord("u"): ("UP", SHORT_MS),
    ord("d"): ("DOWN", SHORT_MS),
}
# A down, C down 30 ms later, both up: (ms from the start, button, down)
_CHORD = ((0, "A", 1), (30, "C", 1), (150, "A", 0), (160, "C", 0))


class TerminalBoard(HostBoard):
    def __init__(self):
        super().__init__()
        self._out = sys.stdout.buffer
        self._in = sys.stdin.buffer
        self._head = bytearray(2)  # a record's tag and its one-byte argument
        self._key = bytearray(1)
        self._plan = []  # (tick, button, down): the edges of the presses the keys asked for
        self._last = None  # the tick of the last edge planned (played or not)
        self._quit = False
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        if getenv("SIM_TEXT"):
            self.trace = []  # the device shares it with its Gfx: every text drawn

    def _record(self, tag, arg):
        self._head[0] = tag
        self._head[1] = arg
        self._out.write(self._head)

    def button_edges(self):
        """The keys' presses played as edges at their planned ticks, once due."""
        self._read_keys()
        now = time.ticks_ms() & ticks.MASK
        while self._plan and ticks.reached(now, self._plan[0][0]):
            at, name, down = self._plan.pop(0)
            self.set_button(name, down, at)
        return self.edges

    def tone(self, name, volume):
        self._record(0x54, volume)  # T
        self._out.write(name)
        self._out.write(b"\n")

    def show_ring(self, leds):
        if leds != self.leds:  # 25 frames a second: send only the ones that change
            self.leds[:] = leds
            self._record(0x52, self.brightness)  # R
            self._out.write(leds)

    async def show(self, buf, full, sent=None):
        self.refreshes[1 if full else 0] += 1
        for text in self.trace or ():
            self._out.write(b"X")
            self._out.write(text)
            self._out.write(b"\n")
        self._record(0x46, (1 if full else 0) | (2 if self.rotate else 0))  # F
        self._out.write(buf)
        if sent is not None:  # the picture sent: the glass changes on its own from now
            sent()
        await asyncio.sleep_ms(600 if full else 150)  # an e-ink refresh takes a while

    def sleep(self):
        self.sleeps += 1
        self._out.write(b"Z")

    async def until_stopped(self):
        while not self._quit:
            await asyncio.sleep_ms(50)

    def _read_keys(self):
        while not self._quit and self._poll.poll(0):
            if not self._in.readinto(self._key):  # the front end has gone: stop too
                self._quit = True
                return
            key = self._key[0]
            if key == 0x71:  # q
                self._quit = True
            elif key == 0x78:  # x
                self._play(_CHORD)
            elif key in KEYS:
                name, hold = KEYS[key]
                self._play(((0, name, 1), (hold, name, 0)))

    def _play(self, steps):
        t = time.ticks_ms() & ticks.MASK
        if self._last is not None and ticks.diff(ticks.add(self._last, GAP_MS), t) > 0:
            t = ticks.add(self._last, GAP_MS)  # behind a press playing or just played
        for dt, name, down in steps:
            self._plan.append((ticks.add(t, dt), name, down))
        self._last = self._plan[-1][0]
