"""Scattergories' round: the list (Pick), the die (Roll) and the writing time (Play); the
screens app/scattergories.py shows until a round's clock ends (then its scoring's,
app/scattergories_score.py, in their place).

The round's timer (Countdown) is a countdown with cues, pause and resume, in ticks. Pure:
every method takes `now` (a ticks_ms() value) and all time goes through ticks.diff/add,
so a round that crosses the 2**30 wrap counts down exactly. The countdown holds what was
left when it last started or paused and the tick it started at, so the time left is
always computed from one absolute start and never drifts by the time spent drawing. Cues
are instants named by the time left: a warning at 1:00 and 0:30, a tick each second of
the last 10, and the end at 0:00. Only cues below the time set are kept (a 0:45 timer
warns at 0:30, not at 1:00). `due(now)` hands out each cue once, in order, however late
it is asked; `deadline()` says the tick of the next one, so the shell wakes exactly then.
"""

from micropython import const

import ticks
from app import layout
from app.buttons import is_press
from app.gamescreen import GameScreen, phones, turn
from app.gfx import W
from app.scattergories_board import draw_page, pages, where
from app.scattergories_game import END
from games.scattergories import LETTERS

_SPIN_MS = const(1400)  # the die spins this long, then settles on a face
_SHOW_MS = const(1800)  # a used letter stays on show this long before the die is thrown again
_CROSS = const((6, 88))  # the rows under the bar that the huge letter's square spans
_GREEN = const((0, 190, 60))
_AMBER = const((230, 130, 0))
_RED = const((230, 0, 0))
_WARNINGS = const((60000, 30000))
_LAST = const(10)  # a tick each second of the last 10


def clock(ms):
    """ "2:30" for 150000 ms; a part of a second counts as a whole one (0:01 until 0)."""
    s = (ms + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)


# -- the list ----------------------------------------------------------------------


class Pick(GameScreen):
    """Which list this round: UP/DOWN, the next unused one offered first. B or GO rolls."""

    full_refresh = True

    def __init__(self, game):
        super().__init__(game)
        self.number = game.default_list()

    def event(self, app, ev, now):
        kind, b = ev
        if is_press(ev, "UP") or is_press(ev, "DOWN"):
            count = self.game.deck.count
            self.number = (self.number - 1 + (1 if b == "UP" else -1)) % count + 1
            app.redraw()
        elif kind == "press" and b in ("B", "GO"):
            self.game.roll(self.number)
            app.save_session()  # a power cut will not roll it again
            app.replace(Roll(self.game, True), now)

    def draw(self, app, g):
        game = self.game
        timer = clock(app.settings["sg_seconds"] * 1000) + " timer"
        top = g.bar("Scattergories · " + where(self.game), timer)
        yield  # the frame in parts, the loop running between them (App.draw_first)
        up = top + 2
        number = up + layout.SMALL - 4
        down = number + layout.TITLE - 3
        g.center("↑", up, "small")
        g.center("List %d" % self.number, number, "title")
        g.center("↓", down, "small")
        used = game.s["lists"]
        if self.number in used:
            note = "used in round %d" % (used.index(self.number) + 1)
        elif used:
            note = "lists used: " + ", ".join(str(k) for k in used)
        else:
            ready = "phones" if len(phones(app)) == game.n() else "paper"
            note = "of %d lists · %s ready? Roll!" % (game.deck.count, ready)
        note_y = down + layout.SMALL + 2
        g.center(note, note_y, "small")
        if game.s["scores"]:  # the running totals, for the table to see between rounds
            names = game.names
            line = " · ".join("%s %d" % (names[p], t) for p, t in enumerate(game.totals()))
            g.center(g.fit(line, "small", W - 8), note_y + layout.SMALL + 1, "small")
        g.labels("", "Roll", "")


# -- the die -----------------------------------------------------------------------


class Roll(GameScreen):
    """The die: faces thrown one after another, a used letter crossed out, then the letter.

    Stage 2i: face i spinning on the ring; 2i+1: settled on it. The panel is redrawn when a
    face settles, never during a spin (the e-ink keeps showing the last face meanwhile)."""

    def __init__(self, game, animate):
        super().__init__(game)
        self.faces = game.s["faces"] or game.letter()
        self.game.rolling = animate  # on the model: the phones keep the letter till it shows
        self.stage = -1 if animate else self.last()

    def last(self):
        return 2 * len(self.faces) - 1

    def boundary(self, k):
        """Ms after the throw at which stage k begins."""
        return (k // 2) * (_SPIN_MS + _SHOW_MS) + (_SPIN_MS if k & 1 else 0)

    def stage_at(self, now):
        if not self.game.rolling:
            return self.last()
        t = ticks.diff(now, self.since)
        k = 0
        while k < self.last() and t >= self.boundary(k + 1):
            k += 1
        return k

    def enter(self, app, now):
        super().enter(app, now)
        if self.stage < 0:
            self.stage = 0

    def tick(self, app, now):
        k = self.stage_at(now)
        if k == self.stage:
            return
        self.stage = k
        if k & 1:  # a face settled: show it
            app.redraw()
            app.tone("settle" if k == self.last() else "refused")
        if k == self.last():
            self.game.rolling = False

    def deadline(self, app):
        if not self.game.rolling or self.stage >= self.last():
            return None
        return ticks.add(self.since, self.boundary(self.stage + 1))

    def event(self, app, ev, now):
        if ev[0] != "press" or ev[1] not in ("B", "GO"):
            return
        if self.stage < self.last():  # skip the show
            self.game.rolling = False
            self.stage = self.last()
            app.tone("settle")
            app.redraw()
            return
        self.game.start_timer()
        app.save_session()  # before the clock runs, never while it does
        app.replace(Play(self.game, True), now)

    def face(self):
        """The index of the face on the panel (-1: still rolling the first)."""
        return (self.stage - 1) // 2 if self.stage > 0 else -1

    def draw(self, app, g):
        game = self.game
        before = game.s["letters"][:-1]  # never the letter on its way
        top = g.bar(
            where(self.game) + " · List %d" % game.list_no(), "used: " + before if before else ""
        )
        i = self.face()
        shown = self.faces[i] if i >= 0 else "?"
        x = 4 + (130 - g.width(shown, "huge")) // 2
        g.text(shown, x, top + 2, "huge")
        tx = 140
        if i < 0:
            g.text("Rolling…", tx, top + 30, "large")  # beside the letter, above its middle
            g.labels("", "Skip", "")
            return
        if i < len(self.faces) - 1:
            self.draw_used(g, top, shown, tx)
            return
        y, pitch = top + 8, layout.LARGE + 5
        g.text("Your letter", tx, y, "large")
        g.text("List %d" % game.list_no(), tx, y + pitch, "large")
        g.text("Timer " + clock(game.s["ms"]), tx, y + 2 * pitch, "body")
        g.labels("", "Start", "")

    def draw_used(self, g, top, shown, x):
        """A face used in an earlier round, crossed out (apart from draw: one long function
        is one large block of bytecode to find in the heap when this part loads)."""
        y0, y1 = top + _CROSS[0], top + _CROSS[1]
        for d in range(-3, 4):  # a thick cross over the letter's square, however narrow
            g.fb.line(20, y0 + d, 118, y1 + d, 1)
            g.fb.line(20, y1 + d, 118, y0 + d, 1)
        used = self.game.used_before(shown, len(self.game.s["letters"]) - 1)
        lines = ["Already used", "in round %d:" % used, "rolling again…"]
        for k, line in enumerate(lines):
            g.text(line, x, top + 12 + (layout.LARGE - 1) * k, "large" if k == 0 else "body")
        g.labels("", "Skip", "")

    def ring(self, app, now, leds):
        faces = self.faces
        if self.game.rolling:
            t = ticks.diff(now, self.since)
            i = min(len(faces) - 1, t // (_SPIN_MS + _SHOW_MS))
            t -= i * (_SPIN_MS + _SHOW_MS)
        else:
            i, t = len(faces) - 1, _SPIN_MS + _SHOW_MS
        land = LETTERS.find(faces[i]) * 16 // len(LETTERS)
        if t < _SPIN_MS:
            spin(leds, t, land)
        else:
            settled(leds, land, _GREEN if i == len(faces) - 1 else _RED)


def spin(leds, t, land):
    """The die spinning: a dot with a tail, slowing down to stop on LED `land` at _SPIN_MS."""
    n = len(leds) // 3
    steps = 3 * n + land
    rest = _SPIN_MS - t
    head = steps - steps * rest * rest // (_SPIN_MS * _SPIN_MS)
    for i in range(n):
        k = (head - i) % n
        f = 255 >> (2 * k) if k < 4 else 0
        leds[3 * i] = leds[3 * i + 1] = leds[3 * i + 2] = f


def settled(leds, land, colour):
    """The die at rest: its face bright, the rest of the ring a glow of the same colour."""
    for i in range(len(leds) // 3):
        div = 1 if i == land else 10
        leds[3 * i] = colour[0] // div
        leds[3 * i + 1] = colour[1] // div
        leds[3 * i + 2] = colour[2] // div


# -- the writing time ----------------------------------------------------------------


def soonest(now, *deadlines):
    best = None
    for d in deadlines:
        if d is not None and (best is None or ticks.diff(d, now) < ticks.diff(best, now)):
            best = d
    return best


class Play(GameScreen):
    """The list, a page of four categories at a time, while the ring counts down.

    UP/DOWN (or A/C) turn the pages; a long B or GO pauses and resumes. Without a ring the
    bar shows the time left in coarse steps."""

    long_presses = ("B", "GO")

    def __init__(self, game, run):
        super().__init__(game)
        s = game.s
        # The countdown, on the model too: the phones read it there (net/scattergories.py).
        self.cd = game.clock = Countdown(s["ms"], s["left"])
        self.run = run  # a fresh round starts at once; a resumed one waits, stopped
        self.page = 0
        self.shown = None  # the coarse time on the panel (no ring)

    def enter(self, app, now):
        super().enter(app, now)
        if self.run:
            self.cd.start(now)
            self.run = False
        self.shown = coarse(self.cd.remaining(now))

    def tick(self, app, now):
        cd = self.cd
        if not cd.running:
            return
        due = cd.due(now)
        if END in due:
            self.time_up(app, now)
            return
        if due:
            app.tone(due[-1])  # a board with no buzzer blinks it on its LED
        if not app.parts.get("ring"):
            shown = coarse(cd.remaining(now))
            if shown != self.shown:
                self.shown = shown
                app.redraw()

    def deadline(self, app):
        cd = self.cd
        now = app.now
        redraw = None
        if cd.running and not app.parts.get("ring"):
            at = next_coarse(cd.remaining(now))
            redraw = cd.at(at) if at is not None else None
        return soonest(now, cd.deadline(), redraw)

    def time_up(self, app, now):
        """Pens down: time's up, and the phones' sheets are scored (the model's time_up)."""
        app.tone(END)
        self.game.time_up()
        turn(app, True)  # saved: the clock has stopped

    def event(self, app, ev, now):
        kind, b = ev
        running = self.cd.running
        if kind == "long" and b in ("B", "GO"):
            self.toggle(app, now)
        elif is_press(ev, "UP") or (kind == "press" and b == "A" and running):
            self.turn(app, -1)
        elif is_press(ev, "DOWN") or (kind == "press" and b == "C"):
            self.turn(app, 1)
        elif kind == "press" and not running and b in ("B", "GO"):
            self.toggle(app, now)
        elif kind == "press" and not running and b == "A":
            from app.dialogs import Confirm  # (dialogs: loaded when one is shown)

            msg = "Stop the timer now? Time is up for everyone."
            app.push(Confirm("End the round?", msg, lambda app, now: self.time_up(app, now)))

    def turn(self, app, step):
        self.page = (self.page + step) % pages(self.game.categories())
        app.redraw()

    def leave(self, app, now):
        """Off to the menu: the timer pauses where it stands (and is saved, as a pause is),
        so the round comes back paused, not from its start."""
        if self.cd.running:
            self.toggle(app, now)

    def toggle(self, app, now):
        cd = self.cd
        if cd.running:
            self.tick(app, now)  # the cues up to this instant come first
            if app.screen is not self:
                return
            cd.pause(now)
            self.game.stop_timer(cd.left)
            app.save_session()
        else:
            cd.start(now)
        app.redraw()

    def draw(self, app, g):
        game = self.game
        cats = game.categories()
        cd = self.cd
        where = "%d/%d" % (self.page + 1, pages(cats))
        if not cd.running:
            right = "PAUSED " + clock(cd.left) + " · " + where
        elif not app.parts.get("ring"):
            right = clock(self.shown) + " left · " + where
        else:
            right = "List %d · %s" % (game.list_no(), where)
        draw_page(g, cats, self.page, "Letter " + game.letter(), right)
        if cd.running:
            g.labels("← Page", "hold: Pause", "Page →")
        else:
            g.labels("End round", "Resume", "Page →")

    def ring(self, app, now, leds):
        cd = self.cd
        left = cd.remaining(now)
        colour = _GREEN if left > 60000 else _AMBER if left > 30000 else _RED
        n = len(leds) // 3
        scaled = left * n
        full, part = scaled // cd.total, scaled % cd.total
        dim = 1
        if not cd.running:
            dim = 1 if ticks.diff(now, self.since) % 1000 < 500 else 8  # paused: blinking
        elif left <= 10000 and left % 1000 < 300:
            dim = 6  # the last ten seconds flash
        for i in range(n):
            f = 255 if i < full else part * 255 // cd.total if i == full else 0
            leds[3 * i] = colour[0] * f // 255 // dim
            leds[3 * i + 1] = colour[1] * f // 255 // dim
            leds[3 * i + 2] = colour[2] * f // 255 // dim


# -- the round's timer -------------------------------------------------------------


def cues_below(left):
    """The cues still to come with `left` ms on the clock: [(ms left, name)], soonest first."""
    out = [(ms, "warning") for ms in _WARNINGS]
    out += [(1000 * s, "tick") for s in range(_LAST, 0, -1)]
    out.append((0, END))
    return [c for c in out if c[0] < left]


class Countdown:
    def __init__(self, total, left=None):
        self.total = total
        self.left = total if left is None else max(0, min(total, left))
        self.since = None  # the tick it last started at; None while stopped
        self._cues = cues_below(self.left)

    @property
    def running(self):
        return self.since is not None

    def start(self, now):
        if self.since is None and self.left > 0:
            self.since = now

    def pause(self, now):
        """Stops the clock at what is left now (the cues up to now must be taken first)."""
        self.left = self.remaining(now)
        self.since = None

    def remaining(self, now):
        if self.since is None:
            return self.left
        return max(0, self.left - ticks.diff(now, self.since))

    def over(self, now):
        return self.remaining(now) == 0

    def due(self, now):
        """The names of the cues whose instant has come since last asked, in order."""
        left = self.remaining(now)
        out = []
        cues = self._cues
        while cues and cues[0][0] >= left:
            out.append(cues.pop(0)[1])
        return out

    def at(self, left):
        """The tick at which `left` ms will remain (running only)."""
        return ticks.add(self.since, self.left - left)

    def deadline(self):
        """The tick of the next cue, or None while stopped."""
        if self.since is None or not self._cues:
            return None
        return self.at(self._cues[0][0])


def coarse(left):
    """What an e-ink without a ring shows: the time left rounded up to a step of 30 s
    (15 s in the last half minute), so the panel redraws at most every 15-30 s."""
    step = 30000 if left > 30000 else 15000
    return (left + step - 1) // step * step


def next_coarse(left):
    """The time left at which coarse() next changes (None once it shows 0:00)."""
    shown = coarse(left)
    if shown == 0:
        return None
    step = 30000 if shown > 30000 else 15000
    return shown - step
