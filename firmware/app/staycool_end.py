"""Stay Cool's turn end and score pad: the turn's counts and product (End), their fix
(Fix), each player's round scores (Scores), and the winners.

Imported when a turn ends, or the scores or the winners are asked for (app/staycool.py),
not with the game: a start and a turn have no need of them.
"""

from micropython import const

import ticks
from app import gamescreen, gfx, layout
from app import staycool_game as sc
from games import staycool as rules

FLASH_MS = const(1500)  # time is up: the ring flashes red this long
# The winners' screen (app/winners.py, Win): the title 4 px under the bar (1 px under each
# line), the totals 2 px under it (or under the tie-break's line) in small type, three
# spaces between them.
_WON = const((4, 1, 2, "small", "   ", " and "))


def winners(game):
    """The winners' screen, once round 3 is over; C there shows the scores."""
    from app.winners import Win  # (imported when a game is won)

    totals, first = game.totals(), game.winners()
    best = totals[first[0]]
    note = "tied on %d: more points in round 3" % best if totals.count(best) > len(first) else ""
    return Win(game, ("Stay Cool", "game over"), _WON, note, "Scores", won)


def won(app, game, now):
    """C on the winners' screen: the scores."""
    app.push(Scores(game), now)


def time_up(leds, since):
    """Time is up: the whole ring flashes red for FLASH_MS, then goes dark. True meanwhile."""
    on = 0 <= since < FLASH_MS and (since // 250) % 2 == 0
    gamescreen.fill(leds, 255 if on else 0, 0, 0)
    return 0 <= since < FLASH_MS


class End(gamescreen.GameScreen):
    """The turn is over: the two counts, their values, the product; running totals."""

    full_refresh = True

    def __init__(self, game, now, cards_done, view):
        super().__init__(game)
        self.ended_at = now
        self.cards_done = cards_done  # both cards answered, with sand to spare
        self.view = view  # app.staycool's: what comes next (between turns, or the winners)

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b == "A":
            app.push(Fix(self.game), now)
        elif b == "B":
            app.push(Scores(self.game), now)
        elif b in ("C", "GO"):
            app.replace(self.view(self.game), now)

    def draw(self, app, g):
        game = self.game
        p, r, w, v = game.s["last"]
        wv, vv = rules.WRITTEN_VALUES[w], rules.VERBAL_VALUES[v]
        why = "both cards done!" if self.cards_done else "time is up"
        top = g.bar("Round %d · %s's turn is over" % (r, self.who(p)), why)
        product = top + 3
        g.center("%d × %d = %d" % (wv, vv, wv * vv), product, "title")
        counts = product + layout.TITLE + 3
        g.center("%d written → %d   ·   %d verbal → %d" % (w, wv, v, vv), counts, "body")
        totals = game.totals()
        parts = ["%s %d" % (self.who(i), totals[i]) for i in range(game.n())]
        y = counts + layout.BODY + 5
        for line in g.pack(["Totals:"] + parts, "   ", "small", gfx.W - 8)[:2]:
            g.center(line, y, "small")
            y += layout.SMALL - 1
        nxt = "Winner" if game.s["phase"] == sc.OVER else "Next"
        g.labels("Fix", "Scores", nxt)

    def ring(self, app, now, leds):
        if not time_up(leds, ticks.diff(now, self.since)):
            super().ring(app, now, leds)


class Fix(gamescreen.GameScreen):
    """Corrects the last turn's counts (a press missed at the buzzer, or one too many):
    UP/DOWN choose written or verbal, B takes one off, C adds one, A goes back."""

    def __init__(self, game):
        super().__init__(game)
        self.sel = 0

    def event(self, app, ev, now):
        kind, b = ev
        if kind not in ("press", "repeat"):
            return
        if b in ("UP", "DOWN"):
            self.sel = 1 - self.sel
        elif kind != "press":
            return
        elif b == "A":
            app.pop(now)
            return
        elif b in ("B", "C", "GO"):
            self.game.fix(self.sel, -1 if b == "B" else 1)
            app.save_session()
        else:
            return
        app.redraw()

    def draw(self, app, g):
        p, r, w, v = self.game.s["last"]
        top = g.bar("Fix %s's turn, round %d" % (self.who(p), r), "UP/DOWN: choose")
        pitch = layout.BODY + 5
        for k, n in ((0, w), (1, v)):
            y = top + 6 + pitch * k
            if k == self.sel:
                g.fill_rect(0, y - 1, gfx.W, layout.BODY + 2)
            g.text(
                "%s right: %d (value %d)" % (sc.NAMES[k], n, sc.VALUES[k][n]),
                6,
                y,
                "body",
                k == self.sel,
            )
        g.center("= %d points" % rules.turn_score(w, v), top + 6 + 2 * pitch + 4, "bold")
        g.labels("Back", "−", "+")


class Scores(gamescreen.GameScreen):
    """Each player's round scores and total."""

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] in ("A", "B", "C", "GO"):
            app.pop(now)

    def draw(self, app, g):
        game = self.game
        n = game.n()
        top = g.bar("Scores", "round %d of %d" % (min(game.s["round"], sc.ROUNDS), sc.ROUNDS))
        cols = 1 if n <= 5 else 2
        rows = (n + cols - 1) // cols
        font, pitch = ("body", layout.BODY) if n <= 4 else ("small", layout.SMALL + 1)
        colw = gfx.W // cols
        numw = 34 if cols == 1 else 22
        totals = game.totals()
        for c in range(cols):
            x1 = (c + 1) * colw - 6
            for j, head in enumerate(("R1", "R2", "R3", "Total")):
                g.right(head, x1 - (3 - j) * numw, top + 1, "small")  # the columns' heads
        for i in range(n):
            x = (i // rows) * colw
            x1 = x + colw - 6
            y = top + 1 + layout.SMALL + (i % rows) * pitch
            g.text(g.fit(self.who(i), font, colw - 4 * numw - 6), x + 4, y, font)
            for j, pts in enumerate(game.s["scores"][i] + [totals[i]]):
                g.right(str(pts), x1 - (3 - j) * numw, y, font)
        g.labels("Back", "", "")
