"""Scattergories, the round's writing time: the list against the timer, to time's up.

The 12 categories, four to a page, while the ring counts down: warnings at 1:00 and 0:30,
a tick each of the last ten seconds, the end buzzer; a long press pauses and resumes.
Without a ring the bar shows the time left in coarse steps (a board without a buzzer
blinks the cues on its LED: app.tone). Nothing is saved while the clock runs.
"""

from micropython import const

import ticks
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.scattergories import play as hub
from app.scattergories import timer

_GREEN = const((0, 190, 60))
_AMBER = const((230, 130, 0))
_RED = const((230, 0, 0))


def view(game, fresh):
    return Play(game, fresh)  # resumed after a power cut, the clock waits, stopped


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

    def __init__(self, game, run):
        super().__init__(game)
        s = game.s
        self.cd = timer.Countdown(s["ms"], s["left"])
        self.run = run  # a fresh round starts at once; a resumed one waits, stopped
        self.page = 0
        self.shown = None  # the coarse time on the panel (no ring)

    def enter(self, app, now):
        super().enter(app, now)
        if self.run:
            self.cd.start(now)
            self.run = False
        self.shown = timer.coarse(self.cd.remaining(now))

    def tick(self, app, now):
        cd = self.cd
        if not cd.running:
            return
        due = cd.due(now)
        if timer.END in due:
            self.time_up(app, now)
            return
        if due:
            app.tone(due[-1])  # a board with no buzzer blinks it on its LED
        if not app.parts.get("ring"):
            shown = timer.coarse(cd.remaining(now))
            if shown != self.shown:
                self.shown = shown
                app.redraw()

    def deadline(self, app):
        cd = self.cd
        now = app.now
        redraw = None
        if cd.running and not app.parts.get("ring"):
            at = timer.next_coarse(cd.remaining(now))
            redraw = cd.at(at) if at is not None else None
        return soonest(now, cd.deadline(), redraw)

    def time_up(self, app, now):
        """Pens down: time's up is the first screen of the points' part (score.py), so
        this part and its timer go before the phones' sheets are scored."""
        app.tone(timer.END)
        self.game.time_up()
        hub.go_on(app, self.game, now, True)  # saved: the clock has stopped

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
            from app.dialogs import Confirm

            msg = "Stop the timer now? Time is up for everyone."
            app.push(Confirm("End the round?", msg, lambda app, now: self.time_up(app, now)))

    def turn(self, app, step):
        self.page = (self.page + step) % hub.pages(self.game.categories())
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
        where = "%d/%d" % (self.page + 1, hub.pages(cats))
        if not cd.running:
            right = "PAUSED " + hub.clock(cd.left) + " · " + where
        elif not app.parts.get("ring"):
            right = hub.clock(self.shown) + " left · " + where
        else:
            right = "List %d · %s" % (game.list_no(), where)
        hub.draw_page(g, cats, self.page, "Letter " + game.letter(), right)
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
