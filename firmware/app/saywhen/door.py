"""Say When!, the Answer Door: the answer, its range and who scores and why. Quick
judging of who was closest (A) is a part of its own (judge.py): the phones look at the
door as it shows, so it holds the door alone.
"""

import ticks
from app import layout, ringfx, screen
from app.gamescreen import GameScreen
from app.gfx import W
from app.saywhen import game as sw
from app.saywhen import play as hub

# How each verdict of quick judging reads. judge.py has the same: one shared would load the
# judge's part at the door, and the same name in both costs no name more.
_KIND_TEXT = {"exact": "exact", "range": "in range", "outside": "outside the range"}


class Door(GameScreen):
    """The Answer Door is open: the answer, its range, and who scores and why."""

    full_refresh = True

    def enter(self, app, now):
        super().enter(app, now)
        self.points = self.game.points()

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        game = self.game
        if b == "A":
            app.replace(screen.part(hub.PARTS, "app.saywhen.judge", "Judge", game), now)
        elif b in ("B", "GO"):
            outcome = game.apply()
            app.save_session()
            if isinstance(outcome, int):
                app.tone("win")
            elif outcome is not None:
                app.tone("tie")
            elif self.points:
                app.tone("score")
            app.replace(screen.Next(hub.view, game), now)  # the next card, or the winner
            if isinstance(outcome, list):
                from app.dialogs import Notice

                names = " and ".join(self.who(t) for t in outcome)
                app.push(
                    Notice(
                        "Sudden Death",
                        names + " are tied. One more question, secret;"
                        " only they guess. The Scanner passes to "
                        + self.who(game.s["quizzer"])
                        + ".",
                    ),
                    now,
                )
        elif b == "C":  # the scoreboard; under it, this screen waits as a stand-in
            app.replace(screen.part(hub.PARTS, "app.saywhen.door", "Door", game), now)
            app.push(screen.part(hub.PARTS, "app.saywhen.scores", "Scores", game), now)

    def draw(self, app, g):
        game = self.game
        card = game.card()
        right = "Sudden Death" if game.s["sudden"] else "double points" if game.last_card() else ""
        top = g.bar(hub.where(game) + " · the answer", right)
        answer = top + 2
        x = g.text(hub.number(card[sw.ANSWER]), 6, answer, "title")
        unit, year = card[sw.UNIT], card[sw.AS_OF]
        span = "range %s to %s" % (hub.number(card[sw.LOW]), hub.number(card[sw.HIGH]))
        if year:  # beside the unit if it fits there, else after the range
            dated = "%s (as of %s)" % (unit, year)
            if x + 6 + g.width(dated, "body") <= W:
                unit = dated
            else:
                span += ", as of " + year
        g.text(unit, x + 6, answer + layout.TITLE - layout.BODY - 3, "body")  # on its line
        if g.width(span, "small") > W - 12:
            span = span[6:]  # a long range: the numbers, without the word
        span_y = answer + layout.TITLE + 2
        g.text(span, 6, span_y, "small")
        y = span_y + layout.SMALL + 2
        for line in self.why()[:3]:
            g.text(g.fit(line, "small", W - 12), 6, y, "small")
            y += layout.SMALL - 1
        g.labels("Judge", "Next", "Scores")

    def why(self):
        """A line per scoring team: its guess and how it scored."""
        game = self.game
        pts = self.points
        if not pts:
            if game.scoring_guesses():
                return ["Nobody scores."]
            return ["No guesses typed: press A to judge who was closest."]
        if game.s["sudden"]:
            names = ", ".join(self.who(t) for t in sorted(pts))
            return [names + (" wins the game!" if len(pts) == 1 else ": still tied, once more.")]
        judged = {t: k for t, k in game.s["judge"] or ()}
        guessed = dict(game.scoring_guesses())
        reasons = game.why()
        lines = []
        for team in sorted(pts, key=lambda t: -pts[t]):
            total, steps = reasons[team]
            reason, base = steps[0]  # how close the guess was; then a bonus, the doubling
            if team in judged:
                what = _KIND_TEXT[judged[team]]
            else:
                what = hub.number(guessed[team]) + ", " + reason
            line = "%s (%s): +%d" % (self.who(team), what, base)
            doubled = 1 if game.last_card() else 0  # the last step doubles it all
            for reason, p in steps[1 : len(steps) - doubled]:
                line += " +%d %s" % (p, reason)
            if doubled:
                line += ", " + steps[-1][0]
            lines.append(line + " = %d" % total)
        if len(pts) > 1:
            lines.insert(0, "A tie: every closest team scores.")
        return lines

    def ring(self, app, now, leds):
        if ticks.diff(now, self.since) < 1500:  # the door slides open
            ringfx.sweep(leds, now, self.since, (255, 200, 80))
        else:
            ringfx.progress(leds, self.game.s["played"], sw.CARDS)
