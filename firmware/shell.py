"""The imperative shell: wires a board's drivers to the pure core.

`Device` is the glue that both the board and the headless simulator use: it polls the
buttons through the debouncer, steps the core, applies its effects (tones, saves, config),
and renders frames. On a device (and in `make sim`) `run` drives it with asyncio; the
headless simulator steps it itself with simulated time.

`run` is the asyncio loop: one task polls the buttons every 10 ms (sooner when the core
names a deadline, so the end of the sand sounds on time), one drives the ring at a steady
frame rate on absolute deadlines, one refreshes the e-ink when the core asks; a slow
refresh never blocks the other two, because the display driver yields while the panel is
busy, and a frame long to draw is drawn in parts (Device.draw_part). On a board with
Wi-Fi one more runs the phones' network (net.phones.Net.run), which never blocks them
either.
"""

import asyncio
import sys
import time

from micropython import const

import ticks
from app.gfx import Font, font_at

POLL_MS = 10
# A file whose presence at boot means "straight back into the saved game, no question":
# written before a reset an error forced (main.py) or a Badger switching itself off.
RESUME_FILE = "rescue"
_BATTERY_EVERY_MS = const(60_000)
_FRAME_MS = const(40)  # 25 ring frames a second
_REST_MS = const(250)  # at rest (no timer, no button, nothing to draw or save): a poll
# Where the frame stands (Device.glass): no frame under way; one drawn, on its way to the
# panel; the panel refreshing with it (sent).
_IDLE = const(0)
_ON_ITS_WAY = const(1)
_REFRESHING = const(2)


def deck_opener(folder, indexed=()):
    """name -> Deck from `folder`; a missing file raises DeckError too. `indexed`: the
    decks whose index was found whole at boot (wake.py). app.deck is imported by the
    first deck a game opens, and goes with the game: the menu has no use for it."""

    def open_deck(name):
        from app.deck import Deck, DeckError

        try:
            f = open(folder + "/" + name + ".deck", "rb")  # noqa: SIM115 - read card by card
        except OSError:
            raise DeckError("the %s deck is missing" % name)
        return Deck(f, name, name in indexed)

    return open_deck


_FONTS = {}  # the fonts file's path -> its fonts by name, and the file itself under None:
# opened once per boot, like the frame, kept whole, not scattered later; keyed by the names
# the code holds anyway, not by a string made for each (the PC's longer path costs heap)


def font_opener(path):
    """name -> Font from the fonts file at `path` (opened once, and kept open: glyphs are
    read from flash one at a time while drawing), or None when it is missing or damaged."""

    def open_font(name):
        fonts = _FONTS.get(path)
        if fonts is None:
            fonts = _FONTS[path] = {}
        font = fonts.get(name)
        if font is None:
            try:
                f = fonts.get(None)
                if f is None:
                    f = fonts[None] = open(path, "rb")  # noqa: SIM115 - read glyph by glyph
                font = fonts[name] = Font(f, font_at(f, name), name)
            except (OSError, ValueError):
                return None
        return font

    return open_font


class Device:
    net = None  # on a board with Wi-Fi: the phones' network (firmware/net)
    rest = None  # the parts of a frame yet to draw (render, draw_part)
    # Where the frame stands (_IDLE...): the one device's, written through the class, so
    # that each device's dict holds no attribute more and `sent` is a plain function, no
    # bound method made for each frame (the phones' margin has no 100 bytes to spare).
    glass = _IDLE
    on_applied = None  # the one hook: called once each step's effects are applied

    def __init__(self, board, store, seed=None, resume=False, note=""):
        Device.glass = _IDLE  # (a device booted again in the same process: the simulator)
        # What a device does once, at boot, is in a module of its own, let go once done:
        # its code would otherwise hold the heap of every phase after.
        from wake import wake

        wake(self, board, store, seed, resume, note, font_opener, deck_opener)
        del sys.modules["wake"]

    def configure(self):
        s = self.app.settings
        self.board.configure(rotate=s["rotate"], brightness=s["brightness"])

    def poll(self, now):
        """One button poll at `now`: the edges latched since the last one, decoded (each
        event steps the core and has its effects applied: pressed), then the core's tick.
        A game's start is stages of work (App.starting), each a poll of its own."""
        app = self.app
        self.polled_at = now
        starting = app.starting
        if starting:  # a game's start goes on, in a poll of its own: the edges wait
            app.step(None, now)
        else:
            self.buttons.step(self.board.button_edges(), now)
            starting = app.starting
            if not starting:  # (one begun by a press: it goes on at the next poll)
                app.step(None, now)
        self.apply()
        self.board.update(now)  # drivers' own timing: the notes of a tune
        # (a poll with nothing to do allocates nothing: not even a loop)
        if self.saves and not starting and self.may_write():
            self.write_one()
        if self._battery_at is None or ticks.diff(now, self._battery_at) >= _BATTERY_EVERY_MS:
            self._battery_at = now
            mv = self.board.battery_mv()
            if mv is not None:
                app.battery(mv)

    def pressed(self, ev):
        self.app.step(ev, self.polled_at)
        self.apply()

    def long_meant(self, name):
        """Whether the screen gives a long press of B or GO (`name`) a meaning: if not, the
        button acts as it goes down."""
        return name in self.app.screen.long_presses

    def may_write(self):
        """Whether the saves may be written now. A write stalls the RP2040 for tens of ms
        (a flash erase), and the table waits on the frame a press asked for: so the saves
        wait until that frame has gone to the panel, and are written while the panel
        refreshes (sent), a frame asked for meanwhile or not; or once it is shown, or when
        none is asked for. A game's start writes nothing until its first frame is drawn
        (poll: a start is stages, and no frame is asked for between them)."""
        glass = self.glass
        return glass == _REFRESHING or (glass == _IDLE and not self.app.want_draw)

    def shown(self):
        """Called once the frame is on the glass: the saves may be written (if the board
        did not say sooner: sent), and the board sleeps if asked, until a button (a Pico in
        light sleep; a Badger on battery switches off and boots again into the game)."""
        Device.glass = _IDLE
        if self.sleep_pending:
            self.sleep_pending = False
            self.write_all()
            if self.net is None or not self.net.awake():  # phones talk to a device awake
                self.board.sleep()

    def apply(self):
        if self.app.effects:
            self._apply(self.app.effects)
        if self.on_applied is not None:
            self.on_applied()

    def _apply(self, effects):
        saves = self.saves  # key -> data: a file saved twice before its write is written once
        for fx in effects:
            kind = fx[0]
            if kind == "tone":
                self.board.tone(fx[1], fx[2])
            elif kind == "save":
                saves[fx[1]] = fx[2]
            elif kind == "delete":
                saves.pop(fx[1], None)
                self.store.delete(fx[1])
            elif kind == "config":
                self.configure()
            elif kind == "sleep":
                self.sleep_pending = True  # once the Sleeping screen is on the glass
        del effects[:]

    def write_one(self):
        """Writes one of the saves asked for, at the end of a poll: each write stalls the
        RP2040 for tens of ms (a flash erase), so two never come back to back."""
        for key in self.saves:
            self.save(key, self.saves.pop(key))
            return

    def write_all(self):
        """Every save asked for, now: before the board sleeps or resets."""
        while self.saves:
            self.write_one()

    def save(self, key, data):
        try:
            self.store.save(key, data)
        except OSError:  # flash full or failing: play on, and say so by ear
            self.board.tone("error", 2)

    def render(self, parts=False):
        """Draws the frame if the core asked; returns 0 (nothing), 1 partial or 2 full.
        `parts`: a frame its screen draws in parts (App.draw_first) is only begun, its
        parts left in self.rest for draw_part, so that the loop runs between them."""
        want = self.app.want_draw
        if want:
            Device.glass = _ON_ITS_WAY  # the saves wait for this frame (may_write)
            if parts:
                self.rest = self.app.draw_first(self.gfx)
            else:
                self.app.draw(self.gfx)
        return want

    def draw_part(self, want):
        """The next part of the frame begun (self.rest; None once drawn), or the frame begun
        afresh if the core asked for it again meanwhile (a press between two parts: never
        a frame of two moments). Returns the refresh it needs (`want`: so far)."""
        if self.app.want_draw:
            return max(want, self.render(True))
        try:
            next(self.rest)
        except StopIteration:
            self.rest = None
        return want

    def ring_frame(self, now):
        self.app.ring(now, self.leds)
        return self.leds

    def at_rest(self):
        """Nothing moves: no button held or settling, no timer, no tune, nothing to draw or
        save. The loop may then wait for the next edge (or _REST_MS)."""
        b = self.buttons
        edges = self.board.button_edges()
        return not (
            b.stable
            or b.settling()
            or edges.head != edges.tail
            or self.saves
            or self.app.want_draw
            or self.board.sounding()
            or self.app.deadline() is not None
        )

    def sleep_ms(self, t):
        """Until the next poll, or sooner when the core has a deadline before it."""
        deadline = self.app.deadline()
        if deadline is None:
            return POLL_MS
        left = ticks.diff(deadline, t)  # (few values at once: a call's frame off the heap)
        return POLL_MS if left > POLL_MS else max(0, left)


def sent():
    """The board's display calls this once the frame has gone to the panel and its refresh
    has begun (hw/epaper.py): the saves that waited on it may be written meanwhile."""
    Device.glass = _REFRESHING


def now():
    return time.ticks_ms() & ticks.MASK


# -- the loop that runs a Device ----------------------------------------------------


async def _buttons(dev, wake):
    while True:
        t = now()
        dev.poll(t)
        dev.board.feed()
        dev.asked.set()  # the display looks whether the core wants a frame
        if wake is not None and dev.at_rest():
            await wake.wait()  # the next edge, or the rest's own tick (_rest)
        else:
            await asyncio.sleep_ms(dev.sleep_ms(t))


async def _rest(wake):
    """At rest, the loop still looks in every _REST_MS: the phones, the screens' ticks, the
    battery, the watchdog's feed."""
    while True:
        await asyncio.sleep_ms(_REST_MS)
        wake.set()


async def _ring(dev):
    deadline = now()
    while True:
        dev.board.show_ring(dev.ring_frame(deadline))
        deadline = ticks.add(deadline, _FRAME_MS)
        late = ticks.diff(now(), deadline)
        if late > _FRAME_MS:  # fell behind (a blocking flash write): skip frames, and let
            deadline = now()  # the buttons and the watchdog's feed have their turn first
        await asyncio.sleep_ms(max(0, -late))


async def _display(dev):
    while True:
        want = dev.render(True)
        while dev.rest is not None:  # a frame in parts: the loop runs between them
            await asyncio.sleep_ms(0)
            want = dev.draw_part(want)
        if want:
            await dev.board.show(dev.gfx.buf, want == 2, sent)
            dev.shown()
        else:
            dev.asked.clear()
            await dev.asked.wait()  # until the next poll: nothing to draw before it


async def _main(dev, failed):
    dev.asked = asyncio.Event()  # (asyncio loads it now: phases.unload keeps asyncio's)
    # A board whose buttons' interrupts set a flag (hw/buttons.py) lets the loop rest until
    # the next edge; the PC's terminal board reads its keys at each poll, and polls on.
    wake = asyncio.ThreadSafeFlag() if getattr(dev.board, "wakes", False) else None
    tasks = [asyncio.create_task(_buttons(dev, wake)), asyncio.create_task(_display(dev))]
    if wake is not None:
        dev.board.button_edges().wake = wake
        tasks.append(asyncio.create_task(_rest(wake)))
    if dev.board.parts.get("ring"):
        tasks.append(asyncio.create_task(_ring(dev)))
    net = getattr(dev, "net", None)
    if net is not None:  # a board with Wi-Fi: the phones' network and server (firmware/net)
        tasks.append(asyncio.create_task(net.run()))
    stop = asyncio.create_task(dev.board.until_stopped())
    tasks.append(stop)
    while not stop.done() and not failed:
        await asyncio.sleep_ms(50)
    for t in tasks:  # all of them: asyncio's loop outlives this run
        if not t.done():
            t.cancel()
    await asyncio.sleep_ms(0)  # let them unwind, so nothing keeps the device alive


def run(dev):
    """Runs until the board stops; re-raises the first failure of any task, rather than
    run on with, say, no buttons."""
    failed = []
    asyncio.get_event_loop().set_exception_handler(
        lambda loop, context: failed.append(context.get("exception") or RuntimeError("task"))
    )
    asyncio.run(_main(dev, failed))
    if failed:
        raise failed[0]
