"""The main menu, each game's menu, its rules in one screen, and the offer to resume an
unfinished game at power-on (the settings and the players' setup are modules of their
own, imported when they show)."""

from app import catalog, layout
from app.dialogs import Confirm, Notice
from app.gfx import FOOTER, H, W
from app.screen import Screen
from app.widgets import Item, ListMenu


def boot(app, notice=None, power_on=False):
    """The menu phase: the main menu; at power-on, the resume offer and any notice on top."""
    if power_on and app.session is not None and finished(app.session):
        app.end_session()  # the power went on the winners' screen: nothing is unfinished
    app.push(ListMenu("Party Scanner", main_items, back=False))
    if power_on and app.session is not None:
        app.push(ResumeOffer())
    if notice:
        app.push(Notice("Notice", notice))


def finished(session):
    """Whether a saved game was played to its end (its winners were on the screen): Say
    When! has a winner, Stay Cool is over, Scattergories won."""
    state = session.get("state")
    if not isinstance(state, dict):
        return False
    if session.get("game") == "saywhen":
        return state.get("winner") is not None
    return state.get("phase") in ("over", "won")


def phones_joined(app, now):
    """Which teams have a phone, one freed by the Quizzer (net.teams, loaded for its use:
    net.phones lets it go)."""
    from net.teams import Phones

    app.push(Phones(app.net), now)


def main_items(app):
    items = []
    game = catalog.get(app.session["game"]) if app.session else None
    if game is not None:
        items.append(Item("Resume " + game.title, play))
    for g in catalog.GAMES:
        items.append(Item(g.title, lambda app, now, g=g: app.push(game_menu(g), now)))
    if getattr(app, "net", None) is not None:  # a board with Wi-Fi: the join screen's QR codes
        items.append(Item("Join with phones", lambda app, now: app.net.show(app, now)))
        if app.session is not None:  # which teams have a phone: the Quizzer frees one
            items.append(Item("Phones joined", phones_joined))
    items.append(Item("Settings", settings))
    items.append(Item("Self-test", self_test))
    return items


def self_test(app, now):
    from app.selftest import SelfTest

    app.push(SelfTest(), now)


def play(app, now):
    """Plays the saved session: a fresh game or one resumed after a power cut."""
    app.play()


def game_menu(game):
    def items(app):
        mine = app.session is not None and app.session["game"] == game.key
        out = []
        if mine:
            out.append(Item("Continue", play))
        out.append(Item("New game", lambda app, now: new_game(app, now, game)))
        if mine:
            out.append(Item("Restart", lambda app, now: restart(app, now, game)))
            out.append(Item("Abandon", lambda app, now: abandon(app, now, game)))
        out.append(Item("Rules", lambda app, now: rules(app, now, game)))
        return out

    return ListMenu(game.title, items)


def new_game(app, now, game):
    from app.players import Setup

    if app.session is None:
        app.push(Setup(game), now)
        return
    other = catalog.get(app.session["game"])
    title = other.title if other else "the saved game"

    def yes(app, now):
        app.end_session()
        app.push(Setup(game), now)

    app.push(Confirm("New game?", "This ends the unfinished " + title + " game.", yes), now)


def restart(app, now, game):
    def yes(app, now):
        app.play(game.key, app.session["names"])

    msg = "Start " + game.title + " again from zero, same " + game.unit.lower() + "?"
    app.push(Confirm("Restart?", msg, yes), now)


def abandon(app, now, game):
    def yes(app, now):
        app.end_session()
        app.home(now)

    app.push(Confirm("Abandon?", "End this " + game.title + " game? It cannot be resumed.", yes))


def settings(app, now):
    from app.settings import menu

    app.push(menu(), now)


def rules(app, now, game):
    app.push(Rules(game), now)


class ResumeOffer(Screen):
    """At power-on with an unfinished game: resume it (B or GO), or go to the menu (A)."""

    name = "resume"

    def event(self, app, ev, now):
        if ev[0] != "press":
            return
        if ev[1] in ("B", "GO"):
            app.play()
        elif ev[1] == "A":
            app.pop(now)

    def draw(self, app, g):
        game = catalog.get(app.session["game"])
        y = g.header("Unfinished game") + 6
        g.text(game.title if game else "?", 6, y, "large")
        y += layout.LARGE + 3
        names = game.unit + ": " + ", ".join(app.session["names"]) if game else ""
        for line in g.wrap(names, "small", W - 12)[:3]:
            g.text(line, 6, y, "small")
            y += layout.SMALL
        g.labels("Menu", "Resume", "")


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

    def __init__(self, about):
        self.about = about  # the game's entry in the catalog

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] in ("A", "B", "GO"):
            app.pop(now)

    def draw(self, app, g):
        y = g.header("Rules: " + self.about.title) + 2
        for line in g.wrap(SUMMARY[self.about.key], "small", W - 8):
            if y + layout.SMALL - 1 > H - FOOTER:
                break
            g.text(line, 4, y, "small")
            y += layout.SMALL - 1
        g.labels("Back", "", "")
