"""Say When! on the phones: what a team's phone shows, and its guess from the number pad.

A phone sees what its team may see at the table (the contract: README, Phones): the
question, who is Quizzer, secret or open; in secret guessing which teams have locked in,
never their numbers, until every guess is in; in open guessing every guess made, and it
types only on its turn. Once the Quizzer opens the Answer Door, the answer, each team's
points and why. Everything else stays on the device: the Quizzer reads the question,
opens the door and scores the card with the buttons, and a team without a phone guesses
with them as before.

A guess from a phone is recorded in the model; the device's screens follow it at their
next step (app/saywhen_round.py: the question moves on once every guess is in, and the device
stops typing a team's guess that its phone has made).
"""

from micropython import const

from app import saywhen_game as sw
from app.saywhen_board import where
from games import saywhen as rules

_DIGITS = const("0123456789")
_MOST = const(24)  # characters of a guess, as the game's check() takes them


def stage(game):
    s = game.s
    if s["winner"] is not None:
        return "won"
    if s["door"]:
        return "door"
    if game.all_in():
        return "review"
    return "choice" if game.mode() == "choice" else "guess"


def turn(game):
    """The team whose guess is awaited in open guessing (None in secret guessing)."""
    return game.next_guesser() if game.mode() == rules.OPEN else None


def may_guess(game, team):
    if stage(game) != "guess" or team not in game.order():
        return False
    if team in [g[0] for g in game.s["guesses"]]:
        return False
    waiting = turn(game)
    return waiting is None or waiting == team


def view(net, game, team, now):
    """What team `team`'s phone shows (a JSON-able dict)."""
    s = game.s
    at = stage(game)
    if at != "door":
        net.kept.pop("door", None)  # (_door's, for the door open)
    out = {
        "kind": "saywhen",
        "stage": at,
        "where": where(game),
        "teams": game.names,
        "quizzer": s["quizzer"],
        "mode": game.mode(),
        "scores": s["scores"],
    }
    if at == "won":
        out["winner"] = s["winner"]
        return out
    card = game.card()
    guesses = s["guesses"]
    secret = at in ("guess", "choice") and turn(game) is None
    out["question"] = card[sw.QUESTION]
    out["unit"] = card[sw.UNIT]
    out["order"] = game.order()
    out["turn"] = turn(game) if at == "guess" else None
    out["locked"] = [g[0] for g in guesses]
    out["guesses"] = [g for g in guesses if g[0] == team] if secret else guesses
    out["can_guess"] = may_guess(game, team)
    if at == "door":
        _door(net, game, card, out)
    return out


def _door(net, game, card, out):
    """The door open: the answer, and each team's points and why, the card scored once for
    the looks of every phone (net.kept["door"]), not at each: at the door the heap is the
    fullest of a turn, and a look that scored it again found no room (phones' fuzz, seed
    101 at 144 KB). Made again when what scores it changes: the card, the Quizzer's
    verdicts, the guesses, Sudden Death. In a dict of its own (out["door"]): the view's
    table of keys stays at 17 slots, where 20 took one block of 368 bytes."""
    s = game.s
    key = (s["played"], len(s["guesses"]), s["judge"], s["sudden"])
    kept = net.kept.get("door")
    if kept is None or kept[0] is not s or kept[1] != key:
        net.kept.pop("door", None)  # the old one goes first: room for the new
        key = (key[0], key[1], _copied(key[2]), _copied(key[3]))  # (lists the game may change)
        kept = net.kept["door"] = (s, key, _scored(game, card))
    out["door"] = kept[2]


def _copied(value):
    return None if value is None else [v[:] if type(v) is list else v for v in value]


def _scored(game, card):
    n = game.n()
    if game.s["sudden"]:  # the closest of the tied teams: a point each, no reasons to add up
        points = game.points()
        scored = [points.get(t, 0) for t in range(n)]
        why = [[["closest", 1]] if t in points else [] for t in range(n)]
    else:
        reasons = game.why()
        scored = [reasons[t][0] if t in reasons else 0 for t in range(n)]
        why = [_steps(reasons[t][1]) if t in reasons else [] for t in range(n)]
    return {
        "answer": card[sw.ANSWER],
        "low": card[sw.LOW],
        "high": card[sw.HIGH],
        "as_of": card[sw.AS_OF],
        "points": scored,
        "why": why,
    }


def _steps(steps):
    return [[reason, points] for reason, points in steps]


def decimal(text):
    """The guess as the number editor writes it ("-3.5", "5500000000"), or None if `text`
    is not a decimal number: no leading zeros, no trailing zeros after the point."""
    if type(text) is not str or not 0 < len(text) <= _MOST:
        return None
    sign = "-" if text[:1] == "-" else ""
    whole, dot, frac = text[len(sign) :].partition(".")
    # strip(), not a loop over the characters: a loop would intern each one it makes
    if not whole or whole.strip(_DIGITS) or dot and (not frac or frac.strip(_DIGITS)):
        return None
    whole = whole.lstrip("0") or "0"
    frac = frac.rstrip("0")
    number = whole + ("." + frac if frac else "")
    return number if number == "0" else sign + number


def act(net, game, team, message, now):
    """A team's guess from its phone, {"guess": "1500000"} or {"guess": None} to pass:
    None once recorded, else (HTTP status, why not)."""
    if "guess" not in message:
        return 409, "nothing to do on this screen"
    if not may_guess(game, team):
        return 409, "not this team's guess now"
    value = message["guess"]
    if value is not None:
        value = decimal(value)
        if value is None:
            return 400, "a guess is a decimal number"
    game.guess(team, value)
    net.app.save_session()
    net.app.redraw()  # who has locked in
    return None
