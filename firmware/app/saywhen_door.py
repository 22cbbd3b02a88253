"""A Say When! card's Answer Door: the answer, its range, who scores and why (Door); the
Quizzer's quick judging of who was closest (Judge)."""

from micropython import const

import ticks
from app import gamescreen, gfx, layout
from app import saywhen_game as sw
from app.buttons import is_press
from app.saywhen_board import number, where

_DOOR_LINES = const(4)  # why lines the Answer Door has room for, its answer's unit beside it
# How each of the model's JUDGE_KINDS reads, at the door and while judging.
_KIND_TEXT = const(("exact", "in range", "outside the range"))


class Door(gamescreen.GameScreen):
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
            app.replace(Judge(game), now)
        elif b in ("B", "GO"):
            outcome = game.apply()
            if isinstance(outcome, int):
                app.tone("win")
            elif outcome is not None:
                app.tone("tie")
            elif self.points:
                app.tone("score")
            # The next card, the winner, or Sudden Death (told over its card): the game
            # goes on from its save, loaded afresh (app/saywhen.py).
            gamescreen.turn(app, isinstance(outcome, list))
        elif b == "C":
            from app.saywhen_scores import Scores  # (imported when asked for)

            app.push(Scores(game), now)

    def draw(self, app, g):
        game = self.game
        card = game.card()
        right = "Sudden Death" if game.s["sudden"] else "double points" if game.last_card() else ""
        lines = self.why()
        if len(lines) > _DOOR_LINES:  # a tie of four: its first line goes to the bar
            lines = lines[1:]
            right = "a tie · " + right if right else "a tie: each scores"
        top = g.bar(where(game) + " · the answer", right)
        y = self.draw_answer(g, card, top + 2, len(lines) > 3)
        # (small type's last rows are blank)
        rows = (gfx.H - gfx.FOOTER - y + 2) // (layout.SMALL - 1)
        if len(lines) > rows:  # no room for every line: the rest by their points alone
            rest = ", ".join(
                lines[k].split(" (")[0] + " +" + lines[k].rsplit(" ", 1)[1]
                for k in range(rows - 1, len(lines))
            )
            lines = lines[: rows - 1] + [rest]
        for line in lines:
            g.text(g.fit(line, "small", gfx.W - 12), 6, y, "small")
            y += layout.SMALL - 1
        g.labels("Judge", "Next", "Scores")

    def draw_answer(self, g, card, answer, tie):
        """The answer at `answer` (a row), its unit and its range: beside it for a tie of
        three or four (`tie`), where they fit there, so that its lines have a row more.
        Returns the row under them. (Apart from draw: one long function is one large block
        of bytecode to find in the heap when the game's module loads.)"""
        x = g.text(number(card[sw.ANSWER]), 6, answer, "title")
        unit, year = card[sw.UNIT], card[sw.AS_OF]
        span = "range %s to %s" % (number(card[sw.LOW]), number(card[sw.HIGH]))
        room = gfx.W - 6 - x - 6
        if year:  # beside the unit if it fits there, else after the range
            dated = "%s (as of %s)" % (unit, year)
            if g.width(dated, "body") <= room:
                unit = dated
            else:
                span += ", as of " + year
        if tie and g.width(span, "small") <= room:
            g.text(g.fit(unit, "body", room), x + 6, answer, "body")
            g.text(span, x + 6, answer + layout.BODY + 1, "small")
            return answer + layout.TITLE + 2
        g.text(unit, x + 6, answer + layout.TITLE - layout.BODY - 3, "body")  # on its line
        if g.width(span, "small") > gfx.W - 12:
            span = span[6:]  # a long range: the numbers, without the word
        g.text(span, 6, answer + layout.TITLE + 2, "small")
        return answer + layout.TITLE + layout.SMALL + 4

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
                what = _KIND_TEXT[sw.JUDGE_KINDS.index(judged[team])]
            else:
                what = number(guessed[team]) + ", " + reason
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
            gamescreen.sweep(leds, now, self.since, (255, 200, 80))
        else:
            gamescreen.progress(leds, self.game.s["played"], sw.CARDS)


class Judge(gamescreen.GameScreen):
    """Quick judging at the Answer Door: the closest team(s) marked by hand, each exact, in
    range or outside (when no guesses were typed, or to overrule them); back to the door
    when it is done."""

    def __init__(self, game):
        super().__init__(game)
        self.teams = game.order()
        self.verdict = {t: k for t, k in game.s["judge"] or ()}
        self.sel = 0
        self.warning = ""

    def event(self, app, ev, now):
        kind, b = ev
        n = len(self.teams)
        if is_press(ev, "UP"):
            self.sel = (self.sel - 1) % n
        elif is_press(ev, "DOWN"):
            self.sel = (self.sel + 1) % n
        elif kind != "press":
            return
        elif b == "B":
            team = self.teams[self.sel]
            i = sw.JUDGE_KINDS.index(self.verdict[team]) + 1 if team in self.verdict else 0
            if i < len(sw.JUDGE_KINDS):
                self.verdict[team] = sw.JUDGE_KINDS[i]
            else:
                del self.verdict[team]
        elif b == "A":
            app.replace(Door(self.game), now)
            return
        elif b in ("C", "GO"):
            kinds = set(self.verdict.values())
            if "exact" in kinds and len(kinds) > 1:
                self.warning = "An exact guess is closer than any other."
                app.tone("refused")
            else:
                verdicts = [[t, self.verdict[t]] for t in self.teams if t in self.verdict]
                self.game.set_judge(verdicts)
                app.go_on()
                return
        app.redraw()

    def draw(self, app, g):
        top = g.bar("Who was closest?", where(self.game))
        y = top + 2
        font = "body" if len(self.teams) <= 4 else "small"
        pitch = layout.BODY if font == "body" else layout.SMALL
        first = max(0, min(self.sel - 2, len(self.teams) - 5))
        for i, team in enumerate(self.teams):
            if i < first or y > gfx.H - gfx.FOOTER - pitch:
                continue
            chosen = i == self.sel
            if chosen:
                g.fill_rect(0, y - 1, gfx.W, pitch)
            g.text(self.who(team), 6, y, font, chosen)
            verdict = self.verdict.get(team)
            said = _KIND_TEXT[sw.JUDGE_KINDS.index(verdict)] if verdict else "-"
            g.right(said, gfx.W - 6, y, font, chosen)
            y += pitch
        if self.warning:
            g.text(self.warning, 6, gfx.H - gfx.FOOTER - layout.SMALL, "small")
        g.labels("Cancel", "Change", "Done")
