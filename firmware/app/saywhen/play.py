"""Say When! on the device: the Scanner's screens, facing the Quizzer.

Each card: the question (and who is Quizzer, secret or open) (ask.py), the guesses typed
team by team in guessing order (guess.py; or none, for quick judging), read back (ask.py),
the Answer Door opened with a long press, the points with the reason for each (door.py;
quick judging of who was closest: judge.py), then the Scanner passes left. The answer is
never on screen before the door opens. The state is game.s, saved after every step.

This module is the hub: it resumes a game where it stands and loads the part of the
screens each step needs (asking, a guess, or the door), letting the others go.
"""

from micropython import const

from app import gamescreen, screen
from app.saywhen import game as sw
from games import saywhen as rules

# The parts, one loaded at a time (the scoreboard, saywhen.scores, one of them: what it is
# shown over waits as a stand-in), and what only some moments need: saywhen.check a game's
# start, app.played a deal or a scoring, numedit a guess (imported with guess.py). Each
# goes when the next part loads.
PARTS = (
    "app.saywhen.ask",
    "app.saywhen.guess",
    "app.saywhen.door",
    "app.saywhen.judge",
    "app.won",
    "app.saywhen.check",
    "app.saywhen.scores",
    "app.played",
    "app.numedit",
)
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
            PARTS, "app.won", "Win", game, ("Say When!", "game over"), _WON, "", undo, won
        )
    if s["door"]:
        return screen.part(PARTS, "app.saywhen.door", "Door", game)
    if s["guesses"] and game.next_guesser() is None:
        return screen.part(PARTS, "app.saywhen.ask", "Review", game)
    return screen.part(PARTS, "app.saywhen.ask", "Turn", game)


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


# Which team types next, and which have phones: asked by the question (ask.py) and by each
# guess (guess.py), two parts never loaded at once.
def phones(app):
    """The teams with a phone (app.net: on a board with Wi-Fi, absent on others)."""
    net = getattr(app, "net", None)
    return net.phones() if net is not None else ()


def pick(app, game):
    """The team the device types for next: in open guessing the next in order; in secret
    guessing the next without a phone first (the phones type their own), then the rest
    (a phone gone flat)."""
    team = game.next_guesser()
    if team is None or game.mode() == rules.OPEN:
        return team
    phoned = phones(app)
    done = [t for t, _ in game.s["guesses"]]
    for t in game.order():
        if t not in done and t not in phoned:
            return t
    return team
