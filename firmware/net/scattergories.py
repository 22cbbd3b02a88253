"""Scattergories on the phones: each player's answer sheet, then every sheet scored; and
what a phone does: its sheet, a challenge, a vote (POST /api/act).

While the round's timer runs, a player's phone shows the letter, the list and the time
left, with 12 answer fields; it sends the whole sheet as it is typed ({"answers": [12
strings]}), kept in the saved game (app/scattergories_game.py: "sheets"), so a power cut
keeps it. At time's up the fields lock (a sheet sent later is refused: 409) and the rules
score the phones' sheets (games.scattergories: matches and wrong first letters cross
themselves out). Only then does every phone see every sheet, each answer marked.

A challenge is raised from a phone on another player's answer ({"challenge": [player,
category]}), and voted on the phones ({"vote": true} accept, false reject), the challenged
player too; once every phone has voted the majority decides, a tie striking out the
challenged player's own vote, as on the device (Scattergories.challenge). {"challenge":
null} withdraws it (a phone gone flat). Players on paper type their points and challenge
on the device, as before: the rules give 0 to a sheet they never see.

The round's countdown is the model's `clock` once its screen has made it, and `rolling`
says whether the die is still on show (its letter not seen at the table yet).
"""

from micropython import const

from app import scattergories as hub
from app.scattergories_game import CATEGORIES, Sheet, fit
from games import scattergories as rules

_BLANK = const("")
# Why an answer scores nothing, as the phones show it.
_MATCH = const("match")  # another player has it too
_LETTER = const("letter")  # it does not begin with the letter
_REPEAT = const("repeat")  # the same player scored it already, in an earlier category
_REJECTED = const("rejected")  # voted out in a challenge
_OK = const("ok")


def _letter_shown(game):
    """The round's letter once the device shows it: not while its die still rolls."""
    phase = game.s["phase"]
    if phase == "roll":
        return None if game.rolling else game.letter()
    return game.letter() if phase in ("play", "score") else None


def _writing(game, now):
    """Whether answers may still be written: the round is on and its time is not up."""
    clock = game.clock
    return game.s["phase"] == "play" and (clock is None or clock.remaining(now) > 0)


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


def view(net, game, team, now):
    """What player `team`'s phone shows (a JSON-able dict)."""
    s = game.s
    phase = s["phase"]
    clock = game.clock
    out = {
        "kind": "scattergories",
        "stage": phase,
        "where": hub.where(game),
        "players": game.names,
        "list": game.list_no() if phase in ("roll", "play", "score") else None,
        "letter": _letter_shown(game),
        "scores": s["scores"],
        "totals": game.totals(),
    }
    if out["list"] is not None:
        out["categories"] = game.categories()
    if phase == "play":
        out["left"] = clock.remaining(now) if clock is not None else s["left"]
        out["running"] = clock is not None and clock.running
        sheets = s.get("sheets")  # its own only: the others' are hidden till time's up
        out["answers"] = sheets[team] if sheets else ""
        out["can_write"] = _writing(game, now)
    elif phase == "score":
        score(net, game, team, out)
    elif phase == "won":
        out["winners"] = game.winners()
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


# -- what a phone does ---------------------------------------------------------------


def act(net, game, team, message, now):
    """A player's sheet, a challenge or a vote from their phone: None once done, else
    (HTTP status, why not)."""
    s = game.s
    if "answers" in message:
        refused = _answers(game, team, message["answers"], now)
    elif "challenge" not in message and "vote" not in message:
        return 400, "answers, challenge or vote"
    elif s["phase"] != "score":
        return 409, "not before time's up"
    elif "challenge" in message:
        refused = _challenge(game, team, message["challenge"])
    else:
        refused = _vote(net, game, team, message["vote"])
    if refused is None:
        net.app.save_session()  # the sheets too while the clock runs: as a pause is saved
    return refused


def _answers(game, team, answers, now):
    if not _writing(game, now):
        return 409, "time's up"
    if type(answers) is not list or len(answers) != CATEGORIES:
        return 400, "12 answers"
    if not all(fit(a) for a in answers):
        return 400, "an answer is printable text, 24 characters at most"
    sheets = game.s.get("sheets") or [""] * len(game.names)
    sheets[team] = "\n".join(answers)  # as the game keeps a sheet (Sheet)
    game.s["sheets"] = sheets
    return None


def _challenge(game, team, which):
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


def _vote(net, game, team, accept):
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
