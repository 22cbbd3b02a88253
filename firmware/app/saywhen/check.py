"""Say When!'s check of a saved game (game.SayWhen.check), read at a game's start only and
let go with its first part (play.PARTS): no screen has any use for it after that."""

from micropython import const

from app import saved
from app.saved import fields, need
from games import saywhen as rules

_DIGITS = const("0123456789")


def check(game, keys, cards, judge_kinds):
    """Raises DamagedSave unless every field of `game`'s saved state holds together: its
    type, its range, and with the deck and the players (undo's copy too). The game hands in
    its constants (this module imports not the one that imports it): the keys a scoring
    changes (and undo keeps), the cards in a game, the kinds of quick judging."""
    s, n, count = game.s, len(game.names), game.deck.count
    need(fields(s, keys + ("cards", "rng", "undo")) and n >= 2)
    need(saved.counts(s["cards"], count - 1, cards) and saved.count(s["rng"], 0xFFFFFFFF))
    _check_play(s, n, count, cards, judge_kinds)
    undo = s["undo"]
    if undo is not None:
        need(fields(undo, keys))
        _check_play(undo, n, count, cards, judge_kinds)


def _check_play(s, n, count, cards, judge_kinds):
    """The fields a scoring changes (and undo keeps a copy of)."""
    sudden, winner = s["sudden"], s["winner"]
    need(
        saved.count(s["played"], cards)
        and saved.count(s["quizzer"], n - 1)
        and saved.counts(s["scores"], 999, n)
        and (winner is None or saved.count(winner, n - 1) and sudden is None)
        and saved.counts(s["extra"], count - 1)
        and len(s["extra"]) <= count
        and s["mode"] in (None, rules.SECRET, rules.OPEN)
        and type(s["door"]) is bool
        and (sudden is None or saved.counts(sudden, n - 1) and s["extra"])
        and (sudden is None or len(set(sudden)) == len(sudden))
        and (sudden is not None or winner is not None or s["played"] < cards)
        and type(s["guesses"]) is list
    )
    if sudden:
        need(len(sudden) >= 2)
    order = [t for t in rules.guess_order(n, s["quizzer"]) if not sudden or t in sudden]
    guessed = []
    for g in s["guesses"]:
        need(type(g) is list and len(g) == 2 and g[0] in order and g[0] not in guessed)
        need(g[1] is None or _is_number(g[1]))
        guessed.append(g[0])
    judge = s["judge"]
    if judge is not None:
        need(type(judge) is list and judge)
        judged = []
        for j in judge:
            need(type(j) is list and len(j) == 2 and j[0] in order and j[0] not in judged)
            need(j[1] in judge_kinds)
            judged.append(j[0])


def _is_number(text):
    """Whether text is a guess as the number editor writes one: "-12.5", "1500000"."""
    if type(text) is not str or not 0 < len(text) <= 24:
        return False
    whole, dot, frac = text[1:].partition(".") if text[:1] == "-" else text.partition(".")
    # strip(), not a loop over the characters: a loop would intern each one it makes
    return whole and not whole.strip(_DIGITS) and (not dot or frac and not frac.strip(_DIGITS))
