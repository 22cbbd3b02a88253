"""Hardware self-test: every button as it goes down, ring colours, buzzer scale, a pattern.

Buttons light up on their raw (debounced) down and up edges, so a dead or stuck button is
plain to see. Long A opens the screen check for a first power-on (BringUp); long B
plays the scale; long C shows a test pattern until the next press; the ring runs red,
green, blue and white around the circle. The A+C chord leaves.

BringUp, the screen check for a maker's first power-on (hold A in the self-test).

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

_ORDER = const(("A", "B", "C", "UP", "DOWN", "GO"))
_COLOURS = const(((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)))
_STEP_MS = const(150)
_PARTIALS = const(20)
_FIRST_MS = const(3000)  # the full refresh of the target takes about 2 s
_COUNT_MS = const(1000)  # a partial takes 0.3-0.4 s: one a second never queues up


class SelfTest(Screen):
    name = "selftest"
    long_presses = ("B",)  # the scale

    def __init__(self):
        self.down = set()
        self.seen = set()
        self.last = ""
        self.pattern = False

    def event(self, app, ev, now):
        kind, b = ev
        if self.pattern and kind == "press":
            self.pattern = False
        elif kind == "down":
            self.down.add(b)
            self.seen.add(b)
        elif kind == "up":
            self.down.discard(b)
        elif kind == "long" and b == "A":
            app.push(BringUp(), now)
            return
        elif kind == "long" and b == "B":
            app.tone("scale")
        elif kind == "long" and b == "C":
            self.pattern = True
            app.redraw(full=True)
            return
        if kind in ("press", "long", "repeat"):
            self.last = kind + " " + b
        app.redraw()

    def draw(self, app, g):
        if self.pattern:
            self._pattern(g)
            return
        y = g.header("Self-test", "chord A+C: exit") + 6
        x = 4
        box = layout.BODY + 5  # a button's box, its name in bold
        for b in _ORDER:
            if b == "GO" and not app.parts.get("go"):
                continue
            w = max(36, g.width(b, "bold") + 10)
            held = b in self.down
            if held:
                g.fill_rect(x, y, w, box)
            else:
                g.rect(x, y, w, box)
            g.center(b, y + 3, "bold", x, x + w, held)
            if b in self.seen and not held:
                g.fill_rect(x + 2, y + box - 4, w - 4, 2)
            x += w + 4
        y += box + 8
        g.text("Last: " + (self.last or "-"), 6, y, "body")
        y += layout.BODY + 3
        parts = [p for p in ("ring", "buzzer", "go", "led") if app.parts.get(p)]
        g.text("Parts: " + (", ".join(parts) or "none"), 6, y, "small")
        g.labels("hold: screen", "hold: scale", "hold: pattern")

    def _pattern(self, g):
        # Checkerboard quarters, a frame and lines: shows dead pixels, ghosting, alignment.
        for y in range(0, H, 8):
            for x in range(0, W // 2, 8):
                if (x // 8 + y // 8) & 1:
                    g.fill_rect(x, y, 8, 8)
        g.rect(0, 0, W, H)
        for i in range(0, 64, 4):
            g.hline(W // 2 + 4, 4 + i, W // 2 - 8 - i)
        g.center("Test pattern", H - 30, "bold", W // 2, W)

    def ring(self, app, now, leds):
        n = len(leds) // 3
        lit = (now // _STEP_MS) % n
        colour = _COLOURS[(now // (_STEP_MS * n)) % len(_COLOURS)]
        for i in range(n):
            r, gr, bl = colour if i == lit else (0, 0, 0)
            leds[3 * i] = r
            leds[3 * i + 1] = gr
            leds[3 * i + 2] = bl


class BringUp(Screen):
    name = "bringup"

    def enter(self, app, now):
        self.count = 0
        self.next = ticks.add(now, _FIRST_MS)
        app.redraw(full=True)

    def tick(self, app, now):
        if self.count < _PARTIALS and ticks.reached(now, self.next):
            self.count += 1
            self.next = ticks.add(self.next, _COUNT_MS)
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
