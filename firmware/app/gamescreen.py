"""What every game's screens share: how a game starts, their base (GameScreen, whose ring
shows how far the game has come), and the ring's animations. The winners' screen is
app/winners.py's.

A game's module (app/<game>.py, the catalog names it) starts the game with start() here,
a stage a step.
"""

import ticks
from app.screen import Screen


def start(app, title, make, deck, first):
    """The start of app.session, a game of `title`, a stage a step (App.starting): its
    deck named `deck` opened (None: the model opens its own with app.open_deck), then its
    model made, `make(deck, app.settings, app.played, names, state)`, with a new game's
    state when the session has none yet (the model's fresh(), saved at once) and a
    damaged card in play replaced (the model's replace_damaged(), saved), then its first
    screen, `first(app, game, now)`, where the game stands, which this returns; the
    model is app.game from then on, and `first` app.first (App.go_on).
    A saved state was checked whole at boot (app/session.py). A deck that cannot be read
    shows a notice instead (DeckError: the game stays saved); any other error is a bug,
    and goes on up."""
    from app.deck import DeckError

    s = app.session
    try:
        if deck is None:
            deck = app.open_deck
        else:
            deck = app.open_deck(deck)
            yield
        game = make(deck, app.settings, app.played, s["names"], s.get("state"))
        if game.s is None:
            s["state"] = game.fresh(app.seed, app.now)
            app.save_session()
            yield
        if game.replace_damaged():  # (Say When!'s card in play: checked as it comes up)
            app.save_session()
        screen = first(app, game, app.now)
    except DeckError as e:
        from app.dialogs import Notice

        return Notice(title, "Cannot play: " + str(e) + ". Re-flash the device.")
    app.game, app.first = game, first
    return screen


def turn(app, fresh=False):
    """Saves, then plays the game on from its save, as after a power cut but `fresh` (its
    phase just begun: app.fresh), its modules loaded afresh: Scattergories' round and its
    scoring, and Say When!'s guessing and its Answer Door, are modules of their own, so
    that each, sharing the heap with four phones, never holds the other's code, nor
    meets the heap as the phones cut it up around the other's (docs/memory.md)."""
    app.save_session()
    app.play(fresh=fresh)


def phones(app):
    """The teams or players with a phone (app.net: on a board with Wi-Fi, absent on
    others)."""
    net = getattr(app, "net", None)
    return net.phones() if net is not None else ()


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
        progress(leds, *self.game.progress())


# -- the ring --


def fill(leds, r, g, b):
    for i in range(0, len(leds), 3):
        leds[i] = r
        leds[i + 1] = g
        leds[i + 2] = b


def progress(leds, done, total, colour=(40, 40, 40)):
    """The first done/total of the ring lit (LED 0 at the top, clockwise)."""
    n = len(leds) // 3
    lit = done * n // total if total else 0
    for i in range(n):
        c = colour if i < lit else (0, 0, 0)
        leds[3 * i], leds[3 * i + 1], leds[3 * i + 2] = c


def sweep(leds, now, since, colour=(255, 255, 255), period=600):
    """A bright dot with a fading tail running round."""
    n = len(leds) // 3
    head = (ticks.diff(now, since) % period) * n // period
    for i in range(n):
        k = (head - i) % n
        f = 255 >> (2 * k) if k < 4 else 0
        leds[3 * i] = colour[0] * f // 255
        leds[3 * i + 1] = colour[1] * f // 255
        leds[3 * i + 2] = colour[2] * f // 255
