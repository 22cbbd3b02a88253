"""The `web` board: the firmware in a web page, on MicroPython's WebAssembly port.

Only this folder knows it is in a page. The page (web.js) loads the port, writes the .mpy
build into the port's in-memory filesystem, and hands this board its one JavaScript
module, `scannerjs`, that draws and sounds what the board is given:

    frame(address, full, rotated) -> ms   a frame of 4736 bytes (MONO_VLSB, 1 = ink) at
                                          that address of the port's memory; the ms the
                                          glass is busy (a full refresh flashes)
    ring(address, brightness)             16 x RGB at that address
    tone(name, notes, volume)             notes "freq,ms freq,ms ...": a tune, by WebAudio
    sleep()                               the device sleeps: ring and sound off
    sync()                                the state folder changed: mirror it to storage

The buttons come from the page (pointer and keys) as edges at the page's ticks, latched as
a board's pins latch them. No Wi-Fi: the phones are an absent part, as on a board without
them. page.py steps the Device on the page's clock.
"""

import scannerjs
import uctypes

import ticks
from app.buttons import NAMES, Edges
from hw.buzzer import TUNES

PARTS = {"ring": True, "buzzer": True, "go": True, "led": False}

SHORT_MS = 80
LONG_MS = 1000
GAP_MS = 60  # between two queued key presses, so the debouncer sees them apart
# A key is a whole press, as in `make sim` (boards/host/terminal.py): key -> (button, ms)
KEYS = {
    "a": ("A", SHORT_MS),
    "b": ("B", SHORT_MS),
    "c": ("C", SHORT_MS),
    "g": ("GO", SHORT_MS),
    "A": ("A", LONG_MS),
    "B": ("B", LONG_MS),
    "C": ("C", LONG_MS),
    "G": ("GO", LONG_MS),
    "u": ("UP", SHORT_MS),
    "d": ("DOWN", SHORT_MS),
}
# x: the A+C chord. (ms from its start, button, down)
CHORD = ((0, "A", 1), (30, "C", 1), (150, "A", 0), (160, "C", 0))


class WebBoard:
    ring_size = 16
    fonts = "/fw/fonts.bin"
    decks = "/fw/decks"
    state_dir = "/state"

    def __init__(self):
        self.parts = PARTS
        self.edges = Edges()
        self.rotate = False
        self.brightness = 3
        self.asleep = False
        self.trace = None  # a list the device's Gfx fills with the texts drawn (page.py)
        self._plan = []  # (tick, button, down): the keys' presses, edge by edge
        self._sounding_until = None

    def buttons(self):
        return self.edges.levels

    def button_edges(self):
        return self.edges

    def set_button(self, name, down, t):
        """An on-screen button goes down or up at the page's tick `t`."""
        self.asleep = False
        self.edges.put(NAMES.index(name), down, t)

    def key(self, key, t):
        """A key of `make sim`'s map: a whole press, played edge by edge at the polls."""
        if key == "x":
            steps = CHORD
        elif key in KEYS:
            name, hold = KEYS[key]
            steps = ((0, name, 1), (hold, name, 0))
        else:
            return False
        if self._plan:  # behind a press still playing
            t = ticks.add(self._plan[-1][0], GAP_MS)
        for dt, name, down in steps:
            self._plan.append((ticks.add(t, dt), name, down))
        return True

    def play_keys(self, now):
        while self._plan and ticks.reached(now, self._plan[0][0]):
            at, name, down = self._plan.pop(0)
            self.set_button(name, down, at)

    def configure(self, rotate, brightness):
        self.rotate = rotate
        self.brightness = brightness

    def tone(self, name, volume):
        notes = TUNES.get(name) or TUNES["error"]
        scannerjs.tone(name, " ".join("%d,%d" % n for n in notes), volume)

    def update(self, now):
        pass  # WebAudio times the notes itself

    def sounding(self):
        return False

    def show_ring(self, leds):
        scannerjs.ring(uctypes.addressof(leds), 0 if self.asleep else self.brightness)

    def show(self, buf, full):
        """The frame to the canvas; the ms the glass is busy with it."""
        return scannerjs.frame(uctypes.addressof(buf), full, self.rotate)

    def feed(self):
        pass

    def battery_mv(self):
        return None

    def sleep(self):
        self.asleep = True
        scannerjs.sleep()


def build():
    return WebBoard()
