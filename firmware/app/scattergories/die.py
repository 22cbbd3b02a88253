"""Scattergories: the 20-sided letter die, on the ring and the e-ink.

The ring spins like a die and settles on a face; the e-ink shows the letter huge. A face
already used in this game is crossed out ("already used in round N: rolling again") and
the die is thrown again, as the rulebook says, until a fresh letter comes up. The faces
come from LetterDie.throw() (games.scattergories), saved before the show begins, so a
power cut can never roll a round's letter twice.
"""

from micropython import const

import ticks
from app import layout
from app.gamescreen import GameScreen
from app.scattergories.play import clock, go_on, where
from games.scattergories import LETTERS


def view(game, fresh):
    return Roll(game, fresh)  # resumed, the letter shows at once


_SPIN_MS = const(1400)  # the die spins this long, then settles on a face
_SHOW_MS = const(1800)  # a used letter stays on show this long before the die is thrown again
_CROSS = const((6, 88))  # the rows under the bar that the huge letter's square spans
_GREEN = const((0, 190, 60))
_RED = const((230, 0, 0))


class Roll(GameScreen):
    """The die: faces thrown one after another, a used letter crossed out, then the letter.

    Stage 2i: face i spinning on the ring; 2i+1: settled on it. The panel is redrawn when a
    face settles, never during a spin (the e-ink keeps showing the last face meanwhile)."""

    def __init__(self, game, animate):
        super().__init__(game)
        self.faces = game.s["faces"] or game.letter()
        self.animate = animate
        self.stage = -1 if animate else self.last()

    def last(self):
        return 2 * len(self.faces) - 1

    def boundary(self, k):
        """Ms after the throw at which stage k begins."""
        return (k // 2) * (_SPIN_MS + _SHOW_MS) + (_SPIN_MS if k & 1 else 0)

    def stage_at(self, now):
        if not self.animate:
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
            self.animate = False

    def deadline(self, app):
        if not self.animate or self.stage >= self.last():
            return None
        return ticks.add(self.since, self.boundary(self.stage + 1))

    def event(self, app, ev, now):
        if ev[0] != "press" or ev[1] not in ("B", "GO"):
            return
        if self.stage < self.last():  # skip the show
            self.animate = False
            self.stage = self.last()
            app.tone("settle")
            app.redraw()
            return
        self.game.start_timer()
        go_on(app, self.game, now, True)  # saved before the clock runs, never while it does

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
        if self.animate:
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
