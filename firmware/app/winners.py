"""The winners' screen (Win): who won, a line the game may add (how Stay Cool broke a tie),
the standings, a rainbow on the ring. A (or the A+C chord) goes to the menu, B plays the
same game again, C does the game's own (Say When!: undo the last scoring; Stay Cool: the
scores; Scattergories: fix the last round). What differs between the games is data.

Imported when a game is won, not with the game: a game's play, its heap shared with four
phones, holds none of it (docs/memory.md).
"""

import ticks
from app import layout
from app.gamescreen import GameScreen
from app.gfx import FOOTER, H, W


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
