"""The scrolling list menu of the menu phase (the games use app.dialogs alone)."""

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
