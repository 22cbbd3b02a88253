"""A Say When! card's guessing: the question for the Quizzer (Turn), each team's guess on
the number editor (Guess), every guess read back (Review), until the Answer Door opens
(app/saywhen_door.py)."""

from app import gamescreen, gfx, layout
from app import saywhen_board as board  # (one name: few globals, docs/memory.md)
from app import saywhen_game as sw
from app.buttons import is_press
from games import saywhen as rules


def pick(app, game):
    """The team the device types for next: in open guessing the next in order; in secret
    guessing the next without a phone first (the phones type their own), then the rest
    (a phone gone flat)."""
    team = game.next_guesser()
    if team is None or game.mode() == rules.OPEN:
        return team
    phoned = gamescreen.phones(app)
    done = [t for t, _ in game.s["guesses"]]
    for t in game.order():
        if t not in done and t not in phoned:
            return t
    return team


def open_door(app, game, now):
    game.open_door()
    app.tone("door")
    gamescreen.turn(app)  # (the game loaded afresh for its door: app/saywhen.py)


def sudden_death(app, game, now):
    """Sudden Death told over its first card: who is tied, and who has the Scanner."""
    from app.dialogs import Notice  # (dialogs: loaded when one is shown)

    s = game.s
    tied = " and ".join(game.names[t] for t in s["sudden"])
    text = " are tied. One more question, secret; only they guess. The Scanner passes to "
    app.push(Notice("Sudden Death", tied + text + game.names[s["quizzer"]] + "."), now)


class Turn(gamescreen.GameScreen):
    """The question, for the Quizzer to read aloud. Hold C or GO to open the Answer Door."""

    full_refresh = True
    long_presses = ("GO",)

    def event(self, app, ev, now):
        game = self.game
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            open_door(app, game, now)
        elif kind != "press":
            return
        elif game.mode() == "choice":
            if b in ("A", "C"):
                game.choose(rules.SECRET if b == "A" else rules.OPEN)
                app.save_session()
                app.redraw()
        elif b == "A":
            from app.saywhen_scores import Scores  # (imported when asked for)

            app.push(Scores(game), now)
        elif b in ("B", "GO"):
            app.replace(Guess(game, pick(app, game)), now)

    def tick(self, app, now):
        """The phones' guesses all in (app.net): on to the review."""
        if self.game.all_in():
            app.go_on()

    def draw(self, app, g):
        game = self.game
        card = game.card()
        s = game.s
        right = board.mode_text(game)
        if card[sw.UNIT]:
            right += " · " + card[sw.UNIT]
        top = g.bar(board.where(game) + " · Quizzer: " + self.who(s["quizzer"]), right)
        yield  # the frame in parts, the loop running between them (App.draw_first)
        locked = [t for t, _ in s["guesses"]]
        label = "Guesses"
        below = gfx.H - gfx.FOOTER - layout.SMALL
        if not (gamescreen.phones(app) or locked):
            draw_question(g, card[sw.QUESTION], top + 1)
        elif draw_question(g, card[sw.QUESTION], top + 1, below):  # who is in, under it
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
            draw_question(g, card[sw.QUESTION], top + 1)
            label = "%d of %d in" % (len(locked), len(game.order()))
        if game.mode() == "choice":
            g.labels("Secret", "", "Open")
        else:
            g.labels("Scores", label, "hold: Door")


def draw_question(g, text, top, below=0):
    """The question between `top` and the footer, in the first font that holds it; with
    `below` (a line of the phones' at that row), only if it fits above that row,
    returning whether it was drawn. A question that the deck holds in lines (line breaks
    where the spaces between them were: tools/fontmetrics.py, set_question) comes in the
    first font's lines, drawn without measuring a glyph (wrapping four lines took a sixth
    of drawing them, and a game's first frame is a question)."""
    set_lines = text.split("\n") if "\n" in text else None
    for font, most, pitch in layout.QUESTION_FONTS:  # noqa: B007 - the loop picks all three
        lines = set_lines or g.wrap(text, font, layout.TEXT_WIDTH)
        set_lines = None  # (the first font's lines: a later font wraps the words anew)
        if len(lines) <= most and (not below or top + pitch * len(lines) <= below):
            break
    else:
        if below:
            return False
    room = (below or gfx.H - gfx.FOOTER) - top
    y = top + max(0, (room - pitch * len(lines)) // 2)
    for line in lines[:most]:
        g.text(line, 4, y, font)
        y += pitch
    return True


class Guess(gamescreen.GameScreen):
    """One team's guess, typed on the number editor; OK on a blank number passes."""

    long_presses = ("B",)  # the decimal point

    def __init__(self, game, team):
        super().__init__(game)
        self.team_no = team
        start = game.previous_value() if game.mode() == rules.OPEN else None
        from app.numedit import NumberEditor  # (imported when typed on: phones type their own)

        self.ed = NumberEditor(start)

    def tick(self, app, now):
        """The team's phone guessed first: on to where the game stands."""
        for team, _ in self.game.s["guesses"]:
            if team == self.team_no:
                app.go_on()
                return

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
            team = pick(app, game)
            if team is None or team in gamescreen.phones(app):
                app.go_on()  # the review, or back to the question for the phones
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
        unit = game.card()[sw.UNIT]
        left = "Guess %d of %d: %s" % (
            order.index(self.team_no) + 1,
            len(order),
            self.who(self.team_no),
        )
        top = g.bar(left, board.mode_text(game) + (" · " + unit if unit else ""))
        y = top + 10
        self.draw_number(g, y)
        from app.numedit import SCALES

        words = SCALES[self.ed.scale]
        if unit:
            words = (words + " " + unit).strip()
        if self.ed.blank():
            words = "blank: this team passes"
        words_y = y + layout.TITLE + 12
        g.center(words, words_y, "body")
        hint = "hold A: delete · hold B: point · hold C: ×1000"
        g.center(hint, words_y + layout.BODY + 2, "small")
        g.labels("←", "→", "Pass" if self.ed.blank() else "OK")

    def draw_number(self, g, y):
        from app.numedit import SIGN

        ed = self.ed
        shown = ed.text() or "_"
        lead = "±" if ed.cursor == SIGN and not ed.negative else ""
        shown = lead + shown
        x = (gfx.W - g.width(shown, "title")) // 2
        digit = -1 - (1 if ed.negative or lead else 0)
        for i in range(len(shown)):
            ch = shown[i : i + 1]  # a slice: shown[i] would intern "±" as a name, for good
            w = g.width(ch, "title")
            if ch in "0123456789":
                digit += 1
            under = (ed.cursor == SIGN and ch in "-±") or (ch.isdigit() and digit == ed.cursor)
            g.text(ch, x, y, "title")
            if under and not ed.blank():
                g.fill_rect(x, y + layout.TITLE + 2, w, 3)  # under the digit
            x += w


class Review(gamescreen.GameScreen):
    """Every guess in: the Quizzer reads them back, then holds C or GO for the door."""

    long_presses = ("GO",)

    def event(self, app, ev, now):
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            open_door(app, self.game, now)
        elif kind == "long" and b == "A":
            self.game.s["guesses"] = []
            app.go_on()

    def draw(self, app, g):
        game = self.game
        top = g.bar(board.where(game) + " · every guess is in", board.mode_text(game))
        rows = game.s["guesses"]
        font, pitch = ("body", layout.BODY + 1) if len(rows) <= 4 else ("small", layout.SMALL)
        y = top + 3
        for team, value in rows:
            g.text(self.who(team), 8, y, font)
            g.right(board.number(value) if value is not None else "pass", gfx.W - 8, y, font)
            y += pitch
        g.labels("hold: Redo", "", "hold: Door")
