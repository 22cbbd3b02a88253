"""Scattergories on the device: the letter die, the timer and the score pad, mid-table.

A round: pick the list (Pick; between rounds it also shows the running totals), roll the
die (Roll), write against the ring's countdown (Play): app/scattergories_round.py; then
time's up, the points, the challenges typed on the device and the totals:
app/scattergories_score.py. This module shows where the game stands, with the screens
of the side it is on. The state is the model's (app/scattergories_game.py), saved at
every boundary and never while the timer runs: a flash write stalls the RP2040.

The die: the ring spins like a die and settles on a face; the e-ink shows the letter
huge. A face already used in this game is crossed out ("already used in round N: rolling
again") and the die is thrown again, as the rulebook says, until a fresh letter comes up.
The faces come from LetterDie.throw() (games.scattergories), saved before the show
begins, so a power cut can never roll a round's letter twice.

The writing time: the 12 categories, four to a page, while the ring counts down:
warnings at 1:00 and 0:30, a tick each of the last ten seconds, the end buzzer; a long
press pauses and resumes. Without a ring the bar shows the time left in coarse steps (a
board without a buzzer blinks the cues on its LED: app.tone). Nothing is saved while the
clock runs.

After the timer, the table reads its answers out and crosses out matches on paper; the
device keeps the points. Each player's points for the round are typed with UP/DOWN (B
moves on); a challenge typed on the device is voted player by player; a rejected answer
takes a point off. Answers typed on phones (net/scattergories.py) come here scored by the
rules: a player on a phone starts from those points, and may be challenged and voted on
from the phones too. Totals after each round, the winner after the last (a tie shares the
win); a round's scoring can be reopened ("Fix") until the next one starts. The majority
decides a challenge; a tie strikes out the challenged player's own vote
(games.scattergories).
"""

from micropython import const

from app import gamescreen, layout
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.gfx import W
from app.scattergories_game import DECK, Scattergories

_PER_PAGE = const(4)
_FONTS = const(("large", "bold", "body", "small"))  # a category takes the largest that fits
# The winners' screen (app/winners.py, Win): the title 4 px under the bar (its lines close), the
# totals 4 px under it in body type, a dot between them.
_WON = const((4, 0, 4, "body", " · ", " & "))


def start(app, now):
    return gamescreen.start(app, "Scattergories", now, Scattergories, DECK, first)


def first(app, game, now):
    return view(game, app.fresh)


def view(game, fresh=False):
    """The screen for where the game stands. `fresh`: the phase has just begun (the die
    rolls, the clock starts, time's up shows); without it, the phase is resumed (the letter
    shows, the clock waits, the points show). The round's screens and the scoring's are
    modules of their own, never loaded together (`turn`)."""
    phase = game.s["phase"]
    if phase == "won":
        from app.winners import Win  # (imported when a game is won)

        bar = ("Scattergories · game over", "%d rounds" % game.s["rounds"])
        return Win(game, bar, _WON, "", "Fix", won)
    if phase in ("score", "totals"):
        game.score_sheets()  # (at time's up: before the scoring's screens come in)
        from app.scattergories_score import Score, TimeUp, Totals

        if phase == "totals":
            return Totals(game)
        return TimeUp(game) if fresh else Score(game)  # time's up when the clock just ended
    from app.scattergories_round import Pick, Play, Roll

    if phase == "pick":
        return Pick(game)
    if phase == "roll":
        return Roll(game, fresh)  # resumed, the letter shows at once
    return Play(game, fresh)  # resumed after a power cut, the clock waits, stopped


def won(app, game, now):
    """C on the winners' screen: the last round's points, to fix."""
    game.reopen_round()
    go_on(app, game, now)


def go_on(app, game, now, fresh=False):
    """Saves, then shows where the game stands."""
    app.save_session()
    app.replace(view(game, fresh), now)


def turn(app, fresh=False):
    """Saves, then plays the game on from its save, as after a power cut but `fresh`: from
    the round to its scoring (time's up) and back (the next round's list). The modules of
    the side left go first, so the round's play and its scoring, each sharing the heap
    with four phones' sheets, never hold both sides' code (docs/memory.md)."""
    app.save_session()
    app.play(fresh=fresh)


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
