"""Say When! on the device: the Scanner's screens, facing the Quizzer.

Each card: the question, who is Quizzer, secret or open (Turn); the guesses typed team by
team in guessing order on the number editor (Guess; or none, for quick judging), read
back (Review); the Answer Door opened with a long press, the points with the reason for
each (Door; quick judging of who was closest: Judge), then the Scanner passes left. The
answer is never on screen before the door opens. The state is the model's
(app/saywhen_game.py), saved after every step.

A card's guessing (app/saywhen_round.py) and its Answer Door (app/saywhen_door.py) are
modules of their own: at the door, with four phones looking, the heap holds none of the
guessing's code, and none of the door's while the guesses are typed (docs/memory.md).
From one to the other (the door opened, the next card, an Undo) the game goes on from its
save, its modules loaded afresh, as Scattergories' round and scoring do (gamescreen.turn).
What both show is app/saywhen_board.py's. This module picks the screen for where the
game stands.
"""

from app import gamescreen
from app import saywhen_board as board
from app import saywhen_game as sw


def start(app):
    return gamescreen.start(app, "Say When!", sw.SayWhen, sw.DECK, view)


def view(app, game, now):
    """The screen for where the game stands: what a resumed game shows first, and what
    each step goes on to (App.go_on)."""
    s = game.s
    if s["door"]:
        from app.saywhen_door import Door

        return Door(game)
    if s["winner"] is not None:
        return board.won(game)
    from app.saywhen_round import Review, Turn, sudden_death

    screen = Review(game) if game.all_in() else Turn(game)
    if app.fresh:  # (the door's Next has just found a tie: app/saywhen_door.py)
        sudden_death(app, game, now)
    return screen
