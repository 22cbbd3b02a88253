"""Stay Cool between turns: the end of a turn (written value x verbal value), and fixing
its counts.
"""

import ticks
from app import layout, screen
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
        product = top + 3
        g.center("%d × %d = %d" % (wv, vv, wv * vv), product, "title")
        counts = product + layout.TITLE + 3
        g.center("%d written → %d   ·   %d verbal → %d" % (w, wv, v, vv), counts, "body")
        totals = game.totals()
        parts = ["%s %d" % (self.who(i), totals[i]) for i in range(game.n())]
        y = counts + layout.BODY + 5
        for line in g.pack(["Totals:"] + parts, "   ", "small", W - 8)[:2]:
            g.center(line, y, "small")
            y += layout.SMALL - 1
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
        pitch = layout.BODY + 5
        for k, n in ((0, w), (1, v)):
            y = top + 6 + pitch * k
            if k == self.sel:
                g.fill_rect(0, y - 1, W, layout.BODY + 2)
            g.text(
                "%s right: %d (value %d)" % (hub.KIND[k], n, hub.VALUES[k][n]),
                6,
                y,
                "body",
                k == self.sel,
            )
        g.center("= %d points" % rules.turn_score(w, v), top + 6 + 2 * pitch + 4, "bold")
        g.labels("Back", "−", "+")
