"""Scattergories at a game's start: a new game's state (game.Scattergories.fresh) and the
check of a saved one (game.Scattergories.check). Read only then, and let go with the
game's first part (play.PARTS): no screen has any use for either after that."""

from micropython import const

from app import saved
from app.saved import need
from games import scattergories as rules

_PHASES = const(("pick", "roll", "play", "score", "totals", "won"))
_LONGEST_MS = const(3_600_000)  # a round's timer: the settings give at most 10 minutes
_KEYS = const(
    (
        "seed",
        "rounds",
        "ms",
        "phase",
        "lists",
        "letters",
        "faces",
        "rng",
        "left",
        "points",
        "challenges",
        "scores",
    )
)


def check(game, categories, fit):
    """Raises DamagedSave unless every field of `game`'s saved state holds together: its
    type, its range, and with the deck, the players and the phase. The game hands in what
    this module would otherwise import from the one that imports it: how many categories
    a list has, and the test of an answer typed on a phone (game.fit)."""
    s, n = game.s, len(game.names)
    need(saved.fields(s, _KEYS) and n >= 2)
    rounds, scores, ms, phase = s["rounds"], s["scores"], s["ms"], s["phase"]
    need(
        saved.count(rounds, 20)
        and rounds >= 1
        and saved.count(ms, _LONGEST_MS)
        and ms > 0
        and phase in _PHASES
        and saved.count(s["seed"], 0xFFFFFFFF)
        and saved.count(s["rng"], 0xFFFFFFFF)
        and (s["left"] is None or saved.count(s["left"], ms))
        and saved.counts(s["points"], categories, n)
        and type(scores) is list
        and all(saved.counts(row, categories, n) for row in scores)
        and saved.counts(s["lists"], game.deck.count)
        and _letters(s["letters"])
        and _letters(s["faces"])
        and type(s["challenges"]) is list
    )
    done = len(scores)
    in_round = phase in ("roll", "play", "score")
    need(
        len(s["lists"]) == len(s["letters"]) == done + (1 if in_round else 0)
        and 0 not in s["lists"]
        and len(s["faces"]) <= 61
        and (done == rounds) == (phase == "won")
        and done <= rounds
        and (phase != "totals" or done >= 1)
    )
    _check_play(s, n, categories, fit)


def _check_play(s, n, categories, fit):
    """What the round's play left: its challenges, the answers typed on phones and a vote
    on one of them. (A function of its own: the check in one piece would need a block of
    the heap of 730 bytes, which a game's start may no longer find.)"""
    for c in s["challenges"]:
        need(type(c) is list and len(c) == 3 and saved.count(c[0], n - 1))
        need(saved.count(c[1], categories - 1) and type(c[2]) is bool)
    sheets = s.get("sheets")
    need(sheets is None or type(sheets) is list and len(sheets) == n)
    for answers in sheets or ():
        need(type(answers) is list and len(answers) in (0, categories))
        need(all(fit(a) for a in answers))
    vote = s.get("vote")
    if vote is not None:  # a challenge of an answer on a phone, being voted
        need(s["phase"] == "score" and type(vote) is list and len(vote) == 3)
        player, category, votes = vote
        need(saved.count(player, n - 1) and saved.count(category, categories - 1))
        need(sheets and sheets[player] and sheets[player][category])
        need(type(votes) is list)
        for v in votes:
            need(type(v) is list and len(v) == 2 and saved.count(v[0], n - 1))
            need(type(v[1]) is bool)
        need(len(set(v[0] for v in votes)) == len(votes))  # one vote each


def _letters(text):
    """Whether text is a string of the die's letters (strip, not a loop: no single-letter
    strings are made, and so none interned)."""
    return type(text) is str and not text.strip(rules.LETTERS)
