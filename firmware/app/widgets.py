"""The screens every phase shares: the scrolling list menu, a yes/no confirmation, a
notice, and idle sleep's screen."""

from app import layout
from app.buttons import is_press
from app.gfx import FOOTER, H, W
from app.screen import Screen


class Item:
    """A menu row: an action, or a value adjusted with B (-) and C or GO (+)."""

    def __init__(self, label, action=None, value=None, adjust=None):
        self.label = label
        self.action = action  # f(app, now)
        self.value = value  # f(app) -> str
        self.adjust = adjust  # f(app, delta, now)

    def text(self, app):
        if self.value is None:
            return self.label
        return self.label + ": " + self.value(app)


class ListMenu(Screen):
    name = "menu"
    ROW = layout.BODY + 1

    def __init__(self, title, items, back=True):
        self.title = title
        self._items = items  # a list, or f(app) -> list, rebuilt each time the menu shows
        self.items = []
        self.sel = 0
        self.back = back

    def enter(self, app, now):
        self.items = self._items(app) if callable(self._items) else self._items
        if self.sel >= len(self.items):
            self.sel = 0

    def current(self):
        return self.items[self.sel] if self.items else None

    def event(self, app, ev, now):
        n = len(self.items)
        item = self.current()
        if is_press(ev, "UP") and n:
            self.sel = (self.sel - 1) % n
        elif is_press(ev, "DOWN") and n:
            self.sel = (self.sel + 1) % n
        elif ev[0] != "press":
            return
        elif ev[1] == "A":
            if self.back:
                app.pop(now)
            return
        elif item is None:
            return
        elif item.adjust is not None and ev[1] in ("B", "C", "GO"):
            item.adjust(app, -1 if ev[1] == "B" else 1, now)
        elif item.action is not None and ev[1] in ("B", "GO"):
            item.action(app, now)
            return
        else:
            return
        app.redraw()

    def draw(self, app, g):
        top = g.header(self.title) + 2
        rows = (H - FOOTER - top) // self.ROW
        first = min(max(0, self.sel - rows + 1), max(0, len(self.items) - rows))
        for i in range(first, min(len(self.items), first + rows)):
            y = top + (i - first) * self.ROW
            item = self.items[i]
            chosen = i == self.sel
            if chosen:
                g.fill_rect(0, y - 1, W, self.ROW)
            label = g.fit(item.label, "body", 170 if item.value else W - 20)
            g.text(label, 6, y, "body", chosen)
            if item.value is not None:
                g.right(item.value(app), W - 14, y, "body", chosen)
        if first > 0:
            g.text("↑", W - 10, top, "small")
        if first + rows < len(self.items):
            g.text("↓", W - 10, H - FOOTER - layout.SMALL + 1, "small")
        item = self.current()
        adjusting = item is not None and item.adjust is not None
        g.labels("Back" if self.back else "", "−" if adjusting else "OK", "+" if adjusting else "")


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
