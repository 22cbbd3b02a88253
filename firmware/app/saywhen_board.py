"""What both sides of a Say When! card show (app/saywhen_round.py, app/saywhen_door.py):
where the game stands, its guessing mode, a number as it reads, and the winners' screen.
Imported at a stage of its own as the game starts (phases.Phases.game). The scoreboard is
app/saywhen_scores.py, imported when asked for: a game's start has no need of it."""

from micropython import const

from app import gamescreen
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


def won(game):
    """The winners' screen, where C takes back the last scoring (the card comes back)."""
    from app.winners import Win  # (imported when a game is won)

    return Win(game, _TITLE, _WON, "", "Undo" if game.can_undo() else "", _undo)


def _undo(app, game, now):
    game.undo()
    gamescreen.turn(app)  # (back to the door: app/saywhen.py)
