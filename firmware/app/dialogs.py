"""Small screens every phase uses: a yes/no confirmation, a notice, and idle sleep's
screen. Apart from the menu's list (widgets.py), which no game uses."""

from app import layout
from app.gfx import W
from app.screen import Screen


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


class Sleeping(Screen):
    """Idle sleep: the ring is off and the board sleeps; a press wakes it to the screen
    it left (the press itself is used up in waking)."""

    name = "sleeping"
    full_refresh = True

    def event(self, app, ev, now):
        if ev[0] in ("press", "long", "repeat", "chord"):
            app.pop(now)

    def draw(self, app, g):
        g.center("Sleeping", 26, "title")
        g.center("press any button", 72, "body")
