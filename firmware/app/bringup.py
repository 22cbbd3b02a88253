"""The screen check for a maker's first power-on (hold A in the self-test).

First an orientation target, drawn with a full refresh: "TOP LEFT" in the top left corner,
an arrow pointing at it and a 1-pixel border round the whole glass. A panel driven in the
wrong data-entry mode shows it mirrored, turned, or as scrambled 8-pixel bands; a border
that is cut or doubled shows a wrong window. Then a counter runs 1 to 20, one partial
refresh a second (20 is the drivers' limit before a full one): the digits must stay crisp,
with no ghost of the earlier ones. A (or the A+C chord) goes back.
"""

from micropython import const

import ticks
from app import layout
from app.gfx import H, W
from app.screen import Screen

_PARTIALS = const(20)
_FIRST_MS = const(3000)  # the full refresh of the target takes about 2 s
_STEP_MS = const(1000)  # a partial takes 0.3-0.4 s: one a second never queues up


class BringUp(Screen):
    name = "bringup"

    def enter(self, app, now):
        self.count = 0
        self.next = ticks.add(now, _FIRST_MS)
        app.redraw(full=True)

    def tick(self, app, now):
        if self.count < _PARTIALS and ticks.reached(now, self.next):
            self.count += 1
            self.next = ticks.add(self.next, _STEP_MS)
            app.redraw()

    def deadline(self, app):
        return self.next if self.count < _PARTIALS else None

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] == "A":
            app.pop(now)
        elif ev[0] == "press" and ev[1] in ("B", "GO"):
            self.enter(app, now)  # again, from the full refresh

    def draw(self, app, g):
        g.rect(0, 0, W, H)  # every edge pixel: a wrong window cuts or shifts it
        g.text("TOP LEFT", 4, 3, "bold")
        g.fill_rect(4, 24, 18, 3)  # the arrow's head, pointing up and left at the words
        g.fill_rect(4, 24, 3, 18)
        for i in range(0, 44, 2):
            g.fill_rect(6 + i, 26 + i, 3, 3)
        count = 26
        g.center("%d" % self.count, count, "title", 150, 290)
        done = self.count >= _PARTIALS
        of = count + layout.TITLE + 8
        g.center("of %d partial refreshes" % _PARTIALS, of, "small", 130, 296)
        ghosts = "no ghosts? then all is well" if done else "watch for ghosts"
        g.center(ghosts, of + layout.SMALL + 1, "small", 130, 296)
        g.labels("Back", "Again", "")
