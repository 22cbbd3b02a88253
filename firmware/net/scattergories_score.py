"""Scattergories on the phones from time's up: every sheet scored and marked, and a
challenge raised and voted from a phone (net/scattergories.py has the round's side and
hands these over; loaded only once the round's time is up, so that the round's heap,
shared with four phones' sheets, holds none of it: docs/memory.md).
"""

from micropython import const

from app.scattergories_game import Sheet
from games import scattergories as rules

_BLANK = const("")
# Why an answer scores nothing, as the phones show it.
_MATCH = const("match")  # another player has it too
_LETTER = const("letter")  # it does not begin with the letter
_REPEAT = const("repeat")  # the same player scored it already, in an earlier category
_REJECTED = const("rejected")  # voted out in a challenge
_OK = const("ok")


def marks(game, sheets):
    """Each answer's mark: "ok" (it scores), "" (blank), or why it scores nothing, in the
    rules' `sheets` (the game's sheets()). A row at a time."""
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
            elif rules.given_by_another(p, c, key, sheets):
                row.append(_MATCH)
            else:
                row.append(_REPEAT)
        out.append(row)
    return out


def score(net, game, team, out):
    """The view at time's up: every sheet, scored and marked."""
    s = game.s
    out["sheets"] = s.get("sheets") or [""] * len(game.names)
    # The marks change only with a challenge decided: worked out once for the looks of
    # every phone, not at each.
    kept = net.kept.get("marks")
    decided = len(s["challenges"])
    if kept is None or kept[0] is not s or kept[1] != decided:
        net.kept.pop("marks", None)  # the old ones go first: room for the new
        kept = net.kept["marks"] = (s, decided, marks(game, game.sheets()))
    out["marks"] = kept[2]
    out["points"] = s["points"]
    out["challenges"] = s["challenges"]
    out["asked"] = game.asked  # one typed on the device, voted at the table
    vote = s.get("vote")
    out["vote"] = vote
    out["can_vote"] = vote is not None and team not in [v[0] for v in vote[2]]
    last = net.kept.get("last")  # the last challenge decided on the phones (_vote)
    out["last"] = last[1] if last is not None and last[0] is s else None


def challenge(game, team, which):
    """[player, category]: a challenge of another player's answer on a phone, once each;
    None: the one being voted withdrawn."""
    s = game.s
    if which is None:
        if "vote" not in s:
            return 409, "no challenge now"
        del s["vote"]
        return None
    if type(which) is not list or len(which) != 2 or not all(type(x) is int for x in which):
        return 400, "a challenge is [player, category]"
    player, category = which
    sheets = s.get("sheets") or ()
    if not (0 <= player < len(sheets) and 0 <= category < len(game.categories())):
        return 400, "no such answer"
    if (
        "vote" in s
        or player == team
        or not sheets[player]
        or not Sheet(sheets[player])[category].strip()
        or [player, category] in [c[:2] for c in s["challenges"]]
    ):
        return 409, "not this answer now"
    s["vote"] = [player, category, []]
    return None


def vote(net, game, team, accept):
    s = game.s
    vote = s.get("vote")
    if type(accept) is not bool:
        return 400, "a vote is true (accept) or false (reject)"
    if vote is None or team in [v[0] for v in vote[2]]:
        return 409, "no vote of this player's now"
    player, category, votes = vote
    tally = votes + [[team, accept]]
    voted = [v[0] for v in tally]
    if not all(p in voted for p in net.phones()):
        vote[2] = tally
        return None
    accepted = game.challenge(player, category, tally)  # every phone has voted: decided
    del s["vote"]
    net.app.redraw()  # the points on the device
    # For the phones to show how the vote went (not saved: the verdict is, with the game):
    # the game's state, [player, category, votes, accepted].
    net.kept["last"] = (s, [player, category, tally, accepted])
    return None
