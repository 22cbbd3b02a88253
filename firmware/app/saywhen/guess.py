"""Say When!, a team's guess typed on the number editor (app/numedit.py), one team after
another; then back to the question (ask.py), or on to the guesses read back. A part of
its own: the editor is loaded only while a guess is typed, never under the scoreboard.
"""

from app import layout, numedit
from app.buttons import is_press
from app.gamescreen import GameScreen
from app.gfx import W
from app.saywhen import play as hub
from app.saywhen.game import UNIT
from games import saywhen as rules


class Guess(GameScreen):
    """One team's guess, typed on the number editor; OK on a blank number passes."""

    def __init__(self, game, team):
        super().__init__(game)
        self.team_no = team
        start = game.previous_value() if game.mode() == rules.OPEN else None
        self.ed = numedit.NumberEditor(start)

    def event(self, app, ev, now):
        kind, b = ev
        ed = self.ed
        if is_press(ev, "UP"):
            ed.up()
        elif is_press(ev, "DOWN"):
            ed.down()
        elif kind == "long":
            act = {"A": ed.delete, "B": ed.toggle_point, "C": ed.next_scale}.get(b)
            if act:
                act()
        elif kind != "press":
            return
        elif b == "A":
            ed.left()
        elif b == "B":
            ed.right()
        elif b in ("C", "GO"):
            game = self.game
            game.guess(self.team_no, ed.value())
            team = hub.pick(app, game)
            if team is None or team in hub.phones(app):
                hub.go_on(app, game, now)  # the review, or back to the question for the phones
            else:
                app.save_session()
                app.replace(Guess(game, team), now)
            return
        else:
            return
        app.redraw()

    def draw(self, app, g):
        game = self.game
        order = game.order()
        unit = game.card()[UNIT]
        left = "Guess %d of %d: %s" % (
            order.index(self.team_no) + 1,
            len(order),
            self.who(self.team_no),
        )
        top = g.bar(left, hub.mode_text(game) + (" · " + unit if unit else ""))
        number = top + 10
        self.draw_number(g, number)
        words = numedit.SCALES[self.ed.scale]
        if unit:
            words = (words + " " + unit).strip()
        if self.ed.blank():
            words = "blank: this team passes"
        words_y = number + layout.TITLE + 12
        g.center(words, words_y, "body")
        hint = "hold A: delete · hold B: point · hold C: ×1000"
        g.center(hint, words_y + layout.BODY + 2, "small")
        g.labels("←", "→", "Pass" if self.ed.blank() else "OK")

    def draw_number(self, g, y):
        ed = self.ed
        shown = ed.text() or "_"
        lead = "±" if ed.cursor == numedit.SIGN and not ed.negative else ""
        shown = lead + shown
        x = (W - g.width(shown, "title")) // 2
        digit = -1 - (1 if ed.negative or lead else 0)
        for i in range(len(shown)):
            ch = shown[i : i + 1]  # a slice: shown[i] would intern "±" as a name, for good
            w = g.width(ch, "title")
            if ch in "0123456789":
                digit += 1
            under = (ed.cursor == numedit.SIGN and ch in "-±") or (
                ch.isdigit() and digit == ed.cursor
            )
            g.text(ch, x, y, "title")
            if under and not ed.blank():
                g.fill_rect(x, y + layout.TITLE + 2, w, 3)  # under the digit
            x += w
