"""Stay Cool on the device: the sand timer, the Timer Card and the score pad.

The screen faces the Interrogators and the Timekeeper, never the active player, who
watches the ring. Each turn: who holds which role and the first written question (Start);
C or GO once that question has been read flips the glass onto 1; the turn (Play) shows
the current written and verbal questions with their answers; then written value x verbal
value (End), which can be fixed (Fix): those two and the scores are app/staycool_end.py,
imported when a turn ends or the scores are asked for. After round 3, the winner(s).
During the turn:
    A  written right (hold: skip it)        B  verbal right (hold: skip it)
    C or GO  "Timer!" (hold: pause)         DOWN  undo the last press
A wrong answer needs no button: the question is asked again.

The ring is the hourglass (app/staycool_board.py, with what the screens share).
"""

from micropython import const

import ticks
from app import gamescreen, gfx, layout
from app import staycool_board as board
from app import staycool_game as sc

# Few globals (the model's names through `sc`, the board's through `board`): a module's
# table of names is one block of the heap, 752 bytes past 37 names, that a game's start
# must find (Stay Cool's start with four phones at 144 KB did not, with 47).
_HELP = const(
    "In a turn: A written right, B verbal right (hold A or B: skip it). C or GO: Timer! "
    "(hold: pause). DOWN: undo. Wrong answer: no button."
)
_ROUND_RULE = const(("", "the glass flips itself", "say Timer! in time", "the timer is hidden"))
_X = const(27)  # the questions start right of the Timer Card
_STEP_MS = const(5000)  # without a ring (or in round 3) the screen shows the sand in these steps
_WARN_MS = const(5000)


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
    from app.staycool_end import winners  # (imported once a game is won)

    return winners(game)


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
            from app.staycool_end import Scores  # (imported when asked for)

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
            board.draw_question(g, qa, 4, y + 5, gfx.W - 8, board.card_number(0, 0, game.total(0)))
        yield
        g.labels("Scores", "Buttons", "Start")

    def ring(self, app, now, leds):
        board.glass(leds, sc.PERIOD_MS, sc.PERIOD_MS, 1)  # a full glass, waiting on number 1


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
            from app.staycool_end import End  # (imported when a turn ends)

            app.replace(End(self.game, now, done, view), now)
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
        colour, scale = board.SAND, 255
        if live.paused():
            scale = board.breathe(now)
        elif left <= _WARN_MS and (live.round == 2 or position == 4):
            colour, scale = board.WARN, board.pulse(now)
        shift = board.flip_shift(len(leds) // 3, ticks.diff(now, self.flip_at))
        board.glass(leds, left, sc.PERIOD_MS, position, colour, scale, shift)

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
        sand = None if self.steps is None else self.steps * _STEP_MS // 1000
        board.timer_card(g, top, t.position, sand)
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
        board.draw_question(g, qa, _X, y, gfx.W - _X - 3, board.card_number(k, done, total))
