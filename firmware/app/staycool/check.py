"""Stay Cool's check of a saved game (game.StayCool.check), read at a game's start only and
let go with its first part (play.PARTS): no screen has any use for it after that."""

from micropython import const

from app import saved
from app.saved import need

_LONGEST_MS = const(120_000)  # a turn's sand: four glasses of PERIOD_MS at most
_PRESSES = const(("correct", "skip", "timer"))
_KEYS = const(("round", "turn", "scores", "cards", "rng", "phase", "last", "live"))


def check(game, phases, kinds, most, rounds):
    """Raises DamagedSave unless every field of `game`'s saved state holds together: its
    type, its range, and with the players and the rules. The game hands in its constants
    (this module imports not the one that imports it): the phases (ready, running, over),
    the kinds of question, the most questions on a card of each, the rounds."""
    s, n = game.s, len(game.names)
    s.setdefault("live", None)  # saved before turns could be paused
    need(saved.fields(s, _KEYS) and n >= 3)
    cards, last, live = s["cards"], s["last"], s["live"]
    need(
        s["round"] in (1, 2, 3)
        and saved.count(s["turn"], n - 1)
        and s["phase"] in phases
        and saved.count(s["rng"], 0xFFFFFFFF)
        and type(s["scores"]) is list
        and len(s["scores"]) == n
        and all(saved.counts(r, 80, rounds) for r in s["scores"])
        and (cards is None or saved.counts(cards, 9999, 2))
        and (last is None or saved.counts(last, 20, 4))
        and (live is None or s["phase"] == phases[1])
    )
    if last is not None:
        need(last[0] < n and 1 <= last[1] <= 3 and last[2] <= most[0])
    if live is not None:
        need(type(live) is list and len(live) == 2 and saved.count(live[0], _LONGEST_MS))
        need(type(live[1]) is list and len(live[1]) <= 2 * sum(most))
        at = 0
        for press in live[1]:
            need(type(press) is list and len(press) == 3 and press[0] in _PRESSES)
            need(press[1] in kinds if press[0] != "timer" else press[1] is None)
            need(saved.count(press[2], live[0]) and press[2] >= at)
            at = press[2]
