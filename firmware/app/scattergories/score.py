"""Scattergories after the timer: time's up, points per player, and the totals.

Time's up is the first screen of this part, so the round's part (round.py) and its timer
are let go the moment the clock ends: that is when the phones' sheets are scored. The
table reads its answers out and crosses out matches on paper; the device keeps the points.
Each player's points for the round are typed with UP/DOWN (B moves on); a challenge typed
on the device is voted player by player (challenge.py, loaded only for one); a rejected
answer takes a point off. Answers typed on phones (net/scattergories.py) come here scored
by the rules: a player on a phone starts from those points, and may be challenged and
voted on from the phones too. Totals after each round, the winner after the last (a tie
shares the win: app/won.py); a round's scoring can be reopened ("Fix") until the next one
starts.
"""

import ticks
from app import gfx, layout, ringfx
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.scattergories import play as hub


def view(game, fresh):
    """Time's up when the clock has just ended (`fresh`), else the points or the totals."""
    if game.s["phase"] != "score":
        return Totals(game)
    return TimeUp(game) if fresh else Score(game)


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
            app.push(hub.ListView(self.game), now)

    def draw(self, app, g):
        game = self.game
        top = g.bar(hub.where(game) + " · List %d" % game.list_no(), "Letter " + game.letter())
        title = top + 8
        g.center("Time's up!", title, "title")
        msg = "Pens down. Read your answers out and cross out any that match."
        for k, line in enumerate(g.wrap(msg, "body", gfx.W - 16)[:2]):
            g.center(line, title + layout.TITLE + 8 + (layout.BODY + 1) * k, "body")
        g.labels("List", "Points", "")

    def ring(self, app, now, leds):
        t = ticks.diff(now, self.since)
        on = t >= 3000 or t % 500 < 250
        ringfx.fill(leds, 230 if on else 0, 0, 0)


class Score(GameScreen):
    """Each player's points this round: UP/DOWN change, B next player, A challenge, C done."""

    save_after_ms = 1000  # points changed: saved once UP/DOWN have rested this long

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
            app.push(hub.ListView(game), now)
        elif kind != "press":
            return
        elif b in ("B", "GO"):
            self.sel = (self.sel + 1) % game.n()
            app.save_session()
            app.redraw()
        elif b == "A":
            from app.scattergories.challenge import Challenge  # a part: play.PARTS

            app.push(Challenge(game, self.sel), now)
        elif b == "C":
            game.finish_round()
            if game.s["phase"] == "won":
                app.tone("win" if len(game.winners()) == 1 else "tie")
            else:
                app.tone("score")
            hub.go_on(app, game, now)

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
            hub.go_on(app, self.game, now)
        elif b == "A":
            self.game.reopen_round()
            hub.go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        done = len(game.s["scores"])
        top = g.bar("Scores after round %d of %d" % (done, game.s["rounds"]), "")
        totals = game.totals()
        for i, box in enumerate(cells(game.n(), top)):
            rounds = " + ".join(str(row[i]) for row in game.s["scores"]) or "no rounds yet"
            draw_cell(g, box, game.names[i], str(totals[i]), rounds)
        g.labels("Fix", "Round %d" % (done + 1), "")
