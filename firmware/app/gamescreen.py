"""What every game's screens share: their base, GameScreen, and how a game starts.

A game's module (app/<game>/play.py, the catalog names it) starts the game with start()
here, and each of its screens is a GameScreen, whose ring shows how far the game has come.
"""

from app import ringfx
from app.screen import Screen


def start(app, title, now, make, deck, first):
    """The screen that plays app.session, a game of `title`: its model is
    `make(deck, app.settings, app.played, names, state)`, with the deck named `deck`
    (None: the model opens its own with app.open_deck) and, when the session has no state
    yet, a new game's (the model's fresh(), saved at once; a saved state is checked whole,
    by its check(), and a new one, the model's own, is not: its start is its heaviest
    moment); the screen is `first(app, game, now)`,
    where the game stands. A damaged deck or save shows a notice instead (DeckError: the
    game stays saved; DamagedSave: it is cleared); any other error is a bug, not a bad
    save, and goes on up."""
    from app.deck import DeckError
    from app.saved import DamagedSave

    s = app.session
    try:
        deck = app.open_deck if deck is None else app.open_deck(deck)
        game = make(deck, app.settings, app.played, s["names"], s.get("state"))
        if game.s is None:  # a new game's state is the model's own, checked when it resumes
            s["state"] = game.fresh(app.seed, now)
            app.save_session()
        else:
            game.check()
        return first(app, game, now)
    except (DamagedSave, DeckError) as e:
        from app.dialogs import cannot_play

        return cannot_play(app, title, e)


class GameScreen(Screen):
    """A screen of a game, `game` its model: `since` is the tick it showed at, and the
    ring shows how far the game has come (the model's progress(): done, of how many)."""

    def __init__(self, game):
        self.game = game
        self.since = 0

    def enter(self, app, now):
        self.since = now

    def who(self, i):
        """The name of team or player i."""
        return self.game.names[i]

    def ring(self, app, now, leds):
        ringfx.progress(leds, *self.game.progress())
