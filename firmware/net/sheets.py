"""Scattergories from the phones: a player's sheet, a challenge, a vote (POST /api/act).

What each means, and what the phones then see, is net.scattergories'. This is imported
for a phone's act alone (net.phones) and let go with its answer, so that a look, the most
frequent request, never loads it; nor does an act load the view: the two small helpers
both need are in each (the same in both: a sheet is sent at every field typed, and the
heap of a round, four sheets and all, has no room for both modules at once).
"""


def _round(app):
    """(the Scattergories model behind the screens, the round's countdown or None)."""
    game = clock = None
    for screen in app.stack:
        game = getattr(screen, "game", None) or game
        clock = getattr(screen, "cd", None) or clock  # round.Play's, while the timer is on
    return game, clock


def _writing(game, clock, now):
    """Whether answers may still be written: the round is on and its time is not up."""
    return game.s["phase"] == "play" and (clock is None or clock.remaining(now) > 0)


def act(app, team, message, now):
    """A player's sheet, a challenge or a vote from their phone: None once done, else
    (HTTP status, why not)."""
    game, clock = _round(app)
    if game is None:
        return 409, "nothing to do on this screen"
    s = game.s
    if "answers" in message:
        refused = _answers(game, clock, team, message["answers"], now)
    elif "challenge" not in message and "vote" not in message:
        return 400, "answers, challenge or vote"
    elif s["phase"] != "score":
        return 409, "not before time's up"
    elif "challenge" in message:
        refused = _challenge(game, team, message["challenge"])
    else:
        refused = _vote(app, game, team, message["vote"])
    if refused is None:
        app.save_session()  # the sheets too while the clock runs: as a pause is saved
    return refused


def _answers(game, clock, team, answers, now):
    from app.scattergories import game as sg

    if not _writing(game, clock, now):
        return 409, "time's up"
    if type(answers) is not list or len(answers) != sg.CATEGORIES:
        return 400, "12 answers"
    if not all(sg.fit(a) for a in answers):
        return 400, "an answer is printable text, 24 characters at most"
    sheets = game.s.get("sheets") or [[] for _ in game.names]
    sheets[team] = answers
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
        or not sheets[player][category].strip()
        or [player, category] in [c[:2] for c in s["challenges"]]
    ):
        return 409, "not this answer now"
    s["vote"] = [player, category, []]
    return None


def _vote(app, game, team, accept):
    s = game.s
    vote = s.get("vote")
    if type(accept) is not bool:
        return 400, "a vote is true (accept) or false (reject)"
    if vote is None or team in [v[0] for v in vote[2]]:
        return 409, "no vote of this player's now"
    player, category, votes = vote
    # Nothing changes until all that takes the heap is done: a MemoryError then leaves the
    # vote uncounted, and the phone votes again (503); counted, a second would be refused.
    tally = votes + [[team, accept]]
    voted = [v[0] for v in tally]
    if not all(p in voted for p in app.net.phones()):
        vote[2] = tally
        return None
    accepted = game.challenge(player, category, tally)  # every phone has voted: decided
    del s["vote"]
    app.redraw()  # the points on the device
    # For the phones to show how the vote went (not saved: the verdict is, with the game):
    # the game's state, [player, category, votes, accepted]. On the Net: this module is
    # let go after each request.
    try:
        app.net.kept["last"] = (s, [player, category, tally, accepted])
    except MemoryError:
        pass  # decided all the same: the phones see it in the points
    return None
