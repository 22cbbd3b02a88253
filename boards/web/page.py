"""The page's shell: the Device stepped on the page's clock, as shell.run steps it on a board.

web.js calls `poll(now)` with the page's ticks and waits the ms it returns (10 ms polls, as
on a Pico, sooner when the core names a deadline) before the next, with the page's own
timers: the page never blocks. Each poll latches the buttons' edges, steps the core, then,
as the board's other tasks do, shows a ring frame every 40 ms and a frame on the glass
whenever the core asks and the glass is free (a refresh takes a while: board.show).

Saves are store.py's own, on the port's in-memory filesystem, and each change is mirrored
at once to the browser's storage (web.js `sync`), whole files at a time: a reload is a
power cut between two writes, and the device offers to resume, as it does after one.
"""

import scannerjs

import ticks
from board import WebBoard
from shell import Device
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


class Page:
    def __init__(self, seed, now):
        self.board = WebBoard()
        self.dev = Device(self.board, MirroredStore(self.board.state_dir), seed)
        self.dev.gfx.trace = self.board.trace = []  # the texts drawn: the page's tests read them
        self.ring_at = now
        self.glass_free = now

    def poll(self, now):
        """One poll at `now`; the ms until the next."""
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
                dev.sleep_if_asked()
        return dev.sleep_ms(now)

    def timing(self):
        """Whether a timer runs (the page then keeps the screen awake)."""
        return self.dev.app.deadline() is not None

    def text(self):
        """The texts drawn on the frame, a line each."""
        return "\n".join(t if isinstance(t, str) else str(t, "utf-8") for t in self.board.trace)


def start(seed, now):
    global page
    page = Page(seed, now)
    return page
