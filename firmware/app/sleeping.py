"""Idle sleep's screen, shown once the table has left the device alone for the sleep time
(App._quiet). A module of its own, loaded only then, and let go with the dialogs
(phases.Phases.part): the dialogs a game shows mid-game need not carry it."""

from app.screen import Screen


class Sleeping(Screen):
    """Idle sleep: the ring is off and the board sleeps; a press wakes it to the screen
    it left (the press itself is used up in waking)."""

    name = "sleeping"
    full_refresh = True

    def event(self, app, ev, now):
        if ev[0] in ("press", "long", "repeat", "chord"):
            app.pop(now)

    def draw(self, app, g):
        g.center("Sleeping", 26, "title")
        g.center("press any button", 72, "body")
