"""Say When! on the device: the Scanner's screens, facing the Quizzer.

Each card: the question (and who is Quizzer, secret or open), the guesses typed team by
team in guessing order (or none, for quick judging), the Answer Door opened with a long
press, the points with the reason for each, then the Scanner passes left. The answer is
never on screen before the door opens. The state is game.s, saved after every step.
"""

import ticks
from app import ringfx
from app.core import Screen
from app.deck import DeckError
from app.dialogs import Confirm, Notice, is_press
from app.gfx import FOOTER, H, W
from app.layout import QUESTION_FONTS, TEXT_WIDTH
from app.numedit import SCALES, SIGN, NumberEditor
from app.saywhen_game import (
    ANSWER,
    AS_OF,
    CARDS,
    DECK,
    HIGH,
    JUDGE_KINDS,
    LOW,
    QUESTION,
    UNIT,
    SayWhen,
    new_state,
)
from games import saywhen as rules

_KIND_TEXT = {"exact": "exact", "range": "in range", "outside": "outside the range"}
_BASE_TEXT = {4: "exact", 2: "in range", 1: "closest"}


def start(app, now):
    s = app.session
    try:
        deck = app.open_deck(DECK)
        if s.get("state") is None:
            s["state"] = new_state(app, deck, len(s["names"]))
            app.save_session()
        game = SayWhen(app, deck, s["state"])
        game.check()
    except DeckError as e:
        return Notice("Say When!", "Cannot play: " + str(e) + ". Re-flash the device.")
    except (ValueError, KeyError, TypeError, IndexError):
        app.end_session()
        return Notice("Say When!", "The saved game was damaged and has been cleared.")
    return view(game)


def view(game):
    """The screen for where the game stands: what a resumed game shows first."""
    s = game.s
    if s["winner"] is not None:
        return Win(game)
    if s["door"]:
        return Door(game)
    if s["guesses"] and game.next_guesser() is None:
        return Review(game)
    return Turn(game)


def go_on(app, game, now):
    app.save_session()
    app.replace(view(game), now)


def number(text):
    """A decimal string with thousands separated: "5500000000" -> "5,500,000,000"."""
    sign = "-" if text.startswith("-") else ""
    whole, dot, frac = text.lstrip("-").partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return sign + ",".join([whole] + groups) + dot + frac


def mode_text(game):
    m = game.mode()
    return "SECRET" if m == rules.SECRET else "OPEN" if m == rules.OPEN else "tied: you choose"


def where(game):
    s = game.s
    if s["sudden"]:
        return "Sudden Death"
    return "Card %d/%d" % (s["played"] + 1, CARDS)


class GameScreen(Screen):
    name = "saywhen"

    def __init__(self, game):
        self.game = game
        self.since = 0

    def enter(self, app, now):
        self.since = now

    def team(self, i):
        return self.game.app.session["names"][i]

    def ring(self, app, now, leds):
        ringfx.progress(leds, self.game.s["played"], CARDS)

    def state(self):
        g = self.game
        return {
            "view": self.view,
            "card": g.s["played"] + 1,
            # For tests: which question (never on screen); none once the game is won.
            "deck_index": None if g.s["winner"] is not None else g.card_index(),
            "quizzer": g.s["quizzer"],
            "mode": g.mode(),
            "scores": g.s["scores"],
            "sudden": g.s["sudden"],
            "winner": g.s["winner"],
        }


class Turn(GameScreen):
    """The question, for the Quizzer to read aloud. Hold C or GO to open the Answer Door."""

    view = "question"
    full_refresh = True

    def event(self, app, ev, now):
        game = self.game
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            game.open_door()
            app.tone("door")
            go_on(app, game, now)
        elif kind != "press":
            return
        elif game.mode() == "choice":
            if b in ("A", "C"):
                game.choose(rules.SECRET if b == "A" else rules.OPEN)
                app.save_session()
                app.redraw()
        elif b == "A":
            app.push(Scores(game), now)
        elif b in ("B", "GO") and game.next_guesser() is not None:
            app.replace(Guess(game), now)

    def draw(self, app, g):
        game = self.game
        card = game.card()
        s = game.s
        right = mode_text(game)
        if card[UNIT]:
            right += " · " + card[UNIT]
        top = g.bar(where(game) + " · Quizzer: " + self.team(s["quizzer"]), right)
        draw_question(g, card[QUESTION], top + 1)
        if game.mode() == "choice":
            g.labels("Secret", "", "Open")
        else:
            g.labels("Scores", "Guesses", "hold: Door")


def draw_question(g, text, top):
    for font, most, pitch in QUESTION_FONTS:  # noqa: B007 - the loop picks all three
        lines = g.wrap(text, font, TEXT_WIDTH)
        if len(lines) <= most:
            break
    room = H - FOOTER - top
    y = top + max(0, (room - pitch * len(lines)) // 2)
    for line in lines[:most]:
        g.text(line, 4, y, font)
        y += pitch


class Guess(GameScreen):
    """One team's guess, typed on the number editor; OK on a blank number passes."""

    view = "guess"

    def __init__(self, game):
        super().__init__(game)
        self.team_no = game.next_guesser()
        start = game.previous_value() if game.mode() == rules.OPEN else None
        self.ed = NumberEditor(start)

    def event(self, app, ev, now):
        kind, b = ev
        ed = self.ed
        if is_press(ev, "UP"):
            ed.up()
        elif is_press(ev, "DOWN"):
            ed.down()
        elif kind == "long":
            {"A": ed.delete, "B": ed.toggle_point, "C": ed.next_scale}.get(b, _nothing)()
        elif kind != "press":
            return
        elif b == "A":
            ed.left()
        elif b == "B":
            ed.right()
        elif b in ("C", "GO"):
            self.game.guess(self.team_no, ed.value())
            if self.game.next_guesser() is None:
                go_on(app, self.game, now)  # every guess is in: the review
            else:
                app.save_session()
                app.replace(Guess(self.game), now)
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
            self.team(self.team_no),
        )
        top = g.bar(left, mode_text(game) + (" · " + unit if unit else ""))
        self.draw_number(g, top + 10)
        words = SCALES[self.ed.scale]
        if unit:
            words = (words + " " + unit).strip()
        if self.ed.blank():
            words = "blank: this team passes"
        g.center(words, top + 58, "body")
        g.center("hold A: delete · hold B: point · hold C: ×1000", top + 79, "small")
        g.labels("←", "→", "Pass" if self.ed.blank() else "OK")

    def draw_number(self, g, y):
        ed = self.ed
        shown = ed.text() or "_"
        lead = "±" if ed.cursor == SIGN and not ed.negative else ""
        shown = lead + shown
        x = (W - g.width(shown, "title")) // 2
        digit = -1 - (1 if ed.negative or lead else 0)
        for ch in shown:
            w = g.width(ch, "title")
            if ch in "0123456789":
                digit += 1
            under = (ed.cursor == SIGN and ch in "-±") or (ch.isdigit() and digit == ed.cursor)
            g.text(ch, x, y, "title")
            if under and not ed.blank():
                g.fill_rect(x, y + 38, w, 3)
            x += w

    def state(self):
        out = super().state()
        out["team"] = self.team_no
        out["entry"] = self.ed.value()
        return out


def _nothing():
    pass


class Review(GameScreen):
    """Every guess in: the Quizzer reads them back, then holds C or GO for the door."""

    view = "review"

    def event(self, app, ev, now):
        kind, b = ev
        if kind == "long" and b in ("C", "GO"):
            self.game.open_door()
            app.tone("door")
            go_on(app, self.game, now)
        elif kind == "long" and b == "A":
            self.game.s["guesses"] = []
            go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        top = g.bar(where(game) + " · every guess is in", mode_text(game))
        rows = game.s["guesses"]
        font, pitch = ("body", 20) if len(rows) <= 4 else ("small", 15)
        y = top + 3
        for team, value in rows:
            g.text(self.team(team), 8, y, font)
            g.right(number(value) if value is not None else "pass", W - 8, y, font)
            y += pitch
        g.labels("hold: Redo", "", "hold: Door")


class Door(GameScreen):
    """The Answer Door is open: the answer, its range, and who scores and why."""

    view = "door"
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
            app.replace(view(game), now)
            if isinstance(outcome, list):
                names = " and ".join(self.team(t) for t in outcome)
                app.push(
                    Notice(
                        "Sudden Death",
                        names + " are tied. One more question, secret;"
                        " only they guess. The Scanner passes to "
                        + self.team(game.s["quizzer"])
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
        top = g.bar(where(game) + " · the answer", right)
        x = g.text(number(card[ANSWER]), 6, top + 2, "title")
        tail = card[UNIT] + (" (as of %s)" % card[AS_OF] if card[AS_OF] else "")
        g.text(tail, x + 6, top + 16, "body")
        g.text("range %s to %s" % (number(card[LOW]), number(card[HIGH])), 6, top + 40, "small")
        y = top + 57
        for line in self.why()[:3]:
            g.text(g.fit(line, "small", W - 12), 6, y, "small")
            y += 14
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
            names = ", ".join(self.team(t) for t in sorted(pts))
            return [names + (" wins the game!" if len(pts) == 1 else ": still tied, once more.")]
        first = game.first_guesser(pts) if len(pts) > 1 and game.mode() == rules.OPEN else None
        judged = {t: k for t, k in game.s["judge"] or ()}
        guessed = dict(game.scoring_guesses())
        lines = []
        for team in sorted(pts, key=lambda t: -pts[t]):
            p = pts[team] // 2 if game.last_card() else pts[team]
            bonus = 1 if team == first else 0
            if team in judged:
                what = _KIND_TEXT[judged[team]]
            else:
                what = number(guessed[team]) + ", " + _BASE_TEXT[p - bonus]
            line = "%s (%s): +%d" % (self.team(team), what, p - bonus)
            if bonus:
                line += " +1 first to guess"
            if game.last_card():
                line += ", doubled"
            lines.append(line + " = %d" % pts[team])
        if len(pts) > 1:
            lines.insert(0, "A tie: every closest team scores.")
        return lines

    def ring(self, app, now, leds):
        if ticks.diff(now, self.since) < 1500:  # the door slides open
            ringfx.sweep(leds, now, self.since, (255, 200, 80))
        else:
            ringfx.progress(leds, self.game.s["played"], CARDS)


class Judge(GameScreen):
    """Quick judging: mark the closest team(s), each exact, in range or outside."""

    view = "judge"

    def __init__(self, game):
        super().__init__(game)
        self.teams = game.order()
        self.verdict = {t: k for t, k in game.s["judge"] or ()}
        self.sel = 0
        self.problem = ""

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
            i = JUDGE_KINDS.index(self.verdict[team]) + 1 if team in self.verdict else 0
            if i < len(JUDGE_KINDS):
                self.verdict[team] = JUDGE_KINDS[i]
            else:
                del self.verdict[team]
        elif b == "A":
            app.replace(Door(self.game), now)
            return
        elif b in ("C", "GO"):
            kinds = set(self.verdict.values())
            if "exact" in kinds and len(kinds) > 1:
                self.problem = "An exact guess is closer than any other."
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
        pitch = 19 if len(self.teams) <= 4 else 15
        font = "body" if pitch == 19 else "small"
        first = max(0, min(self.sel - 2, len(self.teams) - 5))
        for i, team in enumerate(self.teams):
            if i < first or y > H - FOOTER - pitch:
                continue
            chosen = i == self.sel
            if chosen:
                g.fill_rect(0, y - 1, W, pitch)
            g.text(self.team(team), 6, y, font, chosen)
            verdict = self.verdict.get(team)
            g.right(_KIND_TEXT[verdict] if verdict else "-", W - 6, y, font, chosen)
            y += pitch
        if self.problem:
            g.text(self.problem, 6, H - FOOTER - 15, "small")
        g.labels("Cancel", "Change", "Done")


class Scores(GameScreen):
    """The scoreboard; C takes back the last scoring."""

    view = "scores"

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b in ("A", "B", "GO"):
            app.pop(now)
        elif b == "C" and self.game.can_undo():

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
        pitch = 21 if n <= 4 else 30
        colw = W // cols
        for i in range(n):
            x = (i // ((n + cols - 1) // cols)) * colw
            y = top + 4 + (i % ((n + cols - 1) // cols)) * pitch
            mark = "▶ " if i == s["quizzer"] and s["winner"] is None else ""
            g.text(g.fit(mark + self.team(i), "body", colw - 50), x + 6, y, "body")
            g.right(str(s["scores"][i]), x + colw - 8, y - 2, "bold")
        g.labels("Back", "", "Undo" if game.can_undo() else "")


class Win(GameScreen):
    """The winner, a rainbow on the ring; A menu, B play again, C undo the last scoring."""

    view = "won"
    full_refresh = True

    def event(self, app, ev, now):
        kind, b = ev
        if kind != "press":
            return
        if b == "A":
            app.finish()
        elif b == "B":
            app.again()
        elif b == "C" and self.game.can_undo():
            self.game.undo()
            go_on(app, self.game, now)

    def draw(self, app, g):
        game = self.game
        top = g.bar("Say When!", "game over")
        g.center(self.team(game.s["winner"]) + " wins!", top + 8, "title")
        order = sorted(range(game.n()), key=lambda t: -game.s["scores"][t])
        line = "   ".join("%s %d" % (self.team(t), game.s["scores"][t]) for t in order)
        for i, part in enumerate(g.wrap(line, "body", W - 12)[:2]):
            g.center(part, top + 54 + 20 * i, "body")
        g.labels("Menu", "Again", "Undo" if game.can_undo() else "")

    def ring(self, app, now, leds):
        ringfx.rainbow(leds, now, self.since)
