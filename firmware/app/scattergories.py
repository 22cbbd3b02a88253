"""Scattergories on the device: the letter die, the timer and the score pad, mid-table.

A round: pick the list (Pick; between rounds it also shows the running totals), roll the
die (Roll), write against the ring's countdown (Play); then time's up (TimeUp), points
(Score), a challenge typed on the device (Challenge), and the totals (Totals). The state
is the model's (app/scattergories_game.py), saved at every boundary and never while the
timer runs: a flash write stalls the RP2040.

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

import ticks
from app import gamescreen, gfx, layout
from app.buttons import is_press
from app.gamescreen import GameScreen, Win, phones
from app.gfx import W
from app.scattergories_game import (
    CATEGORIES,
    DECK,
    END,
    Countdown,
    Scattergories,
    coarse,
    next_coarse,
)
from games import scattergories as rules
from games.scattergories import LETTERS

_PER_PAGE = const(4)
_FONTS = const(("large", "bold", "body", "small"))  # a category takes the largest that fits
# The winners' screen (gamescreen.Win): the title 4 px under the bar (its lines close), the
# totals 4 px under it in body type, a dot between them.
_WON = const((4, 0, 4, "body", " · ", " & "))
_SPIN_MS = const(1400)  # the die spins this long, then settles on a face
_SHOW_MS = const(1800)  # a used letter stays on show this long before the die is thrown again
_CROSS = const((6, 88))  # the rows under the bar that the huge letter's square spans
_GREEN = const((0, 190, 60))
_AMBER = const((230, 130, 0))
_RED = const((230, 0, 0))


def start(app, now):
    return gamescreen.start(app, "Scattergories", now, Scattergories, DECK, first)


def first(app, game, now):
    return view(game)


def view(game, fresh=False):
    """The screen for where the game stands. `fresh`: the phase has just begun (the die
    rolls, the clock starts); without it, the phase is resumed (the letter shows, the
    clock waits)."""
    phase = game.s["phase"]
    if phase == "won":
        bar = ("Scattergories · game over", "%d rounds" % game.s["rounds"])
        return Win(game, bar, _WON, "", "Fix", won)
    if phase == "pick":
        return Pick(game)
    if phase == "roll":
        return Roll(game, fresh)  # resumed, the letter shows at once
    if phase == "play":
        return Play(game, fresh)  # resumed after a power cut, the clock waits, stopped
    if phase == "score":
        return TimeUp(game) if fresh else Score(game)  # time's up when the clock just ended
    return Totals(game)


def won(app, game, now):
    """C on the winners' screen: the last round's points, to fix."""
    game.reopen_round()
    go_on(app, game, now)


def go_on(app, game, now, fresh=False):
    """Saves, then shows where the game stands."""
    app.save_session()
    app.replace(view(game, fresh), now)


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


# -- the list ----------------------------------------------------------------------


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
            ready = "phones" if len(phones(app)) == game.n() else "paper"
            note = "of %d lists · %s ready? Roll!" % (game.deck.count, ready)
        note_y = down + layout.SMALL + 2
        g.center(note, note_y, "small")
        if game.s["scores"]:  # the running totals, for the table to see between rounds
            names = game.names
            line = " · ".join("%s %d" % (names[p], t) for p, t in enumerate(game.totals()))
            g.center(g.fit(line, "small", W - 8), note_y + layout.SMALL + 1, "small")
        g.labels("", "Roll", "")


# -- the die -----------------------------------------------------------------------


class Roll(GameScreen):
    """The die: faces thrown one after another, a used letter crossed out, then the letter.

    Stage 2i: face i spinning on the ring; 2i+1: settled on it. The panel is redrawn when a
    face settles, never during a spin (the e-ink keeps showing the last face meanwhile)."""

    def __init__(self, game, animate):
        super().__init__(game)
        self.faces = game.s["faces"] or game.letter()
        self.game.rolling = animate  # on the model: the phones keep the letter till it shows
        self.stage = -1 if animate else self.last()

    def last(self):
        return 2 * len(self.faces) - 1

    def boundary(self, k):
        """Ms after the throw at which stage k begins."""
        return (k // 2) * (_SPIN_MS + _SHOW_MS) + (_SPIN_MS if k & 1 else 0)

    def stage_at(self, now):
        if not self.game.rolling:
            return self.last()
        t = ticks.diff(now, self.since)
        k = 0
        while k < self.last() and t >= self.boundary(k + 1):
            k += 1
        return k

    def enter(self, app, now):
        super().enter(app, now)
        if self.stage < 0:
            self.stage = 0

    def tick(self, app, now):
        k = self.stage_at(now)
        if k == self.stage:
            return
        self.stage = k
        if k & 1:  # a face settled: show it
            app.redraw()
            app.tone("settle" if k == self.last() else "refused")
        if k == self.last():
            self.game.rolling = False

    def deadline(self, app):
        if not self.game.rolling or self.stage >= self.last():
            return None
        return ticks.add(self.since, self.boundary(self.stage + 1))

    def event(self, app, ev, now):
        if ev[0] != "press" or ev[1] not in ("B", "GO"):
            return
        if self.stage < self.last():  # skip the show
            self.game.rolling = False
            self.stage = self.last()
            app.tone("settle")
            app.redraw()
            return
        self.game.start_timer()
        go_on(app, self.game, now, True)  # saved before the clock runs, never while it does

    def face(self):
        """The index of the face on the panel (-1: still rolling the first)."""
        return (self.stage - 1) // 2 if self.stage > 0 else -1

    def draw(self, app, g):
        game = self.game
        before = game.s["letters"][:-1]  # never the letter on its way
        top = g.bar(
            where(self.game) + " · List %d" % game.list_no(), "used: " + before if before else ""
        )
        i = self.face()
        shown = self.faces[i] if i >= 0 else "?"
        x = 4 + (130 - g.width(shown, "huge")) // 2
        g.text(shown, x, top + 2, "huge")
        tx = 140
        if i < 0:
            g.text("Rolling…", tx, top + 30, "large")  # beside the letter, above its middle
            g.labels("", "Skip", "")
            return
        if i < len(self.faces) - 1:
            self.draw_used(g, top, shown, tx)
            return
        y, pitch = top + 8, layout.LARGE + 5
        g.text("Your letter", tx, y, "large")
        g.text("List %d" % game.list_no(), tx, y + pitch, "large")
        g.text("Timer " + clock(game.s["ms"]), tx, y + 2 * pitch, "body")
        g.labels("", "Start", "")

    def draw_used(self, g, top, shown, x):
        """A face used in an earlier round, crossed out (apart from draw: one long function
        is one large block of bytecode to find in the heap when this part loads)."""
        y0, y1 = top + _CROSS[0], top + _CROSS[1]
        for d in range(-3, 4):  # a thick cross over the letter's square, however narrow
            g.fb.line(20, y0 + d, 118, y1 + d, 1)
            g.fb.line(20, y1 + d, 118, y0 + d, 1)
        used = self.game.used_before(shown, len(self.game.s["letters"]) - 1)
        lines = ["Already used", "in round %d:" % used, "rolling again…"]
        for k, line in enumerate(lines):
            g.text(line, x, top + 12 + (layout.LARGE - 1) * k, "large" if k == 0 else "body")
        g.labels("", "Skip", "")

    def ring(self, app, now, leds):
        faces = self.faces
        if self.game.rolling:
            t = ticks.diff(now, self.since)
            i = min(len(faces) - 1, t // (_SPIN_MS + _SHOW_MS))
            t -= i * (_SPIN_MS + _SHOW_MS)
        else:
            i, t = len(faces) - 1, _SPIN_MS + _SHOW_MS
        land = LETTERS.find(faces[i]) * 16 // len(LETTERS)
        if t < _SPIN_MS:
            spin(leds, t, land)
        else:
            settled(leds, land, _GREEN if i == len(faces) - 1 else _RED)


def spin(leds, t, land):
    """The die spinning: a dot with a tail, slowing down to stop on LED `land` at _SPIN_MS."""
    n = len(leds) // 3
    steps = 3 * n + land
    rest = _SPIN_MS - t
    head = steps - steps * rest * rest // (_SPIN_MS * _SPIN_MS)
    for i in range(n):
        k = (head - i) % n
        f = 255 >> (2 * k) if k < 4 else 0
        leds[3 * i] = leds[3 * i + 1] = leds[3 * i + 2] = f


def settled(leds, land, colour):
    """The die at rest: its face bright, the rest of the ring a glow of the same colour."""
    for i in range(len(leds) // 3):
        div = 1 if i == land else 10
        leds[3 * i] = colour[0] // div
        leds[3 * i + 1] = colour[1] // div
        leds[3 * i + 2] = colour[2] // div


# -- the writing time ----------------------------------------------------------------


def soonest(now, *deadlines):
    best = None
    for d in deadlines:
        if d is not None and (best is None or ticks.diff(d, now) < ticks.diff(best, now)):
            best = d
    return best


class Play(GameScreen):
    """The list, a page of four categories at a time, while the ring counts down.

    UP/DOWN (or A/C) turn the pages; a long B or GO pauses and resumes. Without a ring the
    bar shows the time left in coarse steps."""

    long_presses = ("B", "GO")

    def __init__(self, game, run):
        super().__init__(game)
        s = game.s
        # The countdown, on the model too: the phones read it there (net/scattergories.py).
        self.cd = game.clock = Countdown(s["ms"], s["left"])
        self.run = run  # a fresh round starts at once; a resumed one waits, stopped
        self.page = 0
        self.shown = None  # the coarse time on the panel (no ring)

    def enter(self, app, now):
        super().enter(app, now)
        if self.run:
            self.cd.start(now)
            self.run = False
        self.shown = coarse(self.cd.remaining(now))

    def tick(self, app, now):
        cd = self.cd
        if not cd.running:
            return
        due = cd.due(now)
        if END in due:
            self.time_up(app, now)
            return
        if due:
            app.tone(due[-1])  # a board with no buzzer blinks it on its LED
        if not app.parts.get("ring"):
            shown = coarse(cd.remaining(now))
            if shown != self.shown:
                self.shown = shown
                app.redraw()

    def deadline(self, app):
        cd = self.cd
        now = app.now
        redraw = None
        if cd.running and not app.parts.get("ring"):
            at = next_coarse(cd.remaining(now))
            redraw = cd.at(at) if at is not None else None
        return soonest(now, cd.deadline(), redraw)

    def time_up(self, app, now):
        """Pens down: time's up, and the phones' sheets are scored (the model's time_up)."""
        app.tone(END)
        self.game.time_up()
        go_on(app, self.game, now, True)  # saved: the clock has stopped

    def event(self, app, ev, now):
        kind, b = ev
        running = self.cd.running
        if kind == "long" and b in ("B", "GO"):
            self.toggle(app, now)
        elif is_press(ev, "UP") or (kind == "press" and b == "A" and running):
            self.turn(app, -1)
        elif is_press(ev, "DOWN") or (kind == "press" and b == "C"):
            self.turn(app, 1)
        elif kind == "press" and not running and b in ("B", "GO"):
            self.toggle(app, now)
        elif kind == "press" and not running and b == "A":
            from app.dialogs import Confirm  # (dialogs: loaded when one is shown)

            msg = "Stop the timer now? Time is up for everyone."
            app.push(Confirm("End the round?", msg, lambda app, now: self.time_up(app, now)))

    def turn(self, app, step):
        self.page = (self.page + step) % pages(self.game.categories())
        app.redraw()

    def leave(self, app, now):
        """Off to the menu: the timer pauses where it stands (and is saved, as a pause is),
        so the round comes back paused, not from its start."""
        if self.cd.running:
            self.toggle(app, now)

    def toggle(self, app, now):
        cd = self.cd
        if cd.running:
            self.tick(app, now)  # the cues up to this instant come first
            if app.screen is not self:
                return
            cd.pause(now)
            self.game.stop_timer(cd.left)
            app.save_session()
        else:
            cd.start(now)
        app.redraw()

    def draw(self, app, g):
        game = self.game
        cats = game.categories()
        cd = self.cd
        where = "%d/%d" % (self.page + 1, pages(cats))
        if not cd.running:
            right = "PAUSED " + clock(cd.left) + " · " + where
        elif not app.parts.get("ring"):
            right = clock(self.shown) + " left · " + where
        else:
            right = "List %d · %s" % (game.list_no(), where)
        draw_page(g, cats, self.page, "Letter " + game.letter(), right)
        if cd.running:
            g.labels("← Page", "hold: Pause", "Page →")
        else:
            g.labels("End round", "Resume", "Page →")

    def ring(self, app, now, leds):
        cd = self.cd
        left = cd.remaining(now)
        colour = _GREEN if left > 60000 else _AMBER if left > 30000 else _RED
        n = len(leds) // 3
        scaled = left * n
        full, part = scaled // cd.total, scaled % cd.total
        dim = 1
        if not cd.running:
            dim = 1 if ticks.diff(now, self.since) % 1000 < 500 else 8  # paused: blinking
        elif left <= 10000 and left % 1000 < 300:
            dim = 6  # the last ten seconds flash
        for i in range(n):
            f = 255 if i < full else part * 255 // cd.total if i == full else 0
            leds[3 * i] = colour[0] * f // 255 // dim
            leds[3 * i + 1] = colour[1] * f // 255 // dim
            leds[3 * i + 2] = colour[2] * f // 255 // dim


# -- after the timer ---------------------------------------------------------------


def cells(n, top):
    """(x, y, w, h) of each player's box: one column up to three players, else two."""
    cols = 1 if n <= 3 else 2
    rows = (n + cols - 1) // cols
    h = (gfx.H - gfx.FOOTER - top) // rows
    w = gfx.W // cols
    return [((i // rows) * w, top + (i % rows) * h, w, h) for i in range(n)]


def draw_cell(g, box, name, big, small, chosen=False):
    x, y, w, h = box
    if chosen:
        g.fill_rect(x, y, w, h)
    g.text(g.fit(name, "body", w - 56), x + 6, y + 1, "body", chosen)
    if small:  # under the name
        g.text(g.fit(small, "small", w - 56), x + 6, y + layout.BODY - 2, "small", chosen)
    g.right(big, x + w - 8, y + (h - layout.LARGE) // 2, "large", chosen)


class TimeUp(GameScreen):
    """Pens down: the ring flashes red. B or GO goes on to the points; A shows the list."""

    full_refresh = True

    def event(self, app, ev, now):
        if ev[0] != "press":
            return
        if ev[1] in ("B", "GO"):
            app.replace(Score(self.game), now)
        elif ev[1] == "A":
            app.push(ListView(self.game), now)

    def draw(self, app, g):
        game = self.game
        top = g.bar(where(game) + " · List %d" % game.list_no(), "Letter " + game.letter())
        title = top + 8
        g.center("Time's up!", title, "title")
        on = len(phones(app))  # players writing on a phone: their sheets are scored already
        if not on:
            msg = "Pens down. Read your answers out and cross out any that match."
        elif on == game.n():
            msg = "Phones locked: every sheet is scored. See your phones."
        else:
            msg = "Pens down, phones locked. Read the paper answers out."
        for k, line in enumerate(g.wrap(msg, "body", gfx.W - 16)[:2]):
            g.center(line, title + layout.TITLE + 8 + (layout.BODY + 1) * k, "body")
        g.labels("List", "Points", "")

    def ring(self, app, now, leds):
        t = ticks.diff(now, self.since)
        on = t >= 3000 or t % 500 < 250
        gamescreen.fill(leds, 230 if on else 0, 0, 0)


class Score(GameScreen):
    """Each player's points this round: UP/DOWN change, B next player, A challenge, C done."""

    save_after_ms = 1000  # points changed: saved once UP/DOWN have rested this long
    long_presses = ("B", "GO")

    def __init__(self, game):
        super().__init__(game)
        self.sel = 0
        self.save_at = None  # points changed: saved once UP/DOWN rest (not every repeat)

    def tick(self, app, now):
        if self.save_at is not None and ticks.reached(now, self.save_at):
            self.save_at = None
            app.save_session()

    def deadline(self, app):
        return self.save_at

    def event(self, app, ev, now):
        kind, b = ev
        game = self.game
        if is_press(ev, "UP") or is_press(ev, "DOWN"):
            game.add_points(self.sel, 1 if b == "UP" else -1)
            self.save_at = ticks.add(now, self.save_after_ms)
            app.redraw()
        elif kind == "long" and b in ("B", "GO"):
            app.push(ListView(game), now)
        elif kind != "press":
            return
        elif b in ("B", "GO"):
            self.sel = (self.sel + 1) % game.n()
            app.save_session()
            app.redraw()
        elif b == "A":
            app.push(Challenge(game, self.sel), now)
        elif b == "C":
            game.finish_round()
            if game.s["phase"] == "won":
                app.tone("win" if len(game.winners()) == 1 else "tie")
            else:
                app.tone("score")
            go_on(app, game, now)

    def draw(self, app, g):
        game = self.game
        top = g.bar(
            "Round %d points · Letter %s" % (game.round_no(), game.letter()), "hold B: list"
        )
        totals = game.totals()
        pts = game.s["points"]
        for i, box in enumerate(cells(game.n(), top)):
            name = game.names[i]
            draw_cell(g, box, name, str(pts[i]), "total %d" % (totals[i] + pts[i]), i == self.sel)
        g.labels("Challenge", "Next", "Done")


class Totals(GameScreen):
    """Running totals after a round: B the next round, A fix this round's points."""

    full_refresh = True

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b in ("B", "GO"):
            self.game.next_round()
            go_on(app, self.game, now)
        elif b == "A":
            self.game.reopen_round()
            go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        done = len(game.s["scores"])
        top = g.bar("Scores after round %d of %d" % (done, game.s["rounds"]), "")
        totals = game.totals()
        for i, box in enumerate(cells(game.n(), top)):
            rounds = " + ".join(str(row[i]) for row in game.s["scores"]) or "no rounds yet"
            draw_cell(g, box, game.names[i], str(totals[i]), rounds)
        g.labels("Fix", "Round %d" % (done + 1), "")


class Challenge(GameScreen):
    """A challenged answer: which category, then everyone's vote, then the verdict."""

    def __init__(self, game, player):
        super().__init__(game)
        self.player = player
        self.category = 0
        self.stage = "category"
        self.ballots = []  # per player in seating order: True accept, False reject, None

    def votes(self):
        return [(p, v) for p, v in enumerate(self.ballots) if v is not None]

    def accepted(self):
        return rules.challenge_accepted(self.votes(), self.player)

    def event(self, app, ev, now):
        kind, b = ev
        stage = self.stage
        n = self.game.n()
        if stage == "category" and (is_press(ev, "UP") or is_press(ev, "DOWN")):
            self.category = (self.category + (1 if b == "DOWN" else -1)) % CATEGORIES
        elif stage == "vote" and is_press(ev, "UP") and self.ballots:
            self.ballots.pop()  # back to the previous voter
        elif kind != "press":
            return
        elif stage == "category":
            if b == "A":
                app.pop(now)
                return
            if b not in ("B", "GO"):
                return
            self.stage = "vote"
            self.game.asked = [self.player, self.category]  # the phones show it too
        elif stage == "vote":
            if b not in ("A", "B", "C", "GO"):
                return
            self.ballots.append(True if b == "C" else False if b == "A" else None)
            if len(self.ballots) == n:
                self.stage = "result"
        elif b == "A":  # the verdict shown: vote again
            self.ballots = []
            self.stage = "vote"
        elif b not in ("B", "GO"):
            return
        else:  # or it stands
            self.game.challenge(self.player, self.category, self.votes())
            self.game.asked = None
            app.save_session()
            app.pop(now)
            return
        app.redraw()

    def draw(self, app, g):
        game = self.game
        names = game.names
        who = names[self.player]
        cat = "%d. %s" % (self.category + 1, game.categories()[self.category])
        if self.stage == "category":
            top = g.bar("Challenge: %s's answer" % who, "which category?")
            y = top + 8
            for line in g.wrap(cat, "large", gfx.W - 12)[:2]:
                g.text(line, 6, y, "large")
                y += layout.LARGE - 1
            hint = top + 8 + 2 * (layout.LARGE - 1) + 10  # under two lines of it
            g.text("UP/DOWN: the category. Then everyone votes.", 6, hint, "small")
            g.labels("Cancel", "Vote", "")
            return
        top = g.bar("Challenge: " + who, g.fit(cat, "small", 180))
        yes = sum(1 for v in self.ballots if v is True)
        no = sum(1 for v in self.ballots if v is False)
        if self.stage == "vote":
            self.draw_vote(g, top, who, "so far: %d accept, %d reject" % (yes, no))
        else:
            self.draw_result(g, top, who, "%d accept, %d reject" % (yes, no), yes == no)

    def draw_vote(self, g, top, who, text):
        """Whose vote it is, and `text`, the tally so far."""
        voter = self.game.names[len(self.ballots)]
        ask = top + 6 + layout.TITLE + 4
        g.center(voter + " votes", top + 6, "title")
        g.center("accept %s's answer, or reject it?" % who, ask, "body")
        if self.ballots:
            text += " · UP: back"
        g.center(text, ask + layout.BODY + 5, "small")
        g.labels("Reject", "No vote", "Accept")

    def draw_result(self, g, top, who, why, tie):
        """The verdict."""
        ok = self.accepted()
        g.center("Accepted" if ok else "Rejected", top + 6, "title")
        own = self.ballots[self.player]
        if tie and own is not None:
            why += ": a tie, so %s's own vote is struck out" % who
        elif tie:
            why += ": a tie, so the answer stands"
        why_y = top + 6 + layout.TITLE + 2
        for k, line in enumerate(g.wrap(why, "body", gfx.W - 12)[:2]):
            g.center(line, why_y + layout.BODY * k, "body")
        p = self.game.s["points"][self.player]
        after = p if ok else max(0, p + self.game.delta(self.player, self.category))
        g.center("%s: %d → %d points" % (who, p, after), why_y + 2 * layout.BODY + 2, "small")
        g.labels("Vote again", "OK", "")
