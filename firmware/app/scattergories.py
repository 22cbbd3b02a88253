"""Scattergories on the device: the letter die, the timer and the score pad, mid-table.

A round: pick the list (Pick; between rounds it also shows the running totals), roll the
die (Roll), write against the ring's countdown (Play): app/scattergories_round.py; then
time's up, the points, the challenges typed on the device and the totals:
app/scattergories_score.py (what both draw: app/scattergories_board.py). This module
shows where the game stands, with the screens of the side it is on, and the game goes on
from its save between the sides (gamescreen.turn). The state is the model's
(app/scattergories_game.py), saved at every boundary and never while the timer runs: a
flash write stalls the RP2040.

The die: the ring spins like a die and settles on a face; the e-ink shows the letter
huge. A face already used in this game is crossed out ("already used in round N: rolling
again") and the die is thrown again, as the rulebook says, until a fresh letter comes up.
The faces come from LetterDie.throw() (games.scattergories), saved before the show
begins, so a power cut can never roll a round's letter twice.

The writing time: the 12 categories, four to a page, while the ring counts down:
warnings at 1:00 and 0:30, a tick each of the last ten seconds, the end buzzer; a long
press pauses and resumes. Without a ring the bar shows the time left in coarse steps (a
board without a buzzer blinks the cues on its LED: app.tone). Nothing is saved while the
clock runs.

After the timer, the table reads its answers out and crosses out matches on paper; the
device keeps the points. Each player's points for the round are typed with UP/DOWN (B
moves on); a challenge typed on the device is voted player by player; a rejected answer
takes a point off. Answers typed on phones (net/scattergories.py) come here scored by the
rules: a player on a phone starts from those points, and may be challenged and voted on
from the phones too. Totals after each round, the winner after the last (a tie shares the
win); a round's scoring can be reopened ("Fix") until the next one starts. The majority
decides a challenge; a tie strikes out the challenged player's own vote
(games.scattergories).
"""

from micropython import const

from app import gamescreen
from app.scattergories_game import DECK, Scattergories

# The winners' screen (app/winners.py, Win): the title 4 px under the bar (its lines close), the
# totals 4 px under it in body type, a dot between them.
_WON = const((4, 0, 4, "body", " · ", " & "))


def start(app):
    return gamescreen.start(app, "Scattergories", Scattergories, DECK, first)


def first(app, game, now):
    return view(game, app.fresh)


def view(game, fresh=False):
    """The screen for where the game stands. `fresh`: the phase has just begun (the die
    rolls, the clock starts, time's up shows); without it, the phase is resumed (the letter
    shows, the clock waits, the points show). The round's screens and the scoring's are
    modules of their own, never loaded together (gamescreen.turn)."""
    phase = game.s["phase"]
    if phase == "won":
        from app.winners import Win  # (imported when a game is won)

        bar = ("Scattergories · game over", "%d rounds" % game.s["rounds"])
        return Win(game, bar, _WON, "", "Fix", won)
    if phase in ("score", "totals"):
        game.score_sheets()  # (at time's up: before the scoring's screens come in)
        from app.scattergories_score import Score, TimeUp, Totals

        if phase == "totals":
            return Totals(game)
        return TimeUp(game) if fresh else Score(game)  # time's up when the clock just ended
    from app.scattergories_round import Pick, Play, Roll

    if phase == "pick":
        return Pick(game)
    if phase == "roll":
        return Roll(game, fresh)  # resumed, the letter shows at once
    return Play(game, fresh)  # resumed after a power cut, the clock waits, stopped


def won(app, game, now):
    """C on the winners' screen: the last round's points, to fix."""
    game.reopen_round()
    app.save_session()
    app.replace(view(game), now)
