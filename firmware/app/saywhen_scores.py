"""Say When!'s scoreboard, over the question or the door (A there, Scores): imported when
it is asked for, not with the game, whose start has no need of it."""

from app import gamescreen, gfx, layout
from app.saywhen_board import where


class Scores(gamescreen.GameScreen):
    """The scoreboard, over the question or the door; C takes back the last scoring."""

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b in ("A", "B", "GO"):
            app.pop(now)
        elif b == "C" and self.game.can_undo():
            from app.dialogs import Confirm

            def yes(app, now):
                self.game.undo()
                gamescreen.turn(app)  # (it may cross to the door: app/saywhen.py)

            app.push(Confirm("Undo?", "Take back the last scoring? That card comes back.", yes))

    def draw(self, app, g):
        game = self.game
        s = game.s
        top = g.bar("Scores · first to 10", where(game))
        n = game.n()
        cols = 1 if n <= 4 else 2
        pitch = layout.BODY + (2 if n <= 4 else 11)  # two columns: fewer rows, more air
        colw = gfx.W // cols
        for i in range(n):
            x = (i // ((n + cols - 1) // cols)) * colw
            y = top + 4 + (i % ((n + cols - 1) // cols)) * pitch
            mark = "▶ " if i == s["quizzer"] and s["winner"] is None else ""
            g.text(g.fit(mark + self.who(i), "body", colw - 50), x + 6, y, "body")
            g.right(str(s["scores"][i]), x + colw - 8, y - 2, "bold")
        g.labels("Back", "", "Undo" if game.can_undo() else "")
