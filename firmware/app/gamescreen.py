"""What every game's screens share: how a game starts, their base (GameScreen, whose ring
shows how far the game has come), the winners' screen, and the ring's animations.

A game's module (app/<game>.py, the catalog names it) starts the game with start() here.
The winners' screen (Win): who won, a line the game may add (how Stay Cool broke a tie),
the standings, a rainbow on the ring. A (or the A+C chord) goes to the menu, B plays the
same game again, C does the game's own (Say When!: undo the last scoring; Stay Cool: the
scores; Scattergories: fix the last round). What differs between the games is data.
"""

import ticks
from app import layout
from app.gfx import FOOTER, H, W
from app.screen import Screen


def start(app, title, now, make, deck, first):
    """The screen that plays app.session, a game of `title`: its model is
    `make(deck, app.settings, app.played, names, state)`, with the deck named `deck`
    (None: the model opens its own with app.open_deck), and a new game's state when the
    session has none yet (the model's fresh(), saved at once); the screen is
    `first(app, game, now)`, where the game stands, and the model app.game from then on.
    A saved state was checked whole at boot (app/session.py). A deck that cannot be read
    shows a notice instead (DeckError: the game stays saved); any other error is a bug,
    and goes on up."""
    from app.deck import DeckError

    s = app.session
    try:
        deck = app.open_deck if deck is None else app.open_deck(deck)
        game = make(deck, app.settings, app.played, s["names"], s.get("state"))
        if game.s is None:
            s["state"] = game.fresh(app.seed, now)
            app.save_session()
        screen = first(app, game, now)
    except DeckError as e:
        from app.dialogs import Notice

        return Notice(title, "Cannot play: " + str(e) + ". Re-flash the device.")
    app.game = game
    return screen


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


class Win(GameScreen):
    full_refresh = True

    def __init__(self, game, bar, layout, note, label, act):
        super().__init__(game)
        self.bar = bar  # (left, right) of the bar across the top
        # (the title's y under the bar, the space under each of its lines, the gap above
        # the standings, their font, what stands between two of them, what joins the
        # names of winners who share the win)
        self.layout = layout
        self.note = note  # a line under the title, or ""
        self.label = label  # C's label ("": C does nothing)
        self.act = act  # what C does: act(app, game, now)

    def event(self, app, ev, now):
        if ev[0] != "press":
            return
        if ev[1] == "A":
            app.finish()
        elif ev[1] == "B":
            app.again()
        elif ev[1] == "C" and self.label:
            self.act(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        dy, lead, gap, font, sep, joiner = self.layout
        top = g.bar(*self.bar)
        winners = game.winners()
        title = joiner.join(self.who(p) for p in winners)
        title += " wins!" if len(winners) == 1 else " share the win!"
        big = "title" if g.width(title, "title") <= W - 8 else "large"
        y = top + dy
        for line in g.wrap(title, big, W - 8)[:2]:
            g.center(line, y, big)
            y += g.height(big) + lead
        if self.note:
            g.center(self.note, y, "small")
            y += layout.SMALL - 1
        y += gap
        totals = game.totals()
        order = sorted(range(len(totals)), key=lambda p: -totals[p])
        parts = ["%s %d" % (self.who(p), totals[p]) for p in order]
        pitch = layout.SMALL - 1 if font == "small" else layout.BODY + 1
        for line in g.pack(parts, sep, font, W - 12)[:2]:
            if y + g.height(font) > H - FOOTER:
                break
            g.center(line, y, font)
            y += pitch
        g.labels("Menu", "Again", self.label)

    def ring(self, app, now, leds):
        rainbow(leds, now, self.since)


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


def wheel(pos):
    """A colour of the rainbow for pos 0..255."""
    pos &= 255
    if pos < 85:
        return 255 - pos * 3, pos * 3, 0
    if pos < 170:
        pos -= 85
        return 0, 255 - pos * 3, pos * 3
    pos -= 170
    return pos * 3, 0, 255 - pos * 3


def rainbow(leds, now, since):
    n = len(leds) // 3
    turn = ticks.diff(now, since) // 8
    for i in range(n):
        leds[3 * i], leds[3 * i + 1], leds[3 * i + 2] = wheel(i * 256 // n + turn)
