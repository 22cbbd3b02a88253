"""The page's shell: the Device stepped on the page's clock, as shell.run steps it on a board.

web.js calls `poll(now)` with the page's ticks and waits the ms it returns (10 ms polls, as
on a Pico, sooner when the core names a deadline) before the next, with the page's own
timers: the page never blocks. Each poll latches the buttons' edges, steps the core, then,
as the board's other tasks do, shows a ring frame every 40 ms and a frame on the glass
whenever the core asks and the glass is free (a refresh takes a while: board.show).

Saves are store.py's own, on the port's in-memory filesystem, and each change is mirrored
at once to the browser's storage (web.js `sync`), whole files at a time: a reload is a
power cut between two writes, and the device offers to resume, as it does after one.

An error that escapes the device is what it is on a board (start.py): the saves asked for
are written, then the file that sends the next boot straight back into the game, and the
board resets; poll() then returns RESET, and web.js reloads the page (a new MicroPython on
the same saves), which boots through start(), as a board boots through start.main():
straight back into the game, and the third boot in a row that fails the same way sets the
game aside and says so. An exception out of the page's JavaScript under the device
(web.js) leaves MicroPython dead, as a hung board: web.js resets it then as a board's
watchdog would (`cause`). The files a board keeps at the top of its flash for this (the
rescue file, the count of failed boots) are kept in the state folder here, the one the
browser keeps. A failure after the boot that set the game aside stops the page with the
error shown (STOP), as a board that cannot be built stops, rather than reset again and
again unseen.
"""

import os

import scannerjs

import ticks
from board import WebBoard
from rescue import rescue
from shell import Device
from start import failed
from store import Store

_RING_MS = 40  # 25 ring frames a second, as shell._ring

page = None  # the one Page, once started


class MirroredStore(Store):
    """store.py, each change mirrored to the browser's storage once made."""

    def save(self, key, data):
        try:
            super().save(key, data)
        finally:
            scannerjs.sync()

    def delete(self, key):
        super().delete(key)
        scannerjs.sync()

    def set_aside(self, key):
        super().set_aside(key)
        scannerjs.sync()


# What poll() returns when an error escaped it, the saves and the rescue file written: the
# board resets (web.js); or it stops, on the boot that had just set the game aside.
RESET = -1
STOP = -2


class Page:
    def __init__(self, seed, now, rescued, note):
        self.board = WebBoard()
        store = MirroredStore(self.board.state_dir)
        if note:
            store.set_aside("session")
        self.note = note
        self.dev = Device(self.board, store, seed, resume=rescued, note=note)
        self.dev.gfx.trace = self.board.trace = []  # the texts drawn: the page's tests read them
        self.ring_at = now
        self.glass_free = now

    def poll(self, now):
        """One poll at `now`; the ms until the next, or RESET after an error (start.py)."""
        try:
            return self._poll(now)
        except Exception as e:  # noqa: BLE001 - whatever broke, the table gets its game back
            failed(e, self.dev)
            scannerjs.sync()
            return STOP if self.note else RESET

    def _poll(self, now):
        dev = self.dev
        board = self.board
        board.play_keys(now)
        dev.poll(now)
        if board.parts["ring"] and ticks.reached(now, self.ring_at):
            board.show_ring(dev.ring_frame(now))
            self.ring_at = ticks.add(now, _RING_MS)
        if ticks.reached(now, self.glass_free):
            want = dev.render()
            if want:
                self.glass_free = ticks.add(now, board.show(dev.gfx.buf, want == 2))
                dev.shown()
        return dev.sleep_ms(now)

    def timing(self):
        """Whether a timer runs (the page then keeps the screen awake)."""
        return self.dev.app.deadline() is not None

    def text(self):
        """The texts drawn on the frame, a line each."""
        return "\n".join(t if isinstance(t, str) else str(t, "utf-8") for t in self.board.trace)


def start(seed, now, cause=None):
    """A boot, as start.main's: the Page, or None after a failed boot (web.js resets).
    `cause`: "watchdog" after a reset that the device did not ask for (web.js)."""
    global page
    os.chdir(WebBoard.state_dir)  # where start.py keeps the rescue file and the count
    rescued, note = rescue(cause)
    scannerjs.sync()
    try:
        page = Page(seed, now, rescued, note)
    except Exception as e:
        if note:  # the boot that set the game aside failed too: stop, rather than loop
            raise
        failed(e, None)
        scannerjs.sync()
        return None
    return page
