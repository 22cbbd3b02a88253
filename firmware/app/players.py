"""Setting up a game: how many teams or players, and their names.

Names come from a built-in list (UP/DOWN flips through it) and can be edited letter by
letter, so a table can be "Red" and "Blue" in two presses, or spell out "Grandma".
"""

from micropython import const

from app import layout
from app.buttons import is_press
from app.catalog import MOST_NAME
from app.gfx import W
from app.screen import Screen
from app.widgets import Item, ListMenu

_LETTERS = const(" ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


class Setup(ListMenu):
    def __init__(self, game):
        self.game = game
        self.names = list(game.names[: game.default])
        super().__init__("New " + game.title, self._rows)

    def _rows(self, app):
        g = self.game
        rows = [Item(g.unit, value=lambda app: str(len(self.names)), adjust=self._count)]
        for i in range(len(self.names)):
            rows.append(
                Item(
                    "%d. %s" % (i + 1, self.names[i]),
                    lambda app, now, i=i: app.push(NamePicker(self, i), now),
                )
            )
        rows.append(Item("Start game", self._start))
        return rows

    def _count(self, app, delta, now):
        n = min(self.game.most, max(self.game.least, len(self.names) + delta))
        while len(self.names) < n:
            self.names.append(self._unused())
        del self.names[n:]
        self.enter(app, now)

    def _unused(self):
        for name in self.game.names:
            if name not in self.names:
                return name
        return "Team %d" % (len(self.names) + 1)

    def _start(self, app, now):
        app.play(self.game.key, self.names)

    def rename(self, i, name):
        self.names[i] = name


class NamePicker(Screen):
    """UP/DOWN flips through the built-in names; B edits the name letter by letter."""

    name = "name"

    def __init__(self, setup, index):
        self.setup = setup
        self.index = index
        self.value = setup.names[index]

    def event(self, app, ev, now):
        pool = self.setup.game.names
        if is_press(ev, "UP") or is_press(ev, "DOWN"):
            step = -1 if ev[1] == "UP" else 1
            i = pool.index(self.value) if self.value in pool else -step
            self.value = pool[(i + step) % len(pool)]
            app.redraw()
        elif ev[0] != "press":
            return
        elif ev[1] == "A":
            app.pop(now)
        elif ev[1] == "B":
            app.replace(NameEditor(self.setup, self.index, self.value), now)
        elif ev[1] in ("C", "GO"):
            self.setup.rename(self.index, self.value)
            app.pop(now)

    def draw(self, app, g):
        up = g.header("%s %d name" % (self.setup.game.unit[:-1], self.index + 1)) + 10
        value = up + layout.SMALL - 1
        g.center("↑", up, "small")
        g.center(self.value, value, "title")
        g.center("↓", value + layout.TITLE + 4, "small")
        g.labels("Cancel", "Edit", "OK")


class NameEditor(Screen):
    """UP/DOWN change the letter under the cursor, B moves right, A moves left."""

    name = "edit"

    def __init__(self, setup, index, value):
        self.setup = setup
        self.index = index
        self.chars = list(value.upper()[:MOST_NAME]) or ["A"]
        self.pos = len(self.chars) - 1

    def cased(self):
        # Capital at the start of each word, small letters after: "Grandma", "Team Two".
        out = ""
        for i, ch in enumerate(self.chars):
            out += ch if i == 0 or self.chars[i - 1] == " " else ch.lower()
        return out

    def text(self):
        return self.cased().strip()

    def event(self, app, ev, now):
        if is_press(ev, "UP") or is_press(ev, "DOWN"):
            ch = self.chars[self.pos]
            i = _LETTERS.find(ch) if ch in _LETTERS else 0
            self.chars[self.pos] = _LETTERS[(i + (1 if ev[1] == "UP" else -1)) % len(_LETTERS)]
        elif ev[0] != "press":
            return
        elif ev[1] == "A":
            if self.pos == 0:
                app.pop(now)
                return
            if self.pos == len(self.chars) - 1 and self.chars[-1] == " ":
                self.chars.pop()  # stepping back off a blank end trims it
            self.pos -= 1
        elif ev[1] == "B":
            if self.pos == len(self.chars) - 1:
                if len(self.chars) >= MOST_NAME:
                    return
                self.chars.append(" ")
            self.pos += 1
        elif ev[1] in ("C", "GO"):
            name = self.text()
            if name:
                self.setup.rename(self.index, name)
            app.pop(now)
            return
        else:
            return
        app.redraw()

    def draw(self, app, g):
        y = g.header("Spell the name") + 16
        shown = self.cased()
        x = (W - g.width(shown + " ", "title")) // 2
        for i in range(len(shown)):
            ch = shown[i : i + 1]  # a slice: shown[i] would intern "g" as a name, for good
            w = max(g.width(ch, "title"), 12)
            if i == self.pos:
                g.fill_rect(x, y + layout.TITLE + 2, w, 3)  # under the letter
            g.text(ch, x, y, "title")
            x += w
        g.center("UP/DOWN: letter", y + layout.TITLE + 10, "small")
        g.labels("←", "→", "Done")
