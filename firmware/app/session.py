"""The saved game: checked at boot, then offered at power-on (resume it, or the menu)."""

from app import catalog, layout
from app.gfx import W
from app.screen import Screen


def clean_session(saved):
    """Returns (session, ok): session None when there is none or it does not hold up."""
    if saved is None:
        return None, True
    if not isinstance(saved, dict):
        return None, False
    game = catalog.get(saved.get("game"))
    names = saved.get("names")
    state = saved.get("state")
    if game is None or not isinstance(names, list) or not game.least <= len(names) <= game.most:
        return None, False
    for n in names:
        if not isinstance(n, str) or not n:
            return None, False
    if state is not None and not isinstance(state, dict):
        return None, False
    return saved, True


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
