"""Stay Cool on the device: the sand timer, the Timer Card and the score pad.

The screen faces the Interrogators and the Timekeeper, never the active player, who
watches the ring. Each turn: who holds which role and the first written question (Start);
C or GO once that question has been read flips the glass onto 1; the turn (Play) shows
the current written and verbal questions with their answers; then written value x verbal
value (End), which can be fixed (Fix). After round 3, the winner(s). During the turn:
    A  written right (hold: skip it)        B  verbal right (hold: skip it)
    C or GO  "Timer!" (hold: pause)         DOWN  undo the last press
A wrong answer needs no button: the question is asked again.

The ring is the hourglass (glass() and the rest at the end): LED 0 is at the top and they
run clockwise. The four LEDs across the top (14, 15, 0, 1) are the Timer Card: the glass
on number k lights k of them, left to right, and leaves the other slots glowing faintly,
so the number is a count of lights, not a colour. The other twelve (2..13) are the sand in
the upper bulb: lit from the far end, they go dark clockwise as it runs out, the edge LED
at partial brightness so the sand drains smoothly. A flip turns the whole picture half a
turn and back into place.
"""

from micropython import const

import ticks
from app import gamescreen, gfx, layout
from app import staycool_game as sc
from games import staycool as rules

# Few globals (the model's names through `sc`): a module's table of names is one block of
# the heap, 752 bytes past 37 names, that a game's start must find (Stay Cool's start with
# four phones at 144 KB did not, with 47).
# The winners' screen (app/winners.py, Win): the title 4 px under the bar (1 px under each
# line), the totals 2 px under it (or under the tie-break's line) in small type, three
# spaces between them.
_WON = const((4, 1, 2, "small", "   ", " and "))
_HELP = const(
    "In a turn: A written right, B verbal right (hold A or B: skip it). C or GO: Timer! "
    "(hold: pause). DOWN: undo. Wrong answer: no button."
)
_ROUND_RULE = const(("", "the glass flips itself", "say Timer! in time", "the timer is hidden"))
_X = const(27)  # the questions start right of the Timer Card
_STEP_MS = const(5000)  # without a ring (or in round 3) the screen shows the sand in these steps
_WARN_MS = const(5000)


def card_number(k, i, total):
    return "%s %d/%d" % (sc.NAMES[k][0], i + 1, total)


def draw_question(g, qa, x, y, width, tag=""):
    """A question in body type (small if it needs two lines), its answer in small type
    under it with `tag` at the right; returns the y below them."""
    q, a = qa
    if g.width(q, "body") <= width:
        g.text(q, x, y, "body")
        y += layout.BODY
    else:
        for line in g.wrap(q, "small", width)[:2]:
            g.text(line, x, y, "small")
            y += layout.SMALL - 1
    room = width
    if tag:
        room -= g.width(tag, "small") + 6
        g.right(tag, x + width, y, "small")
    g.text(g.fit("→ " + a, "small", room), x, y, "small")
    return y + layout.SMALL - 1


def start(app):
    return gamescreen.start(app, "Stay Cool", sc.StayCool, None, first)


def first(app, game, now):
    """Where the game stands, once what a power cut left is put right: a turn kept paused
    comes back paused, a turn cut short starts again from its start, and a turn to come
    gets its cards if it has none (saved then). A kept turn whose cards its deck no longer
    has (a smaller deck flashed since) starts again too, with cards the deck has."""
    running = game.s["phase"] == sc.RUNNING
    if running and game.s["live"] is not None and not game.needs_cards():
        game.total(0)  # its cards are read here, where a damaged deck is caught
        game.total(1)
        return Play(game, now)
    if running:
        game.restart_turn()
        dealt(app)
    elif game.s["phase"] != sc.OVER and game.needs_cards():
        game.deal()
        dealt(app)
    return view(game)


def dealt(app):
    """Saves a deal (the model's deal(), between turns), and lets the dealer go: the turns
    are played without its code (phases.Phases.done), the fullest the heap gets with
    four phones."""
    app.save_session()
    app.modules.done("app.dealer")


def view(game):
    """The screen for where the game stands: what a resumed game shows first."""
    if game.s["phase"] != sc.OVER:
        return Start(game)
    from app.winners import Win  # (imported when a game is won)

    totals, winners = game.totals(), game.winners()
    best = totals[winners[0]]
    note = "tied on %d: more points in round 3" % best if totals.count(best) > len(winners) else ""
    bar = ("Stay Cool", "game over")
    return Win(game, bar, _WON, note, "Scores", won)


def won(app, game, now):
    """C on the winners' screen: the scores."""
    app.push(Scores(game), now)


# -- between turns ----------------------------------------------------------------


class Start(gamescreen.GameScreen):
    """Who holds which role, and the first written question for the Interrogator to read."""

    full_refresh = True

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b in ("C", "GO"):
            self.game.begin()
            app.save_session()
            app.tone("flip")
            app.replace(Play(self.game, now), now)
        elif b == "A":
            app.push(Scores(self.game), now)
        elif b == "B":
            from app.dialogs import Notice  # (dialogs: loaded when one is shown)

            app.push(Notice("Buttons", _HELP), now)

    def draw(self, app, g):
        game = self.game
        r = game.s["round"]
        a, w, v, t = game.roles()
        top = g.bar("Stay Cool · Round %d of %d" % (r, sc.ROUNDS), _ROUND_RULE[r])
        yield  # the frame in parts, the loop running between them (App.draw_first)
        g.text(g.fit(self.who(a) + " answers", "bold", gfx.W - 8), 4, top + 1, "bold")
        if t == w:  # three players: the Written Interrogator keeps time too
            roles = "Written and timer: %s · Verbal: %s" % (self.who(w), self.who(v))
        else:
            roles = "Written: %s · Verbal: %s · Timer: %s" % (
                self.who(w),
                self.who(v),
                self.who(t),
            )
        y = top + 1 + layout.BODY + 1  # under who answers, in bold
        for line in g.wrap(roles, "small", gfx.W - 8)[:2]:
            g.text(line, 4, y, "small")
            y += layout.SMALL - 1
        g.hline(0, y + 2, gfx.W)
        yield
        qa = game.question(0, 0)
        if qa is None:  # printed cards
            text = self.who(w) + " reads the first written question, then Start."
            for line in g.wrap(text, "body", gfx.W - 8)[:2]:
                g.text(line, 4, y + 5, "body")
                y += layout.BODY
        else:
            draw_question(g, qa, 4, y + 5, gfx.W - 8, card_number(0, 0, game.total(0)))
        g.labels("Scores", "Buttons", "Start")

    def ring(self, app, now, leds):
        glass(leds, sc.PERIOD_MS, sc.PERIOD_MS, 1)  # a full glass, waiting on number 1


class End(gamescreen.GameScreen):
    """The turn is over: the two counts, their values, the product; running totals."""

    full_refresh = True

    def __init__(self, game, now, cards_done):
        super().__init__(game)
        self.ended_at = now
        self.cards_done = cards_done  # both cards answered, with sand to spare

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b == "A":
            app.push(Fix(self.game), now)
        elif b == "B":
            app.push(Scores(self.game), now)
        elif b in ("C", "GO"):
            app.replace(view(self.game), now)

    def draw(self, app, g):
        game = self.game
        p, r, w, v = game.s["last"]
        wv, vv = rules.WRITTEN_VALUES[w], rules.VERBAL_VALUES[v]
        why = "both cards done!" if self.cards_done else "time is up"
        top = g.bar("Round %d · %s's turn is over" % (r, self.who(p)), why)
        product = top + 3
        g.center("%d × %d = %d" % (wv, vv, wv * vv), product, "title")
        counts = product + layout.TITLE + 3
        g.center("%d written → %d   ·   %d verbal → %d" % (w, wv, v, vv), counts, "body")
        totals = game.totals()
        parts = ["%s %d" % (self.who(i), totals[i]) for i in range(game.n())]
        y = counts + layout.BODY + 5
        for line in g.pack(["Totals:"] + parts, "   ", "small", gfx.W - 8)[:2]:
            g.center(line, y, "small")
            y += layout.SMALL - 1
        nxt = "Winner" if game.s["phase"] == sc.OVER else "Next"
        g.labels("Fix", "Scores", nxt)

    def ring(self, app, now, leds):
        if not time_up(leds, ticks.diff(now, self.since)):
            super().ring(app, now, leds)


class Fix(gamescreen.GameScreen):
    """Corrects the last turn's counts (a press missed at the buzzer, or one too many):
    UP/DOWN choose written or verbal, B takes one off, C adds one, A goes back."""

    def __init__(self, game):
        super().__init__(game)
        self.sel = 0

    def event(self, app, ev, now):
        kind, b = ev
        if kind not in ("press", "repeat"):
            return
        if b in ("UP", "DOWN"):
            self.sel = 1 - self.sel
        elif kind != "press":
            return
        elif b == "A":
            app.pop(now)
            return
        elif b in ("B", "C", "GO"):
            self.game.fix(self.sel, -1 if b == "B" else 1)
            app.save_session()
        else:
            return
        app.redraw()

    def draw(self, app, g):
        p, r, w, v = self.game.s["last"]
        top = g.bar("Fix %s's turn, round %d" % (self.who(p), r), "UP/DOWN: choose")
        pitch = layout.BODY + 5
        for k, n in ((0, w), (1, v)):
            y = top + 6 + pitch * k
            if k == self.sel:
                g.fill_rect(0, y - 1, gfx.W, layout.BODY + 2)
            g.text(
                "%s right: %d (value %d)" % (sc.NAMES[k], n, sc.VALUES[k][n]),
                6,
                y,
                "body",
                k == self.sel,
            )
        g.center("= %d points" % rules.turn_score(w, v), top + 6 + 2 * pitch + 4, "bold")
        g.labels("Back", "−", "+")


class Scores(gamescreen.GameScreen):
    """Each player's round scores and total."""

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] in ("A", "B", "C", "GO"):
            app.pop(now)

    def draw(self, app, g):
        game = self.game
        n = game.n()
        top = g.bar("Scores", "round %d of %d" % (min(game.s["round"], sc.ROUNDS), sc.ROUNDS))
        cols = 1 if n <= 5 else 2
        rows = (n + cols - 1) // cols
        font, pitch = ("body", layout.BODY) if n <= 4 else ("small", layout.SMALL + 1)
        colw = gfx.W // cols
        numw = 34 if cols == 1 else 22
        totals = game.totals()
        for c in range(cols):
            x1 = (c + 1) * colw - 6
            for j, head in enumerate(("R1", "R2", "R3", "Total")):
                g.right(head, x1 - (3 - j) * numw, top + 1, "small")  # the columns' heads
        for i in range(n):
            x = (i // rows) * colw
            x1 = x + colw - 6
            y = top + 1 + layout.SMALL + (i % rows) * pitch
            g.text(g.fit(self.who(i), font, colw - 4 * numw - 6), x + 4, y, font)
            for j, pts in enumerate(game.s["scores"][i] + [totals[i]]):
                g.right(str(pts), x1 - (3 - j) * numw, y, font)
        g.labels("Back", "", "")


# -- the turn ---------------------------------------------------------------------


class Play(gamescreen.GameScreen):
    """The turn: the sand runs; the Interrogators' questions; Timer!, skip, undo, pause."""

    long_presses = ("B", "GO")  # a skip, a pause

    def __init__(self, game, now):
        super().__init__(game)
        # The turn, on the model too: the phones read it there (net/staycool.py).
        self.live = game.live = sc.Live(game, now, game.s["live"])  # a kept turn comes back paused
        self.flip_at = now  # the glass was just flipped onto 1
        self.position = 1
        self.steps = None

    def enter(self, app, now):
        super().enter(app, now)
        self.steps = self.coarse(app, now)

    def coarse(self, app, now):
        """The sand the screen shows, in steps, when it shows it (no ring, or round 3)."""
        if app.parts.get("ring") and self.live.round != 3:
            return None
        return (self.live.left(now) + _STEP_MS - 1) // _STEP_MS

    def changed(self, app, now):
        self.position = self.live.turn.position
        self.steps = self.coarse(app, now)
        app.redraw()

    def event(self, app, ev, now):
        kind, b = ev
        live = self.live
        if kind not in ("press", "long"):
            return
        self.tick(app, now)  # a flip or the end due at this very tick comes first
        if app.screen is not self:
            return
        if live.paused():
            if b in ("C", "GO"):
                live.resume(now)
                self.game.keep(None, now)
                app.save_session()
                self.changed(app, now)
        elif kind == "long":
            if b in ("A", "B"):
                self.act(app, "skip", sc.KINDS[0 if b == "A" else 1], now)
            elif b in ("C", "GO") and live.pause(now):
                self.game.keep(live, now)  # saved, so a power cut keeps the pause too
                app.save_session()
                self.changed(app, now)
        elif b in ("A", "B"):
            self.act(app, "correct", sc.KINDS[0 if b == "A" else 1], now)
        elif b in ("C", "GO"):
            if self.act(app, "timer", None, now):
                self.flip_at = now
                app.tone("flip")
        elif b == "DOWN" and live.undo(now):
            self.changed(app, now)

    def leave(self, app, now):
        """Off to the menu: the sand stops where it stands, and the turn is kept, so it
        comes back paused rather than from its start."""
        self.tick(app, now)  # a flip or the end due at this instant comes first
        if app.screen is self and (self.live.paused() or self.live.pause(now)):
            self.game.keep(self.live, now)
            app.save_session()

    def act(self, app, what, kind, now):
        if not self.live.press(what, kind, now):
            app.tone("refused")
            return False
        self.changed(app, now)
        return True

    def tick(self, app, now):
        live = self.live
        if live.update(now):
            t = live.turn
            app.tone("end")  # first, then the save: the buzzer is on time
            self.game.finish(t.written, t.verbal)  # (and the next turn's deal)
            dealt(app)
            done = t.remaining(now) > 0
            app.replace(End(self.game, now, done), now)
        elif live.turn.position != self.position:  # round 1: the Timekeeper's flip
            self.flip_at = now
            app.tone("flip")
            self.changed(app, now)
        elif self.steps is not None and self.coarse(app, now) != self.steps:
            self.changed(app, now)

    def deadline(self, app):
        return self.live.deadline(app.now)

    def ring(self, app, now, leds):
        live = self.live
        if live.round == 3:  # hidden from the active player: only the buzzer ends the turn
            gamescreen.fill(leds, 0, 0, 0)
            return
        left = live.left(now)
        position = live.turn.position
        colour, scale = SAND, 255
        if live.paused():
            scale = breathe(now)
        elif left <= _WARN_MS and (live.round == 2 or position == 4):
            colour, scale = WARN, pulse(now)
        shift = flip_shift(len(leds) // 3, ticks.diff(now, self.flip_at))
        glass(leds, left, sc.PERIOD_MS, position, colour, scale, shift)

    def draw(self, app, g):
        live = self.live
        t = live.turn
        if live.paused():
            right = "PAUSED"
        elif t.skipped:
            right = "skip used"
        else:
            right = "no skip on 4" if t.position == 4 else "skip: hold A or B"
        top = g.bar("Round %d · %s" % (live.round, self.who(self.game.s["turn"])), right)
        self.draw_card(g, top, t.position)
        if live.paused():
            paused = top + 22
            g.center("PAUSED", paused, "title", _X, gfx.W)
            g.center("The sand stands still.", paused + layout.TITLE + 6, "body", _X, gfx.W)
            g.labels("", "", "Resume")
            return
        mid = top + (gfx.H - gfx.FOOTER - top) // 2
        self.draw_kind(g, 0, t.written, top + 1)
        g.hline(_X, mid, gfx.W - _X)
        self.draw_kind(g, 1, t.verbal, mid + 2)
        g.labels("Written ✓", "Verbal ✓", "Timer!")

    def draw_card(self, g, top, position):
        """The Timer Card down the left edge, the glass's number inverted."""
        box = layout.BODY  # a number's box, one above the other
        for i in range(4):
            y = top + 2 + (box + 1) * i
            on = i + 1 == position
            if on:
                g.fill_rect(1, y, 23, box)
            else:
                g.rect(1, y, 23, box)
            g.center(str(i + 1), y, "body", 1, 24, on)
        if self.steps is not None:  # under the card
            g.center(
                "%ds" % (self.steps * _STEP_MS // 1000), top + 2 + (box + 1) * 4, "small", 0, 26
            )

    def draw_kind(self, g, k, done, y):
        total = self.live.totals[k]
        if done >= total:
            g.text("%s card done: %d of %d" % (sc.NAMES[k], done, total), _X, y + 2, "body")
            return
        qa = self.game.question(k, done)
        if qa is None:  # printed cards: the count and the value so far
            g.text("%s: %d right" % (sc.NAMES[k], done), _X, y, "large")
            what = "next: question %d of %d · value %d" % (done + 1, total, sc.VALUES[k][done])
            g.text(what, _X, y + layout.LARGE + 1, "small")
            return
        draw_question(g, qa, _X, y, gfx.W - _X - 3, card_number(k, done, total))


# -- the ring: the hourglass ---------------------------------------------------------


SAND = (255, 120, 0)  # amber
WARN = (255, 16, 0)  # the last seconds: redder, and pulsing
MARK_ON = (160, 160, 160)
MARK_OFF = (5, 5, 5)
_TIME_UP = const((255, 0, 0))
FLIP_MS = const(600)  # the flip animation
PULSE_MS = const(500)  # the warning pulse
_BREATHE_MS = const(2000)  # a paused glass breathes slowly
FLASH_MS = const(1500)  # time is up: the ring flashes red this long
_MARKS = const(4)


def _put(leds, i, colour, f):
    """LED i (wrapped to the ring) set to `colour` at brightness f of 255."""
    i = 3 * (i % (len(leds) // 3))
    leds[i] = colour[0] * f // 255
    leds[i + 1] = colour[1] * f // 255
    leds[i + 2] = colour[2] * f // 255


def glass(leds, left, period, position, colour=SAND, scale=255, shift=0):
    """The hourglass: `left` of `period` ms of sand on top, the glass on number `position`
    (1..4), the sand at brightness `scale` (0..255), everything turned `shift` LEDs."""
    n = len(leds) // 3
    sand = n - _MARKS
    left = max(0, min(left, period))
    amount = left * sand * 255 // period  # lit LEDs, in 1/255ths
    full = amount // 255
    for k in range(sand):
        from_end = sand - 1 - k  # LEDs count from the far end (LED 13) back
        if from_end < full:
            f = 255
        elif from_end == full:
            f = amount % 255
        else:
            f = 0
        # Squared: the eye sees brightness roughly so, and the edge then fades evenly.
        _put(leds, 2 + k + shift, colour, f * f // 255 * scale // 255)
    for m in range(_MARKS):
        _put(leds, n - 2 + m + shift, MARK_ON if m < position else MARK_OFF, 255)


def flip_shift(n, since):
    """How far the picture is turned `since` ms after a flip: half a turn back to none."""
    if since < 0 or since >= FLIP_MS:
        return 0
    return (n // 2) * (FLIP_MS - since) // FLIP_MS


def triangle(ms, period, low, high):
    """A value going low -> high -> low every `period` ms."""
    phase = ms % period
    half = period // 2
    up = phase if phase < half else period - phase
    return low + (high - low) * up // half


def pulse(ms):
    """The warning: full brightness down to a quarter, twice a second."""
    return triangle(ms, PULSE_MS, 64, 255)


def breathe(ms):
    """Paused: the frozen sand slowly breathes at low brightness."""
    return triangle(ms, _BREATHE_MS, 24, 120)


def time_up(leds, since):
    """Time is up: the whole ring flashes red for FLASH_MS, then goes dark. True meanwhile."""
    on = 0 <= since < FLASH_MS and (since // 250) % 2 == 0
    for i in range(len(leds) // 3):
        _put(leds, i, _TIME_UP, 255 if on else 0)
    return 0 <= since < FLASH_MS
