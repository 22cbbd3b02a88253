"""Small screens every phase uses: a yes/no confirmation, a notice. A game imports this
module only when it shows one of them (phases.Phases.part lets it go again). Idle sleep's
screen is a module of its own (sleeping.py): loaded mid-game into a heap that may be short
by then, this one carries only what a game shows."""

from app import layout
from app.gfx import W
from app.screen import Screen


def cannot_play(app, title, error):
    """The notice for a game that cannot start: its deck is damaged (a DeckError; the game
    stays saved), or its saved state is (any other error: the game is cleared)."""
    from app.deck import DeckError

    if isinstance(error, DeckError):
        return Notice(title, "Cannot play: " + str(error) + ". Re-flash the device.")
    app.end_session()
    return Notice(title, "The saved game was damaged and has been cleared.")


class Notice(Screen):
    """A short message; any of A, B or GO closes it."""

    name = "notice"
    labels = ("", "OK", "")

    def __init__(self, title, message):
        self.title = title
        self.message = message

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] in ("A", "B", "GO"):
            app.pop(now)

    def draw(self, app, g):
        y = g.header(self.title) + 6
        for line in g.wrap(self.message, "body", W - 12)[:4]:
            g.text(line, 6, y, "body")
            y += layout.BODY + 2
        g.labels(*self.labels)


class Confirm(Notice):
    """Asks before something that loses a game. C confirms; A (or the chord) does not."""

    name = "confirm"
    labels = ("No", "", "Yes")

    def __init__(self, title, message, on_yes):
        super().__init__(title, message)
        self.on_yes = on_yes

    def event(self, app, ev, now):
        if ev[0] != "press":
            return
        if ev[1] == "A":
            app.pop(now)
        elif ev[1] == "C":
            app.pop(now)
            self.on_yes(app, now)
