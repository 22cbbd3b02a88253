"""The `host` board: the firmware on a PC under the MicroPython unix port.

This base is what the headless simulator (headless.py) drives: it sets the button levels
itself and reads the frame, the ring and the tones from here. `make sim` builds the
interactive TerminalBoard (terminal.py) on top of it, with the screen drawn in the
terminal and keys for buttons; so headless runs carry none of the terminal's code.
"""

import sys
from os import stat

from app.buttons import NAMES, Edges

try:
    from os import getenv
except ImportError:  # rp2 and the WebAssembly port have no environment: the defaults serve

    def getenv(name):
        return None


PARTS = {"ring": True, "buzzer": True, "go": True, "led": False}
# The PC stands in for a board with Wi-Fi when the simulator serves phones (headless.py
# --http PORT, netsim.py).
WIFI = "--http" in sys.argv
BIT = {"A": 1, "B": 2, "C": 4, "UP": 8, "DOWN": 16, "GO": 32}


def _find(name, source):
    """Where `name` (the fonts file, the decks folder, the phones' page) is: beside this file
    on a flashed copy (the device layout `make flash` writes), in the .mpy build's
    firmware/, or, for the .py sources, at `source` in the repository."""
    here = __file__.replace("\\", "/").rsplit("/", 1)[0] if "/" in __file__ else "."
    root = here.rsplit("/", 2)[0]  # boards/host -> the tree that holds firmware/
    for path in (here + "/" + name, root + "/firmware/" + name, root + "/" + source):
        try:
            stat(path)
            return path
        except OSError:
            pass
    return here + "/" + name


class HostBoard:
    ring_size = 16

    def __init__(self, state_dir=None):
        self.parts = PARTS
        self.fonts = getenv("SIM_FONTS") or _find("fonts.bin", "firmware/fonts/fonts.bin")
        self.decks = getenv("SIM_DECKS") or _find("decks", "build/decks")
        self.state_dir = state_dir or getenv("SIM_STATE") or "sim-state"
        self.edges = Edges()  # the buttons' edges, with their own ticks, as a board's pins latch
        self.rotate = False
        self.brightness = 3
        self.leds = bytearray(3 * self.ring_size)
        self.tones = []
        self.refreshes = [0, 0]  # partial, full
        self.battery = None  # millivolts, when a test gives the host a battery
        self.sleeps = 0
        self.trace = None  # a list to share with the device's Gfx: every text drawn
        gc_every = getenv("SIM_GC_EVERY")  # make bench's row of the heap collected often
        if gc_every:
            self.gc_every = int(gc_every)  # -1: only when the heap is full
        if WIFI:  # its network: a port of the PC's loopback
            import netsim

            self.wifi = netsim.build()

    def attach(self, dev):
        """Called once the device is built (main.py): the simulators see what it draws."""
        if self.trace is not None:
            dev.gfx.trace = self.trace

    def buttons(self):
        return self.edges.levels  # bit i: button i held, as the simulator last set it

    def button_edges(self):
        return self.edges

    def set_button(self, name, down, t):
        """Button `name` goes down (or up) at tick `t`, whether or not the loop is polling
        then: latched as a board's pin interrupt latches it (hw/buttons.py)."""
        self.edges.put(NAMES.index(name), down, t)

    def configure(self, rotate, brightness):
        self.rotate = rotate
        self.brightness = brightness

    def tone(self, name, volume):
        self.tones = (self.tones + [name])[-8:]  # the last few: a long evening stays small
        print("tone", name)

    def update(self, now):
        pass

    def show_ring(self, leds):
        self.leds[:] = leds

    async def show(self, buf, full, sent=None):
        self.refreshes[1 if full else 0] += 1

    def feed(self):
        pass

    def battery_mv(self):
        return self.battery

    def sleep(self):
        self.sleeps += 1
        print("sleep")


def build():
    from terminal import TerminalBoard

    return TerminalBoard()
