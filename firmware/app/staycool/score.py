"""Stay Cool between turns: who holds which role and the first question (Start), the end
of a turn (written value x verbal value), and fixing its counts. The turn itself, from C
on Start, is the other part (turn.py).
"""

from micropython import const

import ticks
from app import layout, screen
from app.gamescreen import GameScreen
from app.gfx import W
from app.staycool import game as sc
from app.staycool import play as hub
from app.staycool import ring as hg
from games import staycool as rules

_HELP = const(
    "In a turn: A written right, B verbal right (hold A or B: skip it). C or GO: Timer! "
    "(hold: pause). DOWN: undo. Wrong answer: no button."
)
_ROUND_RULE = const(("", "the glass flips itself", "say Timer! in time", "the timer is hidden"))


class Start(GameScreen):
    """Who holds which role, and the first written question for the Interrogator to read."""

    full_refresh = True

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b in ("C", "GO"):
            self.game.begin()
            app.save_session()
            app.tone("flip")
            app.replace(screen.part(hub.PARTS, "app.staycool.turn", "Play", self.game, now), now)
        elif b == "A":
            from app.staycool.scores import Scores  # let go with this part (play.PARTS)

            app.push(Scores(self.game), now)
        elif b == "B":
            from app.dialogs import Notice

            app.push(Notice("Buttons", _HELP), now)

    def draw(self, app, g):
        game = self.game
        r = game.s["round"]
        a, w, v, t = game.roles()
        top = g.bar("Stay Cool · Round %d of %d" % (r, sc.ROUNDS), _ROUND_RULE[r])
        g.text(g.fit(self.who(a) + " answers", "bold", W - 8), 4, top + 1, "bold")
        if t == w:  # three players: the Written Interrogator keeps time too
            roles = "Written and timer: %s · Verbal: %s" % (self.who(w), self.who(v))
        else:
            roles = "Written: %s · Verbal: %s · Timer: %s" % (
                self.who(w),
                self.who(v),
                self.who(t),
            )
        y = top + 1 + layout.BODY + 1  # under who answers, in bold
        for line in g.wrap(roles, "small", W - 8)[:2]:
            g.text(line, 4, y, "small")
            y += layout.SMALL - 1
        g.hline(0, y + 2, W)
        qa = game.question(0, 0)
        if qa is None:  # printed cards
            text = self.who(w) + " reads the first written question, then Start."
            for line in g.wrap(text, "body", W - 8)[:2]:
                g.text(line, 4, y + 5, "body")
                y += layout.BODY
        else:
            hub.draw_question(g, qa, 4, y + 5, W - 8, hub.card_number(0, 0, game.total(0)))
        g.labels("Scores", "Buttons", "Start")

    def ring(self, app, now, leds):
        hg.glass(leds, sc.PERIOD_MS, sc.PERIOD_MS, 1)  # a full glass, waiting on number 1


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
            from app.staycool.scores import Scores  # let go with this part (play.PARTS)

            app.push(Scores(self.game), now)
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
