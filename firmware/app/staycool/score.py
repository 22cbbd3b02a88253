"""Stay Cool between turns: the end of a turn (written value x verbal value), and fixing
its counts.
"""

import ticks
from app import screen
from app.gamescreen import GameScreen
from app.gfx import W
from app.staycool import game as sc
from app.staycool import play as hub
from app.staycool import ring as hg
from games import staycool as rules


class End(GameScreen):
    """The turn is over: the two counts, their values, the product; running totals."""

    full_refresh = True

    def __init__(self, game, now, cards_done):
        super().__init__(game)
        self.ended_at = now
        self.cards_done = cards_done  # both cards answered, with sand to spare

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b == "A":
            app.push(Fix(self.game), now)
        elif b == "B":
            app.push(hub.Scores(self.game), now)
        elif b in ("C", "GO"):
            app.replace(screen.Next(hub.view, self.game), now)

    def draw(self, app, g):
        game = self.game
        p, r, w, v = game.s["last"]
        wv, vv = rules.WRITTEN_VALUES[w], rules.VERBAL_VALUES[v]
        why = "both cards done!" if self.cards_done else "time is up"
        top = g.bar("Round %d · %s's turn is over" % (r, self.who(p)), why)
        g.center("%d × %d = %d" % (wv, vv, wv * vv), top + 3, "title")
        g.center("%d written → %d   ·   %d verbal → %d" % (w, wv, v, vv), top + 42, "body")
        totals = game.totals()
        parts = ["%s %d" % (self.who(i), totals[i]) for i in range(game.n())]
        y = top + 66
        for line in g.pack(["Totals:"] + parts, "   ", "small", W - 8)[:2]:
            g.center(line, y, "small")
            y += 14
        nxt = "Winner" if game.s["phase"] == sc.OVER else "Next"
        g.labels("Fix", "Scores", nxt)

    def ring(self, app, now, leds):
        if not hg.time_up(leds, ticks.diff(now, self.since)):
            super().ring(app, now, leds)


class Fix(GameScreen):
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
        for k, n in ((0, w), (1, v)):
            y = top + 6 + 24 * k
            if k == self.sel:
                g.fill_rect(0, y - 1, W, 21)
            g.text(
                "%s right: %d (value %d)" % (hub.KIND[k], n, hub.VALUES[k][n]),
                6,
                y,
                "body",
                k == self.sel,
            )
        g.center("= %d points" % rules.turn_score(w, v), top + 58, "bold")
        g.labels("Back", "−", "+")
