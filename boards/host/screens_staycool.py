"""What Stay Cool's screens show (the host board's debug hook: screens.py)."""

from screens import shown


def view(app, screen, kind):
    game = screen.game
    s = game.s
    # fmt: off
    out = shown(kind, (
        "Start", "start",
        "Play", "turn",
        "End", "end",
        "Fix", "fix",
        "Scores", "scores",
        "Win", "won",
    ))
    # fmt: on
    a, w, v, t = game.roles()
    out["round"] = s["round"]
    out["phase"] = s["phase"]
    out["roles"] = {"active": a, "written": w, "verbal": v, "timekeeper": t}
    out["cards"] = s["cards"]
    out["scores"] = s["scores"]
    out["totals"] = game.totals()
    if kind == "Play":
        live, now = screen.live, app.now
        turn = live.turn
        out["active"] = s["turn"]
        out["started"] = live.start
        out["position"] = turn.position
        out["written"] = turn.written
        out["verbal"] = turn.verbal
        out["skipped"] = turn.skipped
        out["paused"] = live.paused()
        out["left"] = live.left(now)
        out["deadline"] = live.deadline(now)
    elif kind == "End":
        from games import staycool as rules

        p, r, w, v = s["last"]
        out["player"], out["turn_round"], out["ended_at"] = p, r, screen.ended_at
        out["written"], out["verbal"] = w, v
        out["values"] = [rules.WRITTEN_VALUES[w], rules.VERBAL_VALUES[v]]
        out["score"] = rules.turn_score(w, v)
    elif kind == "Fix":
        out["selected"] = screen.sel
    elif kind == "Win":
        out["winners"] = game.winners()
    return out
