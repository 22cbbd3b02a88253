"""Stay Cool, a turn: the sand running, the Timer Card, the Interrogators' questions and
their buttons (Play). What comes before it, who holds which role (Start), is in score.py.

`Live` is the turn itself: the rules' Turn driven by the sand's own clock (real time that
stops while the game is paused), and the log of what was pressed, so that undo simply
plays the turn again without the last press. It lives here, with the one part that plays
a turn: between turns the heap has no use for it.
"""

from micropython import const

import ticks
from app import layout, screen
from app.gamescreen import GameScreen
from app.gfx import FOOTER, H, W
from app.staycool import game as sc
from app.staycool import play as hub
from app.staycool import ring as hg
from games import staycool as rules

_X = const(27)  # the questions start right of the Timer Card
_STEP_MS = const(5000)  # without a ring (or in round 3) the screen shows the sand in these steps
_WARN_MS = const(5000)


class Play(GameScreen):
    """The turn: the sand runs; the Interrogators' questions; Timer!, skip, undo, pause."""

    def __init__(self, game, now):
        super().__init__(game)
        self.live = Live(game, now, game.s["live"])  # a kept turn comes back paused
        self.flip_at = now  # the glass was just flipped onto 1
        self.position = 1
        self.steps = None

    def enter(self, app, now):
        super().enter(app, now)
        self.steps = self.coarse(app, now)

    def coarse(self, app, now):
        """The sand the screen shows, in steps, when it shows it (no ring, or round 3)."""
        if app.parts.get("ring") and self.live.round != 3:
            return None
        return (self.live.left(now) + _STEP_MS - 1) // _STEP_MS

    def changed(self, app, now):
        self.position = self.live.turn.position
        self.steps = self.coarse(app, now)
        app.redraw()

    def event(self, app, ev, now):
        kind, b = ev
        live = self.live
        if kind not in ("press", "long"):
            return
        self.tick(app, now)  # a flip or the end due at this very tick comes first
        if app.screen is not self:
            return
        if live.paused():
            if b in ("C", "GO"):
                live.resume(now)
                self.game.keep(None, now)
                app.save_session()
                self.changed(app, now)
        elif kind == "long":
            if b in ("A", "B"):
                self.act(app, "skip", sc.KINDS[0 if b == "A" else 1], now)
            elif b in ("C", "GO") and live.pause(now):
                self.game.keep(live, now)  # saved, so a power cut keeps the pause too
                app.save_session()
                self.changed(app, now)
        elif b in ("A", "B"):
            self.act(app, "correct", sc.KINDS[0 if b == "A" else 1], now)
        elif b in ("C", "GO"):
            if self.act(app, "timer", None, now):
                self.flip_at = now
                app.tone("flip")
        elif b == "DOWN" and live.undo(now):
            self.changed(app, now)

    def leave(self, app, now):
        """Off to the menu: the sand stops where it stands, and the turn is kept, so it
        comes back paused rather than from its start."""
        self.tick(app, now)  # a flip or the end due at this instant comes first
        if app.screen is self and (self.live.paused() or self.live.pause(now)):
            self.game.keep(self.live, now)
            app.save_session()

    def act(self, app, what, kind, now):
        if not self.live.press(what, kind, now):
            app.tone("refused")
            return False
        self.changed(app, now)
        return True

    def tick(self, app, now):
        live = self.live
        if live.update(now):
            t = live.turn
            app.tone("end")  # first, then the save: the buzzer is on time
            self.game.finish(t.written, t.verbal)
            app.save_session()
            done = t.remaining(now) > 0
            end = screen.part(hub.PARTS, "app.staycool.score", "End", self.game, now, done)
            app.replace(end, now)
        elif live.turn.position != self.position:  # round 1: the Timekeeper's flip
            self.flip_at = now
            app.tone("flip")
            self.changed(app, now)
        elif self.steps is not None and self.coarse(app, now) != self.steps:
            self.changed(app, now)

    def deadline(self, app):
        return self.live.deadline(app.now)

    def ring(self, app, now, leds):
        live = self.live
        if live.round == 3:  # hidden from the active player: only the buzzer ends the turn
            hg.clear(leds)
            return
        left = live.left(now)
        position = live.turn.position
        colour, scale = hg.SAND, 255
        if live.paused():
            scale = hg.breathe(now)
        elif left <= _WARN_MS and (live.round == 2 or position == 4):
            colour, scale = hg.WARN, hg.pulse(now)
        shift = hg.flip_shift(len(leds) // 3, ticks.diff(now, self.flip_at))
        hg.glass(leds, left, sc.PERIOD_MS, position, colour, scale, shift)

    def draw(self, app, g):
        live = self.live
        t = live.turn
        if live.paused():
            right = "PAUSED"
        elif t.skipped:
            right = "skip used"
        else:
            right = "no skip on 4" if t.position == 4 else "skip: hold A or B"
        top = g.bar("Round %d · %s" % (live.round, self.who(self.game.s["turn"])), right)
        self.draw_card(g, top, t.position)
        if live.paused():
            paused = top + 22
            g.center("PAUSED", paused, "title", _X, W)
            g.center("The sand stands still.", paused + layout.TITLE + 6, "body", _X, W)
            g.labels("", "", "Resume")
            return
        mid = top + (H - FOOTER - top) // 2
        self.draw_kind(g, 0, t.written, top + 1)
        g.hline(_X, mid, W - _X)
        self.draw_kind(g, 1, t.verbal, mid + 2)
        g.labels("Written ✓", "Verbal ✓", "Timer!")

    def draw_card(self, g, top, position):
        """The Timer Card down the left edge, the glass's number inverted."""
        box = layout.BODY  # a number's box, one above the other
        for i in range(4):
            y = top + 2 + (box + 1) * i
            on = i + 1 == position
            if on:
                g.fill_rect(1, y, 23, box)
            else:
                g.rect(1, y, 23, box)
            g.center(str(i + 1), y, "body", 1, 24, on)
        if self.steps is not None:  # under the card
            g.center(
                "%ds" % (self.steps * _STEP_MS // 1000), top + 2 + (box + 1) * 4, "small", 0, 26
            )

    def draw_kind(self, g, k, done, y):
        total = self.live.totals[k]
        if done >= total:
            g.text("%s card done: %d of %d" % (hub.KIND[k], done, total), _X, y + 2, "body")
            return
        qa = self.game.question(k, done)
        if qa is None:  # printed cards: the count and the value so far
            g.text("%s: %d right" % (hub.KIND[k], done), _X, y, "large")
            what = "next: question %d of %d · value %d" % (done + 1, total, hub.VALUES[k][done])
            g.text(what, _X, y + layout.LARGE + 1, "small")
            return
        hub.draw_question(g, qa, _X, y, W - _X - 3, hub.card_number(k, done, total))


def _apply(turn, what, kind, at):
    if what == "correct":
        return turn.correct(kind, at)
    if what == "skip":
        return turn.skip(kind, at)
    return turn.timer(at)


class Live:
    """The turn being played: new at `now`, or the saved one (`data`), paused at `now`."""

    def __init__(self, game, now, data=None):
        self.round = game.s["round"]
        self.totals = (game.total(0), game.total(1))
        self.start = now
        self.log = []  # (what, kind, sand time) of every press the rules took
        self.paused_ms = 0
        self.paused_at = None
        if data is not None:
            self.start = ticks.add(now, -data[0])
            self.log = [(w, k, ticks.add(self.start, t)) for w, k, t in data[1]]
            self.paused_at = now
        self.turn = self._replay()

    def saved(self, now):
        """[sand ms, [[press, kind, sand ms], ...]], each time from the turn's start."""
        start = self.start
        return [
            ticks.diff(self.clock(now), start),
            [[w, k, ticks.diff(t, start)] for w, k, t in self.log],
        ]

    def _replay(self):
        turn = rules.Turn(self.round, self.start, sc.PERIOD_MS, self.totals[0], self.totals[1])
        for what, kind, at in self.log:
            _apply(turn, what, kind, at)
        return turn

    def clock(self, now):
        """The sand's time: real time less every pause, standing still while paused."""
        return ticks.add(now if self.paused_at is None else self.paused_at, -self.paused_ms)

    def press(self, what, kind, now):
        """ "correct" or "skip" of a kind, or "timer"; True if the rules took it."""
        at = self.clock(now)
        if _apply(self.turn, what, kind, at):
            self.log.append((what, kind, at))
            return True
        return False

    def undo(self, now):
        """Takes back the last press the rules took: the turn as if it never was."""
        if not self.log:
            return False
        self.log.pop()
        self.turn = self._replay()
        self.turn.update(self.clock(now))
        return True

    def pause(self, now):
        if self.update(now) or self.paused_at is not None:
            return False
        self.paused_at = now
        return True

    def resume(self, now):
        if self.paused_at is not None:
            self.paused_ms += ticks.diff(now, self.paused_at)
            self.paused_at = None

    def paused(self):
        return self.paused_at is not None

    def update(self, now):
        return self.turn.update(self.clock(now))

    def left(self, now):
        return self.turn.remaining(self.clock(now))

    def deadline(self, now):
        """The tick at which the sand runs out next (a flip, or the end), None if paused."""
        if self.paused_at is not None or self.update(now):
            return None
        return ticks.add(now, self.left(now))
