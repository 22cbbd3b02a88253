"""What Scattergories' screens show (the host board's debug hook: screens.py)."""

from screens import shown


def view(app, screen, kind):
    game = screen.game
    s = game.s
    # fmt: off
    out = shown(kind, (
        "Pick", "pick",
        "Roll", "roll",
        "Play", "play",
        "TimeUp", "timeup",
        "Score", "score",
        "Challenge", "challenge",
        "Totals", "totals",
        "Win", "won",
        "ListView", "list",
    ))
    # fmt: on
    out["now"] = app.now
    out["round"] = game.round_no()
    out["rounds"] = s["rounds"]
    out["phase"] = s["phase"]
    out["list"] = game.list_no()
    out["letter"] = game.letter()
    out["letters"] = s["letters"]
    out["lists"] = s["lists"]
    out["points"] = s["points"]
    out["scores"] = s["scores"]
    out["totals"] = game.totals()
    if kind == "Play":
        cd = screen.cd
        out["left"] = cd.remaining(app.now)
        out["running"] = cd.running
        out["started"] = cd.since
        out["deadline"] = screen.deadline(app)
        out["page"] = screen.page
    elif kind == "Score":
        out["selected"] = screen.sel
        out["challenges"] = s["challenges"]
    elif kind == "Challenge":
        out["stage"] = screen.stage
        out["player"] = screen.player
        out["category"] = screen.category
        out["ballots"] = screen.ballots
        out["accepted"] = screen.accepted() if screen.stage == "result" else None
    elif kind == "Win":
        out["winners"] = game.winners()
    elif kind == "Pick":
        out["choice"] = screen.number
    return out
