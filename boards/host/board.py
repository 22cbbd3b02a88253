"""The `host` board: the firmware on a PC under the MicroPython unix port.

This base is what the headless simulator (headless.py) drives: it sets the button levels
itself and reads the frame, the ring and the tones from here. `make sim` builds the
interactive TerminalBoard (terminal.py) on top of it, with the screen drawn in the
terminal and keys for buttons; so headless runs carry none of the terminal's code.
"""

from os import getenv, stat

PARTS = {"ring": True, "buzzer": True, "go": True, "led": False}
BIT = {"A": 1, "B": 2, "C": 4, "UP": 8, "DOWN": 16, "GO": 32}


def _root():
    here = __file__.replace("\\", "/")
    for _ in range(3):  # boards/host/board.py -> the tree that holds firmware/
        here = here.rsplit("/", 1)[0] if "/" in here else "."
    return here


def _decks():
    """Compiled by `make content` into build/decks; the .mpy build carries its own copy in
    firmware/decks, as the device does."""
    root = _root()
    try:
        stat(root + "/firmware/decks")
        return root + "/firmware/decks"
    except OSError:
        return root + "/build/decks"


class HostBoard:
    ring_size = 16

    def __init__(self, state_dir=None):
        self.parts = PARTS
        self.fonts = getenv("SIM_FONTS") or _root() + "/firmware/fonts"
        self.decks = getenv("SIM_DECKS") or _decks()
        self.state_dir = state_dir or getenv("SIM_STATE") or "sim-state"
        self.levels = 0  # bit per button, set by the simulator
        self.rotate = False
        self.brightness = 3
        self.leds = bytearray(3 * self.ring_size)
        self.tones = []
        self.refreshes = [0, 0]  # partial, full

    def buttons(self):
        return self.levels

    def configure(self, rotate, brightness):
        self.rotate = rotate
        self.brightness = brightness

    def tone(self, name, volume):
        self.tones.append(name)
        print("tone", name)

    def update(self, now):
        pass

    def show_ring(self, leds):
        self.leds[:] = leds

    async def show(self, buf, full):
        self.refreshes[1 if full else 0] += 1

    def feed(self):
        pass


def build():
    from terminal import TerminalBoard

    return TerminalBoard()
