"""Say When!, asking: the question for the Quizzer to read, and the guesses read back
before the Answer Door opens. Each team's guess, on the number editor, is the other part
of the asking (guess.py): the two are never loaded at once.
"""

from app import layout, screen
from app.gamescreen import GameScreen
from app.gfx import FOOTER, H, W
from app.saywhen import play as hub
from app.saywhen.game import QUESTION, UNIT
from games import saywhen as rules


class Turn(GameScreen):
    """The question, for the Quizzer to read aloud. Hold C or GO to open the Answer Door."""

    full_refresh = True

    def event(self, app, ev, now):
        game = self.game
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            game.open_door()
            app.tone("door")
            hub.go_on(app, game, now)
        elif kind != "press":
            return
        elif game.mode() == "choice":
            if b in ("A", "C"):
                game.choose(rules.SECRET if b == "A" else rules.OPEN)
                app.save_session()
                app.redraw()
        elif b == "A":  # the scoreboard; under it, this screen waits as a stand-in
            app.replace(screen.part(hub.PARTS, "app.saywhen.ask", "Turn", game), now)
            app.push(screen.part(hub.PARTS, "app.saywhen.scores", "Scores", game), now)
        elif b in ("B", "GO") and game.s["guesses"] and game.next_guesser() is None:
            hub.go_on(app, game, now)  # the phones' guesses came in under a dialog
        elif b in ("B", "GO") and game.next_guesser() is not None:
            guesser = hub.pick(app, game)
            app.replace(screen.part(hub.PARTS, "app.saywhen.guess", "Guess", game, guesser), now)

    def draw(self, app, g):
        game = self.game
        card = game.card()
        s = game.s
        right = hub.mode_text(game)
        if card[UNIT]:
            right += " · " + card[UNIT]
        top = g.bar(hub.where(game) + " · Quizzer: " + self.who(s["quizzer"]), right)
        locked = [t for t, _ in s["guesses"]]
        label = "Guesses"
        below = H - FOOTER - layout.SMALL
        if not (hub.phones(app) or locked):
            draw_question(g, card[QUESTION], top + 1)
        elif draw_question(g, card[QUESTION], top + 1, below):  # who is in, under it
            done = ", ".join(self.who(t) for t in locked)
            waiting = ", ".join(self.who(t) for t in game.order() if t not in locked)
            if not waiting:
                line = "Every guess is in: " + done
            elif done:
                line = "In: %s · waiting: %s" % (done, waiting)
            else:
                line = "Waiting for " + waiting
            g.text(g.fit(line, "small", layout.TEXT_WIDTH), 4, below, "small")
        else:  # no room for the names under the question: how many, in the label
            draw_question(g, card[QUESTION], top + 1)
            label = "%d of %d in" % (len(locked), len(game.order()))
        if game.mode() == "choice":
            g.labels("Secret", "", "Open")
        else:
            g.labels("Scores", label, "hold: Door")


def draw_question(g, text, top, below=0):
    """The question between `top` and the footer, in the first font that holds it; with
    `below` (a line of the phones' at that row), only if it fits above that row,
    returning whether it was drawn."""
    for font, most, pitch in layout.QUESTION_FONTS:  # noqa: B007 - the loop picks all three
        lines = g.wrap(text, font, layout.TEXT_WIDTH)
        if len(lines) <= most and (not below or top + pitch * len(lines) <= below):
            break
    else:
        if below:
            return False
    room = (below or H - FOOTER) - top
    y = top + max(0, (room - pitch * len(lines)) // 2)
    for line in lines[:most]:
        g.text(line, 4, y, font)
        y += pitch
    return True


class Review(GameScreen):
    """Every guess in: the Quizzer reads them back, then holds C or GO for the door."""

    def event(self, app, ev, now):
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            self.game.open_door()
            app.tone("door")
            hub.go_on(app, self.game, now)
        elif kind == "long" and b == "A":
            self.game.s["guesses"] = []
            hub.go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        top = g.bar(hub.where(game) + " · every guess is in", hub.mode_text(game))
        rows = game.s["guesses"]
        font, pitch = ("body", layout.BODY + 1) if len(rows) <= 4 else ("small", layout.SMALL)
        y = top + 3
        for team, value in rows:
            g.text(self.who(team), 8, y, font)
            g.right(hub.number(value) if value is not None else "pass", W - 8, y, font)
            y += pitch
        g.labels("hold: Redo", "", "hold: Door")
