"""A game as saved state: the base of each game's model (app/session.py checks a saved game
when it is read back at boot)."""


class Game:
    """A game as saved state (a JSON-able dict, `s`: the session's "state"), the base of
    each game's model. It is handed all it uses: the game's `deck` (Stay Cool: what opens
    its two, app.open_deck), the `settings`, `seen`, every deck's record of the cards
    played (app.played), where a card played puts a new record, and the players' `names`.
    Its methods change the state and leave saving it to the screens that call them;
    fresh() makes the state of a new game."""

    def __init__(self, deck, settings, seen, names, state):
        self.deck = deck
        self.settings = settings
        self.played = seen
        self.names = names
        self.s = state

    def replace_damaged(self):
        """Puts the card in play aside if it does not read back whole, for another; returns
        whether it did (the state then to be saved). Asked at each start, the deck open
        (app.gamescreen.start); a game whose cards are checked when dealt has none to."""
        return False
