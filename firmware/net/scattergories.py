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
on the device, as before: the rules give 0 to a sheet they never see. The marks, the
challenges and the votes are net/scattergories_score.py's, loaded from time's up.

The round's countdown is the model's `clock` once its screen has made it, and `rolling`
says whether the die is still on show (its letter not seen at the table yet).
"""

from app.scattergories_board import where
from app.scattergories_game import CATEGORIES, fit


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


def view(net, game, team, now):
    """What player `team`'s phone shows (a JSON-able dict)."""
    s = game.s
    phase = s["phase"]
    clock = game.clock
    out = {
        "kind": "scattergories",
        "stage": phase,
        "where": where(game),
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
        from net.scattergories_score import score  # (the scoring's: loaded from time's up)

        score(net, game, team, out)
    elif phase == "won":
        out["winners"] = game.winners()
    return out


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
        from net.scattergories_score import challenge

        refused = challenge(game, team, message["challenge"])
    else:
        from net.scattergories_score import vote

        refused = vote(net, game, team, message["vote"])
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
