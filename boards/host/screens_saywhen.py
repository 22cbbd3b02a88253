"""What Say When!'s screens show (the host board's debug hook: screens.py)."""

from screens import shown


def view(app, screen, kind):
    game = screen.game
    s = game.s
    # fmt: off
    out = shown(kind, (
        "Turn", "question",
        "Guess", "guess",
        "Review", "review",
        "Door", "door",
        "Judge", "judge",
        "Scores", "scores",
        "Win", "won",
    ))
    # fmt: on
    out["card"] = s["played"] + 1
    # Which question (never on screen); none once the game is won.
    out["deck_index"] = None if s["winner"] is not None else game.card_index()
    out["quizzer"] = s["quizzer"]
    out["mode"] = game.mode()
    out["scores"] = s["scores"]
    out["sudden"] = s["sudden"]
    out["winner"] = s["winner"]
    if kind == "Guess":
        out["team"] = screen.team_no
        out["entry"] = screen.ed.value()
    return out
