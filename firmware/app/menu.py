"""The main menu, each game's menu, settings, the resume offer and the rules summaries."""

from app import catalog
from app.core import Screen
from app.dialogs import Confirm, Notice
from app.gfx import FOOTER, H, W
from app.widgets import Item, ListMenu


def boot(app, notice=None, power_on=False):
    """The menu phase: the main menu; at power-on, the resume offer and any notice on top."""
    app.push(ListMenu("Party Scanner", main_items, back=False))
    if power_on and app.session is not None:
        app.push(ResumeOffer())
    if notice:
        app.push(Notice("Notice", notice))


def main_items(app):
    items = []
    game = catalog.get(app.session["game"]) if app.session else None
    if game is not None:
        items.append(Item("Resume " + game.title, play))
    for g in catalog.GAMES:
        items.append(Item(g.title, lambda app, now, g=g: app.push(game_menu(g), now)))
    items.append(Item("Settings", lambda app, now: app.push(settings_menu(), now)))
    items.append(Item("Self-test", self_test))
    return items


def self_test(app, now):
    from app.selftest import SelfTest

    app.push(SelfTest(), now)


def play(app, now):
    """Plays the saved session: a fresh game or one resumed after a power cut."""
    app.play()


def start_new(app, now, game, names):
    app.play(game.key, names)


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
        out.append(Item("Rules", lambda app, now: app.push(Rules(game), now)))
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
        start_new(app, now, game, app.session["names"])

    msg = "Start " + game.title + " again from zero, same " + game.unit.lower() + "?"
    app.push(Confirm("Restart?", msg, yes), now)


def abandon(app, now, game):
    def yes(app, now):
        app.end_session()
        app.home(now)

    app.push(Confirm("Abandon?", "End this " + game.title + " game? It cannot be resumed.", yes))


class ResumeOffer(Screen):
    """At power-on with an unfinished game: resume it (B or GO), or go to the menu (A)."""

    name = "resume"

    def event(self, app, ev, now):
        if ev[0] != "press":
            return
        if ev[1] in ("B", "GO"):
            play(app, now)
        elif ev[1] == "A":
            app.pop(now)

    def draw(self, app, g):
        game = catalog.get(app.session["game"])
        y = g.header("Unfinished game") + 6
        g.text(game.title if game else "?", 6, y, "large")
        y += 28
        names = game.unit + ": " + ", ".join(app.session["names"]) if game else ""
        for line in g.wrap(names, "small", W - 12)[:3]:
            g.text(line, 6, y, "small")
            y += 15
        g.labels("Menu", "Resume", "")


# -- settings -------------------------------------------------------------------------------
_VOLUMES = ("Low", "Mid", "High")
_SLEEP = (0, 5, 10, 20, 30, 60)


def _step(app, key, delta, lo, hi):
    app.set_setting(key, min(hi, max(lo, app.settings[key] + delta)))


def _toggle(key):
    return lambda app, delta, now: app.set_setting(key, not app.settings[key])


def _sleep_step(app, delta, now):
    cur = app.settings["sleep_min"]
    i = _SLEEP.index(cur) if cur in _SLEEP else 2
    app.set_setting("sleep_min", _SLEEP[min(len(_SLEEP) - 1, max(0, i + delta))])


def _on_off(key):
    return lambda app: "On" if app.settings[key] else "Off"


def timer_value(app):
    t = app.settings["sg_seconds"]
    return "%d:%02d" % (t // 60, t % 60)


def timer_step(app, delta, now):
    _step(app, "sg_seconds", 15 * delta, 30, 600)


def rounds_value(app):
    return str(app.settings["sg_rounds"])


def rounds_step(app, delta, now):
    _step(app, "sg_rounds", delta, 1, 6)


def settings_menu():
    def volume(app, delta, now):
        _step(app, "volume", delta, 1, 3)
        app.tone("tick")

    def brightness(app, delta, now):
        _step(app, "brightness", delta, 1, 5)

    def sleep_value(app):
        m = app.settings["sleep_min"]
        return "Never" if m == 0 else str(m) + " min"

    def items(app):
        out = []
        if app.parts.get("buzzer"):
            out.append(Item("Sound", value=_on_off("sound"), adjust=_toggle("sound")))
            out.append(
                Item(
                    "Volume",
                    value=lambda app: _VOLUMES[app.settings["volume"] - 1],
                    adjust=volume,
                )
            )
        if app.parts.get("ring"):
            out.append(
                Item(
                    "Ring brightness",
                    value=lambda app: str(app.settings["brightness"]) + "/5",
                    adjust=brightness,
                )
            )
        out.append(Item("Upside down", value=_on_off("rotate"), adjust=_toggle("rotate")))
        out.append(Item("Sleep after", value=sleep_value, adjust=_sleep_step))
        out.append(
            Item("Stay Cool questions", value=_on_off("sc_cards"), adjust=_toggle("sc_cards"))
        )
        out.append(Item("Scattergories timer", value=timer_value, adjust=timer_step))
        out.append(Item("Scattergories rounds", value=rounds_value, adjust=rounds_step))
        return out

    return ListMenu("Settings", items)


class Rules(Screen):
    """A one-screen summary of a game's rules."""

    name = "rules"

    def __init__(self, game):
        self.game = game

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] in ("A", "B", "GO"):
            app.pop(now)

    def draw(self, app, g):
        from app.rulesum import SUMMARY

        y = g.header("Rules: " + self.game.title) + 2
        for line in g.wrap(SUMMARY[self.game.key], "small", W - 8):
            if y + 14 > H - FOOTER:
                break
            g.text(line, 4, y, "small")
            y += 14
        g.labels("Back", "", "")

    def state(self):
        return {"game": self.game.key}
