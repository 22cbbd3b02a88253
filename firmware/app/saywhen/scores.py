"""Say When!'s scoreboard, shown over the question (ask.py) or the door (door.py): a part of
its own (play.PARTS). The screen it is shown over waits as a stand-in (screen.Next), its
part let go, and is made again when the scoreboard closes: so the scoreboard and its undo
dialog never share the heap with the question's or the door's screens."""

from app import layout
from app.gamescreen import GameScreen
from app.gfx import W
from app.saywhen import play as hub


class Scores(GameScreen):
    """The scoreboard; C takes back the last scoring."""

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
                app.pop(now)
                hub.go_on(app, self.game, now)

            app.push(Confirm("Undo?", "Take back the last scoring? That card comes back.", yes))

    def draw(self, app, g):
        game = self.game
        s = game.s
        top = g.bar("Scores · first to 10", hub.where(game))
        n = game.n()
        cols = 1 if n <= 4 else 2
        pitch = layout.BODY + (2 if n <= 4 else 11)  # two columns: fewer rows, more air
        colw = W // cols
        for i in range(n):
            x = (i // ((n + cols - 1) // cols)) * colw
            y = top + 4 + (i % ((n + cols - 1) // cols)) * pitch
            mark = "▶ " if i == s["quizzer"] and s["winner"] is None else ""
            g.text(g.fit(mark + self.who(i), "body", colw - 50), x + 6, y, "body")
            g.right(str(s["scores"][i]), x + colw - 8, y - 2, "bold")
        g.labels("Back", "", "Undo" if game.can_undo() else "")
