"""What both sides of a Say When! card show (app/saywhen_round.py, app/saywhen_door.py):
where the game stands, its guessing mode, a number as it reads, the scoreboard, and the
winners' screen."""

from micropython import const

from app import gamescreen, gfx, layout
from app import saywhen_game as sw
from games import saywhen as rules

# The winners' screen (app/winners.py, Win): the title 8 px under the bar (1 px under each
# line), the scores 9 px under it in body type, one space between them.
_WON = const((8, 1, 9, "body", " ", " and "))
_TITLE = const(("Say When!", "game over"))


def number(text):
    """A decimal string with thousands separated: "5500000000" -> "5,500,000,000". A number
    of four digits or fewer keeps none, so a year reads as one: "1969", not "1,969"."""
    sign = "-" if text.startswith("-") else ""
    whole, dot, frac = text.lstrip("-").partition(".")
    groups = []
    while len(whole) > 3 and (groups or len(whole) > 4):
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return sign + ",".join([whole] + groups) + dot + frac


def mode_text(game):
    m = game.mode()
    return "SECRET" if m == rules.SECRET else "OPEN" if m == rules.OPEN else "tied: you choose"


def where(game):
    s = game.s
    if s["winner"] is not None:
        return "Game over"  # (no card comes next)
    if s["sudden"]:
        return "Sudden Death"
    return "Card %d/%d" % (s["played"] + 1, sw.CARDS)


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


def won(game):
    """The winners' screen, where C takes back the last scoring (the card comes back)."""
    from app.winners import Win  # (imported when a game is won)

    return Win(game, _TITLE, _WON, "", "Undo" if game.can_undo() else "", _undo)


def _undo(app, game, now):
    game.undo()
    gamescreen.turn(app)  # (back to the door: app/saywhen.py)
