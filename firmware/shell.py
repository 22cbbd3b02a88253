"""The imperative shell: wires a board's drivers to the pure core and runs it on asyncio.

`Device` is the glue that both the board and the headless simulator use: it polls the
buttons through the debouncer, steps the core, applies its effects (tones, saves, config),
and renders frames. `run()` is the asyncio loop for a real device (or `make sim`): one task
polls buttons every 10 ms, one drives the ring at a steady frame rate on absolute
deadlines, one refreshes the e-ink when the core asks, without blocking the other two.
"""

import asyncio
import os
import time

import ticks
from app.buttons import Buttons
from app.core import App, clean_settings
from app.deck import Deck, DeckError
from app.font import Font
from app.gfx import Gfx
from app.session import clean_session

POLL_MS = 10
FRAME_MS = 40  # 25 ring frames a second


def deck_opener(folder):
    """name -> Deck from `folder`; a missing file raises DeckError too."""

    def open_deck(name):
        try:
            f = open(folder + "/" + name + ".deck", "rb")  # noqa: SIM115 - read card by card
        except OSError:
            raise DeckError("the %s deck is missing" % name)
        return Deck(f, name)

    return open_deck


def font_opener(folder):
    """name -> Font from `folder`, or None when the file is missing or damaged."""

    def open_font(name):
        try:
            # Kept open: glyphs are read from flash one at a time while drawing.
            return Font(open(folder + "/" + name + ".bin", "rb"), name)  # noqa: SIM115
        except (OSError, ValueError):
            return None

    return open_font


class Device:
    def __init__(self, board, store, seed=None):
        self.board = board
        self.store = store
        notes = []
        raw, problem = store.load("settings")
        settings, ok = clean_settings(raw)
        if problem or not ok:
            notes.append("Settings were damaged and have been reset.")
        raw, problem = store.load("session")
        session, ok = clean_session(raw)
        if problem or not ok:
            store.delete("session")
            notes.append("The saved game was damaged and could not be resumed.")
        played, _ = store.load("played")
        self.gfx = Gfx(font_opener(board.fonts))
        self.gfx.font("body")  # the main font, opened now so that a bad install shows at boot
        if self.gfx.bad_fonts:
            notes.append("Font files are missing or damaged: text is drawn plainly.")
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        self.app = App(
            board.parts, settings, session, " ".join(notes), played, seed, deck_opener(board.decks)
        )
        self.buttons = Buttons()
        self.leds = bytearray(3 * board.ring_size)
        self.configure()

    def configure(self):
        s = self.app.settings
        self.board.configure(rotate=s["rotate"], brightness=s["brightness"])

    def poll(self, now):
        """One button poll at `now`: decode, step the core, apply its effects."""
        app = self.app
        for ev in self.buttons.step(self.board.buttons(), now):
            app.step(ev, now)
            self.apply()
        app.step(None, now)
        self.apply()

    def apply(self):
        effects = self.app.effects
        for fx in effects:
            kind = fx[0]
            if kind == "tone":
                self.board.tone(fx[1], fx[2])
            elif kind == "save":
                self.store.save(fx[1], fx[2])
            elif kind == "delete":
                self.store.delete(fx[1])
            elif kind == "config":
                self.configure()
        del effects[:]

    def render(self):
        """Draws the frame if the core asked; returns 0 (nothing), 1 partial or 2 full."""
        want = self.app.want_draw
        if want:
            self.app.draw(self.gfx)
        return want

    def ring_frame(self, now):
        self.app.ring(now, self.leds)
        return self.leds

    # -- the asyncio loop on a device -------------------------------------------------------
    async def _buttons(self):
        while True:
            t = now()
            self.poll(t)
            self.board.feed()
            await asyncio.sleep_ms(self.sleep_ms(t))

    def sleep_ms(self, t):
        """Until the next poll, or sooner when the core has a deadline before it."""
        wait = POLL_MS
        deadline = self.app.deadline()
        if deadline is not None:
            wait = min(wait, max(0, ticks.diff(deadline, t)))
        return wait

    async def _ring(self):
        deadline = now()
        while True:
            self.board.show_ring(self.ring_frame(deadline))
            deadline = ticks.add(deadline, FRAME_MS)
            late = ticks.diff(now(), deadline)
            if late > FRAME_MS:  # fell behind (a blocking flash write): skip frames
                deadline = now()
            else:
                await asyncio.sleep_ms(max(0, -late))

    async def _display(self):
        while True:
            want = self.render()
            if want:
                await self.board.show(self.gfx.buf, want == 2)
            else:
                await asyncio.sleep_ms(POLL_MS)

    async def main(self):
        tasks = [asyncio.create_task(self._buttons()), asyncio.create_task(self._display())]
        if self.board.parts.get("ring"):
            tasks.append(asyncio.create_task(self._ring()))
        stop = asyncio.create_task(self.board.until_stopped())
        while not stop.done() and self.failure is None:
            await asyncio.sleep_ms(50)
        for t in tasks:
            t.cancel()

    def _failed(self, loop, context):
        # A task died: stop the whole loop rather than run on with, say, no buttons.
        self.failure = context.get("exception") or RuntimeError(context.get("message"))

    def run(self):
        """Runs until the board stops; re-raises the first failure of any task."""
        self.failure = None
        asyncio.get_event_loop().set_exception_handler(self._failed)
        asyncio.run(self.main())
        if self.failure is not None:
            raise self.failure


def now():
    return time.ticks_ms() & ticks.MASK
