"""Stands in for a game whose controller has not landed yet: shows who is playing."""

from app import catalog
from app.core import Screen
from app.gfx import W


class Placeholder(Screen):
    name = "game"
    full_refresh = True

    def __init__(self, game):
        self.game = game

    def event(self, app, ev, now):
        if ev[0] == "press" and ev[1] == "A":
            app.home(now)

    def draw(self, app, g):
        y = g.header(self.game.title) + 4
        g.text("This game is on its way.", 6, y, "body")
        y += 22
        names = ", ".join(app.session["names"])
        for line in g.wrap(self.game.unit + ": " + names, "small", W - 12)[:3]:
            g.text(line, 6, y, "small")
            y += 15
        g.labels("Menu", "", "")

    def state(self):
        return {"game": self.game.key}


def start(app, now):
    game = catalog.get(app.session["game"])
    if app.session.get("state") is None:
        app.session["state"] = {}
        app.save_session()
    return Placeholder(game)
