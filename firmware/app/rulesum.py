"""One-screen rules summaries and their screen, imported only when a summary is shown."""

from app import layout
from app.gfx import FOOTER, H, W
from app.screen import Screen

SUMMARY = {
    "saywhen": "The Quizzer reads a number question. Teams guess, from the Quizzer's left; "
    "open if the Quizzer's team trails, secret if it leads. Closest scores: 4 exact, "
    "2 in range, else 1. Ties all score; in open guessing the first to guess gets +1. "
    "First to 10 wins; card 20 scores double.",
    "staycool": "Interrogators fire written (spell with dice) and verbal questions at the "
    "active player for four 30-second glasses. Score = written value x verbal value. Round 2: "
    "say Timer! before the sand runs out. Round 3: the timer is hidden. One skip a turn.",
    "scattergories": "Roll a letter, then 3 minutes to write one answer per category, each "
    "starting with that letter (A, An, The don't count). Answers that match another "
    "player's score 0. Challenges go to a vote. Most points after 3 rounds wins.",
}


class Rules(Screen):
    """A one-screen summary of a game's rules."""

    name = "rules"

    def __init__(self, game):
        self.game = game

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] in ("A", "B", "GO"):
            app.pop(now)

    def draw(self, app, g):
        y = g.header("Rules: " + self.game.title) + 2
        for line in g.wrap(SUMMARY[self.game.key], "small", W - 8):
            if y + layout.SMALL - 1 > H - FOOTER:
                break
            g.text(line, 4, y, "small")
            y += layout.SMALL - 1
        g.labels("Back", "", "")
