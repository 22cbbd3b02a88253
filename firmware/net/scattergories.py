"""Scattergories on the phones: each player's answer sheet, then every sheet scored.

While the round's timer runs, a player's phone shows the letter, the list and the time
left, with 12 answer fields; it sends the whole sheet as it is typed ({"answers": [12
strings]}), kept in the saved game (app/scattergories/game.py: "sheets"), so a power cut
keeps it. At time's up the fields lock (a sheet sent later is refused: 409) and the rules
score the phones' sheets (games.scattergories: matches and wrong first letters cross
themselves out). Only then does every phone see every sheet, each answer marked.

A challenge is raised from a phone on another player's answer ({"challenge": [player,
category]}), and voted on the phones ({"vote": true} accept, false reject), the challenged
player too; once every phone has voted the majority decides, a tie striking out the
challenged player's own vote, as on the device (Scattergories.challenge). {"challenge":
null} withdraws it (a phone gone flat). Players on paper type their points and challenge
on the device, as before: the rules give 0 to a sheet they never see.

Imported for each request of a phone in a Scattergories game (net.phones, on a board
with Wi-Fi) and let go with its answer; the game's screens are found through the App's
stack, so none of them is kept loaded here. What a phone does (its sheet, a challenge, a
vote) is net.sheets, imported for an act alone: a look, the most frequent request, loads
only the view, and the view of every sheet scored is the heaviest of the games'. The two
helpers both need (_round, _writing) are in each, the same.
"""

from micropython import const

_BLANK = const("")
# Why an answer scores nothing, as the phones show it.
_MATCH = const("match")  # another player has it too
_LETTER = const("letter")  # it does not begin with the letter
_REPEAT = const("repeat")  # the same player scored it already, in an earlier category
_REJECTED = const("rejected")  # voted out in a challenge
_OK = const("ok")


def _round(app):
    """(the Scattergories model behind the screens, the round's countdown or None)."""
    game = clock = None
    for screen in app.stack:
        game = getattr(screen, "game", None) or game
        clock = getattr(screen, "cd", None) or clock  # round.Play's, while the timer is on
    return game, clock


def _letter_shown(app, game):
    """The round's letter once the device shows it: not while its die still rolls."""
    phase = game.s["phase"]
    if phase == "roll":
        return None if getattr(app.screen, "animate", False) else game.letter()
    return game.letter() if phase in ("play", "score") else None


def _writing(game, clock, now):
    """Whether answers may still be written: the round is on and its time is not up."""
    return game.s["phase"] == "play" and (clock is None or clock.remaining(now) > 0)


def marks(game, sheets):
    """Each answer's mark: "ok" (it scores), "" (blank), or why it scores nothing. A row
    at a time, with no key of the others' kept: the looks after a verdict find the heap
    a round with four phones has left."""
    from games import scattergories as rules

    letter = game.letter()
    rejected = [c[:2] for c in game.s["challenges"] if not c[2]]
    out = []
    for p, answers in enumerate(sheets):
        scored = rules.points(sheets, letter, rejected, p)
        row = []
        for c, answer in enumerate(answers):
            key = rules.match_key(answer)
            if scored[c]:
                row.append(_OK)
            elif not key:
                row.append(_BLANK)
            elif [p, c] in rejected:
                row.append(_REJECTED)
            elif not rules.starts_with(answer, letter):
                row.append(_LETTER)
            elif rules._given_by_another(None, p, c, key, sheets):
                row.append(_MATCH)
            else:
                row.append(_REPEAT)
        out.append(row)
    return out


def view(app, team):
    """What player `team`'s phone shows (a JSON-able dict), or None off the game."""
    from app.scattergories import play as hub

    game, clock = _round(app)
    if game is None:
        return None
    s = game.s
    phase = s["phase"]
    now = app.now
    out = {
        "kind": "scattergories",
        "stage": phase,
        "where": hub.where(game),
        "players": game.names,
        "list": game.list_no() if phase in ("roll", "play", "score") else None,
        "letter": _letter_shown(app, game),
        "scores": s["scores"],
        "totals": game.totals(),
    }
    if out["list"] is not None:
        out["categories"] = game.categories()
    if phase == "play":
        out["left"] = clock.remaining(now) if clock is not None else s["left"]
        out["running"] = clock is not None and clock.running
        sheets = s.get("sheets")  # its own only: the others' are hidden till time's up
        out["answers"] = sheets[team] if sheets else []
        out["can_write"] = _writing(game, clock, now)
    elif phase == "score":
        score(app, game, team, out)
    elif phase == "won":
        out["winners"] = game.winners()
    return out


def score(app, game, team, out):
    """The view at time's up (a function of its own, as the import of a module needs its
    largest function's code in one piece): every sheet, scored and marked."""
    s = game.s
    sheets = out["sheets"] = s.get("sheets") or [[] for _ in game.names]
    # The marks change only with a challenge decided: worked out once for the looks of
    # every phone, not at each.
    kept = app.net.kept.get("marks")
    decided = len(s["challenges"])
    if kept is None or kept[0] is not s or kept[1] != decided:
        app.net.kept.pop("marks", None)  # the old ones go first: room for the new
        kept = app.net.kept["marks"] = (s, decided, marks(game, sheets))
    out["marks"] = kept[2]
    out["points"] = s["points"]
    out["challenges"] = s["challenges"]
    vote = s.get("vote")
    out["vote"] = vote
    out["can_vote"] = vote is not None and team not in [v[0] for v in vote[2]]
    last = app.net.kept.get("last")  # the last challenge decided on the phones (_vote)
    out["last"] = last[1] if last is not None and last[0] is s else None
