"""Stay Cool on the device: the sand timer, the Timer Card and the score pad.

The screen faces the Interrogators and the Timekeeper, never the active player, who
watches the ring. Each turn: a start screen (who holds which role, the first written
question); C or GO once that question has been read flips the glass onto 1; the turn
screen shows the current written and verbal questions with their answers
(turn.py); then written value x verbal value (score.py, where the start screen is too). After round
3, the winner(s). During the turn:
    A  written right (hold: skip it)        B  verbal right (hold: skip it)
    C or GO  "Timer!" (hold: pause)         DOWN  undo the last press
A wrong answer needs no button: the question is asked again.

This module is the hub: it resumes a game where it stands and loads the part of the
screens each moment needs (the turn, or what comes between turns), letting the other go.
"""

from micropython import const

from app import gamescreen, layout, screen
from app.staycool import game as sc
from games import staycool as rules

# The parts, one loaded at a time, and what only some moments need: app.played a deal
# (sc.StayCool.deal), staycool.check a game's start, staycool.scores the scoreboard. Each
# goes when the next part loads.
PARTS = (
    "app.staycool.turn",
    "app.staycool.score",
    "app.won",
    "app.played",
    "app.staycool.check",
    "app.staycool.scores",
)
KIND = ("Written", "Verbal")
VALUES = (rules.WRITTEN_VALUES, rules.VERBAL_VALUES)
# The winners' screen (app/won.py): the title 4 px under the bar (1 px under each line),
# the totals 2 px under it (or under the tie-break's line) in small type, three spaces
# between them.
_WON = const((4, 1, 2, "small", "   ", " and "))


def card_number(k, i, total):
    return "%s %d/%d" % (KIND[k][0], i + 1, total)


def draw_question(g, qa, x, y, width, tag=""):
    """A question in body type (small if it needs two lines), its answer in small type
    under it with `tag` at the right; returns the y below them."""
    q, a = qa
    if g.width(q, "body") <= width:
        g.text(q, x, y, "body")
        y += layout.BODY
    else:
        for line in g.wrap(q, "small", width)[:2]:
            g.text(line, x, y, "small")
            y += layout.SMALL - 1
    room = width
    if tag:
        room -= g.width(tag, "small") + 6
        g.right(tag, x + width, y, "small")
    g.text(g.fit("→ " + a, "small", room), x, y, "small")
    return y + layout.SMALL - 1


def start(app, now):
    return gamescreen.start(app, "Stay Cool", now, sc.StayCool, None, first)


def first(app, game, now):
    """Where the game stands, once what a power cut left is put right: a turn kept paused
    comes back paused, a turn cut short starts again from its start, and a turn to come
    gets its cards if it has none (saved then)."""
    if game.s["phase"] == sc.RUNNING and game.s["live"] is not None:
        game.total(0)  # its cards are read here, where a damaged deck is caught
        game.total(1)
        return screen.part(PARTS, "app.staycool.turn", "Play", game, now)
    if game.s["phase"] == sc.RUNNING:
        game.restart_turn()
        app.save_session()
    elif game.s["phase"] != sc.OVER and game.needs_cards():
        game.deal()
        app.save_session()
    return view(game)


def view(game):
    """The screen for where the game stands: what a resumed game shows first."""
    if game.s["phase"] != sc.OVER:
        return screen.part(PARTS, "app.staycool.score", "Start", game)
    totals, winners = game.totals(), game.winners()
    best = totals[winners[0]]
    note = "tied on %d: more points in round 3" % best if totals.count(best) > len(winners) else ""
    bar = ("Stay Cool", "game over")
    return screen.part(PARTS, "app.won", "Win", game, bar, _WON, note, "Scores", won)


def won(app, game, now):
    """C on the winners' screen: the scores (loaded beside the winners' for this, and let
    go with it)."""
    from app.staycool.scores import Scores

    app.push(Scores(game), now)
