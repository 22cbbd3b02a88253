"""Scattergories on the device: the letter die, the timer and the score pad, mid-table.

A round: pick the list, roll the die, write against the ring's countdown (round.py); then
time's up, points and totals (score.py), and a challenge typed on the device (challenge.py).
This module is the hub: it resumes a game where it stands, and loads the one part of the
UI each phase needs, letting the others go, as the core swaps the menu and the games:
together they would crowd a Pico's heap. The state is game.s (game.py), saved at every
boundary and never while the timer runs: a flash write stalls the RP2040.
"""

from micropython import const

from app import gamescreen, layout, screen
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.gfx import W
from app.scattergories import game as sg

# The parts, and what only some moments need: app.played, which the list's pick and the
# die's throw import, scattergories.check a game's start, and the rules (games.scattergories,
# 3.3 KB), which the die's throw and the scoring import: the round's timer, while four phones
# send their sheets, has no use for them. Each goes when the next part loads.
# One tuple, named once: a const() tuple would be a copy of itself, its strings too, at
# every place that names it.
PARTS = (
    "app.scattergories.pick",
    "app.scattergories.die",
    "app.scattergories.round",
    "app.scattergories.score",  # time's up, points, totals
    "app.scattergories.challenge",  # over the points, for a challenge typed on the device
    "app.won",
    "app.played",
    "app.scattergories.check",
    "games.scattergories",
)
# The module that plays each phase: only it (and the timer while the clock runs) is loaded.
_PART = {"pick": PARTS[0], "roll": PARTS[1], "play": PARTS[2]}
_TIMER = const("app.scattergories.timer")
_PER_PAGE = const(4)
_FONTS = const(("large", "bold", "body", "small"))  # a category takes the largest that fits
# The winners' screen (app/won.py): the title 4 px under the bar (its lines close), the
# totals 4 px under it in body type, a dot between them.
_WON = const((4, 0, 4, "body", " · ", " & "))


def start(app, now):
    return gamescreen.start(app, "Scattergories", now, sg.Scattergories, sg.DECK, first)


def first(app, game, now):
    return view(game)


def view(game, fresh=False):
    """The screen for where the game stands, from the module that plays that phase, every
    other part let go first (the timer too, but while the clock runs). `fresh`: the phase
    has just begun (the die rolls, the clock starts); without it, the phase is resumed
    (the letter shows, the clock waits)."""
    if game.s["phase"] == "won":
        bar = ("Scattergories · game over", "%d rounds" % game.s["rounds"])
        return screen.part(PARTS + (_TIMER,), "app.won", "Win", game, bar, _WON, "", "Fix", won)
    part = _PART.get(game.s["phase"], PARTS[3])
    parts = PARTS if part == PARTS[2] else PARTS + (_TIMER,)
    return screen.part(parts, part, "view", game, fresh)


def won(app, game, now):
    """C on the winners' screen: the last round's points, to fix."""
    game.reopen_round()
    go_on(app, game, now)


def go_on(app, game, now, fresh=False):
    """Saves, then shows where the game stands (in the part that plays it, once the part
    of the screen that asks has been let go)."""
    app.save_session()
    app.replace(screen.Next(view, game, fresh), now)


def clock(ms):
    """ "2:30" for 150000 ms; a part of a second counts as a whole one (0:01 until 0)."""
    s = (ms + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def where(game):
    return "Round %d of %d" % (game.round_no(), game.s["rounds"])


def draw_page(g, cats, page, left, right):
    """Four of the 12 categories, numbered, each in the largest font that fits its line."""
    top = layout.BODY + 2  # the list's bar: the letter in bold
    g.fill_rect(0, 0, W, top)
    g.text(left, 4, 1, "bold", True)
    g.right(right, W - 4, 1, "bold", True)
    y = top + 1
    low = (layout.LARGE - layout.BODY) // 2  # a smaller font, set in the middle of its line
    for c in range(page * _PER_PAGE, min(len(cats), (page + 1) * _PER_PAGE)):
        g.right(str(c + 1), 25, y + low, "bold")
        room = W - 33
        for font in _FONTS:
            if g.width(cats[c], font) <= room:
                break
        g.text(g.fit(cats[c], font, room), 31, y + (low if font != "large" else 0), font)
        y += layout.LARGE - 3  # four lines under the bar


def pages(cats):
    return (len(cats) + _PER_PAGE - 1) // _PER_PAGE


class ListView(GameScreen):
    """This round's list, for reading answers out: UP/DOWN or C turn pages, A or B back."""

    def __init__(self, game):
        super().__init__(game)
        self.page = 0

    def event(self, app, ev, now):
        kind, b = ev
        step = 0
        if is_press(ev, "UP"):
            step = -1
        elif is_press(ev, "DOWN") or (kind == "press" and b == "C"):
            step = 1
        elif kind == "press" and b in ("A", "B", "GO"):
            app.pop(now)
            return
        if step:
            self.page = (self.page + step) % pages(self.game.categories())
            app.redraw()

    def draw(self, app, g):
        game = self.game
        cats = game.categories()
        right = "List %d · %d/%d" % (game.list_no(), self.page + 1, pages(cats))
        draw_page(g, cats, self.page, "Letter " + game.letter(), right)
        g.labels("Back", "", "Page →")
