"""Say When! on the device: the Scanner's screens, facing the Quizzer.

Each card: the question (and who is Quizzer, secret or open), the guesses typed team by
team in guessing order (or none, for quick judging) (ask.py), the Answer Door
opened with a long press, the points with the reason for each (door.py), then
the Scanner passes left. The answer is never on screen before the door opens. The state
is game.s, saved after every step.

This module is the hub: it resumes a game where it stands and loads the part of the
screens each step needs (asking, or the door), letting the other go.
"""

from micropython import const

from app import gamescreen, layout, screen
from app.gamescreen import GameScreen
from app.gfx import W
from app.saywhen import game as sw
from games import saywhen as rules

# The parts, one loaded at a time, and saywhen.check, which only a game's start needs: each
# goes when the next part loads.
PARTS = ("saywhen.ask", "saywhen.door", "won", "saywhen.check")
# The winners' screen (app/won.py): the title 8 px under the bar (1 px under each line),
# the scores 9 px under it in body type, one space between them.
_WON = const((8, 1, 9, "body", " ", " and "))


def start(app, now):
    return gamescreen.start(app, "Say When!", now, sw.SayWhen, sw.DECK, first)


def first(app, game, now):
    return view(game)


def view(game):
    """The screen for where the game stands: what a resumed game shows first."""
    s = game.s
    if s["winner"] is not None:
        undo = "Undo" if game.can_undo() else ""
        return screen.part(
            PARTS, "won", "Win", game, ("Say When!", "game over"), _WON, "", undo, won
        )
    if s["door"]:
        return screen.part(PARTS, "saywhen.door", "Door", game)
    if s["guesses"] and game.next_guesser() is None:
        return screen.part(PARTS, "saywhen.ask", "Review", game)
    return screen.part(PARTS, "saywhen.ask", "Turn", game)


def won(app, game, now):
    """C on the winners' screen: the last scoring taken back (the card comes back)."""
    game.undo()
    go_on(app, game, now)


def go_on(app, game, now):
    """Saves, then shows where the game stands (in the part that plays it, once the part
    of the screen that asks has been let go)."""
    app.save_session()
    app.replace(screen.Next(view, game), now)


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
    if s["sudden"]:
        return "Sudden Death"
    return "Card %d/%d" % (s["played"] + 1, sw.CARDS)


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
                go_on(app, self.game, now)

            app.push(Confirm("Undo?", "Take back the last scoring? That card comes back.", yes))

    def draw(self, app, g):
        game = self.game
        s = game.s
        top = g.bar("Scores · first to 10", where(game))
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
