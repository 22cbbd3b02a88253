"""Stay Cool's scoreboard: each player's round scores and total. Shown from the part
between turns (score.py) and from the winners' screen (play.won), beside which it is
imported, and let go with it (play.PARTS)."""

from app import layout
from app.gamescreen import GameScreen
from app.gfx import W
from app.staycool import game as sc


class Scores(GameScreen):
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
        colw = W // cols
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
