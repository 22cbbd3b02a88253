"""Scattergories, a challenge typed on the device: which category, everyone's vote, the verdict.

A part of its own (play.PARTS), loaded over the points (score.py) only when A asks for a
challenge, and let go when it is done: the phones' challenges are voted on the phones
(net/sheets.py), so a table that plays from its phones never loads it. The majority
decides; a tie strikes out the challenged player's own vote (games.scattergories).
"""

from app import gfx, layout
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.scattergories import game as sg
from games import scattergories as rules


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
            self.category = (self.category + (1 if b == "DOWN" else -1)) % sg.CATEGORIES
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
        """Whose vote it is, and `text`, the tally so far (drawn apart, as the verdict is:
        see draw_result)."""
        voter = self.game.names[len(self.ballots)]
        ask = top + 6 + layout.TITLE + 4
        g.center(voter + " votes", top + 6, "title")
        g.center("accept %s's answer, or reject it?" % who, ask, "body")
        if self.ballots:
            text += " · UP: back"
        g.center(text, ask + layout.BODY + 5, "small")
        g.labels("Reject", "No vote", "Accept")

    def draw_result(self, g, top, who, why, tie):
        """The verdict (drawn apart from the rest: one long function is one large block
        of bytecode to find in the heap when this part loads)."""
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
