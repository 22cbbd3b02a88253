"""Reusable screens: a scrolling list menu, a yes/no confirmation and a notice."""

from app.core import Screen
from app.gfx import FOOTER, H, W


def is_press(ev, name):
    """A press of `name`, counting auto-repeat (UP and DOWN) as more presses."""
    return ev[1] == name and (ev[0] == "press" or ev[0] == "repeat")


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
    ROW = 20

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
            g.text("↓", W - 10, H - FOOTER - 14, "small")
        item = self.current()
        adjusting = item is not None and item.adjust is not None
        g.labels("Back" if self.back else "", "−" if adjusting else "OK", "+" if adjusting else "")

    def state(self):
        return {"title": self.title, "items": [i.label for i in self.items], "selected": self.sel}


class Confirm(Screen):
    """Asks before something that loses a game. C confirms; A (or the chord) does not."""

    name = "confirm"

    def __init__(self, title, message, on_yes):
        self.title = title
        self.message = message
        self.on_yes = on_yes

    def event(self, app, ev, now):
        if ev[0] != "press":
            return
        if ev[1] == "A":
            app.pop(now)
        elif ev[1] == "C":
            app.pop(now)
            self.on_yes(app, now)

    def draw(self, app, g):
        y = g.header(self.title) + 6
        for line in g.wrap(self.message, "body", W - 12)[:4]:
            g.text(line, 6, y, "body")
            y += 21
        g.labels("No", "", "Yes")

    def state(self):
        return {"title": self.title, "message": self.message}


class Notice(Screen):
    """A short message; any of A, B or GO closes it."""

    name = "notice"

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
            y += 21
        g.labels("", "OK", "")

    def state(self):
        return {"title": self.title, "message": self.message}


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
