"""Say When! on the device: the Scanner's screens, facing the Quizzer.

Each card: the question, who is Quizzer, secret or open (Turn); the guesses typed team by
team in guessing order on the number editor (Guess; or none, for quick judging), read
back (Review); the Answer Door opened with a long press, the points with the reason for
each (Door; quick judging of who was closest: Judge), then the Scanner passes left. The
answer is never on screen before the door opens. The state is the model's
(app/saywhen_game.py), saved after every step.
"""

from micropython import const

import ticks
from app import gamescreen, gfx, layout, numedit
from app import saywhen_game as sw
from app.buttons import is_press
from games import saywhen as rules

# The winners' screen (app/winners.py, Win): the title 8 px under the bar (1 px under each
# line), the scores 9 px under it in body type, one space between them.
_WON = const((8, 1, 9, "body", " ", " and "))
_DOOR_LINES = const(4)  # why lines the Answer Door has room for, its answer's unit beside it
# How each verdict of quick judging reads, at the door and while judging.
# Each of the model's JUDGE_KINDS, as the screens say it. Few globals: a module's table of
# names is one block of the heap, 752 bytes past 37 names, that a game's start must find.
_KIND_TEXT = const(("exact", "in range", "outside the range"))


def start(app, now):
    return gamescreen.start(app, "Say When!", now, sw.SayWhen, sw.DECK, first)


def first(app, game, now):
    return view(game)


def view(game):
    """The screen for where the game stands: what a resumed game shows first."""
    s = game.s
    if s["winner"] is not None:
        from app.winners import Win  # (imported when a game is won)

        undo = "Undo" if game.can_undo() else ""
        return Win(game, ("Say When!", "game over"), _WON, "", undo, won)
    if s["door"]:
        return Door(game)
    if game.all_in():
        return Review(game)
    return Turn(game)


def won(app, game, now):
    """C on the winners' screen: the last scoring taken back (the card comes back)."""
    game.undo()
    go_on(app, game, now)


def go_on(app, game, now):
    """Saves, then shows where the game stands."""
    app.save_session()
    app.replace(view(game), now)


def number(text):
    """A decimal string with thousands separated: "5500000000" -> "5,500,000,000". A number
    of four digits or fewer keeps none, so a year reads as one: "1969", not "1,969"."""
    sign = "-" if text.startswith("-") else ""
    whole, dot, frac = text.lstrip("-").partition(".")
    groups = []
    while len(whole) > 3 and (groups or len(whole) > 4):
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return sign + ",".join([whole] + groups) + dot + frac


def mode_text(game):
    m = game.mode()
    return "SECRET" if m == rules.SECRET else "OPEN" if m == rules.OPEN else "tied: you choose"


def where(game):
    s = game.s
    if s["winner"] is not None:
        return "Game over"  # (no card comes next)
    if s["sudden"]:
        return "Sudden Death"
    return "Card %d/%d" % (s["played"] + 1, sw.CARDS)


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
    go_on(app, game, now)


# -- asking -------------------------------------------------------------------------------


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
            app.push(Scores(game), now)
        elif b in ("B", "GO"):
            app.replace(Guess(game, pick(app, game)), now)

    def tick(self, app, now):
        """The phones' guesses all in (app.net): on to the review."""
        if self.game.all_in():
            go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        card = game.card()
        s = game.s
        right = mode_text(game)
        if card[sw.UNIT]:
            right += " · " + card[sw.UNIT]
        top = g.bar(where(game) + " · Quizzer: " + self.who(s["quizzer"]), right)
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
    returning whether it was drawn."""
    for font, most, pitch in layout.QUESTION_FONTS:  # noqa: B007 - the loop picks all three
        lines = g.wrap(text, font, layout.TEXT_WIDTH)
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
        self.ed = numedit.NumberEditor(start)

    def tick(self, app, now):
        """The team's phone guessed first: on to where the game stands."""
        for team, _ in self.game.s["guesses"]:
            if team == self.team_no:
                go_on(app, self.game, now)
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
                go_on(app, game, now)  # the review, or back to the question for the phones
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
        top = g.bar(left, mode_text(game) + (" · " + unit if unit else ""))
        y = top + 10
        self.draw_number(g, y)
        words = numedit.SCALES[self.ed.scale]
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
        ed = self.ed
        shown = ed.text() or "_"
        lead = "±" if ed.cursor == numedit.SIGN and not ed.negative else ""
        shown = lead + shown
        x = (gfx.W - g.width(shown, "title")) // 2
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


class Review(gamescreen.GameScreen):
    """Every guess in: the Quizzer reads them back, then holds C or GO for the door."""

    long_presses = ("GO",)

    def event(self, app, ev, now):
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            open_door(app, self.game, now)
        elif kind == "long" and b == "A":
            self.game.s["guesses"] = []
            go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        top = g.bar(where(game) + " · every guess is in", mode_text(game))
        rows = game.s["guesses"]
        font, pitch = ("body", layout.BODY + 1) if len(rows) <= 4 else ("small", layout.SMALL)
        y = top + 3
        for team, value in rows:
            g.text(self.who(team), 8, y, font)
            g.right(number(value) if value is not None else "pass", gfx.W - 8, y, font)
            y += pitch
        g.labels("hold: Redo", "", "hold: Door")


# -- the Answer Door ----------------------------------------------------------------------


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
            app.save_session()
            if isinstance(outcome, int):
                app.tone("win")
            elif outcome is not None:
                app.tone("tie")
            elif self.points:
                app.tone("score")
            app.replace(view(game), now)  # the next card, or the winner
            if isinstance(outcome, list):
                from app.dialogs import Notice  # (dialogs: loaded when one is shown)

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
        elif b == "C":
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
                go_on(app, self.game, now)
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


class Scores(gamescreen.GameScreen):
    """The scoreboard, over the question or the door; C takes back the last scoring."""

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b in ("A", "B", "GO"):
            app.pop(now)
        elif b == "C" and self.game.can_undo():
            from app.dialogs import Confirm

            def yes(app, now):
                self.game.undo()
                app.pop(now)
                go_on(app, self.game, now)

            app.push(Confirm("Undo?", "Take back the last scoring? That card comes back.", yes))

    def draw(self, app, g):
        game = self.game
        s = game.s
        top = g.bar("Scores · first to 10", where(game))
        n = game.n()
        cols = 1 if n <= 4 else 2
        pitch = layout.BODY + (2 if n <= 4 else 11)  # two columns: fewer rows, more air
        colw = gfx.W // cols
        for i in range(n):
            x = (i // ((n + cols - 1) // cols)) * colw
            y = top + 4 + (i % ((n + cols - 1) // cols)) * pitch
            mark = "▶ " if i == s["quizzer"] and s["winner"] is None else ""
            g.text(g.fit(mark + self.who(i), "body", colw - 50), x + 6, y, "body")
            g.right(str(s["scores"][i]), x + colw - 8, y - 2, "bold")
        g.labels("Back", "", "Undo" if game.can_undo() else "")
