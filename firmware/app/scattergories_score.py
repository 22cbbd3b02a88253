"""Scattergories after the timer: time's up (TimeUp), each player's points (Score), a
challenge typed on the device and its vote (Challenge), and the totals between rounds
(Totals); the screens app/scattergories.py shows once a round's clock has ended.

Apart from the round's screens so that a round's play, its heap shared with four phones'
sheets, holds none of their code (docs/memory.md).
"""

import ticks
from app import gamescreen, gfx, layout
from app.buttons import is_press
from app.gamescreen import GameScreen, phones
from app.scattergories_board import draw_page, pages, where
from app.scattergories_game import CATEGORIES
from games import scattergories as rules


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
            if game.s["phase"] == "won":  # the winners' screen: app/scattergories.py's
                app.tone("win" if len(game.winners()) == 1 else "tie")
                gamescreen.turn(app)
            else:
                app.tone("score")
                app.save_session()
                app.replace(Totals(game), now)

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
            gamescreen.turn(app)  # the round's side again, for its list
        elif b == "A":
            self.game.reopen_round()
            app.save_session()
            app.replace(Score(self.game), now)

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
