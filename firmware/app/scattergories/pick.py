"""Scattergories: which list this round (UP/DOWN; the next unused one offered first).

Between rounds it also shows the running totals. B or GO rolls the die
(die.py); the letter is saved before the die is seen to roll.
"""

from app import layout
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.gfx import W
from app.scattergories.play import clock, go_on, where


def view(game, fresh):
    return Pick(game)


class Pick(GameScreen):
    """Which list this round: UP/DOWN, the next unused one offered first. B or GO rolls."""

    full_refresh = True

    def __init__(self, game):
        super().__init__(game)
        self.number = game.default_list()

    def event(self, app, ev, now):
        kind, b = ev
        if is_press(ev, "UP") or is_press(ev, "DOWN"):
            count = self.game.deck.count
            self.number = (self.number - 1 + (1 if b == "UP" else -1)) % count + 1
            app.redraw()
        elif kind == "press" and b in ("B", "GO"):
            self.game.roll(self.number)
            go_on(app, self.game, now, True)  # saved: a power cut will not roll it again

    def draw(self, app, g):
        game = self.game
        timer = clock(app.settings["sg_seconds"] * 1000) + " timer"
        top = g.bar("Scattergories · " + where(self.game), timer)
        up = top + 2
        number = up + layout.SMALL - 4
        down = number + layout.TITLE - 3
        g.center("↑", up, "small")
        g.center("List %d" % self.number, number, "title")
        g.center("↓", down, "small")
        used = game.s["lists"]
        if self.number in used:
            note = "used in round %d" % (used.index(self.number) + 1)
        elif used:
            note = "lists used: " + ", ".join(str(k) for k in used)
        else:
            note = "of %d lists · paper ready? Roll!" % game.deck.count
        note_y = down + layout.SMALL + 2
        g.center(note, note_y, "small")
        if game.s["scores"]:  # the running totals, for the table to see between rounds
            names = game.names
            line = " · ".join("%s %d" % (names[p], t) for p, t in enumerate(game.totals()))
            g.center(g.fit(line, "small", W - 8), note_y + layout.SMALL + 1, "small")
        g.labels("", "Roll", "")
