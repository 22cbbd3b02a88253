"""A game as saved state: the base of each game's model, the one error that means "this
save is damaged", and the tests of a value read back from flash (app/session.py checks a
saved game with them; app/deck.py a record of the cards played)."""


class DamagedSave(Exception):
    pass


def need(x):
    if not x:
        raise DamagedSave


def count(x, most):
    """Whether x is a whole number 0..most (an int, not a bool or a float)."""
    return type(x) is int and 0 <= x <= most


def counts(items, most, n=None):
    """Whether items is a list of such numbers (n of them, if n is given)."""
    return (
        type(items) is list
        and (n is None or len(items) == n)
        and all(count(x, most) for x in items)
    )


def fields(d, keys, optional=()):
    """Whether d is a dict with these keys, and none but them and the `optional` ones: a
    key the device never writes is damage (and its value, kept, would hold heap)."""
    return (
        type(d) is dict
        and all(k in d for k in keys)
        and all(k in keys or k in optional for k in d)
    )


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
