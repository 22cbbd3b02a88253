"""Say When!, quick judging at the Answer Door: the closest team(s) marked by hand, each
exact, in range or outside (when no guesses were typed, or to overrule them). A part of
its own (play.PARTS), loaded only for it: back to the door when it is done.
"""

from app import layout, screen
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.gfx import FOOTER, H, W
from app.saywhen import game as sw
from app.saywhen import play as hub

# How each verdict reads. door.py has the same: one shared would load this part at the
# door, and the same name in both costs no name more.
_KIND_TEXT = {"exact": "exact", "range": "in range", "outside": "outside the range"}


class Judge(GameScreen):
    """Quick judging: mark the closest team(s), each exact, in range or outside."""

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
            app.replace(screen.part(hub.PARTS, "app.saywhen.door", "Door", self.game), now)
            return
        elif b in ("C", "GO"):
            kinds = set(self.verdict.values())
            if "exact" in kinds and len(kinds) > 1:
                self.warning = "An exact guess is closer than any other."
                app.tone("refused")
            else:
                verdicts = [[t, self.verdict[t]] for t in self.teams if t in self.verdict]
                self.game.set_judge(verdicts)
                hub.go_on(app, self.game, now)
                return
        app.redraw()

    def draw(self, app, g):
        top = g.bar("Who was closest?", hub.where(self.game))
        y = top + 2
        font = "body" if len(self.teams) <= 4 else "small"
        pitch = layout.BODY if font == "body" else layout.SMALL
        first = max(0, min(self.sel - 2, len(self.teams) - 5))
        for i, team in enumerate(self.teams):
            if i < first or y > H - FOOTER - pitch:
                continue
            chosen = i == self.sel
            if chosen:
                g.fill_rect(0, y - 1, W, pitch)
            g.text(self.who(team), 6, y, font, chosen)
            verdict = self.verdict.get(team)
            g.right(_KIND_TEXT[verdict] if verdict else "-", W - 6, y, font, chosen)
            y += pitch
        if self.warning:
            g.text(self.warning, 6, H - FOOTER - layout.SMALL, "small")
        g.labels("Cancel", "Change", "Done")
